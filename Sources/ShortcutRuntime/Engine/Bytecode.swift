import ShortcutSyntax

/// A register: a slot of the function's frame. The IR's slots (`self`, parameters, captured cells,
/// locals) come first, then the compiler's temporaries.
typealias Register = Int32

/// One instruction: small and trivial (24 bytes, no reference counting; `BytecodePrinterTests` checks
/// both). Operands are registers, table indices, small constants and jump targets (instruction indices). "Int" and "Double" instructions are the typed
/// forms the compiler picks where the checker proved the operands' types; each still takes the general
/// path if a value of another type ever reaches it, so a wrong proof costs speed, never safety.
enum Instruction {
    // Moving values
    case move(Register, Register)
    case constant(Register, Int32)
    case int(Register, Int32)
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
    case addInt(Register, Register, Register)
    case addIntConstant(Register, Register, Int32)
    case subtractInt(Register, Register, Register)
    case subtractIntConstant(Register, Register, Int32)
    case arithmeticDouble(ArithmeticOp, Register, Register, Register)
    case compare(ComparisonOp, Register, Register, Register)
    case compareInt(IntTest, Register, Register, Register)
    case equal(Register, Register, Register, negated: Bool)
    case negate(Register, Register)
    /// `x op= y` on a local slot or a global: in place for strings and arrays, as the tree walker does.
    case compoundLocal(ArithmeticOp, Register, Register)
    case compoundGlobal(ArithmeticOp, Int32, Register)

    // Jumps (targets are instruction indices)
    case jump(Int32)
    case jumpIfFalse(Register, Int32)
    case jumpIfTrue(Register, Int32)
    case jumpIfNull(Register, Int32)
    case jumpIfNotNull(Register, Int32)
    /// Jumps unless `b op c` (both Ints): the test of an `if` or a loop, fused.
    case jumpUnlessInt(IntTest, Register, Register, Int32)
    case jumpUnlessIntConstant(IntTest, Register, Int32, Int32)
    /// Jumps when the pattern value in the first register matches the second (`~=`: equality, or a range's containment).
    case jumpIfMatches(Register, Register, Int32)
    /// Jumps when the register holds the enum case of this index.
    case jumpIfCase(Register, index: Int32, Int32)
    /// Counts work for `--timeout` and interruption: at the head of every loop.
    case tick

    // Loops
    /// `for i in lo..<hi`: checks the bounds in the two registers, turns the second into the last value
    /// the counter (the first) takes, and jumps to the exit when the range is empty.
    case rangeLoopStart(Register, Register, closed: Bool, exit: Int32)
    /// The counter steps to the next value and jumps back, or falls through after the last.
    case rangeLoopNext(Register, Register, loop: Int32)
    /// `for x in sequence`: the sequence in the first register becomes an array or a range; the index
    /// (second register) starts at 0.
    case sequenceLoopStart(Register, Register)
    /// The next element into the first register, or a jump to the exit when there is none.
    case sequenceLoopNext(Register, sequence: Register, index: Register, exit: Int32)

    // Values
    case subscriptGet(Register, Register, Register)
    /// `a = global[key]`, read where the global is (no copy of the collection into a register).
    case subscriptGetGlobal(Register, Int32, Register)
    /// `base[index] = value` where the base is a variable: a local register (0…) or a global (`-1 - slot`),
    /// as `Place.variable` says.
    case subscriptSet(variable: Int32, Register, Register)
    /// `a = b[c, default: …]`: the dictionary's value, or a jump to the default's code when it is missing.
    case dictionaryGet(Register, Register, Register, missing: Int32)
    /// `name` indexes `Bytecode.names`.
    case member(Register, Register, name: Int32)
    /// `a = [registers b..<b+count]`.
    case makeArray(Register, Register, count: Int32)
    /// `a = (registers b..<b+count)`, with the labels of `Bytecode.labelLists` (none when negative).
    case makeTuple(Register, Register, count: Int32, labels: Int32)
    /// A memberwise initializer: a struct or class (`Bytecode.types`) of the fields in `base..<base+count`.
    case construct(Register, type: Int32, base: Register, count: Int32)
    /// A value of the type (`Bytecode.types`) with each field's default, for an `init` to fill in.
    case blank(Register, type: Int32)
    /// Runs an `init` (`Bytecode.functions`) on the value `blank` made, with the arguments in registers.
    case initialize(Register, function: Int32, base: Register, count: Int32)
    /// The default of a field left out of a memberwise initializer (nil where the field has none).
    case fieldDefault(Register, type: Int32, field: Int32)
    /// The default of an argument left out of a call of the function (nil where the parameter has none).
    case parameterDefault(Register, function: Int32, parameter: Int32)
    /// A value made of the operands in `base..<base+count` by `Bytecode.makers` (a view, an intent, a
    /// result, a closure, a string interpolation, …), as the tree walker makes it.
    case make(Register, maker: Int32, base: Register, count: Int32)
    /// A builder's child (the second register) added to the array being built (the first).
    case buildAppend(Register, Register)
    /// `x!`: an error when the register holds nil.
    case unwrap(Register)
    case makeRange(Register, Register, Register, closed: Bool)
    /// `base.append(value)` on a variable (local or global, as `subscriptSet`).
    case append(variable: Int32, Register)
    /// `place = value`, `place op= value` for a place of members, subscripts, unwraps (`Bytecode.places`),
    /// changed in place as the tree walker changes it.
    case assignPlace(place: Int32, Register)
    case compoundPlace(ArithmeticOp, place: Int32, Register)

