import ShortcutSyntax

/// Compiles a function's resolved code (`FunctionCode.body`) to register bytecode.
///
/// - Registers: the IR's slots keep their numbers; temporaries are allocated above them as a stack (`temporary()`,
///   released by resetting `nextTemporary`), so a call's arguments sit in consecutive registers and the frame's size is known.
/// - Types: `Kind` is what the checker proved of a value (Int, Double, Bool) where the IR shows it —
///   literals, parameters and variables with their proven types, arithmetic on them, calls of functions
///   that return them. It picks typed instructions; it never changes what a program means.
/// - Control: loops and branches are jumps; `do`, `try?` and `defer` are regions whose errors the VM hands
///   to code of the same function (`Handler`).
struct BytecodeCompiler {
    /// What the checker proved of a value: a scalar's type, or an array of a scalar type (whose elements a `for … in`
    /// binds with that kind).
    indirect enum Kind: Equatable {
        case int, double, bool, unknown
        case array(Kind)
    }

    let code: FunctionCode
    var output = Bytecode.Tables()
    var nextTemporary: Register
    /// Past the highest temporary the statement being compiled has taken (`endStatement`).
    var highestTemporary: Register
    var slotKinds: [Kind]
    /// Enclosing loops and switches, innermost last: where `break` and `continue` go.
    var controls: [Control] = []
    /// The site of the instructions being emitted.
    var site: SourceRange
    /// `defer` scopes around the code being emitted, innermost last (`BytecodeCompiler+Cleanups`).
    var cleanups: [Cleanup] = []

    struct Control {
        let isLoop: Bool
        /// How many `defer` scopes were open around the loop or switch: a jump out of it runs the cleanups of the others.
        var cleanupDepth = 0
        /// The jumps to point at the exit, and at the continue target.
        var breaks: [Int] = []
        var continues: [Int] = []
        /// A switch's: the `fallthrough` jumps of the case being compiled, to point at the next case's body.
        var fallthroughs: [Int] = []
    }

    /// Compiles `code`'s body.
    static func compile(_ code: FunctionCode) -> Bytecode {
        var compiler = BytecodeCompiler(code: code)
        compiler.compileBody()
        compiler.threadJumps()
        if !code.codeOptions.keepsVariables, !code.codeOptions.keepsSlots { compiler.takeLastUses() }
        compiler.takeTemporaries()
        compiler.lendArguments()
        let lending = compiler.lendRegisters()   // first: the masks are worked out on the code it rewrites
        let (registers, flow) = compiler.referenceRegisters(lending: lending)
        compiler.output.referenceRegisters = registers
        compiler.markCleanReturns()
        compiler.placeFramesAtArguments(flow)
        compiler.output.borrowsSelf = compiler.borrowsSelf()
        compiler.output.keepsParameters = compiler.keepsParameters()
        compiler.checkScalarDestinations()   // after every rewrite of registers: it proves where a store need not look
        compiler.specializeCallsAndReturns()   // the analyses above read `call` and `return` alone
        compiler.entersScalarLoop()   // last: it moves every instruction
        return Bytecode(compiler.output)
    }

    private init(code: FunctionCode) {
        self.code = code
        self.site = code.range
        nextTemporary = Register(code.frameSize)
        highestTemporary = nextTemporary
        slotKinds = Array(repeating: .unknown, count: code.frameSize)
        let base = code.hasSelf ? 1 : 0
        for (i, kind) in code.parameterKinds.enumerated() where base + i < slotKinds.count {
            slotKinds[base + i] = Kind(kind)
            // An array parameter's elements (`_ xs: [Int]`): a hint for the typed instructions, which check as they go.
            if kind == .other, let type = code.parameterChecks[i] { slotKinds[base + i] = Kind(type) }
        }
        output.registerCount = code.frameSize
        output.firstTemporary = code.frameSize
    }

