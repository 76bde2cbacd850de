import ShortcutSyntax

/// A function's compiled code: instructions with the site of each (for errors), and the tables
/// they index. Immutable once made (`let`s, so reading them costs no exclusivity checks).
final class Bytecode {
    /// The instructions where the dispatch loop reads them without bounds or ownership checks.
    let code: UnsafeMutablePointer<Instruction>
    /// Where `Interpreter.runScalarLoop` begins the function: past its `scalar-loop`, if it has one (that loop is running).
    let scalarEntry: UnsafeMutablePointer<Instruction>
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
    /// The regions whose errors this function handles (`do`, `try?`, `defer`), innermost first.
    private(set) var handlers: [Handler]
    /// The labels of tuples made (`make-tuple`).
    let labelLists: [[String?]]
    /// What `make` instructions make, where `make` reads them without copying the enum (a copy cost more than most
    /// makers' work); `.show` in every entry once the program has gone.
    let makers: UnsafeMutablePointer<Maker>
    let makerCount: Int
    /// Slots the frame needs: the IR's and the temporaries'.
    let registerCount: Int
    /// `registerCount` as an offset: `fp + frameEnd` is where the frame ends, the value stack's top while it runs.
    let frameEnd: Register
    /// The first temporary: registers below are the IR's slots (variables, parameters).
    let firstTemporary: Register
    /// The registers that may hold a reference when the frame is left (`BytecodeCompiler.referenceRegisters`):
    /// the ones `leaveFrame` looks at.
    let referenceRegisters: ReferenceRegisters
    /// A method that only reads `self` (`BytecodeCompiler.borrowsSelf`): `call-method` lends it the receiver.
    let borrowsSelf: Bool
    /// A function whose parameters hold their values until its frame is left (`BytecodeCompiler.keepsParameters`):
    /// a `call` may lend it its arguments.
    let keepsParameters: Bool
    /// What points back into the program (functions called, types made, handlers' clauses): let go
    /// of when the program goes (see `FunctionCode.releaseBody`), as a call graph has cycles.
    private(set) var functions: [FunctionCode]
    /// The structs and classes `construct` and `blank` make.
    private(set) var types: [RecordType]
    /// The types `jump-unless-is` tests for.
    private(set) var typeTests: [ScriptType]
    /// The places `assign`, `compound` and `call-mutating` change, each remembering the field it changed
    /// last (changed by the loop, so raw, as the caches are); their members' names; the IR's places
    /// for the shapes the VM does not change itself.
    let places: UnsafeMutablePointer<Place>
    let placeCount: Int
    let placeMembers: [Name?]
    private(set) var generalPlaces: [PlacePath?]
    /// The dictionaries `jump-if-present` looks into.
    private(set) var paths: [PlacePath]

    init(_ tables: Tables) {
        count = tables.instructions.count
        code = .allocate(capacity: max(count, 1))
        // Jump targets become offsets from the next instruction (`ip` in the loop, which then needs no base to add).
        code.initialize(from: tables.instructions.enumerated().map { i, instruction in
            BytecodeCompiler.retargeted(instruction) { Int32(Int($0) - (i + 1)) } ?? instruction
        }, count: count)
        if case .scalarLoop = tables.instructions.first { scalarEntry = code + 1 } else { scalarEntry = code }
        sites = .allocate(capacity: max(count, 1))
        sites.initialize(from: tables.sites, count: count)
        constantCount = tables.constants.count
        constants = .allocate(capacity: max(constantCount, 1))
        constants.initialize(from: tables.constants, count: constantCount)
        methodCaches = .allocate(capacity: max(tables.methods.count, 1))
        methodCaches.initialize(repeating: MethodCache(), count: max(tables.methods.count, 1))
        for (i, lent) in tables.methodsLent { methodCaches[Int(i)].lent = lent }
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
        makerCount = tables.makers.count
        makers = .allocate(capacity: max(makerCount, 1))
        makers.initialize(from: tables.makers, count: makerCount)
        types = tables.types
        registerCount = tables.registerCount
        frameEnd = Register(tables.registerCount)
        firstTemporary = Register(tables.firstTemporary)
        referenceRegisters = tables.referenceRegisters
        borrowsSelf = tables.borrowsSelf
        keepsParameters = tables.keepsParameters
        functions = tables.functions
        typeTests = tables.typeTests
        placeCount = tables.places.count
        places = .allocate(capacity: max(placeCount, 1))
        places.initialize(from: tables.places, count: placeCount)
        placeMembers = tables.placeMembers
        generalPlaces = tables.generalPlaces
        paths = tables.paths
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
        makers.deinitialize(count: makerCount)
        makers.deallocate()
    }

