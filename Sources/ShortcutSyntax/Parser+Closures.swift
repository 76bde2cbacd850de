/// Closure literals: `{ a, b in … }`, `{ (a: Int) -> Int in … }`, `{ $0 + 1 }`.
extension Parser {
    /// `Label { … } icon: { … }`: the labelled trailing closures after the first (Swift 5.3), on the same line; `_:`
    /// for a parameter without a label.
    mutating func parseLabelledTrailingClosures() throws(Abort) -> [Argument] {
        var args: [Argument] = []
        while !current.atLineStart, peekToken().kind == .punct(.colon), peekToken(2).kind == .punct(.lbrace) {
            let label: String?
            switch current.kind {
            case .identifier(let name): label = name
            case .punct(.underscore): label = nil
            default: return args
            }
            let labelRange = advance().range
            advance()
            args.append(Argument(label: label, labelRange: label == nil ? nil : labelRange, value: try parseClosure()))
        }
        return args
    }

    /// A `{ … }` on the same line after a call or name is a trailing closure, where one is allowed.
    mutating func parseTrailingClosureIfPresent() throws(Abort) -> Expr? {
        // `var count = 0 { didSet { … } }`: the braces after a property's value hold its observers.
        guard check(.lbrace), allowTrailingClosure, !current.atLineStart, !startsObservers() else { return nil }
        return try parseClosure()
    }

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
        var namesSelf = false
        let captures = try parseCaptureListIfPresent(namesSelf: &namesSelf)
        var names: [String] = []
        var ranges: [SourceRange] = []
        var types: [TypeRef?] = []
        var resultType: TypeRef?
        if let end = closureParameterListEnd() {
            while index < end {
                switch current.kind {
                // `() async throws -> Int in`, `() throws(E) -> Int in`: the effects, after the parameters, are no parameter.
                case .identifier(let n) where (n == "throws" || n == "async") && index > 0
                        && [.punct(.rparen), .identifier("async"), .identifier("throws")].contains(tokens[index - 1].kind):
                    advance()
                    if n == "throws", check(.lparen) {
                        while index < end, !check(.rparen) { advance() }
                        advance()
                    }
                case .identifier(let n):
                    names.append(n); ranges.append(current.range)
                    advance()
                    types.append(match(.colon) ? try parseClosureParameterType() : nil)
                case .punct(.underscore):
                    names.append("_"); ranges.append(current.range)
                    advance()
                    types.append(match(.colon) ? try parseClosureParameterType() : nil)
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
        var closure = ClosureExpr(parameters: names, parameterRanges: ranges, body: Block(statements, range(from: open.range)),
                                  parameterTypes: types, resultType: resultType)
        closure.capturesSelf = namesSelf
        let made = Expr(.closure(closure), range(from: open.range))
        guard !captures.isEmpty else { return made }
        // `{ [x, weak self] in … }`: the values are captured when the closure is made, as Swift's capture list does — a
        // closure of the captured names, called at once with their values, that returns this one. `weak self` is an
        // optional `self` inside (`self?.n`, `guard let self`); a `weak` or `unowned` one is given as `__captured_x` and
        // declared `weak var x = __captured_x` (or `unowned var`) before the closure is made, so it does not keep the
        // instance: a weak one reads nil once it has gone, an unowned one is an error to read then, as Swift's are.
        let r = made.range
        let held = captures.compactMap { c in c.ownership.map { (c.name, c.range, $0) } }
        let weakVariables = held.map { name, at, ownership in
            var v = VarDecl(isConstant: false, pattern: .name(name, at), type: nil, initializer: Expr(.identifier("__captured_" + name), at), nameRange: at)
            v.ownership = ownership
            return Stmt(.variable(v), at)
        }
        let outer = ClosureExpr(parameters: captures.map { $0.ownership != nil ? "__captured_" + $0.name : $0.name }, parameterRanges: captures.map(\.range),
                                body: Block(weakVariables + [Stmt(.return(made), r)], r), parameterTypes: captures.map(\.type))
        return Expr(.call(Expr(.closure(outer), r), captures.map { Argument(label: nil, labelRange: nil, value: $0.value) }), r)
    }

    /// `[x, y = f(), weak self, unowned self]` before a closure's parameters and `in`: the names it captures by value,
    /// with the values (none when there is no capture list).
    mutating func parseCaptureListIfPresent(namesSelf: inout Bool) throws(Abort) -> [(name: String, range: SourceRange, value: Expr, type: TypeRef?, ownership: String?)] {
        guard check(.lbracket), let close = matchingBracket(), close + 1 < tokens.count else { return [] }
        let start = index
        index = close + 1
        let isCaptureList = closureParameterListEnd() != nil
        index = start
        guard isCaptureList else { return [] }
        advance()
        var captures: [(name: String, range: SourceRange, value: Expr, type: TypeRef?, ownership: String?)] = []
        repeat {
            // `weak` and `unowned` (`unowned(unsafe)` too, whose read once the instance has gone is an error here) hold
            // without keeping.
            let ownership = checkWord("weak") ? "weak" : checkWord("unowned") ? "unowned" : nil
            if ownership != nil {
                advance()
                if check(.lparen) { skipBalancedParentheses() }   // `unowned(unsafe)`
            }
            if check(.self) {
                namesSelf = true
                let range = advance().range
                if ownership != nil { captures.append(("self", range, Expr(.self, range), nil, ownership)) }
                continue
            }
            let (name, range) = try expectIdentifier("a captured name")
            let value = match(.assign) ? try parseExpression() : Expr(.identifier(name), range)
            captures.append((name, range, value, nil, ownership))
        } while match(.comma)
        _ = try expect(.rbracket, "']' to close the capture list")
        return captures
    }

    /// The index of the `]` matching the `[` at the current token, if it closes on the same line.
    func matchingBracket() -> Int? {
        var depth = 0
        for i in index..<tokens.count {
            if i > index, tokens[i].atLineStart { return nil }
            switch tokens[i].kind {
            case .punct(.lbracket): depth += 1
            case .punct(.rbracket):
                depth -= 1
                if depth == 0 { return i }
            default: break
            }
        }
        return nil
    }

    /// If a closure parameter list (`a, b in`, `(a: Int) in`, `_ in`) starts here, the index of its `in`.
    func closureParameterListEnd() -> Int? {
        var i = index
        var parens = 0
        while i < tokens.count {
            switch tokens[i].kind {
            case .keyword(.in): return parens == 0 ? i : nil
            // A parameter's type may be generic or nested (`(c: Set<Int>)`, `(s: Shape.Kind)`, `Array<Set<Int>>`).
            case .identifier, .punct(.underscore), .punct(.comma), .punct(.colon), .punct(.question), .punct(.lbracket), .punct(.rbracket), .punct(.arrow),
                 .punct(.less), .punct(.greater), .punct(.shiftRight), .punct(.dot), .punct(.ampersand), .punct(.bang),
                 .attribute:   // `(f: @escaping (Int) -> Int) in`
                break
            case .punct(.lparen): parens += 1
            case .punct(.rparen): parens -= 1
            default: return nil
            }
            i += 1
        }
        return nil
    }

    /// `(a:_:)` after a function's or method's name (`add(_:to:)`, `Trail.init(id:)`): its argument labels (nil for
    /// `_`), read ahead from the `(`; nil when what follows is a call's arguments.
    func compoundNameLabels(after callee: Expr) -> [String?]? {
        switch callee.kind {
        case .identifier, .member: break
        default: return nil
        }
        var labels: [String?] = []
        var offset = 1
        while true {
            let token = peekToken(offset)
            if token.kind == .punct(.rparen) { return labels.isEmpty ? nil : labels }
            guard peekToken(offset + 1).kind == .punct(.colon) else { return nil }
            switch token.kind {
            case .identifier(let name): labels.append(name)
            case .keyword(let word): labels.append(word.rawValue)
            case .punct(.underscore): labels.append(nil)
            default: return nil
            }
            offset += 2
        }
    }
}

extension Parser {
    /// A closure parameter's written type, `inout` before it marked (`{ (acc: inout [String: Int], s) in … }`).
    mutating func parseClosureParameterType() throws(Abort) -> TypeRef {
        let isInout = checkWord("inout")
        if isInout { advance() }
        var type = try parseType()
        type.isInout = isInout
        return type
    }
}
