/// Which registers a frame must let go of when it is left (`Bytecode.referenceRegisters`).
///
/// A register may hold a reference when some write to it may store one. The writes known to store a scalar —
/// a comparison's Bool, an Int constant, a range loop's counter, a call of a function whose result is an Int,
/// Double or Bool, a read of a member proved one (`Name.kind`) — add nothing; a copy or arithmetic stores one when
/// one of its operands may hold one. Every other instruction counts as storing a reference in each register it
/// names, as do the error regions (`Handler`); an IR slot may always hold one, except a parameter the checker proved
/// an Int, Double or Bool (parameters are not assigned). A register left out is one no write can leave a reference
/// in: leaving the frame need not look at it; the frame looks at the others (a bit each for the first 64, then every
/// register up to the last that may hold one). (Were a typed instruction's proof wrong, its general path could leave
/// a reference above that end: the next store over the register lets go of it, a frame's argument moved over it
/// leaks it — never a use after free.)
extension BytecodeCompiler {
    /// The registers the frame must let go of, and the reference flow (`referenceFlow`) of every register that may hold
    /// a reference, lent ones counted, for `placeFramesAtArguments`: one walk serves both, since each register's bit
    /// flows alone (the return's look is the flow's bits of the mask).
    func referenceRegisters(lending: Lending? = nil) -> (ReferenceRegisters, flow: [UInt64?]?) {
        let count = output.registerCount
        var holds = [Bool](repeating: false, count: count)
        for s in 0..<min(code.frameSize, count) { holds[s] = true }
        let firstParameter = code.hasSelf ? 1 : 0
        for (i, kind) in code.parameterKinds.enumerated() where firstParameter + i < count {
            if kind.isNumberOrBool { holds[firstParameter + i] = false }
        }
        // `a` may hold a reference when one of `sources` may: followed after the walk.
        var copies: [(Register, [Register])] = []
        func mark(_ r: Register, _ n: Int = 1) {
            var i = Int(r)
            while i >= 0, i < count, i < Int(r) + max(n, 1) {
                holds[i] = true
                i += 1
            }
        }
        for instruction in output.instructions {
            switch instruction {
            case .move(let a, let b), .take(let a, let b), .lend(let a, let b), .lendMember(let a, let b, _, _), .negate(let a, let b), .unwrapInto(let a, let b, _, _), .unwrapIntoBack(let a, let b, _, _):
                copies.append((a, [b]))
            case .compoundLocal(_, let a, let b): copies.append((a, [b]))
            case .arithmetic(_, let a, let b, let c), .arithmeticInt(_, let a, let b, let c), .multiplyInt(let a, let b, let c), .addDouble(let a, let b, let c),
                 .subtractDouble(let a, let b, let c), .multiplyDouble(let a, let b, let c), .divideDouble(let a, let b, let c),
                 .addInt(let a, let b, let c), .subtractInt(let a, let b, let c):
                copies.append((a, [b, c]))
            case .arithmeticIntConstant(_, let a, let b, _), .addIntConstant(let a, let b, _), .subtractIntConstant(let a, let b, _),
                 .remainderIntConstant(let a, let b, _), .arithmeticDoubleConstant(_, let a, let b, _),
                 .addDoubleConstant(let a, let b, _), .multiplyDoubleConstant(let a, let b, _):
                copies.append((a, [b]))
            case .constant(let a, let k):
                if !isScalar(output.constants[Int(k)]) { mark(a) }
            case .call(let a, let f, _, _, _, _, _):
                let kind = output.functions[Int(f)].returnKind
                if !kind.isNumberOrBool { mark(a) }
            case .member(let a, _, let name, _), .elementMember(let a, _, _, let name), .memberOfMember(let a, _, _, let name):
                // A stored property the checker proved an Int, Double or Bool (`Name.kind`), or a collection's `count`.
                let kind = output.names[Int(name)].kind
                if !kind.isNumberOrBool { mark(a) }
            case .int, .bool, .compare, .compareInt, .equal, .jump, .jumpIfFalse, .jumpIfTrue, .jumpIfNull, .jumpIfNotNull,
                 .jumpUnless, .jumpUnlessIntConstant, .jumpUnlessConstant, .jumpIfMatches, .jumpIfCase, .jumpUnlessCase, .tick,
                 .rangeLoopStart, .rangeLoopNext, .return, .jumpIndirect, .guardFellThrough, .unwrap, .scalarLoop:
                break   // scalars stored, or nothing
            case .unpackTuple(let a, _, let n, _), .payload(let a, _, let n):
                mark(a, Int(n))
                registersNamed(in: instruction).forEach { mark($0) }
            case .make(let a, let maker, _, _):
                mark(a)
                // A closure made over a parameter's cell puts the cell in the parameter's register (`Maker.closure`).
                if case .closure(_, let sources) = output.makers[Int(maker)] {
                    for case .cell(let s) in sources { mark(Register(s)) }
                }
            default:
                registersNamed(in: instruction).forEach { mark($0) }
            }
        }
        for handler in output.handlers {
            switch handler.action {
            case .catch(let kept, let thrown): mark(kept); mark(thrown)
            case .tryOptional(let r), .keepError(let r), .cleanup(let r): mark(r)
            case .tryForced: break
            }
        }
        // A copy's destination holds a reference when a source may: followed from each register that may, once.
        var copiedTo = [[Int]](repeating: [], count: count)
        for (a, sources) in copies where a >= 0 && Int(a) < count {
            for source in sources {
                if source < 0 || Int(source) >= count { holds[Int(a)] = true } else { copiedTo[Int(source)].append(Int(a)) }
            }
        }
        var work = holds.indices.filter { holds[$0] }
        while let r = work.popLast() {
            for a in copiedTo[r] where !holds[a] {
                holds[a] = true
                work.append(a)
            }
        }
        // Lent registers are forgotten, not let go of; an owner's bit in both masks has the frame reach them.
        let lent = lending?.lent ?? 0
        for i in holds.indices.prefix(ReferenceRegisters.maskWidth) where lent & 1 << UInt64(i) != 0 { holds[i] = false }
        var mask: UInt64 = 0
        for i in holds.indices.prefix(ReferenceRegisters.maskWidth) where holds[i] { mask |= 1 << UInt64(i) }
        let owner: UInt64 = lending.map { 1 << UInt64($0.owner.index) } ?? 0
        let flow = referenceFlow(mask | owner | lent)
        let atReturn = flow.map { registersAtReturn($0) & mask } ?? mask
        return (ReferenceRegisters(mask: mask | owner, end: (holds.lastIndex(of: true) ?? -1) + 1, atReturn: atReturn | owner, lent: lent), flow)
    }

