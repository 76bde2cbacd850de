/// A register's scalar read in place, by the layout of `Value` — without the copy a `case .int(let x) = fp[i]`
/// makes (an enum copy is an outlined function that switches over every case to retain what it holds, then
/// another to release it: a third of a typed instruction's work, measured).
///
/// `Value` is a multi-payload enum: its largest payloads take 16 bytes, and `.int`'s has no spare bits, so a
/// tag byte follows them: each payload case's index among the payload cases in declaration order, then one
/// tag for `.null`. `ValueLayout.holds()` checks that layout on real values, a test and every debug build's
/// interpreter with it; every build's interpreter refuses to start without the scalars' part (`scalarsHold`).
enum ValueLayout {
    static let tagOffset = 16
    static let stringTag: UInt8 = 0
    static let arrayTag: UInt8 = 1
    /// A struct's value (`.record`) and a class instance or the store (`.store`): one reference, at offset 0.
    static let recordTag: UInt8 = 6
    static let storeTag: UInt8 = 7
    /// A function value (`.function`): one reference, at offset 0.
    static let functionTag: UInt8 = 8

    /// A struct value, class instance or array: one reference, at offset 0 (`holds` checks each), which a register
    /// can retain or release as it is rather than by the enum's outlined copy or destroy.
    @inline(__always)
    static func isOneObject(_ tag: UInt8) -> Bool { oneObjectTags & (1 &<< UInt32(tag)) != 0 }
    /// `isOneObject`'s tags as bits: one test where three compares were (List 4 % fewer instructions).
    static let oneObjectTags: UInt32 = 1 << UInt32(recordTag) | 1 << UInt32(storeTag) | 1 << UInt32(arrayTag)
    /// The scalars (`bool`, `int`, `double`, `range`, `closedRange`, `date`), then `null`: the tags from here
    /// up hold no reference.
    static let firstScalarTag: UInt8 = 17
    static let boolTag: UInt8 = 17
    static let intTag: UInt8 = 18
    static let doubleTag: UInt8 = 19
    static let rangeTag: UInt8 = 20
    static let closedRangeTag: UInt8 = 21
    static let dateTag: UInt8 = 22
    static let nullTag: UInt8 = 23

    /// The bits of a string's second word that mark it small (held in its 16 bytes, the rest zero) and all ASCII —
    /// Swift's `_StringObject` discriminator on 64-bit platforms, checked by `holds()`: two such strings are equal
    /// exactly when their bytes are (no two ASCII spellings are canonically equivalent).
    static let smallASCIIString: UInt64 = 0xE000_0000_0000_0000
    /// The bit of a string's second word that marks it immortal (`_StringObject`'s b63): small, or a literal in the
    /// program's data — never counted, so its bytes may be copied and dropped as a scalar's are (`holdsUncounted`).
    static let immortalString: UInt64 = 0x8000_0000_0000_0000

    /// The tag byte of a value.
    private static func tag(_ v: Value) -> UInt8 {
        var v = v
        return withUnsafeBytes(of: &v) { $0.count > tagOffset ? $0[tagOffset] : 0xFF }
    }

    /// Whether `Value`'s size and its scalars' tags and payloads are as these constants say: the part of `holds()`
    /// that makes no object, checked by every interpreter before it runs anything.
    static func scalarsHold() -> Bool {
        var int = Value.int(-0x0123_4567_89AB_CDEF), double = Value.double(-2.5), bool = Value.bool(true)
        let payloads = withUnsafeBytes(of: &int) { $0.load(as: Int.self) } == -0x0123_4567_89AB_CDEF
            && withUnsafeBytes(of: &double) { $0.load(as: Double.self) } == -2.5
            && withUnsafeBytes(of: &bool) { $0.load(as: Bool.self) }
        return MemoryLayout<Value>.size == tagOffset + 1 && payloads
            && tag(.int(0)) == intTag && tag(.double(0)) == doubleTag && tag(.bool(false)) == boolTag && tag(.null) == nullTag
            && tag(.range(0, 1)) == rangeTag && tag(.closedRange(0, 1)) == closedRangeTag && tag(.date(0)) == dateTag
    }

