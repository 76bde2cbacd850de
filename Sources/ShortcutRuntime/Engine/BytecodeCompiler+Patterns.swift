/// Patterns — `switch` cases, `if case`, `catch` clauses — as tests that jump away when they fail, binding
/// their names as they pass.
extension BytecodeCompiler {
    /// Tests the value in `subject` against the pattern, binding its names as it goes (copies: the subject
    /// stays for the next pattern); the jumps taken when it does not match.
    mutating func match(_ pattern: PatternCode, _ subject: Register) -> [Int] {
        switch pattern {
        case .value(.constant(.int(let k))) where Int32(exactly: k) != nil:
            return [emit(.jumpUnlessIntConstant(.equal, subject, Int32(k), -1))]
        case .value(let node):
            // `~=`: equality, or a range's containment.
            let matched = emit(.jumpIfMatches(value(node), subject, -1))
            let fail = emit(.jump(-1))
            patch(matched, to: here)
            return [fail]
        case .upTo(let node, let closed):
            return [compare(subject, closed ? .lessEqual : .less, node)]
        case .from(let node):
            return [compare(subject, .greaterEqual, node)]
        case .all(let parts):
            return parts.flatMap { match($0, subject) }
        case .bind(let binding):
            bindCopy(binding, subject)
            return []
        case .wildcard:
            return []
        case .tuple(let parts):
            let base = nextTemporary
            for _ in parts { _ = temporary() }
            var fails = [emit(.unpackTuple(base, subject, count: Int32(parts.count), orElse: -1))]
            for (i, part) in parts.enumerated() { fails += match(part, base + i) }
            return fails
        case .isType(let type):
            return isType(subject, type)
        case .cast(let inner, let type):
            return isType(subject, type) + match(inner, subject)
        case .some(let inner):
            return [emit(.jumpIfNull(subject, -1))] + match(inner, subject)
        case .enumCase(let index, let parts, let tupled):
            var fails = [emit(.jumpUnlessCase(subject, index: Int32(index), -1))]
            guard let parts else { return fails }
            if tupled, let part = parts.first {
                let t = temporary()
                emit(.payload(t, subject, count: -1))
                return fails + match(part, t)
            }
            let base = nextTemporary
            for _ in parts { _ = temporary() }
            emit(.payload(base, subject, count: Int32(parts.count)))
            for (i, part) in parts.enumerated() { fails += match(part, base + i) }
            return fails
        }
    }

    /// Tests the patterns in turn (`case .a(let x), .b(let x)`): the first that matches goes on; the jumps
    /// taken when none does (none when there are no patterns: everything matches).
    mutating func matchAny(_ patterns: [PatternCode], _ subject: Register) -> [Int] {
        var matched: [Int] = [], failed: [Int] = []
        for (i, p) in patterns.enumerated() {
            let mark = nextTemporary
            failed = match(p, subject)
            nextTemporary = mark
            if i < patterns.count - 1 {
                matched.append(emit(.jump(-1)))
                patch(failed, to: here)
            }
        }
        patch(matched, to: here)
        return failed
    }

    /// `subject op bound` (`case ...5`, `case 3...`), a jump when it does not hold.
    private mutating func compare(_ subject: Register, _ op: ComparisonOp, _ node: Node) -> Int {
        let bound = value(node), t = temporary()
        emit(.compare(op, t, subject, bound))
        return emit(.jumpIfFalse(t, -1))
    }

    /// `is T`: not nil, and of the type.
    private mutating func isType(_ subject: Register, _ type: ScriptType) -> [Int] {
        [emit(.jumpIfNull(subject, -1)), emit(.jumpUnlessIs(subject, type: output.typeTests.appendingIndex(type), -1))]
    }

    /// The value bound to a name, copied (a `move` would take it out of a temporary).
    mutating func bindCopy(_ binding: Binding, _ r: Register) {
        if case .discard = binding { return }
        if case .slot(let s) = binding { slotKinds[s] = .unknown }
        emit(.bind(r, bindings: output.bindings.appendingIndex([binding])))
    }

    /// `do { body } catch … { }`: the body is a region (`Bytecode.handlers`) whose error, when it is a
    /// thrown value, goes to the clauses' tests — each clause's type, pattern, name and `where` — after
    /// the body; the first that passes runs its body; none: the error is thrown on from there.
    mutating func doCatch(_ body: [Statement], _ clauses: [CatchCode]) {
        let kept = temporary(), thrown = temporary()
        let start = Int(here)
        statements(body)
        let end = emit(.jump(-1))
        let tests = Int(here)
        var exits = [end]
        for clause in clauses {
            let mark = nextTemporary
            var fails: [Int] = []
            if let type = clause.type { fails.append(emit(.jumpUnlessIs(thrown, type: output.typeTests.appendingIndex(type), -1))) }
            fails += matchAny(clause.patterns, thrown)
            bindCopy(clause.binding, thrown)
            if let test = clause.guardNode {
                site = .none
                fails += branch(test, .none, when: false)
            }
            nextTemporary = mark
            statements(clause.body)
            exits.append(emit(.jump(-1)))
            patch(fails, to: here)
        }
        emit(.rethrow(kept))
        patch(exits, to: here)
        // An inner region is done first, so it comes first in the table.
        output.handlers.append(Handler(start: start, end: end, target: tests, action: .catch(kept: kept, thrown: thrown)))
    }
}

// MARK: Conditions

extension BytecodeCompiler {
    /// Conditions of `if`, `guard`, `while`: the jumps taken when one fails.
    mutating func test(_ conditions: some Collection<ConditionCode>) -> [Int] {
        var exits: [Int] = []
        for c in conditions {
            switch c {
            case .test(let node, let range):
                exits += branch(node, range, when: false)
            case .bind(let binding, let node, let type):
                let r = value(node)
                if case .slot(let s) = binding, Register(s) != r {
                    exits.append(emit(.unwrapInto(Register(s), r, .copy, -1)))   // the test and the copy, one step
                    slotKinds[s] = type.map { Kind($0) } ?? .unknown
                } else {
                    exits.append(emit(.jumpIfNull(r, -1)))
                    bind(binding, r, type)
                }
            case .match(let pattern, let node, let range):
                let r = value(node)
                site = range
                exits += match(pattern, r)
            }
        }
        return exits
    }

    /// An `if let`'s or `guard let`'s binding of the value in `r`, known not to be nil (of `type`, when given).
    mutating func bind(_ binding: Binding, _ r: Register, _ type: ScriptType?) {
        bind([binding], r)
        if case .slot(let s) = binding { slotKinds[s] = type.map { Kind($0) } ?? .unknown }
    }

    mutating func bind(_ bindings: [Binding], _ r: Register) {
        if bindings.count == 1, case .slot(let s) = bindings[0] {
            emit(.move(Register(s), r))
            slotKinds[s] = .unknown
        } else {
            for case .slot(let s) in bindings { slotKinds[s] = .unknown }
            emit(.bind(r, bindings: output.bindings.appendingIndex(bindings)))
        }
    }
}
