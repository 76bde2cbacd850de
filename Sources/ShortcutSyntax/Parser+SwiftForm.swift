/// The Swift form of SPEC §13: declarations written as Apple's App Intents code writes them,
/// parsed into the same tree as the concise form (`struct X: AppIntent` is an `intent X`).
extension Parser {
    /// Attributes that change nothing off device (SPEC §13): skipped with their arguments.
    static let ignoredAttributes: Set<String> = ["MainActor", "Observable", "available", "discardableResult", "preconcurrency",
                                                 "Sendable", "escaping", "inlinable", "objc", "State", "Environment", "Bindable",
                                                 "ObservationIgnored", "AppStorage", "Published", "StateObject", "ObservedObject",
                                                 "EnvironmentObject", "UnionValue", "Model", "Attribute", "Relationship", "Transient",
                                                 "propertyWrapper"]

    /// The protocols that make a `struct` an intent or a snippet.
    static let intentProtocols: Set<String> = ["AppIntent", "SnippetIntent", "OpenIntent", "ForegroundContinuableIntent", "AudioPlaybackIntent",
                                               "LiveActivityIntent", "ProgressReportingIntent", "URLRepresentableIntent", "DeleteIntent",
                                               "TargetContentProvidingIntent", "ShowInAppSearchResultsIntent", "SystemIntent", "UndoableIntent",
                                               "WidgetConfigurationIntent", "ControlConfigurationIntent", "SetValueIntent", "CameraCaptureIntent"]

    /// Skips `@MainActor`, `@available(iOS 26.0, *)` and the like; `@main` is remembered for the
    /// declaration that follows. Returns whether it skipped anything.
    @discardableResult
    mutating func skipAttributes() -> Bool {
        var skipped = false
        while case .attribute(let name) = current.kind {
            if name == "main" {
                advance()   // `@main struct X: App`: the app, known by its `App` (SPEC §13)
            } else if name == "ViewBuilder" {
                advance()
                sawViewBuilder = true
            } else if Parser.ignoredAttributes.contains(name) || Parser.schemaMacros[name] != nil || startsWrapperUse(name) {
                // A schema macro and a property wrapper are read again by the declaration that takes them (`attributeToken`).
                if !Parser.ignoredAttributes.contains(name) { attributeToken = Int32(index) }
                advance()
                if check(.lparen), touchesPrevious { skipBalancedParentheses() }
            } else {
                return skipped
            }
            skipped = true
        }
        return skipped
    }

    /// `@Clamped(0, 10)` before a `var` (past any modifiers): a property wrapper of the program's own, not one of the
    /// frameworks' attributes the intent, entity and view parsers read themselves.
    func startsWrapperUse(_ name: String) -> Bool {
        guard let first = name.first, first.isUppercase, !Parser.frameworkPropertyAttributes.contains(name) else { return false }
        let i = pastAttribute(index)
        return i < tokens.count && tokens[i].kind == .keyword(.var)
    }

    /// The token after the attribute at `i`, its parenthesised arguments and the modifiers after them.
    func pastAttribute(_ start: Int) -> Int {
        var i = start + 1
        if i < tokens.count, tokens[i].kind == .punct(.lparen) {
            var depth = 0
            repeat {
                if tokens[i].kind == .punct(.lparen) { depth += 1 } else if tokens[i].kind == .punct(.rparen) { depth -= 1 }
                i += 1
            } while depth > 0 && i < tokens.count
        }
        while i < tokens.count, case .identifier(let word) = tokens[i].kind, Parser.ignoredModifiers.contains(word) || word == "lazy" { i += 1 }
        return i
    }

    /// Where the property wrapper's attribute `skipAttributes` read is, when it stands right before the token at `end`
    /// (its arguments and modifiers between); one read before anything else is forgotten.
    mutating func wrapperAttribute(before end: Int) -> Int? {
        guard let (at, name) = pendingAttribute, Parser.schemaMacros[name] == nil else { return nil }
        attributeToken = -1
        return pastAttribute(at) == end ? at : nil
    }

