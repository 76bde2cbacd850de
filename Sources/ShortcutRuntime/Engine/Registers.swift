/// Any Swift object, to `isKnownUniquelyReferenced`: a reference count is read the same way for every native class (a
/// struct value's `Record`, an array's buffer), and asked of a class the call is the runtime's own — of `AnyObject`, it
/// went through the unspecialised generic function first (NBody: 12 such calls a pair of bodies).
private final class SwiftObject {}

extension UnsafeMutablePointer where Pointee == Value {
    @inline(__always)
    var tag: UInt8 { UnsafeRawPointer(self).load(fromByteOffset: ValueLayout.tagOffset, as: UInt8.self) }

    /// The register's `Int`, read in place; nil when it holds anything else.
    @inline(__always)
    var int: Int? { tag == ValueLayout.intTag ? UnsafeRawPointer(self).load(as: Int.self) : nil }

    @inline(__always)
    var double: Double? { tag == ValueLayout.doubleTag ? UnsafeRawPointer(self).load(as: Double.self) : nil }

    @inline(__always)
    var bool: Bool? { tag == ValueLayout.boolTag ? UnsafeRawPointer(self).load(as: Bool.self) : nil }

    @inline(__always)
    var isNull: Bool { tag == ValueLayout.nullTag }

    /// The struct value the register holds, borrowed: valid while the register keeps it (no retain).
    @inline(__always)
    var record: Unmanaged<Record>? {
        tag == ValueLayout.recordTag ? Unmanaged.fromOpaque(UnsafeRawPointer(self).load(as: UnsafeRawPointer.self)) : nil
    }

    /// The function value the register holds, borrowed: valid while the register keeps it.
    @inline(__always)
    var function: Unmanaged<Function>? {
        tag == ValueLayout.functionTag ? Unmanaged.fromOpaque(UnsafeRawPointer(self).load(as: UnsafeRawPointer.self)) : nil
    }

    /// The class instance (or store) the register holds, borrowed: valid while the register keeps it.
    @inline(__always)
    var instance: Unmanaged<StoreInstance>? {
        tag == ValueLayout.storeTag ? Unmanaged.fromOpaque(UnsafeRawPointer(self).load(as: UnsafeRawPointer.self)) : nil
    }

    /// The identity of the type of the struct value or class instance the register holds, read by the object's
    /// layout (`FieldLayout`); nil when it holds anything else.
    @inline(__always)
    var objectType: ObjectIdentifier? {
        let tag = tag
        guard tag == ValueLayout.storeTag || tag == ValueLayout.recordTag else { return nil }
        return FieldLayout.typeIdentifier(at: UnsafeRawPointer(self).load(as: UnsafeRawPointer.self))
    }

    /// Calls `body` with the array the register holds, read in place (no retain of the array, no copy of the
    /// enum); nil when it holds no array.
    @inline(__always)
    private func withArray<R>(_ body: ([Value]) -> R?) -> R? {
        guard tag == ValueLayout.arrayTag else { return nil }
        return UnsafeMutableRawPointer(self).withMemoryRebound(to: [Value].self, capacity: 1) { body($0.pointee) }
    }

    /// Where the field is of the struct value or class instance the register holds, when it is of the type `cache`
    /// names, at the position noted there — read by the object's layout (`FieldLayout`): valid while the register keeps the object (for
    /// `set(from:consuming:)`, which copies a scalar as bytes). The type's fields are where the cache's position
    /// says: no bounds test.
    @inline(__always)
    func fieldPlace(_ cache: UnsafeMutablePointer<FieldCache>) -> UnsafeMutablePointer<Value>? {
        guard let type = objectType, cache.pointee.type == type else { return nil }
        return FieldLayout.fields(at: UnsafeRawPointer(self).load(as: UnsafeMutableRawPointer.self)) + cache.pointee.position
    }

    /// The element at `i` of the array the register holds; nil when it holds no array or `i` is out of range.
    @inline(__always)
    func element(_ i: Int) -> Value? {
        elementPlace(i)?.pointee
    }

