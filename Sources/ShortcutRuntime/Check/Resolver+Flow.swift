import ShortcutSyntax

/// Rules about paths through a body that Swift checks before anything runs: a `guard`'s
/// `else` must leave the scope, and a variable declared without a value (`var q: Int`) must be
/// assigned on every path before it is read (definite initialization).
extension Resolver {
    /// Whether running `list` certainly ends in `return`, `throw`, a call that never returns
    /// or, with `leavingLoops`, `break` or `continue` — at any of its statements (what follows one is never reached).
    func alwaysExits(_ list: [Stmt], leavingLoops: Bool = false) -> Bool {
        list.contains { alwaysExits($0, leavingLoops: leavingLoops) }
    }

    /// `alwaysExits` for one statement.
    func alwaysExits(_ statement: Stmt, leavingLoops: Bool) -> Bool {
        switch statement.kind {
        case .return, .throw: return true
        case .break, .continue, .fallthrough: return leavingLoops
        case .expression(let e):
            guard case .call(let callee, _) = e.kind, case .identifier(let n) = callee.kind else { return false }
            if n == "fatalError" { return true }
            // A function of the program's that returns `Never` (`func stop() -> Never { fatalError() }`).
            if case .function(_, let decl, _)? = globals[n], case .named("Never")? = decl.returnType?.kind { return true }
            return false
        case .if(let conditions, let then, let elseBranch):
            // `if true { return x }`: the branch is always taken, as Swift's flow analysis sees it.
            if conditions.count == 1, case .expression(let e) = conditions[0], case .bool(let taken) = e.kind {
                return taken ? alwaysExits(then.statements, leavingLoops: leavingLoops) : elseBranch.map { alwaysExits([$0], leavingLoops: leavingLoops) } ?? false
            }
            guard let elseBranch, alwaysExits(then.statements, leavingLoops: leavingLoops) else { return false }
            return alwaysExits([elseBranch], leavingLoops: leavingLoops)
        case .block(let b): return alwaysExits(b.statements, leavingLoops: leavingLoops)
        case .labeled(_, let inner): return alwaysExits([inner], leavingLoops: leavingLoops)
        case .do(let body, let catches):
            return alwaysExits(body.statements, leavingLoops: leavingLoops)
                && catches.allSatisfy { alwaysExits($0.body.statements, leavingLoops: leavingLoops) }
        case .switch(_, let cases):
            // `break` in a switch leaves the switch, not the scope around it.
            return cases.allSatisfy { alwaysExits($0.body.statements) }
        case .guard:
            return false
        case .while(let conditions, _):
            if conditions.count == 1, case .expression(let e) = conditions[0], case .bool(true) = e.kind { return true }
            return false
        default: return false
        }
    }

    /// `guard … else { }`: the block must not reach its end.
    func checkGuardExits(_ body: Block) {
        guard !alwaysExits(body.statements, leavingLoops: context.loopDepth > 0 || context.switchDepth > 0) else { return }
        let end = Int(body.range.end)
        error(.guardFallsThrough, at: SourceRange(file: body.range.file, start: max(end - 1, Int(body.range.start)), end: end))
    }

    // MARK: Definite initialization

    /// The declaration `name` denotes when it was declared without a value and may still be
    /// unassigned here, and whether it belongs to an enclosing function (a closure captures it).
    func pendingInitialization(_ name: String) -> (range: SourceRange, isConstant: Bool, isCaptured: Bool)? {
        guard !uninitialized.isEmpty else { return nil }
        if let local = lookupLocal(name) {
            guard uninitialized.contains(local.range) else { return nil }
            return (local.range, local.isConstant, context.captureMap[name] != nil)
        }
        if case .variable(_, let isConstant, let range)? = globals[name], uninitialized.contains(range) {
            return (range, isConstant, context.kind != .topLevel)
        }
        return nil
    }

    /// Reports a use of a variable that may be unassigned here, once (the report counts as its
    /// assignment); `byReference` for a compound assignment or a mutating call.
    func checkInitialized(_ name: String, at range: SourceRange, byReference: Bool = false) {
        guard let pending = pendingInitialization(name) else { return }
        uninitialized.remove(pending.range)
        let use = pending.isCaptured ? "captured by a closure" : byReference ? "passed by reference" : "used"
        error(.usedBeforeInitialized(name, isConstant: pending.isConstant, use: use), at: range)
    }

    /// `name = v` where `name` is a variable declared without a value that may be unassigned here, or a `let` declared
    /// so that was assigned: its declaration; an error for a `let` that may have been assigned already (pending with its
    /// mark, `assignedMark`) or was (no longer pending): swiftc's "may only be initialized once", at the `=`. Nil for any
    /// other place.
    func initialization(of target: Expr, at equals: SourceRange) -> SourceRange? {
        guard case .identifier(let name) = target.kind else { return nil }
        if let pending = pendingInitialization(name) {
            if pending.isConstant, uninitialized.contains(Resolver.assignedMark(pending.range)) { error(.constantInitializedTwice(name), at: equals) }
            return pending.range
        }
        let declared: SourceRange
        if let local = lookupLocal(name) { declared = local.range } else if case .variable(_, _, let range)? = globals[name] { declared = range } else { return nil }
        guard deferredConstants.contains(declared) else { return nil }
        error(.constantInitializedTwice(name), at: equals)
        return declared
    }

    /// A variable declared without a value: pending until assigned; a `let`, noted as one (`deferredConstants`).
    func declaredWithoutValue(_ v: VarDecl) {
        uninitialized.insert(v.nameRange)
        if v.isConstant { deferredConstants.insert(v.nameRange) }
    }

