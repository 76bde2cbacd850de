/// A temporary register holds one value after another: in Richards' `release(_:)`, r4 holds a block read from an array
/// (given away to a variable), then `current` read only to compare priorities, then `current` again to be returned.
/// Lending decides register by register (`lendRegisters`), and a register one of whose values may not be lent lent none.
/// Here each value of a temporary that could be lent — every write of it a copy or a field read, every read one that
/// leaves it as it is — moves to a register of its own past the frame's others (while the masks' 64 have room), so
/// that lending can decide for it alone.
///
/// A value is a *web*: the writes that reach a common read, joined, with the reads they reach (a write that also reads
/// the register, `member r2 r2.next`, joins the value it reads). Only temporaries move: a variable's reads copy it where
/// a temporary's take it (`assignPlace`), so a variable's value in a temporary's register would be read differently.
extension BytecodeCompiler {
    /// Moves each temporary's values that could be lent, but one, to registers of their own; each instruction's effect
    /// afterwards. `next` is each instruction's successors (a rename moves no jump).
    mutating func splitLendableTemporaries(_ next: [[Int]]) -> [Effect] {
        let kept = keptSlots(fieldPlaces: false)
        var placeUses = [Int](repeating: 0, count: output.places.count)
        for instruction in output.instructions {
            switch instruction {
            case .assignPlace(let p, _), .compoundPlace(_, let p, _), .callMutating(_, let p, _, _, _): placeUses[Int(p)] += 1
            default: break
            }
        }
        var code = output.instructions, effects = self.effects(of: code)
        // The temporaries written by more than one instruction, one of them a write that may lend.
        var writes = [Int](repeating: 0, count: output.registerCount), lends = [Bool](repeating: false, count: output.registerCount)
        for e in effects {
            for r in e.clobbers + (e.write.map { [$0.register] } ?? []) where r >= 0 && Int(r) < writes.count { writes[Int(r)] += 1 }
            if let w = e.write, w.register >= 0, Int(w.register) < lends.count { lends[Int(w.register)] = true }
        }
        var stale = false
        for x in output.firstTemporary..<writes.count where writes[x] > 1 && lends[x] && !kept.contains(Register(x)) {
            guard output.registerCount < ReferenceRegisters.maskWidth else { break }
            if stale { (code, effects, stale) = (output.instructions, self.effects(of: output.instructions), false) }
            for web in webs(of: Register(x), effects, code, next).dropFirst() {
                // A web moves when each of its instructions can be renamed, each place it names is its instruction's alone,
                // and it lends something (a field's reference, a copy).
                let y = Register(output.registerCount)
                var renamed: [(Int, Instruction)] = []
                for pc in web.sorted() {
                    guard let instruction = Self.renamed(code[pc], Register(x), y) else { renamed = []; break }
                    if let p = Self.placeIndex(of: code[pc]), output.places[p].variable == Int32(x) || output.places[p].key == Register(x) {
                        guard placeUses[p] == 1, output.places[p].key != Register(x) else { renamed = []; break }
                    }
                    renamed.append((pc, instruction))
                }
                // Only references, or nil: where the value is live a call's frame is never placed over it (its register is
                // past the call's arguments, but `placeFramesAtArguments` sees it may hold a reference).
                let writes = web.compactMap { pc in effects[pc].write.flatMap { $0.register == Register(x) ? ($0, effects[pc].takes) : nil } }
                let lends = writes.allSatisfy { !($0.0.field?.kind.isNumberOrBool ?? false) }
                    && writes.contains { $0.0.field != nil || $0.1 == nil }
                guard !renamed.isEmpty, lends, output.registerCount < ReferenceRegisters.maskWidth else { continue }
                for (pc, instruction) in renamed {
                    output.instructions[pc] = instruction
                    if let p = Self.placeIndex(of: instruction), output.places[p].variable == Int32(x) { output.places[p].variable = Int32(y) }
                }
                output.registerCount += 1
                stale = true
            }
        }
        return stale ? self.effects(of: output.instructions) : effects
    }

