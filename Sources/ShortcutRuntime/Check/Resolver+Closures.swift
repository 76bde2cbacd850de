import ShortcutSyntax

/// Closures and builder bodies: a closure literal becomes code with its captures, typed from its context.
extension Resolver {
    /// A SwiftUI view: its content closure a builder (the first closure, or the only one), its other
    /// arguments typed as the catalog says (`spacing:` a number, `alignment:` an alignment word).
    func makeView(_ kind: ViewKind, name: String, _ args: [Argument], range: SourceRange) -> Node {
        var nodes: [Node] = []
        var labels: [String?] = []
        var content: Node?
        let kinds = SwiftUICatalog.viewArguments[name] ?? [:]
        // `Text(x, format: …)`: the style is checked against the value's type (a number's style for a number).
        var formattedType: ScriptType?
        for a in args {
            if case .closure(let c) = a.value.kind, content == nil, a.label == nil || a.label == "content" || a.label == "label" {
                content = typedClosure(c, builder: true, expected: nil, range: a.value.range, isContent: true).node
            } else if a.label == nil, nodes.isEmpty, kinds.values.contains(.formatStyle), args.contains(where: { $0.label == "format" }) {
                let t = typed(a.value)
                formattedType = t.type
                nodes.append(t.node)
                labels.append(nil)
            } else if kind == .gauge, a.label == "in", case .binary(let op, let lower, let upper) = a.value.kind, op == .closedRange || op == .halfOpenRange {
                // `Gauge(value: v, in: 0...goal)`: its bounds, numbers of either kind (a `Double` range is no value here).
                nodes.append(.array([uiArgument(lower, .number), uiArgument(upper, .number)]))
                labels.append("in")
            } else if let label = a.label, let kind = kinds[label] {
                nodes.append(kind == .formatStyle ? formatStyle(a.value, for: formattedType) : uiArgument(a.value, kind))
                labels.append(a.label)
            } else {
                // `Label { … } icon: { … }`, `Section { … } header: { … }`: other closures are views too.
                nodes.append(uiArgument(a.value, .any))
                labels.append(a.label)
            }
        }
        return .makeView(kind, name: name, nodes, labels, content: content, range)
    }

    func closure(_ c: ClosureExpr, builder: Bool, range: SourceRange) -> Node {
        typedClosure(c, builder: builder, expected: nil, range: range).node
    }

    /// A closure literal. Shorthand `$0`… become its parameters; a builder closure collects views.
    /// Its parameter and result types come from the context when it gives a function type. A view's
    /// content closure (`isContent`) whose body is one view returns that view, as `buildBlock` of one view
    /// does in SwiftUI: the view that calls it takes a view or an array alike, and a `ForEach` row then
    /// builds no array (other builder closures' results are shown as arrays, in the JSON view tree).
    /// `if …` or `switch …` as a value (`ClosureExpr.statementExpression`): the closure of its branches, called, of the
    /// type they give (the context's where there is one). A closure called where it is written (`{ … }()`, as a
    /// property's default) is typed the same way: its `return []` is the context's type; one called with arguments (a
    /// capture list's, `{ [n, weak box] in … }`) takes their types for its parameters. Nil for any other call.
    func typedStatementExpression(_ callee: Expr, _ args: [Argument], expected: ScriptType?, range: SourceRange) -> Typed? {
        guard case .closure(let c) = callee.kind else { return nil }
        if !args.isEmpty, args.count == c.parameters.count, args.allSatisfy({ $0.label == nil }) {
            let values = args.map { typed($0.value) }
            let t = typedClosure(c, builder: false, expected: .function(values.map(\.type), expected ?? .any), range: callee.range)
            guard case .function(_, let result) = t.type else { return t }
            return Typed(.callValue(t.node, values.map(\.node), args.map(\.label), range), result)
        }
        guard args.isEmpty, c.isStatementExpression || c.parameters.isEmpty else { return nil }
        let context: ScriptType? = c.isStatementExpression ? .function([], expected ?? .any) : expected.map { .function([], $0) }
        let t = typedClosure(c, builder: false, expected: context, range: callee.range)
        guard case .function(_, let result) = t.type else { return t }
        return Typed(.callValue(t.node, [], [], range), result)
    }

