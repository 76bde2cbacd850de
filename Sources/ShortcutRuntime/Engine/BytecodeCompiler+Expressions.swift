import ShortcutSyntax

extension BytecodeCompiler {
    /// `value(node)`, copied out of its variable's register when a later operand may change it.
    mutating func valueKeepingOrder(_ node: Node, before later: [Node]) -> Register {
        keptApart(value(node), from: later)
    }

    // MARK: Values

    /// A register holding the node's value: its own, for a local variable, else a new temporary.
    mutating func value(_ node: Node) -> Register {
        if case .local(let s) = node { return Register(s) }
        let t = temporary()
        value(node, into: t)
        return t
    }

    /// `xs.append(x)` on a variable's array, changed in place (`append`).
    mutating func appendInPlace(_ place: LValue, _ element: Node, _ range: SourceRange) {
        let e = value(element)
        site = range
        if let target = variable(place) { emit(.append(variable: target, e)) }
    }

    /// Compiles the node so its value ends up in `dst`.
    mutating func value(_ node: Node, into dst: Register) {
        switch node {
        case .constant(.int(let k)) where Int32(exactly: k) != nil:
            emit(.int(dst, Int32(k)))
        case .constant(.bool(let b)):
            emit(.bool(dst, b))
        case .constant(let v):
            emit(.constant(dst, constant(v)))
        case .local(let s):
            if Register(s) != dst { emit(.move(dst, Register(s))) }
        case .cell(let s):
            emit(.getCell(dst, Register(s)))
        case .global(let g):
            emit(.getGlobal(dst, Int32(g)))
        case .arithmetic(let op, let l, let r, let range):
            arithmetic(op, l, r, range, into: dst)
        case .arithmeticLocalInt(let op, let s, let k, let range):
            arithmetic(op, .local(s), .constant(.int(k)), range, into: dst)
        case .arithmeticLocals(let op, let a, let b, let range):
            arithmetic(op, .local(a), .local(b), range, into: dst)
        case .compare(let op, let l, let r, let range):
            comparison(op, l, r, range, into: dst)
        case .compareLocalInt(let op, let s, let k, let range):
            comparison(op, .local(s), .constant(.int(k)), range, into: dst)
        case .compareLocals(let op, let a, let b, let range):
            comparison(op, .local(a), .local(b), range, into: dst)
        case .equal(let l, let r, let negated) where kind(l) == .int && kind(r) == .int:
            let a = valueKeepingOrder(l, before: [r])
            let b = value(r)
            emit(.compareInt(negated ? .notEqual : .equal, dst, a, b))
        case .equal(let l, let r, let negated):
            let a = valueKeepingOrder(l, before: [r])
            let b = value(r)
            emit(.equal(dst, a, b, negated: negated))
        case .not, .and, .or:
            // A Bool made by the same jumps a condition uses (each side checked to be a Bool).
            let whenFalse = branch(node, .none, when: false)
            emit(.bool(dst, true))
            let end = emit(.jump(-1))
            patch(whenFalse, to: here)
            emit(.bool(dst, false))
            patch([end], to: here)
        case .negate(let operand, let range):
            let r = value(operand)
            site = range
            emit(.negate(dst, r))
        case .coalesce(let l, let r):
            let t = temporary()
            value(l, into: t)
            let present = emit(.jumpIfNotNull(t, -1))
            value(r, into: dst)
            let end = emit(.jump(-1))
            patch(present, to: here)
            emit(.move(dst, t))
            patch(end, to: here)
        case .ternary(let c, let t, let f, let range):
            let otherwise = branch(c, range, when: false)
            value(t, into: dst)
            let end = emit(.jump(-1))
            patch(otherwise, to: here)
            value(f, into: dst)
            patch(end, to: here)
        case .makeRange(let l, let r, let closed, let range):
            let a = valueKeepingOrder(l, before: [r])
            let b = value(r)
            site = range
            emit(.makeRange(dst, a, b, closed: closed))
        case .array(let elements):
            let base = arguments(elements)
            emit(.makeArray(dst, base, count: Int32(elements.count)))
        case .callFunction(let code, let args, let range):
            let base = arguments(args, of: code)
            site = range
            emit(.call(dst, function: output.functions.appendingIndex(code), base: base, count: Int32(args.count), typed: provesArguments(args, of: code), lent: 0, inPlace: false))
        case .callFunction1(let code, let arg, let range):
            let base = arguments([arg])
            site = range
            emit(.call(dst, function: output.functions.appendingIndex(code), base: base, count: 1, typed: provesArguments([arg], of: code), lent: 0, inPlace: false))
        case .callGlobal(let slot, let args, let range) where !args.contains(where: { $0 == nil }):
            let base = arguments(args.map { $0! })
            site = range
            emit(.callGlobal(dst, global: Int32(slot), base: base, count: Int32(args.count)))
        case .callMethod(let receiver, let name, let args, _, let range) where args.isEmpty && kind(receiver) == .double && Builtin(method: name.text) != nil:
            // `d.squareRoot()`, `d.rounded()` of a Double: its builtin's work, in the loop (`call-numeric`), on the
            // variable's own register where the receiver is one (read, never taken).
            let base = value(receiver)
            site = range
            emit(.callNumeric(dst, builtin: output.builtins.appendingIndex((Builtin(method: name.text).unsafelyUnwrapped, [nil])), base: base, count: 1))
        case .callMethod(let receiver, let name, let args, let labels, let range):
            let r = valueKeepingOrder(receiver, before: args)
            let base = arguments(args)
            site = range
            emit(.callMethod(dst, receiver: r, method: output.methods.appendingIndex((name, labels)), base: base, count: Int32(args.count)))
        case .callValue(let callee, let args, _, let range):
            let c = valueKeepingOrder(callee, before: args)
            let base = arguments(args)
            site = range
            emit(.callValue(dst, callee: c, base: base, count: Int32(args.count)))
        case .callBuiltin(let builtin, let args, let labels, let range):
            let numeric = builtin.isNumeric && (1...2).contains(args.count) && labels.allSatisfy({ $0 == nil })
            // `sqrt(d)`: one argument read from its variable's own register, as `d.squareRoot()`.
            let base = numeric && args.count == 1 ? value(args[0]) : arguments(args)
            site = range
            let index = output.builtins.appendingIndex((builtin, labels))
            emit(numeric ? .callNumeric(dst, builtin: index, base: base, count: Int32(args.count))
                         : .callBuiltin(dst, builtin: index, base: base, count: Int32(args.count)))
        case .appendToVariable(let place, let element, let range) where variable(place) != nil:
            appendInPlace(place, element, range)
            emit(.constant(dst, constant(.null)))
        case .appendToVariable(let place, let element, let range):
            // A captured variable: the general mutating call.
            value(.callMutating(place, Name("append"), [element], [nil], range), into: dst)
        case .callGlobal(let slot, let args, let range):
            // A parameter left out: its default is the function's in the slot, found when it runs.
            let callee = temporary()
            emit(.getGlobal(callee, Int32(slot)))
            let base = arguments(args, ofCallee: callee, site: range)
            site = range
            emit(.callValue(dst, callee: callee, base: base, count: Int32(args.count)))
        case .callView(let type, let args, let range) where type.code != nil:
            // A parameter left out (with every argument given it is a `make`, below).
            let base = arguments(args, of: type.code.unsafelyUnwrapped)
            site = range
            emit(.make(dst, maker: output.makers.appendingIndex(.viewCall(type, range)), base: base, count: Int32(args.count)))
        case .callMutating(let place, let name, let args, let labels, let range):
            site = range
            let (p, defaults) = self.place(place, before: args)
            let base = arguments(args)
            placeDefaults(defaults)
            site = range
            emit(.callMutating(dst, place: p, method: output.methods.appendingIndex((name, labels)), base: base, count: Int32(args.count)))
        case .member(.subscriptGet(let array, let key, let range), let name, _) where isPure(key) && variable(array) != nil:
            // `xs[i].x`: the element's field read where it is. The site is the subscript's, whose index may be out of
            // range (a field the checker proved is there).
            let k = value(key)
            site = range
            if let v = variable(array) { emit(.elementMember(dst, variable: v, key: k, name: output.names.appendingIndex(name))) }
        case .member(.member(let base, let outer, let range), let inner, _)
            where outer.isPureRead && inner.isPureRead && inner.kind.isNumberOrBool && variable(base) != nil:
            // `self.chars.count`, `p.position.x`: a number read where it is, the field between not copied. The site is
            // the outer read's, which is the one that can fail (a global read before it is set is nil).
            site = range
            if let v = variable(base) {
                emit(.memberOfMember(dst, variable: v, outer: output.names.appendingIndex(outer), inner: output.names.appendingIndex(inner)))
            }
        case .member(let base, let name, let range):
            let b = value(base)
            site = range
            emit(.member(dst, b, name: output.names.appendingIndex(name), takesBase: false))
        case .subscriptGet(.global(let g), let key, let range) where isPure(key):
            let k = value(key)
            site = range
            emit(.subscriptGetGlobal(dst, Int32(g), k))
        case .subscriptGet(.member(let base, let name, _), let key, let range) where isPure(key) && variable(base) != nil:
            // `self.items[i]`: the field's element read where it is; the site is the subscript's, as above.
            let k = value(key)
            site = range
            if let v = variable(base) { emit(.memberElement(dst, variable: v, name: output.names.appendingIndex(name), key: k)) }
        case .subscriptGet(let base, let key, let range):
            let b = valueKeepingOrder(base, before: [key])
            let k = value(key)
            site = range
            emit(.subscriptGet(dst, b, k))
        case .optionalChain(let inner):
            optionalChain(inner, into: dst)
        case .tryOptional(let inner):
            // `try? x`: a thrown error makes the value nil (`Bytecode.handlers`); any other goes on.
            value(inner, into: dst, inRegion: .tryOptional(dst))
        case .keepingError(let inner):
            // `async let x = try await f()`: a thrown error is kept as the value, for a read to throw (`rethrowing`).
            value(inner, into: dst, inRegion: .keepError(dst))
        case .rethrowing(let inner):
            value(inner, into: dst)
            emit(.rethrow(dst))
        case .tryForced(let inner, let range):
            // `try! x`: a thrown error becomes a runtime error, which no `catch` takes (`Bytecode.handlers`).
            value(inner, into: dst, inRegion: .tryForced(range))
        case .forceUnwrap(let base, let range):
            value(base, into: dst)
            site = range
            emit(.unwrap(dst))
        case .bindOptional(let base, _):
            // Outside a chain's spine (the resolver puts it there): nil goes on as nil.
            value(base, into: dst)
        case .subscriptDefault(let base, let key, let fallback, let range):
            dictionaryDefault(base, key, fallback, range, into: dst)
        case .tuple(let elements):
            tuple(elements, labels: nil, into: dst)
        case .labeledTuple(let elements, let labels):
            tuple(elements, labels: labels, into: dst)
        case .construct(let type, let args, let range):
            construct(type, args, range, into: dst)
        case .initRecord(let type, let initializer, let args, let range):
            initialize(type, initializer, args, range, into: dst)
        case .initEnum(_, let initializer, let args, let range):
            initialize(nil, initializer, args, range, into: dst)
        case .storeInit(let type, let initializer, let args, let range):
            storeInit(type, initializer, args, range, into: dst)
        case .build(let slot, let statements):
            emit(.constant(Register(slot), constant(.array([]))))
            self.statements(statements)
            emit(.move(dst, Register(slot)))
        default:
            if let (maker, operands) = node.maker {
                let base = arguments(operands.compactMap { $0 })
                emit(.make(dst, maker: output.makers.appendingIndex(maker), base: base, count: Int32(operands.count { $0 != nil })))
            } else {
                emit(.constant(dst, constant(.null)))   // a view declared without a body
            }
        }
    }

