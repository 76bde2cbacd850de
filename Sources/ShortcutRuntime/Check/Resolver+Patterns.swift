import ShortcutSyntax

/// `switch` patterns and exhaustiveness; ranges and their tests; the binding patterns of `let (a, b) = …` and `for (i, x) in …`.
extension Resolver {
    /// `a..<b`, `a...b`: a range of `Int`s (or of a string's positions), the engine's own value; of `Double`s or
    /// `String`s the range prelude's `ClosedRange` or `Range` (a test of a literal one, `(a...b).contains(x)`, is
    /// `typedBoundsTest`'s). Without the prelude (a program that declares its own `Range`), an error that says so.
    func typedRange(_ op: BinaryOp, _ lhs: Expr, _ rhs: Expr, expected: ScriptType? = nil, range: SourceRange) -> Typed {
        let l = typed(lhs, .int), r = typed(rhs, .int)
        // `clamp(5, to: 0...2)` where a `ClosedRange<Double>` is wanted: its bounds are Doubles, as Swift infers them.
        var wantedBound: String?
        if case .record(let t)? = expected, t.root.name == (op == .closedRange ? "ClosedRange" : "Range"), t.typeArguments.count == 1,
           isPreludeType(t.root.name), ["Double", "String"].contains(t.typeArguments[0].description) {
            wantedBound = t.typeArguments[0].description
        }
        // `i..<j` of two `String.Index`es: a range of positions (counts of characters here), for a string's subscript.
        if case .stringIndex = l.type, case .stringIndex = r.type { return Typed(binary(op, l.node, r.node, range), .indexRange(closed: op == .closedRange)) }
        // `0.0...1.0`, `"a"..<"n"`: Swift's `ClosedRange<Double>`, `Range<String>` — the prelude's (`StandardTypes`), its
        // bounds of one type (an `Int` literal beside a `Double` is a `Double`, as Swift infers it).
        if let bound = wantedBound ?? Resolver.nonIntegerBound(l.type, r.type), isPreludeType(op == .closedRange ? "ClosedRange" : "Range") {
            // A bound of another type (`"a"...2.0` where a `ClosedRange<Double>` is wanted): swiftc's words, at the bound
            // itself (the `as` below would report it where a cast's `as` stands).
            let boundType: ScriptType = bound == "Double" ? .double : .string
            let misfits = [(l, lhs), (r, rhs)].filter { !$0.0.type.isUnknown && !fits($0.0, boundType) }
            for (side, e) in misfits {
                error(.cannotConvert(actual: side.type.description, expected: bound, site: .argument), at: valueRange(e.range))
            }
            if !misfits.isEmpty { return .unknown }
            let type = TypeRef(.named(bound), range)
            let made = Expr(.call(Expr(.identifier(op == .closedRange ? "ClosedRange" : "Range"), range), [
                Argument(label: "lowerBound", labelRange: nil, value: Expr(.cast(lhs, type, .plain), lhs.range)),
                Argument(label: "upperBound", labelRange: nil, value: Expr(.cast(rhs, type, .plain), rhs.range)),
            ]), range)
            return typed(made)
        }
        if Resolver.nonIntegerBound(l.type, r.type) != nil {
            // The prelude was not added (no literal bound showed it): `Loader.finish` resolves again with it.
            if isUndeclared("ClosedRange"), isUndeclared("Range") { missedPreludes.insert(op == .closedRange ? "..." : "..<") }
            error(.swiftism(found: "\(l.type)\(op.rawValue)\(r.type)", suggestion: "a range of 'Double' or 'String' bounds is a case pattern ('case 0.5..<1.0:') or a test ('(a...b).contains(x)') here, not a value"),
                  at: range)
            return .unknown
        }
        for (side, e) in [(l, lhs), (r, rhs)] where !side.type.agrees(with: .int) {
            error(.binaryOperands(op: op.rawValue, lhs: l.type.description, rhs: r.type.description), at: e.range)
            break
        }
        return Typed(binary(op, l.node, r.node, range), .range(closed: op == .closedRange))
    }

