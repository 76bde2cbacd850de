import ShortcutSyntax

/// One function's bytecode as text, an instruction a line (`shortcut check --dump-bytecode`):
/// `7: add-int r3 r1 r2`. Registers print as `rN`, jump targets as `→ N` (the instruction's index: the bytecode holds
/// an offset from the next), table entries as what
/// they hold (a constant's value, a function's name, a global's name); the regions that take errors
/// (`do`, `try?`, `defer`) print above the instructions.
struct BytecodePrinter {
    let bytecode: Bytecode
    let globalNames: [String]

    func lines() -> [String] {
        let width = String(max(bytecode.count - 1, 0)).count
        return (0..<bytecode.count).map { pc in
            let number = String(pc)
            return String(repeating: " ", count: width - number.count) + number + ": " + text(bytecode.code[pc], at: pc)
        }
    }

    /// A region of `Bytecode.handlers`: `(handler 4..<9 catch → 10 keeps r5 r6)`, `try? → 10 r3`, `defer → 12 keeps r5`.
    static func text(_ handler: Handler) -> String {
        var text = "(handler \(handler.start)..<\(handler.end) "
        switch handler.action {
        case .catch(let kept, let thrown): text += "catch → \(handler.target) keeps r\(kept) r\(thrown)"
        case .tryOptional(let register): text += "try? → \(handler.target) r\(register)"
        case .keepError(let register): text += "keep-error → \(handler.target) r\(register)"
        case .tryForced: text += "try!"
        case .cleanup(let kept): text += "defer → \(handler.target) keeps r\(kept)"
        }
        return text + ")"
    }