    /// The attribute at `attributeToken`, with its name; nil for none.
    var pendingAttribute: (at: Int, name: String)? {
        guard attributeToken >= 0, Int(attributeToken) < tokens.count, case .attribute(let name) = tokens[Int(attributeToken)].kind else { return nil }
        return (Int(attributeToken), name)
    }

    /// The property wrapper written before the `var` at `varToken` (its name and arguments, parsed there again); nil
    /// for none.
    mutating func wrapperUse(before varToken: Int) throws(Abort) -> PropertyWrapperUse? {
        guard let at = wrapperAttribute(before: varToken), case .attribute(let name) = tokens[at].kind else { return nil }
        let resume = index
        index = at
        defer { index = resume }
        let start = advance().range
        var arguments: [Argument] = []
        if check(.lparen), touchesPrevious {
            let open = advance()
            arguments = try parseArguments(close: .rparen, open: open)
        }
        return PropertyWrapperUse(name: name, arguments: arguments, range: range(from: start))
    }

    /// Goes back to a property wrapper's attribute `skipAttributes` read just before, for a parser that reads attributes
    /// itself (an intent's).
    mutating func unreadWrapper() {
        if let at = wrapperAttribute(before: index) { index = at }
    }

    /// The frameworks' attributes on properties that their own parsers read (`@Parameter` in an intent, `@Property` in an
    /// entity, `@Dependency`).
    static let frameworkPropertyAttributes: Set<String> = ["Parameter", "Property", "ComputedProperty", "DeferredProperty", "Dependency"]

    /// Skips `( … )`, nested ones included.
    mutating func skipBalancedParentheses() {
        var depth = 0
        repeat {
            if check(.lparen) { depth += 1 } else if check(.rparen) { depth -= 1 }
            advance()
        } while depth > 0 && !atEnd
    }

    /// `: AppIntent, Sendable` after a struct's name: the protocols listed, or nil when the list is not there.
    mutating func parseConformanceList() throws(Abort) -> [String]? {
        guard check(.colon) else { return nil }
        advance()
        var names: [String] = []
        repeat { names.append(try expectProtocolName().0) } while match(.comma)
        return names
    }

    /// A protocol's name in a conformance list, after the attributes Swift allows there (`@unchecked Sendable`,
    /// `@MainActor P`, `@preconcurrency P`, `@retroactive P`), which change nothing here.
    mutating func expectProtocolName() throws(Abort) -> (String, SourceRange) {
        skipConformanceAttributes()
        return try expectIdentifier("a protocol name")
    }

    mutating func skipConformanceAttributes() {
        while case .attribute = current.kind { advance() }
    }

    // MARK: Static metadata

    /// The metadata keys a Swift-form intent writes as static properties.
    static let staticMetadataKeys: Set<String> = ["title", "description", "isDiscoverable", "parameterSummary", "openAppWhenRun", "supportedModes",
                                                   "authenticationPolicy"]

    /// `static let title: LocalizedStringResource = "…"`, `static var description = IntentDescription("…")`,
    /// `static var title: LocalizedStringResource { "…" }`, `static var parameterSummary: some ParameterSummary { Summary("…") }`:
    /// the same metadata as `title: "…"`. Returns false when the member is not one of them.
    mutating func parseStaticMetadataIfPresent(into members: inout Members, declaration: String) throws(Abort) -> Bool {
        guard let (key, keyRange, parsed) = try parseStaticValueIfPresent(named: Parser.staticMetadataKeys) else { return false }
        guard let value = parsed else { return true }
        if members.metadata.contains(where: { $0.key == key }) { error(.duplicateMetadata(key), at: keyRange) }
        members.metadata.append(Metadata(key: key, keyRange: keyRange, value: Parser.metadataValue(value)))
        return true
    }

