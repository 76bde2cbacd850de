import ShortcutRuntime

extension ViewNode {
    /// The view tree as JSON (SPEC §10): properties, children, every modifier,
    /// and each button's action number (`actionNumber` of the snippet showing it).
    func json(actionNumber: (ViewPosition) -> Int?, at position: ViewPosition = 0) -> JSON {
        var pairs: [(String, JSON)] = [("view", .string(name))]
        let number = actionNumber(position)
        for (name, value) in properties {
            if name == "intent", let number { pairs.append(("action", .integer(number))); continue }
            pairs.append((name, ViewNode.json(of: value)))
        }
        if properties.first(where: { $0.name == "intent" }) == nil, let number { pairs.append(("action", .integer(number))) }
        for modifier in modifiers {
            // `.bold()` is `true`, `.font(.title)` its one value, anything more an object by parameter (SPEC §13).
            let args = modifier.arguments
            switch args.count {
            case 0: pairs.append((modifier.name, .bool(true)))
            case 1 where args[0].label == nil: pairs.append((modifier.name, ViewNode.json(of: args[0].value)))
            default: pairs.append((modifier.name, .object(args.map { ($0.parameter, ViewNode.json(of: $0.value)) })))
            }
        }
        if !children.isEmpty {
            pairs.append(("children", .array(positionedChildren(at: position).map { $0.node.json(actionNumber: actionNumber, at: $0.position) })))
        }
        return .object(pairs)
    }

    /// A property's or a modifier argument's value: a view in it (`Section(header: Text("Head"))`,
    /// `.overlay { … }`) is its whole tree; anything else as SPEC §10 writes values.
    static func json(of value: Value) -> JSON {
        switch value {
        case .view(let v): return v.json(actionNumber: { _ in nil })
        case .array(let items) where items.contains(where: { if case .view = $0 { return true }; return false }):
            return .array(items.map(json(of:)))
        default: return value.json
        }
    }
}
