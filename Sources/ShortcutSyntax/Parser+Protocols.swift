/// `protocol P { … }` (docs/Language.md): what a conforming type must declare, by name, and the types a value of the
/// protocol's type has its members at; `Protocols` checks conformances and lowers the protocol before anything is resolved.
extension Parser {
    /// protocolBody = [":" name {"," name}] ["where" …] "{" { requirement } "}" ;
    /// requirement = ["static" | "mutating"] ("var" name ":" type "{" "get" ["set"] "}" | "func" name … | "init" … |
    ///               "associatedtype" name …) ;
    mutating func parseProtocolBody(name: String) throws(Abort) -> ProtocolDecl {
        // `protocol P: class` is the older spelling of `AnyObject` (swiftc warns that it is deprecated).
        let inherited = (try parseConformanceList() ?? []).map { $0 == "class" ? "AnyObject" : $0 }
        var decl = ProtocolDecl(name: name, inherited: inherited, requirements: [], associatedTypes: [])
        skipWhereClause()
        let open = try expect(.lbrace, "'{' to start protocol '\(name)'")
        var depth = 0, isMutating = false, isStatic = false
        while !atEnd {
            if check(.lbrace) { depth += 1 }
            if check(.rbrace) {
                if depth == 0 { advance(); return decl }
                depth -= 1
            }
            if depth == 0 {
                if check(.var) || check(.let), case .identifier(let property) = peekToken().kind {
                    advance()
                    var requirement = ProtocolDecl.Requirement(name: property, kind: "property", range: advance().range)
                    (requirement.isStatic, isStatic) = (isStatic, false)
                    // A type that does not parse is reported and the scan goes on: the protocol is still declared.
                    if match(.colon) { requirement.type = try? parseType() }
                    // `{ get set }` (read here; the scan skips the braces).
                    if check(.lbrace), peekToken().kind == .identifier("get"), peekToken(2).kind == .identifier("set") { requirement.isSettable = true }
                    decl.requirements.append(requirement)
                    continue
                }
                if checkWord("mutating") { isMutating = true }
                if checkWord("static") { isStatic = true }
                if check(.func), let function = requirementName(peekToken().kind) {
                    advance()
                    var requirement = ProtocolDecl.Requirement(name: function, kind: "function", range: advance().range)
                    // A signature the parser does not read is skipped, as before it read any: the name is still required.
                    let reported = diagnostics.count
                    requirement.function = try? parseRequirementSignature(name: function)
                    if requirement.function == nil { diagnostics.removeSubrange(reported...) }
                    // `static func + (a: Self, b: Self) -> Self`: an operator's operands have no argument labels. Kept apart: the
                    // adopting type's operator or a standard type's own meets it (`extension Int: Monoid {}`), and nothing checks it.
                    if requirement.isOperator {
                        requirement.function?.parameters.indices.forEach { requirement.function?.parameters[$0].label = nil }
                        requirement.isStatic = isStatic
                        (isMutating, isStatic) = (false, false)
                        decl.operatorRequirements.append(requirement)
                        continue
                    }
                    requirement.function?.isMutating = isMutating
                    if check(.lbrace) { error(.protocolMethodBody, at: current.range) }   // the scan skips the braces
                    (requirement.isStatic, isMutating, isStatic) = (isStatic, false, false)
                    decl.requirements.append(requirement)
                    continue
                }
                // `init(name: String)`: a struct or class that adopts the protocol must be made with those labels.
                if checkWord("init"), [TokenKind.punct(.lparen), .punct(.question)].contains(peekToken().kind) {
                    var requirement = ProtocolDecl.Requirement(name: "init", kind: "initializer", range: advance().range)
                    _ = match(.question)
                    let reported = diagnostics.count
                    requirement.function = try? parseRequirementSignature(name: "init")
                    if requirement.function == nil { diagnostics.removeSubrange(reported...) } else { decl.requirements.append(requirement) }
                    continue
                }
                // An associated type is `Any` here, as a generic parameter is.
                if checkWord("associatedtype"), case .identifier(let associated) = peekToken().kind {
                    advance()
                    advance()
                    decl.associatedTypes.append(associated)
                    genericNames.insert(associated)
                    continue
                }
            }
            advance()
        }
        try fail(expected: "'}' to close protocol '\(name)' from line \(file.location(of: Int(open.range.start)).line)")
    }

    /// A function requirement's signature after its name: `<T>(_ x: T) throws -> Double`, with no body.
    /// A function requirement's name: an identifier, or an operator (`static func + (a: Self, b: Self) -> Self`).
    func requirementName(_ token: TokenKind) -> String? {
        switch token {
        case .identifier(let name): name
        case .punct(let p) where Parser.overloadableOperators.contains(p.rawValue): p.rawValue
        case .customOperator(let op): op.spelling
        default: nil
        }
    }

    mutating func parseRequirementSignature(name: String) throws(Abort) -> FunctionDecl {
        var generics = try parseGenericParameters()
        let parameters = try parseParameters()
        var isThrowing = false, isAsync = false
        while checkWord("async") || checkWord("throws") || checkWord("rethrows") {
            if checkWord("async") { isAsync = true } else { isThrowing = true }
            advance()
        }
        var returnType: TypeRef?
        if match(.arrow) {
            if checkWord("some") || checkWord("any") { advance() }
            returnType = try parseType()
        }
        skipWhereClause(&generics)
        var function = FunctionDecl(name: name, parameters: parameters, returnType: returnType, body: Block([], current.range),
                                    isMutating: false, isThrowing: isThrowing)
        function.generics = generics
        function.isAsync = isAsync
        return function
    }
}
