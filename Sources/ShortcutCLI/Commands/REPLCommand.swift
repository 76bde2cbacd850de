import ShortcutRuntime
import ShortcutSyntax

/// `shortcut repl [FILE]`: read, evaluate, print, in line mode.
///
/// It reuses the file path (STYLE habit 12): each input is parsed, checked and
/// run like a file, in one `Session` that keeps declarations and state.
enum REPLCommand {
    static func main(_ arguments: [String], _ io: IO) -> ExitCode {
        let options: RunOptions
        switch RunOptions.parse(arguments, command: "repl") {
        case .success(let o): options = o
        case .failure(let e): return e.report(io)
        }
        let style = Style.from(options, io)
        let answers = AnswerSource(io: io, inputFile: nil, interruptible: io.stdinIsTerminal)
        let host = TextHost(io: io, style: style, answers: answers)
        // The REPL keys its store by the file's app, as `run` does (SPEC §11); with no file it is `repl`.
        let appName = options.file.map { Loader().appName(path: $0) } ?? "repl"
        let store = options.ephemeral ? nil
            : Persistence(file: StoreFile(path: StoreLocation.path(appName: appName, explicit: options.storePath, io: io)), appName: appName)
        var sessionOptions = options.interpreterOptions(io)
        // At a terminal, Ctrl-C while code runs stops that code and the session goes on (SPEC §11).
        if io.stdinIsTerminal { sessionOptions.interruption = { Interrupt.flag.take() } }
        let session = Session(host: host, store: store, options: sessionOptions, appName: appName)
        host.sourceFiles = { [unowned session] in session.files }
        let interactive = io.stdinIsTerminal
        if let path = options.file {
            switch session.load(path: path) {
            case .failed(let e) where e.range == .none:
                io.writeError("error: \(e.message)\n")
                return .usage
            case .failed(let e):
                io.writeError(ErrorReport(files: session.files, color: style.color).render(e))
                return ErrorReport.exitCode(for: e)
            case .diagnostics(let d):
                io.writeError(DiagnosticRenderer(files: session.files, color: style.color).render(d))
                return .compile
            case .ran(_, let warnings):
                if !warnings.isEmpty { io.writeError(DiagnosticRenderer(files: session.files, color: style.color).render(warnings)) }
            }
        }
        if interactive { io.write("Shortcut Script \(ShortcutCLI.version). Type :help for help, :quit to leave.\n") }
        // At a real terminal, lines are edited in raw mode with history; a pipe is read plainly.
        let editor = interactive && io is StandardIO
            ? TerminalLineReader(historyPath: io.environment("HOME").map { $0 + "/.shortcut_history" }) : nil
        var buffer = ""
        var anyFailed = false
        // At a terminal, Ctrl-C while code runs (or a question waits) interrupts it, not the session.
        let restoreInterrupt = interactive ? Interrupt.interruptsCode() : {}
        defer { restoreInterrupt() }
        reading: while true {
            let prompt = buffer.isEmpty ? "> " : ". "
            let line: String
            if let editor {
                io.flush()
                switch editor.readLine(prompt: prompt) {
                case .submit(let text): line = text
                case .cancel:
                    buffer = ""
                    continue
                case .endOfInput, .editing:
                    // Ctrl-D leaves; with half an input typed, it drops that input first.
                    if buffer.isEmpty { break reading }
                    buffer = ""
                    continue
                }
            } else {
                if interactive { io.write(prompt) }
                guard let text = io.readLine() else { break reading }
                line = text
            }
            if editor != nil, line.isEmpty, buffer.isEmpty { continue }
            _ = Interrupt.flag.take()   // a Ctrl-C before this input does not stop it
            if buffer.isEmpty {
                let command = line.trimmingWhitespace()
                if command.hasPrefix(":") {
                    let storeForApp: (String) -> Persistence? = { name in
                        options.ephemeral || options.storePath != nil ? nil
                            : Persistence(file: StoreFile(path: StoreLocation.path(appName: name, explicit: options.storePath, io: io)), appName: name)
                    }
                    switch handleCommand(command, session: session, answers: answers, style: style, io: io, storeForApp: storeForApp) {
                    case .quit: break reading
                    case .failed: anyFailed = true
                    case .proceed: break
                    }
                    continue
                }
                if command.isEmpty { continue }
            }
            buffer += (buffer.isEmpty ? "" : "\n") + line
            guard Session.isComplete(buffer) else { continue }
            let input = buffer
            buffer = ""
            if report(session.evaluate(input), session: session, style: style, io: io) { anyFailed = true }
        }
        if !buffer.isEmpty, report(session.evaluate(buffer), session: session, style: style, io: io) { anyFailed = true }
        if interactive { io.write("\n") }
        // Piped, the exit status says whether every input went well (SPEC §11).
        return !interactive && anyFailed ? .failure : .success
    }

