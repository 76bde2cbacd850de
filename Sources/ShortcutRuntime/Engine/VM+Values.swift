/// The VM's helpers that gather the values of consecutive registers into one (a tuple, an array, an enum case's payload)
/// and spread one over them.
extension Interpreter {
    /// A tuple of the values in `count` temporaries from `registers` (taken out of them).
    static func tuple(_ registers: UnsafeMutablePointer<Value>, _ count: Int, labels: [String?]?) -> Value {
        .tuple(TupleStorage(values(registers, count), labels: labels))
    }

    /// The values in `count` temporaries from `registers`, taken out of them, as an array: an array, a tuple, an enum
    /// case's payload, a struct's fields. One to three as a literal (about 125 instructions fewer than appends to a
    /// reserved array, whose growth path makes the buffer).
    static func values(_ registers: UnsafeMutablePointer<Value>, _ count: Int) -> [Value] {
        switch count {
        case 0: return []
        case 1: return [read(registers, consuming: true)]
        case 2: return [read(registers, consuming: true), read(registers + 1, consuming: true)]
        case 3: return [read(registers, consuming: true), read(registers + 1, consuming: true), read(registers + 2, consuming: true)]
        default:
            var values: [Value] = []
            values.reserveCapacity(count)
            for i in 0..<count { values.append(read(registers + i, consuming: true)) }
            return values
        }
    }

    /// A tuple of `count` elements into as many registers from `registers`; false when the value is no such tuple.
    @inline(never)
    static func unpackTuple(_ value: UnsafeMutablePointer<Value>, into registers: UnsafeMutablePointer<Value>, count: Int) -> Bool {
        guard case .tuple(let t) = value.pointee, t.elements.count == count else { return false }
        for i in 0..<count { registers[i] = t.elements[i] }
        return true
    }

    /// `set-cell`: the value into the cell the register holds (a captured variable's box), else into the register.
    static func setCell(_ register: UnsafeMutablePointer<Value>, to value: Value) {
        if case .cell(let c) = register.pointee { c.value = value } else { register.pointee = value }
    }

    /// An enum case's payload into `count` registers (as one labelled tuple when `count` is negative).
    static func unpackPayload(of value: Value, into registers: UnsafeMutablePointer<Value>, count: Int) {
        guard case .enumCase(let c) = value else { return }
        if count < 0 {
            registers.pointee = .tuple(TupleStorage(c.payload, labels: c.payloadLabels))
        } else {
            for i in 0..<min(count, c.fieldCount) { registers[i] = c[field: i] }
        }
    }
}