    private mutating func compileBody() {
        if let expression = code.expressionBody {
            returnValue(expression)
        } else {
            statements(code.body)
            returnFromFunction(-1)
        }
    }

    // MARK: Emitting

    @discardableResult
    mutating func emit(_ instruction: Instruction) -> Int {
        output.instructions.append(instruction)
        output.sites.append(site)
        return output.instructions.count - 1
    }

    /// The index the next instruction will have: a jump target.
    var here: Int32 { Int32(output.instructions.count) }

    /// Points each of the jumps at `target`.
    mutating func patch(_ indices: [Int], to target: Int32) {
        for i in indices { patch(i, to: target) }
    }

    /// Points the jump at `index` at `target`.
    mutating func patch(_ index: Int, to target: Int32, asContinue: Bool = false) {
        guard let jump = BytecodeCompiler.retargeted(output.instructions[index], { _ in target }) else {
            preconditionFailure("patching an instruction that does not jump")
        }
        output.instructions[index] = jump
    }

    /// The instruction with its jump target changed by `change` (which sees the old one), or nil when it does not jump
    /// (`jump-indirect` goes where a register says: to an index, never an offset).
    static func retargeted(_ instruction: Instruction, _ change: (Int32) -> Int32) -> Instruction? {
        switch instruction {
        case .jump(let t): .jump(change(t))
        case .jumpIfFalse(let r, let t): .jumpIfFalse(r, change(t))
        case .jumpIfTrue(let r, let t): .jumpIfTrue(r, change(t))
        case .jumpIfNull(let r, let t): .jumpIfNull(r, change(t))
        case .jumpIfNotNull(let r, let t): .jumpIfNotNull(r, change(t))
        case .unwrapInto(let a, let b, let handoff, let t): .unwrapInto(a, b, handoff, change(t))
        case .unwrapIntoBack(let a, let b, let handoff, let t): .unwrapIntoBack(a, b, handoff, change(t))
        case .jumpUnless(let op, let a, let b, let t): .jumpUnless(op, a, b, change(t))
        case .jumpUnlessIntConstant(let op, let a, let k, let t): .jumpUnlessIntConstant(op, a, k, change(t))
        case .jumpUnlessConstant(let op, let a, let k, let t): .jumpUnlessConstant(op, a, constant: k, change(t))
        case .jumpIfMatches(let p, let s, let t): .jumpIfMatches(p, s, change(t))
        case .jumpIfElement(let v, let k, let w, let t): .jumpIfElement(variable: v, key: k, when: w, change(t))
        case .dictionaryGet(let a, let b, let c, let t): .dictionaryGet(a, b, c, missing: change(t))
        case .openStore(let a, let type, let t): .openStore(a, type: type, unlessNew: change(t))
        case .jumpIfCase(let s, let i, let t): .jumpIfCase(s, index: i, change(t))
        case .jumpIfPresent(let p, let k, let t): .jumpIfPresent(path: p, key: k, change(t))
        case .jumpUnlessCase(let s, let i, let t): .jumpUnlessCase(s, index: i, change(t))
        case .jumpUnlessIs(let s, let type, let t): .jumpUnlessIs(s, type: type, change(t))
        case .unpackTuple(let a, let s, let n, let t): .unpackTuple(a, s, count: n, orElse: change(t))
        case .rangeLoopStart(let a, let b, let closed, let t): .rangeLoopStart(a, b, closed: closed, exit: change(t))
        case .rangeLoopNext(let a, let b, let t): .rangeLoopNext(a, b, loop: change(t))
        case .sequenceLoopNext(let a, let s, let i, let t): .sequenceLoopNext(a, sequence: s, index: i, exit: change(t))
        case .sequenceLoopAgain(let a, let s, let i, let t): .sequenceLoopAgain(a, sequence: s, index: i, loop: change(t))
        default: nil
        }
    }

    // MARK: Statements

    mutating func statements(_ list: [Statement]) {
        for s in list { statement(s) }
    }

