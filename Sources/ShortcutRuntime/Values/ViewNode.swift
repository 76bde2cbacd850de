import ShortcutSyntax

/// A view value: a node of the view tree with every modifier kept (SPEC §7).
public final class ViewNode {
    public let kind: String
    /// Arguments in source order (`spacing: 12`, `systemName: "plus"`).
    public var properties: [(name: String, value: Value)]
    public var children: [ViewNode]
    public var modifiers: [(name: String, arguments: [(label: String?, value: Value)])]
    /// Set on buttons and toggles when a snippet is shown: the number a person taps.
    public internal(set) var actionIndex: Int?

    init(kind: String, properties: [(name: String, value: Value)] = [], children: [ViewNode] = [],
         modifiers: [(name: String, arguments: [(label: String?, value: Value)])] = []) {
        self.kind = kind
        self.properties = properties
        self.children = children
        self.modifiers = modifiers
    }

    public func property(_ name: String) -> Value? { properties.first { $0.name == name }?.value }

    /// A toggle's state (`isOn:`); false for anything else.
    public var isOn: Bool {
        if case .bool(let on)? = property("isOn") { return on }
        return false
    }
}
