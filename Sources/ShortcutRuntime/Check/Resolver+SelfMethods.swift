import ShortcutSyntax

/// Calls of `self`'s methods written without `self.` inside a type's body; `Self` and `type(of: x)` as the type they name.
extension Resolver {
    /// `Self` inside a type's body is that type (`Self.limit`, `Self.make()`); `Request.Status` is the nested type
    /// `Request.Status` (the parser reads one written out as one name, `NestedTypeNames`; here `Self.Status`, and one
    /// declared in another file), or a type hoisted out of a function's body.
    func resolvingSelf(_ base: Expr) -> Expr {
        if case .member(let outer, let inner, _) = base.kind, case .identifier(let outerName) = resolvingSelf(outer).kind, isTypeName(outerName) {
            if let nested = nestedTypeName(outerName, inner) { return Expr(.identifier(nested), base.range) }
            if isTypeName(inner), lookupLocal(inner) == nil { return Expr(.identifier(inner), base.range) }
        }
        // `type(of: cat).kind`: the static type's member (a struct's or enum's, which is the value's type; a class's statics
        // are `final` here, so its subclasses share them).
        if case .call(let callee, let args) = base.kind, case .identifier("type") = callee.kind, lookupLocal("type") == nil, globals["type"] == nil,
           args.count == 1, args[0].label == "of" {
            switch quietly({ typed(args[0].value) }).type {
            case .record(let r) where r.template == nil: return Expr(.identifier(r.root.name), base.range)
            case .enumeration(let e): return Expr(.identifier(e.root.name), base.range)
            default: return base
            }
        }
        // `self.init()`, `self.shared` in a static method: the type, as `Self` is there.
        if case .self = base.kind, lookupLocal("self") == nil, selfKind() == nil, let owner = staticOwner { return Expr(.identifier(owner), base.range) }
        guard case .identifier("Self") = base.kind, lookupLocal("Self") == nil else { return base }
        let owner: String?
        switch selfKind() {
        case .record(let r)?: owner = r.name
        case .enumeration(let e)?: owner = e.name
        case .intent(let i)?: owner = i.name
        case nil: owner = staticOwner
        }
        guard let owner else { return base }
        return Expr(.identifier(owner), base.range)
    }

    /// `Outer.Inner`, when the program declares a type of that name inside `outer`'s body or its superclass's.
    func nestedTypeName(_ outer: String, _ inner: String) -> String? {
        let owners: [String] = switch globals[outer] {
        case .record(let type, _, _)?: sequence(first: type, next: \.superclass).map(\.root.name)
        case .enumeration?, .intent?: [outer]
        default: []
        }
        for owner in owners {
            let name = owner + "." + inner
            switch globals[name] {
            case .record?, .enumeration?, .intent?: return name
            default: continue
            }
        }
        return nil
    }

    /// Whether `name(…)` inside a type's body calls a method of `self`.
    func hasImplicitSelfMethod(_ name: String) -> Bool {
        switch selfKind() {
        case .record(let r)?: return r.memberTypes.methods[name] != nil || r.fieldIndex[name] != nil
        case .enumeration(let e)?: return e.memberTypes.methods[name] != nil
        case .intent(let i)?: return i.memberTypes.methods[name] != nil || intentDeclaresMember(i, name)
        case nil: return false
        }
    }

    func implicitSelfMethodCall(_ name: String, _ args: [Argument], range: SourceRange) -> Node? {
        typedImplicitSelfMethodCall(name, args, range: range)?.node
    }