    /// Prints what an input did; true when it failed (errors, not warnings).
    @discardableResult
    static func report(_ outcome: Session.Outcome, session: Session, style: Style, io: IO) -> Bool {
        let renderer = DiagnosticRenderer(files: session.files, color: style.color)
        switch outcome {
        case .ran(let value, let warnings):
            if !warnings.isEmpty { io.writeError(renderer.render(warnings)) }
            if let value { io.write(value.debugDescription + "\n") }
            return false
        case .diagnostics(let diagnostics):
            io.writeError(renderer.render(diagnostics))
            return diagnostics.contains(where: \.isError)
        case .failed(let error):
            io.writeError(ErrorReport(files: session.files, color: style.color).render(error))
            return true
        }
    }

    enum CommandResult { case proceed, failed, quit }

    static let commands = [":help", ":list", ":run", ":store", ":reset", ":load", ":type", ":record", ":quit"]

    static func handleCommand(_ command: String, session: Session, answers: AnswerSource, style: Style, io: IO,
                              storeForApp: (String) -> Persistence? = { _ in nil }) -> CommandResult {
        let word = command.split(separator: " ").first.map(String.init) ?? command
        let argument = String(command.dropFirst(word.count)).trimmingWhitespace()
        var failed = false
        func needs(_ what: String) -> Bool {
            if argument.isEmpty {
                io.writeError("error: \(word) needs \(what)\n")
                failed = true
                return false
            }
            return true
        }
        switch word {
        case ":quit", ":q", ":exit":
            return .quit
        case ":help", ":h":
            io.write("""
            Enter statements, declarations or expressions. An expression's value is printed.
            Input with an open brace, bracket, parenthesis or string continues on the next line.
            Declarations may be redefined. `run X()` performs an intent, snippets included.

              :help            this text
              :list            what has been declared
              :run TARGET      perform an intent or run a flow by name
              :store           the stores' fields
              :reset           delete the saved store and start from defaults
              :load FILE       load a file's declarations
              :type EXPR       the type of an expression's value
              :record FILE     append every answer and tap from now on to FILE (replay: shortcut run … --input FILE)
              :quit            leave (also Ctrl-D)

            """)
        case ":list":
            io.write(ListCommand.render(session.program, path: "repl"))
        case ":run":
            if needs("an intent name or a flow title") {
                failed = report(session.run(target: argument.trimmingQuotes()), session: session, style: style, io: io)
            }
        case ":store":
            let contents = session.interpreter.storeContents()
            if contents.isEmpty { io.write("(no store has been used yet)\n") }
            io.write(StoreCommand.listing(contents))
        case ":reset":
            do {
                try session.interpreter.resetStores()
                io.write("the stores start again from their defaults\n")
            } catch {
                io.writeError("error: \(error.message)\n")
                failed = true
            }
        case ":load":
            if needs("a file") {
                let before = session.appName
                failed = report(session.load(path: argument), session: session, style: style, io: io)
                // A file of another app brings its store with it, and says so.
                if session.appName != before, let switched = storeForApp(session.appName) {
                    session.interpreter.switchStore(to: switched)
                    io.write("now using \(session.appName)'s store (\(switched.file.path))\n")
                }
            }
        case ":type":
            if needs("an expression") {
                // Evaluated once: an input with side effects or an error must not run twice.
                let outcome = session.evaluate(argument)
                if case .ran = outcome, let type = session.expressionType {
                    io.write("\(type)\n")
                } else if case .ran(let value?, _) = outcome {
                    io.write(value.typeName + "\n")
                } else {
                    failed = report(outcome, session: session, style: style, io: io)
                }
            }
        case ":record":
            if needs("a file to record to") {
                answers.recording = argument
                io.write("recording answers and taps to \(argument)\n")
            }
        default:
            let hint = closestMatch(to: word, in: commands).map { " (did you mean \($0)?)" } ?? ""
            io.writeError("error: unknown command '\(word)'\(hint); try :help\n")
            failed = true
        }
        return failed ? .failed : .proceed
    }
}

extension String {
    func trimmingQuotes() -> String {
        hasPrefix("\"") && hasSuffix("\"") && count >= 2 ? String(dropFirst().dropLast()) : self
    }

}
