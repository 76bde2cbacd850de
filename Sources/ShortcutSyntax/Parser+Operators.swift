/// Casts (`as`, `as?`, `as!`, `is`), and uses of the operators a file declares (`CustomOperators`): each a call of the
/// operator's function, named as its declaration names it (`**`, `prefix√`, `postfix%%`). Which use it is, Swift reads
/// off the spaces around it, as it reads a postfix `...` (the look at the tokens after an operator, at the end).
extension Parser {
    static let castPrecedence = 45

    /// cast = expression ( "as" | "as?" | "as!" | "is" ) type ;
    mutating func parseCast(_ left: Expr) throws(Abort) -> Expr {
        let isTest = checkWord("is")
        advance()
        var kind: CastKind = isTest ? .test : .plain
        if !isTest, touchesPrevious {
            if match(.question) { kind = .optional } else if match(.bang) { kind = .forced }
        }
        let type = try parseType()
        return Expr(.cast(left, type, kind), left.range.union(type.range))
    }

    /// `2 ** 10`: infix when spaced alike on both sides, bound by its group's precedence; nil where it does not
    /// continue this expression.
    mutating func parseInfixUse(of custom: CustomOperator, after left: Expr, minimumPrecedence: Int) throws(Abort) -> Expr? {
        let spacedBefore = !touchesPrevious, spacedAfter = peekToken().range.start != current.range.end || peekToken().atLineStart
        guard spacedBefore == spacedAfter, continuesLine(allowedAtLineStart: false), custom.precedence >= minimumPrecedence else { return nil }
        let name = Expr(.identifier(custom.spelling), advance().range)
        try link()
        let right = try parseBinary(minimumPrecedence: custom.isRightAssociative ? custom.precedence : custom.precedence + 1)
        return Expr(.call(name, [Argument(label: nil, labelRange: nil, value: left), Argument(label: nil, labelRange: nil, value: right)]),
                    left.range.union(right.range))
    }

    /// `√x`: a prefix use, touching its operand.
    mutating func parsePrefixUse(of custom: CustomOperator) throws(Abort) -> Expr {
        let start = current.range
        let name = Expr(.identifier("prefix" + custom.spelling), advance().range)
        try enter()
        defer { leave() }
        return Expr(.call(name, [Argument(label: nil, labelRange: nil, value: try parseUnary())]), range(from: start))
    }

    /// `n%%`: a postfix use, touching its operand and spaced from what follows.
    mutating func parsePostfixUse(of custom: CustomOperator, after operand: Expr) -> Expr {
        let name = Expr(.identifier("postfix" + custom.spelling), advance().range)
        return Expr(.call(name, [Argument(label: nil, labelRange: nil, value: operand)]), range(from: operand.range))
    }
}

extension Parser {
    /// `reduce(.empty, <>)`: a declared infix operator as a function, `{ $0 <> $1 }`. Out of line: what it makes would
    /// widen the frame of the recursive descent, which nesting deepens (`ParserLimits.maximumNestingDepth`).
    @inline(never)
    static func operatorFunction(_ op: CustomOperator, at r: SourceRange) -> Expr {
        let operands = [0, 1].map { Argument(label: nil, labelRange: nil, value: Expr(.dollarIndex($0), r)) }
        let body = Block([Stmt(.expression(Expr(.call(Expr(.identifier(op.spelling), r), operands), r)), r)], r)
        return Expr(.closure(ClosureExpr(parameters: [], parameterRanges: [], body: body)), r)
    }

    /// Whether `token` ends an argument (`)` or `,`): an operator alone before it is the operator's function (`reduce(0, <>)`).
    func closesArgument(_ token: Token) -> Bool {
        token.kind == .punct(.rparen) || token.kind == .punct(.comma)
    }

    @inline(never)
    func closesNext() -> Bool { closesArgument(peekToken()) }

    /// At a declared operator: whether it is a prefix one's use (`~~x`: it touches its operand), not the operator's function.
    /// Out of line, to keep the frame of the recursive descent as it was.
    @inline(never)
    func isPrefixUse() -> Bool {
        let next = peekToken()
        return next.range.start == current.range.end && !closesArgument(next)
    }

    /// The current token is a `...` bound on its left only, Swift's postfix operator (`90...`, a range from 90 on): before
    /// `]`, `)`, `,`, `:` or the line's end, before a `{` after a space (`for i in 0... {`), or before a binary operator
    /// after a space (`8... ~= x`; `1... - 2` is no `1...(-2)`). A function of its own: its tokens are not held in the
    /// frame of `parseBinary`, which recurses once a nesting level (`ParserLimits.maximumNestingDepth`).
    @inline(never)
    func closesPartialRange() -> Bool {
        guard check(.closed), touchesPrevious else { return false }
        let next = peekToken()
        return endsOperand(next) || opensBlockApart(next) || peekIsOperator && !peekTouches
    }

    /// The token after the current one starts where the current one ends.
    var peekTouches: Bool { peekToken().range.start == current.range.end && !peekToken().atLineStart }

    /// The token after the current one is a binary operator (`3 +* 4`).
    var peekIsOperator: Bool {
        if case .punct(let p) = peekToken().kind { return BinaryOp(spelling: p.rawValue) != nil }
        return false
    }

    /// A `{` with a space before it, after the current token.
    func opensBlockApart(_ token: Token) -> Bool {
        token.kind == .punct(.lbrace) && token.range.start != current.range.end
    }

    /// Whether `token` cannot begin an operand, so an operator before it is postfix.
    func endsOperand(_ token: Token) -> Bool {
        if token.atLineStart { return true }
        switch token.kind {
        case .punct(.rbracket), .punct(.rparen), .punct(.comma), .punct(.colon), .punct(.semicolon), .punct(.rbrace), .eof: return true
        default: return false
        }
    }

    /// `n++`, `--n`: Swift's removed increment and decrement, reported as swiftc does (with `+= 1`) and passed over, so
    /// the operand reads on (`prefix`: before it, else after it, touching). True when both halves were passed over;
    /// between two operands (`1++2`) only the first is, and the second is read as the binary operator.
    @inline(never)
    mutating func skipIncrementOperator(prefix: Bool) -> Bool {
        guard case .punct(let p) = current.kind, p == .plus || p == .minus, peekToken().kind == current.kind, peekTouches,
              prefix || touchesPrevious else { return false }
        // Prefix: touching its operand.
        let after = peekToken(2), touching = after.range.start == peekToken().range.end && !after.atLineStart
        if prefix, !touching { return false }
        error(.incrementOperator(p.rawValue + p.rawValue), at: current.range.union(peekToken().range))
        advance()
        if !prefix, touching, { if case .punct = after.kind { false } else { true } }() { return false }
        advance()
        return true
    }
}
