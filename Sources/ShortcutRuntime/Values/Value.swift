/// A Shortcut Script value.
///
/// Payloads are at most 16 bytes so a `Value` fits in 17 (stride 24): scalars
/// and `String` inline, everything larger behind one reference. Arrays are
/// Swift arrays and so copy on write; dictionaries and records implement copy
/// on write themselves with `isKnownUniquelyReferenced`.
public enum Value: @unchecked Sendable {
    case null
    // The cases that hold a reference come first and the scalars last, so a `Value`'s tag byte says "no
    // reference" by one comparison (`ValueLayout.firstScalarTag`: the registers' stores and frames rely on it).
    case string(String)
    case array([Value])
    case dictionary(DictionaryStorage)
    case tuple(TupleStorage)
    case enumCase(EnumCase)
    /// `.name` that no single enum claims: it becomes an enum case where a type says which
    /// (a parameter, a comparison), and names fonts, colours and styles in views.
    case symbol(String)
    case record(Record)
    case store(StoreInstance)
    case function(Function)
    case intent(IntentValue)
    case view(ViewNode)
    /// What a `perform` returned (`.result(…)`).
    case result(IntentResult)
    /// `IntentChoiceOption(title:style:)`.
    case option(ChoiceOption)
    case uuid(UUIDValue)
    /// A value that answers its own members (a test's snippet session).
    case native(any NativeObject)
    case type(TypeValue)
    /// A captured variable's box. Lives only in frame slots; reads unwrap it.
    case cell(Cell)
    case bool(Bool)
    case int(Int)
    case double(Double)
    /// `lo..<hi`
    case range(Int, Int)
    /// `lo...hi`
    case closedRange(Int, Int)
    /// Seconds since 1970-01-01T00:00:00Z.
    case date(Double)

    /// The value is `nil`.
    /// A value of a `CustomStringConvertible` type, printed by its own `description`.
    var describesItself: Bool {
        switch self {
        case .record(let r): return r.type.describesItself
        case .store(let s): return s.type.describesItself
        case .enumCase(let c): return c.type.describesItself
        default: return false
        }
    }

