/// `protocol P { … }` (docs/Language.md): what a conforming type must declare, by name, and the types a value of the
/// protocol's type has its members at; `Protocols` checks conformances and lowers the protocol before anything is resolved.
extension Parser {
    /// protocolBody = [":" name {"," name}] ["where" …] "{" { requirement } "}" ;
    /// requirement = ["static" | "mutating"] ("var" name ":" type "{" "get" ["set"] "}" | "func" name … | "init" … |
    ///               "subscript" "(" … ")" "->" type "{" "get" ["set"] "}" | "associatedtype" name …) ;
    /// What swiftc refuses in one is reported (`ProtocolRequirementProblem`): a property with no accessors, a `let`, an
    /// initial value, a setter with no getter, an access modifier, `final`.
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
                    let isLet = check(.let)
                    advance()
                    let name = advance().range
                    var requirement = ProtocolDecl.Requirement(name: property, kind: "property", range: name)
                    (requirement.isStatic, isStatic) = (isStatic, false)
                    // A type that does not parse is reported and the scan goes on: the protocol is still declared.
                    if match(.colon) { requirement.type = try? parseType() }
                    if check(.assign) { error(.protocolRequirement(.initialValue), at: current.range) }
                    // `{ get set }` (read here; the scan skips the braces).
                    if !check(.lbrace) {
                        error(.protocolRequirement(isLet ? .immutable : .noAccessors(subscript: false)), at: name)
                    } else if isLet {
                        error(.letComputedProperty, at: current.range)
                    } else {
                        requirement.isSettable = checkAccessors(ofSubscript: false, named: name)
                    }
                    decl.requirements.append(requirement)
                    continue
                }
                // `subscript(i: Int) -> Int { get }`: read for its accessors (a conforming type's subscript is not checked).
                if checkWord("subscript"), peekToken().kind == .punct(.lparen) || peekToken().kind == .punct(.less) {
                    advance()
                    let reported = diagnostics.count
                    if (try? parseRequirementSignature(name: "subscript")) == nil {
                        diagnostics.removeSubrange(reported...)
                    } else if check(.lbrace) {
                        _ = checkAccessors(ofSubscript: true, named: current.range)
                    } else {
                        error(.protocolRequirement(.noAccessors(subscript: true)), at: current.range)
                    }
                    isStatic = false
                    continue
                }
                // `private func f()`: a requirement is as visible as its protocol; `final` is for a class's members.
                if case .identifier(let word) = current.kind, ["private", "fileprivate", "internal", "public", "open", "final"].contains(word),
                   !peekToken().atLineStart, [.keyword(.var), .keyword(.let), .keyword(.func)].contains(peekToken().kind)
                    || ["static", "mutating", "subscript", "init", "associatedtype", "nonisolated"].contains(where: { peekToken().kind == .identifier($0) }) {
                    error(.protocolRequirement(word == "final" ? .final : .accessModifier(word)), at: current.range)
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

    /// Reads a requirement's accessors, `{ get }` or `{ get set }` (the scan skips the braces after): swiftc's error for
    /// anything else in them, or a setter with no getter. Whether the requirement is settable.
    mutating func checkAccessors(ofSubscript isSubscript: Bool, named name: SourceRange) -> Bool {
        var offset = 1, hasGetter = false, hasSetter = false
        while case let token = peekToken(offset), token.kind != .punct(.rbrace), token.kind != .eof {
            switch token.kind {
            case .identifier("get"), .identifier("set"):
                let isGetter = token.kind == .identifier("get")
                if isGetter ? hasGetter : hasSetter {
                    error(.protocolRequirement(.duplicateAccessor(subscript: isSubscript, getter: isGetter)), at: token.range)
                }
                if isGetter { hasGetter = true } else { hasSetter = true }
            case .identifier("async"), .identifier("throws"), .identifier("nonmutating"), .identifier("mutating"): break
            default:
                error(.protocolRequirement(.notAnAccessor), at: token.range)
                error(.protocolRequirement(.noAccessors(subscript: isSubscript)), at: name)
                return false
            }
            offset += 1
        }
        if hasSetter, !hasGetter { error(.protocolRequirement(.setterWithoutGetter(subscript: isSubscript)), at: peekToken(1).range) }
        return hasSetter
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
