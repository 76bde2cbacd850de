/// Statements: declarations, bindings, control flow and expression statements.
extension Parser {
    // MARK: Statements

    /// statement = declaration | varDecl | if | guard | for | while | repeat | switch
    ///           | return | break | continue | throw | do | show | assignment | expression ;
    /// A statement and, after `var a = 1, b = 2`, the bindings that follow the first.
    mutating func parseStatementList() throws(Abort) -> [Stmt] {
        let first = try parseStatement()
        defer { laterBindings = [] }
        return [first] + laterBindings
    }

    /// The label after `break` or `continue` on the same line (`break outer`).
    mutating func statementLabel() -> Label? {
        guard case .identifier(let name) = current.kind, !current.atLineStart else { return nil }
        return Label(name: name, range: advance().range)
    }

    /// A label may stand before these (`outer: for`, `outer: while`, `outer: repeat`, `outer: switch`).
    static func labelsStatement(_ kind: TokenKind) -> Bool {
        switch kind {
        case .keyword(.for), .keyword(.while), .keyword(.repeat), .keyword(.switch): return true
        default: return false
        }
    }

    mutating func parseStatement() throws(Abort) -> Stmt {
        try enter()
        defer { leave() }
        // A statement's links count on top of its enclosing statements', not its siblings'.
        let enclosingLinks = links
        defer { links = enclosingLinks }
        asyncLet = false
        while skipAttributes() || skipModifierWords() {}
        let start = current.range
        // `#Preview { … }`: Xcode's canvas, parsed and not run (SPEC §13).
        if case .attribute("#Preview") = current.kind {
            advance()
            if check(.lparen), touchesPrevious { skipBalancedParentheses() }
            _ = try parseBlock()
            return Stmt(.block(Block([], range(from: start))), range(from: start))
        }
        if let decl = try parseDeclarationIfPresent() {
            return Stmt(.declaration(decl), decl.range)
        }
        skipLazyOutsideType()
        switch current.kind {
        case .keyword(.let), .keyword(.var):
            var decls = try parseVarDecls()
            if asyncLet {
                // The call is made here, as `try await`; a throwing call's error is kept until a read (`try await a`),
                // where Swift's surfaces (`VarDecl.isAsyncLet`). A `try` over a call that cannot throw says nothing.
                for i in decls.indices {
                    if decls[i].initializer == nil { error(.asyncLet(.noInitializer), at: decls[i].nameRange) }
                    decls[i].initializer = decls[i].initializer.map { Expr(.try(Expr(.await($0), $0.range), optional: false, forced: false), $0.range) }
                    decls[i].isAsyncLet = true
                }
            }
            let range = range(from: start)
            // The second and later bindings follow as statements of their own (`parseStatementList`).
            laterBindings = decls.dropFirst().map { Stmt(.variable($0), range) }
            return Stmt(.variable(decls[0]), range)
        case .keyword(.if):
            return try parseIf()
        case .keyword(.guard):
            advance()
            let conditions = try parseConditions()
            guard match(.else) else { try fail(expected: "'else' after guard condition") }
            let body = try parseBlock()
            return Stmt(.guard(conditions, body), range(from: start))
        case .keyword(.for):
            advance()
            if check(.case) { return try parseForCase(start: start) }
            // `for await v in group`, `for try await …`: a task group's results, all there already (SPEC §13).
            if check(.try), peekToken().kind == .keyword(.await) { advance() }
            if check(.await) { advance() }
            let pattern = try parsePattern()
            guard match(.in) else { try fail(expected: "'in' after for-loop pattern") }
            let sequence = try withoutTrailingClosures { (p: inout Parser) throws(Abort) in try p.parseExpression() }
            var whereClause: Expr?
            if checkWord("where") {
                advance()
                whereClause = try withoutTrailingClosures { (p: inout Parser) throws(Abort) in try p.parseExpression() }
            }
            let body = try parseBlock()
            return Stmt(.forIn(pattern, sequence, where: whereClause, body), range(from: start))
        case .keyword(.while):
            advance()
            let conditions = try parseConditions()
            let body = try parseBlock()
            return Stmt(.while(conditions, body), range(from: start))
        case .keyword(.repeat):
            advance()
            let body = try parseBlock()
            guard match(.while) else { try fail(expected: "'while' after repeat body") }
            let condition = try parseExpression()
            return Stmt(.repeat(body, condition), range(from: start))
        case .keyword(.switch):
            return try parseSwitch()
        case .keyword(.return):
            advance()
            var value: Expr?
            if !current.atLineStart, !check(.rbrace), !check(.semicolon), !atEnd {
                value = try parseExpression()
            }
            return Stmt(.return(value), range(from: start))
        case .keyword(.break):
            advance()
            return Stmt(.break(statementLabel()), range(from: start))
        case .keyword(.continue):
            advance()
            return Stmt(.continue(statementLabel()), range(from: start))
        case .identifier("fallthrough") where Self.endsStatement(peekToken()):
            advance()
            return Stmt(.fallthrough, range(from: start))
        case .identifier(let name) where peekToken().kind == .punct(.colon) && Self.labelsStatement(peekToken(2).kind):
            // `outer: for …`: a label on a loop or a switch.
            let label = Label(name: name, range: advance().range)
            advance()
            return Stmt(.labeled(label, try parseStatement()), range(from: start))
        case .keyword(.throw):
            advance()
            return Stmt(.throw(try parseExpression()), range(from: start))
        case .keyword(.do):
            advance()
            // `do throws(BankError) { … }`: its catches take that type (kept on each of them).
            var caughtType: TypeRef?
            if checkWord("throws") {
                advance()
                caughtType = try parseThrownTypeIfPresent()
            }
            let body = try parseBlock()
            var catches: [CatchClause] = []
            while check(.catch) {
                let clauseStart = advance().range
                var name: String?
                var type: TypeRef?
                var patterns: [CasePattern] = []
                // `catch let e`, `catch let e as E`; `catch let E.code(c)` is a pattern, below.
                if (check(.let) || check(.var)), case .identifier = peekToken().kind, peekToken(2).kind != .punct(.lparen),
                   peekToken(2).kind != .punct(.dot) {
                    advance()
                    name = try expectIdentifier().0
                    if checkWord("as") {
                        advance()
                        type = try parseType()
                    }
                } else if !check(.lbrace) {
                    // `catch A.x, A.y`: one pattern or several, as a `case` has.
                    repeat {
                        if !patterns.isEmpty { advance() }
                        patterns.append(try withoutTrailingClosures { (p: inout Parser) throws(Abort) in try p.parseCasePattern(binding: false) })
                    } while check(.comma)
                }
                var whereClause: Expr?
                if checkWord("where") {
                    advance()
                    whereClause = try withoutTrailingClosures { (p: inout Parser) throws(Abort) in try p.parseExpression() }
                }
                catches.append(CatchClause(name: name, type: type, patterns: patterns, whereClause: whereClause, body: try parseBlock(),
                                           range: range(from: clauseStart), caughtType: caughtType))
            }
            return Stmt(.do(body, catches: catches), range(from: start))
        case .identifier("defer") where peekToken().kind == .punct(.lbrace):
            advance()
            return Stmt(.defer(try parseBlock()), range(from: start))
        case .identifier("show") where startsShowStatement():
            advance()
            return Stmt(.show(try parseExpression()), range(from: start))
        case .punct(.underscore) where peekToken().kind == .punct(.assign):
            // `_ = expr` evaluates and discards.
            advance(); advance()
            return Stmt(.expression(try parseExpression()), range(from: start))
        case .punct(.lbrace):
            // A bare `{` at statement level is a closure expression (as in Swift), evaluated for its value.
            break
        case .keyword(.else):
            error(.expected("a statement", found: "'else'"), at: current.range, notes: ["'else' must follow the '}' of an 'if' on the same line"])
            throw Abort()
        default:
            break
        }
        let expr = try parseExpression()
        if case .punct(let p) = current.kind, let op = AssignOp(rawValue: p.rawValue) {
            advance()
            // `(a, b) = (b, a)`: a tuple of places takes a tuple's elements (only with `=`).
            guard Parser.isAssignable(expr) || op == .assign && Parser.isTupleOfPlaces(expr) else {
                error(.invalidAssignmentTarget, at: expr.range)
                throw Abort()
            }
            let value = try parseExpression()
            if case .punct(let p2) = current.kind, AssignOp(rawValue: p2.rawValue) != nil {
                error(.assignmentInExpression, at: current.range)
                throw Abort()
            }
            return Stmt(.assign(expr, op, value), range(from: start))
        }
        return Stmt(.expression(expr), range(from: start))
    }

