import ShortcutSyntax

extension Interpreter {
    // MARK: Frames

    @inline(__always)
    func enterFrame(_ code: FunctionCode, site: SourceRange) throws(ScriptError) -> UnsafeMutablePointer<Value> {
        try enterFrame(code.callInfo, site: site)
    }

    /// A new frame of the callee's size on the value stack, its slots holding no reference (`nil`, or a scalar a
    /// frame before left: the compiler writes every register before it reads it); the depth limits checked.
    @inline(__always)
    func enterFrame(_ callee: UnsafeMutablePointer<CallInfo>, site: SourceRange) throws(ScriptError) -> UnsafeMutablePointer<Value> {
        let st = state
        let depth = callDepth + 1
        if depth > maximumDepth {
            throw ScriptError(.stackOverflow(.depthLimit(limit: maximumDepth, function: callee.pointee.name)), at: site)
        }
        if Platform.stackAddress() < st.pointee.nativeStackLimit {
            throw ScriptError(.stackOverflow(.nativeStack(function: callee.pointee.name, depth: depth)), at: site)
        }
        let fp = st.pointee.sp
        let size = callee.pointee.registerCount
        guard stackEnd - fp > size else {
            throw ScriptError(.stackOverflow(.valueStack(function: callee.pointee.name, depth: depth)), at: site)
        }
        // Slots are initialised once, the first time the stack grows this deep, and left holding no reference
        // by `leaveFrame`, so a call does no bulk initialisation.
        let end = fp + size
        if end > st.pointee.initializedEnd {
            let fresh = st.pointee.initializedEnd
            fresh.initialize(repeating: .null, count: end - fresh)
            st.pointee.initializedEnd = end
        }
        st.pointee.sp = end
        st.pointee.depth &+= 1
        limitRecords()
        try tick(site)
        return fp
    }

    /// Calls in progress: the frames Swift entered and the VM loop's.
    var callDepth: Int { state.pointee.depth + (state.pointee.recordTop - callRecords) }

    /// Sets `State.recordLimit` for the frames Swift has entered: the loop's calls may take the depth to `maximumDepth`.
    func limitRecords() {
        let room = max(0, min(Limits.inlineCallRecords, maximumDepth - state.pointee.depth))
        state.pointee.recordLimit = callRecords + room
    }

    /// `leaveFrame` for the registers of the mask's bits. Kept out of the VM's loop, as every loop is: a loop inside it
    /// makes it no innermost loop, and the build aligns only innermost loops to a cache line (`bench/build`).
    @inline(never)
    static func leaveRegisters(_ fp: UnsafeMutablePointer<Value>, _ mask: UInt64) {
        eachRegister(fp, mask) { $0.clearObject() }
    }

    /// Each register of the mask's bits, lowest first.
    @inline(__always)
    static func eachRegister(_ fp: UnsafeMutablePointer<Value>, _ mask: UInt64, _ body: (UnsafeMutablePointer<Value>) -> Void) {
        var mask = mask
        while mask != 0 {
            body(fp + mask.trailingZeroBitCount)
            mask &= mask &- 1
        }
    }

    /// The registers of a frame that hold what its caller lent (`CallRecord.lent`) made nil, with no release: a lent
    /// `self`, or the first two arguments (`isShorter(y, than: x)`'s), in line; any more out of it.
    @inline(__always)
    func forgetLent(_ fp: UnsafeMutablePointer<Value>, _ lent: UInt16) {
        if lent == CallRecord.lentSelf {
            fp.forget()
        } else if lent != 0 {
            (fp + lent.trailingZeroBitCount).forget()
            let rest = lent & (lent &- 1)
            if rest != 0 {
                (fp + rest.trailingZeroBitCount).forget()
                if rest & (rest &- 1) != 0 { Interpreter.forgetRegisters(fp, UInt64(rest & (rest &- 1))) }
            }
        }
    }

    /// The lent registers of a frame that is left (`ReferenceRegisters.lent`) made nil, with no release: their values
    /// were never theirs. Out of the loop, as `leaveRegisters` is.
    @inline(never)
    static func forgetRegisters(_ fp: UnsafeMutablePointer<Value>, _ mask: UInt64) {
        eachRegister(fp, mask) { $0.forget() }
    }

    /// `leaveFrame` for the registers past the mask, up to `end`: a frame that large is rare, kept out of the loop.
    @inline(never)
    func leaveRegisters(_ fp: UnsafeMutablePointer<Value>, pastMaskTo end: Int) {
        var i = ReferenceRegisters.maskWidth
        while i < end {
            (fp + i).clearObject()
            i &+= 1
        }
    }