    /// Evaluates the nodes into consecutive new registers; returns the first.
    mutating func arguments(_ nodes: [Node]) -> Register {
        let base = nextTemporary
        let registers = nodes.map { _ in temporary() }
        for (node, r) in zip(nodes, registers) { value(node, into: r) }
        return base
    }

    mutating func arithmetic(_ op: ArithmeticOp, _ l: Node, _ r: Node, _ range: SourceRange, into dst: Register) {
        let (kl, kr) = (kind(l), kind(r))
        // A Double and a constant: the constant an operand of the instruction (not loaded into a register). On the
        // left only where the operation commutes (`2.0 * x`): exactly, as neither is a NaN's payload to keep.
        if kl == .double, kr == .double, op.isNumeric {
            var operands: (other: Node, k: Double)?
            if case .constant(.double(let k)) = r, !k.isNaN {
                operands = (l, k)
            } else if op == .add || op == .multiply, case .constant(.double(let k)) = l, !k.isNaN {
                operands = (r, k)
            }
            if let (other, k) = operands {
                let b = value(other)
                site = range
                switch op {
                case .add: emit(.addDoubleConstant(dst, b, constant: constant(.double(k))))
                case .subtract: emit(.addDoubleConstant(dst, b, constant: constant(.double(-k))))
                case .multiply: emit(.multiplyDoubleConstant(dst, b, constant: constant(.double(k))))
                default: emit(.arithmeticDoubleConstant(op, dst, b, constant: constant(.double(k))))
                }
                return
            }
        }
        let a = valueKeepingOrder(l, before: [r])
        // An Int constant on the right: its instruction whatever the left is (a field read has no kind here), as
        // each takes the general path, with the same two values, for anything but an Int on the left.
        if case .constant(.int(let k)) = r, let k32 = Int32(exactly: k) {
            site = range
            emit(.int(op, dst, a, constant: k32))
            return
        }
        let b = value(r)
        site = range
        if kl == .int, kr == .int {
            emit(.int(op, dst, a, b))
        } else if kl == .double, kr == .double, let instruction = Instruction.double(op, dst, a, b) {
            emit(instruction)
        } else {
            emit(.arithmetic(op, dst, a, b))
        }
    }

