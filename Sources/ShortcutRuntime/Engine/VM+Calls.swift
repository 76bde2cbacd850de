import ShortcutSyntax

/// The VM's calls and the helpers its instructions share.
extension Interpreter {
    /// Calls code with the arguments in `count` registers from `registers` (moved out, left nil).
    func call(_ code: FunctionCode, captures: [Cell], registers: UnsafeMutablePointer<Value>, count: Int, site: SourceRange) throws(ScriptError) -> Value {
        let frame = try enter(code.callInfo, captures: captures, registers: registers, count: count, site: site)
        defer { leaveFrame(frame, code.callInfo) }
        return try runBody(code, frame, site: site)
    }

    /// Where a jump taken goes, `offset` instructions from `ip` (the next): one back (the end of a loop's turn, or a
    /// `while` tested at its bottom going round) counts the turn, as `tick` does, so `--timeout` and `Limits` see every turn.
    @_transparent
    func jumped(by offset: Int32, from ip: UnsafeMutablePointer<Instruction>, _ current: Unmanaged<Bytecode>) throws(ScriptError) -> UnsafeMutablePointer<Instruction> {
        if offset < 0 {
            state.pointee.ticks &-= 1
            if state.pointee.ticks <= 0 { try checkDeadline(current.site(at: ip)) }
        }
        return ip + Int(offset)
    }

    /// Notes a call made in the VM's loop: where its result goes when it returns.
    @inline(__always)
    func pushCallRecord(_ record: CallRecord) {
        let top = state.pointee.recordTop
        top.initialize(to: record)
        state.pointee.recordTop = top + 1
    }

    /// `enter`, for a call the loop makes (no Swift recursion, so no native-stack check): `frameInLoop`'s frame, or
    /// `enter`'s, which says what went wrong, with the call's `record` pushed; nil when the loop's call records are all
    /// in use (the call is made by Swift's recursion then). Inlined where the callee captures nothing (`call`, `call-method`).
    @_transparent
    func enterInLoop(_ callee: UnsafeMutablePointer<CallInfo>, registers: UnsafeMutablePointer<Value>, count: Int, typed: Bool = false,
                     inPlace: Bool = false, record: CallRecord, site: @autoclosure () -> SourceRange) throws(ScriptError) -> UnsafeMutablePointer<Value>? {
        if let frame = frameInLoop(callee, registers, count, typed: typed, inPlace: inPlace, record: record) { return frame }
        guard state.pointee.recordTop < callRecordsEnd else { return nil }
        let frame = try enterChecked(callee, captures: nil, registers: registers, count: count, site: site())
        pushCallRecord(record)
        return frame
    }

    /// The frame of a `call` that lends arguments (`Instruction.call`'s `lent`): `frameInLoop`'s, the lent bytes moved in,
    /// when the callee keeps its parameters (`CallInfo.keepsParameters`) and the arguments pass its checks as they are —
    /// its record's `lent` has the frame forget them. Else nil, with each lent argument retained first: from there on
    /// the call is any other. Out of the loop: inlined, List gained nothing and Mandelbrot, which lends nothing, was 6 %
    /// slower (the loop's code moved).
    @inline(never)
    func lentFrame(_ callee: UnsafeMutablePointer<CallInfo>, _ registers: UnsafeMutablePointer<Value>, _ count: Int, _ lent: UInt8,
                   typed: Bool, inPlace: Bool, record: CallRecord) -> UnsafeMutablePointer<Value>? {
        keptFrame(callee, registers, count, lent, typed: typed, inPlace: inPlace, record: record)
    }

    /// `lentFrame`'s choice, in the code of both lending calls: the frame, when the callee keeps its parameters and the
    /// arguments pass as they are; else each lent argument retained, and nil.
    @inline(__always)
    private func keptFrame(_ callee: UnsafeMutablePointer<CallInfo>, _ registers: UnsafeMutablePointer<Value>, _ count: Int, _ lent: UInt8,
                           typed: Bool = false, inPlace: Bool = false, record: CallRecord) -> UnsafeMutablePointer<Value>? {
        if callee.pointee.keepsParameters, callee.pointee.bytecode != nil,
           let frame = frameInLoop(callee, registers, count, typed: typed, inPlace: inPlace, record: record) { return frame }
        Interpreter.own(registers, count, lent)
        return nil
    }

