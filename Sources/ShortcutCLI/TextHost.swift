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

    init(io: IO, inputFile: [String]?) {
        self.io = io
        self.fileLines = inputFile
        self.isInteractive = inputFile == nil && io.stdinIsTerminal
    }

    /// `:record FILE` in the REPL: every answer and tap is appended here, so the
    /// file can be replayed with `shortcut run … --input FILE`.
    var recording: String?

    /// The next answer, or nil at the end of input.
    func next() -> String? {
        let answer = read()
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

    private func read() -> String? {
        line += 1
        if var lines = fileLines {
            guard !lines.isEmpty else { return nil }
            let first = lines.removeFirst()
            fileLines = lines
            return first
        }
        if isInteractive { return AnswerSource.readCancellable(io) }
        return io.readLine()
    }

    /// Reads a line at a terminal; Ctrl-C there cancels the run (exit 5). Nothing
    /// has been committed while a request waits, so ending here rolls back.
    static func readCancellable(_ io: IO) -> String? {
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
        defer {
            pthread_sigmask(SIG_SETMASK, &saved, nil)
            signal(SIGINT, previous)
        }
        return io.readLine()
    }
}

/// The host for text output: a terminal, or a pipe with scripted answers.
final class TextHost: Host {
    let io: IO
    let style: Style
    let answers: AnswerSource

    init(io: IO, style: Style, answers: AnswerSource) {
        self.io = io
        self.style = style
        self.answers = answers
    }

    func print(_ text: String) {
        io.write(text + "\n")
    }

    /// Dialogs are flushed at once: a dialog reports a committed perform, and
    /// what was reported must be visible even if the process dies next.
    func dialog(_ text: String) {
        let prefix = style.unicode ? "💬 " : "> "
        io.write(style.color ? "\u{1B}[1m\(prefix)\(text)\u{1B}[0m\n" : "\(prefix)\(text)\n")
        io.flush()
    }

    /// Draws the card, then asks for a tap: a number, a label, `done` or Return.
    /// End of input at a snippet means done (SPEC §10).
    func present(_ snippet: Snippet) throws(ScriptError) -> Interaction {
        let renderer = CardRenderer(style: style, maximumWidth: io.columns ?? CardRenderer.defaultWidth)
        io.write(renderer.render(snippet))
        io.flush()
        guard !snippet.actions.isEmpty else { return .done }
        while true {
            io.write(renderer.prompt(snippet))
            guard let text = answers.next() else {
                io.write("\n")
                return .done
            }
            if !answers.isInteractive { io.write(text + "\n") }
            if let interaction = Snippet.parseInteraction(text, snippet) { return interaction }
            let hint = "tap a number from 1 to \(snippet.actions.count), a button's label, or press Return when done"
            guard answers.isInteractive else {
                throw answers.badLine("'\(text)' is not an action of \(snippet.title): \(hint)")
            }
            io.write("  \(hint)\n")
        }
    }

    func snippetError(_ message: String) {
        io.write((style.unicode ? "⚠️  " : "! ") + message + "\n")
    }

    /// The question as one line: `❓ How many shots? [1 Single, 2 Double, 3 Triple Shot]: `
    func promptLine(_ request: Request) -> String {
        var line = (style.unicode ? "❓ " : "? ") + request.prompt
        switch request.kind {
        case .confirmation:
            line += " [\(request.confirmLabel ?? "Confirm")/Cancel]"
        case .value, .choice, .interaction:
            if !request.options.isEmpty {
                line += " [" + request.options.enumerated().map { "\($0.offset + 1) \($0.element)" }.joined(separator: ", ") + "]"
            } else if let type = request.typeName, type != "String" {
                line += " (\(type))"
            }
        }
        return line + ": "
    }

    func request(_ request: Request, parse: (String) -> Answer) throws(ScriptError) -> Value {
        while true {
            io.write(style.color ? "\u{1B}[1m\(promptLine(request))\u{1B}[0m" : promptLine(request))
            guard let text = answers.next() else {
                if answers.isInteractive { io.write("\n") }
                throw AnswerSource.ended(before: request)
            }
            if !answers.isInteractive { io.write(text + "\n") }   // the transcript shows the scripted answer
            switch parse(text) {
            case .value(let v): return v
            case .cancel: throw ScriptError(.cancelled, at: .none)
            case .invalid(let why):
                guard answers.isInteractive else {
                    throw answers.badLine("'\(text)' does not answer \"\(request.prompt)\": \(why)")
                }
                io.write("  \(why)\n")
            }
        }
    }
}

/// `--format json`: every event a JSON object on its own line of standard output (SPEC §10).
final class JSONHost: Host {
    let io: IO
    let answers: AnswerSource

    init(io: IO, answers: AnswerSource) {
        self.io = io
        self.answers = answers
    }

    /// One event a line, flushed at once so a reading program sees it as it happens.
    func emit(_ pairs: [(String, JSON)]) {
        io.write(JSON.object(pairs).text + "\n")
        io.flush()
    }

    func print(_ text: String) { emit([("event", .string("print")), ("text", .string(text))]) }
    func dialog(_ text: String) { emit([("event", .string("dialog")), ("text", .string(text))]) }
    func result(_ value: Value) { emit([("event", .string("result")), ("value", value.json)]) }

