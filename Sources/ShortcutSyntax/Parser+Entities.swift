/// Entities and their queries in the Swift form (SPEC §13): `struct T: AppEntity` with its display
/// representations and `static var defaultQuery = Q()`, and `struct Q: EntityQuery` whose
/// `entities(for:)`, `suggestedEntities()` and `entities(matching:)` become the entity's query
/// (`EntityQueries.lowered` joins the two once every file and extension is read).
extension Parser {
    /// The protocols that make a struct an entity: `AppEntity` and those that refine it with a query of their own.
    static let entityProtocols: Set<String> = ["AppEntity", "IndexedEntity", "TransientAppEntity", "URLRepresentableEntity"]

    /// The protocols that make a struct an entity query.
    static let queryProtocols: Set<String> = ["EntityQuery", "EntityStringQuery", "EnumerableEntityQuery", "EntityPropertyQuery",
                                              "UniqueAppEntityQuery"]

    /// entityBody = "{" { "static var typeDisplayRepresentation" … | "var displayRepresentation" … |
    ///              "static var defaultQuery" "=" call | ["@Property" [arguments]] property | function } "}" ;
    mutating func parseSwiftEntityBody(name: String) throws(Abort) -> TypeDecl {
        var members = Members()
        var defaultQuery: (name: String, range: SourceRange)?
        try parseMemberList { (p: inout Parser) throws(Abort) in
            p.skipAttributes()
            // `@Property(title: "Pages") var pages: Int` is a property; its title is for the Shortcuts editor.
            if case .attribute(let attribute) = p.current.kind, ["Property", "ComputedProperty", "DeferredProperty"].contains(attribute) {
                p.advance()
                if p.check(.lparen), p.touchesPrevious { p.skipBalancedParentheses() }
            }
            p.skipModifiers()
            if let (key, keyRange, value) = try p.parseStaticValueIfPresent(named: ["typeDisplayRepresentation", "defaultQuery"]) {
                guard let value else { return }
                if key == "defaultQuery" {
                    guard case .call(let callee, _) = value.kind, case .identifier(let query) = callee.kind else {
                        p.error(.expected("a query made by its initialiser ('\(name)Query()')", found: "another expression"), at: value.range)
                        return
                    }
                    defaultQuery = (query, keyRange)
                } else {
                    members.metadata.append(Metadata(key: "title", keyRange: keyRange, value: (Parser.displayTitle(value) ?? value)))
                }
                return
            }
            // `var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(name)") }`.
            if p.check(.var), p.peekToken().kind == .identifier("displayRepresentation") {
                let start = p.advance().range
                let nameRange = p.advance().range
                let type = p.match(.colon) ? try p.parseType() : nil
                let value: Expr
                if !p.check(.assign), !p.check(.lbrace), let type {
                    // `var displayRepresentation: DisplayRepresentation`, stored and set by the entity's `init`: the title is its value.
                    let stored = VarDecl(isConstant: false, pattern: .name("displayRepresentation", nameRange), type: type, initializer: nil, nameRange: nameRange)
                    members.properties.append(Stmt(.variable(stored), p.range(from: start)))
                    members.metadata.append(Metadata(key: "display", keyRange: start, value: Expr(.identifier("displayRepresentation"), nameRange)))
                    return
                }
                if p.match(.assign) {
                    value = try p.parseExpression()
                } else {
                    let body = try p.parseBlock()
                    if body.statements.count == 1, case .expression(let e) = body.statements[0].kind {
                        value = e
                    } else {
                        // A getter of several statements (`var image = …; if … { … }; return DisplayRepresentation(…)`):
                        // a closure of them, called.
                        let closure = ClosureExpr(parameters: [], parameterRanges: [], body: Parser.returningDisplayTitles(body))
                        value = Expr(.call(Expr(.closure(closure), body.range), []), body.range)
                    }
                }
                members.metadata.append(Metadata(key: "display", keyRange: start, value: (Parser.displayTitle(value) ?? value)))
                return
            }
            if try p.parseCommonMember(into: &members, allowsStatic: true) { return }
            try p.fail(expected: "a property, a function, 'displayRepresentation' or a static property in entity '\(name)'")
        }
        var decl = TypeDecl(kind: .entity, name: name, members: members, query: nil)
        decl.defaultQuery = defaultQuery
        return decl
    }

    /// `@Dependency var model: Model` in a struct other than an intent or a query (a `DynamicOptionsProvider`'s, a view's):
    /// a computed property that is the store's one instance, `Model.shared`; nil when the member is none.
    mutating func parseDependencyPropertyIfPresent() throws(Abort) -> Stmt? {
        guard case .attribute("Dependency") = current.kind else { return nil }
        let start = advance().range
        skipModifierWords()
        guard match(.var) else { try fail(expected: "'var' after @Dependency") }
        let (name, nameRange) = try expectIdentifier()
        _ = try expect(.colon, "':' and a type after '\(name)'")
        let type = try parseType()
        let r = range(from: start)
        let shared = Expr(.member(Expr(.identifier(type.description), r), "shared", nameRange: r), r)
        var property = VarDecl(isConstant: false, pattern: .name(name, nameRange), type: type, initializer: nil, nameRange: nameRange)
        property.getter = Block([Stmt(.expression(shared), r)], r)
        return Stmt(.variable(property), r)
    }

    /// queryBody = "{" { "@Dependency" varDecl | property | function | "init" … } "}" ;
    mutating func parseSwiftQueryBody(name: String, conformances: [String]) throws(Abort) -> TypeDecl {
        var members = Members()
        var dependencies: [DependencyDecl] = []
        try parseMemberList { (p: inout Parser) throws(Abort) in
            p.skipAttributes()
            if case .attribute("Dependency") = p.current.kind {
                let start = p.advance().range
                p.skipModifierWords()
                guard p.match(.var) else { try p.fail(expected: "'var' after @Dependency") }
                let (varName, nameRange) = try p.expectIdentifier()
                _ = try p.expect(.colon, "':' and a type after '\(varName)'")
                dependencies.append(DependencyDecl(name: varName, nameRange: nameRange, type: try p.parseType(), range: p.range(from: start)))
                return
            }
            p.skipModifiers()
            if let initializer = try p.parseInitializerIfPresent() {
                if !initializer.parameters.isEmpty || !initializer.body.statements.isEmpty {
                    p.error(.expected("an empty 'init()' in query '\(name)'", found: "an initialiser with work to do"), at: initializer.body.range)
                }
                return
            }
            if try p.parseStaticMemberIfPresent(into: &members) { return }
            if try p.parseCommonMember(into: &members) { return }
            try p.fail(expected: "@Dependency, a property or a function in query '\(name)'")
        }
        var decl = TypeDecl(kind: .struct, name: name, members: members, query: nil)
        decl.conformances = conformances
        decl.dependencies = dependencies
        return decl
    }
}
