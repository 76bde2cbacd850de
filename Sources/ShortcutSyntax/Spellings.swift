/// The spellings of a `String`-backed enum's cases, in the cases' declaration order, found by their UTF-8 bytes.
///
/// Swift's synthesized `init?(rawValue:)` of an enum of many cases makes a `[String: Int]` of every spelling at its
/// first use, hashing each with the process's seeded hash: the four made at every start (keywords, punctuation,
/// operators, builtins) were 8 % of a short script's instructions. A table here is read from one literal text of
/// the spellings, hashed by FNV-1a, and finds a spelling from bytes without making a `String`.
public struct SpellingTable: Sendable {
    private let text: StaticString
    /// Where spelling `i` starts in `text`, and one past the last: spelling `i` ends a byte before `starts[i + 1]`.
    /// Arrays of `Int`, whose storage class the standard library has ready: an array of another element type (`Int32`,
    /// `UInt16`) has its class made at its first use, 7 K instructions each (measured at start-up).
    private let starts: [Int]
    /// Open addressing: a spelling's index + 1 in its hash's slot or the next free one after it; 0 marks a free one.
    private let slots: [Int]

    /// The table of `text`'s spellings, one space or line break between two.
    public init(_ text: StaticString) {
        self.text = text
        let bytes = UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        starts.append(bytes.count + 1)
        self.starts = starts
        var size = 8
        while size < 2 * (starts.count - 1) { size *= 2 }
        var slots = [Int](repeating: 0, count: size)
        for index in 0..<(starts.count - 1) {
            let spelling = UnsafeRawBufferPointer(rebasing: bytes[starts[index]..<(starts[index + 1] - 1)])
            var slot = SpellingTable.hash(spelling) & (size - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = index + 1
        }
        self.slots = slots
    }

    /// How many spellings the table holds.
    public var count: Int { starts.count - 1 }

    /// Spelling `index`.
    public func spelling(_ index: Int) -> String {
        String(decoding: spellingBytes(index), as: UTF8.self)
    }

    private func spellingBytes(_ index: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: text.utf8Start + starts[index], count: starts[index + 1] - starts[index] - 1)
    }

    /// The index of the spelling `bytes` are, or nil.
    public func index(of bytes: UnsafeRawBufferPointer) -> Int? {
        let mask = slots.count - 1
        var slot = SpellingTable.hash(bytes) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { return nil }
            let candidate = spellingBytes(entry - 1)
            if candidate.count == bytes.count && candidate.elementsEqual(bytes) { return entry - 1 }
            slot = (slot + 1) & mask
        }
    }

    /// The index of the spelling `text` is, or nil.
    public func index(of text: String) -> Int? {
        var text = text
        return text.withUTF8 { index(of: UnsafeRawBufferPointer($0)) }
    }

    /// FNV-1a of the bytes: a few instructions a byte, the same in every process (the table is made once a process,
    /// from the program's own text, so no input chooses its collisions).
    private static func hash(_ bytes: UnsafeRawBufferPointer) -> Int {
        var h: UInt32 = 2_166_136_261
        for byte in bytes { h = (h ^ UInt32(byte)) &* 16_777_619 }
        return Int(h)
    }
}

/// A `String`-backed enum without payloads whose spellings a `SpellingTable` holds in declaration order (a test keeps
/// each table equal to its type's `allCases`): `init?(spelling:)` is `init?(rawValue:)` without the dictionary.
public protocol Spelled: RawRepresentable, CaseIterable, Equatable where RawValue == String {
    static var spellings: SpellingTable { get }
}

extension Spelled {
    /// The case spelled `text`, or nil.
    @inlinable public init?(spelling text: String) {
        guard let index = Self.spellings.index(of: text) else { return nil }
        self.init(caseIndex: index)
    }

    /// The case spelled by `bytes` (a source's, in place), or nil.
    @inlinable public init?(spelling bytes: ArraySlice<UInt8>) {
        guard let index = bytes.withUnsafeBytes({ Self.spellings.index(of: $0) }) else { return nil }
        self.init(caseIndex: index)
    }

    /// Case `index` in declaration order: a payload-free enum of fewer than 256 cases is that index, in one byte.
    @inlinable init(caseIndex index: Int) {
        self = unsafeBitCast(UInt8(truncatingIfNeeded: index), to: Self.self)
    }
}
