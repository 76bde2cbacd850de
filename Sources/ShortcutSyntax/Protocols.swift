/// Protocols of the program's own (docs/Language.md), lowered before anything is resolved: to the program a protocol's
/// name is `Any` — a value of a protocol type is held as it is, and a call of one of its requirements finds the
/// conforming type's member when it runs — as are generic parameters and associated types; the checker types a value
/// of the protocol's type by the declaration kept in `known` (`Resolver+Existentials`). What is checked here, as Swift
/// checks it: a conforming type declares every requirement (by name), a conformance names a protocol there is, and no
/// protocol refines itself. A protocol extension's members are added to each conforming type that does not declare them
/// itself. Runs after extensions are merged, so `extension S: P {}` is part of S's conformances by then.
public enum Protocols {
    /// Apple's protocols an entity's struct may list, besides a query's (`Parser.queryProtocols`).
    /// `AnyObject` (a protocol only classes adopt) is accepted and checks nothing here.
    static let frameworkProtocols: Set<String> = ["AppEntity", "IndexedEntity", "TransientAppEntity", "URLRepresentableEntity", "UniqueAppEntity",
                                                  "AnyObject"]

    /// A protocol of Swift's or Apple's that a type may list without the program declaring it.
    static func isAppleConformance(_ name: String) -> Bool {
        TypeDecl.conformances.contains(name) || Parser.queryProtocols.contains(name) || frameworkProtocols.contains(name)
    }

    /// The protocols the units declare.
    public static func names(in units: [SourceUnit]) -> Set<String> {
        Set(units.flatMap { unit in
            unit.items.compactMap { item -> String? in
                if case .declaration(let d) = item.kind, case .protocolDecl(let p) = d.kind { return p.name }
                return nil
            }
        })
    }

