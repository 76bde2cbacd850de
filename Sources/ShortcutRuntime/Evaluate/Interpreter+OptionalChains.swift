import ShortcutSyntax

/// Optional chaining (`a?.b.c()`, `xs?[0]`) without an error for control flow.
///
/// The resolver wraps a chain in `.optionalChain` and marks each `?` on its
/// spine (the bases, receivers and callees) with `.bindOptional`. `evalChain`
/// walks that spine and answers nil as soon as a marked value is nil, so the
/// rest of the chain, arguments included, is never evaluated (as in Swift).
extension Interpreter {
    func evalChain(_ node: Node, _ fp: UnsafeMutablePointer<Value>) throws(ScriptError) -> Value? {
        switch node {
        case .bindOptional(let base, _):
            guard let value = try evalChain(base, fp), !value.isNull else { return nil }
            return value
        case .member(let base, let name, let site):
            guard let value = try evalChain(base, fp) else { return nil }
            return try member(value, name, site)
        case .callMethod(let receiverNode, let name, let args, let labels, let site):
            guard let receiver = try evalChain(receiverNode, fp) else { return nil }
            var values = Arguments()
            for a in args { values.append(try eval(a, fp)) }
            return try callMethod(receiver, name, values, labels, site)
        case .subscriptGet(let base, let index, let site):
            guard let value = try evalChain(base, fp) else { return nil }
            return try subscriptGet(value, try eval(index, fp), site)
        case .forceUnwrap(let base, let site):
            guard let value = try evalChain(base, fp) else { return nil }
            if case .null = value { throw ScriptError.runtime(.unwrappedNil, at: site) }
            return value
        case .callValue(let callee, let args, _, let site):
            guard let target = try evalChain(callee, fp) else { return nil }
            return try callValue(target, args, fp, site)
        case .modify(let base, let call, let args, let site):
            guard let view = try evalChain(base, fp) else { return nil }
            var values = Arguments()
            for a in args { values.append(try eval(a, fp)) }
            return try modify(view, call, values, site)
        default:
            return try eval(node, fp)
        }
    }

    /// Calls a function or type value with its arguments' values.
    func callValue(_ target: Value, _ values: Arguments, _ site: SourceRange) throws(ScriptError) -> Value {
        switch target {
        case .function(let f): return try call(f.code, captures: f.captures, selfValue: f.receiver, arguments: values, site: site)
        case .type(let t): return try callType(t, values, [], site)
        default: throw ScriptError.runtime(.notCallable(type: target.typeName), at: site)
        }
    }

    /// Calls a function or type value with argument nodes evaluated in the caller's frame.
    func callValue(_ target: Value, _ args: [Node], _ fp: UnsafeMutablePointer<Value>, _ site: SourceRange) throws(ScriptError) -> Value {
        switch target {
        case .function(let f):
            if let receiver = f.receiver {
                var values = Arguments()
                for a in args { values.append(try eval(a, fp)) }
                return try call(f.code, captures: f.captures, selfValue: receiver, arguments: values, site: site)
            }
            return try call(f.code, captures: f.captures, arguments: args, callerFrame: fp, site: site)
        case .type(let t):
            var values = Arguments()
            for a in args { values.append(try eval(a, fp)) }
            return try callType(t, values, [], site)
        default:
            throw ScriptError.runtime(.notCallable(type: target.typeName), at: site)
        }
    }
}
