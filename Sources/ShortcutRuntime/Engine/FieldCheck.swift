// How a value stored into a field, passed to a parameter or returned is checked, worked out once.

/// How a value stored into a field of a declared type — or passed to a parameter, or returned — is checked,
/// worked out once: most values pass as they are (a scalar of the declared type, `nil` where optional, an
/// array whose elements need no conversion, an instance of the declared struct or class); any other goes
/// through the full conversion (`Value.converted(to:)`). Read by the value's layout: a bit per tag that
/// passes, and the one type whose instances pass.
struct FieldCheck {
    /// The tags (`ValueLayout`) of the values that pass as they are.
    private var tags: UInt32
    /// The struct or class whose values pass.
    private var type: ObjectIdentifier?

    /// Anything passes (`Any`, or no declared type).
    static let none = FieldCheck(tags: ~0, type: nil)
    /// Nothing passes without the full conversion.
    static let full = FieldCheck(tags: 0, type: nil)

    private init(tags: UInt32, type: ObjectIdentifier?) {
        self.tags = tags
        self.type = type
    }

    init(_ declared: ScriptType?) {
        switch declared {
        case nil, .any?, .existential?, .typeParameter?: self = .none   // a protocol's value: the checker proved it conforms
        case .int?: self.init(tags: 1 << ValueLayout.intTag, type: nil)
        case .double?: self.init(tags: 1 << ValueLayout.doubleTag, type: nil)
        case .string?, .character?, .substring?: self.init(tags: 1 << ValueLayout.stringTag, type: nil)   // strings when the program runs
        case .bool?: self.init(tags: 1 << ValueLayout.boolTag, type: nil)
        case .record(let r)?: self.init(tags: 0, type: ObjectIdentifier(r))
        case .optional(let inner)?:
            let wrapped = FieldCheck(inner)
            switch inner {
            case .int, .double, .string, .character, .substring, .bool, .record: self.init(tags: wrapped.tags | 1 << ValueLayout.nullTag, type: wrapped.type)
            default: self = .full
            }
        case .array(let element)?:
            switch element {
            case .double, .enumeration, .optional: self = .full
            // The conversion returns such an array as it is.
            default: self.init(tags: 1 << ValueLayout.arrayTag, type: nil)
            }
        default: self = .full
        }
    }

    /// The value a register (or a field) holds is stored as it is: converting it would give it back unchanged.
    @inline(__always)
    func admits(_ value: UnsafeMutablePointer<Value>) -> Bool {
        let tag = value.tag
        if tag < 32, tags & (1 << UInt32(tag)) != 0 { return true }
        guard let type else { return false }
        return value.objectType == type
    }

    /// `admits` for a value held elsewhere than in a register (read where it is, no copy).
    @inline(__always)
    func admits(_ value: borrowing Value) -> Bool {
        withUnsafePointer(to: value) { admits(UnsafeMutablePointer(mutating: $0)) }
    }
}