    /// The instructions and tables as the compiler gathers them.
    struct Tables {
        var instructions: [Instruction] = []
        var sites: [SourceRange] = []
        var constants: [Value] = []
        var names: [Name] = []
        var functions: [FunctionCode] = []
        var methods: [(name: Name, labels: [String?])] = []
        /// The arguments each `call-method` lends, by its method index (`MethodCache.lent`); none where not named.
        var methodsLent: [Int32: UInt8] = [:]
        var builtins: [(builtin: Builtin, labels: [String?])] = []
        var annotations: [Annotation] = []
        var strings: [String] = []
        var bindings: [[Binding]] = []
        var labelLists: [[String?]] = []
        var handlers: [Handler] = []
        var makers: [Maker] = []
        var types: [RecordType] = []
        var typeTests: [ScriptType] = []
        var places: [Place] = []
        var placeMembers: [Name?] = []
        var generalPlaces: [PlacePath?] = []
        var paths: [PlacePath] = []
        var registerCount = 0
        var firstTemporary = 0
        var referenceRegisters = ReferenceRegisters.none
        var borrowsSelf = false
        var keepsParameters = false
    }

    /// `method(of:in:at:arguments:)` for a receiver of a type other than the last one's: looked up by name, and
    /// noted in the instruction's cache.
    @inline(never)
    fileprivate func findMethod(of receiver: Value, at i: Int, arguments count: Int) -> UnsafeMutablePointer<CallInfo>? {
        let type: RecordType
        switch receiver {
        case .record(let r): type = r.type
        case .store(let s): type = s.type
        default: return nil
        }
        guard let code = type.method(methods[i].name.text, labels: methods[i].labels) else { return nil }
        let callable = code.hasSelf && code.parameterCount == count && !(code.isMutating && !type.isReference)
        methodCaches[i] = MethodCache(type: ObjectIdentifier(type), callee: callable ? code.callInfo : nil, code: code, keeps: type, lent: methodCaches[i].lent)
        return methodCaches[i].callee
    }

    /// The innermost region that handles an error at `pc`.
    func handler(at pc: Int) -> Handler? {
        handlers.first { $0.covers(pc) }
    }

    /// Lets go of the functions and IR it points at.
    func release() {
        functions = []
        types = []
        handlers = []
        makers.update(repeating: .show, count: makerCount)
        typeTests = []
        generalPlaces = []
        paths = []
    }
}

/// A region of instructions (`start..<end`) whose errors go to code of the same function: a `do`'s
/// body, a `try?`, the rest of a `defer`'s scope.
struct Handler {
    enum Action {
        /// `do`: a thrown value (or a catchable cancellation, as `userCancelled`) into the second register,
        /// the error kept in the first; the code at `target` tests the clauses and throws it on if none takes it.
        case `catch`(kept: Register, thrown: Register)
        /// `try?`: a thrown value makes the register nil.
        case tryOptional(Register)
        /// `async let`: a thrown value's error kept in the register (`PendingError`), for a read to throw.
        case keepError(Register)
        /// `try!`: a thrown value becomes a runtime error at the site, which goes on to the regions around it.
        case tryForced(SourceRange)
        /// `defer`: any error, kept in the register while the cleanup at `target` runs, then thrown on.
        case cleanup(kept: Register)
    }

    var start: Int
    var end: Int
    var target: Int
    var action: Action

    func covers(_ pc: Int) -> Bool { pc >= start && pc < end }
}

/// An error a `defer`'s cleanup runs for, in a register until it is thrown on.
final class PendingError: NativeObject {
    let error: ScriptError
    init(_ error: ScriptError) { self.error = error }
    var typeName: String { "Error" }
    var description: String { "error" }
    func member(_ name: String, site: SourceRange) throws(ScriptError) -> Value { throw error }
    func call(_ name: String, _ arguments: Arguments, site: SourceRange) throws(ScriptError) -> Value { throw error }
}

