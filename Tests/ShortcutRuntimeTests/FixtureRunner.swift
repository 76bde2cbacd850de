@testable import ShortcutRuntime
import ShortcutSyntax
import Testing

/// Runs a fixture script in process and compares it with the oracle written in it:
///
///     print(1 + 2)   // expect: 3
///     let x = y      // error: cannot find 'y' in scope
///     // expect runtime error: division by zero
///
/// `// expect:` lines give the output in order; `// error:` (and `// warning:`)
/// give a diagnostic that must be reported on that same line, `// error@14:`
/// at that line and column (counted in characters from 1), several on one line each after its `// `; a runtime error
/// must match its message and, when the comment stands on a code line, its line.
struct Fixture {
    let path: String
    let source: String

    struct Expectations {
        var output: [String] = []
        var diagnostics: [(line: Int, column: Int?, severity: String, message: String)] = []
        var runtimeError: (line: Int?, message: String)?
    }

    var expectations: Expectations {
        var e = Expectations()
        for (i, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = i + 1
            guard let marker = firstIndex(of: "// ", in: line) else { continue }
            let comment = line[line.index(marker, offsetBy: 3)...]
            let isCodeLine = !line[..<marker].allSatisfy { $0 == " " }
            if comment.hasPrefix("expect: ") {
                e.output.append(String(comment.dropFirst("expect: ".count)))
            } else if comment == "expect:" {
                e.output.append("")
            } else if comment.hasPrefix("expect runtime error: ") {
                e.runtimeError = (isCodeLine ? number : nil, String(comment.dropFirst("expect runtime error: ".count)))
            } else {
                // Two diagnostics at one place: `// error@8: … // error@8: …`.
                let parts = String(comment).split(separator: " // ", omittingEmptySubsequences: true)
                for part in parts { for severity in ["error", "warning"] where part.hasPrefix(severity) {
                    var rest = part.dropFirst(severity.count)
                    var column: Int?
                    if rest.first == "@" {
                        let digits = rest.dropFirst().prefix { $0.isNumber }
                        column = Int(digits)
                        rest = rest.dropFirst(1 + digits.count)
                    }
                    guard rest.hasPrefix(": ") else { continue }
                    e.diagnostics.append((number, column, severity, String(rest.dropFirst(2))))
                } }
            }
        }
        return e
    }

    struct Outcome {
        var output: [String] = []
        var diagnostics: [Diagnostic] = []
        var files: [SourceFile] = []
        var error: ScriptError?
    }

    static func run(path: String, options: Interpreter.Options = Interpreter.Options()) -> Outcome {
        var outcome = Outcome()
        let loaded = Loader.asserting.load(path: path)
        outcome.diagnostics = loaded.diagnostics
        outcome.files = loaded.files
        guard let program = loaded.program else { return outcome }
        let (lines, error) = runProgram(program, options: options)
        outcome.error = error
        // A printed value may hold line breaks; the oracle is line by line.
        outcome.output = lines.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        return outcome
    }

    /// Checks the outcome against the oracle; records issues with Swift Testing.
    func check(sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let expected = expectations
        let outcome = Fixture.run(path: path)
        let renderer = DiagnosticRenderer(files: outcome.files)
        // Diagnostics: each expected one on its line, and no unexpected errors.
        var unmatched = outcome.diagnostics.filter { Int($0.range.file) == 0 }
        for want in expected.diagnostics {
            if let i = unmatched.firstIndex(where: { d in
                d.severity.rawValue == want.severity && d.message.text.contains(want.message)
                    && renderer.position(d.range)?.location.line == want.line
                    && (want.column == nil || renderer.position(d.range)?.location.column == want.column)
            }) {
                unmatched.remove(at: i)
            } else {
                Issue.record("\(path):\(want.line)\(want.column.map { ":\($0)" } ?? ""): expected \(want.severity) '\(want.message)'; got:\n\(renderer.render(outcome.diagnostics))",
                             sourceLocation: sourceLocation)
            }
        }
        for d in unmatched where d.isError || !expected.diagnostics.isEmpty {
            Issue.record("\(path): unexpected diagnostic:\n\(renderer.render(d))", sourceLocation: sourceLocation)
        }
        if !expected.diagnostics.isEmpty { return }
        #expect(outcome.output == expected.output, "\(path): output differs", sourceLocation: sourceLocation)
        switch (expected.runtimeError, outcome.error) {
        case (nil, nil): break
        case (nil, let error?):
            Issue.record("\(path): unexpected runtime error: \(error.message)", sourceLocation: sourceLocation)
        case (let want?, nil):
            Issue.record("\(path): expected runtime error '\(want.message)', but the run succeeded", sourceLocation: sourceLocation)
        case (let want?, let error?):
            #expect(error.message.contains(want.message), "\(path): runtime error was '\(error.message)'", sourceLocation: sourceLocation)
            if let line = want.line {
                #expect(renderer.position(error.range)?.location.line == line, "\(path): runtime error at the wrong line", sourceLocation: sourceLocation)
            }
        }
    }
}

