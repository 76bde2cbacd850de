/// Every limit of the runtime, with the reason for its value (SPEC §12).
/// Each has a test that reaches it.
public enum Limits {
    /// Script call depth when `--max-depth` is not given (SPEC §4).
    public static let defaultMaximumDepth = 10_000
    /// The largest `--max-depth` accepted. Beyond it the native stack, not the
    /// setting, is what stops a recursion, and it stops it cleanly either way.
    public static let largestMaximumDepth = 10_000_000
    /// Bytes of native stack the interpreter thread gets. Memory is only
    /// touched as deep recursion uses it. Enough for well over the default
    /// depth; `nativeStackReserve` turns exhaustion into a clean error.
    public static let nativeStackBytes = 1 << 30
    /// Calls stop with a stack-overflow error when less than this much native
    /// stack is left, so the process never dies of a real overflow.
    public static let nativeStackReserve = 1 << 20
    /// Slots on the value stack (24 bytes each, touched only as used).
    public static let valueStackSlots = 1 << 24
    /// Calls the VM makes within its own loop, one record each (48 bytes, touched only as used).
    /// A deeper call (with a larger `--max-depth`) runs as a native call: same result, more stack.
    public static let inlineCallRecords = 1 << 17
    /// Top-level variables and functions a program (or REPL session) may declare.
    public static let maximumGlobals = 1 << 16
    /// The farthest a date may lie from 1970, in seconds (about 317 000 years):
    /// well inside what calendar arithmetic on `time_t` and `Int` can hold.
    public static let maximumDateSeconds = 1e13

    /// Whether `seconds` from 1970 is a date the runtime can hold (finite, within `maximumDateSeconds`).
    public static func isRepresentableDate(_ seconds: Double) -> Bool {
        seconds.isFinite && abs(seconds) <= maximumDateSeconds
    }
    /// Memory a run may use when `--max-memory` is not given (SPEC §10): the
    /// smaller of 4 GiB and half the machine's memory. Past it — one value that
    /// would need more, or the process holding more — is a runtime error, not
    /// the kernel's OOM killer.
    public static var defaultMaximumMemory: Int {
        let half = Platform.physicalMemory() / 2
        return half > 0 ? min(1 << 32, half) : 1 << 32
    }
    /// The smallest `--max-memory` accepted: the interpreter itself needs room.
    public static let smallestMaximumMemory = 64 << 20
    /// How many clock looks (`timeoutCheckInterval` ticks each) pass between two
    /// readings of the process's memory: a reading costs microseconds.
    public static let memoryCheckInterval = 16
    /// The largest store file read (SPEC §8): a larger one is refused before it is read.
    public static let maximumStoreBytes = 1 << 30
    /// The largest source file read: far past any program (a million statements is 7 MB),
    /// and small enough that checking it fits in memory.
    public static let maximumSourceBytes = 64 << 20
    /// Functions longer than this keep their copies (`BytecodeCompiler.takeLastUses` searches the paths from
    /// each copy: quadratic in the function's length at worst).
    public static let lastUseAnalysisInstructions = 4_096
    /// How many loop iterations and calls pass between two looks at the clock
    /// for `--timeout`: rare enough to cost nothing, often enough to stop within milliseconds.
    public static let timeoutCheckInterval = 1 << 12
    /// An array this long (about 3 MiB of values) that grows by an append is moved to memory asked for in huge pages
    /// (`Interpreter.grown`): below it, a huge page would mostly hold nothing.
    public static let hugePageArrayElements = 1 << 17
    /// `Array(repeating:count:)` shorter than this is built by appends (`Interpreter.repeated`): the standard
    /// library's initialiser costs about 330 instructions more a call, and about 8 fewer an element.
    public static let shortRepeatedArray = 64
    /// The most jumps a chain of them is followed through when the compiler points a jump at the chain's end
    /// (`BytecodeCompiler.threadJumps`): a chain is as long as the `if`s and loops that end together.
    public static let threadedJumps = 8
    /// The most static functions a class takes from its superclasses as its own, to run with it as `Self`
    /// (`Resolver.staticMembers(of:)`): a chain of classes each declaring some would otherwise make a copy of each for
    /// each class below it.
    public static let inheritedStaticFunctions = 32
    /// The longest nap of a `Task.sleep`, in seconds, between two looks at `--timeout` and Ctrl-C.
    public static let sleepSlice = 0.05
}