    func typedClosure(_ c: ClosureExpr, builder: Bool, expected: ScriptType?, range: SourceRange, isContent: Bool = false) -> Typed {
        var c = c
        // `let f: ((Int) -> Void)? = { x in … }`: the closure is of the function type the optional wraps.
        let expected = expected.map { if case .optional(let wrapped) = $0, case .function = wrapped { wrapped } else { $0 } }
        // An `if` or `switch` as a value: each branch's expression returned. Its `try`s and `await`s are the code around it.
        if c.isStatementExpression {
            guard let only = c.body.statements.first, let returning = Resolver.returningBranches(only) else {
                func lacksElse(_ s: Stmt?) -> Bool {
                    guard case .if(_, _, let otherwise)? = s?.kind else { return false }
                    return otherwise == nil || lacksElse(otherwise)
                }
                if lacksElse(c.body.statements.first) { error(.ifExpressionWithoutElse, at: range) } else {
                    error(.expected("one expression in each branch of an 'if' or 'switch' used as a value", found: "statements"), at: range)
                }
                return .unknown
            }
            c.body = Block([returning], c.body.range)
        }
        // A `try` outside the closure does not cover the calls in its body.
        // Its errors go to whoever calls it (Swift infers a closure's `throws`).
        let (outerTries, outerErrors, outerAwaits, outerContext, outerAnchor) = (tryMarks, thrownErrors, awaitMarks, asyncContext, expressionAnchor)
        if !c.isStatementExpression { (tryMarks, thrownErrors, awaitMarks, asyncContext) = (0, .passedOn, 0, .unjudged) }
        expressionAnchor = nil
        let (outerPasses, outerThrown) = (passesErrorsOn, (declaredThrownType, writtenDoType))
        if !c.isStatementExpression { (passesErrorsOn, declaredThrownType, writtenDoType) = (false, nil, nil) }   // a closure's errors are any Error
        defer {
            (declaredThrownType, writtenDoType) = outerThrown
            (tryMarks, thrownErrors, awaitMarks, asyncContext, expressionAnchor) = (outerTries, outerErrors, outerAwaits, outerContext, outerAnchor)
            if passesErrorsOn { throwingClosures.insert(range) }
            if !c.isStatementExpression { passesErrorsOn = outerPasses }
        }
        if referencesMissingFunction(c, range: range) { return .unknown }
        let changesFirstParameter = closureChangesFirstParameter, name = nextClosureName ?? "closure", escapes = nextClosureEscapes
        (closureChangesFirstParameter, nextClosureName, nextClosureEscapes) = (false, nil, false)
        var parameters = zip(c.parameters, c.parameterRanges).map { (name: $0.0, range: $0.1) }
        if parameters.isEmpty {
            let count = ShorthandScanner.highestIndex(in: c.body.statements) + 1
            parameters = (0..<count).map { (name: "$\($0)", range: range) }
        }
        closureParameters[range] = (parameters.count, c.parameterRanges.first ?? SourceRange(file: range.file, start: Int(range.start), end: Int(range.start) + 1))
        var types = [ScriptType](repeating: .any, count: parameters.count)
        var result: ScriptType?
        if case .function(let ps, let r)? = expected {
            if ps.count == parameters.count { types = ps }
            if !r.isUnknown { result = r }
        } else if let signature = referencedSignature(c), signature.types.count == parameters.count {
            (types, result) = (signature.types, signature.result)
        }
        // Written types win over the context's (`{ (a: Int) -> Int in … }`).
        for (i, ref) in c.parameterTypes.enumerated() where i < types.count {
            if let ref { types[i] = ref.isInout ? .inoutParameter(resolveType(ref)) : resolveType(ref) }
        }
        if let ref = c.resultType { result = resolveType(ref) }
        // `zip(a, b).map { "\($0)\($1)" }`: a closure of several parameters where one tuple is passed
        // takes the tuple apart, as Swift allows; so does one where a generic parameter is passed (`sequence(first: (0, 1))
        // { ($1, $0 + $1) }`), which is `Any` to the checker: the tuple it is bound to comes apart when the closure runs.
        var splat: [(name: String, range: SourceRange)] = []
        var elementTypes: [ScriptType] = []
        if case .function(let ps, _)? = expected, ps.count == 1, parameters.count > 1 {
            if case .tuple(let ts, _) = ps[0], ts.count == parameters.count {
                elementTypes = ts
            } else if case .any = ps[0] {
                elementTypes = Array(repeating: .any, count: parameters.count)
            }
            if !elementTypes.isEmpty {
                splat = parameters
                parameters = [(name: "$tuple", range: range)]
                types = [ps[0]]
            }
        }
        // `inout` parameters (`{ (n: inout Int) in … }`, or given by the context's type): variables, whose values the
        // closure returns beside its result, as a function with them does (`inoutCall`).
        let inouts = builder || !splat.isEmpty ? [] : Set(types.indices.filter { types[$0].isInoutParameter })
        var inoutReads: [Node] = []
        var inferred: ScriptType?
        let (layout, body, captures) = withFunction(kind: .closure, name: name, selfKind: nil, parameters: parameters, types: types.map(\.withoutInout),
                                                    variables: inouts.union(changesFirstParameter && splat.isEmpty ? [0] : []),
                                                    returnType: builder ? nil : result, scanning: c.body.statements) {
            defer { inferred = context.inferredReturnType }
            context.escapes = escapes ? range : nil
            if !c.isStatementExpression { context.returnSite = .closureResult }
            noteExplicitSelf(escapes: escapes && !c.capturesSelf)
            if builder {
                let block = builderBlock(c.body.statements)
                if isContent, case .build(let slot, let statements) = block, statements.count == 1,
                   case .buildAppend(slot, let child, _) = statements[0], child.makesView {
                    return [.return(child, range)]
                }
                return [.return(block, range)]
            }
            if !inouts.isEmpty {
                inoutReads = inouts.sorted().compactMap { i in lookupLocal(parameters[i].name).map { read($0.binding) } }
                return inoutBody(c.body, reads: &inoutReads, range: range)
            }
            guard !splat.isEmpty else { return functionBody(c.body) }
            let tuple = read(lookupLocal("$tuple")?.binding ?? .slot(0))
            let bindings = zip(splat, elementTypes).map { declareLocal($0.name, isConstant: true, range: $0.range, type: $1) }
            return [.destructure(bindings, tuple, range)] + functionBody(c.body)
        }
        let code = FunctionCode(declaring: name, range: range)
        code.inoutReads = inoutReads   // before it is compiled: its returns return them
        code.codeOptions = codeOptions
        code.complete(parameterLabels: parameters.map { _ in nil }, parameterChecks: parameters.map { _ in nil },
                      defaults: parameters.map { _ in nil }, returnCheck: nil, hasSelf: false, isMutating: false,
                      captureSlots: layout.captureSlots, frameSize: layout.frameSize, body: body)
        // No `return` of a value (`{ count += 1 }`, `{ a = 1; b = 2 }`): Void, as Swift infers it — but for one `if` or
        // `switch` alone, which may be an expression whose value this does not infer.
        let isBranch = if c.body.statements.count == 1, Resolver.returningBranches(c.body.statements[0]) != nil { true } else { false }
        let resultType = builder ? ScriptType.view : (result ?? inferred ?? (isBranch ? .any : .void))
        return Typed(.closure(code, captures), .function(types, resultType))
    }