    /// The type of a range's bounds when they are not `Int`s but `Double`s (an `Int` literal beside a `Double` is one) or
    /// `String`s: `"Double"` or `"String"`; nil for `Int`s, unknown bounds, or bounds of two kinds.
    static func nonIntegerBound(_ lower: ScriptType, _ upper: ScriptType) -> String? {
        let bounds = [lower, upper]
        guard !bounds.contains(where: \.isUnknown) else { return nil }
        if bounds.allSatisfy({ $0.agrees(with: .double) || $0.agrees(with: .int) }), bounds.contains(where: { $0.agrees(with: .double) && !$0.agrees(with: .int) }) {
            return "Double"
        }
        return bounds.allSatisfy({ $0.agrees(with: .string) && !$0.agrees(with: .int) }) ? "String" : nil
    }

    /// `(18.0...24.0).contains(t)`, `("a"..."m").contains(c)`: a range of `Double`s or `String`s is a test of its bounds
    /// here (only a range of `Int`s is a value), the value read once. Nil for anything else.
    func typedBoundsTest(_ base: Expr, _ name: String, _ args: [Argument], range: SourceRange) -> Typed? {
        guard name == "contains", args.count == 1, args[0].label == nil, case .binary(let op, let lower, let upper) = base.kind,
              op == .halfOpenRange || op == .closedRange else { return nil }
        // Of a generic parameter's values (`(lo...hi).contains(x)` of a `T: Comparable`), a test of its bounds too.
        let bounds = quietly { (typed(lower).type, typed(upper).type) }
        let parameter: String? = if case .typeParameter(let name, _) = bounds.0, bounds.0.isComparable, bounds.1.agrees(with: bounds.0) { name } else { nil }
        guard let bound = Resolver.nonIntegerBound(bounds.0, bounds.1) ?? parameter else { return nil }
        let name = "(value)\(range.start)", value = Expr(.identifier(name), args[0].value.range)
        let above = Expr(.binary(.lessEqual, lower, value), lower.range), below = Expr(.binary(op == .closedRange ? .lessEqual : .less, value, upper), upper.range)
        let test = ClosureExpr(parameters: [name], parameterRanges: [args[0].value.range], body: Block([Stmt(.return(Expr(.binary(.and, above, below), range)), range)], range),
                               parameterTypes: [TypeRef(.named(bound), base.range)], resultType: TypeRef(.named("Bool"), base.range))
        return typed(Expr(.call(Expr(.closure(test), base.range), args), range))
    }