    /// Where `element(i)` is: valid while the register keeps the array (for `set(from:consuming:)`, which copies a
    /// scalar as bytes). Read through the buffer, as every count here is: the array's own `count` was left a call
    /// in the loop.
    @inline(__always)
    func elementPlace(_ i: Int) -> UnsafeMutablePointer<Value>? {
        withArray { items in
            items.withUnsafeBufferPointer { i >= 0 && i < $0.count ? UnsafeMutablePointer(mutating: $0.baseAddress.unsafelyUnwrapped + i) : nil }
        }
    }

    /// Where element `i` of the array the register holds is, for a change made there: when nothing else holds the array
    /// (`xs[i] = v`, `bodies[i].vx -= d`); nil otherwise (the change takes the array out, copying it if it must).
    @inline(__always)
    func uniqueElementPlace(_ i: Int) -> UnsafeMutablePointer<Value>? {
        guard tag == ValueLayout.arrayTag, holdsUniqueObject else { return nil }
        return elementPlace(i)
    }

    /// The object the register holds (a struct's value, an array's buffer: `ValueLayout.isOneObject`) is referenced from
    /// nowhere else — asked where the reference is, with no retain: a change made in it is seen by no other value.
    @inline(__always)
    var holdsUniqueObject: Bool {
        #if arch(x86_64) || arch(arm64)
        // The runtime's own first test (`swift_isUniquelyReferenced_nonNull_native`), made here: a 64-bit object's
        // inline reference count holds its strong references but one in bits 33…62, bit 63 set when they moved to a side
        // table. No strong reference but ours and no side table: unique; no side table and another: not.
        let counts = UnsafeRawPointer(self).load(as: UnsafeRawPointer.self).load(fromByteOffset: 8, as: UInt64.self)
        if counts >> 32 == 0 { return true }
        if Int64(bitPattern: counts) >= 0 { return false }
        #endif
        return UnsafeMutableRawPointer(self).withMemoryRebound(to: SwiftObject.self, capacity: 1) { isKnownUniquelyReferenced(&$0.pointee) }
    }

    /// Where field `position` of the struct value the register holds is, for a change made there: when the value is of
    /// `type` (whose fields the position was noted in) and nothing else holds it — its encoding for the store forgotten,
    /// as `Value.takeRecord` does; else nil (the change takes the value out, copying it if it must).
    @inline(__always)
    func uniqueRecordField(of type: ObjectIdentifier, at position: Int) -> UnsafeMutablePointer<Value>? {
        guard tag == ValueLayout.recordTag, objectType == type, holdsUniqueObject else { return nil }
        let object = UnsafeRawPointer(self).load(as: UnsafeMutableRawPointer.self)
        Unmanaged<Record>.fromOpaque(object)._withUnsafeGuaranteedRef { $0.forgetEncoding() }
        return FieldLayout.fields(at: object) + position
    }

    /// Where the field `cache` names of the element at `i` of the array the register holds is (valid while the register
    /// keeps the array, for `set(from:consuming:)`, which copies a scalar as bytes); nil when there is no such element or
    /// it is of another type.
    @inline(__always)
    func elementFieldPlace(_ i: Int, _ cache: UnsafeMutablePointer<FieldCache>) -> UnsafeMutablePointer<Value>? {
        elementPlace(i)?.fieldPlace(cache)
    }

    /// Where the element at `i` of the array in the field `cache` names of the struct value or class instance the
    /// register holds is (valid while the register keeps the value); nil when there is no such element.
    @inline(__always)
    func fieldElementPlace(_ cache: UnsafeMutablePointer<FieldCache>, _ i: Int) -> UnsafeMutablePointer<Value>? {
        fieldPlace(cache)?.elementPlace(i)
    }

    /// The number of elements of the array the register holds; nil when it holds no array.
    @inline(__always)
    var arrayCount: Int? {
        withArray { $0.withUnsafeBufferPointer(\.count) }
    }

    /// The value, taken out of the register (leaving nil).
    @inline(__always)
    func take() -> Value {
        let value = move()
        initialize(to: .null)
        return value
    }

    /// The array the register holds, taken out of it (leaving nil) with no copy: nothing else holds it now unless
    /// something else held it before. Nil, and the register untouched, when it holds anything else.
    @inline(__always)
    func takeArray() -> [Value]? {
        guard tag == ValueLayout.arrayTag, case .array(let items) = take() else { return nil }
        return items
    }