    /// `\.title` where a function is wanted: `{ $0.title }`, typed by the root the context gives (SPEC §3.2).
    func typedKeyPath(_ path: [String], root written: TypeRef?, expected: ScriptType?, range: SourceRange) -> Typed {
        var root: ScriptType = .any
        if let written { root = resolveType(written) } else if case .function(let ps, _)? = expected, ps.count == 1 { root = ps[0] }
        // `\.isEven` of `extension Int { var isEven: Bool }`: the path read as a closure would read it (`{ $0.isEven }`),
        // which finds the extension's function.
        if !root.isUnknown, keyPathUsesExtension(path, root) {
            let parameter = "(key path)\(range.start)"
            var read = Expr(.identifier(parameter), range)
            for name in path where name != "self" { read = Expr(.member(read, name, nameRange: range), range) }
            let closure = ClosureExpr(parameters: [parameter], parameterRanges: [range], body: Block([Stmt(.return(read), range)], range))
            var result: ScriptType = .any
            if case .function(_, let r)? = expected { result = r }
            return typed(Expr(.closure(closure), range), .function([root], result))
        }
        var node = Node.local(0)
        var type = root
        for name in path where name != "self" {
            node = .member(node, Name(staticDispatchName(type, name, labels: nil) ?? name), range)
            type = root.isUnknown ? .any : checkedMemberType(type, name, nameRange: range)
        }
        let code = FunctionCode(name: "\\." + path.joined(separator: "."), arity: 1, returning: node, range: range)
        return Typed(.closure(code, []), .function([root], type))
    }
}

