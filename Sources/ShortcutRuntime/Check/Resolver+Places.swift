import ShortcutSyntax

extension Resolver {
    // MARK: Places

    /// `(a, b) = (b, a + b)`: the value is made whole first, then each element goes to its place, left to right, as in
    /// Swift (`_` drops one; a nested tuple is taken apart the same way). The value waits in a local no one can name.
    func tupleAssignment(_ targets: [Expr], _ value: Expr, _ range: SourceRange) -> [Statement] {
        let expected = ScriptType.tuple(targets.map { target in isDiscard(target) ? .any : quietly { placeType(target) } },
                                        labels: targets.map { _ in nil })
        let made = typed(value, expected)
        switch made.type {
        case .tuple(let elements, _) where elements.count == targets.count: break
        case let t where t.isUnknown: break
        default:
            error(.cannotConvert(actual: made.type.description, expected: expected.description, site: .assigned), at: value.range)
            return []
        }
        guard let (name, slot) = hiddenLocal("tuple", range: range, type: made.type) else { return [] }
        var out: [Statement] = [.initLocal(slot, made.node, nil, name: name, range)]
        // An element's error points at it where the value is written as a tuple.
        var ranges = targets.map { _ in value.range }
        if case .tuple(let written) = value.kind, written.count == targets.count { ranges = written.map(\.range) }
        for (i, target) in targets.enumerated() where !isDiscard(target) {
            let element = Expr(.member(Expr(.identifier(name), ranges[i]), String(i), nameRange: ranges[i]), ranges[i])
            out += statement(Stmt(.assign(target, .assign, element), target.range))
        }
        return out
    }

    /// A computed property of the program's own types (no stored property of that name): it can be read, not assigned.
    func isGetOnly(_ name: String, of type: ScriptType) -> Bool {
        switch type {
        case .record(let r): return r.fieldIndex[name] == nil && r.memberTypes.isGetOnly(name)
        case .enumeration(let e): return e.memberTypes.computed[name] != nil
        case .intent(let i): return i.parameterIndex[name] == nil && i.memberTypes.computed[name] != nil
        case .existential(let p): return existentialMembers(p).types.isGetOnly(name)
        default: return false
        }
    }

    /// `_` where a place would be.
    func isDiscard(_ e: Expr) -> Bool {
        if case .identifier("_") = e.kind { return true }
        return false
    }