    mutating func comparison(_ op: ComparisonOp, _ l: Node, _ r: Node, _ range: SourceRange, into dst: Register) {
        let typed = kind(l) == .int && kind(r) == .int
        let a = valueKeepingOrder(l, before: [r])
        let b = value(r)
        site = range
        emit(typed ? .compareInt(IntTest(op), dst, a, b) : .compare(op, dst, a, b))
    }

    /// The jumps taken when the condition is `value` (false, for an `if`'s test), to be pointed at one
    /// place. `!`, `&&` and `||` become jumps, not Bools; an operand that is not a Bool is an error at the
    /// operator's site. Int comparisons are fused into the jump.
    mutating func branch(_ node: Node, _ range: SourceRange, when value: Bool) -> [Int] {
        switch node {
        case .not(let inner, let notRange):
            return branch(inner, notRange, when: !value)
        case .and(let l, let r, let andRange) where !value, .or(let l, let r, let andRange) where value:
            // `a && b` is false when either is; `a || b` true when either is.
            return branch(l, andRange, when: value) + branch(r, andRange, when: value)
        case .and(let l, let r, let andRange), .or(let l, let r, let andRange):
            // `a && b` is true when a is and then b is; `a || b` false when a is not and then b is not.
            let decided = branch(l, andRange, when: !value)
            let jumps = branch(r, andRange, when: value)
            patch(decided, to: here)
            return jumps
        case .constant(.bool(let b)):
            // `while true`: nothing to test (a jump always, or never).
            site = range
            return b == value ? [emit(.jump(-1))] : []
        default:
            if case .subscriptGet(let base, let key, let subscriptRange) = node, isPure(key), let v = variable(base) {
                // `if flags[i]`: the element tested where it is (the site is the subscript's, whose index may be out of range).
                let k = self.value(key)
                site = subscriptRange
                return [emit(.jumpIfElement(variable: v, key: k, when: value, -1))]
            }
            if let test = intTest(node, negated: value) {
                return [branch(unless: test.test, test.l, test.r, test.site)]
            }
            let r = self.value(node)
            site = range
            return [emit(value ? .jumpIfTrue(r, -1) : .jumpIfFalse(r, -1))]
        }
    }

