/// `enum` bodies: cases with raw values, titles and associated values, and members.
extension Parser {
    /// enumBody = "{" { metadata | "case" enumCase {"," enumCase} | property | function } "}" ;
    /// enumCase = name [payload] ["=" literal] [string] ;
    mutating func parseEnumBody(name: String) throws(Abort) -> EnumDecl {
        var rawType: TypeRef?
        var conformances: [String] = []
        if match(.colon) {
            // `: String, CaseIterable`: a raw type first, if any; conformances are implied (SPEC §3.2).
            skipConformanceAttributes()
            var listed = [try parseType()]
            while match(.comma) { skipConformanceAttributes(); listed.append(try parseType()) }
            if case .named(let first) = listed[0].kind, !TypeDecl.conformances.contains(first), first != "AppEnum" { rawType = listed[0] }
            conformances = listed.compactMap { if case .named(let n) = $0.kind { return n }; return nil }
            for (i, t) in listed.enumerated() where listed[..<i].contains(where: { $0.description == t.description }) {
                error(.redundantConformance(type: name, protocol: t.description), at: t.range)   // `enum E: P, P`
            }
        }
        var members = Members()
        var cases: [EnumCaseDecl] = []
        try parseMemberList { (p: inout Parser) throws(Abort) in
            if try p.parseMetadataIfPresent(into: &members, allowed: ["title", "description"], declaration: "enum '\(name)'") { return }
            p.skipModifiers()   // `indirect case`, `public static func`
            let isIndirect = p.precededBy("indirect")
            if p.match(.case) {
                repeat {
                    let start = p.current.range
                    let (caseName, _) = try p.expectIdentifier("a case name")
                    let payload = p.check(.lparen) && p.touchesPrevious ? try p.parsePayload() : nil
                    var rawValue: Expr?
                    if p.match(.assign) { rawValue = try p.check(.minus) ? p.parseUnary() : p.parsePrimary() }   // `= -1`
                    var title: String?
                    if case .string = p.current.kind { title = try p.parsePlainString("a case title").0 }
                    cases.append(EnumCaseDecl(name: caseName, payload: payload, rawValue: rawValue, title: title, range: p.range(from: start),
                                              isIndirect: isIndirect))
                } while p.match(.comma)
                return
            }
            if try p.parseDisplayRepresentationsIfPresent(into: &members) { return }
            if try p.parseCommonMember(into: &members, allowsStatic: true, kinds: "enums") { return }
            try p.fail(expected: "metadata, 'case', a property or a function in enum '\(name)'")
        }
        var decl = EnumDecl(name: name, rawType: rawType, cases: cases, members: members)
        decl.conformances = conformances
        decl.applyCaseTitles(&diagnostics)
        return decl
    }

    /// payload = "(" [ name ":" ] type { "," [ name ":" ] type } ")" ;   (`case circle(radius: Double)`)
    mutating func parsePayload() throws(Abort) -> [(label: String?, type: TypeRef)] {
        try parseLabelledList { (p: inout Parser) throws(Abort) in try p.parseType() }.map { ($0.label, $0.value) }
    }

    /// `( [name ":"] element { "," [name ":"] element } )`: the elements of a parenthesised list with their labels.
    mutating func parseLabelledList<T>(_ element: (inout Parser) throws(Abort) -> T) throws(Abort) -> [(label: String?, value: T)] {
        let open = advance()
        var items: [(label: String?, value: T)] = []
        repeat {
            if check(.rparen) { break }
            var label: String?
            if case .identifier(let name) = current.kind, peekToken().kind == .punct(.colon) {
                label = name
                advance()
                advance()
            } else if current.kind == .punct(.underscore), case .identifier = peekToken().kind, peekToken(2).kind == .punct(.colon) {
                // `case message(_ text: String)`: no argument label, a name for the element (Swift allows no other pair).
                advance()
                advance()
                advance()
            }
            items.append((label, try element(&self)))
        } while match(.comma)
        try expectClose(.rparen, open: open)
        return items
    }

    // MARK: AppEnum's display representations