    /// Marks every `return` `clean` when the frame's registers hold no reference of its own where one runs: a return then
    /// looks at none of them (fib's two returns).
    mutating func markCleanReturns() {
        let registers = output.referenceRegisters
        guard registers.atReturn == 0, registers.lent == 0, registers.end <= ReferenceRegisters.maskWidth else { return }
        for (pc, instruction) in output.instructions.enumerated() {
            if case .return(let r, let typed, _) = instruction { output.instructions[pc] = .return(r, typed: typed, clean: true) }
        }
    }

    /// Of the registers the flow follows (`referenceFlow`), those that may still hold a reference where a `return` leaves
    /// the frame. A call's argument temporaries and the results passed on to the next call need no look when the frame is
    /// left (Are We Fast Yet's List: `tail`'s 19 registers down to 3). An error leaves a frame by the whole mask, and a
    /// function whose flow is not worked out keeps the mask.
    func registersAtReturn(_ entry: [UInt64?]) -> UInt64 {
        var atReturn: UInt64 = 0
        for (pc, instruction) in output.instructions.enumerated() {
            if case .return(let r, _, _) = instruction { atReturn |= (entry[pc] ?? 0) & ~Self.bit(r) }
        }
        return atReturn
    }

    /// Of the registers that may hold a reference (`mask`), those that still may where each instruction begins (nil
    /// where none is reached): a forward walk of the function's paths from its entry, where the IR's slots may hold
    /// one. An instruction may store one in each register it fills, leaves those it stores a scalar in holding none, and
    /// a jump or a test leaves its registers as they were (`referenceEffect`); it leaves the registers it consumes holding
    /// none once it has run: a `take`'s source, a call's arguments (moved into the callee's frame, or taken for a call
    /// made by Swift). Nil — not worked out — for a function with error
    /// regions (an error taken goes on in the frame, a path the walk does not follow), more registers than the mask's
    /// bits, or more instructions than `Limits.lastUseAnalysisInstructions`.
    func referenceFlow(_ mask: UInt64) -> [UInt64?]? {
        walkForward(from: mask & Self.bits(from: 0, count: Int32(clamping: code.frameSize))) { instruction, held in
            var consumed: UInt64 = 0, result: UInt64 = 0
            switch instruction {
            case .take(let a, let b) where a != b:
                consumed = Self.bit(b)
            case .call(let a, _, let base, let count, _, _, _), .callGlobal(let a, _, let base, let count),
                 .callValue(let a, _, let base, let count), .callMethod(let a, _, _, let base, let count):
                (consumed, result) = (Self.bits(from: base, count: count), Self.bit(a))
            default:
                break
            }
            let effect = referenceEffect(of: instruction)
            return ((held | effect.fills) & ~consumed | result) & ~effect.scalars & mask
        }
    }

