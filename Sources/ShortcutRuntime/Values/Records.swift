import ShortcutSyntax

/// A tuple: `(index, element)` from `enumerated()`, `(key, value)` from a dictionary.
public final class TupleStorage {
    let elements: [Value]
    let labels: [String?]
    init(_ elements: [Value], labels: [String?]? = nil) {
        self.elements = elements
        self.labels = labels ?? Array(repeating: nil, count: elements.count)
    }
}

/// One case of an `enum` declaration. Cases are unique objects, so equality is identity.
public final class EnumCase {
    public unowned let type: EnumType
    public let name: String
    public let index: Int
    public let rawValue: Value
    public let title: String
    init(type: EnumType, name: String, index: Int, rawValue: Value, title: String) {
        self.type = type
        self.name = name
        self.index = index
        self.rawValue = rawValue
        self.title = title
    }
}

/// A struct or entity instance (or, inside a store, nothing: stores are `StoreInstance`).
public final class Record {
    public let type: RecordType
    @exclusivity(unchecked) public var fields: [Value]
    /// The record as JSON in the store file, kept from the last commit; cleared
    /// whenever the record is changed in place (`Value.takeRecord`).
    @exclusivity(unchecked) var encoded: [UInt8]?
    init(type: RecordType, fields: [Value]) {
        self.type = type
        self.fields = fields
    }
}


/// An intent with its parameters bound, not yet performed.
public final class IntentValue {
    public let type: IntentType
    /// One entry per parameter of `type`; `.null` where unset.
    public internal(set) var arguments: [Value]
    init(type: IntentType, arguments: [Value]) {
        self.type = type
        self.arguments = arguments
    }
}

/// A type used as a value: `EspressoShot.allCases`, `CaffeineStore.shared`, `Int.self`.
public enum TypeValue {
    case builtin(BuiltinType)
    case enumeration(EnumType)
    case record(RecordType)
    case intent(IntentType)
    case view(ViewType)
}

public enum BuiltinType: String, CaseIterable, Sendable {
    case int = "Int", double = "Double", string = "String", bool = "Bool", date = "Date"
    case uuid = "UUID", array = "Array", dictionary = "Dictionary"
}
