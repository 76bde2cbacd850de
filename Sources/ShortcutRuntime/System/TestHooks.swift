import ShortcutSyntax

/// What `test` blocks add to the language (`answer`, `open`, `expect`,
/// `expectError`), supplied by whoever makes an interpreter to run tests
/// (`TestRunner`, in the Testing room). Outside a test there are none, and
/// calling one is an error: the core knows this door, not the room behind it.
protocol TestHooks: AnyObject {
    /// `answer(…)`: queues each argument as the text a person would type.
    func answer(_ values: Arguments, in interpreter: Interpreter, site: SourceRange) throws(ScriptError)
    /// `open(X())`: performs X and returns the session of the snippet it presents.
    func open(_ target: Value, in interpreter: Interpreter, site: SourceRange) throws(ScriptError) -> Value
    /// `expect(cond, "message")` with its condition evaluated.
    func expect(_ holds: Bool, message: String?, site: SourceRange)
    /// `expect(lhs op rhs, "message")`: both sides are shown when it fails.
    func expect(_ info: ExpectInfo, _ lhs: Value, _ rhs: Value, message: String?, in interpreter: Interpreter, site: SourceRange) throws(ScriptError)
    /// `expectError { … }`: the closure must end in an error.
    func expectError(_ body: Value, in interpreter: Interpreter, site: SourceRange) throws(ScriptError)
}

/// What `expect(a op b)` shows of its comparison when it fails.
struct ExpectInfo {
    var op: BinaryOp
    var lhsText: String
    var rhsText: String
}
