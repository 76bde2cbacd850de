/// The arguments of one call. Up to two are stored inline, so the commonest
/// calls (`xs.append(x)`, `d.removeValue(forKey: k)`, a closure given one
/// element) allocate nothing; more spill into an array.
public struct Arguments: RandomAccessCollection, ExpressibleByArrayLiteral {
    var a0: Value = .null
    var a1: Value = .null
    var spill: [Value] = []
    public private(set) var count = 0

    public init() {}

    public init(_ first: Value) {
        a0 = first
        count = 1
    }

    public init(_ first: Value, _ second: Value) {
        a0 = first
        a1 = second
        count = 2
    }

    public init(arrayLiteral elements: Value...) {
        for e in elements { append(e) }
    }

    public init(_ values: [Value]) {
        for v in values { append(v) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> Value {
        switch position {
        case 0: return a0
        case 1: return a1
        default: return spill[position - 2]
        }
    }

    /// The argument written with `label` (`dialog:` in `f(x, dialog: d)`), given the call's labels in order.
    public func labelled(_ label: String, labels: [String?]) -> Value? {
        zip(labels, self).first { $0.0 == label }?.1
    }

    public mutating func append(_ value: Value) {
        switch count {
        case 0: a0 = value
        case 1: a1 = value
        default: spill.append(value)
        }
        count += 1
    }
}
