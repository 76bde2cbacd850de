import ShortcutSyntax

/// What a generic function's parameter is inside its body when its constraints are standard protocols this checker
/// knows (`func larger<T: Comparable>(_ a: T, _ b: T) -> T`, or none at all): a type of its own, `T`, that has what
/// its constraints give and nothing else — `<` for a `Comparable`, `+` for a `Numeric`, `description` for a
/// `CustomStringConvertible` — as swiftc sees it. When the program runs it is whatever the call gave.
enum TypeParameters {
    /// Each standard protocol with those it refines, as far as a generic body can tell.
    static let refinements: [String: Set<String>] = {
        let integer: Set = ["BinaryInteger", "Numeric", "AdditiveArithmetic", "Equatable", "Hashable", "Comparable", "CustomStringConvertible", "Strideable"]
        let floating: Set = ["FloatingPoint", "SignedNumeric", "Numeric", "AdditiveArithmetic", "Equatable", "Hashable", "Comparable", "Strideable"]
        return [
            "Equatable": [], "Hashable": ["Equatable"], "Comparable": ["Equatable"], "CustomStringConvertible": [],
            "AdditiveArithmetic": ["Equatable"], "Numeric": ["AdditiveArithmetic", "Equatable"],
            "SignedNumeric": ["Numeric", "AdditiveArithmetic", "Equatable"],
            "BinaryInteger": integer, "FixedWidthInteger": integer, "SignedInteger": integer.union(["SignedNumeric"]),
            "FloatingPoint": floating, "BinaryFloatingPoint": floating,
            "Codable": ["Encodable", "Decodable"], "Encodable": [], "Decodable": [], "Sendable": [],
        ]
    }()

    /// The protocols whose values' members are all known here: a parameter constrained by these alone has no member
    /// that is not theirs (an integer's or a floating-point number's many members are taken on trust).
    static let closed: Set<String> = ["Equatable", "Hashable", "Comparable", "CustomStringConvertible", "AdditiveArithmetic", "Numeric",
                                      "SignedNumeric", "Codable", "Encodable", "Decodable", "Sendable"]

    /// Whether a generic parameter with these constraints is a type of its own inside its body (`refinements` knows each).
    static func models(_ constraints: [String]) -> Bool {
        constraints.allSatisfy { refinements[$0] != nil }
    }

    /// Whether values with these protocols take operator `op` between two of them (`+` an `AdditiveArithmetic`'s, `/`
    /// an integer's or a floating-point number's, `&` an integer's).
    static func supports(_ op: BinaryOp, _ protocols: Set<String>) -> Bool {
        switch op {
        case .add, .subtract: return protocols.contains("AdditiveArithmetic")
        case .multiply: return protocols.contains("Numeric")
        case .divide: return protocols.contains("BinaryInteger") || protocols.contains("FloatingPoint")
        case .remainder, .bitAnd, .bitOr, .bitXor, .shiftLeft, .shiftRight: return protocols.contains("BinaryInteger")
        default: return false
        }
    }

    /// The constraints and every protocol they refine.
    static func closure(_ constraints: [String]) -> Set<String> {
        constraints.reduce(into: Set(constraints)) { all, c in all.formUnion(refinements[c] ?? []) }
    }
}

extension ScriptType {
    /// A generic parameter's constraints and those they refine; nil for any other type.
    var typeParameterProtocols: Set<String>? {
        if case .typeParameter(_, let constraints) = self { return TypeParameters.closure(constraints) }
        return nil
    }

    /// Whether this generic parameter's values have the standard protocol `p` (`T: Comparable` has `Equatable`).
    func typeParameterHas(_ p: String) -> Bool {
        typeParameterProtocols?.contains(p) ?? false
    }
}