    /// The node as a comparison a fused compare-and-jump makes (negated, to jump when it holds): of two proven
    /// Ints, or — the instruction has a Double path and takes the general path for any other values — `==`/`!=`
    /// of any operands, and an ordering of any operands when it need not be negated (`!(a < b)` is not `a >= b`
    /// for a NaN).
    func intTest(_ node: Node, negated: Bool) -> (test: IntTest, l: Node, r: Node, site: SourceRange)? {
        var found: (test: IntTest, l: Node, r: Node, site: SourceRange)?
        switch node {
        case .compare(let op, let l, let r, let opRange) where !negated || (kind(l) == .int && kind(r) == .int):
            found = (IntTest(op), l, r, opRange)
        case .equal(let l, let r, let isNotEqual):
            found = (isNotEqual ? .notEqual : .equal, l, r, .none)
        case .compareLocalInt(let op, let s, let k, let opRange) where kind(.local(s)) == .int:
            found = (IntTest(op), .local(s), .constant(.int(k)), opRange)
        case .compareLocals(let op, let a, let b, let opRange) where kind(.local(a)) == .int && kind(.local(b)) == .int:
            found = (IntTest(op), .local(a), .local(b), opRange)
        default:
            return nil
        }
        if negated, let f = found { found = (f.test.negated, f.l, f.r, f.site) }
        return found
    }