    /// `bump(by: 2)` inside a type's body: a method of `self`, its arguments checked against the declaration.
    func typedImplicitSelfMethodCall(_ name: String, _ args: [Argument], range: SourceRange) -> Typed? {
        guard hasImplicitSelfMethod(name), let local = lookupLocal("self") else { return nil }
        let args = packedVariadic(args, method: name, of: selfType(), range: range)
        var labels = args.map(\.label)
        if let members = declaredMembers(of: selfType()), let signature = inoutMethod(members, name) {
            requireMarks(signature, args, at: range)
            return Typed(inoutCall(signature, name: name, args, range: range) { selfMethodCall(local, name, $0.compactMap { $0 }, labels, range: range) },
                         signature.result)
        }
        // `transform(v)`: a closure a property of `self` holds, as `self.transform(v)` calls it.
        if declaredMembers(of: selfType())?.methods[name] == nil, let held = memberType(selfType(), name), case .function = held,
           let property = implicitSelfMember(name, at: range) {
            return typedValueCall(property, held, name: name, args, calleeRange: range, range: range) ?? .unknown
        }
        if case .record? = selfKind() { checkExplicitSelf(name, isMethod: true, at: range.prefix(name.utf8.count)) }
        checkSelfUsable(inCallOf: name, at: range.prefix(name.utf8.count))
        var nodes: [Node]
        var result = ScriptType.any
        var key = name
        if let (chosen, signature, checked) = checkedMethodArguments(selfType(), name, args, range: range) {
            guard let checked else { return Typed(.constant(.null), signature.result) }
            requireMarks(signature, args, at: range)
            key = staticDispatchName(onSelf: name, labels: signature.labels) ?? chosen
            let passed = methodTypeArguments(signature, args, count: checked.count, at: range)   // `T.zero` in a method of its own `T`
            (nodes, labels) = (checked + passed.nodes, labels + passed.labels)
            result = signature.result
        } else {
            nodes = args.map { expr($0.value) }
        }
        return Typed(selfMethodCall(local, key, nodes, labels, range: range), result)
    }

    private func selfMethodCall(_ local: Local, _ name: String, _ nodes: [Node], _ labels: [String?], range: SourceRange) -> Node {
        if context.isMutating, case .slot(let s) = local.binding, context.kind != .closure {
            return .callMutating(.local(s), Name(name), nodes, labels, range)
        }
        // A `mutating` method's `self` shared with its closures (`xs.forEach { push($0) }`): changed in its cell.
        if case .cell(let s) = local.binding, selfIsMutable(), !selfIsReference() { return .callMutating(.cell(s), Name(name), nodes, labels, range) }
        return .callMethod(read(local.binding), Name(name), nodes, labels, range)
    }

    /// `Self.sides` in a class's instance code, `type(of: shape).sides`, `Self.make()`: the class member of the instance's
    /// own class — a subclass's `override class var sides` — found when the program runs, through the type the instance
    /// has (`Interpreter.programStatic`). Nil where no subclass declares a class member of that name (then the static one
    /// is the only one, and is read as any static is).
    func typedDynamicClassStatic(_ base: Expr, _ name: String, _ args: [Argument]?, range: SourceRange) -> Typed? {
        let instance: Expr
        switch base.kind {
        case .identifier("Self") where lookupLocal("Self") == nil && lookupLocal("self") != nil: instance = Expr(.self, base.range)
        case .call(let callee, let arguments) where arguments.count == 1 && arguments[0].label == "of":
            guard case .identifier("type") = callee.kind, lookupLocal("type") == nil, globals["type"] == nil else { return nil }
            instance = arguments[0].value
        default: return nil
        }
        guard case .record(let r) = quietly({ typed(instance) }).type, r.isReference, r.template == nil else { return nil }
        func instanceType() -> Node { .callBuiltin(.typeOf, [expr(instance), .constant(.string(r.root.name))], ["of", nil], base.range) }
        // `type(of: self).init(sides: 2)`, `Self(sides: 2)`: an `init` of the instance's own class, by its labels; checked
        // as the class's (whose `required` ones its subclasses have), made by the instance's.
        if name == "init", let args {
            let checked = typedCall(Expr(.identifier(r.name), range), args, expected: nil, range: range)
            return Typed(.callMethod(instanceType(), Name(name), quietly { args.map { expr($0.value) } }, args.map(\.label), range), checked.type)
        }
        guard let key = inheritedStaticKey(r.root.name, name), isOverriddenInSubclass(r, name) else { return nil }
        let type = instanceType()
        let isGetter = staticGetterKeys.contains(key)
        guard let args, !isGetter else {
            return Typed(.member(type, Name(name), range), isGetter ? functionSignatures[key]?.result ?? .any : globalTypes[key] ?? .any)
        }
        let call = typedCall(Expr(.identifier(key), range), args, expected: nil, range: range)   // checked as the static's call
        let nodes: [Node?]
        switch call.node {
        case .callGlobal(_, let given, _), .callFunction(_, let given, _): nodes = given
        case .callFunction1(_, let given, _): nodes = [given]
        default: return nil
        }
        guard !nodes.contains(where: { $0 == nil }) else { return nil }   // a default left out: the static one's call
        return Typed(.callMethod(type, Name(name), nodes.compactMap { $0 }, args.map(\.label), range), call.type)
    }

