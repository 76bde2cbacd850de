import ShortcutSyntax

/// The one instance of a `store` declaration.
public final class StoreInstance {
    public let type: RecordType
    @exclusivity(unchecked) public var fields: [Value]
    init(type: RecordType, fields: [Value]) {
        self.type = type
        self.fields = fields
    }
}