    /// `lentFrame` for a `call-method` that lends (`MethodCache.lent`), its receiver in slot 0; nil, with each lent
    /// argument retained first, where the receiver has no such method of the script's or the method does not keep its
    /// parameters. The record's `lent` names the callee's registers: the arguments' past slot 0, and slot 0 when the
    /// method borrows `self`.
    @inline(never)
    func lentMethodFrame(_ callee: UnsafeMutablePointer<CallInfo>?, _ receiver: UnsafeMutablePointer<Value>, _ registers: UnsafeMutablePointer<Value>,
                         _ count: Int, _ lent: UInt8, _ caller: Unmanaged<Bytecode>, _ ip: UnsafeMutablePointer<Instruction>,
                         _ fp: UnsafeMutablePointer<Value>, _ destination: Register) -> UnsafeMutablePointer<Value>? {
        guard let callee else {
            Interpreter.own(registers, count, lent)
            return nil
        }
        let borrows = callee.pointee.borrowsSelf
        let frame = keptFrame(callee, registers, count, lent, record: CallRecord(caller, ip, fp, destination, callee, lent: UInt16(lent) << 1 | (borrows ? 1 : 0)))
        frame?.initialize(receiver: receiver, lent: borrows)
        return frame
    }

    /// Retains each lent argument where it is: the call goes on as any other (`lentFrame`).
    @inline(never)
    static func own(_ registers: UnsafeMutablePointer<Value>, _ count: Int, _ lent: UInt8) {
        for i in 0..<min(count, UInt8.bitWidth) where lent & 1 << UInt8(i) != 0 { (registers + i).own() }
    }

    /// A lent parameter given back by a `return` (`return z`): retained where it is, so the result the caller receives is
    /// its own; the frame then forgets the register as it forgets every lent one. (Tested in the loop's code instead of
    /// here, the loop's registers moved: fib 2 % more instructions.)
    @inline(never)
    static func own(_ register: UnsafeMutablePointer<Value>, _ r: Register, lentBy lent: UInt16) {
        guard r.index < UInt8.bitWidth, lent & CallRecord.lentArguments & 1 << UInt16(r.index) != 0 else { return }
        register.own()
    }

    /// A `return` of a call made in the loop, but for fib's with nothing lent (`returnTypedClean`): the result
    /// into the caller's `destination`, checked against the function's result type unless `typed` (a lent argument given
    /// back is retained first), then the frame left. In the loop's code (`@_transparent`), where it was written.
    @_transparent
    func returnChecked(_ r: Register, typed: Bool, clean: Bool, lent: UInt16, from fp: UnsafeMutablePointer<Value>,
                       _ record: UnsafeMutablePointer<CallRecord>, into destination: UnsafeMutablePointer<Value>,
                       _ current: Unmanaged<Bytecode>) throws(ScriptError) {
        if r >= 0 {
            let source = fp + r
            if lent & CallRecord.lentArguments != 0 { Interpreter.own(source, r, lentBy: lent) }   // a lent argument returned
            if !typed, !record.pointee.callee.pointee.returnCheck.admits(source), let function = record.pointee.callee.pointee.function {
                source.set(try returned(source.take(), from: function.takeUnretainedValue()))
            }
            destination.set(returning: source)
        } else {
            // Nil written as itself (a local `result` was an enum copy and destroy), or a constant.
            if r == -1 { destination.set(.null) } else { destination.set(from: current._withUnsafeGuaranteedRef { $0.constants } + Instruction.returnedConstant(r), consuming: false) }
            if !typed, !record.pointee.callee.pointee.returnCheck.admits(destination), let function = record.pointee.callee.pointee.function {
                destination.set(try returned(destination.take(), from: function.takeUnretainedValue()))
            }
        }
        if clean { forgetLent(fp, lent) } else { leaveFrame(fp, returningFrom: record) }   // clean: no reference of its own
    }

    /// `enterInLoop` for a closure or a function value, with the cells it captured; kept out of the loop's code
    /// (inlined at these calls too, it moved the loop's register allocation: NBody and Mandelbrot 1–2 % slower).
    func enterInLoop(_ callee: UnsafeMutablePointer<CallInfo>, captures: [Cell], registers: UnsafeMutablePointer<Value>, count: Int,
                     record: CallRecord, site: SourceRange) throws(ScriptError) -> UnsafeMutablePointer<Value>? {
        if captures.isEmpty, let frame = frameInLoop(callee, registers, count, record: record) { return frame }
        guard state.pointee.recordTop < callRecordsEnd else { return nil }
        let frame = try enterChecked(callee, captures: captures, registers: registers, count: count, site: site)
        pushCallRecord(record)
        return frame
    }

