extension Parser {
    /// expression = binary ["?" expression ":" expression] ;
    mutating func parseExpression() throws(Abort) -> Expr {
        try enter()
        defer { leave() }
        let condition = try parseBinary(minimumPrecedence: 0)
        if check(.question), !touchesPrevious, continuesLine(allowedAtLineStart: true) {
            advance()
            let whenTrue = try parseExpression()
            _ = try expect(.colon, "':' in ternary expression")
            let whenFalse = try parseExpression()
            return Expr(.ternary(condition, whenTrue, whenFalse), condition.range.union(whenFalse.range))
        }
        return condition
    }

    /// Whether the current token may continue the expression on its line.
    func continuesLine(allowedAtLineStart: Bool) -> Bool {
        !current.atLineStart || allowedAtLineStart || newlineSignificant.last == false
    }

    func binaryOperator() -> BinaryOp? {
        guard case .punct(let p) = current.kind else { return nil }
        return BinaryOp(spelling: p.rawValue)
    }

    /// binary = unary { binaryOperator unary } ;   (precedence climbing, SPEC §2)
    mutating func parseBinary(minimumPrecedence: Int) throws(Abort) -> Expr {
        var left = try parseUnary()
        while true {
            // Casts bind tighter than `??` and comparisons, looser than ranges, as in Swift.
            if Parser.castPrecedence >= minimumPrecedence, !current.atLineStart, checkWord("as") || checkWord("is") {
                left = try parseCast(left)
                continue
            }
            if closesPartialRange() {
                advance()
                left = Expr(.partialRange(lower: left, upper: nil, closed: true), range(from: left.range))
                continue
            }
            if case .customOperator(let custom) = current.kind {
                guard let use = try parseInfixUse(of: custom, after: left, minimumPrecedence: minimumPrecedence) else { break }
                left = use
                continue
            }
            if skipIncrementOperator(prefix: false) { continue }
            guard let op = binaryOperator() else { break }
            let allowedAtLineStart = op == .and || op == .or || op == .coalesce
            guard continuesLine(allowedAtLineStart: allowedAtLineStart), op.precedence >= minimumPrecedence else { break }
            // Swift reads an operator spaced on one side only as prefix (`a -3`) or postfix (`a- 3`), never binary.
            let spacedBefore = !touchesPrevious, spacedAfter = peekToken().range.start != current.range.end || peekToken().atLineStart
            if spacedBefore != spacedAfter, !current.atLineStart, !peekIsOperator {
                error(.lopsidedOperator(op.rawValue, prefix: spacedBefore), at: current.range, notes: ["write 'a \(op.rawValue) b' or 'a\(op.rawValue)b'"])
            }
            // `a==-1`: Swift lexes the two as one operator.
            if !spacedAfter, case .punct(let p) = peekToken().kind, [.minus, .plus, .bang, .tilde].contains(p) {
                error(.missingOperatorWhitespace(op.rawValue, p.rawValue), at: current.range.union(peekToken().range))
            } else if !spacedAfter, !peekToken().atLineStart, peekIsOperator, case .punct(let p) = peekToken().kind {
                // `3 +* 4`: the same, with no prefix operator to split off — one undeclared operator to Swift. The
                // first half is passed over, the second read as the operator, so the operand after it is not
                // reported missing too.
                error(.unknownOperator(op.rawValue + p.rawValue), at: current.range.union(peekToken().range))
                advance()
            }
            advance()
            try link()
            let right = try parseBinary(minimumPrecedence: op.isRightAssociative ? op.precedence : op.precedence + 1)
            left = Expr(.binary(op, left, right), left.range.union(right.range))
        }
        return left
    }

