/// Which member a call on a value of a protocol's type reaches, as Swift decides it: a requirement is the value's own
/// type's (dynamic dispatch), but a member a protocol's extension adds without the protocol requiring it is the
/// extension's (static dispatch), even where the conforming type declares one of its own name:
///
///     protocol P { func a() -> String }
///     extension P { func b() -> String { "P.b" } }
///     struct S: P { func a() -> String { "S.a" }; func b() -> String { "S.b" } }
///     let p: P = S()
///     p.b()   // "P.b": `b` is not a requirement
///
/// Each conforming type keeps a copy of such a member under the name `P.b` (`staticName`), beside the one its own
/// name finds, and the checker calls that copy on a value of `P`'s type.
extension Protocols {
    /// The name under which each type conforming to `protocolName` keeps its extension's member `member`.
    public static func staticName(_ protocolName: String, _ member: String) -> String {
        "\(protocolName).\(member)"
    }

    /// Whether `protocolName`, or a protocol it inherits, requires a member of this name (and these labels, where both
    /// are a function's whose signature was read).
    public static func requires(_ protocolName: String, _ name: String, labels: [String?]?, in protocols: [String: ProtocolDecl]) -> Bool {
        var seen: Set<String> = [], pending = [protocolName]
        while let p = pending.popLast() {
            guard seen.insert(p).inserted, let declaration = protocols[p] else { continue }
            pending += declaration.inherited
            for r in declaration.requirements where r.name == name {
                guard let labels, let wanted = r.function?.parameters.map(\.label) else { return true }
                if wanted == labels { return true }
            }
        }
        return false
    }

    /// The protocol whose extension gives a value of `protocolName`'s type its member `name` by static dispatch: the
    /// protocol itself or the nearest one it inherits whose extension declares it, where no protocol there requires it.
    /// `labels` picks a method among overloads; nil for a property.
    public static func staticOwner(of name: String, labels: [String?]?, on protocolName: String, in protocols: [String: ProtocolDecl]) -> String? {
        guard !requires(protocolName, name, labels: labels, in: protocols) else { return nil }
        var seen: Set<String> = [], queue = [protocolName]
        while !queue.isEmpty {
            let p = queue.removeFirst()
            guard seen.insert(p).inserted, let declaration = protocols[p] else { continue }
            if declaresInExtension(declaration, name, labels: labels) { return p }
            queue += declaration.inherited
        }
        return nil
    }

    /// The functions (`StandardExtensions`) by which a standard type that adopts protocols (`extension Int: Shape`) has
    /// what their extensions add: under each member's own name where no extension of the type declares it (`declared`:
    /// the names those have), and under its static name.
    static func standardMembers(for type: String, adopting adopted: [ProtocolDecl], declared: Set<String>, _ protocols: [String: ProtocolDecl],
                                _ extensions: [String: [ExtensionDecl]], at range: SourceRange, _ diagnostics: inout [Diagnostic]) -> [Stmt] {
        var members = Members()
        for p in adopted {
            for e in extensions[p.name] ?? [] {
                members.properties += e.members.properties.filter { s in
                    if case .variable(let v) = s.kind { !declared.contains(v.name) } else { false }
                }
                members.functions += e.members.functions.filter { d in
                    if case .function(let f) = d.kind { !declared.contains(f.name) } else { false }
                }.map { extended($0, by: p.name) }
            }
            let copies = staticCopies(of: p, extensions[p.name] ?? [], protocols)
            members.properties += copies.properties
            members.functions += copies.functions
        }
        let lowered = StandardExtensions.lowered(ExtensionDecl(name: type, members: members, initializers: [], conformances: []), at: range)
        diagnostics += lowered.diagnostics
        return lowered.functions.map { Stmt(.declaration($0), $0.range) }
    }

    /// The member names the extensions of standard type `type` declare (their functions are named `Int@name`).
    static func declared(in units: [SourceUnit], by type: String) -> Set<String> {
        let prefix = type + "@"
        return Set(units.flatMap(\.items).compactMap { item -> String? in
            guard case .declaration(let d) = item.kind, case .function(let f) = d.kind, f.name.hasPrefix(prefix) else { return nil }
            return String(f.name.dropFirst(prefix.count))
        })
    }

    /// A function of `protocolName`'s extension, marked as given by it (`FunctionDecl.extendedProtocol`).
    static func extended(_ d: Decl, by protocolName: String) -> Decl {
        guard case .function(var f) = d.kind else { return d }
        f.extendedProtocol = protocolName
        var marked = d
        marked.kind = .function(f)
        return marked
    }

    private static func declaresInExtension(_ p: ProtocolDecl, _ name: String, labels: [String?]?) -> Bool {
        if let labels {
            return p.extensionMembers.functions.contains { d in
                if case .function(let f) = d.kind { f.name == name && f.parameters.map(\.label) == labels } else { false }
            }
        }
        return p.extensionMembers.properties.contains { s in
            if case .variable(let v) = s.kind { v.name == name } else { false }
        }
    }

    /// The copies, under their static names, of the members `p`'s extensions add without `p` requiring them.
    static func staticCopies(of p: ProtocolDecl, _ extensions: [ExtensionDecl], _ protocols: [String: ProtocolDecl]) -> Members {
        var copies = Members()
        for e in extensions {
            for s in e.members.properties {
                guard case .variable(var v) = s.kind, v.getter != nil, case .name(let name, let range) = v.pattern,
                      !requires(p.name, name, labels: nil, in: protocols) else { continue }
                v.pattern = .name(staticName(p.name, name), range)
                var copy = s
                copy.kind = .variable(v)
                copies.properties.append(copy)
            }
            for d in e.members.functions {
                guard case .function(var f) = d.kind, !requires(p.name, f.name, labels: f.parameters.map(\.label), in: protocols) else { continue }
                f.name = staticName(p.name, f.name)
                var copy = d
                copy.kind = .function(f)
                copies.functions.append(extended(copy, by: p.name))
            }
        }
        return copies
    }
}