    /// The callee's frame with its arguments moved in as bytes and the call's `record` pushed (at the top it has just
    /// compared: read again after the moves, it was two more loads), when the limits are far and the arguments need no
    /// conversion; else nil, the registers untouched. A `typed` call's arguments are not looked at, nor their count: the
    /// compiler proved both (`BytecodeCompiler.provesArguments`). `inPlace`: the frame begins at the arguments, which are
    /// its parameters as they are (`BytecodeCompiler.placeFramesAtArguments` saw that the callee's parameters begin at
    /// its register 0 and that the caller's registers past the arguments are free and hold no reference).
    /// (`end <= initializedEnd` says the value stack has room: `enterFrame` never initialises past its end;
    /// `recordTop < recordLimit` that the depth is below its limit and a call record is free.)
    /// The callee has bytecode, so its checks are there (`FunctionCode.complete` makes both).
    @_transparent   // `@inline(__always)` is not honoured in a caller as large as the loop's
    func frameInLoop(_ callee: UnsafeMutablePointer<CallInfo>, _ registers: UnsafeMutablePointer<Value>, _ count: Int, typed: Bool = false,
                     inPlace: Bool = false, record: CallRecord, top known: UnsafeMutablePointer<CallRecord>? = nil) -> UnsafeMutablePointer<Value>? {
        let st = state
        let fp = inPlace ? registers : st.pointee.sp
        let end = fp + callee.pointee.frameEnd
        let top = known ?? st.pointee.recordTop   // the scalar loop holds it (`runScalarLoop`)
        guard typed || count == callee.pointee.parameterCount, top < st.pointee.recordLimit,
              !(st.pointee.initializedEnd < end), st.pointee.ticks > 1 else { return nil }
        assert(callee.pointee.parameterChecks != nil, "a callee with bytecode has its parameters' checks")
        let checks = callee.pointee.parameterChecks.unsafelyUnwrapped
        // The first four arguments one by one, with no loop: a loop the optimiser widens costs more to set up than a few
        // moves, and one here would make the VM's loop no innermost loop (`Interpreter.leaveRegisters`); the rest out of line.
        if !typed, count > 0 {
            guard checks[0].admits(registers) else { return nil }
            if count > 1 {
                guard checks[1].admits(registers + 1) else { return nil }
                if count > 2 {
                    guard checks[2].admits(registers + 2) else { return nil }
                    if count > 3 {
                        guard checks[3].admits(registers + 3) else { return nil }
                        if count > Self.argumentsInLine, !Interpreter.admitsArguments(checks, registers, count) { return nil }
                    }
                }
            }
        }
        st.pointee.sp = end
        st.pointee.ticks &-= 1
        // The depth counted by the call's record. A `CallRecord` is trivial: stored as an assignment is, where the scalar
        // loop, past its inliner's size, called `initialize(to:)` and `<=` (here as `!(… < end)`): fib +27 %.
        top.pointee = record
        st.pointee.recordTop = top + 1
        if inPlace {
            assert(callee.pointee.firstParameter == 0, "a frame begun at its arguments takes its parameters from register 0")
            return fp
        }
        // Over what a new frame holds (no reference): nothing to let go of; each argument's register left nil.
        let parameters = fp + callee.pointee.firstParameter
        if count > 0 {
            parameters.moveBytes(from: registers)
            if count > 1 {
                (parameters + 1).moveBytes(from: registers + 1)
                if count > 2 {
                    (parameters + 2).moveBytes(from: registers + 2)
                    if count > 3 {
                        (parameters + 3).moveBytes(from: registers + 3)
                        if count > Self.argumentsInLine { Interpreter.moveArguments(into: parameters, from: registers, count) }
                    }
                }
            }
        }
        return fp
    }

    /// How many of a call's arguments `frameInLoop` checks and moves in the loop's code; the rest by a call.
    static let argumentsInLine = 4

    /// Whether the checks admit the arguments past `argumentsInLine`.
    @inline(never)
    static func admitsArguments(_ checks: UnsafeMutablePointer<FieldCheck>, _ registers: UnsafeMutablePointer<Value>, _ count: Int) -> Bool {
        var i = argumentsInLine
        while i < count {
            guard checks[i].admits(registers + i) else { return false }
            i &+= 1
        }
        return true
    }

    /// Moves the arguments past `argumentsInLine` into a new frame's parameters.
    @inline(never)
    static func moveArguments(into parameters: UnsafeMutablePointer<Value>, from registers: UnsafeMutablePointer<Value>, _ count: Int) {
        var i = argumentsInLine
        while i < count {
            (parameters + i).moveBytes(from: registers + i)
            i &+= 1
        }
    }

