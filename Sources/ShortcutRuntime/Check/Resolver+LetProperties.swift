import ShortcutSyntax

/// `let`s: a type's `let` properties, set by its `init`, never changed after (swiftc's "cannot assign to property"),
/// whether named through `self` or alone in a method, or changed through (`origin.x = 1` changes `origin`); and a change
/// to part of a `let` variable or `static let` that holds a value.
extension Resolver {
    /// The name a call's callee goes by in Swift's messages (`f` in `f()`, `h` in `h()` for a closure in `h`).
    func calleeName(_ callee: Expr) -> String? {
        switch callee.kind {
        case .identifier(let name): return name
        case .member(_, let name, _): return name
        default: return nil
        }
    }

    /// A `let` property of `r` changed is an error, but in an `init`.
    func checkConstant(_ r: RecordType, _ name: String, initializing: Bool, _ use: PlaceUse, at range: SourceRange) {
        guard let i = r.fieldIndex[name], r.fields[i].isConstant, !initializing, use.changes(r.fields[i].type) else { return }
        constantChanged(.assignToConstant(name, property: true), name, at: range)
    }

    /// `f(&s.v)`, `f(&v)` in a method, for a `let v` of the type: a `let` property passed `inout` (an assignment's is
    /// `placeType`'s check).
    func checkLetMember(_ place: Expr) {
        switch place.kind {
        case .member(let base, let name, let nameRange):
            guard case .record(let r) = quietly({ placeType(resolvingSelf(base)) }) else { return }
            let initializing = if case .self = base.kind { context.name.hasSuffix(".init") } else { false }
            checkConstant(r, name, initializing: initializing, .assigned, at: nameRange)
        case .identifier(let name) where lookupLocal(name) == nil && implicitSelfMember(name, at: .none) != nil:
            if case .record(let r) = selfType() { checkConstant(r, name, initializing: context.name.hasSuffix(".init"), .assigned, at: place.range) }
        default: return
        }
    }

    /// `weak var a: Int?`: `weak` and `unowned` need a class's type (or a class-bound protocol's), optional or not;
    /// `weak` an optional one. For a `weak var`'s storage (`PropertyWrappers.weakAsWrapped`), the property's own type.
    func checkOwnership(_ v: VarDecl, _ type: ScriptType?) {
        guard let ownership = v.ownership, let type = v.wrapper?.wrapped?.type.map({ resolveType($0) }) ?? type, !type.isUnknown else { return }
        if let written = v.wrapper?.wrapped?.type ?? v.type, namesAnyObject(written) { return }   // `AnyObject` is an `Any` here
        let held = type.wrapped ?? type
        guard isReferenceType(held) || held.isUnknown else {
            return error(.ownershipNeedsClass(ownership, type: held.description), at: v.nameRange)
        }
        if ownership == "weak", !type.isOptional { error(.weakNeedsOptional(type: type.description), at: v.nameRange) }
    }

    /// The type written is `AnyObject`, or an optional of it.
    func namesAnyObject(_ t: TypeRef) -> Bool {
        switch t.kind {
        case .named(let n): return n == "AnyObject"
        case .optional(let wrapped): return namesAnyObject(wrapped)
        default: return false
        }
    }

    enum Changer {
        case mutatingOperator(SourceRange)
        case inoutArgument(SourceRange)
        /// `xs[0] = 1`: an assignment through the subscript whose `[` is here.
        case subscriptAssignment(SourceRange)
    }

    /// Checks a place that the compound assignment operator at `op` changes (nil: `=`), or an `inout` argument.
    func changing<T>(by op: SourceRange?, inoutAt ampersand: SourceRange? = nil, _ body: () -> T) -> T {
        let outer = changer
        changer = op.map { .mutatingOperator($0) } ?? ampersand.map { .inoutArgument($0) }
        defer { changer = outer }
        return body()
    }

