import ShortcutSyntax

/// A generic parameter as a value (`T.zero`, `M.empty`, `T.self`, `T(name:)`): the type a call passes, as a parameter the
/// function declares (`_ type: T.Type`) or one `GenericMetatypes` adds, whose value each call gives.
extension Resolver {
    /// A call of `decl` with the types it passes for the generic parameters its body uses as values (`GenericMetatypes`),
    /// after the written arguments: each as the call binds it (`bindings`, else bound here from the arguments as typed —
    /// `pretyped`, else typed quietly — leaving out closures where that binds nothing). Nothing added to a call of any other.
    func passingTypes(_ args: [Argument], _ pretyped: [Typed]?, to decl: FunctionDecl, key: String, bindings known: [String: GenericBinding]?,
                      expected: ScriptType?, at range: SourceRange) -> (args: [Argument], pretyped: [Typed]?) {
        let hidden = decl.parameters.filter { GenericMetatypes.isHidden($0.label) }
        guard !hidden.isEmpty, let signature = functionSignatures[key] else { return (args, pretyped) }
        var bindings = known ?? [:]
        // Typed again only here (a call with `inout` arguments types its own), and not inside such a look, so nested calls
        // are not typed twice per level (`probingGenericArguments`).
        let probing = probingGenericArguments
        probingGenericArguments = true
        let typedArgs = pretyped.map { Array($0.prefix(args.count)) } ?? (probing ? args.map { _ in Typed.unknown } : quietly { args.map { typed($0.value) } })
        probingGenericArguments = probing
        func bound(skippingClosures: Bool) -> [String: GenericBinding] {
            var found: [String: GenericBinding] = [:]
            let kept = args.indices.filter { a in if case .closure = args[a].value.kind { !skippingClosures } else { true } }
            var keptTyped = kept.map { typedArgs[$0] }
            quietly { _ = genericResult(decl, signature, kept.map { args[$0] }, &keptTyped, &found, expected: expected, calleeRange: range) }
            return found
        }
        if known == nil { bindings = bound(skippingClosures: false) }
        if hidden.contains(where: { bindings[GenericMetatypes.passedType($0.name)]?.type.isUnknown ?? true }) {
            bindings.merge(bound(skippingClosures: true)) { old, new in old.type.isUnknown ? new : old }
        }
        let types = boundTypeArguments(hidden.map { GenericMetatypes.passedType($0.name) }, bindings, at: range)
        let passed = args + zip(hidden, types).map { Argument(label: $0.0.label, labelRange: nil, value: $0.1.expr) }
        return (passed, pretyped.map { Array($0.prefix(args.count)) + types.map { Typed($0.node, .any) } })
    }

    /// The types a call of `decl` passes for the generic parameters its body uses as values (`GenericMetatypes`): each as
    /// the call binds it, a type value (`Int.self`); in a generic function's own body, its own parameter's type value;
    /// nil where the type is not known here (`T.zero` is then an error when the program runs).
    /// Each as an expression (for a call that types its arguments itself: one with `inout` ones) and as its code (`[Double]`
    /// has no expression here: its type's name, as `[Double].self` is).
    func boundTypeArguments(_ names: [String], _ bindings: [String: GenericBinding], at range: SourceRange) -> [(expr: Expr, node: Node)] {
        names.map { name in
            let type = bindings[name]?.type ?? .any
            let written: String? = switch type {
            case .int, .double, .string, .bool, .date, .uuid: type.description
            case .record(let r): r.root.name
            case .enumeration(let e): e.root.name
            // In a generic function's body, its own parameter: the type its call passed.
            case .typeParameter(let own, _): metatypeAlias(Expr(.identifier(own), range)) != nil ? own : nil
            default: nil
            }
            guard let written else {
                let known = !type.mentionsAny && !type.isRecordOrEnumeration && { if case .typeParameter = type { false } else if case .existential = type { false } else { true } }()
                return (Expr(.nil, range), .constant(known ? .symbol(type.genericSpelling) : .null))
            }
            let expr = if case .typeParameter = type { Expr(.identifier(written), range) } else { Expr(.member(Expr(.identifier(written), range), "self", nameRange: range), range) }
            return (expr, quietly { typed(expr) }.node)
        }
    }

