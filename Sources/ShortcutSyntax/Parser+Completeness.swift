extension Parser {
    /// Whether `source` stops in the middle of an input, so a REPL should read
    /// another line before running it. The parser decides: the input is
    /// incomplete when an error falls at its very end (an expression, a
    /// bracket or a block that the end of input cut short: `x %=`, `f(`,
    /// `if ok {`), or when a block comment or a `"""` string is still open.
    /// Any other error is complete input to report.
    public static func isIncomplete(_ source: String) -> Bool {
        let file = SourceFile(name: "<input>", text: source)
        var lexer = Lexer(file: file, fileIndex: 0)
        let tokens = lexer.tokenize()
        if lexer.diagnostics.contains(where: { $0.message == .unterminatedComment }) { return true }
        if lexer.diagnostics.contains(where: { $0.message == .unterminatedString }) {
            // A one-line string left open is an error to report, not more input to wait for.
            return source.contains("\"\"\"")
        }
        let end = tokens.last?.range.start ?? 0
        let (_, diagnostics) = Parser.parse(file, fileIndex: 0)
        return diagnostics.contains { $0.isError && $0.range.start >= end }
    }
}
