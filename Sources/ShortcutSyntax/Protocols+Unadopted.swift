/// A protocol extension's members are resolved in the types that adopt the protocol (`Protocols.conform`), so where no type
/// adopts it their bodies would go unchecked — an unknown name or a wrong type in them accepted, where swiftc checks
/// them against the protocol's requirements. A hidden type adopts such a protocol instead: each requirement a member
/// that stops the run (`fatalError()`), never made or called, so the extension's bodies are checked as a conforming type
/// would check them.
extension Protocols {
    /// The hidden type's name for protocol `name` (a name no program writes).
    static func checkingTypeName(_ name: String) -> String { "__Adopting" + name }

    /// Hidden types for the protocols `declared` here whose extensions no type, enum or standard type of the units adopts.
    static func checkingTypes(_ units: [SourceUnit], declared: Set<String>, _ protocols: [String: ProtocolDecl],
                              extensions: [String: SourceRange]) -> [Stmt] {
        var listed: Set<String> = []
        for unit in units {
            for case .declaration(let d) in unit.items.map(\.kind) {
                switch d.kind {
                case .type(let t): listed.formUnion(t.conformances)
                case .enumeration(let e): listed.formUnion(e.conformances)
                case .extension(let e): listed.formUnion(e.conformances)
                default: continue
                }
            }
        }
        return extensions.keys.sorted().compactMap { name -> Stmt? in
            guard declared.contains(name), let p = protocols[name], let range = extensions[name],
                  !listed.contains(where: { $0 == name || refines($0, name, in: protocols) }),
                  let t = checkingType(for: p, protocols, at: range) else { return nil }
            return Stmt(.declaration(Decl(.type(t), range: range, nameRange: range)), range)
        }
    }

    /// A struct (a class, for a protocol only classes adopt) with a stub for each requirement of `p` and of the protocols
    /// it inherits; nil where one cannot be stubbed here (a static one, one whose signature or type was not read) or `p`
    /// inherits a standard protocol whose members a stub would need (`Comparable`'s `<`).
    static func checkingType(for p: ProtocolDecl, _ protocols: [String: ProtocolDecl], at r: SourceRange) -> TypeDecl? {
        var all: [ProtocolDecl] = [], pending = [p.name], isClassBound = false
        while let name = pending.popLast() {
            if name == "AnyObject" { isClassBound = true; continue }
            guard let q = protocols[name] else {
                if ["Equatable", "Hashable", "Sendable"].contains(name) { continue }
                return nil
            }
            if !all.contains(where: { $0.name == name }) { all.append(q); pending += q.inherited }
        }
        let stop = Block([Stmt(.expression(Expr(.call(Expr(.identifier("fatalError"), r), []), r)), r)], r)
        var members = Members()
        for requirement in all.flatMap(\.requirements) {
            guard !requirement.isStatic else { return nil }
            switch requirement.kind {
            case "property":
                guard let type = requirement.type else { return nil }
                var v = VarDecl(isConstant: false, pattern: .name(requirement.name, r), type: type, initializer: nil, getter: stop, nameRange: r)
                if requirement.isSettable { v.setter = ("newValue", Block([], r)) }
                members.properties.append(Stmt(.variable(v), r))
            case "function", "initializer":
                guard var f = requirement.function else { return nil }
                f.body = stop
                if isClassBound { f.isMutating = false }
                if requirement.kind == "initializer" {
                    members.initializers.append(f)
                    members.initializersReplaceMemberwise = true
                } else {
                    members.functions.append(Decl(.function(f), range: r, nameRange: r))
                }
            default:
                return nil
            }
        }
        var t = TypeDecl(kind: isClassBound ? .class : .struct, name: checkingTypeName(p.name), members: members, query: nil)
        t.conformances = [p.name]
        t.conformanceRanges = [r]
        return t
    }
}
