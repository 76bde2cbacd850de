/// Which classes are stores (SPEC §13): a `class` or `actor` that declares `static let shared`, or that a
/// `@Dependency` of an intent or a query names, is a store — one instance per app, persisted; any other
/// class is an ordinary reference type. Decided over the whole program once it is read, before
/// anything is resolved, so the rest of the pipeline sees `store` or `class`.
public enum ClassKinds {
    /// The units with each store class's kind set to `store`. `alsoNamed` adds dependency types named
    /// elsewhere (the REPL's earlier inputs).
    public static func resolved(_ units: [SourceUnit], alsoNamed: Set<String> = []) -> (units: [SourceUnit], diagnostics: [Diagnostic]) {
        var named = alsoNamed
        for unit in units {
            for item in unit.items {
                guard case .declaration(let d) = item.kind else { continue }
                switch d.kind {
                case .intent(let i): named.formUnion(i.dependencies.map(\.type.description))
                case .type(let t): named.formUnion(t.dependencies.map(\.type.description))
                default: break
                }
            }
        }
        var units = units
        var diagnostics: [Diagnostic] = []
        for u in units.indices {
            for i in units[u].items.indices {
                guard case .declaration(var d) = units[u].items[i].kind, case .type(var t) = d.kind, t.kind == .class,
                      t.declaresShared || named.contains(t.name) else { continue }
                t.kind = .store
                // A store is loaded, not made: its `init` may not take arguments or do work.
                for initializer in t.members.initializers where !initializer.parameters.isEmpty || !initializer.body.statements.isEmpty {
                    diagnostics.append(Diagnostic(.expected("an empty 'init()' in store '\(t.name)'", found: "an initialiser with work to do"),
                                                  at: initializer.body.range, notes: ["a store starts from its properties' defaults, or from the file"]))
                }
                t.members.initializers = []
                t.members.initializersReplaceMemberwise = false
                d.kind = .type(t)
                units[u].items[i].kind = .declaration(d)
            }
        }
        return (units, diagnostics)
    }
}
