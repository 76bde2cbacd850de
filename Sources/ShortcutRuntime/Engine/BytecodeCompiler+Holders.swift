/// What each instruction does to the registers and fields a lent register's value depends on
/// (`BytecodeCompiler.lendRegisters`): which register it writes as a copy or a field read (a write that may lend), which it
/// only reads, which it writes otherwise or empties, which it must not be lent, and which fields it may change.
///
/// Every register an instruction names — its operands, its argument range, its place's variable and key — falls in
/// exactly one of these; an instruction this file does not know is taken to write every register it names and to change
/// every field, so a case added to `Instruction` without a line here only lends less.
extension BytecodeCompiler {
    /// What an instruction may do to the objects a lent register's value is kept alive by.
    struct Effect {
        /// A write that may lend: `register` becomes a copy of `source` (`field` nil) or its field's value.
        var write: (register: Register, source: Register, field: Name?)?
        /// The write is made only when the instruction goes on (an `unwrapInto`'s): the old value may still be read past it.
        var writesAlways = true
        /// Registers read and left as they were (a place's reference, a copy's source, a test's operand).
        var reads: [Register] = []
        /// A register a `take`, or a member read that takes its base, empties — unless the written register is lent.
        var takes: Register?
        /// Registers written other than by a copy or a field read, or emptied (a temporary an instruction consumes).
        var clobbers: [Register] = []
        /// Of `clobbers`, the one the instruction only writes (its result), where it is known: no read of its old value.
        var destination: Register?
        /// Registers whose value goes where a lent one must not: a `return`'s, an argument lent on to a call.
        var pinned: [Register] = []
        /// Fields it may change: none, those of one name (a place's plain store), or any (it may run the program's code).
        var fields = Fields.none

        enum Fields: Equatable {
            case none
            case named(String)
            case any
        }

        /// Every register the effect names but the one written.
        var named: [Register] { reads + clobbers + pinned + (takes.map { [$0] } ?? []) }
    }

