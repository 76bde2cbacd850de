import ShortcutSyntax

// MARK: Loops and switches

extension BytecodeCompiler {
    /// `for i in lo..<hi` (`where`): the counter counts in its own register; `rangeSite` is where a bad
    /// range is reported (the range's own place, when it is written in a `for … in`).
    mutating func rangeLoop(_ binding: Binding, _ lo: Node, _ hi: Node, _ closed: Bool, where whereNode: Node? = nil, _ body: [Statement],
                            _ range: SourceRange, rangeSite: SourceRange? = nil) {
        let counter: Register
        if case .slot(let s) = binding { counter = Register(s) } else { counter = temporary() }
        value(lo, into: counter)
        let last = temporary()
        value(hi, into: last)
        site = rangeSite ?? range
        let start = emit(.rangeLoopStart(counter, last, closed: closed, exit: -1))
        if case .slot(let s) = binding { slotKinds[s] = .int }
        site = range
        emit(.tick)
        // The turns after the first are counted by `range-next`, which comes back here.
        let top = here
        // A counter a closure captures is a new cell each time round, as in Swift.
        if case .cell = binding { bind([binding], counter) }
        openControl(isLoop: true)
        let skip = whereNode.map { branch($0, range, when: false) } ?? []
        statements(body)
        let next = here
        patch(skip, to: next)
        site = range
        emit(.rangeLoopNext(counter, last, loop: top))
        patch(start, to: here)
        close(continueTo: next)
    }

    /// The conditions of a `while` when each is a test (no `let` to bind, no pattern): nil otherwise.
    static func plainTests(_ conditions: [ConditionCode]) -> [(Node, SourceRange)]? {
        let tests = conditions.compactMap { c -> (Node, SourceRange)? in if case .test(let node, let range) = c { (node, range) } else { nil } }
        return tests.count == conditions.count && !tests.isEmpty ? tests : nil
    }

    /// `while a < b { body }` tested once before the first turn, then at the bottom of each: the test that holds jumps
    /// back to the body (`jump-unless a >= b → body`), one instruction a turn where a `jump` back to the test made two.
    /// The jump back counts the turn, as a `jump` back does (`--timeout`); a `continue` goes to the test at the bottom.
    mutating func testedAtTheBottom(_ tests: [(Node, SourceRange)], _ body: [Statement]) {
        let exits = tests.flatMap { branch($0.0, $0.1, when: false) }
        openControl(isLoop: true)
        let top = here
        statements(body)
        let next = here
        // All but the last must hold to go round again; the last, holding, jumps back.
        let failed = tests.dropLast().flatMap { branch($0.0, $0.1, when: false) }
        let again = branch(tests[tests.count - 1].0, tests[tests.count - 1].1, when: true)
        patch(again, to: top)
        patch(exits + failed, to: here)
        close(continueTo: next)
    }

    /// `while let e = cur { body }` (a variable's value into a variable) tested the same way: the first turn's test, then at
    /// the bottom `unwrap-into-back`, which takes `cur`'s value into `e` and goes round again, or goes on when it is nil.
    mutating func unwrappedAtTheBottom(slot s: Int, from v: Int, _ type: ScriptType?, _ body: [Statement]) {
        let exit = emit(.unwrapInto(Register(s), Register(v), .copy, -1))
        slotKinds[s] = type.map { Kind($0) } ?? .unknown
        openControl(isLoop: true)
        let top = here
        statements(body)
        let next = here
        emit(.unwrapIntoBack(Register(s), Register(v), .copy, top))
        patch([exit], to: here)
        close(continueTo: next)
    }

    mutating func sequenceLoop(_ bindings: [Binding], _ sequenceNode: Node, _ whereNode: Node?, _ body: [Statement], _ range: SourceRange) {
        let sequence = temporary()
        value(sequenceNode, into: sequence)
        let position = temporary()
        site = range
        emit(.sequenceLoopStart(sequence, position))
        let single: Register?
        if bindings.count == 1, case .slot(let s) = bindings[0] {
            // An array's elements a scalar type (`for x in xs` of an `[Int]`): the body's arithmetic on `x` typed.
            single = Register(s)
            slotKinds[s] = kind(sequenceNode).element
        } else {
            single = nil
        }
        let element = single ?? temporary()
        site = range
        let next = emit(.sequenceLoopNext(element, sequence: sequence, index: position, exit: -1))
        // The body (its elements taken apart first) is entered from the first element's test and, each turn after,
        // from the test at the bottom, which counts the turn (a `where` that fails, and a `continue`, go there).
        let turn = here
        if single == nil { bind(bindings, element) }
        let skip = whereNode.map { branch($0, range, when: false) } ?? []
        openControl(isLoop: true)
        statements(body)
        patch(skip, to: here)
        let again = here
        site = range
        emit(.sequenceLoopAgain(element, sequence: sequence, index: position, loop: turn))
        patch(next, to: here)
        close(continueTo: again)
    }

    mutating func switchStatement(_ subjectNode: Node, _ cases: [SwitchCaseCode], _ range: SourceRange) {
        let subject = temporary()
        value(subjectNode, into: subject)
        openControl(isLoop: false)
        var ends: [Int] = []
        for c in cases {
            // Each pattern in turn (binding as it matches); when none matches, the next case.
            site = range
            var failed = matchAny(c.patterns, subject)
            failed += c.guardNode.map { branch($0, range, when: false) } ?? []
            // The case before's `fallthrough` comes in here, past this case's patterns.
            patch(controls[controls.count - 1].fallthroughs, to: here)
            controls[controls.count - 1].fallthroughs = []
            statements(c.body)
            ends.append(emit(.jump(-1)))
            patch(failed, to: here)
        }
        site = range
        emit(.switchUnmatched(subject))
        for e in ends { patch(e, to: here) }
        close(continueTo: nil)
    }
}
