extension Parser {
    /// Which declaration, if any, starts at the current token.
    func declarationStart() -> ContextualKeyword? {
        let next = peekToken()
        switch current.kind {
        case .identifier("prefix"), .identifier("postfix"): return next.kind == .keyword(.func) ? .mutating : nil   // an operator's function
        case .identifier(let word):
            guard let keyword = ContextualKeyword(spelling: word), !next.atLineStart || keyword == .appShortcuts else { return nil }
            switch keyword {
            case .app, .test, .shortcut:
                if case .string = next.kind { return keyword }
            case .appShortcuts:
                if next.kind == .punct(.lbrace), !next.atLineStart { return keyword }
            case .store, .intent, .snippet, .entity, .enum, .struct, .view:
                if case .identifier = next.kind { return keyword }
            case .mutating:
                if next.kind == .keyword(.func) { return keyword }
            case .run, .show:
                return nil
            }
            return nil
        case .keyword(.func): return .mutating   // `func` and `mutating func` parse alike
        default: return nil
        }
    }

    /// declaration = app | import | function | intent | snippet | view | enum | entity
    ///             | struct | store | flow | appShortcuts | test ;
    mutating func parseDeclarationIfPresent() throws(Abort) -> Decl? {
        let start = current.range
        let doc = docComments[start.start]
        if check(.import) {
            advance()
            // `import Foundation`, `import struct SwiftUI.Text`: a module of Apple's SDK, built in here.
            if case .identifier = current.kind {
                if case .identifier = peekToken().kind, !peekToken().atLineStart { advance() }   // `import struct …`
                var name = try expectIdentifier().0
                let nameRange = previous.range
                while check(.dot), case .identifier(let part) = peekToken().kind {
                    advance()
                    advance()
                    name += "." + part
                }
                let module = name.split(separator: ".").first.map(String.init) ?? name
                if !Parser.knownModules.contains(module) {
                    error(.unknownModule(module, known: Parser.knownModules), at: nameRange)
                }
                return Decl(.importModule(name), range: range(from: start), nameRange: nameRange, doc: doc)
            }
            guard case .string(let segments) = current.kind, case .text(let path)? = segments.first, segments.count == 1 else {
                try fail(expected: "a file path string after 'import'")
            }
            let pathRange = advance().range
            return Decl(.importFile(path), range: range(from: start), nameRange: pathRange, doc: doc)
        }
        if checkWord("typealias") {
            advance()
            let (name, nameRange) = try expectIdentifier("the alias's name")
            _ = try expect(.assign, "'=' and a type after 'typealias \(name)'")
            return Decl(.typeAlias(name, try parseType()), range: range(from: start), nameRange: nameRange, doc: doc)
        }
        // Swift-isms people paste: `struct X: AppIntent`, `static let title = …`.
        if checkWord("static") {
            let nextWord = peekToken().kind
            if nextWord == .keyword(.let) || nextWord == .keyword(.var) || nextWord == .keyword(.func) {
                var hint = "remove 'static'"
                if case .identifier(let key) = peekToken(2).kind, Parser.metadataKeys.contains(key) {
                    hint = "write '\(key): …' at the top of the declaration"
                }
                error(.swiftism(found: "static", suggestion: hint), at: current.range)
                throw Abort()
            }
        }
        // `protocol Shape { … }`: what conforming types declare (`Protocols`).
        if checkWord("protocol"), case .identifier(let name) = peekToken().kind, !peekToken().atLineStart {
            advance()
            let nameRange = advance().range
            return Decl(.protocolDecl(try parseProtocolBody(name: name)), range: range(from: start), nameRange: nameRange, doc: doc)
        }
        // `extension X { … }`, `extension X: AppEnum { … }`.
        if checkWord("extension"), case .identifier(let name) = peekToken().kind, !peekToken().atLineStart {
            advance()
            let nameRange = advance().range
            let conformances = try parseConformanceList() ?? []
            var none: [GenericParameter] = [], requirements: [GenericParameter] = []
            skipWhereClause(&none, outer: &requirements)
            var body = try parseExtensionBody(name: name, conformances: conformances)
            body.requirements = requirements
            return Decl(.extension(body), range: range(from: start), nameRange: nameRange, doc: doc)
        }
        // `final class M { … }`, `actor M { … }`: a store (SPEC §13).
        if checkWord("class") || checkWord("actor"), case .identifier(let name) = peekToken().kind, !peekToken().atLineStart {
            let (isFinal, isActor) = (precededByFinal(), checkWord("actor"))
            advance()
            let nameRange = advance().range
            var generics = try parseGenericParameters()
            let listStart = index
            let conformances = try parseConformanceList() ?? []
            let conformanceRanges = tokens[listStart..<index].filter { if case .identifier = $0.kind { return true }; return false }.map(\.range)
            skipWhereClause(&generics)   // `struct Box<T> where T: Equatable`: T's constraint
            // `class P: AppShortcutsProvider` is the App Shortcuts, as the struct form is.
            if conformances.contains("AppShortcutsProvider") {
                return Decl(.appShortcuts(try parseShortcutsProviderBody(name: name)), range: range(from: start), nameRange: nameRange, doc: doc)
            }
            var body = try parseTypeBody(name: name, kind: .class)
            (body.isFinal, body.isActor) = (isFinal, isActor)
            body.generics = generics
            (body.conformances, body.conformanceRanges) = (conformances, conformanceRanges)   // a superclass among them is refused by `Protocols`
            return Decl(.type(body), range: range(from: start), nameRange: nameRange, doc: doc)
        }
        guard let keyword = declarationStart() else { return nil }
        let kind: DeclKind
        var nameRange = start
        switch keyword {
        case .app:
            advance()
            let (title, r) = try parsePlainString("an app name")
            nameRange = r
            kind = .app(title)
        case .test, .shortcut:
            advance()
            let (title, r) = try parsePlainString(keyword == .test ? "a test name" : "a shortcut title")
            nameRange = r
            let body = try parseBlock()
            kind = keyword == .test ? .test(title, body) : .flow(title, body)
        case .appShortcuts:
            advance()
            kind = .appShortcuts(try parseBlock())
        case .mutating:
            let function = try parseFunction()
            nameRange = function.1
            kind = .function(function.0)
        case .intent, .snippet:
            advance()
            let (name, r) = try expectIdentifier("an intent name")
            nameRange = r
            kind = .intent(try parseIntentBody(name: name, isSnippet: keyword == .snippet))
        case .view:
            advance()
            let (name, r) = try expectIdentifier("a view name")
            nameRange = r
            var parameters: [Parameter] = []
            if check(.lparen) { parameters = try parseParameters() }
            let body = try parseBlock()
            kind = .view(ViewDecl(name: name, parameters: parameters, body: body))
        case .enum:
            let isIndirect = precededBy("indirect")
            advance()
            _ = takeSchema()   // `@AppEnum(schema: …)`: an enum is an AppEnum here by its cases' titles anyway
            let (name, r) = try expectIdentifier("an enum name")
            nameRange = r
            let generics = try parseGenericParameters()
            var body = try parseEnumBody(name: name)
            (body.generics, body.isIndirect) = (generics, isIndirect)
            kind = .enumeration(body)
        case .struct, .entity, .store:
            advance()
            let (name, r) = try expectIdentifier("a \(keyword.rawValue) name")
            nameRange = r
            var generics = try parseGenericParameters()
            if keyword == .struct, let swiftForm = try parseSwiftFormStructIfPresent(name: name, nameRange: r) {
                return Decl(swiftForm, range: range(from: start), nameRange: nameRange, doc: doc)
            }
            // The standard conformances a Swift developer writes (SPEC §3.2), whose meaning is built in, and the program's
            // own protocols (`Protocols` refuses any other name).
            var conformances: [(name: String, range: SourceRange)] = []
            if check(.colon) {
                let colon = advance()
                let first = (try? expectProtocolName()) ?? ("", previous.range)
                let suggestion = ["AppIntent": "write 'intent \(name) { … }'", "SnippetIntent": "write 'snippet \(name) { … }'",
                                  "AppEntity": "write 'entity \(name) { … }'", "AppEnum": "write 'enum \(name) { … }'"][first.0]
                if let suggestion {
                    error(.swiftism(found: ": \(first.0)", suggestion: suggestion), at: colon.range.union(previous.range))
                    throw Abort()
                }
                if !first.0.isEmpty { conformances.append(first) }
                while match(.comma) { conformances.append(try expectProtocolName()) }
            }
            skipWhereClause(&generics)   // `struct Box<T> where T: Equatable`: T's constraint
            let typeKind: TypeDecl.Kind = keyword == .struct ? .struct : keyword == .entity ? .entity : .store
            var body = try parseTypeBody(name: name, kind: typeKind)
            (body.conformances, body.conformanceRanges) = (conformances.map(\.name), conformances.map(\.range))
            body.generics = generics
            kind = .type(body)
        case .run, .show:
            return nil
        }
        return Decl(kind, range: range(from: start), nameRange: nameRange, doc: doc)
    }

