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

    /// `print(xs.reversed())`, `"\(s.reversed())"`: the reversed view printed as Swift prints one —
    /// `ReversedCollection<Array<Int>>(_base: [1, 2])` — where the call is what is printed (kept in a variable, the view
    /// is an array here and prints as one: docs/Language.md). Nil for anything else.
    func reversedViewText(_ e: Expr) -> Node? {
        guard case .call(let callee, let args) = e.kind, args.isEmpty, case .member(let base, "reversed", _) = callee.kind else { return nil }
        let b = quietly { typed(base) }
        switch b.type {
        case .array, .string: break
        default: return nil
        }
        let reflected = Node.callBuiltin(.string, [expr(base)], ["reflecting"], e.range)
        return .interpolate([.constant(.string("ReversedCollection<\(b.type.genericSpelling)>(_base: ")), reflected, .constant(.string(")"))], e.range)
    }
}
