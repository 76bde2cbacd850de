#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ShortcutRuntime
import ShortcutSyntax
import Synchronization

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

    /// In the REPL, Ctrl-C at a question cancels that run only; elsewhere it ends the process.
    let interruptible: Bool

    /// At a real terminal (and with no deadline to keep), questions are answered
    /// with the REPL's line editor: arrows, Home/End, Ctrl-A/E/K/U/W.
    private let lineReader: TerminalLineReader?
    /// The line editor draws the prompt itself.
    var editsLines: Bool { lineReader != nil }

    init(io: IO, inputFile: [String]?, timeout: Double? = nil, interruptible: Bool = false) {
        self.interruptible = interruptible
        self.lineReader = inputFile == nil && timeout == nil && io.stdinIsTerminal && io is StandardIO ? TerminalLineReader(historyPath: nil) : nil
        self.io = io
        self.fileLines = inputFile
        self.isInteractive = inputFile == nil && io.stdinIsTerminal
        self.deadline = timeout.map { MonotonicClock.now() + $0 }
        self.timeoutSeconds = timeout ?? 0
    }

    /// `:record FILE` in the REPL: every answer and tap is appended here, so the
    /// file can be replayed with `shortcut run … --input FILE`.
    var recording: String?

    /// The next answer to `prompt`, or nil at the end of input; past the deadline, the run's timeout.
    func next(prompt: String = "") throws(ScriptError) -> String? {
        let answer = try read(prompt: prompt)
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

    private func read(prompt: String) throws(ScriptError) -> String? {
        line += 1
        if let lineReader {
            io.flush()
            switch lineReader.readLine(prompt: prompt) {
            case .submit(let text): return text
            case .cancel: throw ScriptError(.cancelled(catchable: false), at: .none)   // Ctrl-C, read as a key in raw mode
            case .endOfInput, .editing: return nil
            }
        }
        if var lines = fileLines {
            guard !lines.isEmpty else { return nil }
            let first = lines.removeFirst()
            fileLines = lines
            return first
        }
        let result: LineRead
        if interruptible {
            result = io.readLine(before: deadline) { Interrupt.flag.take() }
        } else if isInteractive {
            result = AnswerSource.readCancellable(io, before: deadline)
        } else {
            result = io.readLine(before: deadline, interrupted: nil)
        }
        switch result {
        case .line(let text): return text
        case .end: return nil
        case .timedOut: throw ScriptError(.timeout(timeoutSeconds), at: .none)
        case .interrupted: throw ScriptError(.cancelled(catchable: false), at: .none)
        }
    }

    /// Reads a line at a terminal; Ctrl-C there cancels the run (exit 5). Nothing
    /// has been committed while a request waits, so ending here rolls back.
    static func readCancellable(_ io: IO, before deadline: Double? = nil) -> LineRead {
        let restore = Interrupt.cancelsRun()
        defer { restore() }
        return io.readLine(before: deadline, interrupted: nil)
    }
}

/// Set by Ctrl-C while the REPL runs code or asks a question; taken (and cleared) by whoever stops for it.
final class InterruptFlag: Sendable {
    private let raised = Atomic<Bool>(false)
    func raise() { raised.store(true, ordering: .relaxed) }
    /// Whether Ctrl-C was pressed since the last look; clears it.
    func take() -> Bool { raised.exchange(false, ordering: .relaxed) }
}

/// Ctrl-C during a run: not an error a script can catch, but the run's end —
/// `cancelled` and exit 5 (SPEC §5.3, §10). Nothing is written to a store
/// before a perform commits, so ending here rolls back what was under way.
enum Interrupt {
    /// From now until the returned function is called, SIGINT cancels the run.
    /// Installed before anything is shown, so a Ctrl-C the moment a prompt
    /// appears is a cancellation too, never the default death by signal.
    /// The REPL's Ctrl-C (SPEC §11): raised here, it stops the code that runs or the
    /// question that waits, and the session goes on.
    static let flag = InterruptFlag()

    /// From now until the returned function is called, SIGINT raises `flag` and
    /// interrupts a blocked read (no `SA_RESTART`).
    static func interruptsCode() -> () -> Void {
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = { _ in Interrupt.flag.raise() }
        #else
        action.__sigaction_u.__sa_handler = { _ in Interrupt.flag.raise() }
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        var previous = sigaction()
        sigaction(SIGINT, &action, &previous)
        let restoreMask = unblockingInterrupt()
        return {
            restoreMask()
            sigaction(SIGINT, &previous, nil)
        }
    }

    /// A process may start with SIGINT blocked (some launchers do); Ctrl-C must still
    /// reach it. Threads made from here on (the interpreter's) inherit the mask.
    static func unblockingInterrupt() -> () -> Void {
        var interrupt = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        var saved = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &interrupt, &saved)
        return { pthread_sigmask(SIG_SETMASK, &saved, nil) }
    }

    static func cancelsRun() -> () -> Void {
        let previous = signal(SIGINT) { _ in
            let message = Array("\ncancelled\n".utf8)
            _ = message.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            _exit(5)
        }
        let restoreMask = unblockingInterrupt()
        return {
            restoreMask()
            signal(SIGINT, previous)
        }
    }
}
