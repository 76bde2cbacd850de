/// Written types: `Int`, `[String: Int]`, `(min: Int, max: Int)`, `(Int) -> Bool`, `Set<Int>`, `T?`.
extension Parser {
    /// The modules whose names may qualify a type (`Swift.Error`): the standard library's and Apple's frameworks'.
    static let moduleNames: Set<String> = ["Swift", "Foundation", "SwiftUI", "AppIntents"]

    /// type = typeAtom {"?"} ;  typeAtom = name ["." name] | "[" type [":" type] "]" | "(" [type {"," type}] ")" ["->" type] ;
    mutating func parseType() throws(Abort) -> TypeRef {
        try enter()
        defer { leave() }
        // `@escaping (Int) -> Int`, `@Sendable () -> Void`: attributes of a function type change nothing here.
        while case .attribute(let name) = current.kind, name == "escaping" || name == "Sendable" || name == "MainActor" { advance() }
        let start = current.range
        var type: TypeRef
        // `some Shape`, `any Shape`: a protocol's name is `Any` here either way.
        if case .identifier(let word) = current.kind, word == "some" || word == "any", case .identifier = peekToken().kind, !peekToken().atLineStart {
            advance()
        }
        switch current.kind {
        case .identifier(let name):
            advance()
            var full = name
            while check(.dot), case .identifier(let more) = peekToken().kind {
                advance(); advance()
                // `Swift.Error`, `Foundation.Date`: a type named with its module is the type.
                full = Parser.moduleNames.contains(full) ? more : full + "." + more
            }
            while joinsProtocols, check(.ampersand), case .identifier(let part) = peekToken().kind, peekToken(2).kind != .punct(.less) {
                advance(); advance()
                full += " & " + part
            }
            type = TypeRef(.named(full), range(from: start))
            if check(.less) {
                let open = advance()
                var arguments: [TypeRef] = []
                repeat { arguments.append(try parseType()) } while match(.comma)
                guard matchClosingAngle() else { try fail(expected: "'>' to close '<' from line \(file.location(of: Int(open.range.start)).line)") }
                switch (full, arguments.count) {
                case ("Array", 1): type = TypeRef(.array(arguments[0]), range(from: start))
                case ("Dictionary", 2): type = TypeRef(.dictionary(arguments[0], arguments[1]), range(from: start))
                case ("Optional", 1): type = TypeRef(.optional(arguments[0]), range(from: start))
                default:
                    // `AsyncStream<Int>.Continuation`: a member type of a generic type's use, named with the arguments (a
                    // capitalised name: `Grid<Int>.zero(2)` is a static member).
                    var member = full
                    while check(.dot), case .identifier(let more) = peekToken().kind, more.first?.isUppercase == true {
                        advance(); advance()
                        member += "." + more
                    }
                    type = TypeRef(.generic(member, arguments), range(from: start))
                }
            }
        case .keyword(.self):
            advance()
            type = TypeRef(.named("Self"), range(from: start))
        case .punct(.lbracket):
            let open = advance()
            let element = try parseType()
            if match(.colon) {
                let value = try parseType()
                try expectClose(.rbracket, open: open)
                type = TypeRef(.dictionary(element, value), range(from: start))
            } else {
                try expectClose(.rbracket, open: open)
                type = TypeRef(.array(element), range(from: start))
            }
        case .punct(.lparen):
            let open = advance()
            var elements: [TypeRef] = []
            var labels: [String?] = []
            var inoutWord: SourceRange?   // the first `inout`: only a function type's parameters may say it
            while !check(.rparen), !atEnd {
                var label: String?
                if case .identifier(let name) = current.kind, peekToken().kind == .punct(.colon) {
                    label = name
                    advance()
                    advance()
                }
                labels.append(label)
                let isInout = checkWord("inout")
                if isInout { inoutWord = inoutWord ?? advance().range }
                var element = try parseType()
                element.isInout = isInout
                elements.append(element)
                if !match(.comma) { break }
            }
            try expectClose(.rparen, open: open)
            // `async`, `throws`, `async throws`, `throws(E)`, `rethrows`: effects, in any order.
            var isThrowing = false
            while checkWord("throws") || checkWord("async") || checkWord("rethrows") {
                if !checkWord("async") { isThrowing = true }
                advance()
                if check(.lparen), touchesPrevious { skipBalancedParentheses() }
            }
            if !check(.arrow), let inoutWord { error(.inoutOutsideParameter, at: inoutWord) }
            if match(.arrow) {
                let result = try parseType()
                type = TypeRef(.function(elements, result), range(from: start))
                type.isThrowing = isThrowing
            } else if elements.count == 1 {
                type = elements[0]
            } else {
                type = TypeRef(.tuple(elements, labels: labels), range(from: start))
            }
        default:
            try fail(expected: "a type")
        }
        while check(.question) || (check(.bang) && touchesPrevious) || (check(.coalesce) && touchesPrevious) {
            // `Int??` is read as one `??` token: an optional of an optional.
            if advance().kind == .punct(.coalesce) { type = TypeRef(.optional(type), range(from: start)) }
            type = TypeRef(.optional(type), range(from: start))
        }
        return type
    }

    /// At a `<` after a type's name in an expression: the index just past its generic arguments when the tokens up
    /// to the matching `>` can only be types and a `(` or `.` touches it (`Stack<Int>()`) or a `{` follows on the line,
    /// else nil (`a<b` compares).
    func genericArgumentsEnd() -> Int? {
        var i = index + 1, depth = 1
        while i < tokens.count, depth > 0 {
            let token = tokens[i]
            if token.atLineStart { return nil }
            switch token.kind {
            case .identifier: break
            case .punct(.less): depth += 1
            case .punct(.greater): depth -= 1
            case .punct(.shiftRight): depth -= 2
            case .punct(.comma), .punct(.dot), .punct(.lbracket), .punct(.rbracket), .punct(.colon), .punct(.question): break
            // A tuple or a function among them (`Heap<(Int, Int)>`, `Box<(Int) -> Bool>`).
            case .punct(.lparen), .punct(.rparen), .punct(.arrow): break
            default: return nil
            }
            i += 1
        }
        guard depth == 0, i < tokens.count else { return nil }
        // `Result<Int, Error> { … }`: a trailing closure on the line, as the call's one argument.
        if tokens[i].kind == .punct(.lbrace), !tokens[i].atLineStart { return i }
        // `[Page<Int>].self`: the element type of an array type written as a value.
        if tokens[i].kind == .punct(.rbracket), i + 1 < tokens.count, tokens[i + 1].kind == .punct(.dot) { return i }
        guard tokens[i].kind == .punct(.lparen) || tokens[i].kind == .punct(.dot), tokens[i].range.start == tokens[i - 1].range.end else { return nil }
        return i
    }

    /// `>` closing a generic argument list; in `Set<Set<Int>>` the lexer's `>>` is two of them.
    mutating func matchClosingAngle() -> Bool {
        if match(.greater) { return true }
        guard check(.shiftRight) else { return false }
        let token = current
        tokens[index] = Token(.punct(.greater), SourceRange(file: token.range.file, start: Int(token.range.start) + 1, end: Int(token.range.end)),
                              atLineStart: false)
        return true
    }
}

extension Parser {
    /// `(Int) throws -> Int`, `((String) -> Void)?`: a function's type, or an optional one.
    static func isFunctionType(_ t: TypeRef) -> Bool {
        switch t.kind {
        case .function: return true
        case .optional(let wrapped): return isFunctionType(wrapped)
        default: return false
        }
    }
}