    // Calls: arguments in registers `base..<base+count`, in parameter order.
    /// A function known when compiling (`Bytecode.functions`).
    case call(Register, function: Int32, base: Register, count: Int32)
    /// The function value in a global slot.
    case callGlobal(Register, global: Int32, base: Register, count: Int32)
    /// The function (or type) value in the second register.
    case callValue(Register, callee: Register, base: Register, count: Int32)
    /// A method of the receiver in the second register (`Bytecode.methods`: name, labels).
    case callMethod(Register, receiver: Register, method: Int32, base: Register, count: Int32)
    /// A mutating method of the value at a place (`Bytecode.places`; `Bytecode.methods`: name, labels).
    case callMutating(Register, place: Int32, method: Int32, base: Register, count: Int32)
    /// A builtin (`Bytecode.builtins`: which, labels).
    case callBuiltin(Register, builtin: Int32, base: Register, count: Int32)
    /// Ends the function with the register's value (nothing when negative).
    case `return`(Register)

    // Checks
    /// The value a variable was given, converted to its declared type (`Bytecode.annotations`).
    case coerce(Register, annotation: Int32, name: Int32)
    /// Only in the type-assertion mode: the value has the type the checker proved.
    case assertType(Register, annotation: Int32, name: Int32)
    /// Binds a value to the names of `Bytecode.bindings[b]`.
    case bind(Register, bindings: Int32)
    /// `a = (pattern matches the value in b)`; binds as it matches.
    case match(Register, pattern: Int32, Register)
    case guardFellThrough
    case switchUnmatched(Register)

    // The rest of the language, run by the tree walker's code in the same frame.
    case evaluate(Register, node: Int32)
    /// A statement; `break` and `continue` inside it leave through these targets (-1: none).
    case execute(statement: Int32, breakTarget: Int32, continueTarget: Int32)
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
enum IntTest: UInt8 {
    case less, lessEqual, greater, greaterEqual, equal, notEqual

    init(_ op: ComparisonOp) {
        switch op {
        case .less: self = .less
        case .lessEqual: self = .lessEqual
        case .greater: self = .greater
        case .greaterEqual: self = .greaterEqual
        }
    }

    @inline(__always)
    func holds(_ x: Int, _ y: Int) -> Bool {
        switch self {
        case .less: return x < y
        case .lessEqual: return x <= y
        case .greater: return x > y
        case .greaterEqual: return x >= y
        case .equal: return x == y
        case .notEqual: return x != y
        }
    }

    /// The test that holds exactly when this one does not (for Ints).
    var negated: IntTest {
        switch self {
        case .less: return .greaterEqual
        case .lessEqual: return .greater
        case .greater: return .lessEqual
        case .greaterEqual: return .less
        case .equal: return .notEqual
        case .notEqual: return .equal
        }
    }

