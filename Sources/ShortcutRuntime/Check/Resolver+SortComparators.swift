import ShortcutSyntax

/// `xs.sorted(using: KeyPathComparator(\.name))`, `xs.sort(using: [KeyPathComparator(\.a), KeyPathComparator(\.b, order:
/// .reverse)])`, and `SortDescriptor` alike: Foundation's comparators, as `sorted(by:)` with the comparison they make. A
/// key path's values are compared by `<` (a `String`'s too, as this machine's Foundation compares them), or by the
/// `comparator:` given — `.localizedStandard` (`localizedStandardCompare`), `.localized` (`localizedCompare`), `.lexical`
/// (`compare`); a tie goes to the next comparator; `order: .reverse` turns one around.
extension Resolver {
    private struct KeyComparison {
        var path: [String]
        var method: String?
        var reverse = false
    }

    /// The comparators' `sorted(by:)` (or `sort(by:)`); nil when the call is not one with `using:`.
    func typedSortUsing(_ base: Expr, _ name: String, nameRange: SourceRange, _ args: [Argument], expected: ScriptType?, range: SourceRange) -> Typed? {
        guard name == "sorted" || name == "sort", args.count == 1, args[0].label == "using" else { return nil }
        var written = [args[0].value]
        if case .array(let items) = args[0].value.kind { written = items }
        var comparisons: [KeyComparison] = []
        for c in written {
            guard let comparison = keyComparison(c) else {
                error(.expected("KeyPathComparator(\\.property) or SortDescriptor(\\.property), with comparator: or order:",
                                found: "'\(sourceText(c.range))'"), at: c.range)
                return .unknown
            }
            comparisons.append(comparison)
        }
        let r = range
        func key(_ side: String, _ path: [String]) -> Expr {
            path.filter { $0 != "self" }.reduce(Expr(.identifier(side), r)) { Expr(.member($0, $1, nameRange: r), r) }
        }
        var body: [Stmt] = []
        for c in comparisons {
            let (x, y) = c.reverse ? (key("rhs", c.path), key("lhs", c.path)) : (key("lhs", c.path), key("rhs", c.path))
            let decided: Expr, answer: Expr
            if let method = c.method {
                let order = Expr(.call(Expr(.member(x, method, nameRange: r), r), [Argument(label: nil, labelRange: nil, value: y)]), r)
                decided = Expr(.binary(.notEqual, order, Expr(.implicitMember("orderedSame"), r)), r)
                answer = Expr(.binary(.equal, order, Expr(.implicitMember("orderedAscending"), r)), r)
            } else {
                decided = Expr(.binary(.notEqual, x, y), r)
                answer = Expr(.binary(.less, x, y), r)
            }
            body.append(Stmt(.if([.expression(decided)], Block([Stmt(.return(answer), r)], r), else: nil), r))
        }
        body.append(Stmt(.return(Expr(.bool(false), r)), r))
        let closure = ClosureExpr(parameters: ["lhs", "rhs"], parameterRanges: [r, r], body: Block(body, r))
        return typedMethodCall(base, name, nameRange: nameRange, [Argument(label: "by", labelRange: nil, value: Expr(.closure(closure), r))],
                               expected: expected, range: range)
    }

    /// `KeyPathComparator(\.name, comparator: .localizedStandard, order: .reverse)` read off its syntax; nil for anything else.
    private func keyComparison(_ e: Expr) -> KeyComparison? {
        guard case .call(let callee, let args) = e.kind, case .identifier(let name) = callee.kind,
              name == "KeyPathComparator" || name == "SortDescriptor", isUndeclared(name), let first = args.first, first.label == nil,
              case .keyPath(let path, _) = first.value.kind else { return nil }
        var comparison = KeyComparison(path: path)
        let methods = ["localizedStandard": "localizedStandardCompare", "localized": "localizedCompare", "lexical": "compare"]
        for a in args.dropFirst() {
            switch (a.label, a.value.kind) {
            case ("order"?, .implicitMember(let order)) where order == "forward" || order == "reverse":
                comparison.reverse = order == "reverse"
            case ("comparator"?, .implicitMember(let kind)) where methods[kind] != nil:
                comparison.method = methods[kind]
            default:
                return nil
            }
        }
        return comparison
    }
}