    /// A `case` pattern checked against the subject's type; `let` names are declared in the case's scope
    /// (a name every pattern of the case binds is one variable).
    func casePattern(_ p: CasePattern, _ subject: ScriptType) -> PatternCode {
        switch p {
        case .value(let e):
            if let c = payloadCase(named: e, subject) { return .enumCase(index: c.index, nil, tupled: false) }
            // `catch .frozen` where the body may throw any error (not one type throughout, `caughtType`): Swift's error.
            if case .implicitMember(let name) = e.kind, case .error = subject {
                error(.unknownMember(name, type: "any Error", suggestion: nil, ofValue: false),
                      at: e.range.droppingFirstByte)   // at the name, past the dot
                return .value(.constant(.null))
            }
            if case .partialRange(let lower?, nil, _) = e.kind {
                let t = typed(lower, subject)
                if !subject.isComparable, !subject.isUnknown {
                    error(.patternMismatch(pattern: "PartialRangeFrom<\(t.type)>", subject: subject.description), at: lower.range)
                }
                return .from(converted(t, to: subject))
            }
            if case .partialRange(nil, let upper?, let closed) = e.kind { return casePattern(.partialRange(upper: upper, closed: closed, e.range), subject) }
            // `case 0.8..<0.9:` of a `Double`, `case "a"..."m":` of a `String`: from the lower bound, up to the upper one.
            if case .binary(let op, let lower, let upper) = e.kind, op == .halfOpenRange || op == .closedRange, subject.isComparable,
               !subject.agrees(with: .int), !subject.isUnknown {
                let from = casePattern(.value(Expr(.partialRange(lower: lower, upper: nil, closed: true), lower.range)), subject)
                return .all([from, casePattern(.partialRange(upper: upper, closed: op == .closedRange, upper.range), subject)])
            }
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
            // A name a case's earlier pattern bound is the same variable (`case .a(let x), .b(let x)`); a `guard`'s shadows.
            if !declaresGuardBindings, let existing = context.scopes[context.scopes.count - 1][name] {
                if !existing.type.isUnknown, !subject.isUnknown, !subject.agrees(with: existing.type) {
                    error(.bindingTypeDiffers(bound: subject.description, expected: existing.type.description), at: range)
                }
                return .bind(existing.binding)
            }
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
                let mark = range.lastByte
                if !subject.isUnknown { error(.optionalPatternMismatch(type: subject.description), at: mark) }
                return .some(casePattern(inner, .any))
            }
            return .some(casePattern(inner, wrapped))
        case .tuple(let parts, let range):
            var types = [ScriptType](repeating: .any, count: parts.count)
            if case .tuple(let ts, _) = subject, ts.count == parts.count { types = ts } else if case .tuple = subject {
                error(.tuplePatternWrongLength(type: subject.description), at: range)
            } else if !subject.isUnknown {
                error(.tuplePatternMismatch(type: subject.description, ofElements: false), at: range)
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

extension Resolver {
    /// `pattern ~= value` of a range, as Swift's standard library defines it: a range (`1...5`, `0.5..<1.0`, one a variable
    /// or a property holds) contains the value; a one-sided range compares it with its bound (`...5 ~= x` is `5 >= x`).
    /// Nil for any other pattern, which is `==` (`typedBinary`). The pattern is evaluated first, as Swift does. A named
    /// value is typed to see whether it is a range, then again in its `contains`: only a name (no subexpression typed
    /// twice, so `a ~= b ~= c` costs no more than `a == b == c`); a range a call makes is compared by `==`, an error.
    func typedRangePattern(_ pattern: Expr, _ value: Expr, range: SourceRange) -> Typed? {
        switch pattern.kind {
        case .partialRange(let lower?, nil, _):
            return typedBinary(.lessEqual, lower, value, expected: .bool, range: range)
        case .partialRange(nil, let upper?, let closed):
            return typedBinary(closed ? .greaterEqual : .greater, upper, value, expected: .bool, range: range)
        case .binary(let op, _, _) where op == .halfOpenRange || op == .closedRange:
            return rangeContains(pattern, value, range)
        case _ where isNamedValue(pattern):
            switch quietly({ typed(pattern).type }) {
            case .range, .indexRange: return rangeContains(pattern, value, range)
            case .record(let t) where ["Range", "ClosedRange"].contains(t.root.name) && isPreludeType(t.root.name):
                return rangeContains(pattern, value, range)
            default: return nil
            }
        default:
            return nil
        }
    }

    /// A variable, `self`, or a property of one (`limits.comfort`).
    private func isNamedValue(_ e: Expr) -> Bool {
        switch e.kind {
        case .identifier, .self: return true
        case .member(let base, _, _): return isNamedValue(base)
        default: return false
        }
    }

    /// `(pattern).contains(value)`, typed as written.
    private func rangeContains(_ pattern: Expr, _ value: Expr, _ range: SourceRange) -> Typed {
        let method = Expr(.member(pattern, "contains", nameRange: pattern.range), pattern.range)
        return typed(Expr(.call(method, [Argument(label: nil, labelRange: nil, value: value)]), range))
    }
}

extension Resolver {
    /// A case of several patterns (`case .a(let x), .b(let x):`) binds the same names in each: one bound by some and not
    /// another is swiftc's "'x' must be bound in every pattern", at its first binding.
    func checkBoundInEveryPattern(_ patterns: [CasePattern]) {
        guard patterns.count > 1 else { return }
        let bound = patterns.map(\.boundNames)
        // How many of the patterns bind each name (once each): one fewer than all is a pattern without it.
        var binding: [String: Int] = [:]
        for names in bound { for name in Set(names.map(\.name)) { binding[name, default: 0] += 1 } }
        var reported: Set<String> = []
        for (name, range) in bound.joined() where binding[name, default: 0] < patterns.count && reported.insert(name).inserted {
            error(.bindingNotInEveryPattern(name), at: range)
        }
    }
}