    /// Holds no reference: nothing to release when it is overwritten.
    @inline(__always)
    var holdsScalar: Bool { tag >= ValueLayout.firstScalarTag }

    /// Holds nothing counted: a scalar, or an immortal string — a small one (JSON's characters, a dictionary's short
    /// keys) or a literal — whose copy and destroy count nothing (`ValueLayout.immortalString`).
    @inline(__always)
    var holdsUncounted: Bool {
        holdsScalar || tag == ValueLayout.stringTag && UnsafeRawPointer(self).load(fromByteOffset: 8, as: UInt64.self) & ValueLayout.immortalString != 0
    }

    /// Lets go of the value held (nothing to do for a scalar).
    @inline(__always)
    func clear() {
        if !holdsScalar { pointee = .null }
    }

    /// `clear`, with a struct value, class instance or array — one reference, at offset 0 (`ValueLayout.holds`)
    /// — released as it is rather than by the enum's destroy, which switches over every case. For a frame
    /// that is left (`leaveFrame`); in the loop's own code the larger test moved its register allocation.
    @inline(__always)
    func clearObject() {
        let tag = tag
        if tag >= ValueLayout.firstScalarTag { return }
        if ValueLayout.isOneObject(tag) {
            Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(self).load(as: UnsafeRawPointer.self)).release()
            initialize(to: .null)
        } else if holdsUncounted {
            initialize(to: .null)   // an immortal string: nothing to let go of
        } else {
            pointee = .null
        }
    }

    /// Stores a value. Over a scalar — what a typed register or a fresh temporary holds — it writes
    /// without the destroy call an enum assignment makes; over anything else it assigns.
    @inline(__always)
    func set(_ value: consuming Value) {
        if holdsScalar { initialize(to: value) } else { pointee = value }
    }

    /// `set(from:consuming:)` as a handoff says: copied, taken, or lent (the bytes, over a lent value: `Handoff.lend`).
    @inline(__always)
    func set(from source: UnsafeMutablePointer<Value>, _ handoff: Handoff) {
        if handoff == .lend { copyBytes(from: source) } else { set(from: source, consuming: handoff == .take) }
    }

    /// Stores the value `source` holds: taken out of it (leaving nil) when `consuming`, else copied — as bytes
    /// when neither register holds a reference (no enum copy, nothing to let go of), over a scalar with no
    /// destroy call, and a struct value, class instance or array as its bytes and a retain (`initialize(sharing:)`),
    /// over a scalar or another such value (released as it is), not by the enum's outlined copy and destroy.
    @inline(__always)
    func set(from source: UnsafeMutablePointer<Value>, consuming: Bool) {
        if consuming {
            // Moved as bytes (`moveBytes`), the source left nil: over a scalar with nothing to let go of, over an object
            // (`take r5 r2` in a loop that walks a list) with the old one let go of as it is.
            if source == self { return }
            if holdsScalar {
                moveBytes(from: source)
            } else if ValueLayout.isOneObject(tag) {
                let old = UnsafeRawPointer(self).load(as: UnsafeRawPointer.self)
                moveBytes(from: source)
                Unmanaged<AnyObject>.fromOpaque(old).release()
            } else {
                set(source.take())
            }
        } else if holdsUncounted {
            if source.holdsUncounted {
                copyBytes(from: source)   // a scalar or an immortal string: its bytes are the value
            } else {
                initialize(sharing: source)   // nothing held to let go of
            }
        } else if ValueLayout.isOneObject(tag) {
            // A class instance over another (`a = a.next`): the new one shared first, then the old let go of.
            let old = UnsafeRawPointer(self).load(as: UnsafeRawPointer.self)
            initialize(sharing: source)
            Unmanaged<AnyObject>.fromOpaque(old).release()
        } else {
            pointee = source.pointee
        }
    }

    /// A result moved from the frame being left (`return`): a scalar over a scalar as bytes, the source not cleared —
    /// the frame is left holding no reference, and a scalar needs no letting go of.
    @inline(__always)
    func set(returning source: UnsafeMutablePointer<Value>) {
        if holdsScalar, source.holdsScalar {
            copyBytes(from: source)
        } else {
            set(source.take())
        }
    }

    /// `set(from:consuming:)` for a field, which more often holds an object than a register does (`task.next =
    /// packet`): the same stores, with the object test first. Calling `set` in its place (`assignedField`) measured
    /// Richards +2.7 % (callgrind): the order of the tests is what the field store compiles to there.
    @inline(__always)
    func store(from source: UnsafeMutablePointer<Value>, consuming: Bool) {
        guard ValueLayout.isOneObject(tag) else { return set(from: source, consuming: consuming) }
        let old = UnsafeRawPointer(self).load(as: UnsafeRawPointer.self)
        if consuming { initialize(to: source.take()) } else { initialize(sharing: source) }
        Unmanaged<AnyObject>.fromOpaque(old).release()
    }

    /// Over a register that holds no reference (a new frame's), the value `source` holds, shared: a struct value's,
    /// class instance's or array's bytes and one retain of its object — not the enum copy that switches over every case.
    @inline(__always)
    func initialize(sharing source: UnsafeMutablePointer<Value>) {
        guard ValueLayout.isOneObject(source.tag) else { return initialize(to: source.pointee) }
        let (from, to) = (UnsafeRawPointer(source), UnsafeMutableRawPointer(self))
        // The object's reference and the tag: a case that holds one object has no second word (`ValueLayout.holds`).
        to.storeBytes(of: from.load(as: UInt64.self), as: UInt64.self)
        to.storeBytes(of: from.load(fromByteOffset: ValueLayout.tagOffset, as: UInt8.self), toByteOffset: ValueLayout.tagOffset, as: UInt8.self)
        _ = Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(source).load(as: UnsafeRawPointer.self)).retain()
    }

    /// Over a register that holds no reference (a new frame's `self`), the bytes of the value `source` holds, with
    /// no retain: lent while `source` keeps it, and `forget`-ten (never released) before `source` can change.
    @inline(__always)
    func initialize(lending source: UnsafeMutablePointer<Value>) {
        copyBytes(from: source)
    }

    /// A method's `self` in slot 0 of its new frame: lent when the method only reads it (`CallInfo.borrowsSelf`: the caller's
    /// register keeps it), else shared.
    @inline(__always)
    func initialize(receiver: UnsafeMutablePointer<Value>, lent: Bool) {
        if lent { initialize(lending: receiver) } else { initialize(sharing: receiver) }
    }

    /// Gives a register that holds lent bytes (`Handoff.lend`, a lent argument) a count of its own on its value, so that
    /// it may be let go of, or given away, as any other.
    func own() {
        let held = pointee   // a count of its own…
        initialize(to: held)   // …over the lent bytes, which held none
    }

    /// Drops a lent value (`initialize(lending:)`) without releasing it: the register holds nil.
    @inline(__always)
    func forget() {
        initialize(to: .null)
    }

    /// Stores a scalar result (`set`, named for what the typed instructions store).
    @inline(__always)
    func setScalar(_ value: Value) { set(value) }

    /// Stores an Int, a Double or a Bool as its payload and its tag, and no more: an enum store writes the payload area's
    /// other bytes too, which no reader of such a scalar looks at (`ValueLayout.holds`). Over a reference, that is let go
    /// of first.
    @inline(__always)
    func setInt(_ x: Int) { setPayload(x, tag: ValueLayout.intTag) }
    @inline(__always)
    func setDouble(_ x: Double) { setPayload(x, tag: ValueLayout.doubleTag) }
    @inline(__always)
    func setBool(_ x: Bool) { setPayload(x, tag: ValueLayout.boolTag) }

    @inline(__always)
    private func setPayload<Scalar>(_ x: Scalar, tag: UInt8) {
        if !holdsScalar { pointee = .null }
        storePayload(x, tag: tag)
    }

    /// `setInt` and `setDouble` over a register the compiler proved holds no reference where the store runs
    /// (`checkScalarDestinations`): the payload and the tag, with no look at what was there.
    @inline(__always)
    func storeInt(_ x: Int) { storePayload(x, tag: ValueLayout.intTag) }
    @inline(__always)
    func storeDouble(_ x: Double) { storePayload(x, tag: ValueLayout.doubleTag) }

    @inline(__always)
    private func storePayload<Scalar>(_ x: Scalar, tag: UInt8) {
        UnsafeMutableRawPointer(self).storeBytes(of: x, as: Scalar.self)
        UnsafeMutableRawPointer(self).storeBytes(of: tag, toByteOffset: ValueLayout.tagOffset, as: UInt8.self)
    }
}

