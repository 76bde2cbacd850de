import ShortcutSyntax

/// A value made outside the language that answers its own members: a test's
/// snippet session (`open(X())`) is one. The core reads and calls members
/// through this protocol and never knows the concrete type, so a room can add
/// such values without a case of `Value` of its own.
public protocol NativeObject: AnyObject {
    /// The type's name, for messages (`SnippetSession`).
    var typeName: String { get }
    /// How it prints.
    var description: String { get }
    /// `object.name`.
    func member(_ name: String, site: SourceRange) throws(ScriptError) -> Value
    /// `object.name(arguments)`.
    func call(_ name: String, _ arguments: Arguments, site: SourceRange) throws(ScriptError) -> Value
}
