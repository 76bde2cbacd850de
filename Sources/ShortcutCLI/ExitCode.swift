/// The exit codes of SPEC §10.
public enum ExitCode: Int32, Sendable {
    /// The run succeeded.
    case success = 0
    /// The script failed: an uncaught throw, a runtime error, a failing test.
    case failure = 1
    /// Bad arguments, an unknown target, a missing file.
    case usage = 2
    /// The program does not compile: syntax or check errors.
    case compile = 3
    /// Input was needed but not available, or scripted input was malformed.
    case input = 4
    /// A confirmation was declined, or Ctrl-C at a request.
    case cancelled = 5
    /// The store is corrupt, has a wrong type, is unwritable, or its lock timed out.
    case store = 6
}