    /// function = ["mutating"] "func" name "(" [parameter {"," parameter}] ")" ["async"] ["throws"] ["->" type] block ;
    mutating func parseFunction() throws(Abort) -> (FunctionDecl, SourceRange) {
        let isMutating = checkWord("mutating")
        if isMutating { advance() }
        let fixity = checkWord("prefix") ? "prefix" : checkWord("postfix") ? "postfix" : ""
        if !fixity.isEmpty { advance() }
        _ = try expect(.func)
        let builds = takeViewBuilder()
        let name: String, nameRange: SourceRange
        // `static func < (a: P, b: P) -> Bool`, `static func + (a: V, b: V) -> V`, `static prefix func - (v: V) -> V`: an
        // operator a type gives itself (Swift's operator overloading). A prefix operator is named `prefix-`.
        var isOperator = false
        if case .punct(let p) = current.kind, Parser.overloadableOperators.contains(p.rawValue) {
            name = fixity + p.rawValue
            nameRange = advance().range
            isOperator = true
        } else if case .customOperator(let op) = current.kind {
            // `func ** (a: Int, b: Int) -> Int`, `prefix func √ (x: Double) -> Double` of a declared operator (`CustomOperators`).
            name = fixity + op.spelling
            nameRange = advance().range
            isOperator = true
        } else {
            (name, nameRange) = try expectIdentifier("a function name")
        }
        var generics = try parseGenericParameters()
        var parameters = try parseParameters()
        // An operator's operands have no argument labels: `a + b`.
        if isOperator { for i in parameters.indices { parameters[i].label = nil } }
        var isThrowing = false, isAsync = false, isRethrowing = false
        var thrownType: TypeRef?
        while checkWord("async") || checkWord("throws") || checkWord("rethrows") {
            if checkWord("async") { isAsync = true } else { isThrowing = true }
            if checkWord("rethrows") {
                isRethrowing = true
                // Nothing it could rethrow: no parameter is a function (a closure's type, optional or not).
                if !parameters.contains(where: { $0.type.map(Parser.isFunctionType) ?? false }) { error(.rethrowsWithoutFunction, at: current.range) }
            }
            advance()
            if isThrowing, !isRethrowing, thrownType == nil { thrownType = try parseThrownTypeIfPresent() }
        }
        var returnType: TypeRef?
        var composition: [TypeRef] = []
        if match(.arrow) {
            let isOpaque = checkWord("some")
            if isOpaque { advance() }
            joinsProtocols = !isOpaque
            defer { joinsProtocols = true }
            returnType = try parseType()
            // `some IntentResult & ProvidesDialog & ReturnsValue<Double>`: the result protocols of a perform.
            if isOpaque, let first = returnType { composition = [first] }
            while match(.ampersand) { composition.append(try parseType()) }
        }
        var outer: [GenericParameter] = []
        sameTypeRequirements = []
        skipWhereClause(&generics, outer: &outer)
        let sameTypes = sameTypeRequirements
        let body = Parser.viewBuilt(try parseBlock(), builds)
        var function = FunctionDecl(name: name, parameters: parameters, returnType: returnType, body: body, isMutating: isMutating, isThrowing: isThrowing)
        function.generics = generics
        function.outerRequirements = outer
        function.sameTypeRequirements = sameTypes
        function.resultProtocols = composition
        function.isAsync = isAsync
        function.isRethrowing = isRethrowing
        function.thrownType = thrownType
        return (function, nameRange)
    }

