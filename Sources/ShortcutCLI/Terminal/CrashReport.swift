#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fault `shortcut` should never meet (a crash is a bug: SPEC §12) still ends
/// with a sentence on standard error, not silence. The handler writes it and
/// hands the signal on to whoever had it before (Swift's backtracer, or the
/// system's default), so the process still dies of that signal.
enum CrashReport {
    static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT]
    /// The handlers that were there before, by signal number (written once, at start).
    nonisolated(unsafe) static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 64)

    /// Made before any signal can come: the handler may not allocate.
    static let message = Array("\nshortcut: internal error (a fatal signal). This is a bug in shortcut, not in your script; please report it with the script and the command.\n".utf8)

    static func install() {
        _ = message.count
        for number in signals {
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = CrashReport.handle
            #else
            action.__sigaction_u.__sa_handler = CrashReport.handle
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(number, &action, previous + Int(number))
        }
    }

    /// Only async-signal-safe calls: `write`, `sigaction`, `raise`.
    static let handle: @convention(c) (Int32) -> Void = { number in
        _ = CrashReport.message.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        sigaction(number, CrashReport.previous + Int(number), nil)
        // Sent (not a fault that would happen again on return): hand it on now.
        raise(number)
    }
}