extension UnsafeMutablePointer where Pointee == Value {
    /// The bytes of the value `source` holds, copied as its two words and its tag: loads of the sizes the instructions
    /// that write a register store (an Int's word and its tag byte), so each is forwarded from the store that wrote it.
    /// A 16-byte copy of a register an instruction had just written spans two such stores, and waits until they reach
    /// the cache (a store-forwarding stall: an argument moved into a frame, a result returned). The second word is
    /// moved as a Double (a move of its bits, in an SSE register): two words of one type next to each other are merged
    /// by the optimiser into the one 16-byte load this avoids.
    @inline(__always)
    func copyBytes(from source: UnsafeMutablePointer<Value>) {
        let (from, to) = (UnsafeRawPointer(source), UnsafeMutableRawPointer(self))
        let first = from.load(as: UInt64.self), second = from.load(fromByteOffset: 8, as: Double.self)
        let tag = from.load(fromByteOffset: ValueLayout.tagOffset, as: UInt8.self)
        to.storeBytes(of: first, as: UInt64.self)
        to.storeBytes(of: second, toByteOffset: 8, as: Double.self)
        to.storeBytes(of: tag, toByteOffset: ValueLayout.tagOffset, as: UInt8.self)
    }

    /// The value `source` holds moved here as bytes, over nothing to let go of (a new frame's register, a scalar, an
    /// object already let go of), `source` left nil: an argument into its parameter, a `take`.
    @inline(__always)
    func moveBytes(from source: UnsafeMutablePointer<Value>) {
        copyBytes(from: source)
        source.initialize(to: .null)
    }
}