    /// Whether a subclass of class `type` declares its own class member `name`.
    func isOverriddenInSubclass(_ type: RecordType, _ name: String) -> Bool {
        classDecls.keys.contains { sub in
            sub != type.name && globals[Resolver.staticKey(sub, name)] != nil && program.records[sub]?.isSubclass(of: type) == true
        }
    }
}

extension Resolver {
    /// A struct's `self` changed (`x = 1`, `self.x += 1`) in a method that is not `mutating`: swiftc's error. (A closure
    /// inside a `mutating` method changes the method's own `self`: `closuresChangeSelf`.)
    func selfChanged(at range: SourceRange) {
        if !selfIsMutable() { return constantChanged(.assignToConstant("self", property: true), "self", at: range) }
    }

    /// A read of `self` in a type's code (an escaping closure's of a `mutating` method's is swiftc's error).
    func selfNode(at range: SourceRange) -> Node? {
        guard selfKind() != nil, let local = lookupLocal("self") else { return nil }
        checkInoutCapture(local, "self", at: range)
        // `[unowned self]`'s (`weakLocal`): the variable's value, an error to read once the instance has gone.
        if let access = local.accessedAs { return expr(accessedValue(access, at: range)) }
        return read(local.binding)
    }

    /// A method's `self`, in slot 0: a variable in a `mutating` one — its struct's value passed `inout`, so a closure
    /// that escapes may not capture it (`checkInoutCapture`) — shared with its closures when they change it.
    func selfLocal(isMutating: Bool, in ctx: Context) -> Local {
        var local = Local(binding: isMutating && closuresChangeSelf(ctx) ? .cell(0) : .slot(0), isConstant: !isMutating, range: .none)
        local.isInoutParameter = isMutating && valueSelf(ctx.selfKind) != nil
        return local
    }

    /// Whether a closure or nested function in the body of `ctx` (a `mutating` method's) names `self` or one of its
    /// members (`xs.forEach { total += $0 }`): then the method's `self` is a cell the closure shares (made when the
    /// closure is), so what the closure changes is what the method writes back (`callMutatingMethod`), as Swift's
    /// `inout` `self` is.
    func closuresChangeSelf(_ ctx: Context) -> Bool {
        guard let kind = valueSelf(ctx.selfKind) else { return false }
        return ctx.capturedNames.contains { $0 == "self" || declaresMember(kind, $0) }
    }

    /// The kind, when its `self` is a value (a struct's, an enum's): what a `mutating` method has `inout`.
    func valueSelf(_ kind: SelfKind?) -> SelfKind? {
        switch kind {
        case .record(let r)? where !r.isReference: return kind
        case .enumeration?: return kind
        default: return nil
        }
    }

    /// Whether a bare `name` in the code of a type of this kind is one of its members (`implicitSelfMember`).
    func declaresMember(_ kind: SelfKind, _ name: String) -> Bool {
        switch kind {
        case .record(let r): return r.fieldIndex[name] != nil || r.memberTypes.computed[name] != nil || r.memberTypes.methods[name] != nil
        case .enumeration(let e):
            return e.memberTypes.computed[name] != nil || e.memberTypes.methods[name] != nil || (name == "rawValue" && e.rawType != nil) || name == "title"
        case .intent(let i):
            return i.parameterIndex[name] != nil || i.dependencies.contains { $0.name == name } || i.constants.contains { $0.name == name }
                || i.methods[name] != nil || intentDeclaresMember(i, name)
        }
    }

    /// Whether `self` may change here: in a `mutating` method (or an `init`), and in the closures inside one, which Swift
    /// lets change it when they do not escape.
    func selfIsMutable() -> Bool {
        var ctx: Context? = context
        while let c = ctx {
            if c.kind != .closure { return c.isMutating || c.isInitializer }
            ctx = c.parent
        }
        return false
    }
}