    /// A `let` (or a part of one) changed: by `=`, `assigned` at the place; by a compound operator (`+=`), swiftc's
    /// "left side of mutating operator isn't mutable" at the operator; by `&` (`f(&k)`), "cannot pass immutable value as
    /// inout argument" there.
    func constantChanged(_ assigned: DiagnosticMessage, _ name: String, at range: SourceRange) {
        switch changer {
        case .mutatingOperator(let op)?: error(.mutatingOperatorOnConstant(name), at: op)
        case .inoutArgument(let ampersand)?: error(.immutableInoutArgument(name), at: ampersand)
        case .subscriptAssignment(let bracket)?: error(.assignToPropertyOfConstant(name, throughSubscript: true), at: bracket)
        case nil: error(assigned, at: range)
        }
    }

    /// A change to a computed property or variable without a setter: at the operator of `+=`, else at the name.
    func getOnlyChanged(_ name: String, value: Bool = false, immutable: Bool = false, at range: SourceRange) {
        if case .mutatingOperator(let op)? = changer {
            error(.getOnlyProperty(name, mutatingOperator: true, immutable: immutable), at: op)
        } else {
            error(.getOnlyProperty(name, value: value, immutable: immutable), at: range)
        }
    }

    /// A type's `mutating` method, noted by name (a call of one on a `let` value is refused); on a class, swiftc's error:
    /// a class's methods change its instance through the reference.
    func noteMutating(_ name: String, at range: SourceRange, ofClass: Bool) {
        if ofClass { error(.mutatingInClass, at: range) } else { mutatingMethodNames.insert(name) }
    }

    /// `s.a = 2`, `p.items[0] = 1`: a change to part of a `let` holding a value is refused, as in Swift; not through a reference.
    func checkConstantRoot(_ target: Expr) {
        // `s?.n = 1` of a `let s: S?`: the place the chain changes, as `s!.n` would be.
        var target = target
        if case .optionalChain(let inner) = target.kind { target = inner }
        let (root, links) = placeLinks(target)
        // The member named last (`xs` in `outer.xs[0]`): where the error points.
        let lastName = links.lazy.compactMap { link -> SourceRange? in
            if case .member(_, _, let nameRange) = link.kind { return nameRange }
            return nil
        }.first
        guard let lastName else { return }
        // `a.y = 3` for a get-only `y`: that is the error Swift gives, not the `let` (`lvalue` reports it).
        if case .member(let base, let name, _) = target.kind, isGetOnly(name, of: quietly({ placeType(base) })) { return }
        // `u.name = "b"` of a `let name`: swiftc names the property (`placeType` reports it), not the `let u` it is in.
        if case .member(let base, let name, _) = target.kind, case .record(let r) = quietly({ placeType(base) }), let i = r.fieldIndex[name],
           r.fields[i].isConstant { return }
        var throughSubscript = false
        if case .subscript = target.kind { throughSubscript = true }
        if case .call(let callee, _) = root.kind {
            if allValues([root] + links.dropFirst().reversed()) {
                error(.assignToCallResult(function: calleeName(callee), throughSubscript: throughSubscript), at: lastName)
            }
            return
        }
        if let name = constantRoot(of: target) {
            // Through a subscript, at its `[` (`p.xs[0] = 5`), as swiftc; else at the member named last.
            let at = if case .subscript(let base, _) = target.kind { target.range.after(base.range) } else { lastName }
            constantChanged(.assignToPropertyOfConstant(name, throughSubscript: throughSubscript), name, at: at)
        }
    }