    /// A forward walk of the function's paths from its entry with a mask of registers at each instruction: `transfer`
    /// gives the mask an instruction leaves from the one it begins with, and where paths meet their masks are joined.
    /// The masks where each instruction begins (nil where none is reached), or nil — not worked out — for a function
    /// with error regions (an error taken goes on at a region's code, a path the walk does not follow), an indirect jump,
    /// more registers than the mask's bits, or more instructions than `Limits.lastUseAnalysisInstructions`.
    func walkForward(from start: UInt64, _ transfer: (Instruction, UInt64) -> UInt64) -> [UInt64?]? {
        let code = output.instructions
        guard output.handlers.isEmpty, output.registerCount <= ReferenceRegisters.maskWidth, !code.isEmpty,
              code.count <= Limits.lastUseAnalysisInstructions else { return nil }
        var entry = [UInt64?](repeating: nil, count: code.count)
        entry[0] = start
        var work = [0]
        while let pc = work.popLast() {
            let out = transfer(code[pc], entry[pc] ?? 0)
            for next in successors(of: pc, in: code) {
                guard next >= 0, next < code.count else { return nil }
                let merged = (entry[next] ?? 0) | out
                if entry[next] != merged {
                    entry[next] = merged
                    work.append(next)
                }
            }
        }
        return entry
    }

    /// The registers an instruction may store a value in: those it names (`registersNamed`), a tuple's or a payload's
    /// parts, and the cells a closure is made over (`Maker.closure` puts a parameter's cell in its register).
    func registersFilled(by instruction: Instruction) -> UInt64 {
        var filled = Self.bits(registersNamed(in: instruction))
        switch instruction {
        case .unpackTuple(let a, _, let n, _), .payload(let a, _, let n):
            filled |= Self.bits(from: a, count: n)
        case .make(_, let maker, _, _):
            if case .closure(_, let sources) = output.makers[Int(maker)] {
                for case .cell(let s) in sources { filled |= Self.bit(Register(s)) }
            }
        default:
            break
        }
        return filled
    }

    /// The registers' bits in a mask (none past its width): a list, or `count` from `base`.
    static func bits(_ registers: [Register]) -> UInt64 { registers.reduce(0) { $0 | bit($1) } }
    static func bits(from base: Register, count: Int32) -> UInt64 { (0..<max(Int(count), 0)).reduce(0) { $0 | bit(base + $1) } }

    /// A register's bit in a mask (none past the mask's width).
    static func bit(_ r: Register) -> UInt64 {
        let i = Int(r)
        return i >= 0 && i < ReferenceRegisters.maskWidth ? 1 << UInt64(i) : 0
    }

    /// Marks the calls whose callee's frame may begin at their arguments (`Instruction.call`'s `inPlace`): the callee
    /// then finds its parameters where the caller put them, and nothing is moved. The registers above the arguments
    /// become the callee's: they must hold nothing the caller still needs — temporaries are a stack, so those above a
    /// call's arguments are free where it runs — and no reference (`referenceFlow`, lent values counted: a new frame's
    /// registers are stored over without a release). The arguments are temporaries, the callee takes its parameters
    /// from register 0 (no `self`), and the result goes below the arguments, which the callee's frame leaves alone.
    mutating func placeFramesAtArguments(_ flow: [UInt64?]?) {
        guard let entry = flow else { return }
        for (pc, instruction) in output.instructions.enumerated() {
            guard case .call(let a, let f, let base, let count, let typed, let lent, false) = instruction,
                  !output.functions[Int(f)].hasSelf, a >= 0, a < base, Int(base) >= output.firstTemporary, let held = entry[pc] else { continue }
            let above = Int(base) + Int(count)
            let aboveArguments: UInt64 = above >= ReferenceRegisters.maskWidth ? 0 : ~0 << UInt64(above)
            guard held & aboveArguments == 0 else { continue }
            output.instructions[pc] = .call(a, function: f, base: base, count: count, typed: typed, lent: lent, inPlace: true)
        }
    }