extension Resolver {
    /// Whether a member along the key path is one an extension of a standard type gave (`Int@isEven`).
    func keyPathUsesExtension(_ path: [String], _ root: ScriptType) -> Bool {
        var type = root
        for name in path where name != "self" {
            if standardExtensionKey(type, name) != nil { return true }
            guard let next = quietly({ memberType(type, name) }) else { return false }
            type = next
        }
        return false
    }
}

extension Node {
    /// A view made here (a SwiftUI view, a modifier on one, a `view` declaration's): a view, or an error.
    var makesView: Bool {
        switch self {
        case .makeView, .modify, .callView: return true
        default: return false
        }
    }
}

extension Resolver {
    /// The argument of an `@autoclosure` parameter: the expression as the body of a closure, evaluated when (and as often
    /// as) the function calls it. Of the wrong type, it is reported as the argument it is written as (swiftc's message).
    func autoclosureArgument(_ value: Expr, _ type: ScriptType?) -> Node {
        let r = value.range
        if case .function(let taken, let wanted)? = type, taken.isEmpty, !wanted.isUnknown, case let t = quietly({ typed(value, wanted) }), !fits(t, wanted) {
            return fit(t, to: wanted, site: .argument, at: r)
        }
        let wrapped = ClosureExpr(parameters: [], parameterRanges: [], body: Block([Stmt(.return(value), r)], r))
        return typedArgument(Expr(.closure(wrapped), r), type)
    }
}

extension Resolver {
    /// The parameters of a closure with no type around it (an unannotated variable's value) that its body gives no type
    /// either, as swiftc judges it: none written, no result type, and a body of nothing, a literal, or one expression that
    /// only names parameters — whole, read for a member (`x.count`, `x!`, `x?.name`), in a tuple, or thrown away
    /// (`_ = x`). Any other use (an operand, an argument, a condition) may give a type, and is left to the run.
    static func uninferableParameters(_ c: ClosureExpr) -> [Int] {
        guard !c.isReference, !c.isStatementExpression, c.resultType == nil, !c.parameters.isEmpty,
              c.parameterTypes.allSatisfy({ $0 == nil }), c.parameterRanges.count == c.parameters.count else { return [] }
        /// Whether `e` gives no parameter a type.
        func untyping(_ e: Expr) -> Bool {
            switch e.kind {
            case .integer, .double, .bool: return true
            case .string(let parts): return parts.allSatisfy { if case .text = $0 { true } else { false } }
            case .identifier(let name): return c.parameters.contains(name)
            case .member(let base, _, _), .forceUnwrap(let base), .optionalChain(let base), .bindOptional(let base):
                guard case .identifier(let name) = Resolver.root(of: base).kind else { return false }
                return c.parameters.contains(name)
            case .tuple(let parts): return parts.allSatisfy(untyping)
            default: return false
            }
        }
        let statements = c.body.statements
        guard statements.count <= 1 else { return [] }
        if let only = statements.first {
            switch only.kind {
            case .return(nil): break
            case .return(let e?), .expression(let e): guard untyping(e) else { return [] }
            case .assign(let target, _, let value):
                guard case .identifier("_") = target.kind, untyping(value) else { return [] }
            default: return []
            }
        }
        return Array(c.parameters.indices)
    }

    /// The expression a chain of member reads and unwraps starts from (`x` of `x?.a.b!`).
    static func root(of e: Expr) -> Expr {
        switch e.kind {
        case .member(let base, _, _), .forceUnwrap(let base), .optionalChain(let base), .bindOptional(let base): return root(of: base)
        default: return e
        }
    }
}