    /// unary = ("-" | "+" | "!" | "~") unary | "try" ["?" | "!"] unary | "await" unary | postfix ;
    mutating func parseUnary() throws(Abort) -> Expr {
        _ = skipIncrementOperator(prefix: true)
        let start = current.range
        switch current.kind {
        case .punct(.minus):
            advance()
            try enter()
            defer { leave() }
            let operand = try parseUnary()
            if case .integer(let i) = operand.kind, operand.range.start == start.end { return Expr(.integer(0 &- i), range(from: start)) }
            if case .double(let d) = operand.kind, operand.range.start == start.end { return Expr(.double(-d), range(from: start)) }
            return Expr(.unary(.negate, operand), range(from: start))
        case .punct(.bang):
            advance()
            try enter()
            defer { leave() }
            return Expr(.unary(.not, try parseUnary()), range(from: start))
        case .punct(.ampersand):
            advance()
            try enter()
            defer { leave() }
            return Expr(.inoutArgument(try parseUnary()), range(from: start))
        case .punct(.tilde):
            advance()
            try enter()
            defer { leave() }
            return Expr(.unary(.bitNot, try parseUnary()), range(from: start))
        case .punct(.plus) where peekTouches && !peekIsOperator && !endsOperand(peekToken()):
            // `+x`, touching its operand (a `+` alone is the operator as a function: `reduce(0, +)`).
            advance()
            try enter()
            defer { leave() }
            return Expr(.unary(.plus, try parseUnary()), range(from: start))
        case .customOperator(let custom) where isPrefixUse():
            return try parsePrefixUse(of: custom)
        case .keyword(.try):
            advance()
            try enter()
            defer { leave() }
            var optional = false, forced = false
            if check(.question), touchesPrevious { advance(); optional = true }
            else if check(.bang), touchesPrevious { advance(); forced = true }
            // As in Swift, `try` covers the whole binary expression to its right: `try? a() ?? b()` is `try? (a() ?? b())`.
            let operand = try parseBinary(minimumPrecedence: 0)
            return Expr(.try(operand, optional: optional, forced: forced), range(from: start))
        case .keyword(.await):
            advance()
            try enter()
            defer { leave() }
            return Expr(.await(try parseUnary()), range(from: start))
        case .punct(.halfOpen), .punct(.closed):
            // `..<n`, `...n`: a range up to n.
            let closed = check(.closed)
            advance()
            // `s[...]`: the whole collection (Swift's `UnboundedRange`), a range with neither bound.
            if closed, check(.rbracket) { return Expr(.partialRange(lower: nil, upper: nil, closed: true), range(from: start)) }
            try enter()
            defer { leave() }
            return Expr(.partialRange(lower: nil, upper: try parseUnary(), closed: closed), range(from: start))
        default:
            return try parsePostfix()
        }
    }

    /// postfix = primary { "(" arguments ")" [closure] | closure | "[" arguments "]" | "." name | "?." name | "?" | "!" } ;
    mutating func parsePostfix() throws(Abort) -> Expr {
        var expr = try parsePrimary()
        var hasOptionalBinding = false
        while true {
            switch current.kind {
            case .punct(.lparen) where !current.atLineStart:
                if let labels = compoundNameLabels(after: expr) {
                    for _ in 0..<(labels.count * 2 + 2) { advance() }
                    expr = ClosureExpr.reference(to: expr, labels: labels, range: range(from: expr.range))
                    try link()
                    continue
                }
                let open = advance()
                let args = try parseArguments(close: .rparen, open: open)
                expr = Expr(.call(expr, args), range(from: expr.range))
                if let closure = try parseTrailingClosureIfPresent() {
                    guard case .call(let callee, var callArgs) = expr.kind else { break }
                    callArgs.append(Argument(label: nil, labelRange: nil, value: closure))
                    callArgs += try parseLabelledTrailingClosures()
                    expr = Expr(.call(callee, callArgs), range(from: expr.range))
                }
            case .punct(.lbrace):
                guard let closure = try parseTrailingClosureIfPresent() else { return finish(expr, hasOptionalBinding) }
                let more = try parseLabelledTrailingClosures()
                expr = Expr(.call(expr, [Argument(label: nil, labelRange: nil, value: closure)] + more), range(from: expr.range))
            case .punct(.lbracket) where !current.atLineStart:
                let open = advance()
                let args = try parseArguments(close: .rbracket, open: open)
                expr = Expr(.subscript(expr, args), range(from: expr.range))
            case .customOperator(let custom) where touchesPrevious && (peekToken().range.start != current.range.end || endsOperand(peekToken())):
                expr = parsePostfixUse(of: custom, after: expr)
            case .punct(.dot):
                advance()
                let (name, nameRange) = try parseMemberName()
                expr = Expr(.member(expr, name, nameRange: nameRange), range(from: expr.range))
            case .punct(.optionalDot):
                hasOptionalBinding = true
                expr = try parseOptionalMember(of: expr)
            case .punct(.question) where touchesPrevious && (peekToken().kind == .punct(.lbracket) || peekToken().kind == .punct(.lparen)
                                                                || isAssignOperator(peekToken())):
                // `x?[i]`, `f?(x)`, and `x? += 1` / `x? = v` (the assignment happens only when `x` holds a value).
                advance()
                hasOptionalBinding = true
                expr = Expr(.bindOptional(expr), range(from: expr.range))
            case .punct(.bang) where touchesPrevious:
                advance()
                expr = Expr(.forceUnwrap(expr), range(from: expr.range))
            default:
                return finish(expr, hasOptionalBinding)
            }
            try link()
        }
    }

