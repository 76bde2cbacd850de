/// Where a typed `Int` or `Double` instruction may store its result without looking at what its register held
/// (`Instruction.addInt`, `addDouble` and their kin; `BytecodeCompiler.checkScalarDestinations`).
///
/// Storing over a register that may hold a reference must let go of it first: a load of the old tag, a test and a
/// branch at every typed arithmetic instruction (5 of fib's 177 machine instructions a call, each time). Where the
/// register holds no reference — nothing before this point on any path stored one there — the store writes the
/// payload and the tag and nothing else (`storeInt`, `storeDouble`). The specialised typed cases (`addInt`,
/// `addIntConstant`, `subtractInt`, `subtractIntConstant`, `multiplyInt`, `remainderIntConstant`; `addDouble` …
/// `divideDouble`, `addDoubleConstant`, `multiplyDoubleConstant`) store so in the VM; where the flow below cannot show
/// the destination free of references, the instruction becomes the general form of the same operation, which looks
/// first: `arithmeticInt`, `arithmeticIntConstant` and `arithmeticDoubleConstant`, printed as the cases they stand for,
/// and for two Double registers the untyped `arithmetic`, whose first test is for two Doubles, printed as what it is.
///
/// The flow: at entry only a parameter may hold a reference (a new frame's registers hold none: `enterFrame`), and one
/// the checker proved an `Int`, `Double` or `Bool` does not; a typed arithmetic instruction, a comparison, a scalar
/// constant, a range loop's start (its bounds are Ints), a call of a function whose result is a scalar or of a builtin
/// that gives a number (`Builtin.givesANumber`: not `min`, `max` or `abs`, whose values may be any `Comparable`), and a
/// read of a stored property proved a scalar (`Name.kind`) leave their register holding none; jumps, tests and a
/// place's assignment leave their registers as they were (the place's variable holds its value already); every other
/// instruction may leave one in each register it names or fills (`registersNamed`, a tuple's parts, a closure's cells).
/// Not worked out — every destination looked at, as before — for a function with error regions (an error taken goes on
/// at a region's code, a path the walk does not follow), an indirect jump, more registers than a mask's 64 bits, or
/// more instructions than `Limits.lastUseAnalysisInstructions`. A typed instruction whose proof were wrong could store
/// a reference its general path made where the flow says none is: a later store over it would then leak it — never
/// let go of it twice (the stance of `referenceRegisters`).
extension BytecodeCompiler {
    /// Turns each specialised typed `Int` or `Double` instruction whose destination may hold a reference where it runs
    /// into the general form, which lets go of it; the others keep their case, whose store looks at nothing.
    mutating func checkScalarDestinations() {
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
            // A Double's: the general constant form, or the untyped instruction, whose first test is for two Doubles.
            case .addDouble(let a, let b, let c): (destination, checked) = (a, .arithmetic(.add, a, b, c))
            case .subtractDouble(let a, let b, let c): (destination, checked) = (a, .arithmetic(.subtract, a, b, c))
            case .multiplyDouble(let a, let b, let c): (destination, checked) = (a, .arithmetic(.multiply, a, b, c))
            case .divideDouble(let a, let b, let c): (destination, checked) = (a, .arithmetic(.divide, a, b, c))
            case .addDoubleConstant(let a, let b, let k): (destination, checked) = (a, .arithmeticDoubleConstant(.add, a, b, constant: k))
            case .multiplyDoubleConstant(let a, let b, let k): (destination, checked) = (a, .arithmeticDoubleConstant(.multiply, a, b, constant: k))
            default: continue
            }
            if let free, let held = free[pc], Self.bit(destination) != 0, held & Self.bit(destination) == 0 { continue }
            output.instructions[pc] = checked
        }
    }

    /// The registers that may hold a reference where each instruction begins (nil where none is reached), or nil when
    /// the flow is not worked out (`walkForward`).
    func referenceFreeRegisters() -> [UInt64?]? {
        var atEntry: UInt64 = 0
        let firstParameter = code.hasSelf ? 1 : 0
        if code.hasSelf { atEntry |= Self.bit(0) }
        for (i, kind) in code.parameterKinds.enumerated() where !kind.isNumberOrBool {
            atEntry |= Self.bit(Register(firstParameter + i))
        }
        return walkForward(from: atEntry) { instruction, held in
            let effect = referenceEffect(of: instruction)
            return (held | effect.fills) & ~effect.scalars
        }
    }

    /// What an instruction does to the registers that may hold a reference: those it leaves holding a scalar, and those
    /// it may store a reference in (none for a jump or a test; for most, every register it names or fills).
    func referenceEffect(of instruction: Instruction) -> (scalars: UInt64, fills: UInt64) {
        switch instruction {
        case .int(let a, _), .bool(let a, _), .compare(_, let a, _, _), .compareInt(_, let a, _, _), .equal(let a, _, _, _),
             .addInt(let a, _, _), .subtractInt(let a, _, _), .multiplyInt(let a, _, _), .arithmeticInt(_, let a, _, _),
             .addIntConstant(let a, _, _), .subtractIntConstant(let a, _, _), .remainderIntConstant(let a, _, _),
             .arithmeticIntConstant(_, let a, _, _), .addDouble(let a, _, _), .subtractDouble(let a, _, _), .multiplyDouble(let a, _, _),
             .divideDouble(let a, _, _), .addDoubleConstant(let a, _, _), .multiplyDoubleConstant(let a, _, _),
             .arithmeticDoubleConstant(_, let a, _, _):
            return (Self.bit(a), 0)
        case .callNumeric(let a, let k, _, _) where output.builtins[Int(k)].builtin.givesANumber:
            return (Self.bit(a), 0)
        case .constant(let a, let k) where isScalar(output.constants[Int(k)]):
            return (Self.bit(a), 0)
        case .rangeLoopStart(let counter, let last, _, _):
            return (Self.bit(counter) | Self.bit(last), 0)   // two Ints, or an error (`rangeHasTurns`)
        case .call(let a, let f, _, _, _, _, _) where output.functions[Int(f)].returnKind.isNumberOrBool:
            return (Self.bit(a), 0)
        case .member(let a, _, let name, _) where output.names[Int(name)].kind.isNumberOrBool,
             .elementMember(let a, _, _, let name) where output.names[Int(name)].kind.isNumberOrBool,
             .memberOfMember(let a, _, _, let name) where output.names[Int(name)].kind.isNumberOrBool:
            return (Self.bit(a), 0)   // the base and the key are read (a base taken is left nil)
        // Read their registers (a `setGlobal` or an `assign` takes a temporary's value, leaving it nil), or store an Int
        // over an Int (`rangeLoopNext`).
        case .jump, .jumpIfFalse, .jumpIfTrue, .jumpIfNull, .jumpIfNotNull, .jumpUnless, .jumpUnlessIntConstant, .jumpUnlessConstant,
             .jumpIfMatches, .jumpIfCase, .jumpUnlessCase, .jumpIfPresent, .jumpUnlessIs, .tick, .unwrap, .rangeLoopNext, .setGlobal,
             .return, .returnTypedClean, .guardFellThrough, .switchUnmatched, .assignPlace, .compoundPlace, .scalarLoop:
            return (0, 0)
        default:
            return (0, registersFilled(by: instruction))
        }
    }
}