    /// Whether `Value` is laid out as these constants say, checked on values of each scalar case and on values
    /// that hold references.
    static func holds() -> Bool {
        func isScalar(_ v: Value) -> Bool { tag(v) >= firstScalarTag }
        let tags = scalarsHold()
            && tag(.function(Function(code: FunctionCode(declaring: "f", range: .none), captures: []))) == functionTag
            && tag(.string("")) == stringTag && tag(.string("a long string, stored out of line")) == stringTag && tag(.array([])) == arrayTag
        let references: [Value] = [.string("a long string, stored out of line"), .array([.int(1)]), .symbol("s"), .cell(Cell(.null))]
        // An array's payload is the array itself, at offset 0 (`element(_:)` reads it in place).
        let array: [Value] = [.int(7)]
        var arrayValue = Value.array(array)
        let arrays = MemoryLayout<[Value]>.size == MemoryLayout<UnsafeRawPointer>.size
            && withUnsafeBytes(of: &arrayValue) { $0.load(as: UnsafeRawPointer.self) } == unsafeBitCast(array, to: UnsafeRawPointer.self)
        let type = RecordType(name: "T", kind: .class)
        let record = Record.make(type: type, fields: []), instance = StoreInstance.make(type: type, fields: [], checks: [])
        var recordValue = Value.record(record), instanceValue = Value.store(instance)
        let function = Function(code: FunctionCode(declaring: "f", range: .none), captures: [])
        var functionValue = Value.function(function)
        let functions = withUnsafeMutablePointer(to: &functionValue) { $0.function?.takeUnretainedValue() } === function
        // A string's payload is the string itself, at offset 0 (`equalStrings` compares two in place).
        let long = "a long string, stored out of line", short = "short"
        var longValue = Value.string(long), shortValue = Value.string(short)
        let strings = withUnsafeMutablePointer(to: &longValue) { a in withUnsafeMutablePointer(to: &shortValue) { b in
            Interpreter.equalStrings(a, a) == true && Interpreter.equalStrings(a, b) == false
                && UnsafeMutableRawPointer(a).load(as: String.self) == long && UnsafeMutableRawPointer(b).load(as: String.self) == short
        } }
        func secondWord(_ s: String) -> UInt64 { var v = Value.string(s); return withUnsafeBytes(of: &v) { $0.load(fromByteOffset: 8, as: UInt64.self) } }
        // A string made while running is counted: its last characters unknown when compiling, so that no optimiser makes it a
        // literal (`long + long` was one in a profile-instrumented build, and the check failed there).
        let made = long + String(CommandLine.argc)
        let immortal = ["", "é", "0123456789abcde", long].allSatisfy { secondWord($0) & immortalString != 0 }
            && secondWord(made) & immortalString == 0
        let smallASCII = ["", "a", "{", "0123456789abcde"].allSatisfy { secondWord($0) & smallASCIIString == smallASCIIString }
            && ["é", "e\u{301}", "0123456789abcdef", long, "xxxé"].allSatisfy { secondWord($0) & smallASCIIString != smallASCIIString }
        let instances = withUnsafeMutablePointer(to: &recordValue) { $0.record?.takeUnretainedValue() } === record
            && withUnsafeMutablePointer(to: &instanceValue) { $0.instance?.takeUnretainedValue() } === instance
            && withUnsafeMutablePointer(to: &instanceValue) { $0.record } == nil
        // A case that holds one object reads nothing past its reference: the same value, as Swift reads it, whatever its
        // second word holds (`initialize(sharing:)` copies the reference and the tag only).
        func ignoresSecondWord(_ value: Value, _ same: (Value) -> Bool) -> Bool {
            var value = value
            return withUnsafeMutableBytes(of: &value) { bytes in
                let kept = bytes.load(fromByteOffset: 8, as: UInt64.self)
                bytes.storeBytes(of: 0x5A5A_5A5A_5A5A_5A5A, toByteOffset: 8, as: UInt64.self)
                defer { bytes.storeBytes(of: kept, toByteOffset: 8, as: UInt64.self) }
                return same(bytes.load(as: Value.self))
            }
        }
        let oneWord = ignoresSecondWord(arrayValue) { if case .array(let a) = $0 { a.count == 1 } else { false } }
            && ignoresSecondWord(recordValue) { if case .record(let r) = $0 { r === record } else { false } }
            && ignoresSecondWord(instanceValue) { if case .store(let s) = $0 { s === instance } else { false } }
        let allReferences = references + [recordValue, instanceValue, .dictionary(DictionaryStorage()), .tuple(TupleStorage([], labels: nil))]
        return tags && instances && arrays && functions && strings && smallASCII && immortal
            && oneWord
            && !allReferences.contains(where: isScalar)
    }
}
