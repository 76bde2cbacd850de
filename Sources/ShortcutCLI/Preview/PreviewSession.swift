#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ShortcutRuntime
import ShortcutSyntax

/// The program behind the preview page (SPEC §14): it runs targets exactly as `shortcut run --format json`
/// does — the same host, store rules and events — on a thread of its own, with the page as its standard
/// input and output: each event goes to the log the page reads, each answer the page posts is the next line.
final class PreviewSession: @unchecked Sendable {
    let file: String
    /// `--store PATH` or `--ephemeral`, passed to every run.
    let storeArguments: [String]
    let log = EventLog()
    private let io = PreviewIO()
    private let lock = Monitor()
    private var running = false

    /// `--ephemeral`: the session's runs share a store file of their own, removed when the preview stops,
    /// so what one run changes the next one sees, and nothing of the app's saved store is touched.
    private let scratchStore: String?

    init(file: String, storeArguments: [String]) {
        self.file = file
        if storeArguments == ["--ephemeral"] {
            let temporary = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
            let unique = String(UInt64.random(in: 0...UInt64.max), radix: 16)
            let path = FileSystem.join(temporary, "shortcut-preview-\(getpid())-\(unique).json")
            scratchStore = path
            self.storeArguments = ["--store", path]
        } else {
            scratchStore = nil
            self.storeArguments = storeArguments
        }
        io.log = log
    }

    /// Removes the `--ephemeral` session's store.
    func end() {
        guard let scratchStore else { return }
        unlink(scratchStore)
        unlink(scratchStore + ".lock")
    }

    enum Refusal: Error { case busy, idle }

    /// How often the file is looked at for a save (live reload).
    static let watchInterval: useconds_t = 300_000

    /// Watches FILE: each save appends a `reload` event, and the page reads the program again (SPEC §14).
    func watch() {
        // Read before the thread starts: a save made while it is still starting is a change it sees.
        let first = PreviewSession.modified(file)
        // Without a thread of its own there is no live reload; the preview works without it.
        Threads.detach { [self] in
            var last = first
            while !log.isClosed {
                usleep(PreviewSession.watchInterval)
                let now = PreviewSession.modified(file)
                if now != last {
                    last = now
                    log.append(PreviewSession.event([("event", .string("reload"))]))
                }
            }
        }
    }

