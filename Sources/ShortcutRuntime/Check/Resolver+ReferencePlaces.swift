import ShortcutSyntax

/// Places changed through a reference: a member of a class instance an expression yields (`current!.state = s`,
/// `a.b?.c += 1`), or of a store or an intent's dependency (`Store.shared.count += 1`), changed where the instance is —
/// nothing is written back.
extension Resolver {
    /// The place a member of `base` is changed through, as the reference it yields; `a.b?.c += 1`: nothing happens
    /// when `a.b` is nil.
    func throughReference(_ base: Expr) -> LValue {
        if case .bindOptional(let inner) = base.kind { return .optional(.reference(expr(inner), inner.range), base.range) }
        return .reference(expr(base), base.range)
    }

    /// `Store.shared`, a dependency: changes go to the one instance.
    func isReferenceRoot(_ e: Expr) -> Bool {
        switch e.kind {
        case .member(let b, "shared", _):
            if case .identifier(let n) = b.kind, case .record(let r, _, _)? = globals[n], r.kind == .store { return true }
            return false
        case .identifier(let name):
            if case .intent(let i)? = selfKind(), i.dependencies.contains(where: { $0.name == name }) { return true }
            return false
        default: return false
        }
    }

    /// An expression other than a variable whose value is a class instance (`current!`, `nodes[i]`, `a.next`): a
    /// member of it is changed through the reference the expression yields, read first — as Swift reads it,
    /// so `current!.state = f()` stops at the `!` before calling `f` — and nothing is written back.
    func yieldsClassInstance(_ e: Expr) -> Bool {
        switch e.kind {
        case .self: return false
        case .identifier(let name) where lookupLocal(name) != nil: return false
        case .identifier(let name): if case .variable? = globals[name] { return false }
        default: break
        }
        if case .record(let r) = quietly({ placeType(e) }) { return r.kind == .class }
        // An element a subscript of the program's own gives (`registry[0].count += 1`): its getter's result.
        if case .subscript = e.kind, case .record(let r) = quietly({ typed(e).type }) { return r.kind == .class }
        return false
    }

    /// A type of the program's own with a subscript that has no setter: what it gives is a value, not a place.
    func hasGetOnlySubscript(_ type: ScriptType) -> Bool {
        guard let members = declaredMembers(of: type) else { return false }
        return members.methods[Parser.subscriptGetter] != nil && members.methods[Parser.subscriptSetter] == nil
    }
}
