import ShortcutSyntax

/// The static type of a value (SPEC §3.1). The checker gives one to every
/// expression; annotations, parameters, fields and store fields are declared
/// with one; values that come from outside are checked against one where they
/// enter (answers, `--param`, the store file).
///
/// `any` is the type the checker does not know: a construct it does not type
/// yet, or an expression that already has an error. It agrees with every type,
/// so one mistake is reported once, not again at every use.
public indirect enum ScriptType: CustomStringConvertible {
    case any
    case int, double, string, bool, date, uuid
    case array(ScriptType)
    case dictionary(ScriptType, ScriptType)
    /// `Set<T>`: unique elements (kept, as an array, in the order they came).
    case set(ScriptType)
    case optional(ScriptType)
    /// Parameter types and the result; `[.any]`-like unknown parts agree with anything.
    case function([ScriptType], ScriptType)
    /// An `inout` parameter of a function type (`(inout State, Action) -> Void`), around its type: a call passes it with
    /// `&`, and the function returns its value beside its result, as a declared function's `inout` parameter does.
    case inoutParameter(ScriptType)
    /// Element types, and a label per element where the type has them (`(min: Int, max: Int)`);
    /// `labels` is empty for a tuple with none. Labels take part in conversions as Swift's do: an
    /// unlabelled tuple fits a labelled type, and the value takes the labels (`Node.relabel`).
    case tuple([ScriptType], labels: [String?] = [])
    /// `Range<Int>` (`a..<b`) or `ClosedRange<Int>` (`a...b`).
    case range(closed: Bool)
    /// `Range<String.Index>` (`i..<j`, `s.range(of:)`) or `ClosedRange<String.Index>`: a range of positions in a string,
    /// counts of characters when the program runs, as `stringIndex` is; its bounds are `String.Index`es.
    case indexRange(closed: Bool)
    case enumeration(EnumType)
    case record(RecordType)
    case intent(IntentType)
    case view
    /// A value of Apple's frameworks that a program holds and calls but does not look inside (`Logger`, SPEC §13).
    case framework(String)
    case void
    /// `Error`: what `catch` binds. Any value may be thrown (SPEC §3.1), so every value is one.
    case error
    /// A protocol of the program's as the target of `as?`, `as!`, `is` (elsewhere its name is `Any`, `Protocols`): a
    /// value fits when its type conforms.
    case existential(String)
    /// `String.Index`: a position in a string (`s.startIndex`, `s.firstIndex(of: "a")`), a count of characters from its
    /// start when the program runs — its own type to the checker, so `s[0]` stays Swift's error while `s[i]` is not.
    case stringIndex
    /// `Character` and `Substring`: a one-character string and a string when the program runs, types of their own to the
    /// checker, as Swift's are — neither is a `String` (`let t: String = s.first!` is swiftc's error), and a string literal
    /// is either where one is wanted (`c == "a"`, `let w: Substring = "lit"`).
    case character, substring
    /// A generic function's parameter inside its body, with its constraints (`T` of `func f<T: Comparable>`): what they
    /// give, nothing else (`TypeParameters`). Callers see the function's parameters as `Any`, bound at each call.
    case typeParameter(String, constraints: [String])

    /// A struct's, a class's or an enum's of the program (or the preludes').
    var isRecordOrEnumeration: Bool {
        switch self {
        case .record, .enumeration: return true
        default: return false
        }
    }

    /// Whether a closure may be given for a parameter of this type (a function, an optional one, or a type not known).
    var takesClosure: Bool {
        switch self {
        case .function, .any, .typeParameter: return true
        case .optional(let w): return w.takesClosure
        default: return false
        }
    }

    /// An enum's with a raw type (`enum Level: Int`).
    var hasRawValues: Bool {
        if case .enumeration(let e) = self { return e.rawType != nil }
        return false
    }

    /// As `print(type(of: x))` shows a type: generic types with their arguments (`Array<Int>`, `Optional<String>`).
    var genericSpelling: String {
        switch self {
        case .array(let e): return "Array<\(e.genericSpelling)>"
        case .set(let e): return "Set<\(e.genericSpelling)>"
        case .dictionary(let k, let v): return "Dictionary<\(k.genericSpelling), \(v.genericSpelling)>"
        case .optional(let w): return "Optional<\(w.genericSpelling)>"
        case .tuple(let ts, let labels):
            return "(" + ts.indices.map { (ScriptType.label(labels, $0).map { "\($0): " } ?? "") + ts[$0].genericSpelling }.joined(separator: ", ") + ")"
        case .range(let closed): return closed ? "ClosedRange<Int>" : "Range<Int>"
        case .indexRange(let closed): return closed ? "ClosedRange<String.Index>" : "Range<String.Index>"
        default: return description
        }
    }

    public var description: String {
        switch self {
        case .any: return "Any"
        case .int: return "Int"
        case .double: return "Double"
        case .string: return "String"
        case .bool: return "Bool"
        case .date: return "Date"
        case .uuid: return "UUID"
        case .stringIndex: return "String.Index"
        case .character: return "Character"
        case .substring: return "Substring"
        case .typeParameter(let name, _): return name
        case .array(let t): return "[\(t)]"
        case .dictionary(let k, let v): return "[\(k): \(v)]"
        case .set(let t): return "Set<\(t)>"
        case .optional(let t):
            if case .function = t { return "(\(t))?" }
            return "\(t)?"
        case .function(let ps, let r): return "(\(ps.map(\.description).joined(separator: ", "))) -> \(r)"
        case .inoutParameter(let t): return "inout \(t)"
        case .tuple(let ts, let labels):
            return "(" + ts.indices.map { i in (ScriptType.label(labels, i).map { "\($0): " } ?? "") + ts[i].description }.joined(separator: ", ") + ")"
        case .range(let closed): return closed ? "ClosedRange<Int>" : "Range<Int>"
        case .indexRange(let closed): return closed ? "ClosedRange<String.Index>" : "Range<String.Index>"
        case .enumeration(let e): return e.name
        case .record(let r): return r.name
        case .intent(let i): return i.name
        case .view: return "some View"
        case .framework(let name): return name
        case .existential(let name): return name == "Any" ? "Any" : "any \(name)"
        case .void: return "()"   // as swiftc spells it in a diagnostic (`() -> ()`)
        case .error: return "any Error"
        }
    }

    /// The value a declaration of this type starts with when it has no default
    /// (`nil` for optionals), or nil when there is none.
    var implicitDefault: Value? {
        if case .optional = self { return .null }
        return nil
    }

    /// Whether the checker knows nothing about the type.
    var isUnknown: Bool {
        if case .any = self { return true }
        return false
    }

    /// The protocols a composition names (`Named & Aged`), or the one protocol.
    static func protocolParts(of name: String) -> [String] {
        name.split(separator: "&").map { String($0.filter { $0 != " " }) }
    }

    /// The wrapped type of an optional, or nil.
    var wrapped: ScriptType? {
        if case .optional(let w) = self { return w }
        return nil
    }

    var isOptional: Bool { wrapped != nil }

    /// The type of an `inout` parameter's value (`inout Int` is an `Int` inside the function); any other type as it is.
    var withoutInout: ScriptType {
        if case .inoutParameter(let t) = self { return t }
        return self
    }

    var isInoutParameter: Bool {
        if case .inoutParameter = self { return true }
        return false
    }

    /// Any text (`StringProtocol`): what a text method's parameter takes — a `String`, a `Substring`, a literal.
    static var anyText: ScriptType { .existential("StringProtocol") }

    /// `String` or `Substring`: text that `+`, `==` and the text methods (`StringProtocol`'s) take together.
    var isText: Bool {
        switch self {
        case .string, .substring: return true
        default: return false
        }
    }

    /// `Int` or `Double`.
    var isNumeric: Bool {
        switch self {
        case .int, .double: return true
        default: return false
        }
    }

    /// Element type when iterated with `for … in`.
    var elementType: ScriptType? {
        switch self {
        case .record(let r): return r.memberTypes.sequenceElement
        case .enumeration(let e): return e.memberTypes.sequenceElement
        case .array(let e), .set(let e): return e
        case .range: return .int
        case .string, .substring: return .character
        case .dictionary(let k, let v): return .tuple([k, v], labels: ["key", "value"])
        case .any: return .any
        default: return nil
        }
    }

    /// The same type, statically: unknown parts agree with anything.
    func agrees(with other: ScriptType) -> Bool {
        switch (self, other) {
        case (.any, _), (_, .any): return true
        case (.int, .int), (.double, .double), (.string, .string), (.bool, .bool), (.date, .date), (.uuid, .uuid),
             (.view, .view), (.void, .void), (.error, .error), (.character, .character), (.substring, .substring):
            return true
        case (.array(let a), .array(let b)), (.optional(let a), .optional(let b)), (.set(let a), .set(let b)),
             (.inoutParameter(let a), .inoutParameter(let b)):
            return a.agrees(with: b)
        case (.dictionary(let k1, let v1), .dictionary(let k2, let v2)): return k1.agrees(with: k2) && v1.agrees(with: v2)
        case (.function(let p1, let r1), .function(let p2, let r2)):
            return p1.count == p2.count && zip(p1, p2).allSatisfy { $0.agrees(with: $1) } && r1.agrees(with: r2)
        case (.tuple(let a, let la), .tuple(let b, let lb)):
            return a.count == b.count && a.indices.allSatisfy { i in
                a[i].agrees(with: b[i]) && ScriptType.labelsAgree(ScriptType.label(la, i), ScriptType.label(lb, i))
            }
        case (.range(let a), .range(let b)), (.indexRange(let a), .indexRange(let b)): return a == b
        case (.stringIndex, .stringIndex): return true
        case (.void, .tuple(let ts, _)), (.tuple(let ts, _), .void): return ts.isEmpty   // `()` is `Void`
        case (.typeParameter(let a, _), .typeParameter(let b, _)): return a == b
        case (.framework(let a), .framework(let b)): return a == b
        case (.enumeration(let a), .enumeration(let b)): return a.isType(of: b)
        case (.record(let a), .record(let b)): return a.isType(of: b)
        case (.intent(let a), .intent(let b)): return a === b
        case (.existential(let a), .existential(let b)): return a == b
        default: return false
        }
    }

    /// The label of element `i`, if it has one.
    static func label(_ labels: [String?], _ i: Int) -> String? {
        labels.indices.contains(i) ? labels[i] : nil
    }

    /// Tuple labels agree when they are the same or one side has none (Swift converts between
    /// `(Int, Int)` and `(min: Int, max: Int)`, not between `(a: Int, …)` and `(b: Int, …)`).
    static func labelsAgree(_ a: String?, _ b: String?) -> Bool {
        a == nil || b == nil || a == b
    }

    /// Whether a value of this type may be compared with `==` (SPEC §3.2: structural on every value type).
    /// Conforms to `Equatable`: has `==` and is no tuple (two tuples compare with `==`, but a tuple is no `Equatable`
    /// type: an array of tuples has no `==`, `contains(_:)` or `firstIndex(of:)`).
    var conformsToEquatable: Bool {
        if case .tuple = self { return false }
        return isEquatable
    }

    var isEquatable: Bool {
        switch self {
        case .function, .view, .void, .existential: return false   // two protocol values: Swift compares neither
        // A tuple is no `Equatable` type: a collection of tuples, or an optional one, has no `==` (nor `contains(_:)`).
        case .array(let e), .optional(let e), .set(let e): return e.conformsToEquatable
        case .dictionary(_, let v): return v.conformsToEquatable
        // Two tuples of up to six elements compare with the standard library's `==`, as they order with its `<`.
        case .tuple(let ts, _): return ts.count <= 6 && ts.allSatisfy(\.isEquatable)
        case .record(let r): return r.comparesEqual
        case .typeParameter: return typeParameterHas("Equatable")
        default: return true
        }
    }

    /// Why a store field of this type could not be written to the store file and read back, if it could not: a
    /// class's instance (SPEC §5.7), a function, a view, a protocol's value (saved without its type), inside any
    /// optional, array, dictionary, set or tuple.
    var unsavedReason: String? {
        switch self {
        case .record(let r) where r.kind == .class: return "an instance of a class is never saved"
        case .function: return "a function is never saved"
        case .view: return "a view is never saved"
        case .existential: return "a value of a protocol's type is saved without its own type, and could not be read back"
        case .optional(let t), .array(let t), .set(let t): return t.unsavedReason
        case .dictionary(let k, let v): return k.unsavedReason ?? v.unsavedReason
        case .tuple(let ts, _): return ts.lazy.compactMap(\.unsavedReason).first
        default: return nil
        }
    }

    /// Whether values of this type have an order (`<`, `sorted()`, `min()`).
    var isComparable: Bool {
        switch self {
        case .any, .int, .double, .string, .date, .stringIndex, .character, .substring: return true
        case .enumeration(let e): return e.root.declaresLessThan || e.root.synthesizesOrder   // a raw type gives no order, as in Swift
        case .record(let r): return r.root.declaresLessThan   // a generic type's for its uses; a subclass's inherited too
        case .tuple(let ts, _): return !ts.isEmpty && ts.count <= 6 && ts.allSatisfy(\.isComparable)
        case .typeParameter: return typeParameterHas("Comparable")
        default: return false
        }
    }
}

