import ShortcutSyntax

/// An insertion-ordered dictionary (SPEC §3: iteration follows insertion order).
///
/// Entries live in `keys`/`values` in insertion order; `table` is an
/// open-addressing index into them (linear probing, at most half full),
/// hashed with `Value.fastHash` — far cheaper than SipHash through `Hasher`.
public final class DictionaryStorage {
    // Touched only by the interpreter's one thread (see `Cell`).
    @exclusivity(unchecked) var keys: [Value] = []
    @exclusivity(unchecked) var values: [Value] = []
    @exclusivity(unchecked) var hashes: [Int] = []
    /// Entry index + 1 per slot; 0 is empty.
    @exclusivity(unchecked) var table: [Int32] = []

    init() {}

    init(keys: [Value], values: [Value]) {
        for (k, v) in zip(keys, values) { set(k, v) }
    }

    init(copying other: DictionaryStorage) {
        keys = other.keys
        values = other.values
        hashes = other.hashes
        table = other.table
    }

    var count: Int { keys.count }

    /// The entry holding `key`, or nil; `slot` is where it is or would go.
    @inline(__always)
    func locate(_ key: Value, _ hash: Int) -> (slot: Int, entry: Int?) {
        let mask = table.count - 1
        var slot = hash & mask
        while true {
            let stored = Int(table[slot])
            if stored == 0 { return (slot, nil) }
            let entry = stored - 1
            if hashes[entry] == hash, keys[entry].keyEqual(key) { return (slot, entry) }
            slot = (slot + 1) & mask
        }
    }

    func get(_ key: Value) -> Value? {
        guard !table.isEmpty else { return nil }
        guard let entry = locate(key, key.fastHash).entry else { return nil }
        return values[entry]
    }

    func set(_ key: Value, _ value: Value) {
        if (keys.count + 1) * 2 > table.count { grow() }
        let hash = key.fastHash
        let (slot, entry) = locate(key, hash)
        if let entry {
            values[entry] = value
            return
        }
        keys.append(key)
        values.append(value)
        hashes.append(hash)
        table[slot] = Int32(keys.count)
    }

    @discardableResult
    func remove(_ key: Value) -> Value? {
        guard !table.isEmpty, let entry = locate(key, key.fastHash).entry else { return nil }
        let old = values[entry]
        keys.remove(at: entry)
        values.remove(at: entry)
        hashes.remove(at: entry)
        rebuild(capacity: table.count)
        return old
    }

    func removeAll() {
        keys = []
        values = []
        hashes = []
        table = []
    }

    func grow() { rebuild(capacity: max(8, table.count * 2)) }

    func rebuild(capacity: Int) {
        table = [Int32](repeating: 0, count: capacity)
        let mask = capacity - 1
        for (i, hash) in hashes.enumerated() {
            var slot = hash & mask
            while table[slot] != 0 { slot = (slot + 1) & mask }
            table[slot] = Int32(i + 1)
        }
    }
}

extension Value {
    /// A hash consistent with `==` (so `1` and `1.0` hash alike), cheap for the
    /// keys scripts use: strings (FNV-1a), numbers, booleans and enum cases.
    var fastHash: Int {
        switch self {
        case .int(let i): return Value.mix(UInt64(bitPattern: Int64(i)))
        case .double(let d):
            if d == d.rounded(), abs(d) < 9.2e18 { return Value.mix(UInt64(bitPattern: Int64(Int(d)))) }
            return Value.mix(d.bitPattern)
        case .string(let s): return Value.fnv(s)
        case .bool(let b): return b ? 0x51 : 0x52
        case .null: return 0
        // A symbol equals the enum case of the same name, so both hash by name.
        case .enumCase(let c): return Value.fnv(c.name)
        case .symbol(let name): return Value.fnv(name)
        default: return hashValue
        }
    }

    @inline(__always)
    static func mix(_ x: UInt64) -> Int {
        var z = x &* 0x9E37_79B9_7F4A_7C15
        z ^= z >> 29
        return Int(bitPattern: UInt(truncatingIfNeeded: z))
    }

    @inline(__always)
    static func fnv(_ s: String) -> Int {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in s.utf8 {
            h ^= UInt64(byte)
            h = h &* 0x0000_0100_0000_01B3
        }
        return mix(h)
    }
}