    /// `(BankError)` after `throws`: the type of a typed `throws`; nil, with nothing read, when no `(` follows on its line.
    mutating func parseThrownTypeIfPresent() throws(Abort) -> TypeRef? {
        guard check(.lparen), !current.atLineStart else { return nil }
        advance()
        let type = try parseType()
        _ = try expect(.rparen, "')' after the thrown error's type")
        return type
    }

    mutating func expect(_ keyword: Keyword) throws(Abort) -> Token {
        if check(keyword) { return advance() }
        try fail(expected: "'\(keyword.rawValue)'")
    }

    /// The operators a type may declare for itself (`static func +`), binary, compound and prefix.
    public static let overloadableOperators: Set<String> = ["+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=", "+=", "-=", "*=", "/=", "%=",
                                                     "&", "|", "^", "<<", ">>", "!", "~"]

    static let metadataKeys: Set<String> = ["title", "description", "isDiscoverable", "parameterSummary", "openAppWhenRun", "display"]

    /// A `key: value` line at the head of an intent, enum or entity.
    mutating func parseMetadataIfPresent(into members: inout Members, allowed: [String], declaration: String) throws(Abort) -> Bool {
        guard case .identifier(let key) = current.kind, peekToken().kind == .punct(.colon), !peekToken().atLineStart else { return false }
        let keyRange = advance().range
        advance()
        let value = try parseExpression()
        if !allowed.contains(key) {
            error(.unknownMetadata(key: key, declaration: declaration, known: allowed), at: keyRange)
        } else if members.metadata.contains(where: { $0.key == key }) {
            error(.duplicateMetadata(key), at: keyRange)
        }
        members.metadata.append(Metadata(key: key, keyRange: keyRange, value: value))
        return true
    }

