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
///
/// The associated values are stored in the object itself (`FieldStorage`, as a struct's fields are): one allocation
/// a value, where an object and its `[Value]` were two (Storage, which makes a case value per tree node: −11 % of its instructions).
public final class EnumCase: ManagedBuffer<EnumCaseHeader, Value>, FieldStorage {
    /// The declared case (no associated values: a value of it is made by `with`).
    static func declared(type: EnumType, name: String, index: Int, rawValue: Value, title: String) -> EnumCase {
        made(CaseDeclaration(type: type, name: name, rawValue: rawValue, title: title), index: index, count: 0)
    }

    /// A new object for `declaration`'s case with room for `count` associated values, not yet initialised.
    private static func made(_ declaration: CaseDeclaration, index: Int, count: Int) -> EnumCase {
        let header = EnumCaseHeader(typeIdentifier: declaration.typeIdentifier, count: count, declaration: declaration, index: index)
        return unsafeDowncast(create(minimumCapacity: count) { _ in header }, to: EnumCase.self)
    }

    deinit { deinitializeFields() }

    private var headerPlace: UnsafeMutablePointer<EnumCaseHeader> { headerPointer() }
    var declaration: CaseDeclaration { headerPlace.pointee.declaration }
    public var index: Int { headerPlace.pointee.index }
    /// A value's associated values, in order (empty for a case without): a copy.
    var payload: [Value] { fields }

    /// A value of this (declared) case with its associated values: one object that shares the declaration (making
    /// one copied the name, title, raw value, labels and an unowned reference: `n = .leaf(i)` took 1 550
    /// instructions, now 1 075 with the `make` it runs in).
    func with(_ values: [Value]) -> EnumCase {
        let made = EnumCase.made(declaration, index: index, count: values.count)
        made.initializeFields(values)
        return made
    }

    /// `with` the values in `count` registers, moved in (each register left nil): no array between them.
    func with(taking registers: UnsafeMutablePointer<Value>, count: Int) -> EnumCase {
        let made = EnumCase.made(declaration, index: index, count: count)
        made.fieldBase.moveInitialize(from: registers, count: count)
        registers.initialize(repeating: .null, count: count)
        return made
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
        typeIdentifier == ObjectIdentifier(type.root)
    }

    /// `single`, `circle(radius: 2.0)`: as Swift prints a case.
    var text: String {
        let payload = self.payload
        if payload.isEmpty { return name }
        let parts = payload.indices.map { i in (ScriptType.label(payloadLabels, i).map { "\($0): " } ?? "") + payload[i].debugDescription }
        return name + "(" + parts.joined(separator: ", ") + ")"
    }

    /// The key of associated value `i` in JSON: its label, or `_i` as Swift's Codable names it.
    static func key(_ labels: [String?], _ i: Int) -> String {
        ScriptType.label(labels, i) ?? "_\(i)"
    }

    static func == (a: EnumCase, b: EnumCase) -> Bool {
        a === b || (a.typeIdentifier == b.typeIdentifier && a.index == b.index && a.sameFields(as: b))
    }
}

/// What an `EnumCase` holds before its associated values: the enum's identity and their count first, where
/// `FieldStorage` reads them.
public struct EnumCaseHeader {
    let typeIdentifier: ObjectIdentifier
    let count: Int
    let declaration: CaseDeclaration
    let index: Int
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
        typeIdentifier = ObjectIdentifier(type.root)   // a use of a generic enum (`Tree<Int>`) is that enum when the program runs
        self.name = name
        self.rawValue = rawValue
        self.title = title
    }
}

/// A struct or entity instance (or, inside a store, nothing: stores are `StoreInstance`). Its fields are stored in
/// the object itself (`FieldStorage`).
public final class Record: ManagedBuffer<RecordHeader, Value>, FieldStorage {
    /// A value of `type` holding `fields` (its own copy of them).
    static func make(type: RecordType, fields: [Value]) -> Record {
        made(type, fields) { RecordHeader(typeIdentifier: ObjectIdentifier(type), count: $0, type: type) }
    }

    deinit { deinitializeFields() }

    /// The header, by the object's layout (`FieldLayout`): `withUnsafeMutablePointerToHeader` retains and releases.
    private var headerPlace: UnsafeMutablePointer<RecordHeader> { headerPointer() }

    public var type: RecordType { headerPlace.pointee.type }
    /// The record as JSON in the store file, kept from the last commit; cleared
    /// whenever the record is changed in place (`Value.takeRecord`).
    var encoded: [UInt8]? {
        get { headerPlace.pointee.encoded }
        set { headerPlace.pointee.encoded = newValue }
    }

    /// `encoded = nil`, with no release call when there is nothing to let go of (every change in place asks).
    @inline(__always)
    func forgetEncoding() {
        if headerPlace.pointee.encoded != nil { headerPlace.pointee.encoded = nil }
    }

    /// A value of the same type with the same fields (for a change to a value something else shares).
    func copy() -> Record { Record.make(type: type, fields: fields) }
}

/// What a `Record` holds before its fields: the type's identity and the field count first, where
/// `FieldStorage` reads them.
public struct RecordHeader {
    let typeIdentifier: ObjectIdentifier
    let count: Int
    let type: RecordType
    var encoded: [UInt8]?
}

/// An intent with its parameters bound, not yet performed.
public final class IntentValue {
    public let type: IntentType
    /// One entry per parameter of `type`; `.null` where unset.
    public internal(set) var arguments: [Value]
    /// Its stored properties' values, each computed at its first read (`IntentType.constants`).
    var stored: [String: Value]
    init(type: IntentType, arguments: [Value], stored: [String: Value] = [:]) {
        self.type = type
        self.arguments = arguments
        self.stored = stored
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