    /// Gives fib's call and return their own cases (`Instruction.callTypedInPlace`, `returnTypedClean`): the loop then
    /// finds them by the dispatch alone, where it tested three flags of each (a call typed, in place, lending nothing;
    /// a return typed and clean, of a register).
    mutating func specializeCallsAndReturns() {
        for (pc, instruction) in output.instructions.enumerated() {
            switch instruction {
            case .call(let a, let f, let base, let count, true, 0, true):
                output.instructions[pc] = .callTypedInPlace(a, function: f, base: base, count: count)
            case .return(let r, true, true) where r >= 0:
                output.instructions[pc] = .returnTypedClean(r)
            default: break
            }
        }
    }

    /// Whether the method may run with its receiver borrowed from the caller's register — its bytes in slot 0,
    /// no retain on the call and no release on the return (`call-method`, `CallRecord.lent`). The
    /// caller's register keeps the receiver while the method runs; the method must only read slot 0: copy it
    /// (`move`, which retains; `lend`, which need not), read its members, call its methods, change its fields where they are (a class
    /// instance's, through the reference: a place rooted at `self` never replaces it) — never write, take or
    /// return it. A `mutating` method's `self` is written back, so is never borrowed.
    func borrowsSelf() -> Bool {
        guard code.hasSelf, !code.isMutating, !tableSlots(fieldPlaces: false).contains(0) else { return false }
        for instruction in output.instructions {
            switch instruction {
            case .move(let a, _), .member(let a, _, _, _), .callMethod(let a, _, _, _, _), .callMutating(let a, _, _, _, _),
                 .memberElement(let a, _, _, _), .elementMember(let a, _, _, _), .memberOfMember(let a, _, _, _), .equal(let a, _, _, _),
                 .lend(let a, _), .lendMember(let a, _, _, _):
                if a == 0 { return false }
            case .jumpIfNull, .jumpIfNotNull, .assignPlace, .compoundPlace:
                continue   // read (an assigned value in slot 0 is copied: it is not a temporary)
            default:
                if registersNamed(in: instruction).contains(0) { return false }
            }
        }
        return true
    }