    /// `static var typeDisplayRepresentation: TypeDisplayRepresentation = "Espresso Shot"` (the enum's title) and
    /// `static var caseDisplayRepresentations: [E: DisplayRepresentation] = [.single: "Single", …]` (its cases'
    /// titles; `DisplayRepresentation(title: "…", image: …)` gives its title). Kept as metadata: `title`
    /// and `case.NAME`, which `EnumDecl.applyCaseTitles` gives to the cases.
    mutating func parseDisplayRepresentationsIfPresent(into members: inout Members) throws(Abort) -> Bool {
        guard let (key, keyRange, parsed) = try parseStaticValueIfPresent(named: ["typeDisplayRepresentation", "caseDisplayRepresentations"]) else {
            return false
        }
        guard let value = parsed else { return true }
        if key == "typeDisplayRepresentation" {
            members.metadata.append(Metadata(key: "title", keyRange: keyRange, value: Parser.displayTitle(value) ?? value))
            return true
        }
        guard case .dictionary(let pairs) = value.kind else {
            error(.expected("a dictionary literal of case titles", found: "another expression"), at: value.range)
            return true
        }
        for pair in pairs {
            // `.landmarks: …` or, written out, `NavigationOption.landmarks: …`.
            var key: String?
            switch pair.key.kind {
            case .implicitMember(let name), .member(_, let name, _): key = name
            default: key = nil
            }
            guard let caseName = key, let title = Parser.displayTitle(pair.value) else {
                error(.expected("'.case: \"Title\"'", found: "another entry"), at: pair.key.range)
                continue
            }
            members.metadata.append(Metadata(key: "case." + caseName, keyRange: pair.key.range, value: title))
        }
        return true
    }

    /// A getter's body with each `return DisplayRepresentation(title: …)` returning the title, as `displayTitle` reads it.
    static func returningDisplayTitles(_ block: Block) -> Block {
        func statement(_ s: Stmt) -> Stmt {
            switch s.kind {
            case .return(let e?): return Stmt(.return(displayTitle(e) ?? e), s.range)
            case .if(let conditions, let body, let otherwise):
                return Stmt(.if(conditions, returningDisplayTitles(body), else: otherwise.map(statement)), s.range)
            case .block(let body): return Stmt(.block(returningDisplayTitles(body)), s.range)
            case .guard(let conditions, let body): return Stmt(.guard(conditions, returningDisplayTitles(body)), s.range)
            case .switch(let subject, let cases):
                return Stmt(.switch(subject, cases.map { c in
                    var c = c
                    c.body = returningDisplayTitles(c.body)
                    return c
                }), s.range)
            default: return s
            }
        }
        return Block(block.statements.map(statement), block.range)
    }

    /// The title in `"…"`, `DisplayRepresentation(title: "…", …)`, `.init(title: "…")`, `TypeDisplayRepresentation(name: "…")`,
    /// `LocalizedStringResource("…", table: …)`, `.init(stringLiteral: name)`; nil when it is none of these.
    public static func displayTitle(_ e: Expr) -> Expr? {
        switch e.kind {
        case .string: return e
        case .call(let callee, let args):
            switch callee.kind {
            case .identifier("DisplayRepresentation"), .identifier("TypeDisplayRepresentation"), .identifier("LocalizedStringResource"),
                 .implicitMember("init"):
                break
            default: return nil
            }
            guard let text = args.first(where: { $0.label == "title" || $0.label == "name" }) ?? args.first(where: { $0.label == nil || $0.label == "stringLiteral" }) else {
                return nil
            }
            // `.init(stringLiteral: name)`: the text given, whatever expression gives it.
            return displayTitle(text.value) ?? (text.label == "stringLiteral" ? text.value : nil)
        default: return nil
        }
    }
}

extension EnumDecl {
    /// Gives each case the title of a `case.NAME` metadata entry (from `caseDisplayRepresentations`), and drops those entries.
    /// A name that is no case of the enum is swiftc's "type 'E' has no member", with the case it is closest to.
    mutating func applyCaseTitles(_ diagnostics: inout [Diagnostic]) {
        for m in members.metadata where m.key.hasPrefix("case.") {
            let name = String(m.key.dropFirst("case.".count))
            guard let i = cases.firstIndex(where: { $0.name == name }) else {
                diagnostics.append(Diagnostic(.unknownMember(name, type: self.name, suggestion: closestMatch(to: name, in: cases.map(\.name))),
                                              at: SourceRange(file: m.keyRange.file, start: Int(m.keyRange.end) - name.utf8.count, end: Int(m.keyRange.end))))
                continue
            }
            guard case .string(let parts) = m.value.kind, parts.count == 1, case .text(let text) = parts[0] else { continue }
            cases[i].title = text
        }
        members.metadata.removeAll { $0.key.hasPrefix("case.") }
    }
}
