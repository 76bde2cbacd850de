import ShortcutSyntax

/// A register: a slot of the function's frame. The IR's slots (`self`, parameters, captured cells,
/// locals) come first, then the compiler's temporaries.
///
/// Held as its distance in bytes from the frame's first register, so the loop adds an operand to `fp` as it is:
/// a `Value` is 24 bytes, and an index cost a shift and an `lea` per operand on every instruction. The compiler
/// counts in indices (`Register(n)`, `r + 1`, `r.index`); only `fp + r` and `fp[r]` read the offset. A frame has at
/// most `Limits.valueStackSlots` registers (a larger one is refused when entered), so every offset fits an Int32.
struct Register: Hashable, Comparable, Sendable, CustomStringConvertible {
    @_transparent static var stride: Int32 { Int32(MemoryLayout<Value>.stride) }
    /// Bytes from the frame's first register (negative for the `return` operand's codes: `Instruction.returnConstant`).
    let offset: Int32

    @inline(__always) init(_ index: Int32) { offset = Int32(clamping: Int(index) * Int(Register.stride)) }
    init(_ index: Int) { offset = Int32(clamping: index * Int(Register.stride)) }

    /// The register's number in its frame.
    var index: Int32 { offset / Register.stride }

    static func + (r: Register, n: Int32) -> Register { Register(r.index + n) }
    static func + (r: Register, n: Int) -> Register { Register(Int(r.index) + n) }
    // Written out, so a comparison in the loop (`r >= 0`) is one instruction, not a call of `Comparable`'s default.
    @_transparent static func < (a: Register, b: Register) -> Bool { a.offset < b.offset }
    @_transparent static func <= (a: Register, b: Register) -> Bool { a.offset <= b.offset }
    @_transparent static func > (a: Register, b: Register) -> Bool { a.offset > b.offset }
    @_transparent static func >= (a: Register, b: Register) -> Bool { a.offset >= b.offset }
    var description: String { String(index) }
}

extension Register: ExpressibleByIntegerLiteral {
    @inline(__always) init(integerLiteral index: Int32) { self.init(index) }
}

extension Int {
    /// The register's number (not its offset).
    init(_ r: Register) { self = Int(r.index) }
}

extension Int32 {
    /// The register's number (not its offset).
    init(_ r: Register) { self = r.index }
}

extension UnsafeMutablePointer where Pointee == Value {
    /// The register `r` of the frame at `self`: the operand's offset added as it is.
    @_transparent
    static func + (fp: UnsafeMutablePointer<Value>, r: Register) -> UnsafeMutablePointer<Value> {
        UnsafeMutableRawPointer(fp).advanced(by: Int(r.offset)).assumingMemoryBound(to: Value.self)
    }

    /// The register's value where it is (addressed, as the pointer's own subscript is: `&fp[r]` changes it in place).
    @inline(__always)
    subscript(r: Register) -> Value {
        unsafeAddress { UnsafePointer(self + r) }
        nonmutating unsafeMutableAddress { self + r }
    }
}

/// What an unwrap (`unwrapInto`) does with the value it copies and the register's old value.
enum Handoff: UInt8 {
    /// Copied (retained); the source stays as it is; the register's old value let go of.
    case copy
    /// Moved: the source is left nil — a temporary, or a variable's last use.
    case take
    /// Lent: the bytes copied with no retain, over a register whose old value was lent too (nothing let go of). Only
    /// into the registers `BytecodeCompiler.lendRegisters` proved are kept alive by the frame's parameters.
    case lend
}