    /// `static let NAME[: T] = value` or `static var NAME: T { value }` for one of `names`: the name, where it
    /// stands, and the value (nil, reported, when a computed body is more than one value). Nil when the
    /// member is not such a property.
    mutating func parseStaticValueIfPresent(named names: Set<String>) throws(Abort) -> (key: String, keyRange: SourceRange, value: Expr?)? {
        guard checkWord("static"), [.keyword(.let), .keyword(.var)].contains(peekToken().kind),
              case .identifier(let key) = peekToken(2).kind, names.contains(key) else { return nil }
        advance()
        advance()
        let keyRange = advance().range
        if match(.colon) {
            if checkWord("some") { advance() }
            _ = try parseType()
        }
        if match(.assign) { return (key, keyRange, try parseExpression()) }
        guard check(.lbrace) else { try fail(expected: "'=' or '{' after 'static var \(key)'") }
        let body = try parseBlock()
        // `{ "…" }` or `{ return TypeDisplayRepresentation(…) }`.
        if body.statements.count == 1 {
            switch body.statements[0].kind {
            case .expression(let e), .return(let e?): return (key, keyRange, e)
            default: break
            }
        }
        error(.expected("one value in the body of '\(key)'", found: "\(body.statements.count) statements"), at: body.range)
        return (key, keyRange, nil)
    }

    /// The text inside Apple's wrappers: `LocalizedStringResource("…")`, `IntentDescription("…", categoryName: …)` (or
    /// `stringLiteral:`),
    /// `Summary("Log \(\.$shots)")` (a key path to a parameter reads as the parameter's name).
    static func metadataValue(_ e: Expr) -> Expr {
        if case .call(let callee, let args) = e.kind, case .identifier(let wrapper) = callee.kind,
           ["LocalizedStringResource", "IntentDescription", "Summary", "IntentDialog"].contains(wrapper), let first = args.first,
           first.label == nil || first.label == "stringLiteral" {   // `IntentDescription(stringLiteral: "…")`
            return metadataValue(first.value)
        }
        if case .string(let parts) = e.kind {
            return Expr(.string(parts.map { part in
                if case .interpolation(let inner) = part, case .keyPath(let path, nil) = inner.kind, path.count == 1, path[0].hasPrefix("$") {
                    return .interpolation(Expr(.identifier(String(path[0].dropFirst())), inner.range))
                }
                return part
            }), e.range)
        }
        return e
    }

    /// `static let shared = M()` (or `: M = .init()`): the one instance a store class declares; the store's own.
    mutating func skipSharedInstanceIfPresent() -> Bool {
        skipModifiers()
        guard checkWord("static"), [.keyword(.let), .keyword(.var)].contains(peekToken().kind), peekToken(2).kind == .identifier("shared") else { return false }
        advance()
        advance()
        advance()
        if match(.colon) { _ = try? parseType() }
        if match(.assign) { _ = try? parseExpression() }
        return true
    }

    // MARK: Initialisers

    /// `init[?](…) [async] [throws] { … }`: an initialiser, as a mutating function named `init`; nil when the member is none.
    mutating func parseInitializerIfPresent() throws(Abort) -> FunctionDecl? {
        let isFailable = peekToken().kind == .punct(.question) && peekToken(2).kind == .punct(.lparen)
        guard checkWord("init"), peekToken().kind == .punct(.lparen) || isFailable else { return nil }
        advance()
        if isFailable { advance() }
        let parameters = try parseParameters()
        var isThrowing = false, isAsync = false
        while checkWord("async") || checkWord("throws") { isThrowing = isThrowing || checkWord("throws"); isAsync = isAsync || checkWord("async"); advance() }
        var initializer = FunctionDecl(name: "init", parameters: parameters, returnType: nil, body: try parseBlock(), isMutating: true, isThrowing: isThrowing)
        initializer.isAsync = isAsync
        initializer.isFailable = isFailable
        return initializer
    }

    /// `init() {}`, `init(shots: EspressoShot) { self.shots = shots }` in an intent: an intent is always
    /// made from its parameters by label (SPEC §5.2), which is what such an initialiser does, so it
    /// is checked to do only that and then needs nothing more. Returns false when the member is no `init`.
    mutating func parseIntentInitIfPresent(declaration: String) throws(Abort) -> FunctionDecl? {
        guard let initializer = try parseInitializerIfPresent() else { return nil }
        if let extra = Parser.extraWork(in: initializer) {
            error(.expected("only 'self.name = name' for its parameters in an initialiser of \(declaration)", found: "another statement"),
                  at: extra.range, notes: ["an intent is made from its parameters by label; other work belongs in 'perform'"])
        }
        return initializer
    }
}

