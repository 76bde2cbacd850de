/// Apple's schema macros (iOS 18): `@AppIntent(schema: .photos.createAlbum)` (first spelt `@AssistantIntent`),
/// `@AppEntity(schema: .photos.album)` and `@AppEnum(schema: .photos.albumType)` (`@AssistantEntity`,
/// `@AssistantEnum`). On a device the schema gives the declaration its metadata and makes an intent's stored
/// properties its parameters; here the struct is an intent or an entity whether or not it lists the protocol, each
/// stored `var` of a schema intent is a parameter titled by its name (`albumType` is "Album Type", `titleCase`), and a
/// title not written is the schema's action in words (`createAlbum`: "Create Album").
extension Parser {
    /// What a schema macro said of the declaration that follows.
    struct Schema {
        enum Kind { case intent, entity, enumeration }
        var kind: Kind
        /// The schema's last name: `createAlbum` in `.photos.createAlbum`.
        var action: String
        var range: SourceRange
    }

    /// The macros, by the kind of declaration each makes.
    static let schemaMacros: [String: Schema.Kind] = ["AppIntent": .intent, "AssistantIntent": .intent, "AppEntity": .entity,
                                                      "AssistantEntity": .entity, "AppEnum": .enumeration, "AssistantEnum": .enumeration]

    /// The schema macro `skipAttributes` passed over just before (`@AppIntent(schema: .photos.createAlbum)`), read from
    /// its tokens; nil when there was none. Taken once: the next declaration's.
    mutating func takeSchema() -> Schema? {
        guard let (at, name) = pendingAttribute, let kind = Parser.schemaMacros[name] else { return nil }
        var i = at + 1
        attributeToken = -1
        var action = "", depth = 0
        guard i < tokens.count, tokens[i].kind == .punct(.lparen) else { return Schema(kind: kind, action: "", range: tokens[i - 1].range) }
        repeat {
            if tokens[i].kind == .punct(.lparen) { depth += 1 } else if tokens[i].kind == .punct(.rparen) { depth -= 1 }
            if case .identifier(let word) = tokens[i].kind { action = word }
            i += 1
        } while depth > 0 && i < tokens.count
        return Schema(kind: kind, action: action, range: tokens[i - 1].range)
    }

    /// In a schema intent's body: `var name: String` (or `= default`) is a parameter titled by its name; nil, with
    /// nothing read, for anything else (a computed property stays a property).
    mutating func parseSchemaParameterIfPresent() throws(Abort) -> IntentParameterDecl? {
        guard check(.var), case .identifier = peekToken().kind, peekToken(2).kind == .punct(.colon) else { return nil }
        let saved = index
        let start = advance().range
        let (name, nameRange) = try expectIdentifier()
        advance()
        let type = try parseType()
        if check(.lbrace) {
            index = saved
            return nil
        }
        var options: [Argument] = []   // titled by its name, as a parameter without a title is (`titleCase`)
        if match(.assign) {
            let value = try parseExpression()
            options.append(Argument(label: "default", labelRange: value.range, value: value))
        }
        return IntentParameterDecl(name: name, nameRange: nameRange, type: type, options: options, range: range(from: start))
    }
}