    /// `known`: protocols declared before (the REPL's earlier inputs), for conformances to name; what the units declare
    /// is added to it. `declaredBefore`: the names earlier inputs declared (a generic parameter's alias is made once).
    public static func lowered(_ units: [SourceUnit], known: inout [String: ProtocolDecl],
                               declaredBefore: Set<String> = []) -> (units: [SourceUnit], diagnostics: [Diagnostic]) {
        var units = units
        var protocols = known
        defer { known = protocols }
        var extensions: [String: [ExtensionDecl]] = [:], extensionRanges: [String: SourceRange] = [:]
        var declared: Set<String> = [], declaredProtocols: Set<String> = []
        for unit in units {
            for item in unit.items {
                guard case .declaration(let d) = item.kind else { continue }
                if case .protocolDecl(let p) = d.kind { protocols[p.name] = p; declaredProtocols.insert(p.name) } else { declared.insert(d.name) }
            }
        }
        let generics = units.reduce(into: Set<String>()) { $0.formUnion($1.genericNames) }.subtracting(declared).subtracting(protocols.keys)
            .subtracting(declaredBefore)
        var diagnostics: [Diagnostic] = []
        for u in units.indices {
            // A protocol's extensions leave the program: their members go to the conforming types (below).
            units[u].items.removeAll { item in
                guard case .declaration(let d) = item.kind, case .extension(let e) = d.kind, protocols[e.name] != nil else { return false }
                extensions[e.name, default: []].append(e)
                if extensionRanges[e.name] == nil { extensionRanges[e.name] = d.nameRange }
                protocols[e.name]?.extensionMembers.properties += e.members.properties
                protocols[e.name]?.extensionMembers.functions += e.members.functions
                return true
            }
            for i in units[u].items.indices {
                guard case .declaration(var d) = units[u].items[i].kind, case .protocolDecl(let p) = d.kind else { continue }
                if refines(p.name, p.name, in: protocols) { diagnostics.append(Diagnostic(.circularInheritance(p.name, isProtocol: true), at: d.nameRange)) }
                // The protocol's name is `Any` from here on.
                d.kind = .typeAlias(p.name, TypeRef(.named("Any"), d.nameRange))
                units[u].items[i].kind = .declaration(d)
                for name in p.inherited where protocols[name] == nil && !TypeDecl.conformances.contains(name) && !frameworkProtocols.contains(name) {
                    diagnostics.append(Diagnostic(.unknownType(name, suggestion: nil), at: d.nameRange))
                }
            }
        }
        if !units.isEmpty {
            units[0].items += checkingTypes(units, declared: declaredProtocols, protocols, extensions: extensionRanges)
        }
        let compositions = compositionAliases(in: units, protocols)
        var given: [Int: [Stmt]] = [:]   // what protocols' extensions give standard types, by unit
        for u in units.indices {
            for i in units[u].items.indices {
                guard case .declaration(var d) = units[u].items[i].kind else { continue }
                switch d.kind {
                case .type(var t):
                    var ranges = t.conformances.indices.map { $0 < t.conformanceRanges.count ? t.conformanceRanges[$0] : d.nameRange }
                    // `struct S: P, P`: swiftc's error at the second.
                    for (i, name) in t.conformances.enumerated() where t.conformances[..<i].contains(name) {
                        diagnostics.append(Diagnostic(.redundantConformance(type: t.name, protocol: name), at: ranges[i]))
                    }
                    (t.conformances, ranges) = expanding(t.conformances, ranges, compositions)
                    if t.kind == .class, let first = t.conformances.first, declared.contains(first), protocols[first] == nil {
                        // A class's superclass is taken out of the list by `Inheritance`: this is a struct, an enum…
                        diagnostics.append(Diagnostic(.inheritanceFromNonClass(first), at: d.nameRange))
                    }
                    // A class may also list Apple's protocols (`ObservableObject`, `NSObject`), which change nothing here.
                    let listed = t.conformances.indices.filter { t.kind != .class || protocols[t.conformances[$0]] != nil }
                    let adopted = conformed(listed.map { (t.conformances[$0], ranges[$0]) }, protocols, &diagnostics)
                    if t.kind != .class { diagnostics += classOnly(adopted, by: t.name, protocols, at: d.nameRange) }
                    // A subclass has what its superclass declares (`inheritedMembers`, by full name: `area()`).
                    let inherited = Set(t.inheritedMembers.keys.map { String($0.prefix { $0 != "(" }) })
                    // `protocol Shape: CustomStringConvertible`: the standard protocols an adopted one refines are the type's too.
                    t.conformances += adopted.flatMap(\.inherited).filter { TypeDecl.conformances.contains($0) && !t.conformances.contains($0) }
                    t.members = conform(t.members, extraNames: inherited, named: t.name, to: adopted, listing: t.conformances, protocols, extensions,
                                        at: d.nameRange, &diagnostics)
                    if t.superclass == nil { diagnostics += missingInitializers(t, adopted, at: d.nameRange) }
                    if t.kind == .class, !t.isFinal, !t.isActor { diagnostics += unrequiredInitializers(t, adopted) }
                    t.conformances += adopted.map(\.name).filter { !t.conformances.contains($0) }   // what `is P` asks
                    d.kind = .type(t)
                case .enumeration(var e):
                    // `enum Shape: Drawable`: the protocol is not a raw type.
                    if case .named(let first)? = e.rawType?.kind, protocols[first] != nil { e.rawType = nil }
                    e.conformances = expanding(e.conformances, e.conformances.map { _ in d.nameRange }, compositions).names
                    let listed = e.conformances.filter { protocols[$0] != nil }.map { ($0, d.nameRange) }
                    let adopted = conformed(listed, protocols, &diagnostics)
                    diagnostics += classOnly(adopted, by: e.name, protocols, at: d.nameRange)
                    e.members = conform(e.members, extraNames: Set(e.cases.map(\.name)), named: e.name, to: adopted, listing: e.conformances, protocols, extensions,
                                        at: d.nameRange, &diagnostics)
                    e.conformances += adopted.map(\.name).filter { !e.conformances.contains($0) }
                    d.kind = .enumeration(e)
                case .extension(var e) where !e.conformances.isEmpty:
                    // `extension Int: Shape` (what is left of it, `StandardExtensions`): the program's protocols it adopts,
                    // with those they inherit, for `is Shape` to ask. Its requirements are not checked: a standard type
                    // has members of its own the syntax does not know.
                    let adopted = conformed(e.conformances.filter { protocols[$0] != nil || !isAppleConformance($0) }.map { ($0, d.nameRange) },
                                            protocols, &diagnostics)
                    e.conformances = adopted.map(\.name)
                    d.kind = .extension(e)
                    given[u, default: []] += standardMembers(for: e.name, adopting: adopted, declared: Protocols.declared(in: units, by: e.name), protocols, extensions,
                                                             at: d.nameRange, &diagnostics)
                default: continue
                }
                units[u].items[i].kind = .declaration(d)
            }
        }
        for (u, items) in given { units[u].items += items }
        // Each generic parameter is `Any`, declared once for the program.
        if !generics.isEmpty, !units.isEmpty {
            let range = SourceRange(file: units[0].fileIndex, start: 0, end: 0)
            units[0].items.insert(contentsOf: generics.sorted().map { Stmt(.declaration(Decl(.typeAlias($0, TypeRef(.named("Any"), range)), range: range, nameRange: range)), range) }, at: 0)
        }
        return (units, diagnostics)
    }