extension Parser {
    // MARK: Classes as stores

    /// In a store written as a class: `static let shared = M()` (a store is shared already) and an
    /// `init` with an empty body (a store starts from its fields' defaults). Returns whether it skipped one.
    mutating func skipStoreBoilerplateIfPresent(store: String) throws(Abort) -> Bool {
        if skipSharedInstanceIfPresent() { return true }
        if let initializer = try parseInitializerIfPresent() {
            if !initializer.parameters.isEmpty || !initializer.body.statements.isEmpty {
                error(.expected("an empty 'init()' in store '\(store)'", found: "an initialiser with work to do"), at: initializer.body.range,
                      notes: ["a store starts from its properties' defaults, or from the file"])
            }
            return true
        }
        return false
    }
}

extension Parser {
    // MARK: Extensions

    /// extensionBody = "{" { staticMetadata | "init" parameters block | property | function } "}" ;
    mutating func parseExtensionBody(name: String, conformances: [String]) throws(Abort) -> ExtensionDecl {
        var members = Members()
        var initializers: [FunctionDecl] = []
        try parseMemberList { (p: inout Parser) throws(Abort) in
            p.skipModifiers()
            if try p.parseStaticMetadataIfPresent(into: &members, declaration: "extension '\(name)'") { return }
            if try p.parseDisplayRepresentationsIfPresent(into: &members) { return }
            if let initializer = try p.parseInitializerIfPresent() {
                initializers.append(initializer)
                return
            }
            if try p.parseCommonMember(into: &members, allowsStatic: true) { return }
            try p.fail(expected: "an initialiser, a property or a function in extension '\(name)'")
        }
        return ExtensionDecl(name: name, members: members, initializers: initializers, conformances: conformances)
    }

    /// The first statement of an intent's `init` that does more than `self.name = name` for its parameters.
    static func extraWork(in initializer: FunctionDecl) -> Stmt? {
        let names = Set(initializer.parameters.map(\.name))
        return initializer.body.statements.first { s in
            if case .assign(let target, .assign, let value) = s.kind, case .member(let base, let field, _) = target.kind, case .self = base.kind,
               case .identifier(let source) = value.kind, source == field, names.contains(source) { return false }
            return true
        }
    }
}

extension Parser {
    // MARK: Views

    /// What `@Environment(\.key)` holds on a phone in light mode held upright: `colorScheme` is `.light`, the size
    /// classes `.compact` and `.regular`, `dismiss` and `openURL` do nothing here; any other key nil.
    static func environmentValue(_ key: String, at r: SourceRange) -> Expr {
        let symbols = ["colorScheme": "light", "horizontalSizeClass": "compact", "verticalSizeClass": "regular", "dynamicTypeSize": "large",
                       "colorSchemeContrast": "standard", "layoutDirection": "leftToRight"]
        if let symbol = symbols[key] { return Expr(.implicitMember(symbol), r) }
        switch key {
        case "isEnabled": return Expr(.bool(true), r)
        case "displayScale": return Expr(.double(3), r)
        case "dismiss", "openURL", "refresh":
            return Expr(.closure(ClosureExpr(parameters: key == "openURL" ? ["_"] : [], parameterRanges: key == "openURL" ? [r] : [], body: Block([], r))), r)
        default: return Expr(.nil, r)
        }
    }

