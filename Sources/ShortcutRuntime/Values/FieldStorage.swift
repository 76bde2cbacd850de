/// An object holding a type's fields in order, in itself (a `ManagedBuffer`'s elements): a class instance (or the
/// store), a struct's value. One allocation an instance, and a field is at a fixed distance from the object's address:
/// an instruction reads or changes it with no array between them — no bounds test, and no uniqueness test on every
/// store (the `[Value]` they held was asked whether it was shared, since a copy of it could be).
///
/// The type's identity, the field count and the first field are read at fixed offsets from the object's address
/// (`FieldLayout`), not through `ManagedBuffer`'s closures: the dispatch loop is too large for the optimiser to
/// inline those (each read was a call, and `type` a retain and a release).
protocol FieldStorage: AnyObject {}

/// Where `FieldStorage`'s header words and fields are, from the object's address: after Swift's object header (the
/// class pointer and the reference counts), the `ManagedBuffer` header's first two words, then the fields after
/// the whole header (both headers are four words). `holds()` checks it on real objects, a test and every debug
/// build's interpreter with it, as for `ValueLayout`.
enum FieldLayout {
    /// Where the `ManagedBuffer`'s header starts; the type's identity is its first word.
    static let headerOffset = 16
    static let typeIdentifierOffset = headerOffset
    static let countOffset = headerOffset + 8
    static let fieldsOffset = 48

    /// The type's identity in the object at `address` (a field-holding object's: the caller knows it is one).
    @inline(__always)
    static func typeIdentifier(at address: UnsafeRawPointer) -> ObjectIdentifier {
        address.load(fromByteOffset: typeIdentifierOffset, as: ObjectIdentifier.self)
    }

    /// Where the first field of the object at `address` is.
    @inline(__always)
    static func fields(at address: UnsafeMutableRawPointer) -> UnsafeMutablePointer<Value> {
        (address + fieldsOffset).assumingMemoryBound(to: Value.self)
    }

    static func holds() -> Bool {
        let type = RecordType(name: "T", kind: .class)
        let record = Record.make(type: type, fields: [.int(7)])
        let instance = StoreInstance.make(type: type, fields: [.int(8)], checks: [])
        func matches<H>(_ object: ManagedBuffer<H, Value>, _ id: ObjectIdentifier, _ count: Int) -> Bool {
            let address = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
            return object.withUnsafeMutablePointers { header, elements in
                UnsafeRawPointer(header) == address + typeIdentifierOffset && UnsafeRawPointer(elements) == address + fieldsOffset
            } && address.load(fromByteOffset: typeIdentifierOffset, as: ObjectIdentifier.self) == id
                && address.load(fromByteOffset: countOffset, as: Int.self) == count
        }
        let enumeration = EnumType(name: "E")
        let payloadCase = EnumCase.declared(type: enumeration, name: "c", index: 0, rawValue: .null, title: "C").with([.int(9)])
        return matches(record, record.withUnsafeMutablePointerToHeader { $0.pointee.typeIdentifier }, 1)
            && matches(payloadCase, ObjectIdentifier(enumeration), 1) && payloadCase[field: 0] == .int(9)
            && matches(instance, instance.withUnsafeMutablePointerToHeader { $0.pointee.typeIdentifier }, 1)
            && record.typeIdentifier == ObjectIdentifier(type) && instance.typeIdentifier == ObjectIdentifier(type)
            && record[field: 0] == .int(7) && instance[field: 0] == .int(8)
    }
}

extension FieldStorage {
    /// The object's address (no retain).
    @inline(__always)
    var address: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// `ObjectIdentifier(type)`, kept: the instructions compare it with what their caches name.
    @inline(__always)
    var typeIdentifier: ObjectIdentifier { FieldLayout.typeIdentifier(at: address) }

    /// How many fields the object holds: its type's (at least: an instruction finds a field by its type's index
    /// with no bounds test), fixed when it is made.
    @inline(__always)
    var fieldCount: Int { address.load(fromByteOffset: FieldLayout.countOffset, as: Int.self) }

    /// The `ManagedBuffer` header, as `Header`: valid while the object lives.
    @inline(__always)
    func headerPointer<Header>() -> UnsafeMutablePointer<Header> {
        (address + FieldLayout.headerOffset).assumingMemoryBound(to: Header.self)
    }

    /// Where the first field is: valid while the object lives.
    @inline(__always)
    var fieldBase: UnsafeMutablePointer<Value> { FieldLayout.fields(at: address) }

    /// The fields as an array (a copy), or all of them replaced (an array of another length changes as many as both have).
    var fields: [Value] {
        get { Array(UnsafeBufferPointer(start: fieldBase, count: fieldCount)) }
        set {
            let base = fieldBase
            for i in 0..<min(fieldCount, newValue.count) { base[i] = newValue[i] }
        }
    }

    /// The field at `i`, read or changed in place. `i` comes from the object's type (a field's index), never a script.
    subscript(field i: Int) -> Value {
        get {
            precondition(i >= 0 && i < fieldCount, "no field \(i)")
            return fieldBase[i]
        }
        _modify {
            precondition(i >= 0 && i < fieldCount, "no field \(i)")
            yield &fieldBase[i]
        }
    }

    /// Calls `body` with the field at `position` in place (an instruction reading or storing it without a copy of
    /// the value); false when there is no such field. A struct's value is changed so only when the caller has
    /// made sure nothing else holds it.
    @inline(__always)
    func withField(_ position: Int, _ body: (UnsafeMutablePointer<Value>) -> Bool) -> Bool {
        guard position >= 0, position < fieldCount else { return false }
        return body(fieldBase + position)
    }

    /// Whether the two hold equal fields (each pair `==`), compared where they are.
    func sameFields(as other: Self) -> Bool {
        let count = fieldCount
        guard count == other.fieldCount else { return false }
        let (a, b) = (fieldBase, other.fieldBase)
        for i in 0..<count where a[i] != b[i] { return false }
        return true
    }

    /// A new object of this class for `type` holding `fields` (its own copy of them), nil in any field of the type's
    /// past them; `header` makes the header for that many fields.
    static func made<Header>(_ type: RecordType, _ fields: [Value], header: (_ count: Int) -> Header) -> Self
    where Self: ManagedBuffer<Header, Value> {
        let count = max(type.fields.count, fields.count)
        let made = unsafeDowncast(Self.create(minimumCapacity: count) { _ in header(count) }, to: Self.self)
        made.initializeFields(fields)
        return made
    }

    /// Fills a new object's fields (called once, by its maker): `values` in order, nil after them.
    func initializeFields(_ values: [Value]) {
        let (base, count) = (fieldBase, fieldCount)
        let given = UnsafeMutableBufferPointer(start: base, count: count).initialize(from: values).1
        (base + given).initialize(repeating: .null, count: count - given)
    }

    /// Lets go of what the fields hold (its `deinit`).
    func deinitializeFields() {
        fieldBase.deinitialize(count: fieldCount)
    }
}
