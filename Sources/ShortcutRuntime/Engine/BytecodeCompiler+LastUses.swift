/// A variable copied for the last time gives its value away: `var a = x` where `x` is not read again, `while let
/// e = cur { …; cur = e.next }` (the binding takes `cur`'s value, which is written before it is read again). The
/// copy (`move`) becomes a `take`, which leaves the slot nil: no retain for the copy, no release when the slot is
/// overwritten or its frame left.
///
/// A `move` from a slot is a last use when no path from it reaches an instruction that may read the slot
/// before one that only writes it. Paths follow jumps, fall-throughs and the error regions around each
/// instruction (`Handler`); an instruction counts as reading every register it names (`registersNamed`) and
/// every argument it takes, and only the simple writes (`defined`) count as writes. A function with a
/// `jump-indirect` (a `defer`'s way back), or longer than `Limits.lastUseAnalysisInstructions`, is left as
/// it is; so are the slots read other than by an instruction's operands (`tableSlots`): `self` (a mutating
/// method's is read back after its body), the places' and paths' variables and keys, what patterns bind, what
/// closures capture.
extension BytecodeCompiler {
    mutating func takeLastUses() {
        let code = output.instructions
        guard code.count <= Limits.lastUseAnalysisInstructions,
              !code.contains(where: { if case .jumpIndirect = $0 { true } else { false } }) else { return }
        let kept = keptSlots()
        let first = Register(output.firstTemporary)
        let flow = self.flow(of: code) { $0 < first }
        var visited = [Int](repeating: -1, count: code.count)
        for (pc, instruction) in code.enumerated() {
            switch instruction {
            case .move(let a, let b) where b >= 0 && b < first && a != b && !kept.contains(b):
                if !flow.isRead(b, after: pc, visited: &visited) { output.instructions[pc] = .take(a, b) }
            case .unwrapInto(let a, let b, .copy, let t) where b >= 0 && b < first && a != b && !kept.contains(b):
                if !flow.isRead(b, after: pc, visited: &visited) { output.instructions[pc] = .unwrapInto(a, b, .take, t) }
            case .unwrapIntoBack(let a, let b, .copy, let t) where b >= 0 && b < first && a != b && !kept.contains(b):
                if !flow.isRead(b, after: pc, visited: &visited) { output.instructions[pc] = .unwrapIntoBack(a, b, .take, t) }
            default:
                break
            }
        }
    }

    /// A move from a temporary gives its value away: a temporary is read once, so the VM need not ask at run time.
    mutating func takeTemporaries() {
        let first = Register(output.firstTemporary)
        for (pc, instruction) in output.instructions.enumerated() {
            switch instruction {
            case .move(let a, let b) where b >= first: output.instructions[pc] = .take(a, b)
            case .unwrapInto(let a, let b, .copy, let t) where b >= first: output.instructions[pc] = .unwrapInto(a, b, .take, t)
            case .unwrapIntoBack(let a, let b, .copy, let t) where b >= first: output.instructions[pc] = .unwrapIntoBack(a, b, .take, t)
            case .member(let a, let b, let name, false) where b >= first && a != b: output.instructions[pc] = .member(a, b, name: name, takesBase: true)
            case .memberIfPresent(let a, let b, let name, false) where b >= first && a != b:
                output.instructions[pc] = .memberIfPresent(a, b, name: name, takesBase: true)
            default: break
            }
        }
    }

    /// Slots the tables name, and cells (a captured variable's box, shared with closures): what an instruction does not
    /// name may read or change them, so they keep their copies. Without `referencePlaces`, a place changed through a
    /// reference (`packet.link = nil`: `Place.reference`) does not count: it only reads its variable.
    func keptSlots(fieldPlaces: Bool = true, referencePlaces: Bool = true) -> Set<Register> {
        var kept = tableSlots(fieldPlaces: fieldPlaces, referencePlaces: referencePlaces)
        for instruction in output.instructions {
            switch instruction {
            case .newCell(let a), .getCell(_, let a), .setCell(let a, _): kept.insert(a)
            default: break
            }
        }
        return kept
    }

    /// Each instruction's successors, and what it reads (of the registers `tracked` picks) and writes, worked out once:
    /// a search from each instruction then only reads arrays.
    func flow(of code: [Instruction], tracking tracked: (Register) -> Bool) -> Flow {
        Flow(successors: code.indices.map { successors(of: $0, in: code) },
             reads: code.map { instruction in readSlots(instruction).filter(tracked) },
             writes: code.map(defined(by:)))
    }

    /// The instructions a jump or an error region lands on (any way in but from the instruction before).
    func landings(in code: [Instruction]) -> Set<Int> {
        var landings = Set<Int>()
        for pc in code.indices { landings.formUnion(successors(of: pc, in: code).filter { $0 != pc + 1 }) }
        return landings
    }

    /// The function's paths as arrays: where each instruction may go on, the slots it may read, the one it only writes.
    struct Flow {
        let successors: [[Int]]
        let reads: [[Register]]
        let writes: [Register?]

        /// Whether some path from the instruction after `pc` may read `r` before writing it. `visited` holds, for each
        /// instruction, the copy whose search last passed it (so it is not cleared between searches).
        func isRead(_ r: Register, after pc: Int, visited: inout [Int]) -> Bool {
            var work = successors[pc]
            while let i = work.popLast() {
                guard i >= 0, i < reads.count else { return true }
                guard visited[i] != pc else { continue }
                visited[i] = pc
                if reads[i].contains(r) { return true }
                if writes[i] == r { continue }
                work += successors[i]
            }
            return false
        }
    }

