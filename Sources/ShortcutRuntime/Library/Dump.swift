import ShortcutSyntax

/// Swift's `dump(_:)`: the value as a tree, a line a part — `▿` before a part with parts of its own, `-` before one
/// without, each part's name before its value (`- x: 3`), two spaces deeper a level — and the value given back. What a
/// value holds is read from it; whether it is optional (`▿ name: Optional("d")` over `- some: "d"`) from its field's
/// declared type, and for the value dumped, from the type the checker gave it.
extension Interpreter {
    /// Writes `dump(value)`'s lines to the host as they are made: `optional`, `isSet` and `elementsOptional` say what the
    /// value's static type is. A deep value's tree is long (each line indented by its depth), so the clock and the
    /// interruption are looked at as the lines go, as a loop's turns look at them.
    func dump(_ value: Value, optional: Bool, isSet: Bool, elementsOptional: Bool, site: SourceRange) throws(ScriptError) {
        var written = 0
        var dumper = Dumper { [self] (line: String) throws(ScriptError) in
            written += 1
            if written % Limits.timeoutCheckInterval == 0 { try checkDeadline(site) }
            host.print(line)
        }
        try dumper.dump(value, name: nil, optional: optional, isSet: isSet, elementsOptional: elementsOptional, indent: 0)
    }
}

/// Writes `dump`'s lines; a class instance is numbered in the order first met (`main.Node #0`), as Swift numbers them.
struct Dumper {
    let emit: (String) throws(ScriptError) -> Void
    var instances: [ObjectIdentifier: Int] = [:]

    mutating func dump(_ value: Value, name: String?, optional: Bool = false, isSet: Bool = false, elementsOptional: Bool = false,
                       indent: Int) throws(ScriptError) {
        func line(_ summary: String, parts: Bool) throws(ScriptError) { try write(summary, parts: parts, name: name, indent: indent) }
        if optional, !value.isNull {
            try line("Optional(\(value.debugDescription))", parts: true)
            return try dump(value, name: "some", indent: indent + 2)
        }
        switch value {
        case .cell(let c):
            try dump(c.value, name: name, optional: optional, isSet: isSet, elementsOptional: elementsOptional, indent: indent)
        case .array(let items):
            try line(Dumper.count(items.count, isSet ? ("member", "members") : ("element", "elements")), parts: !items.isEmpty)
            for item in items { try dump(item, name: nil, optional: elementsOptional, indent: indent + 2) }
        case .dictionary(let d):
            try line(Dumper.count(d.keys.count, ("key/value pair", "key/value pairs")), parts: d.keys.count > 0)
            for (k, v) in zip(d.keys, d.values) {
                try dump(.tuple(TupleStorage([k, v], labels: ["key", "value"])), name: nil, indent: indent + 2)
            }
        case .tuple(let t):
            try line("(" + Dumper.count(t.elements.count, ("element", "elements")) + ")", parts: !t.elements.isEmpty)
            for (i, element) in t.elements.enumerated() { try dump(element, name: t.labels[i] ?? ".\(i)", indent: indent + 2) }
        case .record(let r):
            try fields(r.type, r.fields, summary: r.type.qualifiedName, name: name, indent: indent)
        case .store(let s) where s.type.kind == .class:
            let id = ObjectIdentifier(s)
            if let seen = instances[id] { return try line(s.type.modulePath + " #\(seen)", parts: false) }
            instances[id] = instances.count
            try fields(s.type, s.fields, summary: s.type.modulePath + " #\(instances[id] ?? 0)", name: name, indent: indent)
        case .enumCase(let c):
            let summary = c.type.modulePath + "." + c.name
            let payload = c.payload
            guard !payload.isEmpty else { return try line(summary, parts: false) }
            try line(summary, parts: true)
            // One unlabelled associated value is the case's part; labelled ones or several, a tuple of them.
            if payload.count == 1, ScriptType.label(c.payloadLabels, 0) == nil { return try dump(payload[0], name: c.name, indent: indent + 2) }
            let labels = payload.indices.map { ScriptType.label(c.payloadLabels, $0) }
            try dump(.tuple(TupleStorage(payload, labels: labels)), name: c.name, indent: indent + 2)
        default:
            try line(value.debugDescription, parts: false)
        }
    }

    /// A struct's or a class instance's fields, each a part, optional as its declared type says.
    private mutating func fields(_ type: RecordType, _ values: [Value], summary: String, name: String?, indent: Int) throws(ScriptError) {
        try write(summary, parts: !values.isEmpty, name: name, indent: indent)
        for (i, field) in type.fields.enumerated() where i < values.count {
            let shown = Value.shownField(field.name, values[i])   // a `weak var` as its property
            try dump(shown.value, name: shown.name, optional: shown.isWeak || field.type?.isOptional ?? false, indent: indent + 2)
        }
    }

    /// One line: `▿ name: summary` over parts, `- name: summary` else.
    private func write(_ summary: String, parts: Bool, name: String?, indent: Int) throws(ScriptError) {
        try emit(String(repeating: " ", count: indent) + (parts ? "▿ " : "- ") + (name.map { "\($0): " } ?? "") + summary)
    }

    /// `1 element`, `2 elements`.
    static func count(_ n: Int, _ words: (one: String, many: String)) -> String { "\(n) \(n == 1 ? words.one : words.many)" }
}
