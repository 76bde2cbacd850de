import ShortcutSyntax

/// Runs a checked `Program`.
///
/// Design:
/// - Each function's resolved code is compiled to register bytecode (`Engine/`) that one dispatch loop
///   runs (`execute`). There are no name lookups; locals are registers.
/// - Locals live on a value stack addressed by a frame pointer `fp` that is
///   passed down as an argument, so the hot path touches no class property
///   (Swift checks exclusive access to those at run time). The stack, the
///   globals and the counters are raw allocations owned by this object and
///   held in `let`s for the same reason.
/// - Control flow is jumps; only errors use `throws`, and they are typed
///   (`throws(ScriptError)`); a function's `do`, `try?` and `defer` take them
///   by the regions of its bytecode (`Handler`).
/// - Recursion is bounded twice: by `maximumDepth` and by the native stack,
///   which `Platform.runOnLargeStack` makes large and calls check, so no
///   script can crash the process.
public final class Interpreter {
    public let program: Program
    public let host: Host
    /// Instances of classes with a `deinit` that have gone, waiting for it to run (`runDeinitializers`).
    let endedInstances = EndedInstances()
    let stackBase: UnsafeMutablePointer<Value>
    let stackEnd: UnsafeMutablePointer<Value>
    let globals: UnsafeMutablePointer<Value>
    /// Global slots made `.null` so far: the program's, when it is run (`withStack`). The rest of the
    /// room for `Limits.maximumGlobals` is never touched until a REPL's program grows into it, so
    /// starting costs no page faults for it.
    private(set) var initializedGlobals = 0
    let state: UnsafeMutablePointer<State>
    /// The VM's calls in progress (up to `State.recordTop`), innermost last; room for `Limits.inlineCallRecords`.
    let callRecords: UnsafeMutablePointer<CallRecord>
    /// Past the last of `callRecords`.
    let callRecordsEnd: UnsafeMutablePointer<CallRecord>
    public let maximumDepth: Int
    /// See `Options.assertsTypes`.
    let assertsTypes: Bool
    /// `Options.endsTheProcess`.
    let endsTheProcess: Bool
    /// See `Options.verbose`.
    let verbose: Bool
    /// The app's stores (the Store room's state).
    let stores: Stores
    /// What the system keeps between performs (the System room's state).
    let system = SystemState()
    /// `answer`, `open`, `expect`: there only when a test runs (the Testing room supplies them).
    let testing: TestHooks?
    /// Whether the person asked to stop the code (see `Options.interruption`).
    let interruption: (@Sendable () -> Bool)?
    var random: SeededRandom
    /// The values whose `init` is running: it may set their `let` properties (each once, as the checker saw to).
    var initializing: Set<ObjectIdentifier> = []
    /// The globals' slots by the checker's names, for statics read through a type value (`Interpreter.staticMember`).
    var staticSlots: [String: Int] = [:]
    /// How deep the types' own `==` and `hash(into:)` run inside `Value`'s equality and hashing (`installKeyHooks`).
    var keyHookDepth = 0
    /// The observed properties whose observers are running (by `Interpreter.observedKey`): a write to one of them
    /// there is not observed again, as in Swift.
    var observing: Set<String> = []

    struct State {
        var sp: UnsafeMutablePointer<Value>
        /// Frames entered by Swift (`enterFrame`) in progress; the VM loop's calls are counted by their records. A run's
        /// depth, which `maximumDepth` limits, is both (`Interpreter.callDepth`).
        var depth: Int
        var ticks: Int
        /// Calls fail cleanly below this native stack address.
        var nativeStackLimit: UInt
        /// Slots below this are initialised (holding no reference when unused); frames reuse them. Never past
        /// `stackEnd - 1`: `enterFrame` grows it only for a frame that fits.
        var initializedEnd: UnsafeMutablePointer<Value>
        /// Monotonic time after which the run stops (`--timeout`), or infinity.
        var deadline: Double
        var timeoutSeconds: Double
        /// Clock looks left before the next reading of the process's memory.
        var memoryChecks: Int
        /// Bytes of memory a run may use (`--max-memory`).
        var maximumMemory: Int
        /// The next free entry of `callRecords`: the VM loop's calls in progress are the ones below.
        var recordTop: UnsafeMutablePointer<CallRecord>
        /// The loop makes a call itself while `recordTop` is below this: as many records as `maximumDepth` leaves
        /// room for beside `depth`'s frames, and no more than there are (`Interpreter.limitRecords`). One comparison
        /// checks both limits.
        var recordLimit: UnsafeMutablePointer<CallRecord>
    }