extension ScriptType {
    /// The names an extension that applies to values of this type may be written under.
    /// The type with `Any` for each protocol's type in it (`[any Shape]` is `[Any]`).
    /// `Any`: the checker's unknown, or the type written `Any` (a value of any type, cast to be used as one).
    var isAnyValue: Bool {
        switch self {
        case .any, .existential("Any"): true
        default: false
        }
    }

    var erasingExistentials: ScriptType {
        switch self {
        case .existential: return .any
        case .array(let e): return .array(e.erasingExistentials)
        case .set(let e): return .set(e.erasingExistentials)
        case .optional(let w): return .optional(w.erasingExistentials)
        case .dictionary(let k, let v): return .dictionary(k.erasingExistentials, v.erasingExistentials)
        case .tuple(let ts, let labels): return .tuple(ts.map(\.erasingExistentials), labels: labels)
        default: return self
        }
    }

    /// An array, a string, a set, a dictionary or a range: a collection of the standard library.
    var isStandardCollection: Bool {
        switch self {
        case .array, .string, .substring, .set, .dictionary, .range: return true
        default: return false
        }
    }

    var extensionOwners: [String] {
        switch self {
        case .int: return ["Int", "BinaryInteger", "Numeric", "Comparable", "Equatable", "Hashable"]
        case .double: return ["Double", "Float", "FloatingPoint", "BinaryFloatingPoint", "Numeric", "Comparable", "Equatable", "Hashable"]
        case .string: return ["String", "StringProtocol", "Collection", "Sequence", "Comparable", "Equatable", "Hashable"]
        case .substring: return ["Substring", "StringProtocol", "Collection", "Sequence", "Comparable", "Equatable", "Hashable"]
        case .character: return ["Character", "Comparable", "Equatable", "Hashable"]
        case .bool: return ["Bool", "Equatable", "Hashable"]
        case .array: return ["Array", "Collection", "Sequence", "RandomAccessCollection", "BidirectionalCollection", "MutableCollection"]
        case .dictionary: return ["Dictionary", "Collection", "Sequence"]
        case .set: return ["Set", "Collection", "Sequence"]
        case .range(let closed): return [closed ? "ClosedRange" : "Range", "Collection", "Sequence", "RandomAccessCollection", "BidirectionalCollection"]
        case .date: return ["Date", "Comparable", "Equatable", "Hashable"]
        case .uuid: return ["UUID", "Equatable", "Hashable"]
        case .view: return ["View"]
        case .optional: return ["Optional"]
        default: return []
        }
    }
}