    /// `a?.name`, `a?` ending at its `?` (what a chain on a value that is not optional is reported at), as `a?[i]`'s does.
    /// Out of `parsePostfix`, whose frame every level of nesting pays for.
    private mutating func parseOptionalMember(of expr: Expr) throws(Abort) -> Expr {
        let question = current.range.prefix(1)
        advance()
        let bound = Expr(.bindOptional(expr), expr.range.union(question))
        let (name, nameRange) = try parseMemberName()
        return Expr(.member(bound, name, nameRange: nameRange), range(from: expr.range))
    }

    private func isAssignOperator(_ token: Token) -> Bool {
        if case .punct(let p) = token.kind { return AssignOp(rawValue: p.rawValue) != nil }
        return false
    }

    private func finish(_ expr: Expr, _ hasOptionalBinding: Bool) -> Expr {
        hasOptionalBinding ? Expr(.optionalChain(expr), expr.range) : expr
    }

    /// A member name after `.`: any word, or a tuple index.
    mutating func parseMemberName() throws(Abort) -> (String, SourceRange) {
        let token = current
        switch token.kind {
        case .identifier(let n): advance(); return (n, token.range)
        case .keyword(let k): advance(); return (k.rawValue, token.range)
        case .integer(let i) where i >= 0: advance(); return (String(i), token.range)
        case .dollarName(let n): advance(); return ("$" + n, token.range)   // a wrapped property's projection (`v.$taps`)
        default: try fail(expected: "a member name after '.'")
        }
    }

    /// arguments = [argument { "," argument }] ;  argument = [word ":"] expression ;
    /// Inside `(` and `[`: line breaks do not end expressions, and trailing closures are allowed again.
    mutating func grouped<T>(_ body: (inout Parser) throws(Abort) -> T) throws(Abort) -> T {
        newlineSignificant.append(false)
        let saved = allowTrailingClosure
        allowTrailingClosure = true
        defer {
            newlineSignificant.removeLast()
            allowTrailingClosure = saved
        }
        return try body(&self)
    }

    mutating func parseArguments(close: Punct, open: Token) throws(Abort) -> [Argument] {
        try grouped { (p: inout Parser) throws(Abort) in try p.parseArgumentList(close: close, open: open) }
    }

    mutating func parseArgumentList(close: Punct, open: Token) throws(Abort) -> [Argument] {
        var args: [Argument] = []
        while !check(close), !atEnd {
            var label: String?
            var labelRange: SourceRange?
            if peekToken().kind == .punct(.colon) {
                switch current.kind {
                case .identifier(let n): label = n; labelRange = current.range
                case .keyword(let k): label = k.rawValue; labelRange = current.range
                case .punct(.underscore): label = "_"; labelRange = current.range
                default: break
                }
                if label != nil { advance(); advance() }
            }
            let value = try parseExpression()
            args.append(Argument(label: label, labelRange: labelRange, value: value))
            if !match(.comma) { break }
        }
        try expectClose(close, open: open)
        return args
    }

