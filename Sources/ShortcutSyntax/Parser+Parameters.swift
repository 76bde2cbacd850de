/// A function's parameters: labels, names, `inout`, attributes, variadics and defaults.
extension Parser {
    /// parameters = "(" [parameter {"," parameter}] ")" ;  parameter = [label] name ":" type ["=" expression] ;
    mutating func parseParameters() throws(Abort) -> [Parameter] {
        let open = try expect(.lparen, "'(' to start the parameter list")
        newlineSignificant.append(false)
        defer { newlineSignificant.removeLast() }
        var parameters: [Parameter] = []
        while !check(.rparen), !atEnd {
            let start = current.range
            var first: String
            if match(.underscore) {
                first = "_"
            } else if case .keyword(let k) = current.kind, case .identifier = peekToken().kind {
                // `for kind: AmountKind`: a keyword may be an argument label, as in Swift.
                first = k.rawValue
                advance()
            } else {
                first = try expectIdentifier("a parameter name").0
            }
            var label: String? = first == "_" ? nil : first
            var name = first
            if case .identifier(let second) = current.kind {
                advance()
                name = second
            } else if first == "_" {
                // `_: T.Type`: a parameter without a name, as Swift allows; its hidden one no program can write.
                guard check(.colon) else { try fail(expected: "a parameter name after '_'") }
                name = "(parameter \(parameters.count + 1))"
            }
            if name == first, first != "_" { label = first }
            _ = try expect(.colon, "':' and a type after parameter '\(name)'")
            let isInout = checkWord("inout")
            if isInout { advance() }
            // `borrowing`, `consuming`, `sending`, `isolated` (ownership and concurrency): values are shared references here.
            while case .identifier(let word) = current.kind, ["borrowing", "consuming", "sending", "isolated", "__owned", "__shared"].contains(word),
                  !peekToken().atLineStart, peekToken().kind != .punct(.comma), peekToken().kind != .punct(.rparen) { advance() }
            // `@autoclosure`, `@escaping` (in either order; `parseType` skips the other attributes of a function type).
            var (isAutoclosure, isEscaping) = (false, false)
            while case .attribute(let attribute) = current.kind, attribute == "autoclosure" || attribute == "escaping" {
                if attribute == "autoclosure" { isAutoclosure = true } else { isEscaping = true }
                advance()
            }
            var type = try parseType()
            var isVariadic = false
            if check(.closed), touchesPrevious {
                advance()
                isVariadic = true
                type = TypeRef(.array(type), type.range)
            }
            var defaultValue: Expr?
            if match(.assign) { defaultValue = try parseExpression() }
            if isInout, let defaultValue { error(.inoutDefault(name), at: defaultValue.range) }
            var parameter = Parameter(label: label, name: name, type: type, defaultValue: defaultValue, range: range(from: start))
            parameter.isVariadic = isVariadic
            parameter.isInout = isInout
            (parameter.isAutoclosure, parameter.isEscaping) = (isAutoclosure, isEscaping)
            parameters.append(parameter)
            if !match(.comma) { break }
        }
        try expectClose(.rparen, open: open)
        return parameters
    }
}
