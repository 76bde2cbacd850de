/// Joins each Swift-form entity to its query (SPEC §13): `static var defaultQuery = Q()` names a
/// `struct Q: EntityQuery` whose `entities(for:)`, `suggestedEntities()` (or `allEntities()`) and
/// `entities(matching:)` become the entity's `byIDs`, `suggested` and `matching` — the same query
/// the concise form writes. The query's `@Dependency` properties, other properties and helper
/// functions are declared at the start of each of those bodies (a dependency is its store's one
/// instance), and the query struct itself leaves the program. Runs after extensions are merged, so
/// `extension Q: EntityStringQuery { func entities(matching:) … }` is part of Q by then.
public enum EntityQueries {
    public static func lowered(_ units: [SourceUnit]) -> (units: [SourceUnit], diagnostics: [Diagnostic]) {
        var units = units
        var queries: [String: (decl: TypeDecl, range: SourceRange)] = [:]
        for u in units.indices {
            for i in units[u].items.indices.reversed() {
                guard case .declaration(var d) = units[u].items[i].kind, case .type(var t) = d.kind,
                      t.conformances.contains(where: Parser.queryProtocols.contains) else { continue }
                if t.conformances.contains("EntityPropertyQuery") { t.members = withoutPropertyQuery(t.members) }
                queries[t.name] = (t, d.nameRange)
                // Its statics (`static let all = […]`, read as `Self.all`) stay, as a struct of the query's name.
                if t.members.hasStatics {
                    d.kind = .type(TypeDecl(kind: .struct, name: t.name, members: t.members.staticsOnly, query: nil))
                    units[u].items[i].kind = .declaration(d)
                } else {
                    units[u].items.remove(at: i)
                }
            }
        }
        var diagnostics: [Diagnostic] = []
        var used: Set<String> = []
        for u in units.indices {
            for i in units[u].items.indices {
                guard case .declaration(var d) = units[u].items[i].kind, case .type(var t) = d.kind, let named = t.defaultQuery else { continue }
                guard let query = queries[named.name] else {
                    diagnostics.append(Diagnostic(.unknownType(named.name, suggestion: nil), at: named.range,
                                                  notes: ["'defaultQuery' names a 'struct \(named.name): EntityQuery' of the program"]))
                    continue
                }
                used.insert(named.name)
                t.query = queryDecl(query.decl, range: query.range)
                // A `URLRepresentableEntity`'s `urlRepresentation` is a device's universal link: set aside, unchecked.
                t.members.staticProperties.removeAll { s in
                    if case .variable(let v) = s.kind, case .name("urlRepresentation", _) = v.pattern { true } else { false }
                }
                t.members.staticFunctions.removeAll { if case .function(let f) = $0.kind { f.name == "urlRepresentation" } else { false } }
                d.kind = .type(t)
                units[u].items[i].kind = .declaration(d)
            }
        }
        for (name, query) in queries where !used.contains(name) {
            diagnostics.append(Diagnostic(.unusedQuery(name), at: query.range, severity: .warning))
        }
        return (units, diagnostics)
    }

    /// An `EntityPropertyQuery`'s own parts — `static var properties = QueryProperties { … }`, `static var sortingOptions =
    /// SortingOptions { … }` and `entities(matching:mode:sortedBy:limit:)` — serve Shortcuts' Find action, which has no
    /// counterpart here: they are set aside, unchecked (docs/Swift.md). The rest of the query is an `EntityQuery`'s.
    static func withoutPropertyQuery(_ members: Members) -> Members {
        var members = members
        members.staticProperties.removeAll { s in
            guard case .variable(let v) = s.kind, case .name(let name, _) = v.pattern else { return false }
            return name == "properties" || name == "sortingOptions"
        }
        members.functions.removeAll { f in
            guard case .function(let function) = f.kind else { return false }
            return function.name == "entities" && function.parameters.map(\.label) == ["matching", "mode", "sortedBy", "limit"]
        }
        return members
    }

    /// The concise form's query, made from the query struct's methods.
    static func queryDecl(_ q: TypeDecl, range: SourceRange) -> QueryDecl {
        var prelude: [Stmt] = q.dependencies.map { dependency in
            let r = dependency.range
            let shared = Expr(.member(Expr(.identifier(dependency.type.description), r), "shared", nameRange: r), r)
            return Stmt(.variable(VarDecl(isConstant: true, pattern: .name(dependency.name, dependency.nameRange), type: nil,
                                          initializer: shared, getter: nil, nameRange: dependency.nameRange)), r)
        }
        prelude += q.members.properties
        var methods: [String: FunctionDecl] = [:]
        var queryHelpers: [Stmt] = []
        for f in q.members.functions {
            guard case .function(let function) = f.kind else { continue }
            let key = compoundName(function.name, function.parameters.map(\.label))
            if ["entities(for:)", "suggestedEntities()", "allEntities()", "entities(matching:)"].contains(key) {
                methods[key] = function
                // `try await allEntities().filter { … }` in another of them: the ones without arguments are helpers too,
                // after the others (which they may call).
                if function.parameters.isEmpty { queryHelpers.append(Stmt(.declaration(f), f.range)) }
            } else {
                prelude.append(Stmt(.declaration(f), f.range))
            }
        }
        prelude += queryHelpers
        // A one-expression body returns its value (Swift's implicit return), also with the prelude before it.
        func body(_ f: FunctionDecl) -> Block {
            var statements = f.body.statements
            if statements.count == 1, case .expression(let e) = statements[0].kind { statements = [Stmt(.return(e), statements[0].range)] }
            return Block(prelude + statements, f.body.range)
        }
        var query = QueryDecl(suggested: nil, matching: nil, byIDs: nil, range: range)
        if q.members.hasStatics { query.owner = q.name }
        if let f = methods["entities(for:)"] { query.byIDs = (f.parameters[0].name, body(f)) }
        if let f = methods["suggestedEntities()"] ?? methods["allEntities()"] { query.suggested = body(f) }
        if let f = methods["entities(matching:)"] { query.matching = (f.parameters[0].name, body(f)) }
        return query
    }
}