    /// The place an assignment or mutating call changes. Reports what cannot be assigned.
    func lvalue(_ e: Expr, reportErrors: Bool = true) -> LValue? {
        noteLazyPlace(e)
        switch e.kind {
        case .identifier(let name):
            if reportErrors { checkInitialized(name, at: e.range, byReference: true) }
            if let local = lookupLocal(name) {
                if reportErrors { checkInoutCapture(local, name, at: e.range) }
                if let access = local.accessedAs { return lvalue(accessedValue(access, at: e.range), reportErrors: reportErrors) }
                if local.isGetter {
                    if reportErrors { getOnlyChanged(name, value: true, at: e.range) }
                    return nil
                }
                if local.isConstant, reportErrors { constantChanged(.assignToConstant(name), name, at: e.range) }
                switch local.binding {
                case .slot(let s): return .local(s)
                case .cell(let s): return .cell(s)
                case .discard: return nil
                }
            }
            if implicitSelfMember(name, at: e.range) != nil, let selfLocal = lookupLocal("self") {
                // In a closure's `[unowned self]` (`weakLocal`): `self.name`, through that variable.
                if selfLocal.accessedAs != nil { return lvalue(Expr(.member(Expr(.self, e.range), name, nameRange: e.range), e.range), reportErrors: reportErrors) }
                if reportErrors { checkInoutCapture(selfLocal, "self", at: e.range) }
                if reportErrors, isGetOnly(name, of: selfType()) {
                    // An intent's own property is its value's, and `perform` does not change the intent, as in Swift.
                    if case .intent = selfType() { error(.mutatingInNonMutating(name), at: e.range) } else { getOnlyChanged(name, at: e.range) }
                } else if case .record(let r)? = selfKind(), !r.isReference, reportErrors {
                    selfChanged(at: e.range)
                }
                let root: LValue
                switch selfLocal.binding {
                case .slot(let s): root = selfIsReference() || !context.isMutating ? .reference(.local(s), e.range) : .local(s)
                // A struct's `self` a `mutating` method shares with its closures: changed in the cell (`closuresChangeSelf`).
                case .cell(let s): root = selfIsReference() || !selfIsMutable() ? .reference(.cell(s), e.range) : .cell(s)
                case .discard: return nil
                }
                return .member(root, selfPlaceName(name), e.range)
            }
            if let key = bareStaticKey(name) { return lvalue(Expr(.identifier(key), e.range), reportErrors: reportErrors) }
            if staticGetterKeys.contains(name) {
                if reportErrors { getOnlyChanged(String(name.split(separator: ".").last ?? ""), value: !name.contains("."), at: e.range) }
                return nil
            }
            if case .variable(let slot, let isConstant, _)? = globals[name] {
                if isConstant, reportErrors {   // `Limits.most = 3`: a static property (keyed by its type's name), as Swift says
                    let last = name.split(separator: ".").last.map(String.init) ?? name
                    constantChanged(.assignToConstant(last, property: name.contains(".")), last, at: e.range)
                }
                noteGlobalUse(name)
                // A variable with observers or a setter: its hidden instance's property, changed through them.
                if let property = boxedGlobals[name] { return .member(.reference(.global(slot), e.range), Name(property), e.range) }
                return .global(slot)
            }
            if reportErrors {
                if case .function? = globals[name] { error(.assignToFunction(name), at: e.range) } else { unknownName(name, at: e.range) }
            }
            return nil
        case .dollarIndex(let i):
            // A closure's `$0` is a constant, unless the closure is given it to change (`reduce(into:)`).
            return lvalue(Expr(.identifier("$\(i)"), e.range), reportErrors: reportErrors)
        case .self:
            if reportErrors, let local = lookupLocal("self") { checkInoutCapture(local, "self", at: e.range) }
            // `[weak self]`'s (`weakLocal`): the weak variable's value.
            if let access = lookupLocal("self")?.accessedAs { return lvalue(accessedValue(access, at: e.range), reportErrors: reportErrors) }
            switch lookupLocal("self")?.binding {
            case .slot(let s)?: return .local(s)
            case .cell(let s)?: return .cell(s)   // in a closure inside a `mutating` method (`selfIsMutable`)
            default:
                if reportErrors { error(.selfOutsideType, at: e.range) }
                return nil
            }
        case .member(let base, let name, let nameRange):
            let base = resolvingSelf(base)
            if reportErrors {
                let baseType = quietly { placeType(base) }
                checkSetterAccess(baseType, name, at: nameRange)
                checkActorIsolation(base, baseType, name, mutating: true, at: nameRange)   // `counter.n = 0` outside the actor
            }
            if let key = staticKey(base, name) {
                if reportErrors, case .identifier(let owner) = base.kind { checkStaticSetterAccess(owner: owner, name, at: nameRange) }
                // A get-only or `let` static is reported at its name, as swiftc reports it.
                var pointsAtName = staticGetterKeys.contains(key)
                if case .variable(_, true, _)? = globals[key] { pointsAtName = true }
                return lvalue(Expr(.identifier(key), pointsAtName ? nameRange : e.range), reportErrors: reportErrors)
            }
            // `S.a = 2` of an instance property (or none): swiftc's words, as for a read.
            if case .identifier(let typeName) = base.kind, lookupLocal(typeName) == nil, case .record(let r, _, _)? = globals[typeName],
               r.kind == .struct || r.kind == .class {
                if reportErrors {
                    if memberType(.record(r), name) != nil { error(.instanceMemberOnType(name, type: typeName), at: base.range) } else {
                        error(.unknownMember(name, type: typeName, suggestion: nil), at: nameRange)
                    }
                }
                return nil
            }
            if reportErrors, isGetOnly(name, of: quietly { placeType(base) }) { getOnlyChanged(name, at: nameRange) }
            // `spots[0].x = 1`: a value a get-only subscript of the program's own gives is no place (a class instance is).
            if reportErrors, case .subscript(let owner, _) = base.kind, hasGetOnlySubscript(quietly { placeType(resolvingSelf(owner)) }), !isReferenceType(quietly { typed(base).type }) {
                if case .mutatingOperator(let op)? = changer { error(.getOnlySubscriptMember(mutatingOperator: true), at: op) } else { error(.getOnlySubscriptMember(mutatingOperator: false), at: nameRange) }
                return nil
            }
            // `self.x = 1` in a struct's method that is not `mutating`, as `x = 1` is.
            if reportErrors, case .self = base.kind, case .record(let r)? = selfKind(), !r.isReference { selfChanged(at: nameRange) }
            if isReferenceRoot(base) || yieldsClassInstance(base) {
                return .member(throughReference(base), placeName(name, of: base), e.range)
            }
            // Its indices are checked as any place's are (`xs["k"].x = 1` is an error here, not when it runs).
            if isMutablePlace(base), let root = lvalue(base, reportErrors: reportErrors) {
                return .member(root, placeName(name, of: base), e.range)
            }
            if case .identifier(let n) = base.kind, let local = lookupLocal(n), local.isConstant {
                // Through a `let`: fine for references (stores), an error for values — decided when it runs.
                return .member(.reference(read(local.binding), base.range), Name(name), e.range)
            }
            return .member(throughReference(base), Name(name), e.range)
        case .subscript(let base, let args):
            // `xs[0] = 1` of a `let xs`: said at the `[`, as swiftc ("cannot assign through subscript").
            let bracket = e.range.after(base.range), outer = changer
            if outer == nil { changer = .subscriptAssignment(bracket) }
            let root = lvalue(base, reportErrors: reportErrors)
            changer = outer
            guard let root else { return nil }
            let baseType = quietly { placeType(base) }
            // `s[i] = "x"`, `set[0] = 1`: a String's and a Set's are get-only (said at the `[`, as swiftc).
            if reportErrors, baseType.isText || { if case .set = baseType { true } else { false } }() { error(.getOnlySubscript, at: bracket) }
            if reportErrors, let members = declaredMembers(of: baseType), customSubscript(of: baseType) == nil {
                // A subscript of the program's own that a place goes through: it needs a setter, and one unlabelled index.
                if members.methods[Parser.subscriptGetter] == nil {
                    error(.noSubscript(type: baseType.description), at: e.range)
                } else {
                    error(members.methods[Parser.subscriptSetter] == nil ? .getOnlySubscript : .wrongArgumentCount(callee: "subscript", expected: 1, got: args.count),
                          at: bracket)
                }
            }
            if let (key, value) = defaultSubscript(args, of: baseType) { return .subscriptDefault(root, key, default: value, e.range) }
            // The index is checked against the collection's, as a read's is: an array's `Int`, a dictionary's key.
            var indexType: ScriptType?
            switch baseType {
            case .array: indexType = .int
            case .dictionary(let k, _): indexType = k
            default: indexType = customSubscript(of: baseType)?.setter.types.first
            }
            if reportErrors, let indexType, args.count == 1, args[0].label == nil {
                let index = typed(args[0].value, indexType)
                if case .array = baseType, case .range = index.type { return .subscript(root, index.node, e.range) }
                return .subscript(root, fit(index, to: indexType, site: .argument, at: args[0].value.range), e.range)
            }
            return .subscript(root, subscriptIndex(args, e.range), e.range)
        case .forceUnwrap(let base):
            guard let root = lvalue(base, reportErrors: reportErrors) else { return nil }
            return .forceUnwrap(root, e.range)
        case .bindOptional(let base):
            guard let root = lvalue(base, reportErrors: reportErrors) else { return nil }
            return .optional(root, e.range)
        case .optionalChain(let inner):
            return lvalue(inner, reportErrors: reportErrors)
        default:
            if reportErrors { error(.invalidAssignmentTarget, at: e.range) }
            return nil
        }
    }

