/// Types declared inside other types (`struct Request { enum Status { … } }`) become types of the
/// program at the top level, next to the type that declared them, before anything is resolved. Inside,
/// they are named as declared (`Status`); outside, `Request.Status` names the same type (the resolver
/// reads `Outer.Inner` as `Inner`). Two nested types of one name in different types are a redeclaration.
public enum NestedTypes {
    public static func hoisted(_ units: [SourceUnit]) -> [SourceUnit] {
        var units = units
        for u in units.indices {
            var items: [Stmt] = []
            for item in units[u].items {
                guard case .declaration(let d) = item.kind else { items.append(item); continue }
                var inner: [Decl] = []
                items.append(Stmt(.declaration(without(d, collecting: &inner)), item.range))
                items += inner.map { Stmt(.declaration($0), $0.range) }
            }
            units[u].items = items
        }
        return units
    }

    /// The declaration without its nested types, which are added to `collected` (theirs too, depth first).
    static func without(_ d: Decl, collecting collected: inout [Decl]) -> Decl {
        var d = d
        func take(_ members: inout Members) {
            let nested = members.nestedTypes
            members.nestedTypes = []
            for n in nested { collected.append(without(n, collecting: &collected)) }
        }
        switch d.kind {
        case .type(var t): take(&t.members); d.kind = .type(t)
        case .enumeration(var e): take(&e.members); d.kind = .enumeration(e)
        case .intent(var i): take(&i.members); d.kind = .intent(i)
        case .extension(var e): take(&e.members); d.kind = .extension(e)
        default: break
        }
        return d
    }
}