    public struct Options {
        public var maximumDepth = Limits.defaultMaximumDepth
        public var timeout: Double?
        public var seed: UInt64?
        /// Bytes of memory a run may use (`--max-memory`).
        public var maximumMemory = Limits.defaultMaximumMemory
        /// Check every value stored in a typed variable against the type the checker proved
        /// (the test suite's mode: a mismatch is a bug in the checker). Also set by SHORTCUT_ASSERT_TYPES=1.
        public var assertsTypes = false
        /// Say what a device would have done (`Logger` lines, widget reloads, donations): `run --verbose`.
        public var verbose = false
        /// Asked now and then while code runs: true stops the run as cancelled
        /// (the REPL's Ctrl-C, which ends the code, not the session).
        public var interruption: (@Sendable () -> Bool)?
        /// The process ends when the run does (`shortcut run` of a script): the top level's frame is not let go of
        /// when it returns — Swift lets no global of a `main.swift` go either, so no `deinit` could tell — and a program
        /// that built a large structure does not wait while it is taken apart (a million-element array: a tenth of
        /// `bench/lists`' instructions).
        public var endsTheProcess = false
        public init() {}
    }

    /// An interpreter for `program`, talking to the world through `host`, with its
    /// stores persisted by `store` (nil: in memory only, as `--ephemeral` and tests).
    public convenience init(program: Program, host: Host, store: Persistence? = nil, options: Options = Options()) {
        self.init(program: program, host: host, store: store, options: options, testing: nil)
    }

    init(program: Program, host: Host, store: Persistence?, options: Options, testing: TestHooks?) {
        // The VM reads registers' scalars by `Value`'s layout (`ValueLayout`): a build whose compiler lays it
        // out otherwise must not run anything. Its size and scalars are checked in every build; the references'
        // layout (objects made and taken apart: 50 K instructions, 6 % of `hello`) in debug builds and the tests.
        precondition(Self.layoutHolds, "this build's layout of Value is not the one the VM reads (ValueLayout)")
        assert(Self.referencesLayoutHolds, "this build's layout of Value or of a field's object is not the one the VM reads (ValueLayout, FieldLayout)")
        self.program = program
        self.host = host
        self.stores = Stores(persistence: store)
        self.testing = testing
        self.interruption = options.interruption
        self.maximumDepth = options.maximumDepth
        self.assertsTypes = options.assertsTypes
        self.endsTheProcess = options.endsTheProcess
        self.verbose = options.verbose
        stackBase = .allocate(capacity: Limits.valueStackSlots)
        stackEnd = stackBase + Limits.valueStackSlots
        globals = .allocate(capacity: Limits.maximumGlobals)
        callRecords = .allocate(capacity: Limits.inlineCallRecords)
        callRecordsEnd = callRecords + Limits.inlineCallRecords
        state = .allocate(capacity: 1)
        state.initialize(to: State(sp: stackBase, depth: 0, ticks: Limits.timeoutCheckInterval, nativeStackLimit: 0,
                                   initializedEnd: stackBase, deadline: .infinity, timeoutSeconds: options.timeout ?? 0,
                                   memoryChecks: Limits.memoryCheckInterval, maximumMemory: options.maximumMemory,
                                   recordTop: callRecords, recordLimit: callRecords))
        random = SeededRandom(seed: options.seed ?? UInt64(bitPattern: Int64(Platform.now() * 1e6)))
        if let timeout = options.timeout { state.pointee.deadline = Platform.monotonic() + timeout }
        limitRecords()
        installKeyHooks()
    }

