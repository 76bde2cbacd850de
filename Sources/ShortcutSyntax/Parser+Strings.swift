/// String literals' interpolations (`"a\(b)"`, `"\(x, specifier: "%.1f")"`), each parsed as an expression.
extension Parser {
    /// Parses each interpolation's tokens as an expression.
    mutating func parseStringSegments(_ segments: [StringSegment]) throws(Abort) -> [StringPart] {
        var parts: [StringPart] = []
        for segment in segments {
            switch segment {
            case .text(let t):
                parts.append(.text(t))
            case .interpolation(let tokens, let range):
                var sub = Parser(tokens: tokens, file: file, fileIndex: fileIndex, depth: depth)
                if sub.atEnd {
                    error(.expectedExpression(found: "')'"), at: range)
                    throw Abort()
                }
                let expr: Expr
                do {
                    expr = try sub.parseInterpolation(range: range)
                    if !sub.atEnd { sub.error(.expected("')' to end the interpolation", found: sub.current.described), at: sub.current.range) }
                } catch {
                    diagnostics.append(contentsOf: sub.diagnostics)
                    if sub.abandoned { abandoned = true }
                    throw Abort()
                }
                diagnostics.append(contentsOf: sub.diagnostics)
                parts.append(.interpolation(expr))
            }
        }
        return parts
    }

    /// The name a formatted interpolation (`\(x, specifier: "%.1f")`) is called by: not one a program can write.
    public static let formattedInterpolation = "\\(…)"

    /// interpolation = expr | [label ":"] expr { "," label ":" expr } ;
    /// `\(x, specifier: "%.1f")`, `\(date, style: .date)`, `\(placeholder: .int)` are calls of `formattedInterpolation`.
    mutating func parseInterpolation(range: SourceRange) throws(Abort) -> Expr {
        var args: [Argument] = []
        repeat {
            var label: String?
            var labelRange: SourceRange?
            if case .identifier(let word) = current.kind, peekToken().kind == .punct(.colon) {
                label = word
                labelRange = advance().range
                advance()
            }
            args.append(Argument(label: label, labelRange: labelRange, value: try parseExpression()))
        } while match(.comma)
        if args.count == 1, args[0].label == nil { return args[0].value }
        return Expr(.call(Expr(.identifier(Parser.formattedInterpolation), range), args), range)
    }

    /// A string literal without interpolation (an app's name, a test's): its text.
    mutating func parsePlainString(_ what: String) throws(Abort) -> (String, SourceRange) {
        guard case .string(let segments) = current.kind else { try fail(expected: what) }
        let token = advance()
        var text = ""
        for segment in segments {
            switch segment {
            case .text(let t): text += t
            case .interpolation(_, let range):
                error(.expected(what + " without interpolation", found: "'\\('"), at: range)
            }
        }
        return (text, token.range)
    }
}
