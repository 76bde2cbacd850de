import ShortcutSyntax

/// `test` blocks (SPEC §5.11): each runs on its own interpreter with fresh,
/// in-memory stores, answers requests from what `answer(…)` queued, and
/// collects the failures of `expect` and `expectError`.

/// How one test went.
public struct TestResult {
    public var name: String
    public var failures: [TestFailure]
    /// An error that ended the test early (a throw, a runtime error, an unanswered request).
    public var error: ScriptError?
    public var passed: Bool { failures.isEmpty && error == nil }
}

/// The host inside a test: answers come from `answer(…)`; a request with none
/// queued fails the test at once (it never waits); snippets met by `run` are
/// dismissed (tests use `open` to tap them).
public final class TestHost: Host {
    var answers: [String] = []
    public private(set) var lines: [String] = []

    public init() {}

    public func print(_ text: String) { lines.append(text) }
    public func dialog(_ text: String) { lines.append("💬 " + text) }
    public func present(_ snippet: Snippet) throws(ScriptError) -> Interaction { .done }

    public func request(_ request: Request, parse: (String) -> Answer) throws(ScriptError) -> Value {
        try Answer.next(from: &answers, for: request, parse: parse,
                        whenNone: "nothing answers \"\(request.prompt)\": queue an answer with answer(…) before the request")
    }
}

/// Runs the `test` blocks of a program.
public enum TestRunner {
    public static func run(_ program: Program, filter: String? = nil, options: Interpreter.Options = Interpreter.Options()) -> [TestResult] {
        program.tests.filter { filter == nil || $0.name.lowercased().contains(filter?.lowercased() ?? "") }.map { test in
            let host = TestHost()
            let harness = TestHarness(host: host)
            let interpreter = Interpreter(program: program, host: host, store: nil, options: options, testing: harness)
            let error: ScriptError? = interpreter.withStack {
                do throws(ScriptError) {
                    try interpreter.prepare()
                    _ = try interpreter.run(test.code)
                    return nil
                } catch {
                    return error
                }
            }
            return TestResult(name: test.name, failures: harness.failures, error: error)
        }
    }
}
