#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ShortcutRuntime
import ShortcutSyntax
import Testing

/// The store on disk and its transactions (SPEC §8), in process.
@Suite struct StoreTests {
    static let script = packageRoot + "/Tests/Fixtures/counter_store.shortcut"

    func temporaryStorePath() -> String {
        var template = Array((runtimeScratchRoot + "/store-XXXXXX").utf8CString)
        let dir = template.withUnsafeMutableBufferPointer { buffer -> String in
            guard let base = buffer.baseAddress, let made = mkdtemp(base) else { return runtimeScratchRoot + "/store-fallback" }
            return String(cString: made)
        }
        return dir + "/sub/store.json"
    }

    /// Performs one intent of the fixture against a store file, as a fresh process would.
    func perform(_ intent: String, store path: String, answers: [String] = []) -> (value: Value?, error: ScriptError?) {
        guard let program = Loader().load(path: StoreTests.script).program else { return (nil, nil) }
        return perform(intent, in: program, store: path, answers: answers)
    }

    func perform(_ intent: String, in program: Program, store path: String, answers: [String] = []) -> (value: Value?, error: ScriptError?) {
        guard let type = program.intents[intent] else { return (nil, nil) }
        let interpreter = Interpreter(program: program, host: RecordingHost(answers: answers),
                                      store: Persistence(file: StoreFile(path: path), appName: program.appName))
        let result: Result<Value, ScriptError> = interpreter.withStack {
            do throws(ScriptError) {
                try interpreter.prepare(for: .target)
                return .success(try interpreter.runIntent(type))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let v): return (v, nil)
        case .failure(let e): return (nil, e)
        }
    }