/// One instruction: small and trivial (24 bytes, no reference counting; `BytecodePrinterTests` checks
/// both). Operands are registers, table indices, small constants and jump targets (instruction indices). "Int" and "Double" instructions are the typed
/// forms the compiler picks where the checker proved the operands' types; each still takes the general
/// path if a value of another type ever reaches it, so a wrong proof costs speed, never safety.
enum Instruction {
    // Moving values
    case move(Register, Register)
    /// A `move` from a slot whose value is not read again (`BytecodeCompiler.takeLastUses`): the slot is left nil.
    case take(Register, Register)
    /// A `move` between a function's lent registers (`BytecodeCompiler.lendRegisters`): the bytes copied, no retain,
    /// nothing let go of — the value is kept alive by the frame's parameters, which the function never changes.
    case lend(Register, Register)
    case constant(Register, Int32)
    case int(Register, Int32)
    /// `true` or `false`: stored as its tag and byte, as `int` stores an Int (a constant's copy tested what it wrote over).
    case bool(Register, Bool)
    case getGlobal(Register, Int32)
    case setGlobal(Int32, Register)
    /// The value in the captured cell held by the second register.
    case getCell(Register, Register)
    /// A new cell (holding nil) in the register: a variable a closure captures.
    case newCell(Register)
    /// The second register's value into the cell held by the first.
    case setCell(Register, Register)

    // Arithmetic and comparison: `a = b op c`
    case arithmetic(ArithmeticOp, Register, Register, Register)
    case arithmeticInt(ArithmeticOp, Register, Register, Register)
    case arithmeticIntConstant(ArithmeticOp, Register, Register, Int32)
    case multiplyInt(Register, Register, Register)
    /// `b % k` for a constant k that is neither 0 nor -1 (`Instruction.int(_:_:_:constant:)`), so it has a result. Holds
    /// `|k|`: an Int's remainder takes the dividend's sign, whatever the divisor's (`x % -3 == x % 3`).
    case remainderIntConstant(Register, Register, Int32)
    case addInt(Register, Register, Register)
    case addIntConstant(Register, Register, Int32)
    case subtractInt(Register, Register, Register)
    case subtractIntConstant(Register, Register, Int32)
    /// `+ - * /` of two Doubles, a case each: an op the loop's switch decides is one indirect jump, not two.
    case addDouble(Register, Register, Register)
    case subtractDouble(Register, Register, Register)
    case multiplyDouble(Register, Register, Register)
    case divideDouble(Register, Register, Register)
    /// `b op k` of a Double and a constant Double of the function's table (not a NaN): `x / 1e3`.
    case arithmeticDoubleConstant(ArithmeticOp, Register, Register, constant: Int32)
    /// `b + k` and `b * k` of a Double and such a constant (`x - k` is `x + -k`, exactly), a case each as `add-double`
    /// is: the op `arithmetic-double-constant` carries was switched on in the loop (Mandelbrot's `2.0 * zr`).
    case addDoubleConstant(Register, Register, constant: Int32)
    case multiplyDoubleConstant(Register, Register, constant: Int32)
    case compare(ComparisonOp, Register, Register, Register)
    case compareInt(IntTest, Register, Register, Register)
    case equal(Register, Register, Register, negated: Bool)
    case negate(Register, Register)
    /// `x op= y` on a local slot or a global: in place for strings and arrays (`compoundAssign`).
    case compoundLocal(ArithmeticOp, Register, Register)
    case compoundGlobal(ArithmeticOp, Int32, Register)
    /// `g += b`, the commonest compound assignment to a global: its own case, so an Int's is one indirect jump.
    case addGlobal(Int32, Register)

