import ShortcutSyntax

/// `inout` parameters, as Swift's copy-in, copy-out: `f(&a, b)` passes `a`'s value; the function returns its result
/// and each `inout` parameter's value when it returned (after its `defer`s: `BytecodeCompiler.returnFromFunction`),
/// and those go back to the places, in order, after the call.
extension Resolver {
    /// A constant the checker keeps a value in (a tuple assignment's, an `inout` call's), under a name no program can
    /// write; nil when the scope cannot hold one.
    func hiddenLocal(_ role: String, range: SourceRange, type: ScriptType = .any) -> (name: String, slot: Int)? {
        hiddenLocals += 1
        let name = "(\(role) \(hiddenLocals))"
        guard case .slot(let slot) = declareLocal(name, isConstant: true, range: range, type: type) else { return nil }
        return (name, slot)
    }

    func inoutCall(slot: Int, _ decl: FunctionDecl, key: String, name: String, _ args: [Argument], range: SourceRange) -> Node {
        let signature = functionSignatures[key] ?? signature(of: decl)
        return inoutCall(signature, name: name, args, range: range) { ordered in
            !allowsRedefinition ? functionCodes[key].map { .callFunction($0, ordered, range) } ?? .callGlobal(slot, ordered, range) : .callGlobal(slot, ordered, range)
        }
    }

    /// The call of a function or method with `inout` parameters, made by `makeCall` from its arguments in parameter order.
    func inoutCall(_ signature: FunctionSignature, name: String, _ args: [Argument], range: SourceRange, makeCall: ([Node?]) -> Node) -> Node {
        // Which argument each parameter takes, as `matchPositional` pairs them: in order, by label.
        var argumentOf = [Int?](repeating: nil, count: signature.labels.count)
        var a = 0
        for (i, label) in signature.labels.enumerated() where a < args.count && args[a].label == label {
            argumentOf[i] = a
            a += 1
        }
        var plain = args
        var places: [LValue] = []
        for i in signature.labels.indices {
            guard let a = argumentOf[i] else { continue }
            let isInout = signature.inouts.contains(i)
            if case .inoutArgument(let place) = args[a].value.kind {
                plain[a].value = place
                if !isInout {
                    error(.ampersandOutsideInout, at: args[a].value.range)
                } else if let call = Resolver.firstCallInIndex(of: place) {
                    // The place is read for the call and written after it: an index that calls would be computed twice.
                    error(.swiftism(found: "&…[\(sourceText(call.range))]", suggestion: "compute the index first (let i = …), then pass the element"),
                          at: call.range)
                } else if let lvalue = changing(by: nil, inoutAt: args[a].value.range.prefix(1), { checkLetMember(place); return lvalue(place) }) {
                    places.append(lvalue)
                }
            } else if isInout {
                let type = i < signature.types.count ? signature.types[i] : quietly { typed(args[a].value).type }
                error(.inoutNeedsAmpersand(type: type.description), at: args[a].value.range)
            }
        }
        for argument in args[a...] { if case .inoutArgument = argument.value.kind { error(.ampersandOutsideInout, at: argument.value.range) } }
        let parameters = zip(signature.labels, signature.hasDefault).map { (label: $0, hasDefault: $1) }
        guard let ordered = matchPositional(plain, parameters: parameters, callee: name, range: range, types: signature.types, autoclosures: signature.autoclosures),
              places.count == signature.inouts.count else {
            return .constant(.null)
        }
        let call = makeCall(ordered)
        guard let (returnedName, returned) = hiddenLocal("inout call", range: range),
              let (resultName, result) = hiddenLocal("inout result", range: range) else { return call }
        var statements: [Statement] = [.initLocal(returned, call, nil, name: returnedName, range)]
        for (k, place) in places.enumerated() {
            statements.append(.assign(place, .member(.local(returned), Name(String(k + 1)), range), range))
        }
        // What the function threw (last in its tuple), thrown on once the arguments are back.
        let thrown = Node.member(.local(returned), Name(String(places.count + 1)), range)
        statements.append(.if(.equal(thrown, .constant(.null), negated: true), [.throw(thrown, range)], [], range))
        statements.append(.initLocal(result, .member(.local(returned), Name("0"), range), nil, name: resultName, range))
        return .build(slot: result, statements)
    }

    /// The method a call means when it has `inout` parameters (one form of the name: overloads with them are not told apart).
    func inoutMethod(_ members: MemberTypes, _ name: String) -> FunctionSignature? {
        guard let signature = members.methods[name], !signature.inouts.isEmpty else { return nil }
        return signature
    }

    /// The body of a function with `inout` parameters: what it throws is caught and returned last in its tuple (nil
    /// when nothing was thrown), so the call writes its arguments back and then throws it on, as Swift does.
    func inoutBody(_ body: Block, reads: inout [Node], range: SourceRange) -> [Statement] {
        guard case .slot(let thrown) = declareLocal("(thrown)", isConstant: false, range: range) else { return functionBody(body) }
        reads.append(.local(thrown))
        let catchAll = CatchCode(binding: .slot(thrown), type: nil, body: [])
        return [.initLocal(thrown, .constant(.null), nil, name: "(thrown)", range), .doCatch(functionBody(body), [catchAll])]
    }

    /// A call in an index of the place (`xs[next()]`), which its write-back would make again.
    static func firstCallInIndex(of place: Expr) -> Expr? {
        func call(in e: Expr) -> Expr? {
            switch e.kind {
            case .call, .closure, .run: return e
            case .member(let b, _, _), .forceUnwrap(let b), .bindOptional(let b), .optionalChain(let b), .unary(_, let b): return call(in: b)
            case .binary(_, let l, let r): return call(in: l) ?? call(in: r)
            case .subscript(let b, let args): return call(in: b) ?? args.lazy.compactMap { call(in: $0.value) }.first
            default: return nil
            }
        }
        switch place.kind {
        case .member(let b, _, _), .forceUnwrap(let b), .bindOptional(let b), .optionalChain(let b): return firstCallInIndex(of: b)
        case .subscript(let b, let args): return firstCallInIndex(of: b) ?? args.lazy.compactMap { call(in: $0.value) }.first
        default: return nil
        }
    }
}
