/// Registers that hold values something else keeps alive, with no reference count of their own.
///
/// A walk — `while let e = cur { n += 1; cur = e.next }`, Are We Fast Yet's `isShorter` — retained each node it stepped
/// to and released the one it left: two atomic counts a step, where the nodes are kept alive anyway by the parameter
/// the walk began from; Richards' `run(_:)` retained the task it read from its block's `let task` and released it when
/// it returned. Such registers are *lent* (`Handoff.lend`): a value moves into one as its bytes, with no retain, over
/// a value that was lent too (nothing let go of), and the frame forgets them when it is left (`ReferenceRegisters.lent`).
///
/// That is safe because nothing can free what a lent register holds while it may be read:
/// - **Every write copies or reads a field.** A register is lent only when each instruction that writes it is a copy
///   (`move`, `take`, an unwrap) or a read of a field that runs no code (`Name.isPureRead`), and every other
///   instruction that names it only reads it, as it is: none gives its value away (a `return`, an argument), empties
///   it, or changes it in place (`effect(of:scalar:)` in `BytecodeCompiler+Holders`). A read that would take it
///   copies instead, and a copy of it into a register not lent retains, as every copy does.
/// - **Its holders stay.** Each value is kept alive by what it was read from (`holders(of:owners:_:)`): an owner — a
///   parameter or a non-`mutating` method's `self` no instruction writes, whose `take`s copy — a register, or a field
///   (and, for a value copied from another lent register, that one's holders). On every path from the write to a read
///   of the register, no instruction writes or empties a holding register, and none may change a holding field: one
///   that runs the program's code may change any field but a `let` (`Name.isConstant`), an assignment to a plain stored
///   property (`Name.isPlainStore`) only the fields of its name (`isKeptAlive(_:by:lent:_:_:)`).
/// - **Nothing else runs.** No error region (an error taken would go on in the frame), no `defer`'s indirect jump, and
///   no `deinit` or `weak` in the program (`CodeOptions.keepsVariables`): a release runs none of the program's code.
/// A temporary's values are decided one by one (`splitLendableTemporaries`); a function the REPL keeps the variables of,
/// longer than `Limits.lastUseAnalysisInstructions`, or with more registers than a mask's bits is left as it is.
extension BytecodeCompiler {
    /// What `lendRegisters` decided: the lent registers (a bit each), and a register that is not lent (an owner where
    /// there is one), which the frame's masks name so that leaving it reaches the lent registers (`Interpreter.leaveFrame`).
    struct Lending {
        let lent: UInt64
        let owner: Register
    }

    /// Finds the function's lent registers and rewrites the instructions that write and read them; nil (the function
    /// as it was) when there are none.
    mutating func lendRegisters() -> Lending? {
        guard !self.code.codeOptions.keepsVariables, output.handlers.isEmpty, !output.instructions.isEmpty,
              output.registerCount <= ReferenceRegisters.maskWidth, output.instructions.count <= Limits.lastUseAnalysisInstructions,
              !output.instructions.contains(where: { if case .jumpIndirect = $0 { true } else { false } }),
              output.instructions.contains(where: beginsALoan) else { return nil }
        let next = output.instructions.indices.map { successors(of: $0, in: output.instructions) }
        let effects = splitLendableTemporaries(next)
        let code = output.instructions
        let kept = keptSlots(fieldPlaces: false)   // a non-`mutating` method's `self` is not read back
        let firstParameter = self.code.hasSelf ? 1 : 0
        var owners = Set((firstParameter..<firstParameter + self.code.parameterKinds.count).map { Register($0) })
        if self.code.hasSelf, !self.code.isMutating { owners.insert(0) }
        owners.subtract(kept)
        for e in effects {
            owners.subtract(e.clobbers)
            if let w = e.write { owners.remove(w.register) }
        }

        // Candidates: every write may lend (a copy, or a pure read of a field), one lends a reference (a register that only
        // ever holds a number is not worth forgetting), and nothing else writes, empties or gives away the value.
        // No parameter is lent (nor `self`): a `mutating` method's `self` and an `inout` parameter are read back when the
        // frame is left, as what the caller's variable holds from then on.
        var lent = Set<Register>(), disqualified = kept.union(owners).union((0..<firstParameter + self.code.parameterKinds.count).map { Register($0) })
        for e in effects {
            if let w = e.write, !(w.field?.kind.isNumberOrBool ?? false) { lent.insert(w.register) }
            disqualified.formUnion(e.clobbers)
            disqualified.formUnion(e.pinned)
        }
        lent = lent.subtracting(disqualified).filter { $0 >= 0 && Int($0) < output.registerCount }
        // …each of whose values is kept alive, wherever it is read, by what it was read from: to a fixed point.
        let flow = Flow(successors: next,
                        reads: effects.map { e in e.named + (e.write.map { [$0.source] } ?? []) },
                        writes: effects.map { e in e.writesAlways ? e.write?.register : nil })
        var changed = true
        while changed, !lent.isEmpty {
            changed = false
            let holders = self.holders(of: lent, owners: owners, effects)
            for r in lent.sorted() where !sparesCount(r, lent: lent, owners: owners, effects) || !isKeptAlive(r, by: holders[r] ?? [], lent: lent, effects, flow) {
                lent.remove(r)
                changed = true
            }
        }
        // The owners a lent register reads: their `take`s copy (the others' give their values away as before).
        owners = owners.filter { o in effects.contains { e in e.write.map { lent.contains($0.register) && $0.source == o } ?? false } }
        // A register the frame's masks name so that leaving it reaches the lent ones: an owner, else any other (a release
        // of a register that holds no reference does nothing).
        guard !lent.isEmpty, let owner = owners.min() ?? (0..<output.registerCount).map({ Register($0) }).first(where: { !lent.contains($0) }) else { return nil }
        for (pc, instruction) in code.enumerated() { output.instructions[pc] = lending(instruction, lent: lent, owners: owners) }
        readThroughLentCopies()
        lent = lent.filter { r in output.instructions.contains { registersNamed(in: $0).contains(r) } }   // a copy read through may be gone
        return Lending(lent: lent.reduce(0) { $0 | 1 << UInt64($1.index) }, owner: owner)
    }