    /// The value of an assignment, fitted to the place's type when the place's type is known.
    func assignedValue(_ value: Expr, to target: Expr, op: AssignOp, range: SourceRange) -> Node {
        let placeType = self.placeType(target)
        guard let arithmetic = op.binary else {
            let site: ConversionSite = if case .subscript = target.kind { .subscriptAssigned } else { .assigned }
            return fit(typed(value, placeType), to: placeType, site: site, at: value.range)
        }
        var context: ScriptType?
        switch placeType {
        case .int, .double, .string, .substring, .typeParameter: context = placeType
        case .array where arithmetic == .add: context = placeType   // `xs += [.circle(radius: 1)]`
        default: context = nil
        }
        let t = typed(value, context)
        let floatingPoint = [BinaryOp.add, .subtract, .multiply, .divide].contains(arithmetic)   // `%=`, `&=`…: integers only
        switch (placeType, t.type) {
        case (.any, _), (_, .any), (.int, .int): return converted(t, to: placeType)
        case (.double, .double) where floatingPoint: return converted(t, to: placeType)
        case (.double, .int) where t.isIntegerLiteral && floatingPoint: return converted(t, to: .double)
        case (_, _) where arithmetic == .add && placeType.isText && t.type.isText: return t.node   // `line += word`, `+= sub`
        case (.typeParameter, _) where fits(t, placeType) && TypeParameters.supports(arithmetic, placeType.typeParameterProtocols ?? []):
            return t.node   // `total += x` of a `T: Numeric`
        case (.array(let e), .array(let f)) where arithmetic == .add && e.agrees(with: f): return t.node
        // `chars += "yz"`: a text is a sequence of its characters, appended as an array of them.
        case (.array(.character), _) where arithmetic == .add && t.type.isText: return .callBuiltin(.array, [t.node], [nil], value.range)
        case (.double, _) where floatingPoint, (_, _) where arithmetic == .add && placeType.isText, (.int, _):   // `n += 1.5`: does not fit
            error(.cannotConvert(actual: t.type.description, expected: placeType.description, site: .argument), at: value.range)
            return t.node
        case (.optional(let w), _) where (w.isNumeric || w.isText) && fits(t, w):   // `o += 1` of an `Int?`: swiftc's words, at `o`
            error(.mustUnwrap(optional: placeType.description, wrapped: w.description), at: anchor(of: target))
            return t.node
        default:
            error(.binaryOperands(op: op.rawValue, lhs: placeType.description, rhs: t.type.description), at: operatorRange(op.rawValue, after: target, before: value))
            return t.node
        }
    }