    /// `struct V: View { let model: M; private var count: Int { model.count }; var body: some View { … } }`:
    /// the stored properties are the view's parameters, by label in order (its memberwise initialiser);
    /// `body` is the view; the rest are members its body sees.
    mutating func parseSwiftViewBody(name: String, at nameRange: SourceRange) throws(Abort) -> ViewDecl {
        var members = Members()
        var parameters: [Parameter] = []
        var body: Block?
        try parseMemberList { (p: inout Parser) throws(Abort) in
            // `@Environment(\.colorScheme) var colorScheme`: what a phone's environment holds (`environmentValue`), not a parameter.
            var environmentKey: String?
            if case .attribute("Environment") = p.current.kind, p.peekToken().kind == .punct(.lparen), p.peekToken(2).kind == .punct(.backslash),
               case .identifier(let key) = p.peekToken(4).kind {
                environmentKey = key
            }
            p.skipModifiers()
            if p.check(.var), p.peekToken().kind == .identifier("body"), p.peekToken(2).kind == .punct(.colon) {
                p.advance()
                p.advance()
                p.advance()
                if p.checkWord("some") { p.advance() }
                _ = try p.parseType()
                body = try p.parseBlock()
                return
            }
            if p.check(.let) || p.check(.var) {
                let start = p.current.range
                p.refuseAsyncLetMember()
                let decls = try p.parseVarDecls()
                let range = p.range(from: start)
                for var d in decls {
                    if let environmentKey {
                        if d.initializer == nil { d.initializer = Parser.environmentValue(environmentKey, at: d.nameRange) }
                        members.properties.append(Stmt(.variable(d), range))
                        continue
                    }
                    members.properties.append(Stmt(.variable(d), range))
                    // A stored property is a parameter, unless it is a `let` with its value already.
                    guard d.getter == nil, !(d.isConstant && d.initializer != nil) else { continue }
                    parameters.append(Parameter(label: d.name, name: d.name, type: d.type, defaultValue: d.initializer, range: d.nameRange))
                }
                return
            }
            if try p.parseCommonMember(into: &members, allowsStatic: true) { return }
            try p.fail(expected: "a property, a function or 'var body: some View' in view '\(name)'")
        }
        guard let body else {
            error(.expected("'var body: some View { … }' in view '\(name)'", found: "none"), at: nameRange)
            return ViewDecl(name: name, parameters: parameters, body: Block([], nameRange), members: members)
        }
        return ViewDecl(name: name, parameters: parameters, body: body, members: members)
    }
}

extension Parser {
    // MARK: The app

    /// appBody = "{" { "init" "(" ")" block | "var" "body" ":" "some" "Scene" block | property | function } "}" ;
    /// `body` is parsed and not checked: there are no windows off device.
    mutating func parseAppBody(name: String) throws(Abort) -> AppDecl {
        var members = Members()
        var initializer: Block?
        try parseMemberList { (p: inout Parser) throws(Abort) in
            p.skipModifiers()
            if let declared = try p.parseInitializerIfPresent() {
                if let first = declared.parameters.first { p.error(.expected("'init()'", found: "parameters"), at: first.range) }
                initializer = declared.body
                return
            }
            if p.check(.var), p.peekToken().kind == .identifier("body"), p.peekToken(2).kind == .punct(.colon) {
                for _ in 0..<3 { p.advance() }
                if p.checkWord("some") { p.advance() }
                _ = try p.parseType()
                _ = try p.parseBlock()
                return
            }
            if try p.parseCommonMember(into: &members, allowsStatic: true) { return }
            try p.fail(expected: "'init()', 'var body: some Scene', a property or a function in app '\(name)'")
        }
        return AppDecl(name: name, members: members, initializer: initializer)
    }
}

extension Parser {
    // MARK: App Shortcuts

    /// providerBody = "{" "static" "var" "appShortcuts" ":" type block { other member } "}" ;
    /// The block holds the `AppShortcut(…)` values, as the concise `appShortcuts { … }` does.
    mutating func parseShortcutsProviderBody(name: String) throws(Abort) -> Block {
        var shortcuts: Block?
        try parseMemberList { (p: inout Parser) throws(Abort) in
            p.skipModifiers()
            if p.checkWord("static"), [.keyword(.let), .keyword(.var)].contains(p.peekToken().kind), p.peekToken(2).kind == .identifier("appShortcuts") {
                for _ in 0..<3 { p.advance() }
                if p.match(.colon) { _ = try p.parseType() }
                shortcuts = try p.parseBlock()
                return
            }
            // `shortcutTileColor` and the like: shown by a device, nothing here.
            if p.checkWord("static") {
                p.advance()
                var skipped = Members()
                if try p.parseCommonMember(into: &skipped) { return }
            }
            try p.fail(expected: "'static var appShortcuts' in '\(name)'")
        }
        return shortcuts ?? Block([], previous.range)
    }
}
