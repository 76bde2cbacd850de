#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ShortcutRuntime
import ShortcutSyntax

/// Where answers come from (SPEC §10): a person at a terminal, or lines of
/// scripted input (standard input that is not a terminal, or `--input FILE`).
final class AnswerSource {
    let io: IO
    /// Lines of `--input FILE`, when given.
    var fileLines: [String]?
    /// The line number of the last answer read.
    private(set) var line = 0
    /// A person answers: bad answers are asked again, Ctrl-C cancels.
    let isInteractive: Bool

    /// When the run must stop (`--timeout`, on `MonotonicClock`): waiting for an answer counts too.
    let deadline: Double?
    let timeoutSeconds: Double

    init(io: IO, inputFile: [String]?, timeout: Double? = nil) {
        self.io = io
        self.fileLines = inputFile
        self.isInteractive = inputFile == nil && io.stdinIsTerminal
        self.deadline = timeout.map { MonotonicClock.now() + $0 }
        self.timeoutSeconds = timeout ?? 0
    }

    /// `:record FILE` in the REPL: every answer and tap is appended here, so the
    /// file can be replayed with `shortcut run … --input FILE`.
    var recording: String?

    /// The next answer, or nil at the end of input; past the deadline, the run's timeout.
    func next() throws(ScriptError) -> String? {
        let answer = try read()
        if let answer, let recording {
            let fd = open(recording, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
            if fd >= 0 {
                FileSystem.writeAll(fd, Array((answer + "\n").utf8))
                close(fd)
            }
        }
        return answer
    }

    /// Scripted input that does not answer what was asked: exit 4, naming the line.
    func badLine(_ why: String) -> ScriptError {
        ScriptError(.inputNeeded("line \(line) of the input: \(why)"), at: .none)
    }

    /// Input ended while a request waited for an answer.
    static func ended(before request: Request) -> ScriptError {
        ScriptError(.inputNeeded("input ended with no answer for \"\(request.prompt)\""), at: .none)
    }

    private func read() throws(ScriptError) -> String? {
        line += 1
        if var lines = fileLines {
            guard !lines.isEmpty else { return nil }
            let first = lines.removeFirst()
            fileLines = lines
            return first
        }
        let result = isInteractive ? AnswerSource.readCancellable(io, before: deadline) : io.readLine(before: deadline)
        switch result {
        case .line(let text): return text
        case .end: return nil
        case .timedOut: throw ScriptError(.timeout(timeoutSeconds), at: .none)
        }
    }

    /// Reads a line at a terminal; Ctrl-C there cancels the run (exit 5). Nothing
    /// has been committed while a request waits, so ending here rolls back.
    static func readCancellable(_ io: IO, before deadline: Double? = nil) -> LineRead {
        let restore = Interrupt.cancelsRun()
        defer { restore() }
        return io.readLine(before: deadline)
    }
}

/// Ctrl-C during a run: not an error a script can catch, but the run's end —
/// `cancelled` and exit 5 (SPEC §5.3, §10). Nothing is written to a store
/// before a perform commits, so ending here rolls back what was under way.
enum Interrupt {
    /// From now until the returned function is called, SIGINT cancels the run.
    /// Installed before anything is shown, so a Ctrl-C the moment a prompt
    /// appears is a cancellation too, never the default death by signal.
    static func cancelsRun() -> () -> Void {
        let previous = signal(SIGINT) { _ in
            let message = Array("\ncancelled\n".utf8)
            _ = message.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            _exit(5)
        }
        // A process may start with SIGINT blocked (some launchers do); Ctrl-C must still cancel.
        var interrupt = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        var saved = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &interrupt, &saved)
        return {
            pthread_sigmask(SIG_SETMASK, &saved, nil)
            signal(SIGINT, previous)
        }
    }
}