    /// The registers the instruction names — its result and every register operand, not a range of arguments
    /// (`base`, `count`) — and the slots a `bind` writes. `takeLastUses` relies on every register an
    /// instruction reads being here or in its argument range.
    func registersNamed(in instruction: Instruction) -> [Register] {
        switch instruction {
        case .getGlobal(let a, _), .setGlobal(_, let a), .newCell(let a), .compoundGlobal(_, _, let a), .addGlobal(_, let a), .blank(let a, _),
             .openStore(let a, _, _), .fieldDefault(let a, _, _), .parameterDefault(let a, _, _), .assignPlace(_, let a),
             .compoundPlace(_, _, let a), .coerce(let a, _, _), .assertType(let a, _, _), .jumpUnlessIs(let a, _, _),
             .rethrow(let a), .switchUnmatched(let a), .jumpIfPresent(_, let a, _), .makeArray(let a, _, _),
             .makeTuple(let a, _, _, _), .construct(let a, _, _, _), .initialize(let a, _, _, _), .make(let a, _, _, _),
             .callGlobal(let a, _, _, _), .callMutating(let a, _, _, _, _), .callBuiltin(let a, _, _, _), .callNumeric(let a, _, _, _), .unpackTuple(_, let a, _, _),
             .payload(_, let a, _), .call(let a, _, _, _, _, _, _), .callTypedInPlace(let a, _, _, _), .constant(let a, _), .int(let a, _), .bool(let a, _),
             .unwrap(let a), .return(let a, _, _), .returnTypedClean(let a),
             .jumpIndirect(let a), .jumpIfFalse(let a, _), .jumpIfTrue(let a, _), .jumpIfNull(let a, _), .jumpIfNotNull(let a, _),
             .jumpUnlessIntConstant(_, let a, _, _), .jumpUnlessConstant(_, let a, _, _), .jumpIfCase(let a, _, _), .jumpUnlessCase(let a, _, _):
            return [a]
        case .bind(let a, let bindings):
            return [a] + output.bindings[Int(bindings)].compactMap { if case .slot(let s) = $0 { Register(s) } else { nil } }
        case .getCell(let a, let b), .setCell(let a, let b), .sequenceLoopStart(let a, let b), .parameterDefaultOf(let a, let b, _),
             .buildAppend(let a, let b), .callValue(let a, let b, _, _), .callMethod(let a, let b, _, _, _),
             .move(let a, let b), .take(let a, let b), .lend(let a, let b), .negate(let a, let b), .unwrapInto(let a, let b, _, _), .unwrapIntoBack(let a, let b, _, _), .compoundLocal(_, let a, let b), .jumpUnless(_, let a, let b, _),
             .jumpIfMatches(let a, let b, _), .rangeLoopStart(let a, let b, _, _), .rangeLoopNext(let a, let b, _),
             .arithmeticIntConstant(_, let a, let b, _), .addIntConstant(let a, let b, _), .subtractIntConstant(let a, let b, _),
             .arithmeticDoubleConstant(_, let a, let b, _), .addDoubleConstant(let a, let b, _), .multiplyDoubleConstant(let a, let b, _),
             .remainderIntConstant(let a, let b, _):
            return [a, b]
        case .subscriptGet(let a, let b, let c), .dictionaryGet(let a, let b, let c, _), .makeRange(let a, let b, let c, _),
             .sequenceLoopNext(let a, let b, let c, _), .sequenceLoopAgain(let a, let b, let c, _),
             .arithmetic(_, let a, let b, let c), .arithmeticInt(_, let a, let b, let c),
             .multiplyInt(let a, let b, let c), .addDouble(let a, let b, let c), .subtractDouble(let a, let b, let c), .multiplyDouble(let a, let b, let c),
             .divideDouble(let a, let b, let c), .addInt(let a, let b, let c), .subtractInt(let a, let b, let c),
             .compare(_, let a, let b, let c), .compareInt(_, let a, let b, let c), .equal(let a, let b, let c, _):
            return [a, b, c]
        case .subscriptGetGlobal(let a, _, let c):
            return [a, c]
        // A variable operand is a local register (0…) or a global (`-1 - slot`), named as a register of its number.
        case .append(let v, let b), .subscriptSetConstant(let v, let b, _), .jumpIfElement(let v, let b, _, _):
            return [Register(v), b]
        case .subscriptSet(let v, let b, let c):
            return [Register(v), b, c]
        case .elementMember(let a, let v, let c, _), .memberElement(let a, let v, _, let c):
            return [a, Register(v), c]
        case .memberOfMember(let a, let v, _, _):
            return [a, Register(v)]
        case .member(let a, let b, _, _), .memberIfPresent(let a, let b, _, _), .lendMember(let a, let b, _, _):
            return [a, b]
        case .jump, .tick, .guardFellThrough, .scalarLoop:
            return []
        }
    }

    func isScalar(_ value: Value) -> Bool {
        switch value {
        case .null, .bool, .int, .double, .range, .closedRange, .date: return true
        default: return false
        }
    }
}

/// The registers a frame must let go of when it is left: a bit each for the first `maskWidth`, and one past the last
/// (any above the mask are all looked at, up to it); `atReturn`, those of the mask a `return` must look at
/// (`BytecodeCompiler.registersAtReturn`); `lent`, those that hold values lent by the frame's parameters
/// (`BytecodeCompiler.lendRegisters`), forgotten — never let go of — after the others, whenever `mask` and `atReturn`
/// have a bit (the compiler sees that they do).
struct ReferenceRegisters: Equatable {
    static let maskWidth = 64
    static let none = ReferenceRegisters(mask: 0, end: 0, atReturn: 0)
    var mask: UInt64
    var end: Int
    var atReturn: UInt64
    var lent: UInt64 = 0
}