    /// `show` starts a statement when an expression follows on the same line.
    func startsShowStatement() -> Bool {
        let next = peekToken()
        if next.atLineStart || next.kind == .eof { return false }
        switch next.kind {
        case .punct(let p):
            return [.lbracket, .minus, .bang].contains(p) || (p == .lparen && next.range.start != current.range.end) || p == .dot && next.range.start != current.range.end
        default:
            return true
        }
    }

    /// A token after which a statement has ended: a line break before it, `;`, `}` or the end.
    static func endsStatement(_ token: Token) -> Bool {
        token.atLineStart || token.kind == .eof || token.kind == .punct(.semicolon) || token.kind == .punct(.rbrace)
    }

    static func isAssignable(_ expr: Expr) -> Bool {
        switch expr.kind {
        // `$0 += $1` in `reduce(into:)`'s closure: whether `$0` may change is the checker's to say.
        case .identifier, .self, .dollarIndex: return true
        case .member(let base, _, _), .subscript(let base, _): return isAssignable(base) || isChainRoot(base)
        case .forceUnwrap(let base): return isAssignable(base)
        case .optionalChain(let inner): return isAssignable(inner)
        case .bindOptional(let base): return isAssignable(base)
        default: return false
        }
    }

    /// `(a, b)`, `(xs[i], _)`, `((a, b), c)`: places (or `_`) in a tuple, what a tuple assignment assigns to.
    static func isTupleOfPlaces(_ expr: Expr) -> Bool {
        guard case .tuple(let elements) = expr.kind else { return false }
        return elements.allSatisfy { element in
            if case .identifier("_") = element.kind { return true }
            return isAssignable(element) || isTupleOfPlaces(element)
        }
    }

