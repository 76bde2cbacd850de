import ShortcutSyntax

/// Enum cases with associated values (`case circle(radius: Double)`): made with their values,
/// taken apart by patterns (`case .circle(let r)`, `if case .num(let v) = token`).
extension Resolver {
    /// `.circle(radius: 2)`, `Shape.circle(radius: 2)`: the arguments checked against the case's
    /// associated values, by count, label and type.
    /// `bareName`: the case's name in `.num` where a `Token` is wanted, with no call (its values are missing).
    /// `written`: named with its type (`Either.left(1)`), with no context that gives the use.
    func typedEnumConstruction(_ c: EnumCase, _ args: [Argument], bareName: SourceRange? = nil, written: Bool = false, range: SourceRange) -> Typed {
        let c = specializedCase(c, args, reportingUninferred: written, at: range)   // `Tree.leaf(5)`: a case of a `Tree<Int>`
        let types = c.payloadTypes ?? []
        let parameters = types.indices.map { (label: ScriptType.label(c.payloadLabels, $0), hasDefault: false) }
        guard args.count == types.count else {
            // `.num(1, 2)`, `.pair(1)`: a declared function's words (`extra argument in call`, `missing argument for …`);
            // `.num` with no call, swiftc's words for a member that needs its values, at its name.
            if let bareName {
                error(types.count == 1 ? .memberExpectsArgument(member: c.name, type: types[0].description)
                                       : .memberIsFunction(member: c.name, produces: c.type.name), at: bareName)
            } else {
                _ = matchPositional(args, parameters: parameters, callee: c.type.name + "." + c.name, range: range)
            }
            return Typed(.constant(.null), .enumeration(c.type))
        }
        // Labels other than the case's: swiftc's one message for them all, as for a function's call.
        if let (message, at) = mislabeled(args, parameters) { error(message, at: at) }
        // Typed only for its type (`inferredArguments`), which `specializedCase` has given: its arguments not again.
        if inferringArguments { return Typed(.constant(.null), .enumeration(c.type)) }
        let nodes = zip(args, types).map { typedArgument($0.value, $1) }
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
            // swiftc's words: a tuple pattern against the case's values (at its `(`); none to match (at the case's name).
            let (parenthesis, caseName) = payloadPatternAnchors(range, name: name)
            switch types.count {
            case 0: error(.payloadPatternMismatch(case: c.name), at: caseName)
            case 1: error(.tuplePatternMismatch(type: types[0].description, ofElements: false), at: parenthesis)
            default: error(.tuplePatternWrongLength(type: ScriptType.tuple(types, labels: c.payloadLabels).description), at: parenthesis)
            }
            return .enumCase(index: c.index, arguments.map { casePattern($0.pattern, .any) }, tupled: false)
        }
        return .enumCase(index: c.index, zip(arguments, types).map { casePattern($0.pattern, $1) }, tupled: false)
    }
}

extension Resolver {
    /// Where swiftc reports a case pattern whose values do not match its case's (`.num(let p, let q)`): the `(` after
    /// the case's name, and the name itself; the pattern's start where the text does not show them.
    func payloadPatternAnchors(_ range: SourceRange, name: String) -> (parenthesis: SourceRange, name: SourceRange) {
        let text = Array(sourceText(range).utf8), start = Int(range.start)
        guard let open = text.firstIndex(of: UInt8(ascii: "(")) else { return (range, range) }
        let before = text[..<open], word = Array(name.utf8)
        var at = open - word.count
        while at >= 0, !before[at..<at + word.count].elementsEqual(word) { at -= 1 }
        let nameRange = at >= 0 ? SourceRange(file: range.file, start: start + at, end: start + at + word.count) : range
        return (SourceRange(file: range.file, start: start + open, end: start + open + 1), nameRange)
    }
}
