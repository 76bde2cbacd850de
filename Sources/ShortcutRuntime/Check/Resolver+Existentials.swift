import ShortcutSyntax

/// What a value of one of the program's protocol types has (`let s: Shape = Circle()`, `[any Shape]`, `some Shape`), as
/// Swift types it: the protocol's requirements and what its extensions add — the protocols it inherits' too — at the
/// types they are declared with. A member the protocol does not have is an error, as in Swift. When the program runs,
/// the value is held as it is and a call finds its own type's member.
struct ExistentialMembers {
    var types = MemberTypes()
    /// Function requirements whose signature the parser did not read: a call of one is not checked here.
    var untyped: Set<String> = []
}

extension Resolver {
    /// The members of a value of protocol `name`'s type, worked out once.
    func existentialMembers(_ name: String) -> ExistentialMembers {
        if let known = existentials[name] { return known }
        var members = ExistentialMembers()
        var functions: [FunctionDecl] = [], unread: Set<String> = []
        let outer = requirementsOf
        requirementsOf = name   // `Self` in a requirement is the protocol's type, wherever the value is used
        defer { requirementsOf = outer }
        func add(_ f: FunctionDecl) {
            // An extension's function with a requirement's signature is its default implementation: one member.
            if !functions.contains(where: { $0.name == f.name && sameSignature($0, f) }) { functions.append(f) }
        }
        for declaration in protocolDeclarations(refinedFrom: ScriptType.protocolParts(of: name)) {
            for r in declaration.requirements {
                if let f = r.function { add(f) } else if r.kind == "function" { unread.insert(r.name) }
                guard r.kind == "property" else { continue }
                members.types.computed[r.name] = r.type.map(resolveTypeQuietly) ?? .any
                if r.isSettable { members.types.settable.insert(r.name) }
            }
            for s in declaration.extensionMembers.properties {
                if case .variable(let v) = s.kind { members.types.computed[v.name] = v.type.map(resolveTypeQuietly) ?? .any }
            }
            for d in declaration.extensionMembers.functions { if case .function(let f) = d.kind { add(f) } }
        }
        // Overloads under keys of the protocol's own: a call on the value is made by its name and labels, which pick
        // the conforming type's method when it runs (`FunctionCode.overload`).
        for f in functions where !unread.contains(f.name) {
            let key = members.types.methods[f.name] == nil ? f.name : overloadKey(f, number: members.types.overloads[f.name, default: [f.name]].count)
            if key != f.name { members.types.overloads[f.name, default: [f.name]].append(key) }
            members.types.methods[key] = quietly { signature(of: f) }
        }
        members.untyped = unread
        existentials[name] = members
        return members
    }

    /// The name a use of member `name` of a value of a protocol's type goes by when a protocol's extension gives it
    /// without requiring it: its copy's in each conforming type (`Protocols.staticName`), as Swift dispatches it
    /// statically; nil for a requirement or any other value's member. `labels`: a method's; nil for a property.
    func staticDispatchName(_ type: ScriptType, _ name: String, labels: [String?]?) -> String? {
        guard case .existential(let p) = type else { return nil }
        for part in ScriptType.protocolParts(of: p) {
            if let owner = Protocols.staticOwner(of: name, labels: labels, on: part, in: protocols) { return Protocols.staticName(owner, name) }
        }
        return nil
    }

    /// `staticDispatchName` for a call of `self`'s member in a method a protocol's extension gave (`self` is a value
    /// of that protocol's type there).
    func staticDispatchName(onSelf name: String, labels: [String?]) -> String? {
        extendedProtocol.flatMap { staticDispatchName(.existential($0), name, labels: labels) }
    }

    /// Resolves a method's body with `extendedProtocol` set to the protocol whose extension gave it, if any.
    func withExtendedProtocol<T>(_ p: String?, _ body: () -> T) -> T {
        let outer = extendedProtocol
        extendedProtocol = p
        defer { extendedProtocol = outer }
        return body()
    }

    /// Whether a value of type `type` is a value of protocol `p`'s type: its type adopts `p` (or a protocol that
    /// inherits it), or it is of a protocol type that does. A standard type is taken to: an extension may make it one.
    func adopts(_ type: ScriptType, _ p: String) -> Bool {
        if p == "Any" { return true }
        if type.isText, p == "StringProtocol" { return true }
        switch type {
        case .record(let r): return ScriptType.protocolParts(of: p).allSatisfy(r.protocols.contains)
        case .enumeration(let e): return ScriptType.protocolParts(of: p).allSatisfy(e.protocols.contains)
        case .existential(let q): return q == p || ScriptType.protocolParts(of: p).allSatisfy { part in inherits(q, part) }
        case .int, .double, .string, .substring, .character, .bool, .date, .uuid, .array, .dictionary, .set:
            return program.adopts(type, p)
        case .intent, .any: return true
        default: return false
        }
    }

    /// A class's instance, a store's, or a value of a class-only protocol's type: a reference.
    func isReferenceType(_ type: ScriptType) -> Bool {
        switch type {
        case .record(let r): return r.isReference
        case .existential(let p): return isClassBound(p)
        default: return false
        }
    }

    /// A protocol only classes adopt (`protocol Observer: AnyObject`, or one that inherits such a protocol): its values
    /// are references, changed through wherever they are held.
    func isClassBound(_ p: String) -> Bool {
        inherits(p, "AnyObject")   // `: class` is read as `AnyObject` (`parseProtocolBody`)
    }

    /// Whether protocol `q` (or a composition's part) is `p` or inherits it, directly or through others.
    func inherits(_ q: String, _ p: String) -> Bool {
        ScriptType.protocolParts(of: q).contains { $0 == p || Protocols.refines($0, p, in: protocols) }
    }
}

extension Resolver {
    /// The program's protocols named and every protocol they refine, each once, as a walk from the last named meets them.
    func protocolDeclarations(refinedFrom names: [String]) -> [ProtocolDecl] {
        var pending = names, seen: Set<String> = [], found: [ProtocolDecl] = []
        while let p = pending.popLast() {
            guard seen.insert(p).inserted, let declaration = protocols[p] else { continue }
            pending += declaration.inherited
            found.append(declaration)
        }
        return found
    }
}
