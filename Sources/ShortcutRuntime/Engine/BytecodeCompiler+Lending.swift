/// Registers that hold values lent by the frame's parameters, with no reference count of their own.
///
/// A function that walks what it was given and changes nothing — `while let e = cur { n += 1; cur = e.next }`,
/// Are We Fast Yet's `isShorter` — retained each node it stepped to and released the one it left: two atomic counts
/// a step, where the nodes are kept alive anyway by the parameter the walk began from. Here such a function's
/// registers that only ever hold what its parameters reach are *lent* (`Handoff.lend`): a value moves into one as its
/// bytes, with no retain, over a value that was lent too (nothing let go of), and the frame forgets them when it is
/// left (`ReferenceRegisters.lent`).
///
/// That is safe because nothing can free what a lent register holds while the frame runs:
/// - **The owners stay.** The parameters (and a non-`mutating` method's `self`) hold their values until the frame is
///   left: no instruction writes them, and each read that would take one (a last use's `take`, a member read that
///   takes its base) copies instead.
/// - **Nothing changes.** The function runs only instructions that change no object and run none of the program's
///   code (`lendable`): copies, constants, Int arithmetic and comparisons, jumps and nil tests, unwraps, and member
///   reads proved to run no code (`Name.isPureRead`: a struct's or final class's stored property). No call, no store
///   into a field, an element or a global, no error region: so every object reachable from the owners when the frame
///   was entered is reachable, unchanged, until it is left.
/// - **A lent register only holds what the owners reach.** Each of its writes copies from an owner or another lent
///   register, or reads a field of one; it is never given away — no `return` of it, no instruction that takes it —
///   and a copy of it into any other register retains as every copy does.
/// A function the REPL keeps the variables of, or longer than `Limits.lastUseAnalysisInstructions`, is left as it is.
extension BytecodeCompiler {
    /// What `lendRegisters` decided: the lent registers (a bit each), and an owner's register (a parameter's), which
    /// the frame's masks name so that leaving it reaches the lent registers (`Interpreter.leaveFrame`).
    struct Lending {
        let lent: UInt64
        let owner: Register
    }