    /// The mark, kept in `uninitialized`, that the variable declared at `range` may have been assigned though it may also
    /// not have been: its range in a file index no file has (below -1: -1 is `superInitPending`'s). A mark's mark is the
    /// declaration's range again.
    static func assignedMark(_ range: SourceRange) -> SourceRange {
        SourceRange(file: -2 - range.file, start: Int(range.start), end: Int(range.end))
    }

    /// After branches that each started from `before`: a variable is assigned when every branch
    /// that reaches its end assigned it.
    func joinBranches(from before: Set<SourceRange>, _ outcomes: [(state: Set<SourceRange>, exits: Bool)]) {
        let reaching = outcomes.filter { !$0.exits }
        guard !reaching.isEmpty else { uninitialized = before; return }
        var joined = reaching.reduce(into: Set<SourceRange>()) { $0.formUnion($1.state) }
        // A variable pending after the join that some branch assigned may have been assigned: marked. A mark of one no
        // longer pending goes (it was assigned on every way here: `initialization` says so by `deferredConstants`).
        for r in joined where r.file >= 0 && reaching.contains(where: { !$0.state.contains(r) }) { joined.insert(Resolver.assignedMark(r)) }
        uninitialized = joined.filter { $0.file > -2 || joined.contains(Resolver.assignedMark($0)) }
    }

    /// `break`, `continue` (to the innermost loop or switch, or the labelled one this many levels out) and `fallthrough`.
    func jump(_ s: Stmt) -> [Statement] {
        switch s.kind {
        case .break(let label?), .continue(let label?):
            // `break outer`, `continue outer`: out to the labelled loop or switch, this many levels out.
            guard let target = context.labels.last(where: { $0.name == label.name }) else {
                error(.unknownLabel(label.name), at: label.range)
                return []
            }
            let levels = context.loopDepth + context.switchDepth - 1 - target.depth
            if case .break = s.kind { noteBreak(toDepth: target.depth + 1); return [.break(levels: levels)] }
            guard target.isLoop else {
                error(.continueToSwitch, at: s.range)
                return []
            }
            return [.continue(levels: levels)]
        case .break(nil):
            if context.loopDepth == 0, context.switchDepth == 0 {
                error(.breakOutsideLoop("break"), at: s.range)
                return []
            }
            noteBreak(toDepth: context.loopDepth + context.switchDepth)
            return [.break(levels: nil)]
        case .continue(nil):
            if context.loopDepth == 0 {
                error(.breakOutsideLoop("continue"), at: s.range)
                return []
            }
            return [.continue(levels: nil)]
        case .fallthrough:
            switch context.fallthroughTarget {
            case .nextCase?: return [.fallthrough]
            case nil: error(.fallthroughOutsideSwitch, at: s.range)
            case .noNextCase?: error(.fallthroughWithoutCase, at: s.range)
            case .bindingCase(let name)?: error(.fallthroughIntoBindings(name), at: s.range)
            }
            return []
        default:
            return []
        }
    }

    /// A `while` loop's start: whether it is `while true`, which only a `break` leaves (its depth noted for them).
    func enterLoop(_ conditions: [Condition]) -> Bool {
        guard conditions.count == 1, case .expression(let e) = conditions[0], case .bool(true) = e.kind else { return false }
        context.breakStates.append((context.loopDepth + context.switchDepth + 1, []))
        return true
    }

    /// What is unassigned after a `while` loop: for `while true`, what was at its `break`s, joined; for any other, what
    /// was before it (its body may not run).
    func leaveLoop(forever: Bool, before: Set<SourceRange>) -> Set<SourceRange> {
        let breaks = forever ? context.breakStates.removeLast().states : []
        return breaks.isEmpty ? before : breaks.reduce(into: []) { $0.formUnion($1) }
    }

    /// A `break` out of the loop or `switch` at `depth`: a `while true` there keeps what is unassigned here.
    func noteBreak(toDepth depth: Int) {
        if let i = context.breakStates.lastIndex(where: { $0.depth == depth }) { context.breakStates[i].states.append(uninitialized) }
    }

    func isTuplePattern(_ p: Pattern) -> Bool {
        if case .tuple = p { return true }
        return false
    }

    /// Where a `fallthrough` in the case at `i` would go: the next case's body, unless there is none or it binds a name
    /// (which this case did not give a value, as Swift says).
    func fallthroughTarget(after i: Int, of cases: [SwitchCase]) -> FallthroughTarget {
        guard i + 1 < cases.count else { return .noNextCase }
        if let name = cases[i + 1].patterns.lazy.compactMap(\.firstBoundName).first { return .bindingCase(name) }
        return .nextCase
    }
}

/// Where `fallthrough` goes from the case being resolved (`Resolver.Context.fallthroughTarget`; nil outside a case).
enum FallthroughTarget {
    case nextCase, noNextCase
    /// The next case binds this name.
    case bindingCase(String)
}

extension CasePattern {
    /// The first name the pattern binds, if it binds one.
    var firstBoundName: String? {
        switch self {
        case .bind(let name, _): return name == "_" ? nil : name
        case .tuple(let parts, _): return parts.lazy.compactMap(\.firstBoundName).first
        case .cast(let inner, _, _), .some(let inner, _): return inner.firstBoundName
        case .enumCase(_, _, let arguments, _): return arguments.lazy.compactMap(\.pattern.firstBoundName).first
        case .value, .wildcard, .partialRange, .isType: return nil
        }
    }
}