    /// The instruction's effect; `scalar` tells a register that holds no reference where it runs (`referenceFreeRegisters`):
    /// a comparison of two such runs no code, nor does `op=` of one into a number field.
    func effect(of instruction: Instruction, scalar: (Register) -> Bool) -> Effect {
        var e = Effect()
        func local(_ v: Int32) -> [Register] { v >= 0 ? [Register(v)] : [] }
        switch instruction {
        case .move(let a, let b) where a != b:
            e.write = (a, b, nil)
            e.reads = [b]
        case .take(let a, let b) where a != b:
            e.write = (a, b, nil)
            e.takes = b
        case .unwrapInto(let a, let b, let h, _), .unwrapIntoBack(let a, let b, let h, _):
            guard a != b, h != .lend else { return everything(instruction) }
            e.write = (a, b, nil)
            e.writesAlways = false
            if h == .take { e.takes = b } else { e.reads = [b] }
        case .member(let a, let b, let n, let takes), .memberIfPresent(let a, let b, let n, let takes):
            let name = output.names[Int(n)]
            guard name.isPureRead else { return everything(instruction) }
            e.write = (a, b, name)
            if takes, a != b { e.takes = b } else if a != b { e.reads = [b] }
        case .lend(let a, let b):
            // An argument lent to a call (`lendArguments`): the callee holds the bytes, so the source is no lent register.
            e.clobbers = [a]
            e.pinned = [b]
        case .memberOfMember(let a, let v, _, _):
            e.clobbers = [a]
            e.destination = a
            e.reads = local(v)
        case .memberElement(let a, let v, _, let key):
            e.clobbers = [a]
            e.destination = a
            e.reads = local(v) + [key]
            e.fields = .any   // a subscript of the program's own, or a dictionary's key type's `==`, may run its code
        case .jumpIfNull(let a, _), .jumpIfNotNull(let a, _), .jumpIfFalse(let a, _), .jumpIfTrue(let a, _), .unwrap(let a),
             .jumpUnlessIntConstant(_, let a, _, _):
            e.reads = [a]
        case .jumpUnless(_, let a, let b, _):
            e.reads = [a, b]
            if !scalar(a) || !scalar(b) { e.fields = .any }   // a comparison of the program's own types runs its code
        case .constant(let a, _), .int(let a, _), .bool(let a, _):
            e.clobbers = [a]
            e.destination = a
        case .addInt(let a, let b, let c), .subtractInt(let a, let b, let c), .multiplyInt(let a, let b, let c), .arithmeticInt(_, let a, let b, let c),
             .compareInt(_, let a, let b, let c), .addDouble(let a, let b, let c), .subtractDouble(let a, let b, let c),
             .multiplyDouble(let a, let b, let c), .divideDouble(let a, let b, let c):
            e.clobbers = [a]
            e.destination = a
            e.reads = [b, c]
        case .addIntConstant(let a, let b, _), .subtractIntConstant(let a, let b, _), .arithmeticIntConstant(_, let a, let b, _),
             .remainderIntConstant(let a, let b, _), .arithmeticDoubleConstant(_, let a, let b, _), .addDoubleConstant(let a, let b, _),
             .multiplyDoubleConstant(let a, let b, _):
            e.clobbers = [a]
            e.destination = a
            e.reads = [b]
        case .rangeLoopStart(let a, let b, _, _), .rangeLoopNext(let a, let b, _):
            e.clobbers = [a, b]
        case .jump, .tick, .guardFellThrough:
            break
        case .return(let r, _, _):
            if r >= 0 { e.pinned = [r] }
        case .assignPlace(let p, let r):
            guard let place = placeEffect(Int(p)) else { return everything(instruction) }
            e = place
            // A temporary's value is moved into the place; a variable's copied.
            if r >= Register(output.firstTemporary) { e.clobbers.append(r) } else { e.reads.append(r) }
        case .callMethod(let a, let receiver, _, _, _):
            // The program's code runs; a variable's instance is the receiver as it is (a temporary's is taken).
            e = everything(instruction)
            e.destination = a
            if receiver >= 0, receiver < Register(output.firstTemporary), receiver != a {   // a variable, read as it is
                e.clobbers.removeAll { $0 == receiver }
                e.reads.append(receiver)
            }
        case .compoundPlace(_, let p, let r):
            guard var place = placeEffect(Int(p)) else { return everything(instruction) }
            // Numbers only: an operator of the program's own types runs its code.
            if !(output.placeMembers[Int(p)]?.kind.isNumberOrBool ?? false) || !scalar(r) { place.fields = .any }
            e = place
            e.reads.append(r)
        default:
            return everything(instruction)
        }
        return e
    }

    /// The effect of an instruction not told apart: it writes every register it names, and may change any field.
    private func everything(_ instruction: Instruction) -> Effect {
        var e = Effect(fields: .any)
        e.clobbers = registersNamed(in: instruction).filter { $0 >= 0 }
        if let (base, n) = argumentRange(of: instruction) { e.clobbers += (0..<max(n, 1)).map { base + $0 } }
        switch instruction {
        case .assignPlace(let p, _), .compoundPlace(_, let p, _), .callMutating(_, let p, _, _, _):
            let place = output.places[Int(p)]   // a general place's registers are the tables' (`keptSlots`)
            if !place.isGeneral { e.clobbers += [Register(place.variable), place.key].filter { $0 >= 0 } }
        default:
            break
        }
        return e
    }

    /// A plain place's part in an assignment to it: its reference read (a class instance changed where it is), or its
    /// variable written (a struct value, an array); its key read; the field of its member's name changed — any, unless
    /// the member only stores (`Name.isPlainStore`). Nil for a general place.
    private func placeEffect(_ index: Int) -> Effect? {
        let place = output.places[index]
        guard !place.isGeneral else { return nil }
        var e = Effect()
        if place.variable >= 0 {
            if place.reference != nil { e.reads = [Register(place.variable)] } else { e.clobbers = [Register(place.variable)] }
        }
        if place.key >= 0 {
            e.reads.append(place.key)
            e.fields = .any   // a subscript of the program's own, or a dictionary's key type's `hash(into:)`, may run its code
        } else if let member = output.placeMembers[index], member.isPlainStore {
            e.fields = .named(member.text)
        } else if output.placeMembers[index] != nil || place.variable < 0 {
            e.fields = .any   // a setter's or an observer's code (a global's too)
        }
        return e
    }
}

