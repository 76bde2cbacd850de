/// The Swift form's structs (SPEC §13): `struct X: AppIntent`, `SnippetIntent`, `AppEntity`, `EntityQuery`, `View`,
/// `App`, `AppShortcutsProvider` and `…Style`, each parsed into the declaration the concise form writes.
extension Parser {
    /// After `struct NAME`: the declaration its conformance list makes it, or nil for a plain struct.
    mutating func parseSwiftFormStructIfPresent(name: String, nameRange r: SourceRange) throws(Abort) -> DeclKind? {
        let schema = takeSchema()
        // `struct S: ButtonStyle { … }`: a style, usable in `.buttonStyle(S())`; its body shapes pixels only.
        if check(.colon), case .identifier(let first) = peekToken().kind, first.hasSuffix("Style") {
            _ = try parseConformanceList()
            _ = try parseBlock()
            return .type(TypeDecl(kind: .struct, name: name, members: Members(), query: nil))
        }
        // `struct P: AppShortcutsProvider { static var appShortcuts: [AppShortcut] { … } }`: the App Shortcuts (SPEC §5.10).
        if check(.colon), peekToken().kind == .identifier("AppShortcutsProvider") {
            _ = try parseConformanceList()
            return .appShortcuts(try parseShortcutsProviderBody(name: name))
        }
        // `@main struct X: App { … }`: the app (SPEC §13).
        if check(.colon), peekToken().kind == .identifier("App") {
            _ = try parseConformanceList()
            return .mainApp(try parseAppBody(name: name))
        }
        // `struct V: View { … }`: a view in the Swift form (SPEC §13).
        if check(.colon), peekToken().kind == .identifier("View") {
            _ = try parseConformanceList()
            return .view(try parseSwiftViewBody(name: name, at: r))
        }
        // `struct T: AppEntity { … }` and `struct Q: EntityQuery { … }`: an entity and its query (SPEC §13).
        if schema?.kind == .entity || check(.colon) && { if case .identifier(let first) = peekToken().kind {
            Parser.entityProtocols.contains(first) || Parser.queryProtocols.contains(first) } else { false } }() {
            let listed = try parseConformanceList() ?? []
            let isQuery = schema?.kind != .entity && listed.first.map(Parser.queryProtocols.contains) == true
            var body = isQuery ? try parseSwiftQueryBody(name: name, conformances: listed) : try parseSwiftEntityBody(name: name)
            body.isTransient = listed.contains("TransientAppEntity")
            // `struct TrailEntity: AppEntity, Codable`: an entity's coding is its struct's (`JSONEncoder().encode(trail)`).
            if !isQuery { body.conformances += listed.filter { ["Codable", "Encodable", "Decodable"].contains($0) } }
            return .type(body)
        }
        // `struct X: AppIntent { … }`: an intent in the Swift form (SPEC §13).
        if schema?.kind == .intent || check(.colon) && { if case .identifier(let first) = peekToken().kind { Parser.intentProtocols.contains(first) } else { false } }() {
            let listed = try parseConformanceList() ?? []
            var intent = try parseIntentBody(name: name, isSnippet: listed.contains("SnippetIntent"), schema: schema)
            intent.isSwiftForm = true
            // A `ProgressReportingIntent` has a `progress` (Foundation's `Progress`, `StandardTypes`) that its perform counts on.
            if listed.contains("ProgressReportingIntent") {
                let made = Expr(.call(Expr(.identifier("Progress"), r), []), r)
                intent.members.properties.append(Stmt(.variable(VarDecl(isConstant: false, pattern: .name("progress", r), type: nil, initializer: made, nameRange: r)), r))
            }
            // An `OpenIntent` opens the app when it runs, whether or not it says so.
            if listed.contains("OpenIntent"), !intent.members.metadata.contains(where: { $0.key == "openAppWhenRun" }) {
                intent.members.metadata.append(Metadata(key: "openAppWhenRun", keyRange: r, value: Expr(.bool(true), r)))
            }
            return .intent(intent)
        }
        return nil
    }
}
