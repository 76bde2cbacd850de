import ShortcutSyntax

/// A function named as a value by its full name — `add(_:to:)`, `Trail.init(id:)`, `P.init` — is a closure that calls
/// it (`ClosureExpr.reference`). Where no context gives its parameters' types (`let f = add(_:to:)`), they are the
/// function's, as Swift types the reference.
extension Resolver {
    /// The call a reference closure makes: the function named, and the arguments its labels give.
    private func referencedCall(_ c: ClosureExpr) -> (callee: Expr, args: [Argument])? {
        guard c.isReference, c.body.statements.count == 1, case .expression(let call) = c.body.statements[0].kind,
              case .call(let callee, let args) = call.kind else { return nil }
        return (callee, args)
    }

    /// The signature of the function a reference closure calls, when it is a top-level function or a type's `init`.
    func referencedSignature(_ c: ClosureExpr) -> FunctionSignature? {
        guard let (callee, args) = referencedCall(c) else { return nil }
        let labels = args.map(\.label)
        switch callee.kind {
        case .identifier(let name) where lookupLocal(name) == nil:
            guard case .function? = globals[name] else { return nil }
            return (overloads[name] ?? [name]).lazy.compactMap { self.functionSignatures[$0] }.first { $0.labels.filter { !GenericMetatypes.isHidden($0) } == labels }
        case .member(let base, "init", _):
            return initializerSignature(of: resolvingSelf(base), labels: labels)
        default:
            return nil
        }
    }

    /// A reference by labels the function has not (`add(_:from:)`, `Trail.init(id:)` where the memberwise `init` also
    /// takes `name`: a reference names every parameter): said as swiftc says it.
    func referencesMissingFunction(_ c: ClosureExpr, range: SourceRange) -> Bool {
        guard let (callee, args) = referencedCall(c), referencedSignature(c) == nil else { return false }
        let labels = args.map { ($0.label ?? "_") + ":" }.joined()
        switch callee.kind {
        case .identifier(let name) where lookupLocal(name) == nil:
            guard case .function? = globals[name] else { return false }
            error(.unknownName("\(name)(\(labels))", suggestion: nil), at: range)
        case .member(let base, "init", let nameRange):
            guard case .identifier(let typeName) = resolvingSelf(base).kind, isTypeName(typeName), case .record? = globals[typeName] else { return false }
            error(.unknownMember("init(\(labels))", type: typeName, suggestion: nil, ofValue: false), at: nameRange)
        default:
            return false
        }
        return true
    }

    /// The signature of a struct's or class's `init` with these labels; for a bare `T.init` (nil), its only one, or the
    /// only one of the context's number of parameters (`arity`).
    func initializerSignature(of base: Expr, labels: [String?]?, arity: Int? = nil) -> FunctionSignature? {
        guard case .identifier(let typeName) = base.kind, isTypeName(typeName), case .record(let r, _, _)? = globals[typeName],
              r.kind != .store else { return nil }
        let declared = r.initializers.map { i in
            FunctionSignature(labels: i.signature.labels, types: i.signature.types, hasDefault: i.signature.hasDefault,
                              result: i.decl.isFailable ? .optional(.record(r)) : .record(r))   // `init?` makes an optional
        }
        if !declared.isEmpty {
            guard let labels else {
                let fitting = declared.filter { arity == nil || $0.types.count == arity }
                return fitting.count == 1 ? fitting[0] : nil
            }
            return declared.first { $0.labels == labels }
        }
        guard r.kind == .struct || r.kind == .entity, r.hasMemberwiseInitializer else { return nil }
        let fields = r.fields.filter { !($0.isConstant && $0.hasDefault) }
        let memberwise = FunctionSignature(labels: fields.map(\.name), types: fields.map { $0.type ?? .any },
                                           hasDefault: fields.map(\.hasDefault), result: .record(r))
        guard let labels else { return memberwise }
        return memberwise.labels == labels ? memberwise : nil
    }

