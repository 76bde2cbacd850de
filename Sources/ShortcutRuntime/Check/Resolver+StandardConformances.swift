import ShortcutSyntax

/// Whether a type conforms to one of the standard protocols a generic parameter may ask for (`T: Equatable`,
/// `Failure: Error`), as swiftc judges it: read off the declarations' syntax — what a type lists, its extensions join,
/// and its superclass lists — so it holds while declarations are still being completed.
extension Resolver {
    /// The standard protocols judged here.
    static let judgedStandardProtocols: Set<String> = ["Equatable", "Hashable", "Comparable", "Error", "Encodable", "Decodable"]
    /// The protocols a collection conforms to when its elements do.
    static let elementwiseProtocols: Set<String> = ["Equatable", "Hashable", "Encodable", "Decodable"]

    /// Whether `type` conforms to `standard` (one of `judgedStandardProtocols`); true where this checker cannot tell.
    func conformsToStandard(_ type: ScriptType, _ standard: String) -> Bool {
        switch type {
        case .any, .existential: return true
        case .int, .double, .string, .date:
            return standard != "Error"
        case .typeParameter: return type.typeParameterHas(standard)
        case .character, .substring:   // neither is `Codable`
            return !["Error", "Codable", "Encodable", "Decodable"].contains(standard)
        case .bool, .uuid:
            return Resolver.elementwiseProtocols.contains(standard)
        case .error:
            return standard == "Error"
        case .array(let e), .set(let e), .optional(let e):
            return Resolver.elementwiseProtocols.contains(standard) && conformsToStandard(e, standard)
        case .dictionary(let k, let v):
            return Resolver.elementwiseProtocols.contains(standard) && conformsToStandard(k, "Hashable") && conformsToStandard(v, standard)
        case .record(let r):
            // Foundation's types written here (`TimeZone`, `UnitLength`…) are Equatable and Hashable, as Foundation's are.
            if standard != "Error", case .record(_, _, let range)? = globals[r.root.name], StandardTypes.isStandard(range, program) { return true }
            return declares(standard, r.root.name)
        case .enumeration(let e):
            // An enum without associated values is Equatable and Hashable of itself.
            if standard == "Equatable" || standard == "Hashable", e.root.cases.allSatisfy({ $0.payloadTypes == nil }) { return true }
            return declares(standard, e.root.name)
        case .tuple, .function, .void, .range, .view:
            return false
        default:
            return true
        }
    }

    /// The part of `type` that does not conform, as swiftc names it: an array's, a set's or an optional's element, a
    /// dictionary's key or value, when that is what fails; else the type.
    func nonconformingPart(_ type: ScriptType, _ standard: String) -> ScriptType {
        guard Resolver.judgedStandardProtocols.contains(standard) else { return type }
        switch type {
        case .array(let e), .set(let e), .optional(let e):
            return conformsToStandard(e, standard) ? type : nonconformingPart(e, standard)
        case .dictionary(let k, let v):
            if !conformsToStandard(k, "Hashable") { return nonconformingPart(k, "Hashable") }
            return conformsToStandard(v, standard) ? type : nonconformingPart(v, standard)
        default:
            return type
        }
    }

    /// Whether the program's type `name` lists `standard`, or a protocol that implies it (`Hashable` and `Comparable`
    /// imply `Equatable`, `LocalizedError` implies `Error`, as does a program protocol that inherits one), itself, by an
    /// extension, or through its superclass.
    private func declares(_ standard: String, _ name: String, depth: Int = 0) -> Bool {
        let listed: [String]
        var superclass: String?
        switch globals[name] {
        case .record(_, let decl, _)?: (listed, superclass) = (decl.conformances, decl.superclass)
        case .enumeration(_, let decl, _)?: listed = decl.conformances
        default: return true
        }
        let implying: Set<String> = switch standard {
        case "Equatable": ["Equatable", "Hashable", "Comparable"]
        case "Error": ["Error", "LocalizedError", "CustomNSError"]
        case "Encodable", "Decodable": [standard, "Codable", "AppEnum"]   // an `AppEnum` is taken to code as its raw value
        default: [standard]
        }
        if listed.contains(where: { name in implying.contains(name) || implying.contains { Protocols.refines(name, $0, in: protocols) } }) { return true }
        // An `NSObject` subclass is Equatable and Hashable (by identity, as `isEqual` is unless overridden).
        if listed.contains("NSObject") || superclass == "NSObject" { return standard == "Equatable" || standard == "Hashable" }
        // A class's superclass chain (a cycle is an error reported elsewhere: the walk stops at the program's size).
        guard let superclass, depth < globals.count else { return false }
        return declares(standard, superclass, depth: depth + 1)
    }
}