    /// primary = literal | name | "$" name | "$" digits | "self" | "." name | "(" expression {"," expression} ")"
    ///         | "[" [elements] "]" | closure | "run" postfix ;
    mutating func parsePrimary() throws(Abort) -> Expr {
        let token = current
        switch token.kind {
        case .integer(let i): advance(); return Expr(.integer(i), token.range)
        case .double(let d): advance(); return Expr(.double(d), token.range)
        case .string(let segments):
            advance()
            return Expr(.string(try parseStringSegments(segments)), token.range)
        case .keyword(.true): advance(); return Expr(.bool(true), token.range)
        // `#available(iOS 26, *)`: everything is available here.
        case .attribute("#available"), .attribute("#unavailable"):
            advance()
            if check(.lparen) { skipBalancedParentheses() }
            return Expr(.bool(token.kind == .attribute("#available")), range(from: token.range))
        case .keyword(.false): advance(); return Expr(.bool(false), token.range)
        case .keyword(.nil): advance(); return Expr(.nil, token.range)
        // `let kind = if n > 0 { "pos" } else { "neg" }`, `= switch n { … }`: an `if` or `switch` as a value (Swift 5.9).
        case .keyword(.if): return ClosureExpr.statementExpression(try parseIf())
        case .keyword(.switch): return ClosureExpr.statementExpression(try parseSwitch())
        case .keyword(.self): advance(); return Expr(.self, token.range)
        case .identifier("run"):
            if case .identifier = peekToken().kind, !peekToken().atLineStart {
                advance()
                let target = try parsePostfix()
                return Expr(.run(target), range(from: token.range))
            }
            advance()
            return Expr(.identifier("run"), token.range)
        case .identifier(let name):
            advance()
            // `Set<Int>()`: a generic type of the standard library, given its arguments, used as a value.
            if ["Set", "Array", "Dictionary", "Optional"].contains(name), check(.less), touchesPrevious {
                index -= 1
                return Expr(.typeValue(try parseType()), range(from: token.range))
            }
            // `Stack<Int>()`, `Tree<Double>.leaf(5)`: a generic type of the program's with its arguments.
            if name.first?.isUppercase == true, check(.less), touchesPrevious, genericArgumentsEnd() != nil {
                index -= 1
                return Expr(.typeValue(try parseType()), range(from: token.range))
            }
            return Expr(.identifier(name), token.range)
        case .dollarName(let name): advance(); return Expr(.dollarName(name), token.range)
        case .dollarIndex(let i): advance(); return Expr(.dollarIndex(i), token.range)
        case .punct(.dot):
            advance()
            let (name, _) = try parseMemberName()
            return Expr(.implicitMember(name), range(from: token.range))
        case .punct(.backslash):
            return try parseKeyPath()
        case .punct(let p) where BinaryOp(spelling: p.rawValue) != nil && (peekToken().kind == .punct(.rparen) || peekToken().kind == .punct(.comma)):
            advance()
            return Expr(.operatorReference(BinaryOp(spelling: p.rawValue) ?? .add), token.range)
        case .customOperator(let op) where closesNext():
            advance()
            return Parser.operatorFunction(op, at: token.range)
        case .punct(.lparen):
            let open = advance()
            var labels: [String?] = []
            let elements = try grouped { (p: inout Parser) throws(Abort) -> [Expr] in
                var elements: [Expr] = []
                while !p.check(.rparen), !p.atEnd {
                    // `(min: 1, max: 5)`: a labelled element.
                    if case .identifier(let label) = p.current.kind, p.peekToken().kind == .punct(.colon) {
                        p.advance(); p.advance()
                        labels.append(label)
                    } else {
                        labels.append(nil)
                    }
                    // `(a, _) = pair`: `_` stands where a tuple assignment drops an element.
                    if p.check(.underscore), [.punct(.comma), .punct(.rparen)].contains(p.peekToken().kind) {
                        elements.append(Expr(.identifier("_"), p.advance().range))
                    } else {
                        elements.append(try p.parseExpression())
                    }
                    if !p.match(.comma) { break }
                }
                try p.expectClose(.rparen, open: open)
                return elements
            }
            if elements.count == 1, labels.allSatisfy({ $0 == nil }) { return Expr(elements[0].kind, range(from: token.range)) }
            if labels.contains(where: { $0 != nil }) { return Expr(.labeledTuple(elements, labels), range(from: token.range)) }
            return Expr(.tuple(elements), range(from: token.range))
        case .punct(.lbracket):
            return try parseCollectionLiteral()
        case .punct(.lbrace):
            return try parseClosure()
        case .invalid:
            advance()
            throw Abort()
        case .keyword(let k) where k == .func || k == .let || k == .var:
            try fail(expected: "an expression")
        default:
            error(.expectedExpression(found: token.described), at: token.range)
            throw Abort()
        }
    }

    /// collection = "[" "]" | "[" ":" "]" | "[" expr {"," expr} [","] "]" | "[" expr ":" expr {"," expr ":" expr} [","] "]" ;
    mutating func parseCollectionLiteral() throws(Abort) -> Expr {
        let open = advance()
        return try grouped { (p: inout Parser) throws(Abort) in try p.parseCollectionElements(open: open) }
    }

    mutating func parseCollectionElements(open: Token) throws(Abort) -> Expr {
        if check(.colon), peekToken().kind == .punct(.rbracket) {
            advance(); advance()
            return Expr(.dictionary([]), range(from: open.range))
        }
        if match(.rbracket) { return Expr(.array([]), range(from: open.range)) }
        var first = try parseExpression()
        // `[Packet?](repeating: nil, count: 6)`: an optional element type, written where an expression stands.
        if case .identifier(let name) = first.kind, check(.question), peekToken().kind == .punct(.rbracket) {
            advance()
            first = Expr(.typeValue(TypeRef(.optional(TypeRef(.named(name), first.range)), range(from: first.range))), range(from: first.range))
        }
        if match(.colon) {
            var pairs: [(key: Expr, value: Expr)] = [(first, try parseExpression())]
            while match(.comma), !check(.rbracket) {
                let key = try parseExpression()
                _ = try expect(.colon, "':' in dictionary literal")
                pairs.append((key, try parseExpression()))
            }
            try expectClose(.rbracket, open: open)
            return Expr(.dictionary(pairs), range(from: open.range))
        }
        var elements = [first]
        while match(.comma), !check(.rbracket) {
            elements.append(try parseExpression())
        }
        try expectClose(.rbracket, open: open)
        return Expr(.array(elements), range(from: open.range))
    }
}