    /// `enter` for a call the loop makes, kept out of its code: the frame is then counted by the call's record, not
    /// in `State.depth`.
    @inline(never)
    func enterChecked(_ callee: UnsafeMutablePointer<CallInfo>, captures: [Cell]?, registers: UnsafeMutablePointer<Value>, count: Int,
                      site: SourceRange) throws(ScriptError) -> UnsafeMutablePointer<Value> {
        let frame = try enter(callee, captures: captures, registers: registers, count: count, site: site)
        state.pointee.depth &-= 1
        limitRecords()
        return frame
    }

    /// A new frame for the callee with its arguments (moved out of `registers`) and captured cells in place.
    @inline(__always)
    func enter(_ callee: UnsafeMutablePointer<CallInfo>, captures: [Cell]?, registers: UnsafeMutablePointer<Value>, count: Int,
               site: SourceRange) throws(ScriptError) -> UnsafeMutablePointer<Value> {
        let info = callee.pointee
        let frame = try enterFrame(callee, site: site)
        if count != info.parameterCount || info.parameterChecks == nil {
            // A call through a function value leaves out the types a direct call passes (`GenericMetatypes`): their defaults.
            if count < info.parameterCount, info.parameterChecks != nil, let code = info.function?.takeUnretainedValue(),
               (count..<info.parameterCount).allSatisfy({ code.defaults.indices.contains($0) && code.defaults[$0] != nil }) {
                for i in count..<info.parameterCount { (frame + info.firstParameter + i).initialize(to: .null) }
            } else {
                leaveFrame(frame, callee)
                throw ScriptError.runtime(.wrongArgumentCount(function: info.name, expected: info.parameterCount, given: count), at: site)
            }
        }
        let checks = info.parameterChecks.unsafelyUnwrapped
        var i = 0
        while i < count {
            let passes = checks[i].admits(registers + i)
            let value = (registers + i).move()
            (registers + i).initialize(to: .null)
            let slot = frame + info.firstParameter + i
            if passes {
                slot.initialize(to: value)   // over what a new frame holds (no reference): nothing to let go of
            } else {
                do throws(ScriptError) {
                    try store(value, parameter: i, of: info.function.unsafelyUnwrapped.takeUnretainedValue(), into: slot, site: site)
                } catch {
                    leaveFrame(frame, callee)
                    throw error
                }
            }
            i += 1
        }
        if let captures, !captures.isEmpty { placeCaptures(info.function.unsafelyUnwrapped.takeUnretainedValue(), captures, frame) }
        return frame
    }

    /// `Type(a, b)` by its memberwise initializer, the fields' values in `count` temporaries from `registers`.
    func construct(_ type: RecordType, _ registers: UnsafeMutablePointer<Value>, _ count: Int, _ site: SourceRange) throws(ScriptError) -> Value {
        try construct(type, Interpreter.values(registers, count), site)
    }

    /// Runs an `init` on the value `blank` made, with the arguments in `count` temporaries from `registers`.
    func initialize(_ receiver: inout Value, with code: FunctionCode, _ registers: UnsafeMutablePointer<Value>, _ count: Int,
                    _ site: SourceRange) throws(ScriptError) {
        try initialize(&receiver, with: code, Interpreter.arguments(registers, count), site)
        try checkInitialized(receiver, site: site)
    }

    /// The builtin at `index` of `code`'s table, called with the arguments in `count` temporaries from `registers`.
    /// `consuming`: the arguments are temporaries, taken out; else a variable's registers (`call-numeric`'s one argument),
    /// read.
    func callBuiltin(_ index: Int32, of code: Unmanaged<Bytecode>, _ registers: UnsafeMutablePointer<Value>, _ count: Int32,
                     consuming: Bool = true, _ site: SourceRange) throws(ScriptError) -> Value {
        let (which, labels) = code._withUnsafeGuaranteedRef { $0.builtins[Int(index)] }
        if count == 1, (labels.first ?? nil) == nil, case .string(let text) = registers.pointee {
            if which == .string { return Interpreter.read(registers, consuming: consuming) }   // the string itself
            if let converted = Interpreter.convertedText(which, text) {
                if consuming { registers.clear() }
                return converted
            }
        }
        return try callBuiltin(which, Interpreter.arguments(registers, Int(count), consuming: consuming), labels, site)
    }

    /// The arguments in `count` temporaries from `registers`, taken out of them (read, where not `consuming`).
    static func arguments(_ registers: UnsafeMutablePointer<Value>, _ count: Int, consuming: Bool = true) -> Arguments {
        switch count {
        case 0: return Arguments()
        case 1: return Arguments(read(registers, consuming: consuming))
        case 2: return Arguments(read(registers, consuming: consuming), read(registers + 1, consuming: consuming))
        default:
            var values = Arguments()
            for i in 0..<count { values.append(read(registers + i, consuming: consuming)) }
            return values
        }
    }