    /// The static type of an assignable place, when the checker knows it; a member the type lacks is reported here, and
    /// a `let` property changed (`use`: how the place is changed, for one changed through).
    func placeType(_ target: Expr, use: PlaceUse = .assigned) -> ScriptType {
        switch target.kind {
        case .dollarIndex(let i):
            return lookupLocal("$\(i)")?.type ?? .any
        case .identifier(let name):
            if let local = lookupLocal(name) { checkInoutCapture(local, name, at: target.range); return local.type }
            if implicitSelfMember(name, at: target.range) != nil {   // `x = 2` in a method, for a `let x` of its type
                if case .record(let r) = selfType() { checkConstant(r, name, initializing: context.name.hasSuffix(".init"), use, at: target.range) }
                return ownFieldType(name) ?? memberType(selfType(), name) ?? .any
            }
            if let key = bareStaticKey(name) { return globalTypes[key] ?? .any }
            if case .variable? = globals[name] { return globalTypes[name] ?? .any }
            return .any
        case .self:
            // `[weak self]` in a capture list: an optional `self` inside the closure, as `typed` reads it.
            if let access = lookupLocal("self")?.accessedAs { return placeType(accessedValue(access, at: target.range), use: use) }
            if let s = lookupLocal("self"), s.type.isOptional { return s.type }
            return selfType()
        case .member(let base, let name, let nameRange):
            let base = resolvingSelf(base)
            if let key = staticKey(base, name) { return globalTypes[key] ?? .any }
            if case .identifier(let typeName) = base.kind, isTypeName(typeName) { return staticMemberType(typeName, name) }
            let baseType = placeType(base, use: .member(name, use))
            // An `init` sets its type's `let` properties through `self`.
            let initializingSelf: Bool
            if case .self = base.kind { initializingSelf = context.name.hasSuffix(".init") } else { initializingSelf = false }
            if case .record(let r) = baseType { checkConstant(r, name, initializing: initializingSelf, use, at: nameRange) }
            return ownFieldType(name, through: base) ?? checkedMemberType(baseType, name, nameRange: nameRange, base: base)
        case .subscript(let base, let args):
            let baseType = placeType(base, use: .element(use))
            switch baseType {
            case .array(let e): return e
            case .dictionary(_, let v): return args.count == 2 && args[1].label == "default" ? v : .optional(v)
            default: return customSubscript(of: baseType)?.getter.result ?? .any
            }
        case .forceUnwrap(let base), .bindOptional(let base):
            let t = placeType(base, use: .unwrapped(use))
            if case .bindOptional = target.kind, !t.isOptional, !t.isUnknown {   // `n? += 1` on an `Int`, as on a read
                error(.optionalChainOnNonOptional(type: t.description), at: Self.question(of: target.range))
            }
            return t.wrapped ?? (t.isUnknown ? .any : t)
        case .optionalChain(let inner):
            return placeType(inner, use: use)
        case .call(let callee, _):
            return callResultType(callee)
        default:
            return .any
        }
    }