    /// A struct's or enum's adopted protocols that only classes may adopt (`protocol Observer: AnyObject`), as swiftc
    /// reports them at the type's name.
    static func classOnly(_ adopted: [ProtocolDecl], by type: String, _ protocols: [String: ProtocolDecl], at range: SourceRange) -> [Diagnostic] {
        adopted.filter { refines($0.name, "AnyObject", in: protocols) }
            .map { Diagnostic(.nonClassConformance(type: type, protocol: $0.name), at: range) }
    }

    /// Whether protocol `q` inherits `p` (a protocol of the program's, or a name such as `AnyObject`), directly or
    /// through others: `refines("A", "A", …)` for `protocol A: B {}` with `protocol B: A {}`.
    public static func refines(_ q: String, _ p: String, in protocols: [String: ProtocolDecl]) -> Bool {
        var seen: Set<String> = [], pending = protocols[q]?.inherited ?? []
        while let next = pending.popLast() {
            if next == p { return true }
            if seen.insert(next).inserted { pending += protocols[next]?.inherited ?? [] }
        }
        return false
    }

    /// `typealias Person = Named & Aged` (or of one protocol): the protocols each such name stands for where a type lists
    /// it among its conformances (`struct Employee: Person`).
    static func compositionAliases(in units: [SourceUnit], _ protocols: [String: ProtocolDecl]) -> [String: [String]] {
        var aliases: [String: [String]] = [:]
        for unit in units {
            for item in unit.items {
                guard case .declaration(let d) = item.kind, case .typeAlias(let name, let ref) = d.kind, case .named(let spelled) = ref.kind else { continue }
                let parts = spelled.split(separator: "&").map { String($0.filter { $0 != " " }) }
                if parts.allSatisfy({ protocols[$0] != nil || TypeDecl.conformances.contains($0) }) { aliases[name] = parts }
            }
        }
        return aliases
    }

    /// A conformance list with each composition alias replaced by its protocols, written where the alias is.
    static func expanding(_ names: [String], _ ranges: [SourceRange], _ aliases: [String: [String]]) -> (names: [String], ranges: [SourceRange]) {
        guard names.contains(where: { aliases[$0] != nil }) else { return (names, ranges) }
        var out: (names: [String], ranges: [SourceRange]) = ([], [])
        for (name, range) in zip(names, ranges) {
            for part in aliases[name] ?? [name] where !out.names.contains(part) {
                out.names.append(part)
                out.ranges.append(range)
            }
        }
        return out
    }

    /// The protocols a type adopts, with those they inherit; a listed name that is neither one of the program's
    /// protocols nor a standard conformance is reported.
    private static func conformed(_ listed: [(name: String, range: SourceRange)], _ protocols: [String: ProtocolDecl],
                                  _ diagnostics: inout [Diagnostic]) -> [ProtocolDecl] {
        var adopted: [ProtocolDecl] = []
        var pending = Array(listed.reversed())
        while let (name, range) = pending.popLast() {
            if let p = protocols[name] {
                if !adopted.contains(where: { $0.name == name }) {
                    adopted.append(p)
                    pending += p.inherited.map { ($0, range) }
                }
            } else if !isAppleConformance(name) {
                diagnostics.append(Diagnostic(.unknownType(name, suggestion: nil), at: range,
                                              notes: ["a type may list the standard conformances (" + TypeDecl.conformances.sorted().joined(separator: ", ")
                                                      + ") and the program's protocols"]))
            }
        }
        return adopted
    }

