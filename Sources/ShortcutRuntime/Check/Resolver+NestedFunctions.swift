import ShortcutSyntax

/// Functions declared inside a body: closures, called with their labels (`Local.isFunction`); with defaults, `inout`
/// parameters or effects, called as a top-level function is (`nestedFunctionCall`): a left-out argument given its default,
/// the `inout` ones written back (`inoutCall`), `try` and `await` required.
struct NestedFunction {
    let signature: FunctionSignature
    let defaults: [FunctionCode?]
}

extension Resolver {
    /// Declarations inside a body: functions become local closures; the rest must be at the top level.
    func nestedDeclaration(_ d: Decl) -> [Statement] {
        if atGlobalScope { return [] }   // resolved in their own pass
        guard case .function(let f) = d.kind else {
            error(.declarationNotAtTopLevel(d.name), at: d.nameRange, notes: ["only 'func' may be declared inside a body"])
            return []
        }
        // Its calls are checked by its type, or by its signature (`nestedFunctionCall`) when it has defaults or `inout`s, or
        // throws or waits (its calls are marked `try` and `await`, which a function's type does not say here).
        let sig = signature(of: f)
        if let ahead = context.scopes[context.scopes.count - 1][f.name], ahead.isForwardDeclared, ahead.range == d.nameRange,
           case .cell(let s) = ahead.binding {
            // Its defaults were resolved ahead when it has any (once: their diagnostics once); else none, one a parameter.
            let node = closureNode(f, name: functionSignature(f), range: d.nameRange, signature: sig,
                                   defaults: ahead.nested?.defaults ?? f.parameters.map { _ in nil })
            return [.assign(.cell(s), node, d.range)]
        }
        let defaults = nestedDefaults(f, sig)
        let binding = declareLocal(f.name, isConstant: true, range: d.nameRange, type: sig.type, isFunction: true, shownAs: functionSignature(f))
        if !sig.inouts.isEmpty || sig.hasDefault.contains(true) || sig.isThrowing || sig.isAsync {
            context.scopes[context.scopes.count - 1][f.name]?.nested = NestedFunction(signature: sig, defaults: defaults)
        }
        let node = closureNode(f, name: functionSignature(f), range: d.nameRange, signature: sig, defaults: defaults)
        switch binding {
        case .slot(let s): return [.initLocal(s, node, nil, name: f.name, d.range)]
        case .cell(let s): return [.initCell(s, node, nil, name: f.name, d.range)]
        case .discard: return []
        }
    }

    /// Local functions that a function declared before them in the same body calls (`func a() { … b() … }` then `func b()`,
    /// as mutual recursion needs): declared at the body's start, each a cell made there and given its function where its
    /// declaration is, as Swift lets local functions see each other. Nothing for a body with fewer than two.
    func forwardDeclareFunctions(_ list: [Stmt]) -> [Statement] {
        if atGlobalScope { return [] }
        let functions = list.compactMap { s -> (FunctionDecl, Decl)? in
            if case .declaration(let d) = s.kind, case .function(let f) = d.kind { return (f, d) }
            return nil
        }
        guard functions.count > 1 else { return [] }
        var code: [Statement] = []
        var seen: Set<String> = []
        var namedBefore: Set<String> = []   // every name the functions before this one mention: each body scanned once
        for (f, d) in functions {
            defer { for s in f.body.statements { NameScanner.scan(s, inClosure: true, into: &namedBefore) } }
            // A name's first function only, one a function before it names (and so captures: a cell), not a name this
            // scope has already.
            guard seen.insert(f.name).inserted, namedBefore.contains(f.name), context.capturedNames.contains(f.name),
                  context.scopes[context.scopes.count - 1][f.name] == nil else { continue }
            let sig = quietly { signature(of: f) }
            guard case .cell(let slot) = declareLocal(f.name, isConstant: true, range: d.nameRange, type: sig.type, isFunction: true) else { continue }
            context.scopes[context.scopes.count - 1][f.name]?.isForwardDeclared = true
            // Its calls before its declaration are checked by its signature as after it (defaults, `inout`s, effects).
            if !sig.inouts.isEmpty || sig.hasDefault.contains(true) || sig.isThrowing || sig.isAsync {
                context.scopes[context.scopes.count - 1][f.name]?.nested = NestedFunction(signature: sig, defaults: nestedDefaults(f, sig))
            }
            code.append(.initCell(slot, .constant(.null), nil, name: f.name, d.range))
        }
        return code
    }