    /// `T.init` as a value, with no labels: the reference to its one `init` (the memberwise one, or the one declared, or
    /// the one of as many parameters as the context's function type has).
    func typedInitializerReference(_ base: Expr, nameRange: SourceRange, range: SourceRange, expected: ScriptType?) -> Typed? {
        var arity: Int?
        if case .function(let ps, _)? = expected { arity = ps.count }
        guard let signature = initializerSignature(of: resolvingSelf(base), labels: nil, arity: arity) else {
            if case .identifier(let typeName) = resolvingSelf(base).kind, isTypeName(typeName), case .record(let r, _, _)? = globals[typeName],
               r.initializers.count > 1 {
                error(.ambiguousCall("init"), at: nameRange)
                return .unknown
            }
            return nil
        }
        return typed(ClosureExpr.reference(to: Expr(.member(base, "init", nameRange: range), range), labels: signature.labels, range: range), expected)
    }
}

extension Resolver {
    /// `s.uppercased`, `xs.sorted`, `s.hasPrefix`: a method of a string, an array or a dictionary named without a call is
    /// a closure that calls it, as in Swift (`let f = s.uppercased; f()`): the form the context's arity asks for, else
    /// its only one, else the one without arguments. Nil for a property, or a name that is no method of the type.
    func libraryMethodReference(_ b: Typed, _ base: Expr, _ name: String, range: SourceRange, expected: ScriptType?) -> Typed? {
        guard isLibraryType(b.type), LibraryTypes.property(b.type, name) == nil else { return nil }
        let candidates = LibraryTypes.methods(b.type, name)
        var chosen = candidates.count == 1 ? candidates.first : nil
        if case .function(let ps, _)? = expected { chosen = candidates.first { $0.labels.count == ps.count } ?? chosen }
        guard let method = chosen ?? candidates.first(where: { $0.labels.isEmpty }) else { return nil }
        return typed(ClosureExpr.reference(to: Expr(.member(base, name, nameRange: range), range), labels: method.labels, range: range), expected)
    }
}

extension Resolver {
    /// The standard library's free functions a program may name as values, by their number of arguments.
    static let builtinFunctionArities = ["abs": 1, "round": 1, "floor": 1, "ceil": 1, "sqrt": 1, "pow": 2, "min": 2, "max": 2]

    /// `xs.map(abs)`, `xs.reduce(Int.min, max)`, `let f: (Double) -> Double = floor`: a standard function named without a
    /// call is a closure that calls it, typed by the context as Swift types the reference. With no function type around
    /// it, Foundation's `Double` form of `sqrt`, `floor`, `ceil`, `round` and `pow` is the one meant, and a generic one
    /// (`abs`, `min`, `max`) is swiftc's error. Nil where the name is the program's own or no such function.
    func typedBuiltinReference(_ name: String, range: SourceRange, expected: ScriptType?) -> Typed? {
        guard let arity = Resolver.builtinFunctionArities[name], lookupLocal(name) == nil, globals[name] == nil, bareStaticKey(name) == nil,
              selfKind() == nil || memberType(selfType(), name) == nil else { return nil }
        var context = expected
        if case .function? = expected {} else {
            guard !["abs", "min", "max"].contains(name) else {
                error(.genericParameterNotInferred("T"), at: range)
                return .unknown
            }
            context = .function([ScriptType](repeating: .double, count: arity), .double)
        }
        let labels = [String?](repeating: nil, count: arity)
        return typed(ClosureExpr.reference(to: Expr(.identifier(name), range), labels: labels, range: range), context)
    }
}

extension Resolver {
    /// `let f: ([Int]) -> Int = sum` of a generic function whose calls pass the types its body uses as values
    /// (`GenericMetatypes`): a closure that calls it, so the call binds them from the context's types. Nil for any other
    /// name, or where no function type is wanted.
    func typedTypePassingReference(_ name: String, range: SourceRange, expected: ScriptType?) -> Typed? {
        guard case .function? = expected, lookupLocal(name) == nil, case .function(_, let decl, _)? = globals[name],
              decl.parameters.contains(where: { GenericMetatypes.isHidden($0.label) }) else { return nil }
        let labels = decl.parameters.filter { !GenericMetatypes.isHidden($0.label) }.map(\.label)
        return typed(ClosureExpr.reference(to: Expr(.identifier(name), range), labels: labels, range: range), expected)
    }
}
