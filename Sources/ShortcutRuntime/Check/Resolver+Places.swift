import ShortcutSyntax

extension Resolver {
    // MARK: Places

    /// The place an assignment or mutating call changes. Reports what cannot be assigned.
    func lvalue(_ e: Expr, reportErrors: Bool = true) -> LValue? {
        switch e.kind {
        case .identifier(let name):
            if reportErrors { checkInitialized(name, at: e.range, byReference: true) }
            if let local = lookupLocal(name) {
                if local.isConstant, reportErrors { error(.assignToConstant(name), at: e.range) }
                switch local.binding {
                case .slot(let s): return .local(s)
                case .cell(let s): return .cell(s)
                case .discard: return nil
                }
            }
            if implicitSelfMember(name, at: e.range) != nil, let selfLocal = lookupLocal("self") {
                if case .record(let r)? = selfKind(), r.kind != .store, !context.isMutating, reportErrors {
                    error(.mutatingInNonMutating(name), at: e.range)
                }
                let root: LValue
                switch selfLocal.binding {
                case .slot(let s): root = selfIsReference() || !context.isMutating ? .reference(.local(s), e.range) : .local(s)
                case .cell(let s): root = .reference(.cell(s), e.range)
                case .discard: return nil
                }
                return .member(root, Name(name), e.range)
            }
            if let key = bareStaticKey(name) { return lvalue(Expr(.identifier(key), e.range), reportErrors: reportErrors) }
            if case .variable(let slot, let isConstant, _)? = globals[name] {
                if isConstant, reportErrors { error(.assignToConstant(name), at: e.range) }
                return .global(slot)
            }
            if reportErrors { unknownName(name, at: e.range) }
            return nil
        case .self:
            guard let selfLocal = lookupLocal("self"), case .slot(let s) = selfLocal.binding else {
                if reportErrors { error(.selfOutsideType, at: e.range) }
                return nil
            }
            return .local(s)
        case .member(let base, let name, _):
            let base = resolvingSelf(base)
            if let key = staticKey(base, name) { return lvalue(Expr(.identifier(key), e.range), reportErrors: reportErrors) }
            if isReferenceRoot(base) {
                return .member(.reference(expr(base), base.range), Name(name), e.range)
            }
            if let root = lvalue(base, reportErrors: false), isMutablePlace(base) {
                return .member(root, Name(name), e.range)
            }
            if case .identifier(let n) = base.kind, let local = lookupLocal(n), local.isConstant {
                // Through a `let`: fine for references (stores), an error for values — decided when it runs.
                return .member(.reference(read(local.binding), base.range), Name(name), e.range)
            }
            return .member(.reference(expr(base), base.range), Name(name), e.range)
        case .subscript(let base, let args):
            guard let root = lvalue(base, reportErrors: reportErrors) else { return nil }
            if let (key, value) = defaultSubscript(args, of: placeType(base)) { return .subscriptDefault(root, key, default: value, e.range) }
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
}