    /// A nested function's parameters' defaults, each a function of no arguments.
    func nestedDefaults(_ f: FunctionDecl, _ sig: FunctionSignature) -> [FunctionCode?] {
        zip(f.parameters, sig.types).map { p, t in p.defaultValue.map { resolveExpressionFunction($0, name: "default of '\(p.name)'", type: t) } }
    }

    /// A nested function: a closure with labels and defaults.
    func closureNode(_ f: FunctionDecl, name: String, range: SourceRange, signature sig: FunctionSignature, defaults: [FunctionCode?]) -> Node {
        let checks: [ScriptType?] = zip(f.parameters, sig.types).map { p, t in p.type == nil ? nil : t }
        // With `inout` parameters, it returns their values beside its result, as a top-level function does (`inoutCall`).
        let returnCheck = f.returnType == nil || !sig.inouts.isEmpty ? nil : sig.result
        var inoutReads: [Node] = []
        // Its errors are its own: passed on when it `throws`, else to be handled in it, whatever the enclosing body does.
        let (outerErrors, outerContext, outerThrown) = (thrownErrors, asyncContext, (thrownTypes, declaredThrownType))
        (thrownErrors, asyncContext) = (f.isThrowing ? .passedOn : .unhandled, f.isAsync ? .async : .sync)
        (thrownTypes, declaredThrownType) = ([], sig.thrownType)
        defer { (thrownErrors, asyncContext, (thrownTypes, declaredThrownType)) = (outerErrors, outerContext, outerThrown) }
        let (layout, body, captures) = withFunction(kind: .closure, name: name, selfKind: nil, parameters: f.parameters.map { ($0.name, $0.range) },
                                                    types: sig.types, variables: sig.inouts, returnType: sig.result, scanning: f.body.statements) {
            guard !sig.inouts.isEmpty else { return functionBody(f.body) }
            inoutReads = sig.inouts.sorted().compactMap { i in lookupLocal(f.parameters[i].name).map { read($0.binding) } }
            return inoutBody(f.body, reads: &inoutReads, range: range)
        }
        let code = FunctionCode(declaring: name, range: range)
        code.inoutReads = inoutReads   // before it is compiled (`complete`): its returns return them
        code.codeOptions = codeOptions
        code.complete(parameterLabels: f.parameters.map(\.label), parameterChecks: checks, defaults: defaults, returnCheck: returnCheck,
                      hasSelf: false, isMutating: false, captureSlots: layout.captureSlots, frameSize: layout.frameSize, body: body)
        return .closure(code, captures)
    }

    /// A call of a nested function with defaults or `inout` parameters: its arguments matched as a top-level function's
    /// are, a left-out one given its default, the `inout` ones written back.
    func nestedFunctionCall(_ local: Local, _ nested: NestedFunction, name: String, _ args: [Argument], range: SourceRange) -> Typed {
        let function = read(local.binding), signature = nested.signature
        requireMarks(signature, args, at: range)
        func call(_ ordered: [Node?]) -> Node {
            let given = ordered.enumerated().map { i, a in
                a ?? (i < nested.defaults.count ? nested.defaults[i] : nil).map { .callFunction($0, [], range) } ?? .constant(.null)
            }
            return .callValue(function, given, signature.labels, range)
        }
        if !signature.inouts.isEmpty { return Typed(inoutCall(signature, name: name, args, range: range, makeCall: call), signature.result) }
        let parameters = zip(signature.labels, signature.hasDefault).map { (label: $0, hasDefault: $1) }
        guard let ordered = matchPositional(args, parameters: parameters, callee: name, range: range, types: signature.types,
                                            autoclosures: signature.autoclosures) else { return .unknown }
        return Typed(call(ordered), signature.result)
    }
}