    /// The types a call of a method of the program's types passes for its own generic parameters it uses as values, bound
    /// by its arguments (`given`, else `methodBindings`), with their labels; none where a written parameter is left to its
    /// default (the types follow the written ones), or the method passes none.
    func methodTypeArguments(_ signature: FunctionSignature, _ args: [Argument], given bindings: [String: GenericBinding]? = nil, count: Int,
                             at range: SourceRange) -> (nodes: [Node], labels: [String?]) {
        let hidden = signature.labels.filter(GenericMetatypes.isHidden)
        guard !hidden.isEmpty, count + hidden.count == signature.labels.count, let bindings = bindings ?? methodBindings(signature, args) else { return ([], []) }
        return (boundTypeArguments(hidden.map { GenericMetatypes.passedType($0 ?? "") }, bindings, at: range).map(\.node), hidden)
    }

    /// `func make<T: Shape>(_ type: T.Type)`: in the body, `T` as a value (`T.self`, `T()`, `T.name`, `T.make()`) is the type
    /// the call passed — the parameter's value, a type value (`Interpreter.programStatic`). As a type, `T` stays the
    /// generic parameter it is.
    /// So is a standard generic type's part an extension's method is given (`Element` of `extension Array where Element:
    /// Numeric`), with the `where` clause's constraints.
    func nameMetatypes(of f: FunctionDecl) {
        let parts = f.parameters.filter { GenericMetatypes.isHidden($0.label) }.map { GenericMetatypes.passedType($0.name) }
            .filter { name in !f.generics.contains { $0.name == name } }
            .map { name in GenericParameter(name: name, constraints: f.outerRequirements.filter { $0.name == name }.flatMap(\.constraints)) }
        for g in f.generics + parts {
            guard let p = f.parameters.first(where: { if case .named(let n)? = $0.type?.kind { n == g.name + ".Type" } else { false } }),
                  let local = lookupLocal(p.name), !context.scopes.isEmpty else { continue }
            context.scopes[context.scopes.count - 1][g.name] = local
            metatypeConstraints[g.name] = g.constraints
        }
    }

    /// The type taken as a value named by `base` (`T` of `_ type: T.Type`) and its constraints; nil for anything else.
    func metatypeAlias(_ base: Expr) -> (name: String, constraints: [String])? {
        guard case .identifier(let name) = base.kind, let constraints = metatypeConstraints[name], lookupLocal(name) != nil else { return nil }
        return (name, constraints)
    }

    /// `T.name`, `T.make()` where `T` is a type taken as a value: what its constraints promise — a protocol's
    /// requirement, a class's static — typed as they declare it; anything else is swiftc's "type 'T' has no member".
    func metatypeMemberType(_ alias: (name: String, constraints: [String]), _ member: String, at range: SourceRange) -> ScriptType {
        if member == "self" { return .any }
        // `T.zero` of `T: Numeric` (or `AdditiveArithmetic`): a `T`, as `.zero` where a `T` is wanted is.
        let inside = resolveType(TypeRef(.named(alias.name), range))
        let additive = alias.constraints.contains { TypeParameters.refinements[$0]?.contains("AdditiveArithmetic") ?? ($0 == "AdditiveArithmetic") }
        if member == "zero", inside.typeParameterHas("AdditiveArithmetic") || additive { return inside }
        for constraint in alias.constraints {
            if protocolNames.contains(constraint) {
                let members = existentialMembers(constraint).types
                if let t = members.computed[member] { return t }
                if let f = members.methods[member] { return f.result }
                if protocols[constraint]?.requirements.contains(where: { $0.name == member }) == true { return .any }
            } else if let key = inheritedStaticKey(constraint, member) {
                return functionSignatures[key]?.result ?? globalTypes[key] ?? .any
            }
        }
        error(.unknownMember(member, type: alias.name, suggestion: nil), at: range)
        return .any
    }

