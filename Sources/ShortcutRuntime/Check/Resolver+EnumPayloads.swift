import ShortcutSyntax

/// Enum cases with associated values (`case circle(radius: Double)`): made with their values,
/// taken apart by patterns (`case .circle(let r)`, `if case .num(let v) = token`).
extension Resolver {
    /// `.circle(radius: 2)`, `Shape.circle(radius: 2)`: the arguments checked against the case's
    /// associated values, by count, label and type.
    func typedEnumConstruction(_ c: EnumCase, _ args: [Argument], range: SourceRange) -> Typed {
        let c = specializedCase(c, args, at: range)   // `Tree.leaf(5)`: a case of a `Tree<Int>`
        let types = c.payloadTypes ?? []
        let callee = c.type.name + "." + c.name
        guard args.count == types.count else {
            error(.wrongArgumentCount(callee: callee, expected: types.count, got: args.count), at: range)
            for a in args { _ = expr(a.value) }
            return Typed(.constant(.null), .enumeration(c.type))
        }
        var nodes: [Node] = []
        for (i, a) in args.enumerated() {
            let label = ScriptType.label(c.payloadLabels, i)
            if a.label != label {
                error(.wrongArgumentLabel(callee: callee, expected: label.map { "'\($0):'" } ?? "no label",
                                          got: a.label.map { "'\($0):'" } ?? "no label"), at: a.labelRange ?? a.value.range)
            }
            nodes.append(typedArgument(a.value, types[i]))
        }
        return Typed(.makeEnumCase(c, nodes), .enumeration(c.type))
    }

    /// The case with associated values that a bare `.circle` or `Shape.circle` names, for the subject's type.
    func payloadCase(named e: Expr, _ subject: ScriptType) -> EnumCase? {
        guard case .enumeration(let type) = subject else { return nil }
        let name: String
        switch e.kind {
        case .implicitMember(let n): name = n
        case .member(let base, let n, _):
            guard case .identifier(let typeName) = base.kind, typeName == type.name else { return nil }
            name = n
        default: return nil
        }
        guard let c = type.lookup(name), c.payloadTypes != nil else { return nil }
        return c
    }

    /// `.circle(let r)`, `Shape.square(side: 2)`, `.pair(let a, _)`: the case, then a pattern per associated value
    /// (one pattern for several values matches them as a tuple, as Swift allows).
    func enumCasePattern(type typeName: String?, name: String, _ arguments: [(label: String?, pattern: CasePattern)],
                         _ subject: ScriptType, range: SourceRange) -> PatternCode {
        // `catch Failure.code(let c)`: an error that is that enum's case.
        if case .error = subject, let typeName, case .enumeration(let e, _, _)? = globals[typeName] {
            return .cast(enumCasePattern(type: typeName, name: name, arguments, .enumeration(e), range: range), .enumeration(e))
        }
        // `catch .frozen` where the body may throw any error (not one type throughout, `caughtType`): Swift's error.
        if case .error = subject, typeName == nil {
            error(.unknownMember(name, type: "any Error", suggestion: nil, ofValue: false), at: range)
            return .enumCase(index: -1, arguments.map { casePattern($0.pattern, .any) }, tupled: false)
        }
        guard case .enumeration(let e) = subject, typeName == nil || typeName == e.name else {
            if !subject.isUnknown {
                error(.patternMismatch(pattern: typeName.map { "\($0).\(name)" } ?? "." + name, subject: subject.description), at: range)
            }
            return .enumCase(index: -1, arguments.map { casePattern($0.pattern, .any) }, tupled: false)
        }
        guard let c = e.lookup(name) else {
            error(.unknownMember(name, type: e.name, suggestion: closestMatch(to: name, in: e.cases.map(\.name))), at: range)
            return .enumCase(index: -1, arguments.map { casePattern($0.pattern, .any) }, tupled: false)
        }
        let types = c.payloadTypes ?? []
        if arguments.count == 1, types.count > 1 {
            return .enumCase(index: c.index, [casePattern(arguments[0].pattern, .tuple(types, labels: c.payloadLabels))], tupled: true)
        }
        guard arguments.count == types.count else {
            error(.payloadPatternMismatch(case: c.name, values: types.count), at: range)
            return .enumCase(index: c.index, arguments.map { casePattern($0.pattern, .any) }, tupled: false)
        }
        return .enumCase(index: c.index, zip(arguments, types).map { casePattern($0.pattern, $1) }, tupled: false)
    }
}
