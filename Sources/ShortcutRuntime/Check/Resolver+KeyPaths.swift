import ShortcutSyntax

/// Key paths as values: `\.name` is a function from its root to the value at the path (`typedKeyPath`), a
/// `KeyPath<Root, Value>` the type of one, and `root[keyPath: path]` the value read through it.
extension Resolver {
    /// `p[keyPath: path]`: the path called with `p`. A path of another root is swiftc's error.
    func typedKeyPathRead(_ root: Typed, _ path: Expr, base: Expr) -> Typed {
        let p = typed(path, .function([root.type], .any))
        switch p.type {
        case .function(let parameters, let value) where parameters.count == 1:
            if !root.type.isUnknown, !parameters[0].isUnknown, parameters[0].description != root.type.description {
                error(.keyPathRootMismatch(path: "KeyPath<\(parameters[0]), \(value)>", base: root.type.description), at: base.range)
            }
            return Typed(.callValue(p.node, [root.node], [nil], path.range), value)
        case .any:
            return Typed(.callValue(p.node, [root.node], [nil], path.range), .any)
        default:
            error(.cannotConvert(actual: p.type.description, expected: "KeyPath<\(root.type), _>", site: .argument), at: path.range)
            return .unknown
        }
    }

    /// `print(xs.reversed())`, `"\(s.enumerated())"`, `print(zip(a, b))` of arrays and strings: the view printed as
    /// Swift prints one — `ReversedCollection<Array<Int>>(_base: [1, 2])`, `EnumeratedSequence<String>(_base: "ab")`,
    /// `Zip2Sequence<Array<Int>, Array<String>>(_sequence1: [1], _sequence2: ["a"])` — where the call is what is printed
    /// (kept in a variable, the view is an array here and prints as one: docs/Language.md). Nil for anything else.
    func printedViewText(_ e: Expr) -> Node? {
        guard case .call(let callee, let args) = e.kind else { return nil }
        // An array's `split`: its pieces are `ArraySlice`s, which print so inside the array (`[ArraySlice([1]), …]`).
        if case .member(let base, "split", _) = callee.kind, case .array = quietly({ typed(base) }).type {
            let r = e.range
            let slice = Expr(.call(Expr(.identifier("String"), r), [Argument(label: "reflecting", labelRange: nil, value: Expr(.dollarIndex(0), r))]), r)
            let piece = ClosureExpr(parameters: [], parameterRanges: [], body: Block([Stmt(.expression(Expr(.string([.text("ArraySlice("),
                                                   .interpolation(slice), .text(")")]), r)), r)], r))
            let pieces = Expr(.call(Expr(.member(e, "map", nameRange: r), r), [Argument(label: nil, labelRange: nil, value: Expr(.closure(piece), r))]), r)
            let joined = Expr(.call(Expr(.member(pieces, "joined", nameRange: r), r), [Argument(label: "separator", labelRange: nil, value: Expr(.string([.text(", ")]), r))]), r)
            return expr(Expr(.string([.text("["), .interpolation(joined), .text("]")]), r))
        }
        var parts: [(label: String, base: Expr)], view: String
        switch (callee.kind, args.count) {
        case (.member(let base, "reversed", _), 0): (view, parts) = ("ReversedCollection", [("_base", base)])
        case (.member(let base, "enumerated", _), 0): (view, parts) = ("EnumeratedSequence", [("_base", base)])
        case (.identifier("zip"), 2) where isUndeclared("zip") && args.allSatisfy({ $0.label == nil }):
            (view, parts) = ("Zip2Sequence", [("_sequence1", args[0].value), ("_sequence2", args[1].value)])
        default: return nil
        }
        let types = parts.map { part in quietly { typed(part.base) }.type }
        guard types.allSatisfy({ if case .array = $0 { return true }; if case .string = $0 { return true }; return false }) else { return nil }
        var nodes: [Node] = [.constant(.string(view + "<" + types.map(\.genericSpelling).joined(separator: ", ") + ">("))]
        for (i, part) in parts.enumerated() {
            nodes.append(.constant(.string((i == 0 ? "" : ", ") + part.label + ": ")))
            nodes.append(.callBuiltin(.string, [expr(part.base)], ["reflecting"], e.range))
        }
        return .interpolate(nodes + [.constant(.string(")"))], e.range)
    }
}