    /// `Store.shared.x = 1`: member chains rooted in a call or type are assignable (reference types).
    static func isChainRoot(_ expr: Expr) -> Bool {
        switch expr.kind {
        case .call, .member, .implicitMember: return true
        default: return false
        }
    }

    mutating func withoutTrailingClosures<T>(_ body: (inout Parser) throws(Abort) -> T) throws(Abort) -> T {
        let saved = allowTrailingClosure
        allowTrailingClosure = false
        defer { allowTrailingClosure = saved }
        return try body(&self)
    }

    /// varDecl = ("let" | "var") binding { "," binding } ;
    /// binding = pattern [":" type] ["=" expression | block] ;
    /// `var lo = 0, hi = 9` declares two variables; in `var x, y: Int` the type is each one's.
    mutating func parseVarDecls() throws(Abort) -> [VarDecl] {
        let isConstant = check(.let)
        // `weak var`, `unowned let`: among the modifiers just before.
        var i = index - 1, ownership: String?
        while i >= 0, case .identifier(let word) = tokens[i].kind, Parser.ignoredModifiers.contains(word) {
            if word == "weak" || word == "unowned" { ownership = word }
            i -= 1
        }
        let wrapper = try wrapperUse(before: index)
        advance()
        var decls: [VarDecl] = []
        repeat {
            let nameRange = current.range
            let pattern = try parsePattern()
            var type: TypeRef?
            if match(.colon) { type = try parseType() }
            var initializer: Expr?
            var getter: Block?
            var setter: ValueBlock?
            if match(.assign) {
                initializer = try parseExpression()
            } else if check(.lbrace), !current.atLineStart, type != nil, !startsObservers() {
                if isConstant { error(.letComputedProperty, at: current.range) }
                (getter, setter) = try parseAccessors()
            }
            var decl = VarDecl(isConstant: isConstant, pattern: pattern, type: type, initializer: initializer, getter: getter, nameRange: nameRange)
            decl.setter = setter
            decl.ownership = ownership
            decl.wrapper = decls.isEmpty ? wrapper : nil
            if startsObservers(), !current.atLineStart { (decl.willSet, decl.didSet) = try parseObservers() }
            decls.append(decl)
        } while decls.last?.getter == nil && match(.comma)
        for i in decls.indices.dropLast().reversed() where decls[i].type == nil && decls[i].initializer == nil {
            decls[i].type = decls[i + 1].type
        }
        return decls
    }