    /// Runs `body` for each member of a `{ … }` declaration body, recovering after errors.
    mutating func parseMemberList(_ body: (inout Parser) throws(Abort) -> Void) throws(Abort) {
        let open = try expect(.lbrace, "'{'")
        try enter()
        defer { leave() }
        newlineSignificant.append(true)
        defer { newlineSignificant.removeLast() }
        try recoveringList(until: [.rbrace], declarations: true, body)
        try expectClose(.rbrace, open: open)
    }

    /// typeBody = "{" { metadata | property | function | query } "}" ;
    /// query = "query" "{" { "suggested" block | "matching" "(" name ")" block | "byIDs" "(" name ")" block } "}" ;
    mutating func parseTypeBody(name: String, kind: TypeDecl.Kind) throws(Abort) -> TypeDecl {
        var members = Members()
        var query: QueryDecl?
        var declaresShared = false, deinitializer: Block?
        var overrides: [String: SourceRange] = [:], staticOverrides: [String: SourceRange] = [:]
        let allowed = kind == .entity ? ["title", "display"] : []
        try parseMemberList { (p: inout Parser) throws(Abort) in
            if kind == .entity, try p.parseMetadataIfPresent(into: &members, allowed: allowed, declaration: "entity '\(name)'") { return }
            if kind == .entity, p.checkWord("query"), p.peekToken().kind == .punct(.lbrace) {
                let start = p.advance().range
                var q = QueryDecl(suggested: nil, matching: nil, byIDs: nil, range: start)
                try p.parseMemberList { (p: inout Parser) throws(Abort) in
                    guard case .identifier(let word) = p.current.kind else { try p.fail(expected: "'suggested', 'matching' or 'byIDs'") }
                    switch word {
                    case "suggested":
                        p.advance()
                        q.suggested = try p.parseBlock()
                    case "matching", "byIDs":
                        p.advance()
                        let open = try p.expect(.lparen, "'(' and a parameter name after '\(word)'")
                        let (parameter, _) = try p.expectIdentifier("a parameter name")
                        try p.expectClose(.rparen, open: open)
                        let body = try p.parseBlock()
                        if word == "matching" { q.matching = (parameter, body) } else { q.byIDs = (parameter, body) }
                    default:
                        try p.fail(expected: "'suggested', 'matching' or 'byIDs'")
                    }
                }
                q.range = p.range(from: start)
                query = q
                return
            }
            if kind == .store, try p.skipStoreBoilerplateIfPresent(store: name) { return }
            if kind == .class, p.skipSharedInstanceIfPresent() {
                declaresShared = true
                return
            }
            // A class's subscript setter changes the instance it is called on: not `mutating`.
            if kind == .class || kind == .store, try p.parseSubscriptIfPresent(into: &members, mutating: false) { return }
            // `override func`, `override var`: noted by name, for `Inheritance` to check against the superclass.
            if kind == .class, try p.parseOverrideIfPresent(into: &members, overrides: &overrides, staticOverrides: &staticOverrides) { return }
            if try p.parseCommonMember(into: &members, allowsStatic: true, inClass: kind == .class) { return }
            if kind == .class, p.checkWord("deinit"), p.peekToken().kind == .punct(.lbrace) {   // `TypeDecl.deinitializer`
                p.advance()
                deinitializer = try p.parseBlock()
                return
            }
            let what = kind == .entity ? "metadata, a property, a function or 'query'" : "a property or a function"
            try p.fail(expected: "\(what) in \(kind.rawValue) '\(name)'")
        }
        var decl = TypeDecl(kind: kind, name: name, members: members, query: query)
        (decl.declaresShared, decl.overrides, decl.staticOverrides, decl.deinitializer) = (declaresShared, overrides, staticOverrides, deinitializer)
        return decl
    }
}
