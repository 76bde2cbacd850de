/// The small languages inside expressions and cases: `case` patterns and key paths.
extension Parser {
    /// casePattern = "is" type | simplePattern [ "?" ] [ "as" type ] ;
    /// simplePattern = ( "let" | "var" ) casePattern | "_" | "(" casePattern { "," casePattern } ")"
    ///             | ( "..<" | "..." ) expression | name (after let) | expression ;
    mutating func parseCasePattern(binding: Bool) throws(Abort) -> CasePattern {
        try enter()
        defer { leave() }
        let start = current.range
        if checkWord("is") {
            advance()
            return .isType(try parseType(), range(from: start))
        }
        var pattern = try parseSimpleCasePattern(binding: binding)
        // `let x?`, then `as T`.
        if check(.question), touchesPrevious {
            advance()
            pattern = .some(pattern, range(from: start))
        }
        if checkWord("as"), !current.atLineStart {
            advance()
            pattern = .cast(pattern, try parseType(), range(from: start))
        }
        return pattern
    }

    mutating func parseSimpleCasePattern(binding: Bool) throws(Abort) -> CasePattern {
        let start = current.range
        // `.some(let x)`: Optional's case, as `let x?`.
        if check(.dot), peekToken().kind == .identifier("some"), peekToken(2).kind == .punct(.lparen) {
            advance(); advance()
            let open = advance()
            let inner = try parseCasePattern(binding: binding)
            try expectClose(.rparen, open: open)
            return .some(inner, range(from: start))
        }
        if match(.let) || match(.var) { return try parseCasePattern(binding: true) }
        if let pattern = try parseEnumCasePatternIfPresent(binding: binding) { return pattern }
        if match(.underscore) { return .wildcard(start) }
        if check(.halfOpen) || check(.closed) {
            let closed = check(.closed)
            advance()
            return .partialRange(upper: try parseExpression(), closed: closed, range(from: start))
        }
        if binding, case .identifier(let name) = current.kind {
            advance()
            return .bind(name, start)
        }
        if check(.lparen) {
            // A tuple pattern, unless it is one parenthesised expression.
            let saved = index
            advance()
            var parts: [CasePattern] = []
            repeat {
                parts.append(try parseCasePattern(binding: binding))
            } while match(.comma)
            if match(.rparen) {
                if parts.count > 1 { return .tuple(parts, range(from: start)) }
                if case .value = parts[0] { index = saved } else { return parts[0] }
            } else {
                index = saved
            }
        }
        return .value(try parseExpression())
    }

    /// enumCasePattern = [ typeName ] "." name "(" [ name ":" ] casePattern { "," … } ")" ;
    mutating func parseEnumCasePatternIfPresent(binding: Bool) throws(Abort) -> CasePattern? {
        let start = current.range
        var typeName: String?
        var at = 0
        if case .identifier(let name) = current.kind, name.first?.isUppercase == true, peekToken().kind == .punct(.dot) {
            typeName = name
            at = 1
        }
        guard peekToken(at).kind == .punct(.dot), case .identifier(let caseName) = peekToken(at + 1).kind,
              peekToken(at + 2).kind == .punct(.lparen) else { return nil }
        for _ in 0..<(at + 2) { advance() }
        let arguments = try parseLabelledList { (p: inout Parser) throws(Abort) in try p.parseCasePattern(binding: binding) }
            .map { (label: $0.label, pattern: $0.value) }
        return .enumCase(type: typeName, name: caseName, arguments: arguments, range(from: start))
    }

    /// keyPath = "\" [type name] "." member { "." member } ;   (`\.title`, `\Trail.name`, `\.self`, `\.$name`)
    mutating func parseKeyPath() throws(Abort) -> Expr {
        let token = current
        advance()
        var root: TypeRef?
        if case .identifier(let name) = current.kind, peekToken().kind == .punct(.dot) {
            root = TypeRef(.named(name), advance().range)
        }
        guard check(.dot) else { try fail(expected: "'.' after '\\' in a key path") }
        var path: [String] = []
        while match(.dot) {
            if case .keyword(.self) = current.kind {
                advance()
                path.append("self")
            } else if case .dollarName(let name) = current.kind {
                advance()
                path.append("$" + name)
            } else {
                path.append(try parseMemberName().0)
            }
        }
        return Expr(.keyPath(path, root: root), range(from: token.range))
    }
}