    /// The member `name` (of `Bytecode.names`) of a value, by name, noting in the instruction's cache where the
    /// field of a struct or class is for the next read.
    func member(_ value: Value, _ name: Int32, of code: Unmanaged<Bytecode>, _ site: SourceRange) throws(ScriptError) -> Value {
        let memberName = code._withUnsafeGuaranteedRef { $0.names[Int(name)] }
        let result = try member(value, memberName, site)
        if let (type, found) = Interpreter.field(of: value, memberName) {
            code._withUnsafeGuaranteedRef { $0.memberCaches }[Int(name)] = found
            code._withUnsafeGuaranteedRef { $0.cachedTypes }[Int(name)] = type
        }
        return result
    }

    /// A register's value; taken out of it (leaving nil) when `consuming`.
    @inline(__always)
    static func read(_ register: UnsafeMutablePointer<Value>, consuming: Bool) -> Value {
        consuming ? register.take() : register.pointee
    }

    /// `for x in sequence`: an array or a range is walked as it is; any other sequence becomes the array
    /// of its elements first (a Swift `for` iterates a copy too).
    func startSequence(_ sequence: inout Value, _ site: SourceRange) throws(ScriptError) {
        switch sequence {
        case .array, .range, .closedRange: return
        default:
            var items: [Value] = []
            try iterate(sequence, site) { (element: Value) throws(ScriptError) -> Bool in
                items.append(element)
                return true
            }
            sequence = .array(items)
        }
    }

    /// Stores the element at position `i` of the array or range a register holds in `destination`; false past the
    /// end. An array's is copied from where it is (`Registers.elementPlace`: a scalar as bytes).
    @inline(__always)
    static func nextElement(_ i: Int, of sequence: UnsafeMutablePointer<Value>, into destination: UnsafeMutablePointer<Value>) -> Bool {
        if sequence.tag == ValueLayout.arrayTag {
            guard let element = sequence.elementPlace(i) else { return false }
            destination.set(from: element, consuming: false)
            return true
        }
        let next: Int
        switch sequence.pointee {
        case .range(let lo, let hi):
            let (v, overflow) = lo.addingReportingOverflow(i)
            guard !overflow, v < hi else { return false }
            next = v
        case .closedRange(let lo, let hi):
            let (v, overflow) = lo.addingReportingOverflow(i)
            guard !overflow, v <= hi else { return false }
            next = v
        default:
            return false
        }
        destination.set(.int(next))
        return true
    }

    /// The slot of a variable as instructions name it: a local register (0…) or a global (`-1 - slot`).
    @inline(__always)
    func slot(of variable: Int32, _ fp: UnsafeMutablePointer<Value>) -> UnsafeMutablePointer<Value> {
        variable >= 0 ? fp + Int(variable) : globals + Int(-1 - variable)
    }

    /// `base[key] = value` on a variable: in place for an array element, else by `modifySubscript`.
    @inline(__always)
    func setElement(_ slot: UnsafeMutablePointer<Value>, _ key: Value, _ value: Value, _ site: SourceRange) throws(ScriptError) {
        try modifySubscript(&slot.pointee, key, site) { (v: inout Value) throws(ScriptError) in v = value }
    }

    /// `xs[i] = v` where the variable holds an array and `i` is one of its indices: stored where the element is when
    /// nothing else holds the array (Sieve's `flags[j] = false`: the array was taken out of its register and put back,
    /// six stores and a branch), else the array taken out while the element changes (copied, since something else
    /// holds it); the value moved in when `consuming`. False when `setElement` must make the change (and say what went
    /// wrong).
    @inline(__always)
    static func storedElement(_ slot: UnsafeMutablePointer<Value>, _ key: UnsafeMutablePointer<Value>,
                              from source: UnsafeMutablePointer<Value>, consuming: Bool) -> Bool {
        guard source != slot, let i = key.int else { return false }
        if let element = slot.uniqueElementPlace(i) {
            element.set(from: source, consuming: consuming)
            return true
        }
        guard i >= 0, var items = slot.takeArray() else { return false }
        defer { slot.initialize(to: .array(items)) }
        return items.withUnsafeMutableBufferPointer { elements in
            guard i < elements.count else { return false }
            (elements.baseAddress.unsafelyUnwrapped + i).set(from: source, consuming: consuming)
            return true
        }
    }
}

extension Value {
    /// The type of a struct's value (without holding the value).
    @inline(__always)
    var recordType: ObjectIdentifier? {
        if case .record(let r) = self { return r.typeIdentifier }
        return nil
    }
}
