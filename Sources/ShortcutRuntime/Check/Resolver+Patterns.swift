import ShortcutSyntax

/// `switch` patterns and exhaustiveness; the binding patterns of `let (a, b) = …` and `for (i, x) in …`.
extension Resolver {
    /// The bindings of a pattern's top level. A tuple nested in it (`let (a, (b, c)) = v`) is held in a hidden local, which
    /// the statements added to `nested` take apart once the outer tuple has been.
    func declarePattern(_ pattern: Pattern, isConstant: Bool, type: ScriptType = .any, nested: inout [Statement]) -> [Binding] {
        switch pattern {
        case .name(let n, let r): return [declareLocal(n, isConstant: isConstant, range: r, type: type)]
        case .wildcard: return [.discard]
        case .tuple(let parts):
            var types = [ScriptType](repeating: .any, count: parts.count)
            if case .tuple(let ts, _) = type, ts.count == parts.count { types = ts } else if !type.isUnknown {
                error(.tuplePatternMismatch(type: type.description), at: patternRange(pattern) ?? .none)
            }
            return zip(parts, types).map { part, type in
                guard case .tuple = part, let range = patternRange(part) else { return declarePattern(part, isConstant: isConstant, type: type, nested: &nested).first ?? .discard }
                let hidden = declareLocal("(tuple)\(range.start)", isConstant: true, range: range, type: type)
                var deeper: [Statement] = []
                let inner = declarePattern(part, isConstant: isConstant, type: type, nested: &deeper)
                nested += [.destructure(inner, read(hidden), range)] + deeper
                return hidden
            }
        }
    }

    /// Where a binding pattern stands: its first name's range.
    func patternRange(_ p: Pattern) -> SourceRange? {
        switch p {
        case .name(_, let r): return r
        case .wildcard: return nil
        case .tuple(let parts): return parts.lazy.compactMap { self.patternRange($0) }.first
        }
    }

    /// A `case` pattern checked against the subject's type; `let` names are declared in the case's scope
    /// (a name every pattern of the case binds is one variable).
    func casePattern(_ p: CasePattern, _ subject: ScriptType) -> PatternCode {
        switch p {
        case .value(let e):
            if let c = payloadCase(named: e, subject) { return .enumCase(index: c.index, nil, tupled: false) }
            if case .partialRange(let lower?, nil, _) = e.kind {
                let t = typed(lower, subject)
                if !subject.isComparable, !subject.isUnknown {
                    error(.patternMismatch(pattern: "PartialRangeFrom<\(t.type)>", subject: subject.description), at: lower.range)
                }
                return .from(converted(t, to: subject))
            }
            if case .partialRange(nil, let upper?, let closed) = e.kind { return casePattern(.partialRange(upper: upper, closed: closed, e.range), subject) }
            let t = typed(e, subject)
            if case .range = t.type, subject.isNumeric || subject.isUnknown { return .value(t.node) }
            if !fits(t, subject), !t.type.isUnknown, !subject.isUnknown {
                error(.patternMismatch(pattern: t.type.description, subject: subject.description), at: e.range)
            }
            return .value(converted(t, to: subject))
        case .partialRange(let upper, let closed, _):
            let t = typed(upper, subject)
            if !subject.isComparable, !subject.isUnknown {
                error(.patternMismatch(pattern: "PartialRange<\(t.type)>", subject: subject.description), at: upper.range)
            }
            return .upTo(converted(t, to: subject), closed: closed)
        case .bind(let name, let range):
            if let existing = context.scopes[context.scopes.count - 1][name] { return .bind(existing.binding) }
            return .bind(declareLocal(name, isConstant: true, range: range, type: subject))
        case .wildcard:
            return .wildcard
        case .isType(let ref, _):
            return .isType(resolveType(ref))
        case .cast(let inner, let ref, _):
            let target = resolveType(ref)
            return .cast(casePattern(inner, target), target)
        case .some(let inner, let range):
            guard let wrapped = subject.wrapped else {
                let mark = SourceRange(file: range.file, start: Int(range.end) - 1, end: Int(range.end))
                if !subject.isUnknown { error(.optionalPatternMismatch(type: subject.description), at: mark) }
                return .some(casePattern(inner, .any))
            }
            return .some(casePattern(inner, wrapped))
        case .tuple(let parts, let range):
            var types = [ScriptType](repeating: .any, count: parts.count)
            if case .tuple(let ts, _) = subject, ts.count == parts.count { types = ts } else if !subject.isUnknown {
                error(.tuplePatternMismatch(type: subject.description), at: range)
            }
            return .tuple(zip(parts, types).map { casePattern($0, $1) })
        case .enumCase(let typeName, let name, let arguments, let range):
            return enumCasePattern(type: typeName, name: name, arguments, subject, range: range)
        }
    }

    /// A `switch` must cover every value (SPEC §3.2): every enum case, both `Bool`s, an optional's `nil` and values,
    /// nested ones too (`Resolver+Exhaustiveness`), or a `default`.
    func checkExhaustive(_ cases: [SwitchCase], _ subject: ScriptType, at range: SourceRange) {
        if subject.isUnknown { return }
        let rows = cases.filter { $0.guardExpr == nil }.flatMap { $0.patterns.isEmpty ? [CasePattern.wildcard(range)] : $0.patterns }.map { [$0] }
        guard unmatched(rows, [subject]) != nil else { return }
        var missing = ["default"]
        if let all = constructors(of: subject), all.count > 1 || subject.isOptional {
            missing = all.filter { c in unmatched(rows.compactMap { specialize($0[0], by: c, of: subject) }, c.parts) != nil }.map(\.name)
        }
        let note = missing == ["default"] ? "add a default clause" : "add missing case: " + missing.map { "'\($0)'" }.joined(separator: ", ")
        error(.switchNotExhaustive, at: range, notes: [note])
    }
}

