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

/// One case of an `enum` declaration. A case without associated values is one object, so its
/// equality is identity; a value of a case with them (`.circle(radius: 2)`) is a new object that
/// carries them and shares its case's `CaseDeclaration`, equal to another of the same case with equal values.
public final class EnumCase {
    let declaration: CaseDeclaration
    public let index: Int
    /// A value's associated values, in order (empty for a case without).
    let payload: [Value]

    init(type: EnumType, name: String, index: Int, rawValue: Value, title: String) {
        declaration = CaseDeclaration(type: type, name: name, rawValue: rawValue, title: title)
        self.index = index
        payload = []
    }

    private init(_ declaration: CaseDeclaration, index: Int, payload: [Value]) {
        self.declaration = declaration
        self.index = index
        self.payload = payload
    }

    /// A value of this (declared) case with its associated values: one object that shares the declaration (making
    /// one copied the name, title, raw value, labels and an unowned reference: `n = .leaf(i)` took 1 550
    /// instructions, now 1 075 with the `make` it runs in).
    func with(_ values: [Value]) -> EnumCase {
        EnumCase(declaration, index: index, payload: values)
    }

    public var type: EnumType { declaration.type }
    public var name: String { declaration.name }
    public var rawValue: Value { declaration.rawValue }
    public var title: String { declaration.title }
    /// `case circle(radius: Double)`: the associated values' types and labels.
    var payloadTypes: [ScriptType]? {
        get { declaration.payloadTypes }
        set { declaration.payloadTypes = newValue }
    }
    var payloadLabels: [String?] {
        get { declaration.payloadLabels }
        set { declaration.payloadLabels = newValue }
    }

    /// Whether this is a case of `type`, asked without reading the unowned reference (which retains and releases).
    @inline(__always)
    func isCase(of type: EnumType) -> Bool {
        declaration.typeIdentifier == ObjectIdentifier(type)
    }

    /// `single`, `circle(radius: 2.0)`: as Swift prints a case.
    var text: String {
        if payload.isEmpty { return name }
        let parts = payload.indices.map { i in (ScriptType.label(payloadLabels, i).map { "\($0): " } ?? "") + payload[i].debugDescription }
        return name + "(" + parts.joined(separator: ", ") + ")"
    }

    /// The key of associated value `i` in JSON: its label, or `_i` as Swift's Codable names it.
    static func key(_ labels: [String?], _ i: Int) -> String {
        ScriptType.label(labels, i) ?? "_\(i)"
    }

    static func == (a: EnumCase, b: EnumCase) -> Bool {
        a === b || (a.declaration.typeIdentifier == b.declaration.typeIdentifier && a.index == b.index && a.payload == b.payload)
    }
}

/// What a declared case and every value made of it share.
final class CaseDeclaration {
    unowned let type: EnumType
    let typeIdentifier: ObjectIdentifier
    let name: String
    let rawValue: Value
    let title: String
    var payloadTypes: [ScriptType]?
    var payloadLabels: [String?] = []

    init(type: EnumType, name: String, rawValue: Value, title: String) {
        self.type = type
        typeIdentifier = ObjectIdentifier(type)
        self.name = name
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
