/// Where a typed `Int` instruction may store its result without looking at what its register held
/// (`Instruction.addInt` and its kin; `BytecodeCompiler.checkIntDestinations`).
///
/// Storing over a register that may hold a reference must let go of it first: a load of the old tag, a test and a
/// branch at every typed `Int` instruction (5 of fib's 177 machine instructions a call, each time). Where the register
/// holds no reference — nothing before this point on any path stored one there — the store writes the payload and the
/// tag and nothing else. The specialised typed cases (`addInt`, `addIntConstant`, `subtractInt`, `subtractIntConstant`,
/// `multiplyInt`, `remainderIntConstant`) store so in the VM; where the flow below cannot show the destination free of
/// references, the instruction becomes the general typed form of the same operation (`arithmeticInt`,
/// `arithmeticIntConstant`), which looks first. They print alike (`BytecodePrinter`).
///
/// The flow: at entry only a parameter may hold a reference (a new frame's registers hold none: `enterFrame`), and one
/// the checker proved an `Int`, `Double` or `Bool` does not; a typed arithmetic instruction, a comparison, an `Int` or
/// `Bool` constant and a call of a function whose result is a scalar leave their register holding none; jumps and tests
/// leave their registers as they were; every other instruction may leave one in each register it names or fills
/// (`registersNamed`, a tuple's parts, a closure's cells).
/// Not worked out — every destination looked at, as before — for a function with error regions (an error taken goes on
/// at a region's code, a path the walk does not follow), an indirect jump, more registers than a mask's 64 bits, or
/// more instructions than `Limits.lastUseAnalysisInstructions`. A typed instruction whose proof were wrong could store
/// a reference its general path made where the flow says none is: a later store over it would then leak it — never
/// let go of it twice (the stance of `referenceRegisters`).
extension BytecodeCompiler {
    /// Turns each specialised typed `Int` instruction whose destination may hold a reference where it runs into the
    /// general typed form, which lets go of it; the others keep their case, whose store looks at nothing.
    mutating func checkIntDestinations() {
        let free = referenceFreeRegisters()
        for (pc, instruction) in output.instructions.enumerated() {
            let destination: Register
            let checked: Instruction
            switch instruction {
            case .addInt(let a, let b, let c): (destination, checked) = (a, .arithmeticInt(.add, a, b, c))
            case .subtractInt(let a, let b, let c): (destination, checked) = (a, .arithmeticInt(.subtract, a, b, c))
            case .multiplyInt(let a, let b, let c): (destination, checked) = (a, .arithmeticInt(.multiply, a, b, c))
            case .addIntConstant(let a, let b, let k): (destination, checked) = (a, .arithmeticIntConstant(.add, a, b, k))
            case .subtractIntConstant(let a, let b, let k): (destination, checked) = (a, .arithmeticIntConstant(.subtract, a, b, k))
            case .remainderIntConstant(let a, let b, let k): (destination, checked) = (a, .arithmeticIntConstant(.remainder, a, b, k))
            default: continue
            }
            if let free, let held = free[pc], Self.bit(destination) != 0, held & Self.bit(destination) == 0 { continue }
            output.instructions[pc] = checked
        }
    }

    /// The registers that may hold a reference where each instruction begins (nil where none is reached), or nil when
    /// the flow is not worked out (see above).
    func referenceFreeRegisters() -> [UInt64?]? {
        let code = output.instructions
        guard output.handlers.isEmpty, output.registerCount <= ReferenceRegisters.maskWidth, !code.isEmpty,
              code.count <= Limits.lastUseAnalysisInstructions else { return nil }
        var atEntry: UInt64 = 0
        let firstParameter = self.code.hasSelf ? 1 : 0
        if self.code.hasSelf { atEntry |= Self.bit(0) }
        for (i, kind) in self.code.parameterKinds.enumerated() where !(kind == .int || kind == .double || kind == .bool) {
            atEntry |= Self.bit(Register(firstParameter + i))
        }
        func range(_ base: Register, _ count: Int32) -> UInt64 { (0..<max(Int(count), 0)).reduce(0) { $0 | Self.bit(base + $1) } }
        var entry = [UInt64?](repeating: nil, count: code.count)
        entry[0] = atEntry
        var work = [0]
        while let pc = work.popLast() {
            let instruction = code[pc]
            var stored: UInt64 = 0, scalar: UInt64 = 0
            switch instruction {
            case .int(let a, _), .bool(let a, _), .compare(_, let a, _, _), .compareInt(_, let a, _, _), .equal(let a, _, _, _),
                 .addInt(let a, _, _), .subtractInt(let a, _, _), .multiplyInt(let a, _, _), .arithmeticInt(_, let a, _, _),
                 .addIntConstant(let a, _, _), .subtractIntConstant(let a, _, _), .remainderIntConstant(let a, _, _),
                 .arithmeticIntConstant(_, let a, _, _):
                scalar = Self.bit(a)
            case .call(let a, let f, _, _, _, _, _) where [.int, .double, .bool].contains(output.functions[Int(f)].returnKind):
                scalar = Self.bit(a)
            case .jumpIndirect:
                return nil
            case .jump, .jumpIfFalse, .jumpIfTrue, .jumpIfNull, .jumpIfNotNull, .jumpUnless, .jumpUnlessIntConstant, .jumpUnlessConstant,
                 .jumpIfMatches, .jumpIfCase, .jumpUnlessCase, .jumpIfPresent, .jumpUnlessIs, .tick, .unwrap, .rangeLoopNext, .setGlobal,
                 .return, .returnTypedClean, .guardFellThrough, .switchUnmatched:
                break   // they read their registers (a `setGlobal` takes a temporary's value, leaving it nil), or store an Int over an Int
            case .unpackTuple(let a, _, let n, _), .payload(let a, _, let n):
                stored = range(a, n) | Self.bits(registersNamed(in: instruction))
            case .make(_, let maker, _, _):
                stored = Self.bits(registersNamed(in: instruction))
                if case .closure(_, let sources) = output.makers[Int(maker)] {
                    for case .cell(let s) in sources { stored |= Self.bit(Register(s)) }
                }
            default:
                stored = Self.bits(registersNamed(in: instruction))
            }
            let out = ((entry[pc] ?? 0) | stored) & ~scalar
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

    /// The registers' bits in a mask (none past its width).
    static func bits(_ registers: [Register]) -> UInt64 { registers.reduce(0) { $0 | bit($1) } }
}
