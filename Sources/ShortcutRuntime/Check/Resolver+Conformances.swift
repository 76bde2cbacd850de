import ShortcutSyntax

/// The standard library's protocols a type lists whose requirements the checker can judge: what each needs of the type.
extension Resolver {
    /// A completed type's `Sequence` and `IteratorProtocol` (`checkSequenceConformance`) and `Comparable`.
    func checkLibraryConformances(_ name: String, _ conformances: [String], _ members: MemberTypes, at range: SourceRange) {
        checkSequenceConformance(name, conformances, members, at: range)
        checkComparable(name, conformances, at: range)
        checkSynthesizedEquality(name, conformances, at: range)
        checkCaseIterable(name, conformances, at: range)
        checkLiteralConformances(name, conformances, at: range)
        checkRequiredProperties(name, conformances, members, at: range)
    }

    /// The standard protocols that ask a type for a property of its own, and the property's type as swiftc names it.
    static let requiredProperties = [("CustomStringConvertible", "description", "String"), ("CustomDebugStringConvertible", "debugDescription", "String"),
                                     ("Identifiable", "id", "ID")]

    /// `struct S: CustomStringConvertible` without a `description` (stored or computed, its own or an extension's), an
    /// `Identifiable` without an `id`: swiftc's "does not conform". A subclass may have its superclass's; an entity's `id`
    /// is checked with the entity.
    func checkRequiredProperties(_ name: String, _ conformances: [String], _ members: MemberTypes, at range: SourceRange) {
        let record = program.records[name]
        if let record, record.superclass != nil || record.kind == .entity { return }
        for (standard, property, type) in Resolver.requiredProperties where conformances.contains(standard) {
            guard members.computed[property] == nil, record?.fieldIndex[property] == nil, members.methods[property] == nil else { continue }
            error(.doesNotConform(type: name, protocol: standard), at: range, notes: ["protocol requires property '\(property)' with type '\(type)'"])
        }
    }

    /// The protocols by which a literal makes a value of a type (`let c: Celsius = 36.6`), each with the label of the
    /// `init` it asks for.
    static let literalProtocols: [(protocol: String, label: String)] = [
        ("ExpressibleByStringLiteral", "stringLiteral"), ("ExpressibleByIntegerLiteral", "integerLiteral"),
        ("ExpressibleByFloatLiteral", "floatLiteral"), ("ExpressibleByBooleanLiteral", "booleanLiteral"),
        ("ExpressibleByArrayLiteral", "arrayLiteral"),
    ]

    /// `ExpressibleByStringLiteral` and its kin ask for their `init(stringLiteral:)`, `init(integerLiteral:)`…
    func checkLiteralConformances(_ name: String, _ conformances: [String], at range: SourceRange) {
        guard let r = program.records[name] else { return }
        for (standard, label) in Resolver.literalProtocols where conformances.contains(standard) {
            if !r.initializers.contains(where: { $0.signature.labels == [label] }) {
                error(.doesNotConform(type: name, protocol: standard), at: range, notes: ["it needs 'init(\(label): …)'"])
            }
        }
    }

    /// `let c: Celsius = 36.6`, `let t: Tag = "swift"`: a literal made a value of a struct or class that adopts the
    /// literal's protocol, by its `init(floatLiteral:)`, `init(stringLiteral:)`… (an integer literal only by
    /// `init(integerLiteral:)`, as Swift makes it). Nil for anything else.
    func literalConstruction(_ t: Typed, _ expected: ScriptType) -> Node? {
        guard t.isLiteral || t.isIntegerLiteral, case .record(let r) = expected.wrapped ?? expected, case .record(_, let decl, _)? = globals[r.root.name] else {
            return nil
        }
        let label: String
        switch t.node {
        case .constant(.string): label = "stringLiteral"
        case .constant(.double): label = "floatLiteral"
        case .constant(.bool): label = "booleanLiteral"
        case .constant(.int) where t.isIntegerLiteral: label = "integerLiteral"
        default: return nil
        }
        guard let standard = Resolver.literalProtocols.first(where: { $0.label == label })?.protocol, decl.conformances.contains(standard),
              let initializer = r.initializers.first(where: { $0.signature.labels == [label] }) else { return nil }
        return .initRecord(r, initializer.code, [t.node], .none)
    }