    @inline(__always) public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

/// A mutable box for a variable that a closure captures (closures capture by reference).
public final class Cell {
    // Cells, dictionaries and records are touched only by the interpreter's one
    // thread, one access at a time; Swift's run-time exclusivity checks on their
    // stored properties cost a tenth of the time of a dictionary-heavy loop.
    @exclusivity(unchecked) public var value: Value
    init(_ value: Value) { self.value = value }
}

extension Value {
    /// What a variable's register holds: the value itself, or — once a closure captured the variable — its cell's value.
    var throughCell: Value {
        if case .cell(let c) = self { return c.value }
        return self
    }
}


// MARK: Equality and hashing

extension Value: Equatable, Hashable {
    /// Structural equality (SPEC §3). An `Int` equals a `Double` of the same value.
    public static func == (a: Value, b: Value) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.int(let x), .int(let y)): return x == y
        case (.double(let x), .double(let y)): return x == y
        case (.int(let x), .double(let y)), (.double(let y), .int(let x)): return Double(x) == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.dictionary(let x), .dictionary(let y)):
            if x === y { return true }
            guard x.count == y.count else { return false }
            for (k, v) in zip(x.keys, x.values) where y.get(k) != v { return false }
            return true
        case (.range(let a1, let b1), .range(let a2, let b2)), (.closedRange(let a1, let b1), .closedRange(let a2, let b2)):
            return a1 == a2 && b1 == b2
        case (.date(let x), .date(let y)): return x == y
        case (.tuple(let x), .tuple(let y)): return x.elements == y.elements
        case (.enumCase(let x), .enumCase(let y)): return x == y
        case (.enumCase(let x), .symbol(let s)), (.symbol(let s), .enumCase(let x)): return x.name == s
        case (.symbol(let x), .symbol(let y)): return x == y
        case (.record(let x), .record(let y)):
            if x === y { return true }
            guard x.type.isType(of: y.type) else { return false }
            // A type's own `==` (`Interpreter+KeyHooks`), else its stored properties.
            return x.type.keyEquals?(a, b) ?? x.sameFields(as: y)
        // A class instance is itself (`===`); a set or a dictionary compares it by its class's `==` (`keyEqual`).
        case (.store(let x), .store(let y)): return x === y
        case (.function(let x), .function(let y)): return x === y
        case (.intent(let x), .intent(let y)): return x === y || (x.type === y.type && x.arguments == y.arguments)
        case (.view(let x), .view(let y)): return x === y
        case (.native(let x), .native(let y)): return x === y
        case (.result(let x), .result(let y)): return x === y
        case (.option(let x), .option(let y)): return x === y || (x.title == y.title && x.style == y.style)
        case (.uuid(let x), .uuid(let y)): return x == y
        case (.type(let x), .type(let y)): return x.name == y.name
        case (.cell(let x), .cell(let y)): return x.value == y.value
        default: return false
        }
    }

    /// Equality as a set's elements and a dictionary's keys compare: `==`, and a class's own `==` (`Interpreter+KeyHooks`)
    /// between two instances, which `==` here compares by identity (`===` is that).
    @inline(__always)
    func keyEqual(_ other: Value) -> Bool {
        if case .store(let x) = self, case .store(let y) = other, x !== y, let equals = x.type.keyEquals, x.type.isType(of: y.type) {
            return equals(self, other) ?? false
        }
        return self == other
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        case .int(let i): hasher.combine(Double(i))
        case .double(let d): hasher.combine(d)
        case .string(let s): hasher.combine(s)
        case .array(let a): hasher.combine(a)
        case .dictionary(let d): hasher.combine(d.count)
        case .range(let a, let b), .closedRange(let a, let b): hasher.combine(a); hasher.combine(b)
        case .date(let d): hasher.combine(d)
        case .tuple(let t): hasher.combine(t.elements)
        case .enumCase(let c):
            hasher.combine(c.name)
            for i in 0..<c.fieldCount { hasher.combine(c[field: i]) }
        case .symbol(let s): hasher.combine(s)
        case .record(let r):
            // A type's own `hash(into:)`: the values it combines (`Interpreter+KeyHooks`), else its stored properties.
            if let parts = r.type.keyHash?(self) { hasher.combine(parts); return }
            for i in 0..<r.fieldCount { hasher.combine(r[field: i]) }
        case .store(let s):
            if let parts = s.type.keyHash?(self) { hasher.combine(parts); return }
            hasher.combine(ObjectIdentifier(s))
        case .function(let f): hasher.combine(ObjectIdentifier(f))
        case .intent(let i): hasher.combine(i.type.name)
        case .view(let v): hasher.combine(ObjectIdentifier(v))
        case .native(let o): hasher.combine(ObjectIdentifier(o))
        case .result(let r): hasher.combine(ObjectIdentifier(r))
        case .option(let o): hasher.combine(o.title); hasher.combine(o.style)
        case .uuid(let u): hasher.combine(u)
        case .type(let t): hasher.combine(t.name)
        case .cell(let c): c.value.hash(into: &hasher)
        }
    }
}

extension TypeValue {
    public var name: String {
        switch self {
        case .builtin(let b): return b.rawValue
        case .enumeration(let e): return e.name
        case .record(let r): return r.name
        case .intent(let i): return i.name
        case .view(let v): return v.name
        }
    }
}

// MARK: Moving payloads out for in-place changes

extension Value {
    // Each `take` leaves `.null` behind, so the caller holds the only reference
    // and Swift's copy on write changes the payload in place. (A `switch` over
    // an `inout` value keeps a second reference alive and forces a copy.)

    @inline(__always) mutating func takeArray() -> [Value]? {
        guard case .array(let items) = self else { return nil }
        self = .null
        return items
    }

    @inline(__always) mutating func takeString() -> String? {
        guard case .string(let s) = self else { return nil }
        self = .null
        return s
    }

    /// The dictionary, copied first if anything else shares it.
    @inline(__always) mutating func takeDictionary() -> DictionaryStorage? {
        guard case .dictionary(var d) = self else { return nil }
        self = .null
        if !isKnownUniquelyReferenced(&d) { d = DictionaryStorage(copying: d) }
        return d
    }

    /// The record, copied first if anything else shares it. The caller changes it,
    /// so its saved encoding no longer holds.
    @inline(__always) mutating func takeRecord() -> Record? {
        guard case .record(var r) = self else { return nil }
        self = .null
        if !isKnownUniquelyReferenced(&r) { r = r.copy() }
        r.forgetEncoding()
        return r
    }
}