    var symbol: String {
        switch self {
        case .less: return ComparisonOp.less.symbol
        case .lessEqual: return ComparisonOp.lessEqual.symbol
        case .greater: return ComparisonOp.greater.symbol
        case .greaterEqual: return ComparisonOp.greaterEqual.symbol
        case .equal: return "=="
        case .notEqual: return "!="
        }
    }
}

/// A function's compiled code: instructions with the site of each (for errors), and the tables
/// they index. Immutable once made (`let`s, so reading them costs no exclusivity checks).
final class Bytecode {
    /// The instructions where the dispatch loop reads them without bounds or ownership checks.
    let code: UnsafeMutablePointer<Instruction>
    let count: Int
    /// Each instruction's site, and the constants: raw, as the loop reads them (no retain per read).
    let sites: UnsafeMutablePointer<SourceRange>
    let constants: UnsafeMutablePointer<Value>
    let constantCount: Int
    /// One per `member` instruction (by its name's index): the type it last read a stored field of, and
    /// the field's position, so the next read of that type goes straight to it.
    let memberCaches: UnsafeMutablePointer<FieldCache>
    /// The types the caches name (`memberCaches`, then each place's), held so that no other type can be
    /// made at the same address while a cache names it; kept apart so the caches stay trivial.
    let cachedTypes: UnsafeMutablePointer<RecordType?>
    /// One per `call-method` instruction: the type whose method it last found, and the method.
    let methodCaches: UnsafeMutablePointer<MethodCache>
    /// The functions `call` names, by their call layouts (owned by the functions, which the program owns).
    let callees: UnsafeMutablePointer<UnsafeMutablePointer<CallInfo>>
    let names: [Name]
    let methods: [(name: Name, labels: [String?])]
    let builtins: [(builtin: Builtin, labels: [String?])]
    let annotations: [Annotation]
    let strings: [String]
    let bindings: [[Binding]]
    /// The `do` statements' regions, innermost first.
    private(set) var handlers: [Handler]
    /// The labels of tuples made (`make-tuple`).
    let labelLists: [[String?]]
    /// What `make` instructions make.
    private(set) var makers: [Maker]
    /// Slots the frame needs: the IR's and the temporaries'.
    let registerCount: Int
    /// The first temporary: registers below are the IR's slots (variables, parameters).
    let firstTemporary: Int
    /// Where a `return` inside code the tree walker runs (`execute`) puts its value, and the
    /// instruction that returns it.
    let resultRegister: Register
    let returnPC: Int
    /// What points back into the program (functions called, IR run by the tree walker's code): let go
    /// of when the program goes (see `FunctionCode.releaseBody`), as a call graph has cycles.
    private(set) var functions: [FunctionCode]
    /// The structs and classes `construct` and `blank` make.
    private(set) var types: [RecordType]
    private(set) var patterns: [PatternCode]
    /// The places `assign`, `compound` and `call-mutating` change, each remembering the field it changed
    /// last (changed by the loop, so raw, as the caches are); their members' names; the IR's places
    /// for the shapes the VM does not change itself.
    let places: UnsafeMutablePointer<Place>
    let placeCount: Int
    let placeMembers: [Name?]
    private(set) var generalPlaces: [LValue?]
    private(set) var nodes: [Node]
    private(set) var statements: [Statement]

    init(_ tables: Tables) {
        count = tables.instructions.count
        code = .allocate(capacity: max(count, 1))
        code.initialize(from: tables.instructions, count: count)
        sites = .allocate(capacity: max(count, 1))
        sites.initialize(from: tables.sites, count: count)
        constantCount = tables.constants.count
        constants = .allocate(capacity: max(constantCount, 1))
        constants.initialize(from: tables.constants, count: constantCount)
        methodCaches = .allocate(capacity: max(tables.methods.count, 1))
        methodCaches.initialize(repeating: MethodCache(), count: max(tables.methods.count, 1))
        memberCaches = .allocate(capacity: max(tables.names.count, 1))
        memberCaches.initialize(repeating: FieldCache(), count: max(tables.names.count, 1))
        cachedTypes = .allocate(capacity: max(tables.names.count + tables.places.count, 1))
        cachedTypes.initialize(repeating: nil, count: max(tables.names.count + tables.places.count, 1))
        callees = .allocate(capacity: max(tables.functions.count, 1))
        callees.initialize(from: tables.functions.map(\.callInfo), count: tables.functions.count)
        names = tables.names
        methods = tables.methods
        builtins = tables.builtins
        annotations = tables.annotations
        strings = tables.strings
        bindings = tables.bindings
        labelLists = tables.labelLists
        handlers = tables.handlers
        makers = tables.makers
        types = tables.types
        registerCount = tables.registerCount
        firstTemporary = tables.firstTemporary
        resultRegister = tables.resultRegister
        returnPC = tables.returnPC
        functions = tables.functions
        patterns = tables.patterns
        placeCount = tables.places.count
        places = .allocate(capacity: max(placeCount, 1))
        places.initialize(from: tables.places, count: placeCount)
        placeMembers = tables.placeMembers
        generalPlaces = tables.generalPlaces
        nodes = tables.nodes
        statements = tables.statements
    }

