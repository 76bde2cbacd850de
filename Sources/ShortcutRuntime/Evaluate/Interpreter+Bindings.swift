import ShortcutSyntax

/// What statements do to values: bind names, check a variable's type, match a `case` value, iterate a
/// sequence, `+=` in place.
extension Interpreter {
    /// Stores a value into bindings; several bindings destructure a tuple.
    func bind(_ bindings: [Binding], _ value: Value, _ fp: UnsafeMutablePointer<Value>, _ site: SourceRange) throws(ScriptError) {
        if bindings.count == 1 {
            switch bindings[0] {
            case .slot(let s): fp[s] = value
            case .cell(let s): fp[s] = .cell(Cell(value))
            case .discard: break
            }
            return
        }
        guard case .tuple(let t) = value, t.elements.count == bindings.count else {
            throw ScriptError.runtime(.cannotDestructure(type: value.typeName, names: bindings.count), at: site)
        }
        for (b, v) in zip(bindings, t.elements) { try bind([b], v, fp, site) }
    }

    /// A value about to be stored in a variable: checked against its type when the checker could not
    /// prove it, and in the type-assertion mode also when it did.
    @inline(__always)
    func annotated(_ value: Value, _ annotation: Annotation, _ name: String, _ site: SourceRange) throws(ScriptError) -> Value {
        if annotation.isEnforced { return try coerce(value, to: annotation.type, what: "'\(name)'", site: site) }
        if assertsTypes, !program.isCastable(value, to: annotation.type) {
            throw ScriptError.runtime(.checkerBug(value: value.typeName, type: "\(annotation.type)", variable: name), at: site)
        }
        return value
    }

    /// A `case` value pattern matches by equality, or by containment when it is a range (`~=`).
    func matches(_ pattern: Value, _ subject: Value) -> Bool {
        switch (pattern, subject) {
        case (.range(let lo, let hi), .int(let x)): return x >= lo && x < hi
        case (.closedRange(let lo, let hi), .int(let x)): return x >= lo && x <= hi
        case (.range(let lo, let hi), .double(let x)): return x >= Double(lo) && x < Double(hi)
        case (.closedRange(let lo, let hi), .double(let x)): return x >= Double(lo) && x <= Double(hi)
        default: return pattern == subject
        }
    }

    /// Calls `body` with each element; it returns false to stop.
    func iterate(_ sequence: Value, _ site: SourceRange, _ body: (Value) throws(ScriptError) -> Bool) throws(ScriptError) {
        switch sequence {
        case .array(let items):
            for item in items where !(try body(item)) { return }
        case .range(let lo, let hi):
            // Each element counted as a turn of a loop: a library method walking `1...Int.max` meets `--timeout` and
            // `--max-memory` (an array it fills is measured with the process), not the allocator's trap.
            var i = lo
            while i < hi {
                try tick(site)
                if !(try body(.int(i))) { return }
                i += 1
            }
        case .closedRange(let lo, let hi):
            var i = lo
            while true {
                try tick(site)
                if !(try body(.int(i))) { return }
                if i == hi { return }
                i += 1
            }
        case .dictionary(let d):
            let keys = d.keys, values = d.values
            for (k, v) in zip(keys, values) where !(try body(.tuple(TupleStorage([k, v], labels: ["key", "value"])))) { return }
        case .string(let s):
            // ASCII with no carriage return (`"\r\n"` is one character): a character a byte, each a string made once
            // (`asciiCharacters`) — no grapheme breaking and no string made a character (JSON's `Array(text)`).
            if s.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
                let characters = Interpreter.asciiCharacters   // read once: a static's every read asks whether it is made
                for byte in s.utf8 where !(try body(characters[Int(byte)])) { return }
            } else {
                for c in s where !(try body(.string(String(c)))) { return }
            }
        case .null:
            throw ScriptError.runtime(.cannotIterate(type: "nil"), at: site)
        case .record, .store, .enumCase:
            // A sequence of the program's own (`Resolver+Sequences`): its iterator's `next()` until it gives nil.
            var iterator = hasMethod(sequence, "makeIterator") ? try callMethod(sequence, Name("makeIterator"), Arguments(), [], site) : sequence
            guard hasMethod(iterator, "next") else { throw ScriptError.runtime(.cannotIterate(type: sequence.typeName), at: site) }
            while true {
                try tick(site)
                let next = try callMutatingMethod(&iterator, Name("next"), Arguments(), [], site)
                if case .null = next { return }
                if !(try body(next)) { return }
            }
        default:
            throw ScriptError.runtime(.cannotIterate(type: sequence.typeName), at: site)
        }
    }

    /// Whether a value of the program's types has a method of this name.
    func hasMethod(_ value: Value, _ name: String) -> Bool {
        switch value {
        case .record(let r): return r.type.methods[name] != nil
        case .store(let s): return s.type.method(name) != nil
        case .enumCase(let c): return c.type.methods[name] != nil
        default: return false
        }
    }

    /// `+=` and friends; strings and arrays grow in place. Two integers (the hot case)
    /// are looked at first; growing is kept out of line so this stays small.
    func compoundAssign(_ target: inout Value, _ op: ArithmeticOp, _ rhs: Value, _ site: SourceRange) throws(ScriptError) {
        if case .int(let x) = target, case .int(let y) = rhs {
            target = try intArithmetic(op, x, y, site)
            return
        }
        if op == .add, try grow(&target, by: rhs, site) { return }
        target = try arithmetic(op, target, rhs, site)
    }

    /// `string += string` and `array += array` in place (within the memory limit);
    /// false for other operands.
    @inline(never)
    func grow(_ target: inout Value, by rhs: Value, _ site: SourceRange) throws(ScriptError) -> Bool {
        if case .string(let t) = rhs, var s = target.takeString() {
            defer { target = .string(s) }
            try reserve(s.utf8.count + t.utf8.count, of: 1, site)
            s += t
            return true
        }
        if case .array(let b) = rhs, var a = target.takeArray() {
            defer { target = .array(a) }
            try reserve(a.count + b.count, site)
            a += b
            return true
        }
        return false
    }
}

extension Interpreter {
    /// Each ASCII character as the string value a character of a string is, by its byte.
    static let asciiCharacters: [Value] = (0..<128).map { .string(String(UnicodeScalar(UInt8($0)))) }

    /// The characters of an ASCII string with no carriage return, in one pass and one allocation (`Array(text)`);
    /// nil for any other string, whose characters need Unicode's breaking.
    static func asciiCharacters(of text: String) -> [Value]? {
        let characters = asciiCharacters
        var text = text, ascii = true
        let items = [Value](unsafeUninitializedCapacity: text.utf8.count) { buffer, count in
            characters.withUnsafeBufferPointer { table in text.withUTF8 { bytes in
                for byte in bytes {
                    guard byte < 0x80, byte != 0x0D, count < buffer.count else { ascii = false; return }
                    // A one-byte string is a small string, which holds no reference (`ValueLayout.smallASCIIString`,
                    // checked when the interpreter starts): its bytes are the value, copied with no retain.
                    UnsafeMutableRawPointer(buffer.baseAddress.unsafelyUnwrapped + count)
                        .copyMemory(from: table.baseAddress.unsafelyUnwrapped + Int(byte), byteCount: MemoryLayout<Value>.size)
                    count += 1
                }
            } }
        }
        return ascii ? items : nil
    }
}