    /// Lets go of what the frame's registers hold, in the registers that may hold a reference
    /// (`Bytecode.referenceRegisters`): a bit each for the first 64, then each one past them. A scalar stays where
    /// it is: nothing to release, and the next frame writes its registers before it reads them.
    @inline(__always)
    func leaveFrame(_ fp: UnsafeMutablePointer<Value>, _ callee: UnsafeMutablePointer<CallInfo>) {
        let registers = callee.pointee.referenceRegisters
        leaveFrame(fp, registers, looking: registers.mask)
        state.pointee.depth &-= 1   // entered with one more: no overflow to test
        limitRecords()
    }

    /// `leaveFrame` looking at the mask's registers of the first 64 (the whole mask, or those a `return` may leave holding
    /// a reference), and each one past them.
    @inline(__always)
    private func leaveFrame(_ fp: UnsafeMutablePointer<Value>, _ registers: ReferenceRegisters, looking mask: UInt64) {
        if mask != 0 {
            Interpreter.leaveRegisters(fp, mask)
            if registers.lent != 0 { Interpreter.forgetRegisters(fp, registers.lent) }
        }
        if registers.end > ReferenceRegisters.maskWidth { leaveRegisters(fp, pastMaskTo: registers.end) }
        state.pointee.sp = fp
    }

    /// Leaves a frame the loop entered (its record, taken off by the caller, counted it): what the caller lent it
    /// forgotten (`CallRecord.lent`: never released), then what its registers hold.
    @inline(__always)
    func leaveFrame(_ fp: UnsafeMutablePointer<Value>, of record: CallRecord) {
        forgetLent(fp, record.lent)
        let registers = record.callee.pointee.referenceRegisters
        leaveFrame(fp, registers, looking: registers.mask)
    }

    /// `leaveFrame(_:of:)` for a `return`: only the registers that may still hold a reference there are looked at
    /// (`ReferenceRegisters.atReturn`); the ones a call's arguments or a `take` emptied are not.
    @inline(__always)
    func leaveFrame(_ fp: UnsafeMutablePointer<Value>, returningFrom record: UnsafeMutablePointer<CallRecord>) {
        forgetLent(fp, record.pointee.lent)
        let registers = record.pointee.callee.pointee.referenceRegisters
        leaveFrame(fp, registers, looking: registers.atReturn)
    }

    /// The value stack's slots that hold a reference, where no frame is: a frame left lets go of every reference its
    /// registers held (a test's check that `ReferenceRegisters` left none out; one left would be a leak).
    var referencesLeftOnStack: Int {
        var count = 0
        var slot = state.pointee.sp
        while slot < state.pointee.initializedEnd {
            if !slot.holdsScalar, !slot.isNull { count += 1 }
            slot += 1
        }
        return count
    }

    /// Counts work and looks at the clock now and then for `--timeout`.
    @inline(__always)
    func tick(_ site: SourceRange) throws(ScriptError) {
        state.pointee.ticks &-= 1
        if state.pointee.ticks <= 0 { try checkDeadline(site) }
    }

    /// `Task.sleep(for:)`: waits in short naps, so `--timeout` and an interruption stop it on time.
    func pause(_ seconds: Double, _ site: SourceRange) throws(ScriptError) {
        guard seconds.isFinite, seconds > 0 else { return try checkDeadline(site) }
        let end = Platform.monotonic() + seconds
        while true {
            try checkDeadline(site)
            let left = end - Platform.monotonic()
            if left <= 0 { return }
            Platform.sleep(min(left, Limits.sleepSlice))
        }
    }

    func checkDeadline(_ site: SourceRange) throws(ScriptError) {
        state.pointee.ticks = Limits.timeoutCheckInterval
        if state.pointee.deadline.isFinite, Platform.monotonic() > state.pointee.deadline {
            throw ScriptError(.timeout(state.pointee.timeoutSeconds), at: site)
        }
        if let interruption, interruption() { throw ScriptError(.cancelled(catchable: false), at: site) }
        state.pointee.memoryChecks -= 1
        if state.pointee.memoryChecks <= 0 {
            state.pointee.memoryChecks = Limits.memoryCheckInterval
            let resident = Platform.residentBytes()
            if resident > state.pointee.maximumMemory {
                throw ScriptError.runtime(.memoryUsed(bytes: resident, limit: state.pointee.maximumMemory), at: site)
            }
        }
    }

    /// Refuses a value that would need more memory than a run may use: `count`
    /// elements of `size` bytes each (a string's bytes, an array's values).
    func reserve(_ count: Int, of size: Int = MemoryLayout<Value>.stride, _ site: SourceRange) throws(ScriptError) {
        let (bytes, overflow) = count.multipliedReportingOverflow(by: size)
        if overflow || bytes > state.pointee.maximumMemory {
            throw ScriptError.runtime(.memoryNeeded(bytes: overflow ? Int.max : bytes, limit: state.pointee.maximumMemory), at: site)
        }
    }

