import ShortcutSyntax

/// Builds view values (SPEC §7). Rendering is the presenters' business; here
/// a view is data: its kind, arguments, children and every modifier.
extension Interpreter {
    func makeView(_ kind: String, _ args: Arguments, _ labels: [String?], content: Value?, _ site: SourceRange) throws(ScriptError) -> Value {
        var properties: [(name: String, value: Value)] = []
        for (i, (label, value)) in zip(labels, args).enumerated() {
            properties.append((label ?? (i == 0 ? firstArgumentName(kind) : "_\(i)"), value))
        }
        var children: [ViewNode] = []
        if let content {
            if kind == "ForEach" {
                guard let data = properties.first?.value else { throw ScriptError.runtime("ForEach needs a collection", at: site) }
                var items: [Value] = []
                try iterate(data, site) { (v: Value) throws(ScriptError) -> Bool in items.append(v); return true }
                for item in items { children.append(contentsOf: try viewChildren(try call(content, Arguments(item), site: site))) }
                properties.removeFirst()
            } else {
                children = try viewChildren(try call(content, [], site: site))
            }
        }
        return .view(ViewNode(kind: kind, properties: properties, children: children))
    }

    func firstArgumentName(_ kind: String) -> String {
        switch kind {
        case "Text": return "text"
        case "Label", "Button", "Toggle": return "title"
        case "ForEach": return "data"
        default: return "_0"
        }
    }

    func viewChildren(_ value: Value) throws(ScriptError) -> [ViewNode] {
        switch value {
        case .array(let items): return items.compactMap { if case .view(let v) = $0 { return v }; return nil }
        case .view(let v): return [v]
        default: return []
        }
    }
}

extension ViewNode {
    /// A `view` declaration's body: one child stands alone; several are grouped.
    static func wrap(_ value: Value, as name: String) -> ViewNode {
        if case .array(let items) = value {
            let views = items.compactMap { item -> ViewNode? in if case .view(let v) = item { return v }; return nil }
            if views.count == 1 { return views[0] }
            return ViewNode(kind: "Group", properties: [], children: views)
        }
        if case .view(let v) = value { return v }
        return ViewNode(kind: "Group")
    }
}
