import ShortcutSyntax

/// Swift's definite initialization of a struct's or class's stored properties: each `init` assigns every stored property
/// that has no initial value (an optional `var` starts as nil) on every way out of it — its end and each `return` — or
/// hands the work to another initialiser (`self.init(…)`); a subclass's assigns its own before `super.init`. The
/// properties pending are part of `uninitialized`, by where each is declared, so the branches of an `if`, a `switch`
/// or a `do` join them as they join a local's (`Resolver+Flow`). Reading a property before it is assigned, or calling a
/// method of `self` before all are, is swiftc's error too (`checkInitializedRead`, `checkSelfUsable`).
extension Resolver {
    /// The stored properties a struct's or class's `init` must assign, in the order declared (a subclass's own: those it
    /// inherits, `Inheritance` copied into its declaration, its superclass's `init` assigns).
    static func requiredProperties(of t: TypeDecl, _ type: RecordType) -> [(name: String, range: SourceRange)] {
        guard t.kind == .struct || t.kind == .class else { return [] }
        return t.members.properties.compactMap { p in
            guard case .variable(let v) = p.kind, case .name(let name, _) = v.pattern, v.initializer == nil, v.getter == nil,
                  !v.isLazy, v.wrapper == nil, type.superclass?.fieldIndex[name] == nil else { return nil }
            if !v.isConstant, case .optional? = v.type?.kind { return nil }   // `var note: String?` starts as nil
            return (name, v.nameRange)
        }
    }

    /// The properties the `init` being resolved must still assign.
    private var requiredHere: [(name: String, range: SourceRange)] {
        guard context.isInitializer, case .record(let r)? = context.selfKind else { return [] }
        return r.requiredProperties
    }

    /// At the start of an `init`'s body: every required property is pending.
    func beginInitializerFlow() {
        for p in requiredHere { uninitialized.insert(p.range) }
        if context.isInitializer, case .record(let r)? = context.selfKind, r.superclass != nil { uninitialized.insert(Resolver.superInitPending) }
    }

    /// In `uninitialized` while a subclass's `init` has not called its superclass's (a range of no file: no declaration's).
    static let superInitPending = SourceRange(file: -1, start: 0, end: 0)

    /// `x = v`, `self.x = v` or `(x, y) = t` (its `=` at `equals`) in an `init`: `x` (and `y`) are assigned from here on;
    /// `self = v`, all. A `let` property assigned where it may have been already, or that has an initial value, is
    /// swiftc's "may only be initialized once".
    func assignsProperty(_ target: Expr, at equals: SourceRange) {
        let name: String
        switch target.kind {
        case .identifier(let n) where lookupLocal(n) == nil: name = n
        case .member(let base, let n, _): guard case .self = base.kind else { return }; name = n
        case .tuple(let targets): return targets.forEach { assignsProperty($0, at: equals) }
        case .self: return delegatesInitialization()
        default: return
        }
        guard context.isInitializer, case .record(let r)? = context.selfKind, let i = r.fieldIndex[name] else { return }
        let isConstant = r.fields[i].isConstant && r.superclass?.fieldIndex[name] == nil
        if let p = r.requiredProperties.first(where: { $0.name == name }) {
            // Assigned on some way here (marked) or on every way (no longer pending).
            if isConstant, uninitialized.contains(Resolver.assignedMark(p.range)) || !uninitialized.contains(p.range) {
                error(.constantInitializedTwice("self." + name), at: equals)
            }
            uninitialized.remove(p.range)
        } else if isConstant, r.fields[i].hasDefault {
            error(.constantInitializedTwice("self." + name), at: equals)   // `let x = 1` assigned again
        }
    }

    /// A read of `self`'s property `name` in an `init`: an error while it is a stored property not assigned yet, or a
    /// computed one while any is not — a class's named by the property, a struct's as `self` (swiftc's words for each), at
    /// every such use and where swiftc puts it (a struct's computed property written `self.total`: at `self`, `selfAt`).
    func checkInitializedRead(_ name: String, at range: SourceRange, selfAt selfRange: SourceRange? = nil) {
        guard let r = typeWithPendingProperties else { return }
        if let p = requiredHere.first(where: { $0.name == name }) {
            guard uninitialized.contains(p.range) else { return }
            error(r.kind == .class ? .usedBeforeInitialized("self." + name, isConstant: false, use: "used") : .selfUsedBeforeInitialized(use: nil), at: range)
        } else if r.fieldIndex[name] == nil, r.memberTypes.computed[name] != nil {
            reportSelfUse("property access '\(name)'", of: r, at: range, selfAt: selfRange)
        }
    }

