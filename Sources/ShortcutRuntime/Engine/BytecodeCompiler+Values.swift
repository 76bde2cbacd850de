import ShortcutSyntax

/// Values made by instructions of their own: optional chains, unwraps, tuples, structs and classes.
extension BytecodeCompiler {
    mutating func temporary() -> Register {
        let r = nextTemporary
        nextTemporary = nextTemporary + 1
        highestTemporary = max(highestTemporary, nextTemporary)
        output.registerCount = max(output.registerCount, Int(nextTemporary))
        return r
    }

    mutating func constant(_ v: Value) -> Int32 {
        output.constants.appendingIndex(v)
    }

    /// The end of a statement: its temporaries are free again; where variables keep their values to the end of their
    /// scope (`CodeOptions.keepsVariables`), what they held is let go of here, as Swift lets go of a statement's
    /// temporary values — else a `weak` reference would still see an instance only a finished statement held — and
    /// then the `deinit`s of the instances that went run (`CodeOptions.runsDeinitializers`).
    mutating func endStatement(from mark: Register, outer: Register) {
        if code.codeOptions.keepsVariables, mark < highestTemporary {
            let none = constant(.null)
            for i in Int(mark)..<Int(highestTemporary) { emit(.constant(Register(i), none)) }
        }
        if code.codeOptions.runsDeinitializers {
            nextTemporary = mark
            _ = value(.callBuiltin(.deinitializers, [], [], site))
        }
        highestTemporary = max(outer, highestTemporary)
        nextTemporary = mark
    }

    /// `a?.b.c()`: the chain's spine, each `?` a jump to nil when its value is nil (the resolver marks each
    /// `?` with `.bindOptional`), so the rest of the chain, arguments included, is not evaluated, as in Swift.
    mutating func optionalChain(_ inner: Node, into dst: Register) {
        // `x?.next` of a variable: one instruction, nil when `x` is (the jump, the member and the nil fused).
        if case .member(.bindOptional(let base, _), let name, let range) = inner, { if case .local = base { true } else if case .global = base { true } else { false } }() {
            let b = value(base)
            site = range
            emit(.memberIfPresent(dst, b, name: output.names.appendingIndex(name), takesBase: false))
            return
        }
        var exits: [Int] = []
        let r = chainLink(inner, &exits, into: dst)
        if r != dst { emit(.move(dst, r)) }
        let end = emit(.jump(-1))
        patch(exits, to: here)
        emit(.constant(dst, constant(.null)))
        patch([end], to: here)
    }

    /// A link of a chain: its base first, and the rest only when the base is there; its value in `dst` when
    /// given (the chain's last link, read after every operand).
    mutating func chainLink(_ node: Node, _ exits: inout [Int], into dst: Register? = nil) -> Register {
        switch node {
        case .bindOptional(let base, _):
            let r = chainLink(base, &exits)
            exits.append(emit(.jumpIfNull(r, -1)))
            return r
        case .member(let base, let name, let range):
            let b = chainLink(base, &exits)
            let t = dst ?? temporary()
            site = range
            emit(.member(t, b, name: output.names.appendingIndex(name), takesBase: false))
            return t
        case .forceUnwrap(let base, let range):
            let b = chainLink(base, &exits)
            site = range
            emit(.unwrap(b))
            return b
        case .subscriptGet(let base, let key, let range):
            let b = keptApart(chainLink(base, &exits), from: [key])
            let k = value(key)
            let t = dst ?? temporary()
            site = range
            emit(.subscriptGet(t, b, k))
            return t
        case .callMethod(let receiver, let name, let args, let labels, let range):
            let r = keptApart(chainLink(receiver, &exits), from: args)
            let base = arguments(args)
            let t = dst ?? temporary()
            site = range
            emit(.callMethod(t, receiver: r, method: output.methods.appendingIndex((name, labels)), base: base, count: Int32(args.count)))
            return t
        case .callValue(let callee, let args, _, let range):
            let c = keptApart(chainLink(callee, &exits), from: args)
            // `optional.map(f)` is `f(optional?)`: an argument bound in the chain, and no call when it is nil.
            let base = nextTemporary
            let registers = args.map { _ in temporary() }
            for (node, r) in zip(args, registers) {
                if case .bindOptional = node {
                    let v = chainLink(node, &exits)
                    if v != r { emit(.move(r, v)) }
                } else {
                    value(node, into: r)
                }
            }
            let t = dst ?? temporary()
            site = range
            emit(.callValue(t, callee: c, base: base, count: Int32(args.count)))
            return t
        case .modify(let view, let call, let args, let range):
            // The view and the modifier's arguments in consecutive registers, as `make` takes them.
            let v = chainLink(view, &exits)
            let base = temporary()
            emit(.move(base, v))
            _ = arguments(args)
            let t = dst ?? temporary()
            site = range
            emit(.make(t, maker: output.makers.appendingIndex(.modifier(call, range)), base: base, count: Int32(args.count + 1)))
            return t
        default:
            return value(node)
        }
    }