    mutating func statement(_ s: Statement) {
        let mark = nextTemporary, outer = highestTemporary
        highestTemporary = mark
        defer { endStatement(from: mark, outer: outer) }
        switch s {
        case .expression(.appendToVariable(let place, let element, let range)) where variable(place) != nil:
            appendInPlace(place, element, range)   // a statement: its `()` goes nowhere
        case .expression(let node):
            _ = value(node)
        case .show(let node, _):
            let r = value(node)
            emit(.make(temporary(), maker: output.makers.appendingIndex(.show), base: r, count: 1))
        case .throw(let node, let range):
            let r = value(node)
            site = range
            emit(.make(temporary(), maker: output.makers.appendingIndex(.throwing(range)), base: r, count: 1))
        case .buildAppend(let slot, let node, let range):
            let child = value(node)
            site = range
            emit(.buildAppend(Register(slot), child))
        case .initLocal(let slot, let node, let annotation, let name, let range):
            value(node, into: Register(slot))
            site = range
            check(Register(slot), annotation, name, of: node)
            slotKinds[slot] = annotation.map { Kind($0.type) } ?? .unknown
        case .initCell(let slot, let node, let annotation, let name, let range):
            // The cell exists before the value is computed, so a local function can call itself.
            emit(.newCell(Register(slot)))
            let r = temporary()
            value(node, into: r)
            site = range
            check(r, annotation, name, of: node)
            emit(.setCell(Register(slot), r))
        case .destructure(let bindings, let node, let range):
            let r = value(node)
            site = range
            bind(bindings, r)
        case .initGlobal(let slot, let node, let annotation, let name, let range):
            let r = value(node)
            site = range
            check(r, annotation, name, of: node)
            emit(.setGlobal(Int32(slot), r))
        case .assign(.local(let s), let node, _):
            if isSingleStep(node) { value(node, into: Register(s)) } else { emit(.move(Register(s), value(node))) }
        case .assign(.global(let g), let node, _):
            emit(.setGlobal(Int32(g), value(node)))
        case .assign(.subscript(let base, let index, let range), let node, _) where variable(base) != nil:
            // As Swift: the index, then the value.
            let i = valueKeepingOrder(index, before: [node])
            // A constant (`flags[k] = false`) is the instruction's operand.
            if case .constant(let k) = node, let target = variable(base) {
                site = range
                emit(.subscriptSetConstant(variable: target, i, constant: constant(k)))
                return
            }
            let v = value(node)
            site = range
            if let target = variable(base) { emit(.subscriptSet(variable: target, i, v)) }
        case .assign(.cell(let s), let node, _):
            emit(.setCell(Register(s), value(node)))
        case .assign(let place, let node, let range):
            site = range
            let (p, defaults) = self.place(place, before: [node])
            let v = value(node)
            placeDefaults(defaults)
            site = range
            emit(.assignPlace(place: p, v))
        case .compoundAssign(.local(let s), let op, let node, let range):
            compound(op, slot: s, node, range)
        case .compoundAssign(.global(let g), let op, let node, let range):
            let r = value(node)
            site = range
            emit(op == .add ? .addGlobal(Int32(g), r) : .compoundGlobal(op, Int32(g), r))
        case .compoundAssign(let place, let op, let node, let range):
            site = range
            let (p, defaults) = self.place(place, before: [node])
            let v = value(node)
            placeDefaults(defaults)
            site = range
            emit(.compoundPlace(op, place: p, v))
        case .if(let c, let then, let otherwise, let range):
            let skip = branch(c, range, when: false)
            statements(then)
            if otherwise.isEmpty {
                patch(skip, to: here)
            } else {
                let end = emit(.jump(-1))
                patch(skip, to: here)
                statements(otherwise)
                patch(end, to: here)
            }
        case .ifConditions(let conditions, let then, let otherwise):
            let exits = test(conditions)
            statements(then)
            let end = emit(.jump(-1))
            for e in exits { patch(e, to: here) }
            statements(otherwise)
            patch(end, to: here)
        case .guard(let conditions, let elseBody, let range):
            // The last condition jumps past the `else` when it holds (a `guard let`'s binding made there): no jump
            // over the `else` on the way that goes on.
            var exits = test(conditions.dropLast())
            var pass: [Int] = []
            var binding: (Binding, Register, ScriptType?)?
            switch conditions.last {
            case .test(let node, let testRange)?:
                pass = branch(node, testRange, when: true)
            case .bind(let b, let node, let type)?:
                let r = value(node)
                pass = [emit(.jumpIfNotNull(r, -1))]
                binding = (b, r, type)
            case .match?, nil:
                exits += test(conditions.suffix(1))
                pass = [emit(.jump(-1))]
            }
            for e in exits { patch(e, to: here) }
            statements(elseBody)
            site = range
            emit(.guardFellThrough)
            patch(pass, to: here)
            if let (b, r, type) = binding { bind(b, r, type) }
        case .while(let conditions, let body):
            if let tests = Self.plainTests(conditions) { return testedAtTheBottom(tests, body) }
            if conditions.count == 1, case .bind(.slot(let s), .local(let v), let type) = conditions[0], s != v {
                return unwrappedAtTheBottom(slot: s, from: v, type, body)
            }
            // Each turn after the first is counted by the `jump` back (a `while` loop's without a site: `loop`).
            let top = here
            let exits = test(conditions)
            loop(body, continueTo: top, exits: exits)
        case .repeatWhile(let body, let c, let range):
            // The test at the bottom jumps back when it holds, counting the turn (a fused test where it can be one).
            let top = here
            openControl(isLoop: true)
            statements(body)
            let condition = here
            patch(branch(c, range, when: true), to: top)
            close(continueTo: condition)
        case .forRange(let binding, let lo, let hi, let closed, let body, let range):
            rangeLoop(binding, lo, hi, closed, body, range)
        case .forEach(let bindings, .makeRange(let lo, let hi, let closed, let rangeSite), let whereNode, let body, let range)
            where bindings.count == 1:
            rangeLoop(bindings[0], lo, hi, closed, where: whereNode, body, range, rangeSite: rangeSite)
        case .forEach(let bindings, let sequence, let whereNode, let body, let range):
            sequenceLoop(bindings, sequence, whereNode, body, range)
        case .switch(let subject, let cases, let range):
            switchStatement(subject, cases, range)
        case .return(let node?, _):
            returnValue(node)
        case .return(nil, _):
            returnFromFunction(-1)
        case .break(let levels):
            jumpOut(continuing: false, levels: levels)
        case .continue(let levels):
            jumpOut(continuing: true, levels: levels)
        case .fallthrough:
            // To the innermost switch's next case: out of the loops and `defer` scopes between.
            guard let target = controls.lastIndex(where: { !$0.isLoop }) else { return }
            runCleanups(downTo: controls[target].cleanupDepth)
            controls[target].fallthroughs.append(emit(.jump(-1)))
        case .block(let body):
            statements(body)
        case .doCatch(let body, let clauses):
            doCatch(body, clauses)
        case .deferred(let body, let cleanup):
            deferred(body, cleanup)
        }
    }

