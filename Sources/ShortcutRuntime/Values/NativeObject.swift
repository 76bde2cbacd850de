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

/// A `weak var`'s storage (`__weakReference`, `StandardTypes.weakSource`): an instance of a class held without keeping it
/// alive, so it reads nil once the instance's last other reference has gone, as Swift's does (a store's one instance
/// lives as long as the program). Any other value is held as it is.
final class WeakReference: NativeObject {
    private weak var instance: StoreInstance?
    private weak var record: Record?
    private let other: Value

    init(_ value: Value) {
        switch value {
        case .store(let s): (instance, other) = (s, .null)
        case .record(let r) where r.type.isReference: (record, other) = (r, .null)
        default: other = value
        }
    }

    /// The instance while something else keeps it, else nil; or the other value held.
    var value: Value { instance.map(Value.store) ?? record.map(Value.record) ?? other }
    var typeName: String { "weak reference" }
    var description: String { value.description }
    func member(_ name: String, site: SourceRange) throws(ScriptError) -> Value {
        throw ScriptError.runtime(.noMember(type: typeName, name: name, known: []), at: site)
    }
    func call(_ name: String, _ arguments: Arguments, site: SourceRange) throws(ScriptError) -> Value {
        throw ScriptError.runtime(.noMember(type: typeName, name: name, known: []), at: site)
    }
}