extension Interpreter {
    /// Whether two registers hold equal strings, compared where they are (no copy of either `Value`, no retain of
    /// either string); nil unless both hold a string. A character is a string here.
    @inline(__always)
    static func equalStrings(_ a: UnsafeMutablePointer<Value>, _ b: UnsafeMutablePointer<Value>) -> Bool? {
        guard a.tag == ValueLayout.stringTag, b.tag == ValueLayout.stringTag else { return nil }
        if let equal = equalStringBits(a, b) { return equal }
        return UnsafeMutableRawPointer(a).withMemoryRebound(to: String.self, capacity: 1) { x in
            UnsafeMutableRawPointer(b).withMemoryRebound(to: String.self, capacity: 1) { y in x.pointee == y.pointee }
        }
    }

    /// Whether two registers holding strings hold equal ones, told by their bits alone: Swift's own first test (the same
    /// bits: the same string), then two short ASCII strings whose bits differ — not equal, without the call that compares
    /// them (`"{"` against a JSON text's characters, a `switch` over words). Nil when only that call can tell.
    @inline(__always)
    static func equalStringBits(_ a: UnsafeMutablePointer<Value>, _ b: UnsafeMutablePointer<Value>) -> Bool? {
        let (a0, a1) = (UnsafeRawPointer(a).load(as: UInt64.self), UnsafeRawPointer(a).load(fromByteOffset: 8, as: UInt64.self))
        let (b0, b1) = (UnsafeRawPointer(b).load(as: UInt64.self), UnsafeRawPointer(b).load(fromByteOffset: 8, as: UInt64.self))
        if a0 == b0, a1 == b1 { return true }
        if a1 & b1 & ValueLayout.smallASCIIString == ValueLayout.smallASCIIString { return false }
        return nil
    }

    /// `==` or `!=` of two registers' values: Ints and strings compared in place, anything else as `Value`s.
    @inline(__always)
    static func equal(_ a: UnsafeMutablePointer<Value>, _ b: UnsafeMutablePointer<Value>) -> Bool {
        if let x = a.int, let y = b.int { return x == y }
        if let equal = equalStrings(a, b) { return equal }
        return a.pointee == b.pointee
    }
}