    /// A function value called with one argument (or two): how `map`, `filter`, `sorted(by:)`, `ForEach` and the
    /// others call theirs. A closure whose parameters admit the arguments as they are gets them straight in its
    /// frame (no `Arguments`, no defaults to look at), its function and code read where the value holds them — no
    /// retain or release of either, which a library loop would pay at every element; any other call goes the
    /// general way.
    func call(_ function: Value, with first: Value, _ second: Value? = nil, site: SourceRange) throws(ScriptError) -> Value {
        let count = second == nil ? 1 : 2
        guard let f = withUnsafePointer(to: function, { UnsafeMutablePointer(mutating: $0).function }),
              let info = f._withUnsafeGuaranteedRef({ $0.receiver == nil ? $0.code.callInfo : nil }),
              let bytecode = info.pointee.bytecode, let code = info.pointee.function, let checks = info.pointee.parameterChecks,
              info.pointee.firstParameter == 0, info.pointee.parameterCount == count,
              checks[0].admits(first), count == 1 || checks[1].admits(second.unsafelyUnwrapped)
        else { return try callConverting(function, with: first, second, site: site) }
        let fp = try enterFrame(info, site: site)
        defer { leaveFrame(fp, info) }
        fp.set(first)
        if let second { (fp + 1).set(second) }
        if f._withUnsafeGuaranteedRef({ !$0.captures.isEmpty }) { placeCaptures(code.takeUnretainedValue(), f.takeUnretainedValue().captures, fp) }
        do throws(ScriptError) {
            let result = try execute(bytecode, fp)
            return info.pointee.returnCheck.admits(result) ? result : try returned(result, from: code.takeUnretainedValue())
        } catch {
            error.addFrame(info.pointee.name, site)
            throw error
        }
    }

    /// `call(_:with:_:site:)` for what its direct path does not take: a value that is not a function, a bound
    /// method, an argument to convert, a closure of another arity (a tuple spread over its parameters).
    func callConverting(_ function: Value, with first: Value, _ second: Value?, site: SourceRange) throws(ScriptError) -> Value {
        guard case .function(let f) = function else { throw ScriptError.runtime(.notCallable(type: function.typeName), at: site) }
        var arguments = second.map { Arguments(first, $0) } ?? Arguments(first)
        // `zip(a, b).map(+)`: a function of as many parameters as the tuple has elements takes them one each, as Swift's does.
        if second == nil, f.code.parameterCount > 1, case .tuple(let t) = first, t.elements.count == f.code.parameterCount {
            arguments = Arguments()
            for element in t.elements { arguments.append(element) }
        }
        return try call(f.code, captures: f.captures, selfValue: f.receiver, arguments: arguments, site: site)
    }

    /// Calls a closure of two parameters that may change its first, as Swift's `inout` (`reduce(into:_:)`): the first
    /// parameter's value when the closure returns.
    func callChangingFirst(_ function: Value, _ first: Value, _ second: Value, site: SourceRange) throws(ScriptError) -> Value {
        guard case .function(let f) = function else { throw ScriptError.runtime(.notCallable(type: function.typeName), at: site) }
        let code = f.code
        guard !code.hasSelf, code.parameterCount == 2 else {
            throw ScriptError.runtime(.wrongArgumentCount(function: code.name, expected: code.parameterCount, given: 2), at: site)
        }
        let fp = try enterFrame(code, site: site)
        defer { leaveFrame(fp, code.callInfo) }
        try store(first, parameter: 0, of: code, into: fp, site: site)
        try store(second, parameter: 1, of: code, into: fp + 1, site: site)
        placeCaptures(code, f.captures, fp)
        _ = try runBody(code, fp, site: site)
        return fp.pointee.throughCell   // a parameter a nested closure captures lives in a cell
    }

    /// A method's arguments in its parameters' order, as the call's labels place them: a parameter with a default that
    /// the call passes over gets its default (`s.add("a", x: 3)` of `add(_ t: String, _ l: Int = 2, x: Int)`; `call`
    /// fills only the ones after the last argument). The arguments as they are when the labels do not place them all.
    func arranged(_ args: Arguments, _ labels: [String?], for code: FunctionCode) throws(ScriptError) -> Arguments {
        guard args.count < code.parameterCount, labels.count == args.count, code.defaults.contains(where: { $0 != nil }) else { return args }
        var out = Arguments()
        var a = 0
        for (i, label) in code.parameterLabels.enumerated() where a < args.count {
            // A trailing closure (no label) is the first parameter that takes a function or has no default.
            let isFunction = if case .function = args[a] { true } else { false }
            let trailing = labels[a] == nil && isFunction && code.parameterChecks[i].map(\.takesClosure) ?? true
            if labels[a] == label || trailing || code.defaults[i] == nil {
                out.append(args[a])
                a += 1
            } else if let d = code.defaults[i] {
                out.append(try run(d))
            }
        }
        return a == args.count ? out : args
    }

