import ShortcutSyntax

/// Builds view values (SPEC §7). Rendering is the presenters' business; here
/// a view is data: its kind, arguments, children and every modifier.
extension Interpreter {
    /// A view of `count` arguments taken from `operands` (registers), written with `labels`.
    func makeView(_ kind: ViewKind, name: String, _ operands: UnsafeMutablePointer<Value>, _ count: Int, _ labels: [String?],
                  content: Value?, _ site: SourceRange) throws(ScriptError) -> Value {
        var properties: [(name: String, value: Value)] = []
        let given = min(count, labels.count)
        properties.reserveCapacity(given)
        for i in 0..<given {
            // `Text(verbatim: s)` is its text, as `Text(s)`'s.
            let name = labels[i] == "verbatim" && kind == .text ? "text" : labels[i] ?? (i == 0 ? kind.firstArgumentName : "_\(i)")
            properties.append((name, Interpreter.read(operands + i, consuming: true)))
        }
        // `Text(x, format: .number)`, `Text(date, style: .date)`: the text is formatted when the view is made.
        if kind == .text, properties.count == 2, let label = labels.last ?? nil, let value = properties.first?.value,
           let text = try Formatting.text(value, label: label, properties[1].value, site: site) {
            properties = [("text", .string(text))]
        }
        var children: [ViewNode] = []
        if let content {
            if kind == .forEach {
                guard let data = properties.first?.value else { throw ScriptError.runtime(.badArgument(function: "ForEach", needs: "a collection"), at: site) }
                if case .array(let items) = data { children.reserveCapacity(items.count) }
                try iterate(data, site) { (item: Value) throws(ScriptError) -> Bool in
                    appendViews(of: try call(content, with: item, site: site), to: &children)
                    return true
                }
                properties.removeFirst()
            } else {
                children = viewChildren(try call(content, [], site: site))
            }
        }
        return .view(ViewNode(kind: kind, name: name, properties: properties, children: children, site: site))
    }

    /// `.font(.title)`, `.padding()`: the same view with one more modifier.
    func modify(_ view: Value, _ call: ModifierCall, _ args: Arguments, _ site: SourceRange) throws(ScriptError) -> Value {
        guard case .view(let node) = view else {
            throw ScriptError.runtime(.noModifier(view: view.typeName, name: call.name), at: site)
        }
        var arguments: [(label: String?, parameter: String, value: Value)] = []
        for (i, value) in args.enumerated() {
            arguments.append((label: i < call.labels.count ? call.labels[i] : nil, parameter: i < call.parameters.count ? call.parameters[i] : "_\(i)", value: value))
        }
        return .view(node.modified(by: ViewModifier(name: call.name, arguments: arguments)))
    }

    func viewChildren(_ value: Value) -> [ViewNode] {
        var views: [ViewNode] = []
        appendViews(of: value, to: &views)
        return views
    }

    /// The views a builder's result holds, appended in order.
    func appendViews(of value: Value, to views: inout [ViewNode]) {
        switch value {
        case .array(let items):
            for case .view(let v) in items { views.append(v) }
        case .view(let v):
            views.append(v)
        default:
            break
        }
    }
}

extension ViewNode {
    /// A `view` declaration's body: one child stands alone; several are grouped.
    static func wrap(_ value: Value, as name: String) -> ViewNode {
        if case .array(let items) = value {
            let views = items.compactMap { item -> ViewNode? in if case .view(let v) = item { return v }; return nil }
            if views.count == 1 { return views[0] }
            return ViewNode(kind: .group, properties: [], children: views)
        }
        if case .view(let v) = value { return v }
        return ViewNode(kind: .group)
    }
}