    // Jumps (targets are instruction indices)
    case jump(Int32)
    case jumpIfFalse(Register, Int32)
    case jumpIfTrue(Register, Int32)
    case jumpIfNull(Register, Int32)
    case jumpIfNotNull(Register, Int32)
    /// `if let a = b`, `while let`: jumps when `b` is nil, else copies it into `a` (takes it, `.take`: a temporary,
    /// or a variable's last use — `takeLastUses`; lends it, `.lend`, between lent registers).
    case unwrapInto(Register, Register, Handoff, Int32)
    /// `while let a = b` tested at its bottom (`testedAtTheBottom`): when `b` holds a value it goes into `a` (as
    /// `unwrapInto`'s handoff says) and the loop goes round again at the target, the turn counted; when `b` is nil, on.
    case unwrapIntoBack(Register, Register, Handoff, Int32)
    /// Jumps unless `b op c`: the test of an `if` or a loop, fused (Ints and Doubles compared here, other values as `test` does).
    case jumpUnless(IntTest, Register, Register, Int32)
    case jumpUnlessIntConstant(IntTest, Register, Int32, Int32)
    /// `jumpUnless` with a constant of the function's table on the right: a Double (`x > 4.0`) or a string (`c == " "`).
    case jumpUnlessConstant(IntTest, Register, constant: Int32, Int32)
    /// Jumps when the pattern value in the first register matches the second (`~=`: equality, or a range's containment).
    case jumpIfMatches(Register, Register, Int32)
    /// `if flags[i]`, `where !columns[c]`: jumps when the element `key` of the array in the variable (a local, or a global
    /// as `-1 - slot`) is the Bool `when` — read where it is, no register between the subscript and the jump. An index out
    /// of range is the subscript's error.
    case jumpIfElement(variable: Int32, key: Register, when: Bool, Int32)
    /// Jumps when the register holds the enum case of this index.
    case jumpIfCase(Register, index: Int32, Int32)
    /// Counts work for `--timeout` and interruption: at the head of every loop.
    case tick

    // Loops
    /// `for i in lo..<hi`: checks the bounds in the two registers, turns the second into the last value
    /// the counter (the first) takes, and jumps to the exit when the range is empty.
    case rangeLoopStart(Register, Register, closed: Bool, exit: Int32)
    /// The counter steps to the next value, the turn is counted (`tick`), and it jumps back to the instruction
    /// after the loop's `tick` (which counts the first turn); or it falls through after the last value.
    case rangeLoopNext(Register, Register, loop: Int32)
    /// `for x in sequence`: the sequence in the first register becomes an array or a range; the index
    /// (second register) starts at 0.
    case sequenceLoopStart(Register, Register)
    /// The next element into the first register, or a jump to the exit when there is none.
    case sequenceLoopNext(Register, sequence: Register, index: Register, exit: Int32)
    /// The same at the bottom of a turn (`sequenceLoop`): the next element into the first register and back to the
    /// loop's body, the turn counted; on when there is none.
    case sequenceLoopAgain(Register, sequence: Register, index: Register, loop: Int32)