/// What keeps a lent register's values alive.
extension BytecodeCompiler {
    /// A thing a lent value is kept alive by, besides the frame's owners (which hold theirs until it is left): a register
    /// that holds it (or the object whose field holds it), or the field it was read from.
    enum Holder: Hashable {
        case register(Register)
        /// A field of this name; a constant one (`let`) is changed only by an assignment to it by name (an initializer's).
        case field(String, constant: Bool)
    }

    /// What each lent register's values are kept alive by: for each write, the register it copies or reads a field of —
    /// nothing for an owner, that register's own holders for a lent one — and the field read. A number read holds nothing.
    func holders(of lent: Set<Register>, owners: Set<Register>, _ effects: [Effect]) -> [Register: Set<Holder>] {
        var holders: [Register: Set<Holder>] = [:]
        var changed = true
        while changed {
            changed = false
            for case let (r, source, field)? in effects.map(\.write) where lent.contains(r) && !(field?.kind.isNumberOrBool ?? false) {
                var these = Set<Holder>()
                if lent.contains(source) { these = holders[source] ?? [] } else if !owners.contains(source) { these.insert(.register(source)) }
                if let field { these.insert(.field(field.text, constant: field.isConstant)) }
                if !these.isSubset(of: holders[r] ?? []) {
                    holders[r, default: []].formUnion(these)
                    changed = true
                }
            }
        }
        return holders
    }

    /// Whether every value written into `r` is kept alive by its holders wherever it may be read: no instruction between
    /// its write and a read of it changes a field it hangs from, or writes or empties a register that holds it.
    func isKeptAlive(_ r: Register, by holders: Set<Holder>, lent: Set<Register>, _ effects: [Effect], _ flow: Flow) -> Bool {
        func ends(_ e: Effect) -> Bool {
            holders.contains { holder in
                switch holder {
                case .register(let s):
                    return e.clobbers.contains(s) || e.takes == s && !(e.write.map { lent.contains($0.register) } ?? false)
                case .field(let name, let constant):
                    return e.fields == .named(name) || e.fields == .any && !constant
                }
            }
        }
        var visited = [Int](repeating: -1, count: effects.count), seen = [Bool](repeating: false, count: effects.count)
        for (d, e) in effects.enumerated() {
            guard let w = e.write, w.register == r, !(w.field?.kind.isNumberOrBool ?? false) else { continue }
            var work = flow.successors[d]
            seen = seen.map { _ in false }
            while let q = work.popLast() {
                guard q >= 0, q < effects.count else { return false }
                guard !seen[q] else { continue }
                seen[q] = true
                let next = effects[q]
                if ends(next) {
                    if next.named.contains(r) || next.write?.source == r || flow.isRead(r, after: q, visited: &visited) { return false }
                }
                if next.writesAlways, next.write?.register == r { continue }
                work += flow.successors[q]
            }
        }
        return true
    }

    /// Whether lending `r` spares a count: some write of it retains unless it lends — a field read, a copy, a `take` from an
    /// owner or a lent register (which copies). One that only takes what other registers of its own held spares none.
    /// And some read of it is more than a copy into a register that is not lent (which retains as the write would have).
    func sparesCount(_ r: Register, lent: Set<Register>, owners: Set<Register>, _ effects: [Effect]) -> Bool {
        let retains = effects.contains { e in
            guard let w = e.write, w.register == r else { return false }
            if let field = w.field { return !field.kind.isNumberOrBool }
            return e.takes == nil || lent.contains(w.source) || owners.contains(w.source)
        }
        return retains && effects.contains { e in
            guard e.named.contains(r) || e.write?.source == r else { return false }
            guard let w = e.write, w.source == r, w.field == nil else { return true }
            return lent.contains(w.register)
        }
    }
}