    /// `return value`; a conditional's branches each return their own value.
    mutating func returnValue(_ node: Node) {
        let mark = nextTemporary
        defer { nextTemporary = mark }
        if case .ternary(let c, let t, let f, let range) = node {
            let otherwise = branch(c, range, when: false)
            returnValue(t)
            patch(otherwise, to: here)
            returnValue(f)
        } else if case .constant(let v) = node, cleanups.isEmpty, code.inoutReads.isEmpty {
            emit(.returnConstant(constant(v), typed: returnsDeclaredType(node)))
        } else {
            returnFromFunction(value(node), typed: returnsDeclaredType(node))
        }
    }

    /// `break`/`continue`: to the innermost loop or switch (`continue`: loop), or the one `levels` further out.
    mutating func jumpOut(continuing: Bool, levels: Int? = nil) {
        var target = continuing ? controls.lastIndex(where: \.isLoop) : controls.indices.last
        if let levels, controls.indices.contains(controls.count - 1 - levels) { target = controls.count - 1 - levels }
        guard let target else { return }
        runCleanups(downTo: controls[target].cleanupDepth)
        let i = emit(.jump(-1))
        if continuing { controls[target].continues.append(i) } else { controls[target].breaks.append(i) }
    }

    /// Ends the innermost loop or switch: its breaks go here, its continues to `continueTo`.
    mutating func close(continueTo: Int32?) {
        let control = controls.removeLast()
        for b in control.breaks { patch(b, to: here) }
        for c in control.continues { patch(c, to: continueTo ?? here, asContinue: true) }
    }