    func savedText(_ path: String) -> String? {
        guard case .success(let bytes) = FileSystem.read(path) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func statePersistsAcrossInterpreters() {
        let path = temporaryStorePath()
        #expect(perform("Increment", store: path).value == .int(1))
        #expect(perform("Increment", store: path).value == .int(2))
        #expect(savedText(path) == #"{"format":"shortcut-store","version":1,"app":"Store Tests","stores":{"Counter":{"count":2,"history":[1,2]}}}"#)
    }

    @Test func aThrowARuntimeErrorAndACancelEachRollBack() {
        let path = temporaryStorePath()
        _ = perform("Increment", store: path)
        let before = savedText(path)
        if case .thrown? = perform("Throws", store: path).error?.kind {} else { Issue.record("expected a throw") }
        if case .runtime? = perform("Faults", store: path).error?.kind {} else { Issue.record("expected a runtime error") }
        if case .cancelled? = perform("Confirms", store: path, answers: ["no"]).error?.kind {} else { Issue.record("expected a cancel") }
        #expect(savedText(path) == before)
        #expect(perform("Increment", store: path).value == .int(2))
        #expect(perform("Confirms", store: path, answers: ["yes"]).value == .int(102))
    }

    @Test func rollbackAlsoRestoresMemory() {
        // One interpreter, several performs: a failed one leaves no trace in memory either.
        let loaded = Loader().load(path: StoreTests.script)
        guard let program = loaded.program, let inc = program.intents["Increment"], let bad = program.intents["Throws"] else { return }
        let interpreter = Interpreter(program: program, host: RecordingHost())
        let values: [Value?] = interpreter.withStack {
            var out: [Value?] = []
            do throws(ScriptError) { out.append(try interpreter.runIntent(inc)) } catch { out.append(nil) }
            do throws(ScriptError) { out.append(try interpreter.runIntent(bad)) } catch { out.append(nil) }
            do throws(ScriptError) { out.append(try interpreter.runIntent(inc)) } catch { out.append(nil) }
            return out
        }
        #expect(values == [.int(1), nil, .int(2)])
    }

    @Test func unknownFieldsAreKeptAndNewFieldsGetDefaults() throws {
        let path = temporaryStorePath()
        _ = perform("Increment", store: path)
        try StoreFile(path: path).write(#"{"format":"shortcut-store","version":1,"app":"Store Tests","stores":{"Counter":{"count":5,"legacy":"keep me"},"Other":{"x":1}}}"#)
        #expect(perform("Increment", store: path).value == .int(6))
        #expect(savedText(path) == #"{"format":"shortcut-store","version":1,"app":"Store Tests","stores":{"Counter":{"count":6,"legacy":"keep me","history":[6]},"Other":{"x":1}}}"#)
    }

    @Test func aWrongTypeNamesTheField() throws {
        let path = temporaryStorePath()
        _ = perform("Increment", store: path)
        try StoreFile(path: path).write(#"{"format":"shortcut-store","version":1,"app":"Store Tests","stores":{"Counter":{"count":"three"}}}"#)
        guard case .storeError(let error)? = perform("Increment", store: path).error?.kind else { Issue.record("expected a store error"); return }
        #expect(error == .doesNotFit(store: "Counter", field: "count", path: path, type: "Int", detail: #"count is "three", which does not fit Int"#))
        #expect(error.message.contains("Counter.count") && !error.message.contains("--"), "the runtime names no flag")
    }

    /// A store that failed to load is not kept at its defaults: every later read fails the same way.
    @Test func aStoreThatFailedToLoadKeepsFailing() throws {
        let path = temporaryStorePath()
        _ = perform("Increment", store: path)
        try StoreFile(path: path).write(#"{"format":"shortcut-store","version":1,"app":"Store Tests","stores":{"Counter":{"count":"three"}}}"#)
        let session = Session(host: RecordingHost(), store: Persistence(file: StoreFile(path: path), appName: "Store Tests"), appName: "Store Tests")
        guard case .ran = session.load(path: StoreTests.script) else { Issue.record("the fixture did not load"); return }
        for attempt in 1...2 {
            guard case .failed(let error) = session.evaluate("Counter.shared.count"), case .storeError = error.kind else {
                Issue.record("read \(attempt) should fail with a store error")
                return
            }
        }
    }

    /// A saved record that lacks a required property, or holds one of the wrong type, is a
    /// store error naming the store, field and property; the file stays as it was. A lacking
    /// property with a default gets the default, as a new field does.
    @Test func savedRecordsAreReadWhole() throws {
        let source = """
        app "Reviews"
        struct Review { var stars: Int; var text: String; var likes = 7 }
        store Book { var reviews: [Review] = [] }
        intent Count { @Dependency var book: Book; perform { return .result(value: book.reviews.map { $0.likes }) } }
        """
        let program = try #require(Loader().load(source: source, name: "reviews.shortcut").program)
        for (text, detail) in [(#"[{"stars": 2}]"#, "reviews[0].text is missing, and Review requires it"),
                               (#"[{"stars": 2, "text": "ok"}, {"stars": "two", "text": "x"}]"#, #"reviews[1].stars is "two", which does not fit Int"#)] {
            let path = temporaryStorePath()
            let document = #"{"format":"shortcut-store","version":1,"app":"Reviews","stores":{"Book":{"reviews":"# + text + "}}}"
            try StoreFile(path: path).write(document)
            let r = perform("Count", in: program, store: path)
            guard case .storeError(let error)? = r.error?.kind else { Issue.record("expected a store error for \(text)"); continue }
            #expect(error.message.hasSuffix(detail), "\(error.message)")
            #expect(savedText(path) == document)
        }
        let path = temporaryStorePath()
        try StoreFile(path: path).write(#"{"format":"shortcut-store","version":1,"app":"Reviews","stores":{"Book":{"reviews":[{"stars":2,"text":"a"}]}}}"#)
        #expect(perform("Count", in: program, store: path).value == .array([.int(7)]))
    }

    /// A case with associated values is saved as Swift's Codable writes it, and read back whole or refused.
    @Test func enumCasesWithAssociatedValuesRoundTrip() throws {
        let source = """
        app "Shapes"
        enum Shape { case circle(radius: Double), dot, pair(Int, String) }
        store Board { var shapes: [Shape] = [] }
        intent Add { @Dependency var board: Board; perform { board.shapes += [.circle(radius: 1.5), .dot, .pair(2, "b")] } }
        intent Radii {
            @Dependency var board: Board
            perform { return .result(value: board.shapes.map { s -> Double in if case .circle(let r) = s { return r }; return 0 }) }
        }
        """
        let program = try #require(Loader().load(source: source, name: "shapes.shortcut").program)
        let path = temporaryStorePath()
        _ = perform("Add", in: program, store: path)
        #expect(savedText(path) == #"{"format":"shortcut-store","version":1,"app":"Shapes","stores":{"Board":{"shapes":[{"circle":{"radius":1.5}},"dot",{"pair":{"_0":2,"_1":"b"}}]}}}"#)
        #expect(perform("Radii", in: program, store: path).value == .array([.double(1.5), .double(0), .double(0)]))
        let broken = #"{"format":"shortcut-store","version":1,"app":"Shapes","stores":{"Board":{"shapes":[{"circle":{"r":1}}]}}}"#
        try StoreFile(path: path).write(broken)
        guard case .storeError(let error)? = perform("Radii", in: program, store: path).error?.kind else { Issue.record("expected a store error"); return }
        #expect(error.message.hasSuffix("shapes[0].circle.radius is missing, and Shape.circle requires it"), "\(error.message)")
    }

    @Test func aCorruptFileIsNeverOverwritten() throws {
        let path = temporaryStorePath()
        _ = perform("Increment", store: path)
        for garbage in ["{not json", #"{"format":"other"}"#, #"{"format":"shortcut-store","version":9,"stores":{}}"#, ""] {
            try StoreFile(path: path).write(garbage)
            guard case .storeError(let error)? = perform("Increment", store: path).error?.kind else { Issue.record("expected a store error for \(garbage)"); continue }
            #expect(error.message.contains("move it aside"))
            #expect(savedText(path) == garbage)
        }
    }

    @Test func filesAre0600AndFolders0700() {
        let path = temporaryStorePath()
        _ = perform("Increment", store: path)
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(stat(FileSystem.directory(of: path), &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)
        #expect(stat(path + ".lock", &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
    }

    @Test func aHeldLockTimesOut() throws {
        let path = temporaryStorePath()
        let holder = StoreFile(path: path)
        try holder.lock()
        defer { holder.unlock() }
        let start = Platform_monotonic()
        #expect(throws: StoreFile.Failure.self) { try StoreFile(path: path).lock(timeout: 0.3) }
        #expect(Platform_monotonic() - start >= 0.3)
        #expect(StoreFile.lockTimeoutSeconds == 10)
    }
}

func Platform_monotonic() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