    /// `let f: Flags = [.bold, .italic]` of a struct or class that adopts `ExpressibleByArrayLiteral`: the elements typed
    /// as its `init(arrayLiteral elements: E...)` takes them, and given to it. Nil for any other type.
    func typedArrayLiteralConstruction(_ elements: [Expr], _ expected: ScriptType?, range: SourceRange) -> Typed? {
        guard case .record(let r)? = expected.map({ $0.wrapped ?? $0 }), case .record(_, let decl, _)? = globals[r.root.name],
              decl.conformances.contains("ExpressibleByArrayLiteral"),
              let initializer = r.initializers.first(where: { $0.signature.labels == ["arrayLiteral"] }),
              case .array(let element) = initializer.signature.types.first ?? .any else { return nil }
        let items = typedArray(elements, expected: .array(element), range: range)
        return Typed(.initRecord(r, initializer.code, [fit(items, to: .array(element), site: .specified, at: range)], range), .record(r))
    }

    /// `CaseIterable`: Swift gives `allCases` to an enum whose cases have no associated values; any other type lists
    /// its own `static var allCases`.
    func checkCaseIterable(_ name: String, _ conformances: [String], at range: SourceRange) {
        guard conformances.contains("CaseIterable") else { return }
        let members: Members, synthesized: Bool
        switch globals[name] {
        case .enumeration(let e, let decl, _)?: (members, synthesized) = (decl.members, e.cases.allSatisfy { $0.payloadTypes == nil })
        case .record(_, let decl, _)?: (members, synthesized) = (decl.members, false)
        default: return
        }
        let declares = members.staticGetters.contains("allCases") || members.staticFunctions.contains { $0.name == "allCases" }
            || members.staticProperties.contains { if case .variable(let v) = $0.kind { v.name == "allCases" } else { false } }
        if !synthesized && !declares { error(.doesNotConform(type: name, protocol: "CaseIterable"), at: range) }
    }

    /// `Equatable` and `Hashable` that Swift synthesises: a struct's stored properties, an enum's associated values, must
    /// all conform (a closure, a tuple, a struct that does not say so do not); a class must write `==` (and `hash(into:)`)
    /// itself (a subclass inherits its superclass's). Reported as swiftc does: `Hashable` first, then the `Equatable` it implies.
    func checkSynthesizedEquality(_ name: String, _ conformances: [String], at range: SourceRange) {
        guard let (members, parts, isClass) = synthesisParts(of: name) else { return }
        // `Codable`: Swift synthesises `init(from:)` and `encode(to:)` when every stored property (associated value) conforms.
        let codable = conformances.contains("Codable")
        for (standard, wanted) in [("Decodable", codable || conformances.contains("Decodable")), ("Encodable", codable || conformances.contains("Encodable"))]
        where wanted && parts.contains(where: { !conformsToStandard($0, standard) }) {
            error(.doesNotConform(type: name, protocol: standard), at: range)
        }
        let hashable = conformances.contains("Hashable")
        let equatable = hashable || conformances.contains("Equatable") || conformances.contains("Comparable")
        let writesEquals = members.staticFunctions.contains { $0.name == "==" }
        let writesHash = members.functions.contains { $0.name == "hash" }
        for (standard, wanted, written) in [("Hashable", hashable, writesHash), ("Equatable", equatable, writesEquals)] where wanted && !written {
            if isClass || parts.contains(where: { !conformsToStandard($0, standard) }) {
                error(.doesNotConform(type: name, protocol: standard), at: range)
            }
        }
    }

    /// What Swift synthesises a conformance from: a struct's or a base class's stored properties' types, an enum's
    /// associated values'; nil for a subclass (it has its superclass's) or a standard type.
    func synthesisParts(of name: String) -> (members: Members, parts: [ScriptType], isClass: Bool)? {
        switch globals[name] {
        case .record(let r, let decl, let declRange)? where (decl.kind == .struct || decl.kind == .class && decl.superclass == nil)
                                                            && !StandardTypes.isStandard(declRange, program):
            return (decl.members, r.fields.compactMap(\.type), decl.kind == .class)
        case .enumeration(let e, let decl, let declRange)? where !StandardTypes.isStandard(declRange, program):
            return (decl.members, e.cases.flatMap { $0.payloadTypes ?? [] }, false)
        default: return nil
        }
    }

    /// `Comparable` without a `static func <` (declared or, for a class, inherited): Swift orders an enum without a raw
    /// type by its cases (synthesised); a struct, a class or an enum with a raw type does not conform.
    func checkComparable(_ name: String, _ conformances: [String], at range: SourceRange) {
        guard conformances.contains("Comparable") else { return }
        if let e = program.enums[name], !e.declaresLessThan {
            if e.rawType == nil { e.synthesizesOrder = true; return }
            error(.doesNotConform(type: name, protocol: "Comparable"), at: range, notes: ["an enum with a raw type needs its own 'static func <'"])
        } else if let r = program.records[name], !r.declaresLessThan {
            error(.doesNotConform(type: name, protocol: "Comparable"), at: range, notes: ["it needs 'static func < (lhs: \(name), rhs: \(name)) -> Bool'"])
        }
    }
}