/// The package's root folder, found from this file's path.
let packageRoot: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/")
}()

/// The `.shortcut` files in a folder of the package, sorted.
func shortcutFiles(in folder: String) -> [String] {
    let directory = packageRoot + "/" + folder
    guard let entries = try? listDirectory(directory) else { return [] }
    return entries.filter { $0.hasSuffix(".shortcut") }.sorted().map { directory + "/" + $0 }
}

/// Where `needle` starts in `text` (no Foundation in the tests either).
func firstIndex(of needle: String, in text: Substring) -> Substring.Index? {
    var i = text.startIndex
    while i < text.endIndex {
        if text[i...].hasPrefix(needle) { return i }
        i = text.index(after: i)
    }
    return nil
}

extension Loader {
    /// A loader whose programs assert the types the checker proved (`CodeOptions.assertsTypes`): the fixtures run so.
    static var asserting: Loader {
        var loader = Loader()
        loader.assertsTypes = true
        return loader
    }
}

/// Runs a program's top level on its own interpreter; returns what it printed and how it failed. `inspect` sees the
/// interpreter after the run (its globals, its value stack).
func runProgram(_ program: Program, options: Interpreter.Options,
                inspecting inspect: (Interpreter) -> Void = { _ in }) -> (lines: [String], error: ScriptError?) {
    let host = RecordingHost()
    var options = options
    options.assertsTypes = true   // a value that is not the type the checker proved is a checker bug
    let interpreter = Interpreter(program: program, host: host, options: options)
    let error: ScriptError? = interpreter.withStack {
        do throws(ScriptError) {
            try interpreter.prepare(for: .topLevel)
            try interpreter.runTopLevel()
            return nil
        } catch {
            return error
        }
    }
    // Every frame left let go of what its registers held, on a return and on an error alike.
    #expect(interpreter.referencesLeftOnStack == 0, "references left on the value stack")
    inspect(interpreter)
    return (host.lines, error)
}

/// Performs one intent of a fixture file, a recording host answering from `answers`
/// and `parameters` given as `--param` would give them.
func performIntent(_ intent: String, in path: String, answers: [String], parameters: [String: String] = [:]) -> (host: RecordingHost, value: Value?, error: ScriptError?) {
    let loaded = Loader.asserting.load(path: path)
    guard let program = loaded.program, let type = program.intents[intent] else {
        Issue.record("\(path) does not load: \(loaded.diagnostics.map(\.message.text))")
        return (RecordingHost(), nil, nil)
    }
    let host = RecordingHost(answers: answers)
    let interpreter = Interpreter(program: program, host: host)
    let result: Result<Value, ScriptError> = interpreter.withStack {
        do throws(ScriptError) {
            try interpreter.prepare(for: .target)
            var arguments = [Value](repeating: .null, count: type.parameters.count)
            for (name, text) in parameters {
                guard case .success(let (i, v)) = interpreter.parameterValue(type, name: name, text: text) else {
                    return .failure(ScriptError.runtime(.badArgument(function: "parameter \(name)", needs: "a value that fits, not \(text)"), at: .none))
                }
                arguments[i] = v
            }
            return .success(try interpreter.runIntent(type, arguments: arguments))
        } catch {
            return .failure(error)
        }
    }
    switch result {
    case .success(let v): return (host, v, nil)
    case .failure(let e): return (host, nil, e)
    }
}
