import ShortcutSyntax

/// A checked type annotation, applied where a value crosses it (SPEC §3).
public indirect enum TypeCheck: CustomStringConvertible {
    case any
    case int, double, string, bool, date, uuid
    case array(TypeCheck)
    case dictionary(TypeCheck, TypeCheck)
    case optional(TypeCheck)
    case function
    case tuple(Int)
    case enumeration(EnumType)
    case record(RecordType)
    case intent(IntentType)
    case view
    case void

    public var description: String {
        switch self {
        case .any: return "Any"
        case .int: return "Int"
        case .double: return "Double"
        case .string: return "String"
        case .bool: return "Bool"
        case .date: return "Date"
        case .uuid: return "UUID"
        case .array(let t): return "[\(t)]"
        case .dictionary(let k, let v): return "[\(k): \(v)]"
        case .optional(let t): return "\(t)?"
        case .function: return "function"
        case .tuple(let n): return "(\(Array(repeating: "_", count: n).joined(separator: ", ")))"
        case .enumeration(let e): return e.name
        case .record(let r): return r.name
        case .intent(let i): return i.name
        case .view: return "View"
        case .void: return "Void"
        }
    }

    /// The value a declaration of this type starts with when it has no default
    /// (`nil` for optionals), or nil when there is none.
    var implicitDefault: Value? {
        if case .optional = self { return .null }
        return nil
    }
}