    /// `if a < b`: one fused compare-and-jump, taken unless the test holds; a constant Int, Double or string on the
    /// right is an operand of the instruction.
    mutating func branch(unless test: IntTest, _ l: Node, _ r: Node, _ range: SourceRange) -> Int {
        let a = valueKeepingOrder(l, before: [r])
        if case .constant(.int(let k)) = r, let k32 = Int32(exactly: k) {
            site = range
            return emit(.jumpUnlessIntConstant(test, a, k32, -1))
        }
        switch r {
        case .constant(.null) where test == .equal || test == .notEqual:
            // `x == nil`: nothing but nil equals nil.
            site = range
            return emit(test == .equal ? .jumpIfNotNull(a, -1) : .jumpIfNull(a, -1))
        case .constant(.double(let k)):
            site = range
            return emit(.jumpUnlessConstant(test, a, constant: constant(.double(k)), -1))
        case .constant(.string(let k)) where test == .equal || test == .notEqual:
            site = range
            return emit(.jumpUnlessConstant(test, a, constant: constant(.string(k)), -1))
        default:
            break
        }
        let b = self.value(r)
        site = range
        return emit(.jumpUnless(test, a, b, -1))
    }
}

extension ArithmeticOp {
    /// `+ - * / %`: defined on Doubles too (the bitwise ones are Int only).
    @inline(__always)
    var isNumeric: Bool {
        switch self {
        case .add, .subtract, .multiply, .divide, .remainder: return true
        default: return false
        }
    }
}

extension BytecodeCompiler {
    /// `inner`'s value into `dst`, in an error region of its own (`Handler`) that ends at an instruction of its own (a jump
    /// to the next): the search for an outer region goes on from there.
    mutating func value(_ inner: Node, into dst: Register, inRegion action: Handler.Action) {
        let start = Int(here)
        value(inner, into: dst)
        let end = emit(.jump(-1))
        patch(end, to: here)
        output.handlers.append(Handler(start: start, end: end, target: Int(here), action: action))
    }
}