    // Values
    case subscriptGet(Register, Register, Register)
    /// `a = global[key]`, read where the global is (no copy of the collection into a register).
    case subscriptGetGlobal(Register, Int32, Register)
    /// `base[index] = value` where the base is a variable: a local register (0…) or a global (`-1 - slot`),
    /// as `Place.variable` says.
    case subscriptSet(variable: Int32, Register, Register)
    /// `flags[k] = false`: `subscriptSet` of a constant of the function's table (no register loaded with it first).
    case subscriptSetConstant(variable: Int32, Register, constant: Int32)
    /// `a = b[c, default: …]`: the dictionary's value, or a jump to the default's code when it is missing.
    case dictionaryGet(Register, Register, Register, missing: Int32)
    /// Jumps when the dictionary at the path (`Bytecode.paths`) holds the key, or there is none there: past
    /// the code of a `d[key, default: value]` place's default.
    case jumpIfPresent(path: Int32, key: Register, Int32)
    /// `name` indexes `Bytecode.names`. `takesBase` when the base is a temporary read for the last time (not the
    /// result's register): let go of once read (`BytecodeCompiler.takeTemporaries`), else `xs[i].x += d` after reading
    /// `xs[i].x` would copy the struct.
    case member(Register, Register, name: Int32, takesBase: Bool)
    /// `x?.next`: nil when the base is nil, else `member`'s value (the jump over it and the nil, fused).
    case memberIfPresent(Register, Register, name: Int32, takesBase: Bool)
    /// `member` (`memberIfPresent`, when `ifPresent`) into a lent register (`BytecodeCompiler.lendRegisters`): the field's
    /// bytes, no retain, over a lent value. A case of its own: a third way in `member` slowed every member read.
    case lendMember(Register, Register, name: Int32, ifPresent: Bool)
    /// `a = variable[key].name`, the element's field read where it is (no copy of the element); a local
    /// register (0…) or a global (`-1 - slot`), as `Place.variable`.
    case elementMember(Register, variable: Int32, key: Register, name: Int32)
    /// `a = variable.name[key]`, the field's element read where it is (no copy of the field's array).
    case memberElement(Register, variable: Int32, name: Int32, key: Register)
    /// `a = variable.outer.inner`, an Int, Double or Bool read where it is: a field's field, or the count of a field's
    /// array (`self.chars.count`), with no copy of the field's value (a retain and a release of its storage). Both are
    /// pure reads (`Name.isPureRead`).
    case memberOfMember(Register, variable: Int32, outer: Int32, inner: Int32)
    /// `a = [registers b..<b+count]`.
    case makeArray(Register, Register, count: Int32)
    /// `a = (registers b..<b+count)`, with the labels of `Bytecode.labelLists` (none when negative).
    case makeTuple(Register, Register, count: Int32, labels: Int32)
    /// A memberwise initializer: a struct or class (`Bytecode.types`) of the fields in `base..<base+count`.
    case construct(Register, type: Int32, base: Register, count: Int32)
    /// A value of the type (`Bytecode.types`) with each field's default, for an `init` to fill in.
    case blank(Register, type: Int32)
    /// A store's one instance (`Bytecode.types`), and a jump to the target unless it was made just now and
    /// nothing of it is saved: only then does the `init` it was called with run.
    case openStore(Register, type: Int32, unlessNew: Int32)
    /// Runs an `init` (`Bytecode.functions`) on the value `blank` made, with the arguments in registers.
    case initialize(Register, function: Int32, base: Register, count: Int32)
    /// The default of a field left out of a memberwise initializer (nil where the field has none).
    case fieldDefault(Register, type: Int32, field: Int32)
    /// The default of an argument left out of a call of the function (nil where the parameter has none).
    case parameterDefault(Register, function: Int32, parameter: Int32)
    /// The same, of the function value in the second register (a global function's slot).
    case parameterDefaultOf(Register, callee: Register, parameter: Int32)
    /// A value made of the operands in `base..<base+count` by `Bytecode.makers` (a view, an intent, a
    /// result, a closure, a string interpolation, …): `Interpreter.make`.
    case make(Register, maker: Int32, base: Register, count: Int32)
    /// A builder's child (the second register) added to the array being built (the first).
    case buildAppend(Register, Register)
    /// `x!`: an error when the register holds nil.
    case unwrap(Register)
    case makeRange(Register, Register, Register, closed: Bool)
    /// `base.append(value)` on a variable (local or global, as `subscriptSet`).
    case append(variable: Int32, Register)
    /// `place = value`, `place op= value` for a place of members, subscripts, unwraps (`Bytecode.places`),
    /// changed in place.
    case assignPlace(place: Int32, Register)
    case compoundPlace(ArithmeticOp, place: Int32, Register)