    /// Checked once a process (`ValueLayout.scalarsHold`).
    static let layoutHolds = ValueLayout.scalarsHold()
    /// Checked once a process in debug builds (`ValueLayout.holds`, `FieldLayout.holds`).
    static let referencesLayoutHolds = ValueLayout.holds() && FieldLayout.holds()

    deinit {
        globals.deinitialize(count: initializedGlobals)
        globals.deallocate()
        stackBase.deinitialize(count: state.pointee.initializedEnd - stackBase)
        stackBase.deallocate()
        state.deallocate()
        callRecords.deallocate()
    }

    // MARK: Entry points

    /// Runs `body` on the interpreter's large-stack thread.
    public func withStack<T>(_ body: @escaping () -> T) -> T {
        initializeGlobals()
        return Platform.runOnLargeStack(stackBytes: Limits.nativeStackBytes) { [self] lowest in
            let saved = state.pointee.nativeStackLimit
            state.pointee.nativeStackLimit = lowest
            defer { state.pointee.nativeStackLimit = saved }
            return body()
        }
    }

    /// Makes the program's global slots not yet made `.null` (all of them first; a REPL's new ones later).
    func initializeGlobals() {
        let count = min(program.globalNames.count, Limits.maximumGlobals)
        guard count > initializedGlobals else { return }
        (globals + initializedGlobals).initialize(repeating: .null, count: count - initializedGlobals)
        initializedGlobals = count
    }

    /// What runs after `prepare`: the main file's top level (which sets its variables itself), or a
    /// target, a test or a flow (which see the main file's variables, set first).
    public enum Entry { case topLevel, target }

    /// Places functions in their global slots and runs imported files' variable initialisers, then — for
    /// a target — the main file's own variable initialisers.
    public func prepare(for entry: Entry) throws(ScriptError) {
        initializeGlobals()
        collectEndedInstances()
        let runsTopLevel = entry == .topLevel
        for (slot, code) in program.functionSlots {
            globals[slot] = .function(Function(code: code, captures: []))
        }
        for code in program.importedInitializers { _ = try call(code, captures: [], selfValue: nil, arguments: [], site: code.range) }
        if !runsTopLevel, let code = program.mainVariables { _ = try call(code, captures: [], selfValue: nil, arguments: [], site: code.range) }
    }

    /// Runs the main file's top-level statements; returns the value when they are one expression (REPL).
    @discardableResult
    public func runTopLevel() throws(ScriptError) -> Value {
        initializeGlobals()
        guard let code = program.topLevel else { return .null }
        guard endsTheProcess else { return try call(code, captures: [], selfValue: nil, arguments: [], site: code.range) }
        let frame = try enterFrame(code, site: code.range)   // never left: the process ends with the run
        return try runBody(code, frame, site: code.range)
    }

    /// Runs a flow, a test or any code of no parameters.
    public func run(_ code: FunctionCode) throws(ScriptError) -> Value {
        try call(code, captures: [], selfValue: nil, arguments: [], site: code.range)
    }

    /// Performs an intent as a run target, with the parameters given (`.null` where unset).
    public func runIntent(_ type: IntentType, arguments: [Value]? = nil) throws(ScriptError) -> Value {
        initializeGlobals()
        let values = arguments ?? Array(repeating: .null, count: type.parameters.count)
        return try perform(.intent(IntentValue(type: type, arguments: values)), site: type.range)
    }

    /// Calls a function value with arguments (used by the standard library and hosts).
    public func call(_ function: Value, _ arguments: Arguments, site: SourceRange) throws(ScriptError) -> Value {
        guard case .function(let f) = function else {
            throw ScriptError.runtime(.notCallable(type: function.typeName), at: site)
        }
        return try call(f.code, captures: f.captures, selfValue: f.receiver, arguments: arguments, site: site)
    }


}