    /// A place's links, outermost first (`.b`, `[0]`, `.a` in `f().a[0].b`), and what they start from (`f()`).
    func placeLinks(_ place: Expr) -> (root: Expr, links: [Expr]) {
        var links: [Expr] = []
        var root = place
        while true {
            switch root.kind {
            case .member(let base, _, _), .subscript(let base, _), .forceUnwrap(let base), .bindOptional(let base):
                links.append(root)
                root = base
            default:
                return (root, links)
            }
        }
    }

    /// What a call of a top-level function, a type's initializer or a closure in a variable gives, when the name alone
    /// says (every overload gives the same type): `makeNode().next = x` changes a class instance.
    func callResultType(_ callee: Expr) -> ScriptType {
        guard case .identifier(let name) = callee.kind else { return .any }
        if let local = lookupLocal(name) {
            if case .function(_, let result) = local.type { return result }
            return .any
        }
        switch globals[name] {
        case .variable?:
            if case .function(_, let result)? = globalTypes[name] { return result }
            return .any
        case .record(let r, _, _)?: return .record(r)
        case .function?:
            let results = (overloads[name] ?? [name]).compactMap { functionSignatures[$0]?.result }
            guard let first = results.first, results.allSatisfy({ $0.description == first.description }) else { return .any }
            return first
        default: return .any
        }
    }
}

