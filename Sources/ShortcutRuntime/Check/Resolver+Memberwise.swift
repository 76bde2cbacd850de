import ShortcutSyntax

/// The memberwise initialiser: `Point(x: 1, y: 2)` sets the fields in their order, each left out taking its default (or
/// nil); a wrapped property (`PropertyWrappers`) is given by its own name, `Volume(level: 3)` of `@Clamped(0, 10) var
/// level` setting the storage `_level` to `Clamped(wrappedValue: 3, 0, 10)`, as Swift's does.
extension Resolver {
    /// `Type(label: value, …)` by the memberwise initialiser of a struct without an `init` of its own.
    func memberwiseConstruction(_ r: RecordType, name: String, _ args: [Argument], range: SourceRange) -> Node {
        let fields = r.fields.filter { !$0.isConstant || !$0.hasDefault }
        var nodes = [Node?](repeating: nil, count: r.fields.count)
        var latest: Int?
        let wrapped = wrappedFields(of: r)
        // An argument no property takes (`P(x: 1, y: 2)`, `P(y: 2)`, `P(1)`): reported as swiftc reports a call of the
        // initialiser — the memberwise one's parameters are the properties, in order, each with a value optional.
        let takes = { (a: Argument) in a.label.map { wrapped[$0] != nil || r.fieldIndex[$0].map { !(r.fields[$0].isConstant && r.fields[$0].hasDefault) } ?? false } ?? false }
        if !args.allSatisfy(takes) {
            let names = Dictionary(wrapped.map { ($0.value.field, $0.key) }, uniquingKeysWith: { a, _ in a })
            let settable = r.fields.indices.filter { !r.fields[$0].isConstant || !r.fields[$0].hasDefault }
            let parameters = settable.map { (label: Optional(names[$0] ?? r.fields[$0].name), hasDefault: hasImplicitValue(r, $0)) }
            if matchPositional(args, parameters: parameters, callee: name, range: range, types: settable.map { r.fields[$0].type ?? .any }) == nil {
                return .construct(r, nodes, range)
            }
        }
        for a in args {
            // `Volume(level: 3)` of `@Clamped(0, 10) var level`: its storage `_level`, the value wrapped.
            if let label = a.label, let (i, use) = wrapped[label] {
                latest = max(latest ?? i, i)
                nodes[i] = typedArgument(use.made(wrapping: a.value, at: a.value.range), r.fields[i].type)
                continue
            }
            guard let label = a.label, let i = r.fieldIndex[label], !(r.fields[i].isConstant && r.fields[i].hasDefault) else {
                error(.unknownArgument(label: a.label ?? "_", callee: name, kind: "property", known: fields.map(\.name),
                                       suggestion: a.label.flatMap { closestMatch(to: $0, in: fields.map(\.name)) }), at: a.labelRange ?? a.value.range)
                _ = expr(a.value)
                continue
            }
            // Swift's memberwise initialiser takes its arguments in the properties' order.
            if let latest, i < latest {
                error(.argumentOrder(label, mustPrecede: r.fields[latest].name), at: a.labelRange ?? a.value.range)
            } else if nodes[i] != nil {
                error(.extraArgument(label), at: a.value.range)   // `T(v: 1, v: 2)`: one more than the properties, to swiftc
            }
            latest = max(latest ?? i, i)
            nodes[i] = typedArgument(a.value, r.fields[i].type)
        }
        let missing = r.fields.enumerated().filter { i, _ in nodes[i] == nil && !hasImplicitValue(r, i) }.map { i, f in "'\(wrapped.first { $0.value.field == i }?.key ?? f.name)'" }
        if !missing.isEmpty { error(.missingArguments(missing), at: missingArgumentsSite(args, range, count: missing.count)) }
        return .construct(r, nodes, range)
    }

    /// A field that may be left out of a memberwise initialiser: it has a default or is optional.
    func hasImplicitValue(_ r: RecordType, _ i: Int) -> Bool {
        let f = r.fields[i]
        if f.hasDefault { return true }
        if case .optional? = f.type { return true }
        return false
    }

    /// The units with their wrapped properties lowered (`PropertyWrappers`), by the wrappers they declare and those
    /// declared before (a REPL's earlier inputs); an attribute that names none reported.
    func loweringWrappers(_ units: [SourceUnit]) -> [SourceUnit] {
        var declared: [String: TypeDecl] = [:]
        for case .record(_, let decl, _) in globals.values { declared[decl.name] = decl }
        let (lowered, diagnostics) = PropertyWrappers.lowered(units, known: declared)
        report(diagnostics)
        return lowered
    }

    /// Each wrapped property's name, with its storage's field and the wrapper written.
    func wrappedFields(of r: RecordType) -> [String: (field: Int, use: PropertyWrapperUse)] {
        guard case .record(_, let decl, _)? = globals[r.root.name] else { return [:] }
        var found: [String: (field: Int, use: PropertyWrapperUse)] = [:]
        for case .variable(let v) in decl.members.properties.map(\.kind) {
            if let use = v.wrapper, let wrapped = use.wrapped, let i = r.fieldIndex[v.name] { found[wrapped.name] = (i, use) }
        }
        return found
    }

}