    /// `xs.count = 3`, `xs.first?.a = 4`: a standard type's property (read only) assigned, or assigned through — said
    /// at the name assigned, as swiftc does.
    func checkStandardProperty(_ target: Expr) {
        var e = target
        if case .optionalChain(let inner) = e.kind { e = inner }
        guard case .member(let base, let name, let nameRange) = e.kind else { return }
        func isStandardProperty(_ base: Expr, _ name: String) -> Bool {
            let type = quietly { placeType(base) }
            switch type {
            case .array, .dictionary, .set, .string, .int, .double, .bool, .character, .substring, .range: return memberType(type, name) != nil
            default: return false
            }
        }
        if name == "rawValue", case .enumeration(let e) = quietly({ placeType(base) }), e.rawType != nil {
            getOnlyChanged(name, immutable: true, at: nameRange)   // `e.rawValue = 2`: a `let` of RawRepresentable's
        } else if isStandardProperty(base, name) {
            getOnlyChanged(name, at: nameRange)
        } else if case .bindOptional(let b) = base.kind, case .member(let inner, let innerName, _) = b.kind, isStandardProperty(inner, innerName) {
            getOnlyChanged(innerName, at: nameRange)
        }
    }

    /// `self = …` outside a `mutating` method or an `init` of a struct or an enum, or anywhere in a class: swiftc's error.
    func checkSelfAssignment(_ target: Expr) {
        guard case .self = target.kind, selfKind() != nil, selfIsReference() || !selfIsMutable() else { return }
        constantChanged(.assignToConstant("self"), "self", at: target.range)
    }

    /// The `let` that the place `target` is a part of, changed with it: a local's or global's name, or a `static let`'s
    /// on the way (`S.shared.n`); nil when there is none, or a reference (or a type not known) on the way lets the change
    /// through.
    func constantRoot(of target: Expr) -> String? {
        let (root, links) = placeLinks(target)
        let staticRoot = links.indices.dropFirst().last { i in
            if case .member(let base, let name, _) = links[i].kind, let key = staticKey(base, name), case .variable? = globals[key] { return true }
            return false
        }
        if let staticRoot, case .member(let base, let name, _) = links[staticRoot].kind, let key = staticKey(base, name) {
            guard case .variable(_, true, _)? = globals[key] else { return nil }
            return allValues(links[1...staticRoot].reversed()) ? name : nil
        }
        guard case .identifier(let name) = root.kind else { return nil }
        let isConstant: Bool
        if let local = lookupLocal(name) { isConstant = local.isConstant } else if case .variable(_, let c, _)? = globals[name] { isConstant = c } else { return nil }
        return isConstant && allValues([root] + links.dropFirst().reversed()) ? name : nil
    }

    /// Whether each of these places holds a value, not a reference (nor a type not known).
    private func allValues(_ bases: [Expr]) -> Bool {
        quietly {
            bases.allSatisfy { e -> Bool in
                switch placeType(e) {
                case .any, .intent, .function: return false
                case .record(let r): return !r.isReference
                case .existential(let p): return !isClassBound(p)
                default: return true
                }
            }
        }
    }
}

/// How an assignment uses a place on its way to the target: the target itself, or a place it changes through — and
/// whether that changes the place depends on the types on the way (a class instance's member is changed on the
/// instance, not where the reference is held: `first.next = n` for a `let first: Task` is Swift).
indirect enum PlaceUse {
    /// The assignment's target.
    case assigned
    /// The base of `.name`, used as `use` says.
    case member(String, PlaceUse)
    /// The base of a subscript, used as `use` says.
    case element(PlaceUse)
    /// The optional under `!` or `?`.
    case unwrapped(PlaceUse)

    /// Whether a place of `type` is changed. What the checker does not know is taken as not changed.
    func changes(_ type: ScriptType?) -> Bool {
        switch self {
        case .assigned: return true
        case .unwrapped(let use): return use.changes(type?.wrapped ?? type)
        case .member(let name, let use):
            guard case .record(let r)? = type, !r.isReference, let i = r.fieldIndex[name] else { return false }
            return use.changes(r.fields[i].type)
        case .element(let use):
            switch type {
            case .array(let e)?: return use.changes(e)
            case .dictionary(_, let v)?: return use.changes(.optional(v))
            default: return false
            }
        }
    }
}