    /// The register, copied into a temporary when it is a variable's and evaluating `later` may change it.
    mutating func keptApart(_ r: Register, from later: [Node]) -> Register {
        guard r < Register(code.frameSize), later.contains(where: { mayWriteSlots($0) }) else { return r }
        let t = temporary()
        emit(.move(t, r))
        return t
    }

    /// `d[key, default: value]`: the default computed only when the key is missing.
    mutating func dictionaryDefault(_ base: Node, _ key: Node, _ fallback: Node, _ range: SourceRange, into dst: Register) {
        let b = valueKeepingOrder(base, before: [key])
        let k = value(key)
        site = range
        let missing = emit(.dictionaryGet(dst, b, k, missing: -1))
        let end = emit(.jump(-1))
        patch(missing, to: here)
        value(fallback, into: dst)
        patch(end, to: here)
    }

    mutating func tuple(_ elements: [Node], labels: [String?]?, into dst: Register) {
        let base = arguments(elements)
        let list = labels.map { output.labelLists.appendingIndex($0) } ?? -1
        emit(.makeTuple(dst, base, count: Int32(elements.count), labels: list))
    }

    /// `Type(a, b)` by its memberwise initializer, as Swift's: the arguments given, in order; then the
    /// defaults of the fields left out (found when it runs: the type may be resolved after this code).
    mutating func construct(_ type: RecordType, _ args: [Node?], _ range: SourceRange, into dst: Register) {
        let t = output.types.appendingIndex(type)
        let base = nextTemporary
        let registers = args.map { _ in temporary() }
        for (a, r) in zip(args, registers) { if let a { value(a, into: r) } }
        for (i, r) in registers.enumerated() where args[i] == nil { emit(.fieldDefault(r, type: t, field: Int32(i))) }
        site = range
        emit(.construct(dst, type: t, base: base, count: Int32(args.count)))
    }

    /// `Store(…)`: the store's one instance; its `init` runs (arguments first) only when it is made afresh.
    mutating func storeInit(_ type: RecordType, _ initializer: FunctionCode, _ args: [Node?], _ range: SourceRange, into dst: Register) {
        let made = temporary()
        site = range
        let open = emit(.openStore(made, type: output.types.appendingIndex(type), unlessNew: -1))
        let base = arguments(args, of: initializer)
        site = range
        emit(.initialize(made, function: output.functions.appendingIndex(initializer), base: base, count: Int32(args.count)))
        patch(open, to: here)
        emit(.move(dst, made))
    }

    /// The arguments of a call of `function` into new registers, in order — a parameter's default where one
    /// is left out, computed in its turn; the first register.
    mutating func arguments(_ args: [Node?], of function: FunctionCode) -> Register {
        let f = output.functions.appendingIndex(function)
        return arguments(args, defaultSite: nil) { r, i in .parameterDefault(r, function: f, parameter: i) }
    }

    /// The same, for a function found when the call runs (the value in `callee`), the call's site on its default.
    mutating func arguments(_ args: [Node?], ofCallee callee: Register, site range: SourceRange) -> Register {
        arguments(args, defaultSite: range) { r, i in .parameterDefaultOf(r, callee: callee, parameter: i) }
    }

    /// Arguments into new registers, `leftOut` making the instruction that finds a missing one's default
    /// (at `defaultSite` when given: where its errors point).
    private mutating func arguments(_ args: [Node?], defaultSite: SourceRange?, leftOut: (Register, Int32) -> Instruction) -> Register {
        let base = nextTemporary
        let registers = args.map { _ in temporary() }
        for (i, (a, r)) in zip(args, registers).enumerated() {
            if let a {
                value(a, into: r)
            } else {
                if let defaultSite { site = defaultSite }
                emit(leftOut(r, Int32(i)))
            }
        }
        return base
    }

    /// `Type(…)` by an `init`, as Swift runs it: the arguments (a parameter's default where one is left
    /// out), then a value of a struct's or class's field defaults (nil for an enum's `init`), then the `init` on it.
    mutating func initialize(_ type: RecordType?, _ initializer: FunctionCode, _ args: [Node?], _ range: SourceRange, into dst: Register) {
        let base = arguments(args, of: initializer)
        let made = temporary()
        site = range
        if let type { emit(.blank(made, type: output.types.appendingIndex(type))) } else { emit(.constant(made, constant(.null))) }
        emit(.initialize(made, function: output.functions.appendingIndex(initializer), base: base, count: Int32(args.count)))
        emit(.move(dst, made))
    }
}