    /// Finds the function's lent registers and rewrites the instructions that write and read them; nil (the function
    /// as it was) when there are none.
    mutating func lendRegisters() -> Lending? {
        let code = output.instructions
        guard !self.code.codeOptions.keepsVariables, output.handlers.isEmpty, !code.isEmpty,
              output.registerCount <= ReferenceRegisters.maskWidth, code.count <= Limits.lastUseAnalysisInstructions else { return nil }
        var accesses: [Access] = []
        for instruction in code {
            guard let access = lendable(instruction) else { return nil }
            accesses.append(access)
        }
        let kept = tableSlots(fieldPlaces: false)   // a non-`mutating` method's `self` is not read back
        let firstParameter = self.code.hasSelf ? 1 : 0
        var owners = Set((firstParameter..<firstParameter + self.code.parameterKinds.count).map { Register($0) })
        if self.code.hasSelf, !self.code.isMutating { owners.insert(0) }
        owners.subtract(kept)
        for access in accesses { if let written = access.written { owners.remove(written) } }
        guard let owner = owners.min() else { return nil }

        // Candidates: every write lends (copies from a register, or reads a field), one may lend a reference (a register
        // that only ever holds an Int read is not worth forgetting), and no use gives the value away.
        var lent = Set<Register>(), disqualified = kept.union(owners)
        for access in accesses {
            if let written = access.written {
                if access.source == nil { disqualified.insert(written) } else if !access.scalar { lent.insert(written) }
            }
            if let given = access.givenAway { disqualified.insert(given) }
        }
        lent.subtract(disqualified)
        // …whose sources are owners or lent registers themselves, to a fixed point.
        var changed = true
        while changed {
            changed = false
            for access in accesses {
                guard let written = access.written, lent.contains(written), let source = access.source else { continue }
                if !owners.contains(source), !lent.contains(source) {
                    lent.remove(written)
                    changed = true
                }
            }
        }
        guard !lent.isEmpty else { return nil }
        for (pc, instruction) in code.enumerated() { output.instructions[pc] = lending(instruction, lent: lent, owners: owners) }
        readThroughLentCopies()
        lent = lent.filter { r in output.instructions.contains { registersNamed(in: $0).contains(r) } }   // a copy read through may be gone
        return Lending(lent: lent.reduce(0) { $0 | 1 << UInt64($1.index) }, owner: owner)
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

    /// What an instruction of a function that may lend writes and reads.
    struct Access {
        /// The register it writes.
        var written: Register?
        /// Where a write that may lend takes its value from: the register copied, or the base whose field is read.
        var source: Register?
        /// A register whose value it gives away (a `return`'s).
        var givenAway: Register?
        /// A member read proved an Int, Double or Bool: it lends no reference, but may write a lent register (as its
        /// bytes, over a lent value).
        var scalar = false
    }

    /// The instruction's access, when a function that runs it may lend (it changes nothing and runs no code); else nil.
    private func lendable(_ instruction: Instruction) -> Access? {
        switch instruction {
        case .move(let a, let b), .take(let a, let b), .unwrapInto(let a, let b, _, _), .unwrapIntoBack(let a, let b, _, _):
            return Access(written: a, source: b)
        case .member(let a, let b, let name, _), .memberIfPresent(let a, let b, let name, _):
            let name = output.names[Int(name)]
            guard name.isPureRead else { return nil }
            return Access(written: a, source: b, scalar: name.kind == .int || name.kind == .double || name.kind == .bool)
        case .memberOfMember(let a, _, _, _):
            return Access(written: a)   // a number read where it is (both reads pure): lends nothing
        case .constant(let a, _), .int(let a, _), .bool(let a, _),
             .addInt(let a, _, _), .subtractInt(let a, _, _), .multiplyInt(let a, _, _), .arithmeticInt(_, let a, _, _), .compareInt(_, let a, _, _),
             .addIntConstant(let a, _, _), .subtractIntConstant(let a, _, _), .arithmeticIntConstant(_, let a, _, _), .remainderIntConstant(let a, _, _):
            return Access(written: a)
        case .return(let r, _, _):
            return Access(givenAway: r >= 0 ? r : nil)
        case .jump, .tick, .guardFellThrough, .jumpIfFalse, .jumpIfTrue, .jumpIfNull, .jumpIfNotNull, .jumpUnlessIntConstant:
            return Access()
        case .jumpUnless(_, let a, let b, _):
            // A comparison runs a program's `==` or `<` only of its own types: not when an operand is a parameter proved a
            // number (a parameter's type is its declaration's; a variable's slot may serve another variable elsewhere).
            let first = self.code.hasSelf ? 1 : 0
            func isNumber(_ r: Register) -> Bool {
                let i = Int(r.index) - first
                return r >= 0 && i >= 0 && i < self.code.parameterKinds.count && [.int, .double].contains(self.code.parameterKinds[i])
            }
            return isNumber(a) || isNumber(b) ? Access() : nil
        default:
            return nil
        }
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

/// Arguments lent at a call: `isShorter(y, than: x)`, `tail(x?.next, y, z)` copied each variable into the call's argument
/// registers — a retain each, and a release when the callee's frame was left — where the caller's own variables keep the
/// values alive until the call returns. A `call`'s or `call-method`'s arguments that are copies of the caller's variables,
/// moved in just before it, are lent instead (`lend`, and the call's `lent` bits — a method call's in its cache,
/// `MethodCache.lent`): their bytes go into the callee's frame, which forgets them (`CallRecord.lent`). A callee may only
/// be lent what it will not give away or overwrite — it keeps its parameters (`keepsParameters`), which the VM asks when
/// it makes the call; any other gets the arguments retained first. (Richards' scheduler passes its blocks and packets
/// to methods: a retain and a release fewer for each of about a million calls, 2–3 % of its time.)
extension BytecodeCompiler {
    /// Marks the calls' lent arguments. An argument is lent when its register is written by the instruction
    /// just before the call (or before another lent argument's), as a copy or a last use of one of the caller's slots
    /// that no table names and no closure shares (which the callee could change: a place's variable — but for one
    /// changed through a reference, `packet.link = nil`, which only reads it — a captured one),
    /// and no jump or error region lands between that copy and the call; a slot proved an Int, Double or Bool is not
    /// lent (nothing to count). A function's first eight arguments may be, a method's first seven: the call's record
    /// names the callee's registers (`CallRecord.lent`), a method's arguments from its register 1, and a bit past the
    /// eighth register is the one that says its `self` is lent (`lentSelf`).
    mutating func lendArguments() {
        let code = output.instructions
        guard !self.code.codeOptions.keepsVariables, code.count <= Limits.lastUseAnalysisInstructions,
              code.contains(where: { Self.lendableCall($0) != nil }) else { return }
        let kept = keptSlots(referencePlaces: false), landings = landings(in: code), first = Register(output.firstTemporary)
        for (pc, instruction) in code.enumerated() {
            guard let (base, count) = Self.lendableCall(instruction) else { continue }
            let lendable = min(Int(count), Self.lendableArguments(of: instruction))
            var lent: UInt8 = 0, q = pc - 1
            run: while q >= 0, !landings.contains(q + 1) {
                switch code[q] {
                case .move(let t, let s), .take(let t, let s):
                    let i = Int(t.index - base.index)
                    guard i >= 0, i < lendable, lent & 1 << UInt8(i) == 0, s >= 0, s < first, !kept.contains(s),
                          ![Kind.int, .double, .bool].contains(slotKinds[Int(s.index)]) else { break run }
                    lent |= 1 << UInt8(i)
                    q -= 1
                default:
                    break run
                }
            }
            guard lent != 0 else { continue }
            for i in q + 1..<pc {
                switch code[i] {
                case .move(let t, let s), .take(let t, let s): output.instructions[i] = .lend(t, s)
                default: break
                }
            }
            switch instruction {
            case .call(let a, let f, _, _, let typed, _, let inPlace):
                output.instructions[pc] = .call(a, function: f, base: base, count: count, typed: typed, lent: lent, inPlace: inPlace)
            case .callMethod(_, _, let method, _, _):
                output.methodsLent[method] = lent
            default: break
            }
        }
    }

    /// How many of a call's arguments may be lent: those whose callee registers the record's `lent` can name.
    static func lendableArguments(of call: Instruction) -> Int {
        if case .callMethod = call { UInt8.bitWidth - 1 } else { UInt8.bitWidth }
    }

    /// A call that may lend its arguments (a function's or a method's, lending none yet): their range.
    static func lendableCall(_ instruction: Instruction) -> (base: Register, count: Int32)? {
        switch instruction {
        case .call(_, _, let base, let count, _, 0, _), .callMethod(_, _, _, let base, let count): (base, count)
        default: nil
        }
    }

    /// Whether the function's parameters hold their values until its frame is left, so a caller may lend them: no
    /// instruction writes one, or gives its value away (`take`s it, passes it in an argument range), and no table names
    /// one. Each may be copied, lent, unwrapped, read for its members, tested, used as an operand, called on and returned
    /// (the VM retains a lent one first: `Interpreter.own`), and changed through where it holds a class instance
    /// (`packet.link = nil`: a place through a reference never replaces it). A method's parameters follow `self`; an
    /// `inout` parameter is written back, so a function with one keeps none.
    func keepsParameters() -> Bool {
        let first = self.code.hasSelf ? 1 : 0, count = self.code.parameterKinds.count
        guard count > 0, self.code.inoutReads.isEmpty else { return false }
        func isParameter(_ r: Register) -> Bool { Int(r.index) >= first && Int(r.index) < first + count }
        if tableSlots(referencePlaces: false).contains(where: isParameter) { return false }
        for instruction in output.instructions {
            if let (base, n) = argumentRange(of: instruction), n > 0, Int(base.index) < first + count, Int(base.index) + n > first { return false }   // overlaps the parameters
            guard registersNamed(in: instruction).contains(where: isParameter) else { continue }
            switch instruction {
            case .move(let a, _), .lend(let a, _), .negate(let a, _), .compoundLocal(_, let a, _),
                 .arithmetic(_, let a, _, _), .arithmeticInt(_, let a, _, _), .multiplyInt(let a, _, _), .addInt(let a, _, _),
                 .subtractInt(let a, _, _), .addDouble(let a, _, _), .subtractDouble(let a, _, _), .multiplyDouble(let a, _, _),
                 .divideDouble(let a, _, _), .compare(_, let a, _, _), .compareInt(_, let a, _, _), .equal(let a, _, _, _),
                 .arithmeticIntConstant(_, let a, _, _), .addIntConstant(let a, _, _), .subtractIntConstant(let a, _, _),
                 .remainderIntConstant(let a, _, _), .arithmeticDoubleConstant(_, let a, _, _), .addDoubleConstant(let a, _, _),
                 .multiplyDoubleConstant(let a, _, _), .callMethod(let a, _, _, _, _):
                if isParameter(a) { return false }
            case .unwrapInto(let a, let b, let h, _), .unwrapIntoBack(let a, let b, let h, _):
                if isParameter(a) || isParameter(b) && h == .take { return false }
            case .member(let a, let b, _, let takes), .memberIfPresent(let a, let b, _, let takes):
                if isParameter(a) || isParameter(b) && takes { return false }
            case .lendMember(let a, _, _, _):
                if isParameter(a) { return false }
            case .jumpIfNull, .jumpIfNotNull, .jumpIfFalse, .jumpIfTrue, .jumpUnless, .jumpUnlessIntConstant, .jumpUnlessConstant, .return,
                 .assignPlace, .compoundPlace:
                continue   // read (an assigned parameter is copied: it is no temporary)
            default:
                return false
            }
        }
        return true
    }

    /// The registers an instruction takes as a range (`base`, `count`): arguments, parts, a tuple's or payload's values.
    func argumentRange(of instruction: Instruction) -> (Register, Int)? {
        switch instruction {
        case .makeArray(_, let base, let n), .makeTuple(_, let base, let n, _), .construct(_, _, let base, let n),
             .initialize(_, _, let base, let n), .make(_, _, let base, let n), .call(_, _, let base, let n, _, _, _),
             .callGlobal(_, _, let base, let n), .callValue(_, _, let base, let n), .callMethod(_, _, _, let base, let n),
             .callMutating(_, _, _, let base, let n), .callBuiltin(_, _, let base, let n), .callNumeric(_, _, let base, let n),
             .payload(let base, _, let n), .unpackTuple(let base, _, let n, _):
            return (base, Int(n))
        default:
            return nil
        }
    }
}
