import ShortcutSyntax

/// What the VM's array instructions share: an append, a mutating method on an array taken out of its place, growth.
extension Interpreter {
    /// `jump-if-element`'s test when the element is not a Bool of an array where it is: the subscript as `subscript-get`
    /// reads it (an index out of range is its error), then the condition as `jump-if-true` tests it.
    @inline(never)
    func elementIs(_ when: Bool, of variable: UnsafeMutablePointer<Value>, _ key: UnsafeMutablePointer<Value>,
                   _ site: SourceRange) throws(ScriptError) -> Bool {
        let element = try subscriptGet(variable.pointee, key.pointee, site)
        guard case .bool(let b) = element else { throw ScriptError.runtime(.conditionNotBool(type: element.typeName), at: site) }
        return b == when
    }

    /// `xs.append(x)` on a variable: in place when it holds an array. Out of the loop's code: there the standard
    /// library's append was left five calls (making the array unique, reserving, appending, counting, ending the
    /// mutation); here it is one. The element is read from its register here (moved when `consuming`), before the
    /// array is taken (`xs.append(xs)` appends the array as it was), and the site is worked out only for an error:
    /// the loop's copy of the element, its destroy after the call and the site were 50 instructions an append.
    @inline(never)
    func append(_ source: UnsafeMutablePointer<Value>, consuming: Bool, to slot: UnsafeMutablePointer<Value>,
                _ code: Unmanaged<Bytecode>, _ ip: UnsafeMutablePointer<Instruction>) throws(ScriptError) {
        // An Int made anew, not copied: a `Value`'s copy is an outlined switch over its cases (`xs.append(i)`).
        let element = if let x = source.int { Value.int(x) } else { Interpreter.read(source, consuming: consuming) }
        if var items = slot.takeArray() {
            if items.count == items.capacity, items.count >= Limits.hugePageArrayElements { items = Interpreter.grown(items) }
            items.append(consume element)   // moved in: left to the optimiser, it was copied and then destroyed
            slot.initialize(to: .array(items))
        } else {
            _ = try callMutatingMethod(&slot.pointee, Name.append, Arguments(element), [nil], code.site(at: ip))
        }
    }

    /// A mutating method (the bytecode's `method`th) on an array taken out of its place: `swapAt` with both indices
    /// in range, `append(_:)` and `removeLast()` of a non-empty array done here (the general way built `Arguments`
    /// and looked the method up by name: 490 instructions a call in Towers), anything else by `mutateArray`, which
    /// says what is wrong. Only the method's `Member` is read for these: its name and labels copied were two
    /// retains and two releases a call.
    @inline(__always)
    func arrayMethod(_ items: inout [Value], _ method: Int32, of code: Unmanaged<Bytecode>, _ arguments: UnsafeMutablePointer<Value>,
                     _ count: Int, _ site: SourceRange) throws(ScriptError) -> Value {
        switch code._withUnsafeGuaranteedRef({ $0.methods[Int(method)].name.member }) {
        case .swapAt where count == 2:
            if let i = arguments.int, let j = (arguments + 1).int, i >= 0, j >= 0, i < items.count, j < items.count {
                if i != j {
                    // Moved as they are, no copy: `swapAt`'s general code was a hundred instructions here.
                    items.withUnsafeMutableBufferPointer { buffer in
                        let base = buffer.baseAddress.unsafelyUnwrapped
                        let held = (base + i).move()
                        (base + i).moveInitialize(from: base + j, count: 1)
                        (base + j).initialize(to: held)
                    }
                }
                return .null   // the Ints left in their temporaries
            }
        case .append where count == 1 && code._withUnsafeGuaranteedRef({ $0.methods[Int(method)].labels.first == .some(nil) }):
            items.append(Interpreter.read(arguments, consuming: true))
            return .null
        case .removeLast where count == 0 && !items.isEmpty:
            return items.removeLast()
        default:
            break
        }
        let (name, labels) = code._withUnsafeGuaranteedRef { $0.methods[Int(method)] }
        return try mutateArray(&items, name, Interpreter.arguments(arguments, count), labels, site)
    }

    /// A large array's elements in a new buffer of twice the capacity, whose memory the system is asked to give in huge
    /// pages before anything is written to it (`Platform.adviseHugePages`): growing an array by appends touches twice
    /// its final size in fresh memory, and its page faults took a third of the `lists` benchmark's time.
    @inline(never)
    static func grown(_ items: consuming [Value]) -> [Value] {
        let capacity = items.capacity * 2
        return [Value](unsafeUninitializedCapacity: capacity) { buffer, count in
            guard let base = buffer.baseAddress else { return }
            Platform.adviseHugePages(UnsafeMutableRawPointer(base), bytes: capacity * MemoryLayout<Value>.stride)
            // Moved as bytes, as Swift's own growth moves them; the old buffer is then emptied (its count written 0), or
            // left holding nils where Swift's layout is not the one `ArrayLayout` knows.
            items.withUnsafeMutableBufferPointer { old in
                guard let from = old.baseAddress else { return }
                base.moveInitialize(from: from, count: old.count)
                if !ArrayLayout.holds { from.initialize(repeating: .null, count: old.count) }
                count = old.count
            }
            if ArrayLayout.holds { ArrayLayout.forgetElements(of: items) }
        }
    }
}

/// Swift's array storage as the standard library lays it out on 64-bit platforms: the object's header (its type and
/// reference counts), the count, the capacity and its flags, then the elements. `Interpreter.grown` empties the array
/// whose elements it has moved out by writing its count, as Swift's own growth does: letting it go frees the buffer,
/// where destroying a million nils one by one was a tenth of `bench/lists`' instructions. `holds` checks the layout on
/// real arrays once a process; where it does not hold, the elements moved out are made nil and destroyed as before.
enum ArrayLayout {
    static let countOffset = 16
    static let elementsOffset = 32

    static let holds: Bool = {
        var items: [Value] = [.int(1), .int(2), .string("a long string, stored out of line")]
        items.reserveCapacity(8)
        let object = unsafeBitCast(items, to: UnsafeRawPointer.self)
        let elements = items.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        return MemoryLayout<[Value]>.size == MemoryLayout<UnsafeRawPointer>.size
            && object.load(fromByteOffset: countOffset, as: Int.self) == items.count
            && elements == object + elementsOffset
    }()

    /// Makes the array (its own buffer, elements moved out) hold none, so that letting it go destroys nothing.
    static func forgetElements(of items: borrowing [Value]) {
        let object = unsafeBitCast(copy items, to: UnsafeMutableRawPointer.self)
        object.storeBytes(of: 0, toByteOffset: countOffset, as: Int.self)
    }
}