    /// The registers the function's tables name: read or written by an instruction through them. Without
    /// `fieldPlaces`, the variables of the places whose fields change where the value is (`Place`) are left out,
    /// and so is `self` unless a table names it; without `referencePlaces`, those of places changed through a reference.
    func tableSlots(fieldPlaces: Bool = true, referencePlaces: Bool = true) -> Set<Register> {
        var slots = Set<Register>()
        if code.hasSelf, fieldPlaces { slots.insert(0) }
        func walk(_ path: PlacePath) {
            switch path {
            case .local(let s), .cell(let s): slots.insert(Register(s))
            case .global: break
            case .member(let base, _, _), .forceUnwrap(let base, _), .optional(let base, _): walk(base)
            case .subscript(let base, let key, _): slots.insert(key); walk(base)
            case .subscriptDefault(let base, let key, let value, _): slots.formUnion([key, value]); walk(base)
            case .reference(let r, _): slots.insert(r)
            }
        }
        for place in output.places {
            slots.formUnion(fieldPlaces && (referencePlaces || place.reference == nil) ? [Register(place.variable), place.key] : [place.key])
        }
        for path in output.generalPlaces.compactMap({ $0 }) + output.paths { walk(path) }
        for binding in output.bindings.joined() {
            if case .slot(let s) = binding { slots.insert(Register(s)) }
            if case .cell(let s) = binding { slots.insert(Register(s)) }
        }
        for case .closure(_, let captures) in output.makers {
            for capture in captures {
                switch capture {
                case .cell(let s), .value(let s): slots.insert(Register(s))
                }
            }
        }
        return slots
    }

    /// The registers the instruction may read: those it names (but the one it only writes) and its arguments.
    private func readSlots(_ instruction: Instruction) -> [Register] {
        // Each writes its first only when it goes on (or round again).
        if case .unwrapInto(_, let b, _, _) = instruction { return [b] }
        if case .unwrapIntoBack(_, let b, _, _) = instruction { return [b] }
        let written = defined(by: instruction)
        var registers = registersNamed(in: instruction).filter { $0 != written }
        if let (base, n) = argumentRange(of: instruction) { registers += (0..<max(n, 1)).map { base + $0 } }
        return registers
    }

    /// The register the instruction only writes (reading nothing else of it), for the writes that matter here.
    private func defined(by instruction: Instruction) -> Register? {
        switch instruction {
        case .move(let a, let b), .take(let a, let b), .lend(let a, let b), .member(let a, let b, _, _), .memberIfPresent(let a, let b, _, _),
             .lendMember(let a, let b, _, _): return a != b ? a : nil
        case .constant(let a, _), .int(let a, _), .bool(let a, _), .getGlobal(let a, _): return a
        default: return nil
        }
    }

    /// Where the instruction at `pc` may go on: the next, a jump's target, the region that takes its errors.
    func successors(of pc: Int, in code: [Instruction]) -> [Int] {
        var next: [Int]
        switch code[pc] {
        case .jump(let t): next = [Int(t)]
        case .unwrapInto(_, _, _, let t), .unwrapIntoBack(_, _, _, let t),
             .jumpIfFalse(_, let t), .jumpIfTrue(_, let t), .jumpIfNull(_, let t), .jumpIfNotNull(_, let t),
             .jumpUnless(_, _, _, let t), .jumpUnlessIntConstant(_, _, _, let t), .jumpUnlessConstant(_, _, _, let t), .jumpIfMatches(_, _, let t),
             .jumpIfElement(_, _, _, let t),
             .jumpIfCase(_, _, let t), .jumpUnlessCase(_, _, let t), .jumpUnlessIs(_, _, let t), .jumpIfPresent(_, _, let t),
             .rangeLoopStart(_, _, _, let t), .rangeLoopNext(_, _, let t), .sequenceLoopNext(_, _, _, let t), .sequenceLoopAgain(_, _, _, let t),
             .dictionaryGet(_, _, _, let t), .openStore(_, _, let t), .unpackTuple(_, _, _, let t):
            next = [pc + 1, Int(t)]
        case .return, .returnTypedClean, .guardFellThrough, .switchUnmatched:
            next = []
        case .rethrow:
            // Throws a kept error; a read of an `async let` goes on when it holds none.
            next = pc + 1 < code.count ? [pc + 1] : []
        case .jumpIndirect:
            next = [-1]   // anywhere: `isRead` gives up
        case .move, .take, .lend, .constant, .int, .bool, .getGlobal, .setGlobal, .getCell, .newCell, .setCell, .arithmetic, .arithmeticInt,
             .arithmeticIntConstant, .addInt, .addIntConstant, .subtractInt, .subtractIntConstant, .addDouble, .subtractDouble,
             .multiplyDouble, .divideDouble, .arithmeticDoubleConstant, .addDoubleConstant, .multiplyDoubleConstant, .compare,
             .compareInt, .equal, .negate, .compoundLocal, .compoundGlobal, .addGlobal, .multiplyInt,
             .remainderIntConstant, .tick, .sequenceLoopStart, .subscriptGet,
             .subscriptGetGlobal, .subscriptSet, .subscriptSetConstant, .member, .memberIfPresent, .lendMember, .elementMember, .memberElement, .memberOfMember, .makeArray, .makeTuple, .construct,
             .blank, .initialize, .fieldDefault, .parameterDefault, .parameterDefaultOf, .make, .buildAppend, .unwrap,
             .makeRange, .append, .assignPlace, .compoundPlace, .call, .callTypedInPlace, .callGlobal, .callValue, .callMethod, .callMutating,
             .callBuiltin, .callNumeric, .coerce, .assertType, .bind, .payload, .scalarLoop:
            next = [pc + 1]
        }
        for handler in output.handlers where handler.covers(pc) { next.append(handler.target) }
        return next
    }
}
