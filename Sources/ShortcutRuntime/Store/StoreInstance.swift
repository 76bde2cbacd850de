import ShortcutSyntax

/// The one instance of a `store` declaration.
public final class StoreInstance {
    public let type: RecordType
    @exclusivity(unchecked) public var fields: [Value]
    /// Each field's type: as declared, else its default value's (`var count = 0` is an Int).
    let checks: [ScriptType]

    init(type: RecordType, fields: [Value], checks: [ScriptType]) {
        self.type = type
        self.fields = fields
        self.checks = checks
    }
}