    // Calls: arguments in registers `base..<base+count`, in parameter order.
    /// A function known when compiling (`Bytecode.functions`); `typed` when the compiler proved every argument of its
    /// parameter's type (`BytecodeCompiler.provesArguments`): the call checks none. `lent`, a bit for each of the first
    /// eight arguments the caller lends (`BytecodeCompiler.lendArguments`): its bytes, no retain, given to a callee that
    /// keeps its parameters (`Bytecode.keepsParameters`) and forgets them on leaving, when they pass its checks as they are;
    /// else retained first. `inPlace`: the callee's frame begins at the arguments, so none is moved
    /// (`BytecodeCompiler.placeFramesAtArguments`; a call the loop cannot make itself moves them into a new frame).
    case call(Register, function: Int32, base: Register, count: Int32, typed: Bool, lent: UInt8, inPlace: Bool)
    /// `call` typed, in place, lending nothing — fib's — as a case of its own, so the loop reads no flag to know it
    /// (`BytecodeCompiler.specializeCallsAndReturns`; printed as that `call`).
    case callTypedInPlace(Register, function: Int32, base: Register, count: Int32)
    /// The function value in a global slot.
    case callGlobal(Register, global: Int32, base: Register, count: Int32)
    /// The function (or type) value in the second register.
    case callValue(Register, callee: Register, base: Register, count: Int32)
    /// A method of the receiver in the second register (`Bytecode.methods`: name, labels), lending the arguments its
    /// method cache names (`MethodCache.lent`, as `call`'s `lent`: here an instruction of 20 bytes of operands would
    /// grow to 21, and every instruction's dispatch load a byte more).
    case callMethod(Register, receiver: Register, method: Int32, base: Register, count: Int32)
    /// A mutating method of the value at a place (`Bytecode.places`; `Bytecode.methods`: name, labels).
    case callMutating(Register, place: Int32, method: Int32, base: Register, count: Int32)
    /// A builtin (`Bytecode.builtins`: which, labels).
    case callBuiltin(Register, builtin: Int32, base: Register, count: Int32)
    /// `callBuiltin` of a numeric builtin (`Builtin.isNumeric`) with one or two unlabelled arguments: done in the
    /// loop on numbers (`Interpreter.numeric`), else as `callBuiltin`.
    case callNumeric(Register, builtin: Int32, base: Register, count: Int32)
    /// Ends the function with the register's value: nothing when -1, a constant below that (`returnConstant`). `typed`
    /// when the compiler proved the value of the function's declared result type: a call made in the loop checks it only
    /// when it is not. `clean` when the frame holds no reference of its own where any `return` of it runs (its
    /// `ReferenceRegisters` say none at a return, none lent, none past the mask): leaving it looks at no register,
    /// only at what a caller lent it (`BytecodeCompiler.markCleanReturns`).
    case `return`(Register, typed: Bool, clean: Bool = false)
    /// `return` typed and clean of a register's value, as a case of its own (`callTypedInPlace`'s reason; printed as
    /// that `return`).
    case returnTypedClean(Register)

    // Checks
    /// The value a variable was given, converted to its declared type (`Bytecode.annotations`).
    case coerce(Register, annotation: Int32, name: Int32)
    /// Only in the type-assertion mode: the value has the type the checker proved.
    case assertType(Register, annotation: Int32, name: Int32)
    /// Binds a value to the names of `Bytecode.bindings[b]`.
    case bind(Register, bindings: Int32)
    /// Pattern tests: a jump unless the value fits the type (`Bytecode.typeTests`, as `Value.fits` says);
    /// unless it is the enum case of this index; unless it is a tuple of `count` elements, copied into the
    /// registers from the first.
    case jumpUnlessIs(Register, type: Int32, Int32)
    case jumpUnlessCase(Register, index: Int32, Int32)
    case unpackTuple(Register, Register, count: Int32, orElse: Int32)
    /// The payload of the enum case in the second register into `count` registers from the first (as one
    /// tuple, with its labels, when `count` is negative).
    case payload(Register, Register, count: Int32)
    /// Throws on the error a `defer`'s handler kept in the register (`Handler.Action.cleanup`).
    case rethrow(Register)
    /// Goes on at the instruction whose index the register holds: the end of a `defer`'s cleanup, back to
    /// where it was entered from.
    case jumpIndirect(Register)
    case guardFellThrough
    case switchUnmatched(Register)
    /// First in a function that calls and does nothing the scalar loop cannot (`BytecodeCompiler.entersScalarLoop`): the
    /// function runs in `Interpreter.runScalarLoop`, a loop small enough that its state stays in machine registers.
    case scalarLoop
}

extension Instruction {
    /// `return` of constant `k` (`true`, `nil`, `0`): one step where a `constant` and a `return` were two.
    static func returnConstant(_ k: Int32, typed: Bool) -> Instruction { .return(Register(-2 - k), typed: typed) }

    /// The constant a `return` whose operand is below -1 returns.
    @inline(__always)
    static func returnedConstant(_ r: Register) -> Int { Int(-2 - r.index) }

    /// The typed instruction for `a = b op c` of two Doubles, if `op` has one.
    static func double(_ op: ArithmeticOp, _ a: Register, _ b: Register, _ c: Register) -> Instruction? {
        switch op {
        case .add: return .addDouble(a, b, c)
        case .subtract: return .subtractDouble(a, b, c)
        case .multiply: return .multiplyDouble(a, b, c)
        case .divide: return .divideDouble(a, b, c)
        default: return nil
        }
    }
}