    /// The members with what the protocols' extensions add (those the type does not declare itself), and each
    /// requirement the type still lacks reported, as Swift reports it.
    /// An extension constrained on `Self` (`extension Describable where Self: Named`) gives its members only to a type
    /// that adopts what it requires (`listing`: the type's written conformances), before the protocol's other
    /// extensions, as Swift prefers the more specific.
    private static func conform(_ members: Members, extraNames: Set<String>, named type: String, to adopted: [ProtocolDecl], listing: [String],
                                _ protocols: [String: ProtocolDecl], _ extensions: [String: [ExtensionDecl]], at range: SourceRange,
                                _ diagnostics: inout [Diagnostic]) -> Members {
        var members = members
        var names = memberNames(members).union(extraNames)
        let has = Set(adopted.map(\.name) + listing)
        for p in adopted {
            let applying = (extensions[p.name] ?? []).filter { $0.selfRequirements.allSatisfy(has.contains) }
            for e in applying.filter({ !$0.selfRequirements.isEmpty }) + applying.filter(\.selfRequirements.isEmpty) {
                members.properties += e.members.properties.filter { !names.contains(propertyName($0) ?? "") }
                // A method of a name the type declares too is another overload (`greet(_:)` beside `greet(_:loudly:)`,
                // Swift's way to give a requirement a default), unless it has the same labels: the type's own stands.
                let properties = Set(members.properties.compactMap(propertyName))
                members.functions += e.members.functions.filter { f in
                    !extraNames.contains(f.name) && !properties.contains(f.name)
                        && !members.functions.contains { $0.name == f.name && labels($0) == labels(f) }
                }.map { extended($0, by: p.name) }
                members.staticProperties += e.members.staticProperties.filter { !names.contains(propertyName($0) ?? "") }
                members.staticFunctions += e.members.staticFunctions.filter { !names.contains($0.name) }
                members.staticGetters.formUnion(e.members.staticGetters.subtracting(names))
                names = memberNames(members).union(extraNames)
            }
            // What a call on a value of the protocol's type reaches by static dispatch (`ProtocolDispatch.swift`).
            let copies = staticCopies(of: p, extensions[p.name] ?? [], protocols)
            members.properties += copies.properties
            members.functions += copies.functions
        }
        for p in adopted {
            // A function by its name and labels, where its signature was read (`func f(x: Int)` is not `func f()`).
            let missing = p.requirements.filter { r in
                if r.kind == "initializer" { return false }   // checked for structs and classes (`missingInitializers`)
                guard names.contains(r.name) else { return true }
                guard let wanted = r.function?.parameters.map(\.label).filter({ !GenericMetatypes.isHidden($0) }), !extraNames.contains(r.name) else { return false }
                return !(members.functions + members.staticFunctions).contains { $0.name == r.name && labels($0) == wanted }
            }
            if !missing.isEmpty {
                diagnostics.append(Diagnostic(.doesNotConform(type: type, protocol: p.name), at: range,
                                              notes: missing.map { "protocol requires \($0.kind) '\($0.name)'" }))
            }
            // A function of the requirement's name and labels, but other types, all plain (`func f() -> String` for
            // `func f() -> Int`): swiftc's notes give both.
            let functions = (members.functions + members.staticFunctions).compactMap { d -> FunctionDecl? in if case .function(let f) = d.kind { f } else { nil } }
            let mismatched = p.requirements.compactMap { r -> [String]? in
                guard let wanted = r.function, let wantedType = plainType(of: wanted) else { return nil }
                let types = functions.filter { $0.name == r.name && $0.parameters.map(\.label) == wanted.parameters.map(\.label) }.map(plainType)
                guard let first = types.first, let given = first, types.allSatisfy({ $0 != nil }), !types.contains(wantedType) else { return nil }
                let labels = wanted.parameters.map(\.label)
                let name = !labels.isEmpty && labels.allSatisfy { $0 == nil } ? r.name : compoundName(r.name, labels)
                return ["protocol requires function '\(name)' with type '\(wantedType)'", "candidate has non-matching type '\(given)'"]
            }
            if !mismatched.isEmpty {
                diagnostics.append(Diagnostic(.doesNotConform(type: type, protocol: p.name), at: range, notes: mismatched.flatMap { $0 }))
            }
            // A requirement that is not `mutating`, met only by `mutating` methods: a call through the protocol could not change the value.
            for r in p.requirements {
                guard let wanted = r.function, !wanted.isMutating else { continue }
                let candidates = functions.filter { $0.name == r.name && $0.parameters.map(\.label) == wanted.parameters.map(\.label) }
                guard !candidates.isEmpty, candidates.allSatisfy(\.isMutating) else { continue }
                let labels = wanted.parameters.map(\.label)
                let requires = plainType(of: wanted).map { ["protocol requires function '\(compoundName(r.name, labels))' with type '\($0)'"] } ?? []
                diagnostics.append(Diagnostic(.doesNotConform(type: type, protocol: p.name), at: range,
                                              notes: requires + ["candidate is marked 'mutating' but protocol does not allow it"]))
            }
            // A property of another type than the requirement's, both written in the standard library's plain types.
            for r in p.requirements where r.kind == "property" {
                guard let property = members.properties.lazy.compactMap({ s -> VarDecl? in if case .variable(let v) = s.kind { v } else { nil } })
                    .first(where: { $0.name == r.name }) else { continue }
                if let wanted = r.type, isPlain(wanted), let given = property.type, isPlain(given), given.description != wanted.description {
                    diagnostics.append(Diagnostic(.doesNotConform(type: type, protocol: p.name), at: range,
                                                  notes: ["protocol requires property '\(r.name)' with type '\(wanted)'", "candidate has non-matching type '\(given)'"]))
                } else if r.isSettable, property.isConstant || (property.getter != nil && property.setter == nil) {
                    diagnostics.append(Diagnostic(.doesNotConform(type: type, protocol: p.name), at: range,
                                                  notes: ["protocol requires property '\(r.name)' with type '\(r.type?.description ?? "_")'",
                                                          "candidate is not settable, but protocol requires it"]))
                }
            }
        }
        return members
    }

