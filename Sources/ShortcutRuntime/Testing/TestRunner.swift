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

/// Runs the `test` blocks of a program.
public enum TestRunner {
    public static func run(_ program: Program, filter: String? = nil, options: Interpreter.Options = Interpreter.Options()) -> [TestResult] {
        program.tests.filter { filter == nil || $0.name.lowercased().contains(filter?.lowercased() ?? "") }.map { test in
            let host = TestHost()
            let harness = TestHarness(host: host)
            let interpreter = Interpreter(program: program, host: host, store: nil, options: options, testing: harness)
            let error: ScriptError? = interpreter.withStack {
                do throws(ScriptError) {
                    try interpreter.prepare(for: .target)
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