    /// A loop body after its test: runs, jumps back to `continueTo`; `exits` leave it.
    mutating func loop(_ body: [Statement], continueTo top: Int32, exits: [Int]) {
        openControl(isLoop: true)
        statements(body)
        site = .none
        emit(.jump(top))
        for e in exits { patch(e, to: here) }
        close(continueTo: top)
    }

    /// A variable's annotation, checked (and converted) where the checker could not prove the value's type, else
    /// asserted for the test suite (`CodeOptions.assertsTypes`: an instruction a run less elsewhere, six a turn of
    /// NBody's loop) — but not where the value itself shows its type (`let limit = 500`), which an assertion could never
    /// catch wrong.
    mutating func check(_ r: Register, _ annotation: Annotation?, _ name: String, of node: Node) {
        guard let annotation, annotation.isEnforced || code.codeOptions.assertsTypes && !shows(node, annotation.type) else { return }
        let a = output.annotations.appendingIndex(annotation), n = output.strings.appendingIndex(name)
        emit(annotation.isEnforced ? .coerce(r, annotation: a, name: n) : .assertType(r, annotation: a, name: n))
    }

    /// `x op= y` on a local: for an Int or Double variable, `x = x op y` with the typed instructions; otherwise the
    /// general compound assignment (which grows a string or an array in place).
    mutating func compound(_ op: ArithmeticOp, slot s: Int, _ node: Node, _ range: SourceRange) {
        if slotKinds[s] == .int || (slotKinds[s] == .double && op.isNumeric) { return arithmetic(op, .local(s), node, range, into: Register(s)) }
        let rhs = value(node)
        site = range
        emit(.compoundLocal(op, Register(s), rhs))
    }
}

extension BytecodeCompiler.Kind {
    init(_ type: ScriptType) {
        switch type {
        case .int: self = .int
        case .double: self = .double
        case .bool: self = .bool
        case .array(let element):
            let scalar = Self(element)
            self = scalar == .int || scalar == .double || scalar == .bool ? .array(scalar) : .unknown
        default: self = .unknown
        }
    }

    /// An element's kind, when this is an array's.
    var element: Self { if case .array(let element) = self { element } else { .unknown } }

    init(_ kind: ScalarKind) {
        switch kind {
        case .int: self = .int
        case .double: self = .double
        case .bool: self = .bool
        default: self = .unknown
        }
    }
}

extension Array {
    /// Appends the item to one of the bytecode's tables and gives its index. An extension of the table, not a method
    /// of the compiler: `index(&output.names, …)` on `self` made Swift copy the whole compiler for the call (the
    /// method reads `self` while the argument changes it), and every table with it, so each append copied the
    /// table — compiling 20 000 `f(&n)` took 68 s. `LimitsTests.manyInoutCallsCompileInLinearTime`.
    mutating func appendingIndex(_ item: Element) -> Int32 {
        append(item)
        return Int32(count - 1)
    }
}