extension Instruction {
    /// `a = b op k` of an Int and a constant, typed.
    static func int(_ op: ArithmeticOp, _ a: Register, _ b: Register, constant k: Int32) -> Instruction {
        switch op {
        case .add: return .addIntConstant(a, b, k)
        case .subtract: return .subtractIntConstant(a, b, k)
        case .remainder where k != 0 && k != -1 && k != .min: return .remainderIntConstant(a, b, Int32(k.magnitude))
        default: return .arithmeticIntConstant(op, a, b, k)
        }
    }

    /// `a = b op c` of two Ints, typed.
    static func int(_ op: ArithmeticOp, _ a: Register, _ b: Register, _ c: Register) -> Instruction {
        switch op {
        case .add: return .addInt(a, b, c)
        case .subtract: return .subtractInt(a, b, c)
        case .multiply: return .multiplyInt(a, b, c)
        default: return .arithmeticInt(op, a, b, c)
        }
    }
}

extension ComparisonOp {
    /// The comparison of two Doubles (false when either is NaN, as `compare` gives it).
    @inline(__always)
    func holds(_ x: Double, _ y: Double) -> Bool {
        switch self {
        case .less: return x < y
        case .lessEqual: return x <= y
        case .greater: return x > y
        case .greaterEqual: return x >= y
        }
    }
}

/// A comparison of two Ints, equality included: the typed comparisons' operator.
///
/// Held as the set of outcomes of comparing two numbers for which the test holds — bit 0 less, bit 1 equal, bit 2
/// greater, bit 3 unordered (a Double's NaN: only `!=` holds) — so `holds` is that set's bit, not a `switch` (an
/// indirect jump in every fused compare-and-jump). A struct, not an enum with these raw values: an enum holds its
/// case's index, and reading its raw value was a table lookup in the loop (four instructions a comparison).
struct IntTest: Equatable {
    let rawValue: UInt8

    static let less = IntTest(rawValue: 0b001)
    static let lessEqual = IntTest(rawValue: 0b011)
    static let greater = IntTest(rawValue: 0b100)
    static let greaterEqual = IntTest(rawValue: 0b110)
    static let equal = IntTest(rawValue: 0b010)
    static let notEqual = IntTest(rawValue: 0b1101)

    private init(rawValue: UInt8) { self.rawValue = rawValue }

    init(_ op: ComparisonOp) {
        switch op {
        case .less: self = .less
        case .lessEqual: self = .lessEqual
        case .greater: self = .greater
        case .greaterEqual: self = .greaterEqual
        }
    }

    /// Whether the test holds of two Ints: the bit of their outcome.
    @inline(__always)
    func holds(_ x: Int, _ y: Int) -> Bool {
        let outcome = (x > y ? 2 : 0) | (x == y ? 1 : 0)
        return rawValue & (1 &<< UInt8(outcome)) != 0
    }

    /// Whether the test holds of two Doubles, as Swift compares them (a NaN: only `!=`).
    @inline(__always)
    func holds(_ x: Double, _ y: Double) -> Bool {
        let outcome: UInt8 = x < y ? 0b0001 : x > y ? 0b0100 : x == y ? 0b0010 : 0b1000
        return rawValue & outcome != 0
    }

    /// The test that holds exactly when this one does not, for Ints (the other outcomes; `!=` takes a NaN's too).
    var negated: IntTest {
        let other = ~rawValue & 0b111
        return IntTest(rawValue: other == IntTest.notEqual.rawValue & 0b111 ? IntTest.notEqual.rawValue : other)
    }

    var symbol: String {
        switch self {
        case .less: return ComparisonOp.less.symbol
        case .lessEqual: return ComparisonOp.lessEqual.symbol
        case .greater: return ComparisonOp.greater.symbol
        case .greaterEqual: return ComparisonOp.greaterEqual.symbol
        case .equal: return "=="
        default: return "!="
        }
    }
}
