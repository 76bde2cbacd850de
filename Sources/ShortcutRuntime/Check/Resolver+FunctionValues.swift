import ShortcutSyntax

/// Calls of function values: closures in variables, constants and parameters, and nested functions.
extension Resolver {
    /// A call of a function value (a closure in a variable), checked against its type; nil when the type is not known.
    func typedValueCall(_ callee: Node, _ type: ScriptType, name: String, _ args: [Argument], calleeRange: SourceRange, range: SourceRange) -> Typed? {
        switch type {
        case .function(let types, let result):
            // A closure's parameters have no labels (`f(a: 1)` for `let f = { (a: Int) in … }` is Swift's error).
            // (With as many arguments as parameters: other counts are said below.)
            if args.contains(where: { $0.label != nil }), lookupLocal(name)?.isFunction != true,
               let (message, at) = mislabeled(args, types.map { _ in (label: String?.none, hasDefault: false) }) {
                error(message, at: at)   // `f(x: 2)`: swiftc's words for labels the type has not
            }
            guard types.count == args.count else {
                // A declared function's words for the count (`missing argument for parameter #2`, `extra argument`).
                _ = matchPositional(args, parameters: types.map { _ in (label: nil, hasDefault: false) }, callee: name, range: range)
                return .unknown
            }
            throwingCalls += 1   // a function value's type does not say whether it throws here: a `try` before it may be needed
            // `inout` parameters (`reducer(&state, action)`): passed with `&` and written back, as a declared function's are.
            let signature = FunctionSignature.value(types, result)
            if !signature.inouts.isEmpty {
                return Typed(inoutCall(signature, name: name, args, range: range) { .callValue(callee, $0.map { $0 ?? .constant(.null) }, args.map(\.label), range) }, result)
            }
            let nodes = zip(args, types).map { a, t in typedArgument(a.value, t) }
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
    /// `make()(&words)`, `handlers[0](x)`, `maybe?(x)`: a call of the function value an expression (not a name) gives,
    /// by its type; nil when it gives none.
    func typedExpressionCall(_ callee: Expr, _ args: [Argument], range: SourceRange) -> Typed? {
        if case .identifier = callee.kind { return nil }
        guard case .function = quietly({ typed(callee) }).type else { return nil }
        let value = typed(callee)
        return typedValueCall(value.node, value.type, name: sourceText(callee.range), args, calleeRange: callee.range, range: range)
    }

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
