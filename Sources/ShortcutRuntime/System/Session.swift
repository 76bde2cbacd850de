import ShortcutSyntax

/// A live program that grows one input at a time: the engine of the REPL.
///
/// It keeps one resolver and one interpreter, so declarations, globals and
/// stores persist from input to input, and a declaration may be redefined.
public final class Session {
    public let resolver: Resolver
    public let interpreter: Interpreter
    var inputCount = 0

    public enum Outcome {
        /// The input ran; `value` is set when it was a single expression.
        case ran(value: Value?, warnings: [Diagnostic])
        case diagnostics([Diagnostic])
        case failed(ScriptError)
    }

    /// A session whose stores persist through `store` (nil: in memory only).
    public init(host: Host, store: Persistence? = nil, options: Interpreter.Options = Interpreter.Options(), appName: String = "repl") {
        resolver = Resolver(appName: appName)
        resolver.allowsRedefinition = true
        interpreter = Interpreter(program: resolver.program, host: host, store: store, options: options)
    }

    public var files: [SourceFile] { resolver.program.files }
    /// The app the session's declarations belong to (`app "…"`, else the file's name).
    public var appName: String { resolver.program.appName }
    /// Everything declared so far.
    public var program: Program { resolver.program }

    /// Performs an intent or runs a flow by name, as `shortcut run` would.
    public func run(target: String) -> Outcome {
        let interpreter = self.interpreter
        let program = self.program
        guard let found = program.target(named: target) else {
            return .failed(ScriptError.runtime(.noTarget(name: target, known: program.targetNames), at: .none))
        }
        let result: Result<Value, ScriptError> = interpreter.withStack {
            do throws(ScriptError) {
                try interpreter.prepare(for: .target)
                switch found {
                case .intent(let intent): return .success(try interpreter.runIntent(intent))
                case .flow(let flow): return .success(try interpreter.run(flow))
                }
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let v): return .ran(value: v.isNull ? nil : v, warnings: [])
        case .failure(let e): return .failed(e)
        }
    }

    /// Loads a file's declarations (and its top-level variables), as `import` would.
    /// Each file is read and parsed once, numbered as this session's next files, and
    /// resolved into the live program, imports first.
    public func load(path: String, loader: Loader = Loader()) -> Outcome {
        let parsed = loader.parse(path: path, firstFileIndex: resolver.nextFileIndex)
        if let failure = parsed.readFailure {
            return .failed(ScriptError.runtime(.unreadableFile(reason: failure), at: .none))
        }
        for file in parsed.files { resolver.program.registerFile(file) }
        if parsed.hasErrors { return .diagnostics(parsed.diagnostics) }
        var warnings = parsed.diagnostics
        for file in parsed.files { if case .failed(let e) = addStandardTypes(wantedBy: file.bytes) { return .failed(e) } }
        for unit in parsed.units.reversed() {
            let diagnostics = resolver.resolveIncrement(unit, asMain: false)
            if diagnostics.contains(where: \.isError) { return .diagnostics(diagnostics) }
            warnings += diagnostics
            if case .failed(let e) = execute() { return .failed(e) }
        }
        return .ran(value: nil, warnings: warnings)
    }

    /// The static type of the last input, when it was an expression the checker typed.
    public var expressionType: ScriptType? {
        guard resolver.program.isExpressionInput, let t = resolver.program.expressionType, !t.isUnknown else { return nil }
        return t
    }

    /// Parses, checks and runs one input.
    public func evaluate(_ source: String) -> Outcome {
        inputCount += 1
        let file = SourceFile(name: "<repl:\(inputCount)>", text: source)
        let (unit, parseDiagnostics) = Parser.parse(file, fileIndex: resolver.nextFileIndex)
        if parseDiagnostics.contains(where: \.isError) {
            resolver.program.registerFile(file)
            return .diagnostics(parseDiagnostics)
        }
        if case .failed(let e) = addStandardTypes(wantedBy: file.bytes) { return .failed(e) }
        let diagnostics = resolver.resolveIncrement(unit)
        if diagnostics.contains(where: \.isError) { return .diagnostics(parseDiagnostics + diagnostics) }
        switch execute() {
        case .failed(let e): return .failed(e)
        case .ran(let value, _):
            // An expression shows its value, `nil` included; a call of a `Void` function shows nothing.
            var shown = resolver.program.isExpressionInput ? value : nil
            switch resolver.program.expressionType {
            case .void?: shown = nil
            case .any?, nil: if value?.isNull == true { shown = nil }
            default: break
            }
            return .ran(value: shown, warnings: parseDiagnostics + diagnostics)
        case .diagnostics(let d): return .diagnostics(d)
        }
    }

    /// Swift's and Foundation's types written in the language (`Result`, `Measurement`: `StandardTypes`), resolved into the
    /// session the first time an input names them, as a program has them.
    func addStandardTypes(wantedBy bytes: [UInt8]) -> Outcome {
        for prelude in StandardTypes.wanted(by: bytes, inOnePass: true, missing: { resolver.globals[$0] == nil }) {
            let (unit, _) = Parser.parse(SourceFile(name: prelude.fileName, text: prelude.source), fileIndex: resolver.nextFileIndex)
            let diagnostics = resolver.resolveIncrement(unit, asMain: false)
            if diagnostics.contains(where: \.isError) { return .diagnostics(diagnostics) }
            if case .failed(let e) = execute() { return .failed(e) }
        }
        return .ran(value: nil, warnings: [])
    }

    func execute() -> Outcome {
        let interpreter = self.interpreter
        let result: Result<Value, ScriptError> = interpreter.withStack {
            do throws(ScriptError) {
                try interpreter.prepare(for: .topLevel)
                return .success(try interpreter.runTopLevel())
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let v): return .ran(value: v, warnings: [])
        case .failure(let e): return .failed(e)
        }
    }

    /// Whether the input is finished, or should continue on the next line (the parser decides).
    public static func isComplete(_ source: String) -> Bool {
        !Parser.isIncomplete(source)
    }
}

extension Program {
    /// Keeps a file that failed to parse, so its diagnostics can still be drawn.
    func registerFile(_ file: SourceFile) {
        files.append(file)
    }
}