    /// Whether the instruction may begin what a register is lent: a pure read of a field that may hold a reference, or a
    /// copy of a parameter (a lent value comes from one or the other, through copies). A function with neither — most of
    /// them — is left before anything is worked out.
    private func beginsALoan(_ instruction: Instruction) -> Bool {
        switch instruction {
        case .member(_, _, let n, _), .memberIfPresent(_, _, let n, _):
            let name = output.names[Int(n)]
            return name.isPureRead && !name.kind.isNumberOrBool
        case .move(_, let b), .take(_, let b), .unwrapInto(_, let b, _, _), .unwrapIntoBack(_, let b, _, _):
            return b >= 0 && Int(b) < (self.code.hasSelf ? 1 : 0) + self.code.parameterKinds.count
        default:
            return false
        }
    }

    /// Each instruction's effect (`effect(of:scalar:)`), with the registers that hold no reference where it runs.
    func effects(of code: [Instruction]) -> [Effect] {
        var held: [UInt64?]??
        return code.indices.map { pc in
            effect(of: code[pc]) { r in
                if held == nil { held = .some(referenceFreeRegisters()) }
                return held??[pc].map { $0 & Self.bit(r) == 0 } ?? false
            }
        }
    }

    /// `guard let xa = a …; a = xa.next`, `lend r5 r2` then `lend-member r2 r5.next`, reads the field through the register
    /// copied from when the copy is not read again: `lend-member r2 r2.next`, one step where there were two (a walk's turn
    /// in List's `isShorter`). The copy goes (the jumps after it move up one), unless a jump lands on the read.
    mutating func readThroughLentCopies() {
        var code = output.instructions
        let sites = output.sites, landings = landings(in: code), flow = flow(of: code) { _ in true }
        var removed: [Int] = [], visited = [Int](repeating: -1, count: code.count)
        for pc in code.indices.dropLast() where !landings.contains(pc + 1) {
            guard case .lend(let copy, let source) = code[pc], case .lendMember(let a, copy, let name, let ifPresent) = code[pc + 1],
                  copy != source, !flow.isRead(copy, after: pc + 1, visited: &visited) else { continue }
            code[pc + 1] = .lendMember(a, source, name: name, ifPresent: ifPresent)
            removed.append(pc)
        }
        guard !removed.isEmpty else { return }
        // Each instruction's new index: its old one less the copies removed before it.
        let gone = Set(removed)
        var shift = [Int](repeating: 0, count: code.count + 1)
        for pc in code.indices { shift[pc + 1] = shift[pc] + (gone.contains(pc) ? 1 : 0) }
        output.instructions = code.indices.filter { !gone.contains($0) }.map { pc in
            BytecodeCompiler.retargeted(code[pc]) { t in Int32(Int(t) - shift[Int(t)]) } ?? code[pc]
        }
        output.sites = sites.indices.filter { !gone.contains($0) }.map { sites[$0] }
    }

    /// The instruction as it runs with `lent`: a write into a lent register lends, and a read of an owner or a lent
    /// register copies where it took.
    private func lending(_ instruction: Instruction, lent: Set<Register>, owners: Set<Register>) -> Instruction {
        func keeps(_ r: Register) -> Bool { lent.contains(r) || owners.contains(r) }
        func handoff(_ a: Register, _ b: Register, _ handoff: Handoff) -> Handoff {
            lent.contains(a) ? .lend : keeps(b) && handoff == .take ? .copy : handoff
        }
        switch instruction {
        case .move(let a, let b), .take(let a, let b):
            return lent.contains(a) ? .lend(a, b) : keeps(b) ? .move(a, b) : instruction
        case .unwrapInto(let a, let b, let h, let t): return .unwrapInto(a, b, handoff(a, b, h), t)
        case .unwrapIntoBack(let a, let b, let h, let t): return .unwrapIntoBack(a, b, handoff(a, b, h), t)
        case .member(let a, let b, let name, let takes):
            return lent.contains(a) ? .lendMember(a, b, name: name, ifPresent: false) : .member(a, b, name: name, takesBase: takes && !keeps(b))
        case .memberIfPresent(let a, let b, let name, let takes):
            return lent.contains(a) ? .lendMember(a, b, name: name, ifPresent: true) : .memberIfPresent(a, b, name: name, takesBase: takes && !keeps(b))
        default: return instruction
        }
    }
}