    /// pattern = name | "_" | "(" pattern { "," pattern } ")" ;
    mutating func parsePattern() throws(Abort) -> Pattern {
        if match(.underscore) { return .wildcard }
        if check(.lparen) {
            let open = advance()
            var parts: [Pattern] = []
            while !check(.rparen), !atEnd {
                if match(.let) || match(.var) {}
                parts.append(try parsePattern())
                if !match(.comma) { break }
            }
            try expectClose(.rparen, open: open)
            return .tuple(parts)
        }
        let (name, range) = try expectIdentifier()
        return .name(name, range)
    }

    /// if = "if" conditions block ["else" (if | block)] ;
    mutating func parseIf() throws(Abort) -> Stmt {
        let start = advance().range
        let conditions = try parseConditions()
        let body = try parseBlock()
        var elseBranch: Stmt?
        if check(.else) {
            advance()
            if check(.if) {
                try link()
                elseBranch = try parseIf()
            } else {
                let block = try parseBlock()
                elseBranch = Stmt(.block(block), block.range)
            }
        }
        return Stmt(.if(conditions, body, else: elseBranch), range(from: start))
    }

    /// `for case let x? in xs where c { … }`: the loop over every element, its body run for those that match, as
    /// `for e in xs { if case let x? = e, c { … } }` (the element's name is not one a program can write).
    mutating func parseForCase(start: SourceRange) throws(Abort) -> Stmt {
        advance()
        let pattern = try parseCasePattern(binding: false)
        guard match(.in) else { try fail(expected: "'in' after for-loop pattern") }
        let sequence = try withoutTrailingClosures { (p: inout Parser) throws(Abort) in try p.parseExpression() }
        var conditions: [Condition] = []
        let element = "(for case)"   // an inner loop's shadows it, in its own scope
        conditions.append(.pattern(pattern, Expr(.identifier(element), sequence.range)))
        if checkWord("where") {
            advance()
            conditions.append(.expression(try withoutTrailingClosures { (p: inout Parser) throws(Abort) in try p.parseExpression() }))
        }
        let body = try parseBlock()
        let filtered = Stmt(.if(conditions, body, else: nil), body.range)
        return Stmt(.forIn(.name(element, sequence.range), sequence, where: nil, Block([filtered], body.range)), range(from: start))
    }

    /// conditions = condition { "," condition } ;  condition = ("let" | "var") name ["=" expression] | expression ;
    mutating func parseConditions() throws(Abort) -> [Condition] {
        try withoutTrailingClosures { (p: inout Parser) throws(Abort) -> [Condition] in
            var conditions: [Condition] = []
            repeat {
                // `while let (d, u) = queue.pop()`: the optional's tuple, destructured — `case let (d, u)? = …`.
                if p.check(.let) || p.check(.var), p.peekToken().kind == .punct(.lparen) {
                    let start = p.current.range
                    let tuple = try p.parseCasePattern(binding: false)
                    _ = try p.expect(.assign, "'=' after the pattern of 'let'")
                    conditions.append(.pattern(.some(tuple, p.range(from: start)), try p.parseExpression()))
                } else if p.check(.let) || p.check(.var) {
                    let isVar = p.check(.var)
                    p.advance()
                    // `guard let self else { return }`: a `[weak self]` closure's self, unwrapped.
                    let (name, nameRange) = p.check(.self) ? ("self", p.advance().range) : try p.expectIdentifier()
                    var value: Expr?
                    if p.match(.assign) { value = try p.parseExpression() }
                    conditions.append(.binding(isVar: isVar, name: name, nameRange: nameRange, value: value))
                } else if p.match(.case) {
                    let pattern = try p.parseCasePattern(binding: false)
                    _ = try p.expect(.assign, "'=' after the pattern of 'case'")
                    conditions.append(.pattern(pattern, try p.parseExpression()))
                } else {
                    conditions.append(.expression(try p.parseExpression()))
                }
            } while p.match(.comma)
            return conditions
        }
    }
}