    func text(_ instruction: Instruction, at pc: Int) -> String {
        func r(_ register: Register) -> String { "r\(register)" }
        func to(_ offset: Int32) -> String { "→ \(pc + 1 + Int(offset))" }
        func g(_ slot: Int32) -> String { Int(slot) < globalNames.count ? "g\(slot):\(globalNames[Int(slot)])" : "g\(slot)" }
        func args(_ base: Register, _ count: Int32) -> String {
            count == 0 ? "()" : "(" + (0..<count).map { r(base + $0) }.joined(separator: " ") + ")"
        }
        /// A call's lent arguments (`call`'s and `call-method`'s `lent`).
        func lending(_ base: Register, _ count: Int32, _ lent: UInt8) -> String {
            let lending = (0..<min(Int(count), UInt8.bitWidth)).filter { lent & 1 << UInt8($0) != 0 }.map { r(base + $0) }
            return lending.isEmpty ? "" : " lending " + lending.joined(separator: " ")
        }
        func variable(_ v: Int32) -> String { v >= 0 ? r(Register(v)) : g(-1 - v) }
        func place(_ k: Int32) -> String {
            let p = bytecode.places[Int(k)]
            if let general = bytecode.generalPlaces[Int(k)] { return general.text }
            let key = p.key >= 0 ? "[\(r(p.key))]" : "", member = bytecode.placeMembers[Int(k)].map { "." + $0.text } ?? ""
            return variable(p.variable) + (p.keyAfterMember ? member + key : key + member)
        }
        switch instruction {
        case .move(let a, let b): return "move \(r(a)) \(r(b))"
        case .take(let a, let b): return "take \(r(a)) \(r(b))"
        case .lend(let a, let b): return "lend \(r(a)) \(r(b))"
        case .constant(let a, let k): return "constant \(r(a)) \(bytecode.constants[Int(k)].debugDescription)"
        case .int(let a, let k): return "int \(r(a)) \(k)"
        case .bool(let a, let b): return "bool \(r(a)) \(b)"
        case .getGlobal(let a, let s): return "get-global \(r(a)) \(g(s))"
        case .setGlobal(let s, let a): return "set-global \(g(s)) \(r(a))"
        case .getCell(let a, let b): return "get-cell \(r(a)) \(r(b))"
        case .newCell(let a): return "new-cell \(r(a))"
        case .setCell(let a, let b): return "set-cell \(r(a)) \(r(b))"
        case .arithmetic(let op, let a, let b, let c): return "\(op.symbol) \(r(a)) \(r(b)) \(r(c))"
        // The general forms of add, subtract and multiply (`checkScalarDestinations`) print as the cases they stand for.
        case .arithmeticInt(let op, let a, let b, let c): return "\(Self.intName(op))-int \(r(a)) \(r(b)) \(r(c))"
        case .arithmeticIntConstant(let op, let a, let b, let k): return "\(Self.intName(op))-int \(r(a)) \(r(b)) \(k)"
        case .arithmeticDoubleConstant(let op, let a, let b, let k): return "\(op.symbol)-double \(r(a)) \(r(b)) \(bytecode.constants[Int(k)].debugDescription)"
        case .addDoubleConstant(let a, let b, let k): return "+-double \(r(a)) \(r(b)) \(bytecode.constants[Int(k)].debugDescription)"
        case .multiplyDoubleConstant(let a, let b, let k): return "*-double \(r(a)) \(r(b)) \(bytecode.constants[Int(k)].debugDescription)"
        case .multiplyInt(let a, let b, let c): return "*-int \(r(a)) \(r(b)) \(r(c))"
        case .remainderIntConstant(let a, let b, let k): return "%-int \(r(a)) \(r(b)) \(k)"
        case .addInt(let a, let b, let c): return "add-int \(r(a)) \(r(b)) \(r(c))"
        case .addIntConstant(let a, let b, let k): return "add-int \(r(a)) \(r(b)) \(k)"
        case .subtractInt(let a, let b, let c): return "subtract-int \(r(a)) \(r(b)) \(r(c))"
        case .subtractIntConstant(let a, let b, let k): return "subtract-int \(r(a)) \(r(b)) \(k)"
        case .addDouble(let a, let b, let c): return "+-double \(r(a)) \(r(b)) \(r(c))"
        case .subtractDouble(let a, let b, let c): return "--double \(r(a)) \(r(b)) \(r(c))"
        case .multiplyDouble(let a, let b, let c): return "*-double \(r(a)) \(r(b)) \(r(c))"
        case .divideDouble(let a, let b, let c): return "/-double \(r(a)) \(r(b)) \(r(c))"
        case .compare(let op, let a, let b, let c): return "\(op.symbol) \(r(a)) \(r(b)) \(r(c))"
        case .compareInt(let op, let a, let b, let c): return "\(op.symbol)-int \(r(a)) \(r(b)) \(r(c))"
        case .equal(let a, let b, let c, let negated): return "\(negated ? "!=" : "==") \(r(a)) \(r(b)) \(r(c))"
        case .negate(let a, let b): return "negate \(r(a)) \(r(b))"
        case .compoundLocal(let op, let a, let b): return "\(op.symbol)= \(r(a)) \(r(b))"
        case .compoundGlobal(let op, let s, let b): return "\(op.symbol)= \(g(s)) \(r(b))"
        case .addGlobal(let s, let b): return "+= \(g(s)) \(r(b))"
        case .jump(let t): return "jump \(to(t))"
        case .jumpIfFalse(let a, let t): return "jump-if-false \(r(a)) \(to(t))"
        case .jumpIfTrue(let a, let t): return "jump-if-true \(r(a)) \(to(t))"
        case .jumpIfNull(let a, let t): return "jump-if-nil \(r(a)) \(to(t))"
        case .jumpIfNotNull(let a, let t): return "jump-if-not-nil \(r(a)) \(to(t))"
        case .unwrapInto(let a, let b, let h, let t): return "\(h.verb)-unwrapped \(r(a)) \(r(b)) else \(to(t))"
        case .unwrapIntoBack(let a, let b, let h, let t): return "\(h.verb)-unwrapped \(r(a)) \(r(b)) again \(to(t))"
        case .jumpUnless(let op, let a, let b, let t): return "jump-unless \(r(a)) \(op.symbol) \(r(b)) \(to(t))"
        case .jumpUnlessIntConstant(let op, let a, let k, let t): return "jump-unless \(r(a)) \(op.symbol)-int \(k) \(to(t))"
        case .jumpUnlessConstant(let op, let a, let k, let t): return "jump-unless \(r(a)) \(op.symbol) \(bytecode.constants[Int(k)].debugDescription) \(to(t))"
        case .tick: return "tick"
        case .jumpIfMatches(let p, let s, let t): return "jump-if-matches \(r(p)) ~= \(r(s)) \(to(t))"
        case .jumpIfElement(let v, let k, let w, let t): return "jump-if-element \(variable(v))[\(r(k))] is \(w) \(to(t))"
        case .jumpIfCase(let s, let i, let t): return "jump-if-case \(r(s)) #\(i) \(to(t))"
        case .rangeLoopStart(let a, let b, let closed, let t): return "range-loop \(r(a)) \(closed ? "..." : "..<") \(r(b)) exit \(to(t))"
        case .rangeLoopNext(let a, let b, let t): return "range-next \(r(a)) \(r(b)) \(to(t))"
        case .sequenceLoopStart(let a, let b): return "sequence-loop \(r(a)) \(r(b))"
        case .sequenceLoopNext(let a, let s, let i, let t): return "sequence-next \(r(a)) \(r(s))[\(r(i))] exit \(to(t))"
        case .sequenceLoopAgain(let a, let s, let i, let t): return "sequence-next \(r(a)) \(r(s))[\(r(i))] again \(to(t))"
        case .subscriptGet(let a, let b, let c): return "get-element \(r(a)) \(r(b))[\(r(c))]"
        case .subscriptGetGlobal(let a, let s, let c): return "get-element \(r(a)) \(g(s))[\(r(c))]"
        case .subscriptSet(let v, let b, let c): return "set-element \(variable(v))[\(r(b))] \(r(c))"
        case .subscriptSetConstant(let v, let b, let k): return "set-element \(variable(v))[\(r(b))] \(bytecode.constants[Int(k)].debugDescription)"
        case .member(let a, let b, let n, let takes): return "member \(r(a)) \(takes ? "take " : "")\(r(b)).\(bytecode.names[Int(n)].text)"
        case .memberIfPresent(let a, let b, let n, let takes): return "member \(r(a)) \(takes ? "take " : "")\(r(b))?.\(bytecode.names[Int(n)].text)"
        case .lendMember(let a, let b, let n, let ifPresent): return "lend-member \(r(a)) \(r(b))\(ifPresent ? "?" : "").\(bytecode.names[Int(n)].text)"
        case .elementMember(let a, let v, let k, let n): return "element-member \(r(a)) \(variable(v))[\(r(k))].\(bytecode.names[Int(n)].text)"
        case .memberElement(let a, let v, let n, let k): return "member-element \(r(a)) \(variable(v)).\(bytecode.names[Int(n)].text)[\(r(k))]"
        case .memberOfMember(let a, let v, let o, let i):
            return "member-of-member \(r(a)) \(variable(v)).\(bytecode.names[Int(o)].text).\(bytecode.names[Int(i)].text)"
        case .makeArray(let a, let b, let n): return "array \(r(a)) \(args(b, n))"
        case .makeTuple(let a, let b, let n, let l):
            let labels = l < 0 ? "" : " labels (" + bytecode.labelLists[Int(l)].map { $0 ?? "_" }.joined(separator: " ") + ")"
            return "tuple \(r(a)) \(args(b, n))" + labels
        case .construct(let a, let t, let b, let n): return "construct \(r(a)) \(bytecode.types[Int(t)].name) \(args(b, n))"
        case .blank(let a, let t): return "blank \(r(a)) \(bytecode.types[Int(t)].name)"
        case .initialize(let a, let f, let b, let n): return "init \(r(a)) \(bytecode.functions[Int(f)].name) \(args(b, n))"
        case .unwrap(let a): return "unwrap \(r(a))"
        case .dictionaryGet(let a, let b, let c, let t): return "get-or-default \(r(a)) \(r(b))[\(r(c))] missing \(to(t))"
        case .callValue(let a, let c, let b, let n): return "call-value \(r(a)) \(r(c)) \(args(b, n))"
        case .make(let a, let m, let b, let n): return "make \(r(a)) \(bytecode.makers[Int(m)].title) \(args(b, n))"
        case .buildAppend(let a, let b): return "build-append \(r(a)) \(r(b))"
        case .fieldDefault(let a, let t, let i):
            let type = bytecode.types[Int(t)]
            return "field-default \(r(a)) \(type.name).\(Int(i) < type.fields.count ? type.fields[Int(i)].name : String(i))"
        case .parameterDefaultOf(let a, let c, let k): return "parameter-default \(r(a)) \(r(c)) \(k)"
        case .parameterDefault(let a, let f, let i): return "parameter-default \(r(a)) \(bytecode.functions[Int(f)].name) \(i)"
        case .makeRange(let a, let b, let c, let closed): return "range \(r(a)) \(r(b))\(closed ? "..." : "..<")\(r(c))"
        case .append(let v, let b): return "append \(variable(v)) \(r(b))"
        case .assignPlace(let k, let b): return "assign \(place(k)) \(r(b))"
        case .compoundPlace(let op, let k, let b): return "\(op.symbol)= \(place(k)) \(r(b))"
        case .callMutating(let a, let k, let m, let b, let n):
            return "call-mutating \(r(a)) \(place(k)).\(Self.signature(bytecode.methods[Int(m)].name.text, bytecode.methods[Int(m)].labels)) \(args(b, n))"
        case .call(let a, let f, let b, let n, let typed, let lent, let inPlace):
            return "\(typed ? "call-typed" : "call") \(r(a)) \(bytecode.functions[Int(f)].name) \(args(b, n))" + lending(b, n, lent) + (inPlace ? " in-place" : "")
        case .callTypedInPlace(let a, let f, let b, let n):
            return text(.call(a, function: f, base: b, count: n, typed: true, lent: 0, inPlace: true), at: pc)
        case .returnTypedClean(let a): return text(.return(a, typed: true, clean: true), at: pc)
        case .callGlobal(let a, let s, let b, let n): return "call \(r(a)) \(g(s)) \(args(b, n))"
        case .callMethod(let a, let recv, let m, let b, let n):
            return "call-method \(r(a)) \(r(recv)).\(Self.signature(bytecode.methods[Int(m)].name.text, bytecode.methods[Int(m)].labels)) \(args(b, n))"
                + lending(b, n, bytecode.methodCaches[Int(m)].lent)
        case .callBuiltin(let a, let k, let b, let n), .callNumeric(let a, let k, let b, let n):
            let name = if case .callNumeric = instruction { "call-numeric" } else { "call-builtin" }
            return "\(name) \(r(a)) \(Self.signature(bytecode.builtins[Int(k)].builtin.rawValue, bytecode.builtins[Int(k)].labels)) \(args(b, n))"
        case .return(let a, let typed, let clean):
            let value = a < -1 ? " " + bytecode.constants[Instruction.returnedConstant(a)].debugDescription : a < 0 ? "" : " \(r(a))"
            return (typed ? "return-typed" : "return") + value + (clean ? " clean" : "")
        case .coerce(let a, let k, let n): return "coerce \(r(a)) \(bytecode.strings[Int(n)]): \(bytecode.annotations[Int(k)].type)"
        case .assertType(let a, let k, let n): return "assert-type \(r(a)) \(bytecode.strings[Int(n)]): \(bytecode.annotations[Int(k)].type)"
        case .bind(let a, let k): return "bind \(r(a)) [\(bytecode.bindings[Int(k)].map(Self.binding).joined(separator: " "))]"
        case .jumpUnlessIs(let a, let k, let t): return "jump-unless-is \(r(a)) \(bytecode.typeTests[Int(k)]) \(to(t))"
        case .jumpIfPresent(let p, let k, let t): return "jump-if-present \(bytecode.paths[Int(p)].text)[\(r(k))] \(to(t))"
        case .jumpUnlessCase(let a, let i, let t): return "jump-unless-case \(r(a)) \(i) \(to(t))"
        case .unpackTuple(let a, let b, let n, let t): return "unpack-tuple \(args(a, n)) \(r(b)) else \(to(t))"
        case .payload(let a, let b, let n): return n < 0 ? "payload-tuple \(r(a)) \(r(b))" : "payload \(args(a, n)) \(r(b))"
        case .rethrow(let a): return "rethrow \(r(a))"
        case .jumpIndirect(let a): return "jump-indirect \(r(a))"
        case .openStore(let a, let t, let j): return "open-store \(r(a)) \(bytecode.types[Int(t)].name) unless-new \(j)"
        case .guardFellThrough: return "guard-fell-through"
        case .scalarLoop: return "scalar-loop"
        case .switchUnmatched(let a): return "switch-unmatched \(r(a))"
        }
    }

    /// An Int operation's name in a typed instruction: `add-int`, `subtract-int`, else its symbol (`*-int`, `%-int`).
    static func intName(_ op: ArithmeticOp) -> String {
        switch op {
        case .add: "add"
        case .subtract: "subtract"
        default: op.symbol
        }
    }

    static func signature(_ name: String, _ labels: [String?]) -> String {
        labels.isEmpty ? name : name + "(" + labels.map { ($0 ?? "_") + ":" }.joined() + ")"
    }

    static func binding(_ b: Binding) -> String {
        switch b {
        case .slot(let s): return "r\(s)"
        case .cell(let s): return "cell r\(s)"
        case .discard: return "_"
        }
    }
}

extension Handoff {
    /// How the printer names an unwrap's handoff (`move-unwrapped`, `take-unwrapped`, `lend-unwrapped`).
    var verb: String {
        switch self {
        case .copy: "move"
        case .take: "take"
        case .lend: "lend"
        }
    }
}