    /// When a file was last changed (seconds and nanoseconds), or nil when it cannot be read.
    static func modified(_ path: String) -> [Int]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Glibc)
        return [info.st_mtim.tv_sec, info.st_mtim.tv_nsec, Int(info.st_size)]
        #else
        return [info.st_mtimespec.tv_sec, info.st_mtimespec.tv_nsec, Int(info.st_size)]
        #endif
    }

    /// Starts a run of `target` (an intent or a flow) unless one is running.
    func run(_ target: String) throws(Refusal) {
        try start(["run", file, target], announcing: [("event", .string("run")), ("target", .string(target))])
    }

    /// Says `phrase` as `shortcut say` does: the App Shortcut whose phrase matches runs.
    func say(_ phrase: String) throws(Refusal) {
        try start(["say", file, phrase], announcing: [("event", .string("say")), ("phrase", .string(phrase))])
    }

    private func start(_ command: [String], announcing: [(String, JSON)]) throws(Refusal) {
        lock.lock()
        defer { lock.unlock() }
        guard !running else { throw .busy }
        running = true
        _ = startingStores   // read before the first run changes them
        log.append(PreviewSession.event(announcing))
        let arguments = command + ["--format", "json"] + storeArguments
        let started = Threads.detach { [self] in
            let code = ShortcutCLI.main(arguments: arguments, io: io)
            finish(code)
        }
        if !started {
            // The lock is held here: the session is free again at once.
            running = false
            io.writeError("no thread could be started for the run\n")
            log.append(PreviewSession.event([("event", .string("exit")), ("code", .integer(Int(ExitCode.failure.rawValue)))]))
        }
    }

    /// A run's end: the session is free for the next, and the page is told how it ended.
    private func finish(_ code: Int32) {
        io.flush()
        lock.withLock { running = false }
        log.append(PreviewSession.event([("event", .string("exit")), ("code", .integer(Int(code)))]))
    }

    /// Gives the run that waits the page's answer (a plain line or `{"answer": …}`).
    func answer(_ text: String) throws(Refusal) {
        guard io.deliver(text) else { throw .idle }
        log.append(PreviewSession.event([("event", .string("answer")), ("text", .string(text))]))
    }

    /// The stores as they were when the session began (`store show --json`), for "Save as test" to start from.
    private lazy var startingStores: String = {
        let capture = BufferIO()
        _ = ShortcutCLI.main(arguments: ["store", "show", file, "--json"] + storeArguments.filter { $0 != "--ephemeral" }, io: capture)
        return capture.output
    }()

    /// "Save as test": the session so far as a `test` block, appended to `NAME.preview-tests.shortcut`; its path.
    func saveAsTest() throws -> String {
        let runs = log.all.filter { $0.hasPrefix(#"{"event":"run""#) }.count
        let name = "preview session of \(runs) run\(runs == 1 ? "" : "s")"
        return try SessionTest.save(SessionTest.block(from: log.all, name: name, stores: startingStores), besides: file)
    }

    /// The program as the page lists it (SPEC §14: what `list` shows), or its compile errors.
    func program() -> JSONText {
        let loaded = Loader().load(path: file)
        if let failure = loaded.readFailure {
            return JSONText(text: PreviewSession.event([("event", .string("unreadable")), ("message", .string(failure))]))
        }
        let diagnostics = JSON.array(loaded.diagnostics.map { Compilation.event($0, files: loaded.files) })
        guard let program = loaded.program else {
            return JSONText(text: JSON.object([("event", .string("program")), ("diagnostics", diagnostics)]).text)
        }
        let intents = program.declarationOrder.compactMap { program.intents[$0] }
        func names(_ list: [IntentType]) -> JSON {
            .array(list.map { .object([("name", .string($0.name)), ("title", .string($0.title)),
                                      ("parameters", .array($0.parameters.map { .string("\($0.name): \($0.type)") }))]) })
        }
        return JSONText(text: JSON.object([
            ("event", .string("program")), ("app", .string(program.appName)), ("diagnostics", diagnostics),
            ("intents", names(intents.filter { !$0.isSnippet && $0.isDiscoverable })),
            ("snippets", names(intents.filter(\.isSnippet))),
            ("flows", .array(program.flows.map { .string($0.title) })),
            ("phrases", .array(program.appShortcuts.flatMap { shortcut in shortcut.phrases.map { .string(PreviewSession.phrase($0, app: program.appName)) } })),
        ]).text)
    }

    static func event(_ pairs: [(String, JSON)]) -> String { JSON.object(pairs).text }

    /// A phrase as a person would say it: the app's name in place, a parameter slot as `…`.
    static func phrase(_ parts: [AppShortcutInfo.PhrasePart], app: String) -> String {
        parts.map { part in
            switch part {
            case .text(let t): return t
            case .applicationName: return app
            case .parameter(let p): return "(\(p))"
            }
        }.joined()
    }
}

/// The page as a run's standard input and output: lines written are events in the log; a read waits
/// for the page to post an answer.
final class PreviewIO: IO, @unchecked Sendable {
    var log: EventLog?
    private let condition = Monitor()
    private var pending: [String] = []
    private var waiting = false
    private var partial = ""

    func write(_ text: String) {
        condition.lock()
        partial += text
        var lines: [String] = []
        while let newline = partial.firstIndex(of: "\n") {
            lines.append(String(partial[..<newline]))
            partial = String(partial[partial.index(after: newline)...])
        }
        condition.unlock()
        for line in lines where !line.isEmpty { log?.append(line) }
    }

    /// What a run writes on standard error (the rendered error, warnings) is shown as it is.
    func writeError(_ text: String) {
        log?.append(PreviewSession.event([("event", .string("stderr")), ("text", .string(text))]))
    }

    func readLine() -> String? { readLine(before: nil, interrupted: nil).line }

    func readLine(before deadline: Double?, interrupted: (() -> Bool)?) -> LineRead {
        condition.lock()
        defer {
            waiting = false
            condition.unlock()
        }
        waiting = true
        while pending.isEmpty {
            if let deadline {
                let left = deadline - MonotonicClock.now()
                if left <= 0 { return .timedOut }
                _ = condition.wait(seconds: left)
            } else {
                condition.wait()
            }
        }
        return .line(pending.removeFirst())
    }

    /// Hands an answer to the run that waits for one; false when none waits.
    func deliver(_ text: String) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard waiting else { return false }
        pending.append(text)
        condition.broadcast()
        return true
    }

    var stdinIsTerminal: Bool { false }
    var stdoutIsTerminal: Bool { false }
    var columns: Int? { nil }
    func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
    func flush() {
        condition.lock()
        let rest = partial
        partial = ""
        condition.unlock()
        if !rest.isEmpty { log?.append(rest) }
    }
}

extension LineRead {
    var line: String? {
        if case .line(let text) = self { return text }
        return nil
    }
}
