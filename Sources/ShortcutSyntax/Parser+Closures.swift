/// Closure literals: `{ a, b in … }`, `{ (a: Int) -> Int in … }`, `{ $0 + 1 }`.
extension Parser {
    /// closure = "{" [closureParameters "in"] { statement } "}" ;
    mutating func parseClosure() throws(Abort) -> Expr {
        let open = try expect(.lbrace)
        try enter()
        defer { leave() }
        // `Task { @MainActor in … }`: an attribute before the closure's `in` changes nothing here.
        if case .attribute = current.kind {
            let start = index
            if !skipAttributes() || closureParameterListEnd() == nil { index = start }
        }
        var names: [String] = []
        var ranges: [SourceRange] = []
        var types: [TypeRef?] = []
        var resultType: TypeRef?
        if let end = closureParameterListEnd() {
            while index < end {
                switch current.kind {
                case .identifier(let n):
                    names.append(n); ranges.append(current.range)
                    advance()
                    types.append(match(.colon) ? try parseType() : nil)
                case .punct(.underscore):
                    names.append("_"); ranges.append(current.range)
                    advance()
                    types.append(match(.colon) ? try parseType() : nil)
                case .punct(.arrow):
                    advance()
                    resultType = try parseType()
                default:
                    advance()
                }
            }
            _ = advance()   // `in`
        }
        newlineSignificant.append(true)
        let saved = allowTrailingClosure
        allowTrailingClosure = true
        defer {
            newlineSignificant.removeLast()
            allowTrailingClosure = saved
        }
        let statements = try parseStatements(open: open)
        let closure = ClosureExpr(parameters: names, parameterRanges: ranges, body: Block(statements, range(from: open.range)),
                                  parameterTypes: types, resultType: resultType)
        return Expr(.closure(closure), range(from: open.range))
    }

    /// If a closure parameter list (`a, b in`, `(a: Int) in`, `_ in`) starts here, the index of its `in`.
    func closureParameterListEnd() -> Int? {
        var i = index
        var parens = 0
        while i < tokens.count {
            switch tokens[i].kind {
            case .keyword(.in): return parens == 0 ? i : nil
            case .identifier, .punct(.underscore), .punct(.comma), .punct(.colon), .punct(.question), .punct(.lbracket), .punct(.rbracket), .punct(.arrow):
                break
            case .punct(.lparen): parens += 1
            case .punct(.rparen): parens -= 1
            default: return nil
            }
            i += 1
        }
        return nil
    }
}