    /// A method of `self` called in an `init`: an error while a stored property is not assigned yet — at the method's name
    /// for a class, at `self` (`selfAt`, when written) for a struct, as swiftc puts them.
    func checkSelfUsable(inCallOf method: String, at range: SourceRange, selfAt selfRange: SourceRange? = nil) {
        guard let r = typeWithPendingProperties else { return }
        reportSelfUse("method call '\(method)'", of: r, at: range, selfAt: selfRange)
    }

    /// The struct or class whose `init` is being resolved, while a stored property of it is not assigned yet.
    private var typeWithPendingProperties: RecordType? {
        guard case .record(let r)? = context.selfKind, requiredHere.contains(where: { uninitialized.contains($0.range) }) else { return nil }
        return r
    }

    /// `self` used (`use`: a class's words for it) before its properties are assigned: named at the member for a class,
    /// as `self` — where it is written — for a struct.
    private func reportSelfUse(_ use: String, of r: RecordType, at range: SourceRange, selfAt selfRange: SourceRange?) {
        error(.selfUsedBeforeInitialized(use: r.kind == .class ? use : nil), at: r.kind == .class ? range : selfRange ?? range)
    }

    /// A body that calls `self.init(…)` at its top level: a convenience initialiser's.
    static func delegatesToSelf(_ body: Block) -> Bool {
        body.statements.contains { s in
            guard case .expression(let e) = s.kind, case .call(let callee, _) = e.kind, case .member(let base, "init", _) = callee.kind,
                  case .self = base.kind else { return false }
            return true
        }
    }

    /// `self.init(…)`: the other initialiser assigns everything.
    func delegatesInitialization() {
        for p in requiredHere { uninitialized.remove(p.range) }
        uninitialized.remove(Resolver.superInitPending)
    }

    /// A way out of an `init` (`return`, its end; `at` nil) or a call of the superclass's (`at` says which): every required
    /// property must be assigned there, as swiftc says; after a `super.init` they all are.
    func checkPropertiesAssigned(at range: SourceRange, superInit: String? = nil) {
        let pending = requiredHere.filter { uninitialized.contains($0.range) }
        guard !pending.isEmpty else { return }
        error(.uninitializedProperties(pending.map(\.name), at: superInit), at: range)
        delegatesInitialization()   // said once
    }

    /// A `return` in an `init`: every required property assigned, and `super.init` called unless Swift calls it itself
    /// (swiftc says so at the body's end, `checkInitializerEnd`).
    func checkReturnFromInitializer(at range: SourceRange) {
        checkPropertiesAssigned(at: range)
        if uninitialized.contains(Resolver.superInitPending) { context.returnsBeforeSuperInit = true }
    }

    /// The end of an `init`'s body: a subclass's ends in the superclass's `init()` it calls there, or that Swift calls
    /// itself — only where the body calls no `super.init` and the superclass's one designated `init` (one that calls no
    /// `self.init`) takes no arguments, or it declares none; then at each `return` too.
    func checkInitializerEnd(_ body: Block) {
        guard context.isInitializer else { return }
        let superclass: RecordType? = if case .record(let r)? = context.selfKind { r.superclass } else { nil }
        let designated = superclass?.initializers.filter { !Resolver.delegatesToSelf($0.decl.body) } ?? []
        let implicit = superclass?.initializers.isEmpty != false || designated.count == 1 && designated[0].decl.parameters.allSatisfy { $0.defaultValue != nil }
        let ends = !alwaysExits(body.statements)
        if ends { checkPropertiesAssigned(at: body.range.lastByte, superInit: superclass.map { _ in "implicitly generated super.init call" }) }
        if superclass != nil, context.callsSuperInit || !implicit,
           context.returnsBeforeSuperInit || ends && uninitialized.contains(Resolver.superInitPending) {
            error(.superInitNotCalled, at: body.range.lastByte)
        }
    }
}