    deinit {
        code.deinitialize(count: count)
        code.deallocate()
        sites.deinitialize(count: count)
        sites.deallocate()
        constants.deinitialize(count: constantCount)
        constants.deallocate()
        callees.deallocate()
        places.deallocate()
        cachedTypes.deinitialize(count: max(names.count + placeCount, 1))
        cachedTypes.deallocate()
        methodCaches.deinitialize(count: max(methods.count, 1))
        methodCaches.deallocate()
        memberCaches.deallocate()
    }

    /// The instructions and tables as the compiler gathers them.
    struct Tables {
        var instructions: [Instruction] = []
        var sites: [SourceRange] = []
        var constants: [Value] = []
        var names: [Name] = []
        var functions: [FunctionCode] = []
        var methods: [(name: Name, labels: [String?])] = []
        var builtins: [(builtin: Builtin, labels: [String?])] = []
        var annotations: [Annotation] = []
        var strings: [String] = []
        var bindings: [[Binding]] = []
        var labelLists: [[String?]] = []
        var handlers: [Handler] = []
        var makers: [Maker] = []
        var types: [RecordType] = []
        var patterns: [PatternCode] = []
        var places: [Place] = []
        var placeMembers: [Name?] = []
        var generalPlaces: [LValue?] = []
        var nodes: [Node] = []
        var statements: [Statement] = []
        var registerCount = 0
        var firstTemporary = 0
        var resultRegister: Register = -1
        var returnPC = 0
    }

    /// The script's own method the `call-method` instruction with method index `i` calls on this receiver
    /// with `count` arguments, when the VM can make the call itself: a method of a struct (not
    /// `mutating`: the receiver is a value here) or of a class, taking exactly those arguments.
    func method(of receiver: Value, at i: Int, arguments count: Int) -> UnsafeMutablePointer<CallInfo>? {
        let type: RecordType
        switch receiver {
        case .record(let r): type = r.type
        case .store(let s): type = s.type
        default: return nil
        }
        let cache = methodCaches + i
        if cache.pointee.type != ObjectIdentifier(type) {
            guard let code = type.methods[methods[i].name.text] else { return nil }
            cache.pointee = MethodCache(type: ObjectIdentifier(type), code: code, keeps: type)
        }
        guard let code = cache.pointee.code, code.hasSelf, code.parameterCount == count, !(code.isMutating && !type.isReference) else { return nil }
        return code.callInfo
    }

    /// The innermost `do` whose body holds the instruction at `pc`.
    func handler(at pc: Int) -> Handler? {
        handlers.first { pc >= $0.start && pc < $0.end }
    }

    /// What the dispatch loop keeps in its locals while this function runs.
    var loopTables: (UnsafeMutablePointer<Instruction>, UnsafeMutablePointer<SourceRange>, UnsafeMutablePointer<Value>,
                     UnsafeMutablePointer<UnsafeMutablePointer<CallInfo>>, UnsafeMutablePointer<FieldCache>, Register) {
        (code, sites, constants, callees, memberCaches, Register(firstTemporary))
    }

    /// Lets go of the functions and IR it points at.
    func release() {
        functions = []
        types = []
        handlers = []
        makers = []
        patterns = []
        generalPlaces = []
        nodes = []
        statements = []
    }
}

/// A `do` statement: the instructions of its body (`start..<end`; `end` is the jump past its clauses),
/// its `catch` clauses and where each one's body begins.
struct Handler {
    var start: Int
    var end: Int
    var clauses: [CatchCode]
    var targets: [Int]
    /// `try? x`: a thrown error makes this register nil and goes on at `targets[0]`.
    var nilInto: Register?
}

/// What a `call-method` instruction found last: a type's method by the instruction's name.
struct MethodCache {
    var type: ObjectIdentifier?
    var code: FunctionCode?
    /// Holds the type, so no other type can be made at its address while the cache names it.
    var keeps: RecordType?
}

/// A call the VM made within its loop: where to go back to when the callee returns.
struct CallRecord {
    var caller: Unmanaged<Bytecode>
    /// The caller's next instruction.
    var pc: Int
    var fp: UnsafeMutablePointer<Value>
    /// The caller's register that receives the result.
    var destination: Register
    var callee: UnsafeMutablePointer<CallInfo>
}
