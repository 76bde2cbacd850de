import ShortcutRuntime
import ShortcutSyntax

/// `shortcut run FILE [TARGET]`.
enum RunCommand {
    /// `saying: true` is `shortcut say FILE "phrase"`: the phrase picks the intent (SPEC §5.10).
    static func main(_ arguments: [String], _ io: IO, saying: Bool = false) -> ExitCode {
        let options: RunOptions
        switch RunOptions.parse(arguments, command: saying ? "say" : "run") {
        case .success(let o): options = o
        case .failure(let e): return e.report(io)
        }
        guard let path = options.file else {
            io.writeError("error: 'run' needs a .shortcut file\n\(Help.usageHint)")
            return .usage
        }
        let style = Style.from(options, io)
        guard let loaded = Compilation.load(path, io: io, color: style.color, json: options.json) else { return .usage }
        guard let program = loaded.program else { return .compile }
        let report = ErrorReport(files: loaded.files, color: style.color)

        let entry: Entry
        if saying {
            guard let phrase = options.target else {
                io.writeError("error: 'say' needs a phrase: shortcut say FILE \"phrase\"\n")
                return .usage
            }
            guard !program.appShortcuts.isEmpty else {
                io.writeError("error: \(path) declares no App Shortcuts (appShortcuts { … })\n")
                return .usage
            }
            entry = .phrase(phrase)
        } else {
            switch chooseEntry(program, target: options.target) {
            case .success(let e): entry = e
            case .failure(let message):
                io.writeError("error: \(message)\n")
                return .usage
            }
        }

        var inputLines: [String]?
        if let inputFile = options.inputFile {
            switch FileSystem.read(inputFile) {
            case .success(let bytes):
                var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                if lines.last == "" { lines.removeLast() }
                inputLines = lines.map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 }
            case .failure:
                io.writeError("error: cannot read the input file \(inputFile)\n")
                return .usage
            }
        }
        switch entry {
        case .topLevel, .flow:
            guard options.parameters.isEmpty else {
                io.writeError("error: --param sets an intent's parameters, and the target is not an intent\n")
                return .usage
            }
        case .intent, .phrase:
            break
        }

        // Ctrl-C from here on cancels the run (exit 5), while code runs and at every prompt.
        let restoreInterrupt = Interrupt.cancelsRun()
        defer { restoreInterrupt() }
        let answers = AnswerSource(io: io, inputFile: inputLines, timeout: options.timeout)
        let jsonHost = options.json ? JSONHost(io: io, answers: answers, sourceFiles: { loaded.files }) : nil
        let host: Host = jsonHost ?? TextHost(io: io, style: style, answers: answers, sourceFiles: { loaded.files })
        var store: Persistence?
        if !options.ephemeral {
            let file = StoreFile(path: StoreLocation.path(appName: program.appName, explicit: options.storePath, io: io))
            if options.resetStore {
                do { try file.remove() } catch {
                    io.writeError("error: \(error.message)\n")
                    return .store
                }
            }
            store = Persistence(file: file, appName: program.appName)
        }
        var interpreterOptions = options.interpreterOptions(io)
        // `shortcut` itself (not a test calling in): the process ends with the run, and takes its memory with it — the
        // script's top level, the interpreter and the program are not taken apart first (`Options.endsTheProcess`).
        let endsTheProcess = io is StandardIO
        interpreterOptions.endsTheProcess = endsTheProcess
        let interpreter = Interpreter(program: program, host: host, store: store, options: interpreterOptions)
        if endsTheProcess { _ = Unmanaged.passRetained(interpreter) }
        let outcome: RunOutcome = interpreter.withStack {
            do throws(ScriptError) {
                if case .topLevel = entry { try interpreter.prepare(for: .topLevel) } else { try interpreter.prepare(for: .target) }
                switch entry {
                case .topLevel: try interpreter.runTopLevel()
                case .flow(let code): _ = try interpreter.run(code)
                case .phrase(let phrase):
                    guard let (type, arguments) = try interpreter.matchPhrase(phrase) else {
                        return .noMatch("no App Shortcut phrase matches \"\(phrase)\"; the phrases are:\n"
                            + interpreter.phrases.map { "  \($0)" }.joined(separator: "\n")
                            + "\n(\\(.applicationName) is \"\(program.appName)\")")
                    }
                    host.result(try interpreter.runIntent(type, arguments: arguments))
                case .intent(let type):
                    var arguments = [Value](repeating: .null, count: type.parameters.count)
                    for (name, text) in options.parameters {
                        switch interpreter.parameterValue(type, name: name, text: text) {
                        case .success(let (index, value)): arguments[index] = value
                        case .failure(.unknown(let problem)): return .usage(problem.message)
                        case .failure(.rejected(let problem)): return .usage("--param \(name)=\(text): \(problem.message)")
                        case .failure(.failed(let error)): return .usage("--param \(name): \(error.message)")
                        }
                    }
                    host.result(try interpreter.runIntent(type, arguments: arguments))
                }
                return .finished
            } catch {
                return .script(error)
            }
        }
        switch outcome {
        case .finished:
            return .success
        case .usage(let message):
            io.writeError("error: \(message)\n")
            return .usage
        case .noMatch(let message):
            io.writeError("error: \(message)\n")
            return .failure
        case .script(let error):
            jsonHost?.error(error)
            io.writeError(report.render(error))
            return ErrorReport.exitCode(for: error)
        }
    }

    /// How a run ended: not a `Result`, whose type the runtime would make at its first use in every run.
    enum RunOutcome {
        case finished
        case usage(String)
        case noMatch(String)
        case script(ScriptError)
    }

    enum Entry {
        case phrase(String)
        case topLevel
        case flow(FunctionCode)
        case intent(IntentType)
    }

    /// SPEC §10: a named intent or flow; else top-level statements; else the only flow;
    /// else the only discoverable intent; else the choices are listed.
    static func chooseEntry(_ program: Program, target: String?) -> Result<Entry, TargetError> {
        let discoverable = program.intents.values.filter(\.isDiscoverable).map(\.name).sorted()
        let choices = program.intents.keys.sorted().map { "  \($0)" + (program.intents[$0]?.isDiscoverable == true ? "" : "  (not discoverable)") }
            + program.flows.map { "  \"\($0.title)\"" }
        let list = choices.isEmpty ? "" : "\nchoose one of:\n" + choices.joined(separator: "\n")
        if let target {
            switch program.target(named: target) {
            case .intent(let intent)?: return .success(.intent(intent))
            case .flow(let flow)?: return .success(.flow(flow))
            case nil: return .failure(TargetError(program.noTargetMessage(target) + list))
            }
        }
        if program.hasTopLevelStatements { return .success(.topLevel) }
        if program.flows.count == 1 { return .success(.flow(program.flows[0].code)) }
        if program.flows.isEmpty, discoverable.count == 1, let intent = program.intents[discoverable[0]] { return .success(.intent(intent)) }
        if program.flows.isEmpty, program.intents.isEmpty {
            if program.topLevel != nil { return .success(.topLevel) }
            return .failure(TargetError("the file has nothing to run: no top-level statements, flows or intents"))
        }
        return .failure(TargetError("the file has several things to run; name one after the file\(list)"))
    }

    struct TargetError: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }
}

extension RunCommand.TargetError: CustomStringConvertible {
    var description: String { message }
}