    /// The `init` requirements of protocols `adopted` that struct or class `t` has no initialiser for, by labels: one it
    /// declares, or the memberwise one a struct without declared ones has (`init()` too where every property has a default).
    private static func missingInitializers(_ t: TypeDecl, _ adopted: [ProtocolDecl], at range: SourceRange) -> [Diagnostic] {
        let stored = t.members.properties.compactMap { s -> VarDecl? in if case .variable(let v) = s.kind, v.getter == nil { v } else { nil } }
        var available = t.members.initializers.map { $0.parameters.map(\.label) }
        if !t.members.initializersReplaceMemberwise {
            if t.kind == .struct { available.append(stored.filter { !($0.isConstant && $0.initializer != nil) }.map { Optional($0.name) }) }
            if stored.allSatisfy({ v in v.initializer != nil || { if case .optional? = v.type?.kind { true } else { false } }() }) { available.append([]) }
        }
        return adopted.flatMap { p in
            p.requirements.filter { r in r.kind == "initializer" && !available.contains { $0 == r.function?.parameters.map(\.label) } }.map { r in
                Diagnostic(.doesNotConform(type: t.name, protocol: p.name), at: range,
                           notes: ["protocol requires initializer '\(compoundName("init", (r.function?.parameters ?? []).map(\.label)))'"])
            }
        }
    }

    /// A non-final class meeting a protocol's `init` requirement with an initialiser not written `required` (a subclass
    /// must have it too): swiftc's error at that `init`.
    private static func unrequiredInitializers(_ t: TypeDecl, _ adopted: [ProtocolDecl]) -> [Diagnostic] {
        adopted.flatMap { p in p.requirements.compactMap { r -> Diagnostic? in
            guard r.kind == "initializer", let f = r.function else { return nil }
            let key = Members.initializerKey(f.parameters.map(\.label))
            guard let written = t.members.unrequiredInitializers[key] else { return nil }
            return Diagnostic(.initializerNotRequired(key, type: t.name), at: written.range)
        } }
    }

    /// A type written only with `Int`, `Double`, `String`, `Bool`, `Date`, `UUID`, optionals, arrays and dictionaries of them:
    /// two such are the same type exactly when they are spelt the same.
    private static func isPlain(_ t: TypeRef) -> Bool {
        switch t.kind {
        case .named(let name): return ["Int", "Double", "String", "Bool", "Date", "UUID"].contains(name)
        case .optional(let w), .array(let w): return isPlain(w)
        case .dictionary(let k, let v): return isPlain(k) && isPlain(v)
        default: return false
        }
    }

    /// A function's type as swiftc writes it (`(Int) -> String`), when every part of it is plain; else nil.
    private static func plainType(of f: FunctionDecl) -> String? {
        guard f.generics.isEmpty, !f.isAsync, !f.isThrowing, f.parameters.allSatisfy({ !$0.isInout && $0.type.map(isPlain) == true }),
              f.returnType.map(isPlain) ?? true else { return nil }
        return "(\(f.parameters.compactMap { $0.type?.description }.joined(separator: ", "))) -> \(f.returnType?.description ?? "()")"
    }

    private static func memberNames(_ m: Members) -> Set<String> {
        Set(m.properties.compactMap(propertyName) + m.functions.map(\.name) + m.staticProperties.compactMap(propertyName) + m.staticFunctions.map(\.name))
    }

    private static func labels(_ d: Decl) -> [String?] {
        // A type a call passes (`GenericMetatypes`) is no label a requirement names.
        if case .function(let f) = d.kind { return f.parameters.map(\.label).filter { !GenericMetatypes.isHidden($0) } }
        return []
    }

    private static func propertyName(_ s: Stmt) -> String? {
        if case .variable(let v) = s.kind { return v.name }
        return nil
    }
}

extension ExtensionDecl {
    /// What its `where` clause requires of `Self` (`extension Describable where Self: Named`).
    var selfRequirements: [String] { requirements.filter { $0.name == "Self" }.flatMap(\.constraints) }
}