/// What a `call-method` instruction found last: a type's method by the instruction's name.
struct MethodCache {
    var type: ObjectIdentifier?
    /// The method, when the VM calls it in its loop (else nil: `callMethod` makes the call).
    var callee: UnsafeMutablePointer<CallInfo>?
    /// Holds the method's code, which `callee` points into.
    var code: FunctionCode?
    /// Holds the type, so no other type can be made at its address while the cache names it.
    var keeps: RecordType?
    /// The arguments the instruction lends (`BytecodeCompiler.lendArguments`, as `Instruction.call`'s `lent`): set when
    /// the code is made, kept when the cache notes another type.
    var lent: UInt8 = 0
}

/// A call the VM made within its loop: where to go back to when the callee returns.
struct CallRecord {
    var caller: Unmanaged<Bytecode>
    /// The caller's next instruction, where it is (a return goes on there without a multiplication).
    var ip: UnsafeMutablePointer<Instruction>
    var fp: UnsafeMutablePointer<Value>
    /// The caller's register that receives the result.
    var destination: Register
    /// The callee's registers that hold what the caller lent, not retained — its arguments, a bit each of the first
    /// eight (`Instruction.call`'s `lent`), or its receiver in slot 0 (`lentSelf`: `CallInfo.borrowsSelf`) — cleared
    /// without a release when the frame is left.
    var lent: UInt16 = 0
    static let lentSelf: UInt16 = 1 << 8
    /// The bits of `lent` that are arguments.
    static let lentArguments: UInt16 = lentSelf - 1
    var callee: UnsafeMutablePointer<CallInfo>

    /// The record of a call the loop makes at `ip` (the caller's next instruction) in the frame at `fp`.
    @_transparent
    init(_ caller: Unmanaged<Bytecode>, _ ip: UnsafeMutablePointer<Instruction>, _ fp: UnsafeMutablePointer<Value>, _ destination: Register,
         _ callee: UnsafeMutablePointer<CallInfo>, lent: UInt16 = 0) {
        (self.caller, self.ip, self.fp, self.destination, self.lent, self.callee) = (caller, ip, fp, destination, lent, callee)
    }

    /// The index of the caller's next instruction.
    var pc: Int { ip - caller._withUnsafeGuaranteedRef { $0.code } }
}

extension Bytecode {
    /// The script's own method the `call-method` instruction with method index `i` calls on this receiver
    /// with `count` arguments, when the VM can make the call itself: a method of a struct (not
    /// `mutating`: the receiver is a value here) or of a class, taking exactly those arguments.
    @_transparent   // in the loop: `@inline(__always)` is not honoured in a caller as large as it
    static func method(of receiver: UnsafeMutablePointer<Value>, in code: Unmanaged<Bytecode>, at i: Int, arguments count: Int) -> UnsafeMutablePointer<CallInfo>? {
        // The receiver's type read by its layout: the loop is too large for the optimiser to inline the closures
        // of `_withUnsafeGuaranteedRef` or `ManagedBuffer` here (each was a call).
        guard let type = receiver.objectType else { return nil }
        let cache = code.takeUnretainedValue().methodCaches + i
        if cache.pointee.type == type { return cache.pointee.callee }
        return code._withUnsafeGuaranteedRef { $0.findMethod(of: receiver.pointee, at: i, arguments: count) }
    }
}

extension Unmanaged where Instance == Bytecode {
    /// The site of the instruction before `pc` (the one running, as the loop counts).
    @inline(__always)
    func site(_ pc: Int) -> SourceRange {
        _withUnsafeGuaranteedRef { $0.sites[pc &- 1] }
    }

    /// The arguments the `call-method` with method index `i` lends (`MethodCache.lent`), when it lends any.
    @inline(__always)
    func lent(at i: Int) -> UInt8? {
        let lent = _withUnsafeGuaranteedRef { $0.methodCaches }[i].lent
        return lent == 0 ? nil : lent
    }

    /// The index of the instruction at `ip`: past the one running, as sites, call records and handlers count.
    @inline(__always)
    func pc(_ ip: UnsafeMutablePointer<Instruction>) -> Int {
        ip - _withUnsafeGuaranteedRef { $0.code }
    }

    /// The site of the instruction running, the one before `ip` (where an error it raises points).
    @inline(__always)
    func site(at ip: UnsafeMutablePointer<Instruction>) -> SourceRange {
        site(pc(ip))
    }
}