    func request(_ request: Request, parse: (String) -> Answer) throws(ScriptError) -> Value {
        var event: [(String, JSON)] = [("event", .string("request")), ("kind", .string(request.kind.rawValue)), ("prompt", .string(request.prompt))]
        if let type = request.typeName { event.append(("type", .string(type))) }
        if !request.options.isEmpty { event.append(("options", .array(request.options.map { .string($0) }))) }
        if let label = request.confirmLabel { event.append(("confirm", .string(label))) }
        emit(event)
        guard let text = try nextAnswer() else { throw AnswerSource.ended(before: request) }
        switch parse(text) {
        case .value(let v): return v
        case .cancel: throw ScriptError(.cancelled, at: .none)
        case .invalid(let why): throw answers.badLine("'\(text)' does not answer \"\(request.prompt)\": \(why)")
        }
    }

    func present(_ snippet: Snippet) throws(ScriptError) -> Interaction {
        emit([("event", .string("snippet")), ("intent", .string(snippet.intent)), ("title", .string(snippet.title)),
              ("view", snippet.view.json(actionNumber: snippet.actionNumber(at:))),
              ("actions", .array(snippet.actions.map { action in
                  .object([("index", .integer(action.index)), ("label", .string(action.label)), ("intent", .string(action.intent.type.name)),
                           ("parameters", .object(zip(action.intent.type.parameters, action.intent.arguments).filter { !$1.isNil }.map { ($0.name, $1.json) }))])
              }))])
        guard !snippet.actions.isEmpty else { return .done }
        emit([("event", .string("request")), ("kind", .string("interaction")), ("prompt", .string(snippet.title)),
              ("options", .array(snippet.actions.map { .string($0.label) }))])
        guard let text = try nextAnswer() else { return .done }
        guard let interaction = Snippet.parseInteraction(text, snippet) else {
            throw answers.badLine("'\(text)' is not an action of \(snippet.title)")
        }
        return interaction
    }

    func snippetError(_ message: String) {
        emit([("event", .string("error")), ("kind", .string("action")), ("message", .string(message))])
    }

    struct AnswerError: Error { var message: String }

    /// The next answer's text (a plain line, or the `answer` of an object); nil at the end of input.
    func nextAnswer() throws(ScriptError) -> String? {
        guard let line = answers.next() else { return nil }
        switch JSONHost.answerText(line) {
        case .success(let text): return text
        case .failure(let why): throw answers.badLine(why.message)
        }
    }

    /// An answer line: plain text, or `{"answer": …}` with a string, number or Bool.
    static func answerText(_ line: String) -> Result<String, AnswerError> {
        guard line.trimmingBlanks().hasPrefix("{") else { return .success(line) }
        guard let json = try? JSON.parse(line), let answer = json["answer"] else {
            return .failure(AnswerError(message: "an answer object must look like {\"answer\": …}"))
        }
        switch answer {
        case .string(let s): return .success(s)
        case .integer(let i): return .success(String(i))
        case .number(let d): return .success(String(d))
        case .bool(let b): return .success(b ? "yes" : "no")
        default: return .failure(AnswerError(message: "an answer must be a string, a number or a Bool"))
        }
    }

    /// The final event of a failed run.
    func error(_ error: ScriptError, renderer: DiagnosticRenderer) {
        var event: [(String, JSON)] = [("event", .string("error")), ("kind", .string(error.kindName)), ("message", .string(error.message))]
        if let position = renderer.position(error.range) {
            event += [("file", .string(position.file)), ("line", .integer(position.location.line)), ("column", .integer(position.location.column))]
        }
        emit(event)
    }
}

/// Turns errors into the text a person reads, through the one diagnostic renderer.
struct ErrorReport {
    let renderer: DiagnosticRenderer

    init(files: [SourceFile], color: Bool) {
        renderer = DiagnosticRenderer(files: files, color: color)
    }

    /// A runtime error: position, source line, caret, and the call chain as notes.
    /// Runs of the same frame (recursion) are shown once with a count.
    /// A cancellation is the person's choice, not a fault: one plain line.
    func render(_ error: ScriptError) -> String {
        if case .cancelled = error.kind {
            let place = renderer.position(error.range).map { " at \($0.file):\($0.location)" } ?? ""
            return "cancelled\(place); nothing was changed\n"
        }
        var runs: [(function: String, site: SourceRange, count: Int)] = []
        for frame in error.trace where frame.function != "top level" {
            if let last = runs.last, last.function == frame.function, last.site == frame.callSite {
                runs[runs.count - 1].count += 1
            } else {
                runs.append((frame.function, frame.callSite, 1))
            }
        }
        if error.omittedFrames > 0, !runs.isEmpty { runs[runs.count - 1].count += error.omittedFrames }
        var notes: [String] = []
        for (i, run) in runs.prefix(ErrorReport.maximumTraceLines).enumerated() {
            let site = renderer.position(run.site).map { "\($0.file):\($0.location)" } ?? "the system"
            let times = run.count > 1 ? " (\(run.count) times)" : ""
            notes.append(i == 0 ? "in \(run.function), called from \(site)\(times)" : "  from \(run.function), called from \(site)\(times)")
        }
        if runs.count > ErrorReport.maximumTraceLines {
            notes.append("  … and \(runs.count - ErrorReport.maximumTraceLines) more")
        }
        let diagnostic = Diagnostic(.runtimeError(error.message), at: error.range, notes: notes)
        return renderer.render(diagnostic)
    }

    /// How many calls of a trace are shown (runaway recursion has thousands).
    static let maximumTraceLines = 8

    /// The exit code an error ends a run with.
    static func exitCode(for error: ScriptError) -> ExitCode {
        switch error.kind {
        case .cancelled: return .cancelled
        case .inputNeeded: return .input
        case .storeError: return .store
        case .thrown, .runtime, .stackOverflow, .timeout, .optionalNil, .needsValue: return .failure
        }
    }
}
