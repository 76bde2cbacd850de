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
    /// Top-level variables and functions a program (or REPL session) may declare.
    public static let maximumGlobals = 1 << 16
    /// The farthest a date may lie from 1970, in seconds (about 317 000 years):
    /// well inside what calendar arithmetic on `time_t` and `Int` can hold.
    public static let maximumDateSeconds = 1e13

    /// Whether `seconds` from 1970 is a date the runtime can hold (finite, within `maximumDateSeconds`).
    public static func isRepresentableDate(_ seconds: Double) -> Bool {
        seconds.isFinite && abs(seconds) <= maximumDateSeconds
    }
    /// How many loop iterations and calls pass between two looks at the clock
    /// for `--timeout`: rare enough to cost nothing, often enough to stop within milliseconds.
    public static let timeoutCheckInterval = 1 << 12
}
