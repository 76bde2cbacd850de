/// Intent and snippet bodies, in the concise form and the Swift form alike.
extension Parser {
    /// intentBody = "{" { metadata | "@Parameter" ["(" arguments ")"] varDecl | "@Dependency" varDecl | property | function | "perform" block } "}" ;
    mutating func parseIntentBody(name: String, isSnippet: Bool, schema: Schema? = nil) throws(Abort) -> IntentDecl {
        var members = Members()
        var parameters: [IntentParameterDecl] = []
        var dependencies: [DependencyDecl] = []
        var perform: Block?
        var resultProtocols: [TypeRef] = []
        var initializers: [FunctionDecl] = []
        let declaration = isSnippet ? "snippet '\(name)'" : "intent '\(name)'"
        try parseMemberList { (p: inout Parser) throws(Abort) in
            if try p.parseMetadataIfPresent(into: &members, allowed: ["title", "description", "isDiscoverable", "parameterSummary", "openAppWhenRun", "supportedModes", "authenticationPolicy"], declaration: declaration) { return }
            p.skipModifiers()
            p.unreadWrapper()   // `@Frobnicate var x`: an intent reads its properties' attributes itself
            if try p.parseStaticMetadataIfPresent(into: &members, declaration: declaration) { return }
            if let initializer = try p.parseIntentInitIfPresent(declaration: declaration) { return initializers.append(initializer) }
            if schema != nil, let parameter = try p.parseSchemaParameterIfPresent() { return parameters.append(parameter) }
            if case .attribute(let attribute) = p.current.kind {
                let start = p.advance().range
                var options: [Argument] = []
                if attribute == "Parameter", p.check(.lparen), !p.current.atLineStart {
                    let open = p.advance()
                    options = try p.parseArguments(close: .rparen, open: open)
                }
                p.skipModifierWords()   // `@Dependency private var store: Store`
                guard p.match(.var) else {
                    if p.check(.let) {
                        p.error(.expected("'var' after @\(attribute)", found: "'let'"), at: p.current.range, notes: ["parameters and dependencies are always 'var'"])
                        throw Abort()
                    }
                    try p.fail(expected: "'var' after @\(attribute)")
                }
                let (varName, nameRange) = try p.expectIdentifier()
                _ = try p.expect(.colon, "':' and a type after '\(varName)'")
                let type = try p.parseType()
                switch attribute {
                case "Parameter":
                    if p.match(.assign) {
                        let value = try p.parseExpression()
                        options.append(Argument(label: "default", labelRange: value.range, value: value))
                    }
                    parameters.append(IntentParameterDecl(name: varName, nameRange: nameRange, type: type, options: options, range: p.range(from: start)))
                case "Dependency":
                    dependencies.append(DependencyDecl(name: varName, nameRange: nameRange, type: type, range: p.range(from: start)))
                default:
                    p.error(.unknownAttribute(attribute), at: start.droppingFirstByte, notes: ["known attributes: @Parameter, @Dependency"])
                }
                return
            }
            if p.checkWord("perform"), p.peekToken().kind == .punct(.lbrace) {
                let token = p.advance()
                if perform != nil { p.error(.duplicateDeclaration("perform", previousLine: p.file.location(of: Int(perform?.range.start ?? 0)).line), at: token.range) }
                perform = try p.parseBlock()
                return
            }
            // `func perform() async throws -> some IntentResult { … }` is accepted as `perform`.
            if p.check(.func), p.peekToken().kind == .identifier("perform") {
                let (function, _) = try p.parseFunction()
                perform = function.body
                resultProtocols = function.resultProtocols
                return
            }
            if try p.parseCommonMember(into: &members, allowsStatic: true) { return }
            try p.fail(expected: "metadata, @Parameter, @Dependency, a property, a function or 'perform' in \(declaration)")
        }
        if let schema, !schema.action.isEmpty, !members.metadata.contains(where: { $0.key == "title" }) {
            members.metadata.append(Metadata(key: "title", keyRange: schema.range, value: Expr(.string([.text(titleCase(schema.action))]), schema.range)))
        }
        var intent = IntentDecl(name: name, isSnippet: isSnippet, members: members, parameters: parameters, dependencies: dependencies, perform: perform)
        intent.resultProtocols = resultProtocols
        intent.initializers = initializers
        return intent
    }
}
