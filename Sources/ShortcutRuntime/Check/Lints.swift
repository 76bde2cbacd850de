import ShortcutSyntax

/// Reads a store method's body for writes to the store's own fields.
enum StoreWriteScanner {
    static func writes(_ statements: [Stmt], fields: Set<String>, mutating: Set<String>) -> Bool {
        statements.contains { writes($0, fields, mutating) }
    }

    static func writes(_ s: Stmt, _ fields: Set<String>, _ mutating: Set<String>) -> Bool {
        switch s.kind {
        case .assign(let target, _, _): return rootsInField(target, fields)
        case .expression(let e): return callsMutating(e, fields, mutating)
        case .if(_, let body, let e): return writes(body.statements, fields: fields, mutating: mutating) || (e.map { writes($0, fields, mutating) } ?? false)
        case .guard(_, let b), .while(_, let b), .forIn(_, _, _, let b), .repeat(let b, _), .block(let b):
            return writes(b.statements, fields: fields, mutating: mutating)
        case .switch(_, let cases): return cases.contains { writes($0.body.statements, fields: fields, mutating: mutating) }
        case .labeled(_, let inner): return writes([inner], fields: fields, mutating: mutating)
        case .do(let b, let catches):
            return writes(b.statements, fields: fields, mutating: mutating) || catches.contains { writes($0.body.statements, fields: fields, mutating: mutating) }
        default: return false
        }
    }

    static func rootsInField(_ e: Expr, _ fields: Set<String>) -> Bool {
        switch e.kind {
        case .identifier(let n): return fields.contains(n)
        case .member(let b, let n, _):
            if case .self = b.kind { return fields.contains(n) }
            return rootsInField(b, fields)
        case .subscript(let b, _), .forceUnwrap(let b), .bindOptional(let b), .optionalChain(let b): return rootsInField(b, fields)
        default: return false
        }
    }

    static func callsMutating(_ e: Expr, _ fields: Set<String>, _ mutating: Set<String>) -> Bool {
        guard case .call(let callee, _) = e.kind, case .member(let base, let name, _) = callee.kind else { return false }
        return mutating.contains(name) && rootsInField(base, fields)
    }
}

extension Resolver {
    /// A write whose root is a store gets a warning inside a snippet's perform (SPEC §6), and in top-level code or a flow's
    /// own statements, whose store changes are not saved (SPEC §5.7).
    func warnIfStoreWrite(_ target: Expr, detail: String) {
        if let writer = unsavedWriter, writesStore(target) {
            warning(.unsavedStoreWrite(writer: writer, detail: detail), at: target.range)
        }
        if let snippet = snippetPerform, context.selfKind != nil || context.kind == .closure, writesStore(target) {
            warning(.snippetWritesStore(snippet: snippet.name, detail: detail), at: target.range)
        }
    }

    /// Whether a place's root, or a step on the way to it, is a store.
    func writesStore(_ target: Expr) -> Bool {
        var root = target
        while true {
            if storeType(of: root) != nil { return true }
            switch root.kind {
            case .member(let b, _, _), .subscript(let b, _), .forceUnwrap(let b), .bindOptional(let b), .optionalChain(let b): root = b
            default: return false
            }
        }
    }

    /// The store an expression names: a dependency, or `Store.shared`.
    func storeType(of e: Expr) -> RecordType? {
        switch e.kind {
        case .identifier(let name):
            if lookupLocal(name) != nil { return nil }
            if case .intent(let i)? = selfKind() { return i.dependencies.first { $0.name == name }?.store }
            return nil
        case .member(let b, "shared", _):
            if case .identifier(let n) = b.kind, case .record(let r, _, _)? = globals[n], r.kind == .store { return r }
            return nil
        default:
            return nil
        }
    }
}