    /// The webs of `x` that could be lent (each a set of instruction indices), the first of all its webs left out when
    /// every one could be (one value stays where it is).
    private func webs(of x: Register, _ effects: [Effect], _ code: [Instruction], _ next: [[Int]]) -> [Set<Int>] {
        let n = code.count, entry = n
        func defines(_ pc: Int) -> Bool { effects[pc].write?.register == x || effects[pc].clobbers.contains(x) }
        func kills(_ pc: Int) -> Bool { effects[pc].clobbers.contains(x) || effects[pc].write?.register == x && effects[pc].writesAlways }
        func uses(_ pc: Int) -> Bool {
            let e = effects[pc]
            return e.reads.contains(x) || e.pinned.contains(x) || e.takes == x || e.write?.source == x || e.destination != x && e.clobbers.contains(x)
        }
        guard code.indices.contains(where: defines) else { return [] }
        // The writes that reach each instruction (the entry's value as `entry`).
        var reaching = [Set<Int>](repeating: [], count: n), work = [0]
        reaching[0] = [entry]
        while let pc = work.popLast() {
            var out = reaching[pc]
            if kills(pc) { out = [pc] } else if defines(pc) { out.insert(pc) }
            for s in next[pc] where s >= 0 && s < n && !out.isSubset(of: reaching[s]) {
                reaching[s].formUnion(out)
                work.append(s)
            }
        }
        // Writes that reach one read are one value; a read joins its writes' value.
        var parent = Array(0...n)
        func find(_ i: Int) -> Int { var i = i; while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }; return i }
        func union(_ a: Int, _ b: Int) { parent[find(a)] = find(b) }
        for pc in code.indices where uses(pc) {
            let writes = reaching[pc]
            for w in writes { union(w, writes.first ?? w) }
            if defines(pc), let w = writes.first { union(pc, w) }
        }
        var members: [Int: Set<Int>] = [:]
        for pc in code.indices where defines(pc) { members[find(pc), default: []].insert(pc) }
        for pc in code.indices where uses(pc) { if let w = reaching[pc].first { members[find(w), default: []].insert(pc) } }
        // A web that could be lent: none of its instructions writes the register but as a copy or a field read, or
        // empties it, or gives it away, and the entry's value (a temporary holds none) is not in it.
        let all = members.keys.sorted().map { (root: $0, pcs: members[$0] ?? []) }
        let lendable = all.filter { web in
            find(entry) != web.root && web.pcs.allSatisfy { pc in !effects[pc].clobbers.contains(x) && !effects[pc].pinned.contains(x) }
        }
        return lendable.count == all.count ? lendable.map(\.pcs) : [[]] + lendable.map(\.pcs)
    }

    /// The place an instruction changes, if any.
    static func placeIndex(of instruction: Instruction) -> Int? {
        switch instruction {
        case .assignPlace(let p, _), .compoundPlace(_, let p, _), .callMutating(_, let p, _, _, _): Int(p)
        default: nil
        }
    }

    /// The instruction with register `x` named `y` instead, for the instructions a lendable value is written and read by
    /// (`effect(of:scalar:)`'s copies, field reads and reads); nil for any other. A place's variable is the caller's to
    /// rename.
    static func renamed(_ instruction: Instruction, _ x: Register, _ y: Register) -> Instruction? {
        func r(_ a: Register) -> Register { a == x ? y : a }
        func v(_ a: Int32) -> Int32 { a == Int32(x) ? Int32(y) : a }
        switch instruction {
        case .move(let a, let b): return .move(r(a), r(b))
        case .take(let a, let b): return .take(r(a), r(b))
        case .unwrapInto(let a, let b, let h, let t): return .unwrapInto(r(a), r(b), h, t)
        case .unwrapIntoBack(let a, let b, let h, let t): return .unwrapIntoBack(r(a), r(b), h, t)
        case .member(let a, let b, let n, let takes): return .member(r(a), r(b), name: n, takesBase: takes)
        case .memberIfPresent(let a, let b, let n, let takes): return .memberIfPresent(r(a), r(b), name: n, takesBase: takes)
        case .memberOfMember(let a, let base, let outer, let inner): return .memberOfMember(r(a), variable: v(base), outer: outer, inner: inner)
        case .jumpIfNull(let a, let t): return .jumpIfNull(r(a), t)
        case .jumpIfNotNull(let a, let t): return .jumpIfNotNull(r(a), t)
        case .unwrap(let a): return .unwrap(r(a))
        case .jumpUnless(let op, let a, let b, let t): return .jumpUnless(op, r(a), r(b), t)
        case .assignPlace(let p, let s): return .assignPlace(place: p, r(s))
        case .compoundPlace(let op, let p, let s): return .compoundPlace(op, place: p, r(s))
        default: return nil
        }
    }
}