extension Resolver {
    /// A place rooted in a `var` (a `let` root may only call non-mutating methods, or methods of references).
    func isMutablePlace(_ e: Expr) -> Bool {
        switch e.kind {
        case .identifier(let name):
            if let local = lookupLocal(name) { return !local.isConstant }
            if implicitSelfMember(name, at: e.range) != nil {
                return selfIsMutable() || selfIsReference()   // a closure inside a `mutating` method changes it too
            }
            if let key = bareStaticKey(name), case .variable(_, let isConstant, _)? = globals[key] { return !isConstant }
            if case .variable(_, let isConstant, _)? = globals[name] { return !isConstant }
            return false
        case .dollarIndex(let i):
            // `$0` of a closure given it to change (`reduce(into:) { $0.append($1) }`), as a named parameter would be.
            return lookupLocal("$\(i)").map { !$0.isConstant } ?? false
        case .self: return selfIsMutable()
        case .member(let b, let name, _):
            // A `static var` is a variable (`Tally.live.marks.append(1)`).
            if let key = staticKey(b, name), case .variable(_, let isConstant, _)? = globals[key] { return !isConstant }
            // A field of a class instance is changed through the reference, whatever holds it (`let n = Node()`).
            return isMutablePlace(b) || isReferenceRoot(b) || holdsReference(b)
        case .subscript(let b, _), .forceUnwrap(let b), .bindOptional(let b), .optionalChain(let b):
            return isMutablePlace(b) || isReferenceRoot(b)
        default: return false
        }
    }

    /// The expression's value is a class instance (or a store's): a reference.
    func holdsReference(_ e: Expr) -> Bool {
        let type = quietly { placeType(e) }
        return isReferenceType(type.wrapped ?? type)
    }

    func selfIsReference() -> Bool {
        switch selfKind() {
        case .record(let r)?: return r.isReference
        default: return false
        }
    }

    /// A mutating method needs a variable to change (a store is a reference: always fine).
    func checkMutable(_ base: Expr, _ type: ScriptType, _ name: String, at range: SourceRange) {
        if isReferenceType(type) { return }
        if case .member(let owner, let property, _) = base.kind, isGetOnly(property, of: quietly({ placeType(resolvingSelf(owner)) })) {
            return error(.mutatingOnImmutable(member: name, reason: "'\(property)' is a get-only property"), at: range)
        }
        if case .subscript(let owner, _) = base.kind, hasGetOnlySubscript(quietly({ placeType(resolvingSelf(owner)) })) {
            return error(.mutatingOnImmutable(member: name, reason: "subscript is get-only"), at: range)
        }
        if isMutablePlace(base) || isReferenceRoot(base) { return }
        let why: String
        switch base.kind {
        case .identifier(let n) where lookupLocal(n)?.isConstant == true || { if case .variable(_, true, _)? = globals[n] { return true }; return false }():
            why = "'\(n)' is a 'let' constant"
        case .identifier(let n) where implicitSelfMember(n, at: .none) != nil: why = "'self' is immutable"
        case .self: why = "'self' is immutable"
        case .dollarIndex(let i): why = "'$\(i)' is immutable"
        default:
            if case .self = placeLinks(base).root.kind {
                why = "'self' is immutable"   // `self.xs.append(1)` in a method that is not `mutating`
            } else if case .call(let callee, _) = placeLinks(base).root.kind {
                why = calleeName(callee).map { "'\($0)' returns immutable value" } ?? "function call returns immutable value"
            } else if let constant = constantRoot(of: Expr(.member(base, name, nameRange: range), range)) {
                why = "'\(constant)' is a 'let' constant"   // `p.xs.append(2)` for a `let p`
            } else {
                why = "it is not a variable"
            }
        }
        error(.mutatingOnImmutable(member: name, reason: why), at: range)
    }

    /// Subscripts take exactly one index (`xs[i]`, `d["k"]`).
    func subscriptIndex(_ args: [Argument], _ range: SourceRange) -> Node {
        guard args.count == 1, args[0].label == nil else {
            error(.wrongArgumentCount(callee: "subscript", expected: 1, got: args.count), at: range)
            for a in args { _ = expr(a.value) }
            return .constant(.null)
        }
        return expr(args[0].value)
    }
}
