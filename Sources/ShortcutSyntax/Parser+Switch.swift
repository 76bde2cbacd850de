/// `switch` statements: their cases, patterns and `default`, and what Swift requires of their blocks.
extension Parser {
    /// switch = "switch" expression "{" { ("case" pattern { "," pattern } ["where" expression] | "default") ":" { statement } } "}" ;
    mutating func parseSwitch() throws(Abort) -> Stmt {
        let start = advance().range
        let subject = try withoutTrailingClosures { (p: inout Parser) throws(Abort) in try p.parseExpression() }
        let open = try expect(.lbrace, "'{' after switch subject")
        newlineSignificant.append(true)
        defer { newlineSignificant.removeLast() }
        var cases: [SwitchCase] = []
        var sawDefault = false
        while !check(.rbrace), !atEnd {
            let caseStart = current.range
            if sawDefault { error(.caseAfterDefault, at: caseStart) }
            sawDefault = sawDefault || check(.default) || current.kind == .attribute("unknown")
            var patterns: [CasePattern] = []
            var guardExpr: Expr?
            // `@unknown default:` (for cases a library may add later): a `default` here, where every enum is the program's.
            if case .attribute("unknown") = current.kind, peekToken().kind == .keyword(.default) { advance() }
            if match(.default) {
                _ = try expect(.colon, "':' after 'default'")
            } else if match(.case) {
                repeat {
                    patterns.append(try parseCasePattern(binding: false))
                } while match(.comma)
                if checkWord("where") {
                    advance()
                    guardExpr = try parseExpression()
                }
                _ = try expect(.colon, "':' after case pattern")
            } else {
                try fail(expected: "'case' or 'default'")
            }
            var statements: [Stmt] = []
            try recoveringList(until: [.rbrace, .keyword(.case), .keyword(.default), .attribute("unknown")]) { (p: inout Parser) throws(Abort) in
                statements += try p.parseStatementList()
            }
            if statements.isEmpty { error(.emptyCase, at: caseStart) }
            cases.append(SwitchCase(patterns: patterns, guardExpr: guardExpr, body: Block(statements, range(from: caseStart)), range: range(from: caseStart)))
        }
        try expectClose(.rbrace, open: open)
        return Stmt(.switch(subject, cases), range(from: start))
    }
}