    /// `T.name` of a type taken as a value: read from it when the program runs, typed as `T`'s constraints promise.
    func typedMetatypeMember(_ base: Expr, _ name: String, nameRange: SourceRange, range: SourceRange) -> Typed? {
        if let dynamic = typedDynamicClassStatic(base, name, nil, range: range) { return dynamic }
        guard name != "self", let alias = metatypeAlias(base) else { return nil }
        return Typed(.member(passedTypeValue(base), Name(name), range), metatypeMemberType(alias, name, at: nameRange))
    }

    /// `T.make(…)` of a type taken as a value: called when the program runs, its result typed as `T`'s constraints promise;
    /// `T(…)`, its `init`, where a constraint requires one (else swiftc's "type 'T' has no member 'init'").
    func typedMetatypeCall(_ base: Expr, _ name: String, _ args: [Argument], nameRange: SourceRange, range: SourceRange) -> Typed? {
        if let dynamic = typedDynamicClassStatic(base, name, args, range: range) { return dynamic }
        guard let alias = metatypeAlias(base) else { return nil }
        let nodes = args.map { expr($0.value) }
        if name == "init" {
            if !metatypeIsConstructible(alias.constraints) { error(.unknownMember("init", type: alias.name, suggestion: nil), at: range) }
            return Typed(.callMethod(passedTypeValue(base), Name("init"), nodes, args.map(\.label), range), .any)
        }
        return Typed(.callMethod(passedTypeValue(base), Name(name), nodes, args.map(\.label), range), metatypeMemberType(alias, name, at: nameRange))
    }

    /// Whether `T(…)` may be made: a constraint that requires an `init` or is a class or struct of the program's.
    func metatypeIsConstructible(_ constraints: [String]) -> Bool {
        constraints.contains { c in
            if case .record? = globals[c] { return true }
            return protocolDeclarations(refinedFrom: [c]).contains { $0.requirements.contains { $0.kind == "initializer" } }
        }
    }

    /// `T.zero`, `T.name`, `T.self` in a method of a generic struct or class (`Box<T>`): the type `self`'s use gives `T`,
    /// read when the program runs (`typeArgument`; the method's code is the declaration's, whatever the use), typed as
    /// `T`'s constraints promise (`metatypeMemberType`). Nil for anything else.
    func typedGenericSelfTypeMember(_ base: Expr, _ name: String, nameRange: SourceRange, range: SourceRange) -> Typed? {
        guard case .identifier(let t) = base.kind, lookupLocal(t) == nil, globals[t] == nil, let generics = genericSelf?.generics,
              let index = generics.firstIndex(where: { $0.name == t }), case .record? = selfKind(), lookupLocal("self") != nil else { return nil }
        let type = Node.callBuiltin(.typeArgument, [typed(Expr(.self, base.range)).node, .constant(.int(index)), .constant(.string(t))], [nil, nil, nil], base.range)
        if name == "self" { return Typed(type, .any) }
        return Typed(.member(type, Name(name), range), metatypeMemberType((t, generics[index].constraints), name, at: nameRange))
    }

    /// The type a metatype alias names when the program runs: the parameter's value; for one a call passes
    /// (`GenericMetatypes`), checked to be there — a call through a function value does not pass it,
    /// and says so where `T` is read, not as a read of nil.
    func passedTypeValue(_ base: Expr) -> Node {
        guard case .identifier(let name) = base.kind, lookupLocal(GenericMetatypes.parameterName(name)) != nil else { return expr(base) }
        return .callBuiltin(.typeArgument, [expr(base), .constant(.string(name))], [nil, nil], base.range)
    }
}
