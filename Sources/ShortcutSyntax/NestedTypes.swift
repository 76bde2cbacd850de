/// Types declared inside other types (`struct Request { enum Status { … } }`) become types of the
/// program at the top level, next to the type that declared them, before anything is resolved. The parser
/// has named them as Swift does (`Request.Status`, `NestedTypeNames`): inside `Request` a bare `Status`, and
/// anywhere `Request.Status` written out, is that name, so two types may each declare a `Status`.
///
/// A type declared in a function's body (`func withdraw() throws { enum Failure: Error { … } … }`, a test's, an
/// intent's `perform`) is hoisted too: a type captures nothing of the function, so it means the same at the top
/// level. It keeps its name, and so is seen outside the function as well (docs/Language.md).
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
            for n in nested { collected.append(without(enclosed(n, in: [d.name] + members.enclosingTypes), collecting: &collected)) }
            for i in members.functions.indices { members.functions[i] = without(members.functions[i], collecting: &collected) }
            for i in members.staticFunctions.indices { members.staticFunctions[i] = without(members.staticFunctions[i], collecting: &collected) }
            for i in members.initializers.indices { lift(&members.initializers[i].body) }
        }
        func lift(_ body: inout Block) { liftLocalTypes(&body, collecting: &collected) }
        switch d.kind {
        case .type(var t): take(&t.members); d.kind = .type(t)
        case .enumeration(var e): take(&e.members); d.kind = .enumeration(e)
        case .intent(var i):
            take(&i.members)
            if var perform = i.perform { lift(&perform); i.perform = perform }
            d.kind = .intent(i)
        case .extension(var e): take(&e.members); d.kind = .extension(e)
        case .function(var f): lift(&f.body); d.kind = .function(f)
        case .test(let name, var body): lift(&body); d.kind = .test(name, body)
        default: break
        }
        return d
    }

    /// A nested type's declaration, with the types it is declared in noted.
    static func enclosed(_ d: Decl, in outer: [String]) -> Decl {
        var d = d
        switch d.kind {
        case .type(var t): t.members.enclosingTypes = outer; d.kind = .type(t)
        case .enumeration(var e): e.members.enclosingTypes = outer; d.kind = .enumeration(e)
        default: break
        }
        return d
    }

    /// Moves the types a body declares (at its top, or in a function declared in it) into `collected`.
    static func liftLocalTypes(_ body: inout Block, collecting collected: inout [Decl]) {
        var kept: [Stmt] = []
        for s in body.statements {
            guard case .declaration(let d) = s.kind else { kept.append(s); continue }
            switch d.kind {
            case .type, .enumeration: collected.append(without(d, collecting: &collected))
            case .function: kept.append(Stmt(.declaration(without(d, collecting: &collected)), s.range))
            default: kept.append(s)
            }
        }
        body.statements = kept
    }
}
