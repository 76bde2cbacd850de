import ShortcutSyntax

/// Actors (`actor Counter { var n = 0; func add() { … } }`): one instance's isolated state, which code outside the actor
/// reaches only by waiting (`await counter.add()`, `await counter.n`) and never changes (`counter.n = 1`): swiftc's
/// isolation errors, in its words. A `let` and a `nonisolated` member are reached as any other; the actor's own code
/// reaches its own state through `self` freely. When the program runs an actor is a class: everything runs in order here.
extension Resolver {
    /// Reports reaching `name` of `base` (of type `baseType`) from outside the actor, when it is an isolated member of one:
    /// read or called (`isMethod`, with the call's `labels`) without `await`, or changed (`mutating`).
    func checkActorIsolation(_ base: Expr, _ baseType: ScriptType, _ name: String, isMethod: Bool = false, labels: [String?] = [],
                             mutating: Bool = false, at nameRange: SourceRange) {
        guard case .record(let actor) = baseType, actor.isActor, !actor.nonisolated.contains(name) else { return }
        switch base.kind {
        case .self, .identifier("self"): return   // its own state, from its own code
        default: break
        }
        if !isMethod, let i = actor.fieldIndex[name], actor.fields[i].isConstant { return }   // a `let`: a value that never changes
        if !isMethod, actor.fieldIndex[name] == nil, actor.memberTypes.computed[name] == nil { return }   // not a property of its own
        // swiftc names a method with labels or none by its full name (`inc(by:)`, `inc()`), one of unlabelled ones by its base.
        let member = isMethod && (labels.isEmpty || labels.contains { $0 != nil }) ? compoundName(name, labels) : name
        let use: ActorIsolatedUse
        if mutating {
            use = .mutated
        } else if awaitMarks > 0 {
            return
        } else if asyncContext == .async || asyncContext == .unjudged && context.kind == .closure {
            use = .asynchronous   // a closure is taken to be a task's (`Task { counter.add() }`): one that may wait
        } else {
            let inActor = if case .record(let own)? = selfKind(), own.isActor { true } else { false }
            use = .synchronous(actorIsolated: inActor)
        }
        error(.actorIsolated(member: member, isMethod: isMethod, use: use), at: nameRange)
    }
}
