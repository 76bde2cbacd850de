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
