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
}
