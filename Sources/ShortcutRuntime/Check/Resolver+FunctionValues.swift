import ShortcutSyntax

/// Calls of function values: closures in variables, constants and parameters, and nested functions.
extension Resolver {
    /// A call of a function value (a closure in a variable), checked against its type; nil when the type is not known.
    func typedValueCall(_ callee: Node, _ type: ScriptType, name: String, _ args: [Argument], calleeRange: SourceRange, range: SourceRange) -> Typed? {
        switch type {
        case .function(let types, let result):
            // A closure's parameters have no labels (`f(a: 1)` for `let f = { (a: Int) in … }` is Swift's error).
            if let labelled = args.first(where: { $0.label != nil }), lookupLocal(name)?.isFunction != true {
                let labels = args.compactMap(\.label).map { $0 + ":" }.joined()
                error(.wrongArgumentLabel(callee: name, expected: "no label", got: "'\(labels)'"), at: labelled.labelRange ?? labelled.value.range)
            }
            guard types.count == args.count else {
                error(.wrongArgumentCount(callee: name, expected: types.count, got: args.count), at: range)
                for a in args { _ = expr(a.value) }
                return .unknown
            }
            let nodes = zip(args, types).map { a, t in typedArgument(a.value, t) }
            throwingCalls += 1   // a function value's type does not say whether it throws here: a `try` before it may be needed
            return Typed(.callValue(callee, nodes, args.map(\.label), range), result)
        case .any:
            return nil
        default:
            error(.notCallable(type: type.description), at: calleeRange)
            for a in args { _ = expr(a.value) }
            return .unknown
        }
    }
}

extension Resolver {
    /// Whether `name` is a variable (a local or a global) holding a value of a type of the program's that declares
    /// `callAsFunction`: `name(…)` calls that method.
    func callsAsFunction(_ name: String) -> Bool {
        let type: ScriptType?
        if let local = lookupLocal(name) {
            type = local.nested == nil ? local.type : nil
        } else if implicitSelfMember(name, at: .none) == nil, bareStaticKey(name) == nil, case .variable? = globals[name] {
            type = globalTypes[name]
        } else {
            type = nil
        }
        guard let type, case .record = type else { return false }
        return declaredMembers(of: type)?.methods["callAsFunction"] != nil
    }
}
