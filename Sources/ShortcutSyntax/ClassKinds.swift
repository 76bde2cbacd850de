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
        for u in units.indices {
            for i in units[u].items.indices {
                guard case .declaration(var d) = units[u].items[i].kind, case .type(var t) = d.kind, t.kind == .class,
                      t.declaresShared || named.contains(t.name) else { continue }
                // Its `init`s stay: one runs only when the store is made afresh (nothing saved yet), as
                // `M(selection: x)` in `App.init` or `AppDependencyManager.shared.add { … }` makes it (SPEC §13).
                t.kind = .store
                d.kind = .type(t)
                units[u].items[i].kind = .declaration(d)
            }
        }
        return (units, [])
    }
}