    /// Calls code with evaluated arguments (defaults fill what is missing).
    func call(_ code: FunctionCode, captures: [Cell], selfValue: Value?, arguments: Arguments, site: SourceRange) throws(ScriptError) -> Value {
        let fp = try enterFrame(code, site: site)
        defer { leaveFrame(fp, code.callInfo) }
        var base = 0
        if code.hasSelf { fp[0] = selfValue ?? .null; base = 1 }
        let count = code.parameterCount
        if arguments.count > count {
            throw ScriptError.runtime(.wrongArgumentCount(function: code.name, expected: count, given: arguments.count), at: site)
        }
        for i in 0..<count {
            let value: Value
            if i < arguments.count {
                value = arguments[i]
            } else if let d = code.defaults[i] {
                value = try run(d)
            } else {
                throw ScriptError.runtime(.missingArgument(function: code.name, position: i + 1), at: site)
            }
            try store(value, parameter: i, of: code, into: fp + base + i, site: site)
        }
        placeCaptures(code, captures, fp)
        return try runBody(code, fp, site: site)
    }

    /// Calls a function or type value with its arguments' values.
    func callValue(_ target: Value, _ values: Arguments, _ site: SourceRange) throws(ScriptError) -> Value {
        switch target {
        case .function(let f): return try call(f.code, captures: f.captures, selfValue: f.receiver, arguments: values, site: site)
        case .type(let t): return try callType(t, values, [], site)
        default: throw ScriptError.runtime(.notCallable(type: target.typeName), at: site)
        }
    }

    @inline(__always)
    func store(_ value: Value, parameter i: Int, of code: FunctionCode, into slot: UnsafeMutablePointer<Value>, site: SourceRange) throws(ScriptError) {
        if code.parameterKinds[i].admits(value) {
            slot.pointee = value
        } else if let check = code.parameterChecks[i] {
            slot.pointee = try coerce(value, to: check, what: "parameter \(code.parameterLabels[i] ?? "#\(i + 1)") of \(code.name)", site: site)
        } else {
            slot.pointee = value
        }
    }

    @inline(__always)
    func placeCaptures(_ code: FunctionCode, _ captures: [Cell], _ fp: UnsafeMutablePointer<Value>) {
        if captures.isEmpty { return }
        for (i, slot) in code.captureSlots.enumerated() where i < captures.count {
            fp[slot] = .cell(captures[i])
        }
    }

    @inline(__always)
    func runBody(_ code: FunctionCode, _ fp: UnsafeMutablePointer<Value>, site: SourceRange) throws(ScriptError) -> Value {
        var result: Value
        do {
            // Only the code of a program that has gone has no bytecode (`FunctionCode.releaseBody`).
            guard let bytecode = code.bytecode else { return .null }
            result = try returned(try execute(Unmanaged.passUnretained(bytecode), fp), from: code)
        } catch {
            error.addFrame(code.name, site)
            throw error
        }
        return result
    }

    /// A function's result as its declared type says (nothing for `Void`).
    @inline(__always)
    func returned(_ result: Value, from code: FunctionCode) throws(ScriptError) -> Value {
        if code.returnKind.admits(result) { return result }
        guard let check = code.returnCheck else { return result }
        if case .void = check { return .null }
        return try coerce(result, to: check, what: "the result of \(code.name)", site: code.range)
    }

    /// Calls a mutating method: `self` goes in by value and comes back out.
    func callMutatingMethod(_ code: FunctionCode, receiver: inout Value, arguments: Arguments, site: SourceRange) throws(ScriptError) -> Value {
        let fp = try enterFrame(code, site: site)
        defer { leaveFrame(fp, code.callInfo) }
        fp[0] = receiver
        receiver = .null
        defer { receiver = fp[0].throughCell }   // a closure may have captured it
        for i in 0..<code.parameterCount {
            let value: Value
            if i < arguments.count { value = arguments[i] } else if let d = code.defaults[i] { value = try run(d) } else {
                throw ScriptError.runtime(.missingArgument(function: code.name, position: i + 1), at: site)
            }
            try store(value, parameter: i, of: code, into: fp + 1 + i, site: site)
        }
        return try runBody(code, fp, site: site)
    }
}
