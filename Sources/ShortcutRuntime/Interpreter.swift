import ShortcutSyntax

/// Runs a checked `Program`.
///
/// Design:
/// - A walker over the resolved tree: `eval` switches on `Node`, `exec` on
///   `Statement`. There are no name lookups; locals are slots.
/// - Locals live on a value stack addressed by a frame pointer `fp` that is
///   passed down as an argument, so the hot path touches no class property
///   (Swift checks exclusive access to those at run time). The stack, the
///   globals and the counters are raw allocations owned by this object and
///   held in `let`s for the same reason.
/// - Control flow (`return`, `break`, `continue`) is a `Flow` value; only
///   errors use `throws`, and they are typed (`throws(ScriptError)`).
/// - Recursion is bounded twice: by `maximumDepth` and by the native stack,
///   which `Platform.runOnLargeStack` makes large and calls check, so no
///   script can crash the process.
public final class Interpreter {
    public let program: Program
    public let host: Host
    let stackBase: UnsafeMutablePointer<Value>
    let stackEnd: UnsafeMutablePointer<Value>
    let globals: UnsafeMutablePointer<Value>
    let state: UnsafeMutablePointer<State>
    public let maximumDepth: Int
    var stores: [ObjectIdentifier: StoreInstance] = [:]
    /// Where stores persist; nil keeps them in memory (`--ephemeral`, tests).
    public var persistence: Persistence? {
        didSet { transactions = TransactionState() }
    }
    var transactions = TransactionState()
    /// Snippet intents being performed right now (a snippet may not present another from its perform).
    var snippetDepth = 0
    /// Failed expectations of the test being run.
    public internal(set) var testFailures: [TestFailure] = []
    var random: SeededRandom

    struct State {
        var sp: UnsafeMutablePointer<Value>
        var depth: Int
        var ticks: Int
        /// Calls fail cleanly below this native stack address.
        var nativeStackLimit: UInt
        /// Slots below this are initialised (to `.null` when unused); frames reuse them.
        var initializedEnd: UnsafeMutablePointer<Value>
        /// Monotonic time after which the run stops (`--timeout`), or infinity.
        var deadline: Double
        var timeoutSeconds: Double
    }

    public struct Options {
        public var maximumDepth = Limits.defaultMaximumDepth
        public var timeout: Double?
        public var seed: UInt64?
        public init() {}
    }

    public init(program: Program, host: Host, options: Options = Options()) {
        self.program = program
        self.host = host
        self.maximumDepth = options.maximumDepth
        stackBase = .allocate(capacity: Limits.valueStackSlots)
        stackEnd = stackBase + Limits.valueStackSlots
        globals = .allocate(capacity: Limits.maximumGlobals)
        globals.initialize(repeating: .null, count: Limits.maximumGlobals)
        state = .allocate(capacity: 1)
        state.initialize(to: State(sp: stackBase, depth: 0, ticks: Limits.timeoutCheckInterval, nativeStackLimit: 0,
                                   initializedEnd: stackBase, deadline: .infinity, timeoutSeconds: options.timeout ?? 0))
        random = SeededRandom(seed: options.seed ?? UInt64(bitPattern: Int64(Platform.now() * 1e6)))
        if let timeout = options.timeout { state.pointee.deadline = Platform.monotonic() + timeout }
    }

    deinit {
        globals.deinitialize(count: Limits.maximumGlobals)
        globals.deallocate()
        stackBase.deinitialize(count: state.pointee.initializedEnd - stackBase)
        stackBase.deallocate()
        state.deallocate()
    }

    // MARK: Entry points

    /// Runs `body` on the interpreter's large-stack thread.
    public func withStack<T>(_ body: @escaping () -> T) -> T {
        Platform.runOnLargeStack(stackBytes: Limits.nativeStackBytes) { [self] lowest in
            let saved = state.pointee.nativeStackLimit
            state.pointee.nativeStackLimit = lowest
            defer { state.pointee.nativeStackLimit = saved }
            return body()
        }
    }

    /// Places functions in their global slots and runs imported files' variable initialisers.
    public func prepare() throws(ScriptError) {
        for (slot, code) in program.functionSlots {
            globals[slot] = .function(Function(code: code, captures: []))
        }
        for code in program.importedInitializers { _ = try call(code, captures: [], selfValue: nil, arguments: [], site: code.range) }
    }

    /// Runs the main file's top-level statements; returns the value when they are one expression (REPL).
    @discardableResult
    public func runTopLevel() throws(ScriptError) -> Value {
        guard let code = program.topLevel else { return .null }
        return try call(code, captures: [], selfValue: nil, arguments: [], site: code.range)
    }

    /// Runs a flow, a test or any code of no parameters.
    public func run(_ code: FunctionCode) throws(ScriptError) -> Value {
        try call(code, captures: [], selfValue: nil, arguments: [], site: code.range)
    }

    /// Performs an intent as a run target, with the parameters given (`.null` where unset).
    public func runIntent(_ type: IntentType, arguments: [Value]? = nil) throws(ScriptError) -> Value {
        let values = arguments ?? Array(repeating: .null, count: type.parameters.count)
        return try perform(.intent(IntentValue(type: type, arguments: values)), site: type.range)
    }

    public struct ParameterProblem: Error {
        public var message: String
    }

    /// Reads `--param NAME=VALUE` per the parameter's type: enum cases by name,
    /// title or number, entities by id (through the query's `byIDs`), numbers,
    /// `true`/`false`, ISO dates, text. The message of a failure names the
    /// parameter and what it accepts.
    public func parameterValue(_ type: IntentType, name: String, text: String) -> Result<(Int, Value), ParameterProblem> {
        guard let index = type.parameterIndex[name] else {
            let known = type.parameters.map(\.name)
            let hint = didYouMean(name, in: known)
            return .failure(ParameterProblem(message: "\(type.name) has no parameter '\(name)'\(hint); its parameters: \(known.isEmpty ? "none" : known.joined(separator: ", "))"))
        }
        var check = type.parameters[index].type
        if case .optional(let inner) = check { check = inner }
        do throws(ScriptError) {
            if case .record(let r) = check, r.kind == .entity, let byIDs = r.query["byIDs"] {
                let found = try call(byIDs, captures: [], selfValue: nil, arguments: Arguments(.array([.string(text)])), site: type.range)
                if case .array(let items) = found, let first = items.first { return .success((index, first)) }
                return .failure(ParameterProblem(message: "--param \(name)=\(text): no \(r.name) has the id '\(text)'"))
            }
            let choices = try options(for: check, site: type.range)
            switch parseAnswer(text, as: check, options: choices) {
            case .value(let v): return .success((index, v))
            case .invalid(let why):
                return .failure(ParameterProblem(message: "--param \(name)=\(text) does not fit \(check): \(why)"))
            case .cancel:
                return .failure(ParameterProblem(message: "--param \(name)=\(text) does not fit \(check)"))
            }
        } catch {
            return .failure(ParameterProblem(message: "--param \(name): \(error.message)"))
        }
    }

    /// Calls a function value with arguments (used by the standard library and hosts).
    public func call(_ function: Value, _ arguments: Arguments, site: SourceRange) throws(ScriptError) -> Value {
        guard case .function(let f) = function else {
            throw ScriptError.runtime("cannot call a value of type '\(function.typeName)'", at: site)
        }
        return try call(f.code, captures: f.captures, selfValue: f.receiver, arguments: arguments, site: site)
    }

    // MARK: Frames

    @inline(__always)
    func enterFrame(_ code: FunctionCode, site: SourceRange) throws(ScriptError) -> UnsafeMutablePointer<Value> {
        let st = state
        let depth = st.pointee.depth + 1
        if depth > maximumDepth {
            throw ScriptError(.stackOverflow("recursion went deeper than \(maximumDepth) calls (--max-depth) in \(code.name)"), at: site)
        }
        if Platform.stackAddress() < st.pointee.nativeStackLimit {
            throw ScriptError(.stackOverflow("recursion in \(code.name) used up the interpreter's stack at depth \(depth)"), at: site)
        }
        let fp = st.pointee.sp
        let size = code.frameSize
        guard stackEnd - fp > size else {
            throw ScriptError(.stackOverflow("the value stack is full at depth \(depth) in \(code.name)"), at: site)
        }
        // Slots are initialised once, the first time the stack grows this deep, and
        // left as `.null` by `leaveFrame`, so a call does no bulk initialisation.
        let end = fp + size
        if end > st.pointee.initializedEnd {
            let fresh = st.pointee.initializedEnd
            fresh.initialize(repeating: .null, count: end - fresh)
            st.pointee.initializedEnd = end
        }
        st.pointee.sp = end
        st.pointee.depth = depth
        try tick(site)
        return fp
    }

    @inline(__always)
    func leaveFrame(_ fp: UnsafeMutablePointer<Value>, _ size: Int) {
        var i = 0
        while i < size {
            fp[i] = .null
            i += 1
        }
        state.pointee.sp = fp
        state.pointee.depth -= 1
    }

    /// Counts work and looks at the clock now and then for `--timeout`.
    @inline(__always)
    func tick(_ site: SourceRange) throws(ScriptError) {
        state.pointee.ticks &-= 1
        if state.pointee.ticks <= 0 { try checkDeadline(site) }
    }

    func checkDeadline(_ site: SourceRange) throws(ScriptError) {
        state.pointee.ticks = Limits.timeoutCheckInterval
        if state.pointee.deadline.isFinite, Platform.monotonic() > state.pointee.deadline {
            throw ScriptError(.timeout(state.pointee.timeoutSeconds), at: site)
        }
    }

    /// Calls code with evaluated arguments (defaults fill what is missing).
    func call(_ code: FunctionCode, captures: [Cell], selfValue: Value?, arguments: Arguments, site: SourceRange) throws(ScriptError) -> Value {
        let fp = try enterFrame(code, site: site)
        defer { leaveFrame(fp, code.frameSize) }
        var base = 0
        if code.hasSelf { fp[0] = selfValue ?? .null; base = 1 }
        let count = code.parameterCount
        if arguments.count > count {
            throw ScriptError.runtime("\(code.name) takes \(count) argument\(count == 1 ? "" : "s") but \(arguments.count) were given", at: site)
        }
        for i in 0..<count {
            let value: Value
            if i < arguments.count {
                value = arguments[i]
            } else if let d = code.defaults[i] {
                value = try run(d)
            } else {
                throw ScriptError.runtime("missing argument for parameter \(i + 1) of \(code.name)", at: site)
            }
            try store(value, parameter: i, of: code, into: fp + base + i, site: site)
        }
        try placeCaptures(code, captures, fp)
        return try runBody(code, fp, site: site)
    }

    /// Calls code with argument nodes evaluated in the caller's frame.
    @inline(__always)
    func call(_ code: FunctionCode, captures: [Cell], arguments: [Node?], callerFrame: UnsafeMutablePointer<Value>, site: SourceRange) throws(ScriptError) -> Value {
        let fp = try enterFrame(code, site: site)
        defer { leaveFrame(fp, code.frameSize) }
        let base = code.hasSelf ? 1 : 0
        let count = arguments.count
        var i = 0
        while i < count {
            let value: Value
            switch arguments[i] {
            case .some(let node): value = try eval(node, callerFrame)
            case .none: value = try code.defaults[i].map { (d: FunctionCode) throws(ScriptError) -> Value in try run(d) } ?? .null
            }
            try store(value, parameter: i, of: code, into: fp + base + i, site: site)
            i += 1
        }
        try placeCaptures(code, captures, fp)
        return try runBody(code, fp, site: site)
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
    func placeCaptures(_ code: FunctionCode, _ captures: [Cell], _ fp: UnsafeMutablePointer<Value>) throws(ScriptError) {
        if captures.isEmpty { return }
        for (i, slot) in code.captureSlots.enumerated() where i < captures.count {
            fp[slot] = .cell(captures[i])
        }
    }

    @inline(__always)
    func runBody(_ code: FunctionCode, _ fp: UnsafeMutablePointer<Value>, site: SourceRange) throws(ScriptError) -> Value {
        var result: Value
        do {
            if let expression = code.expressionBody {
                result = try eval(expression, fp)
            } else {
                switch try exec(code.body, fp) {
                case .returned(let v): result = v
                case .normal, .breakLoop, .continueLoop: result = .null
                }
            }
            if !code.returnKind.admits(result), let check = code.returnCheck {
                if case .void = check { return .null }
                result = try coerce(result, to: check, what: "the result of \(code.name)", site: code.range)
            }
        } catch {
            error.addFrame(code.name, site)
            throw error
        }
        return result
    }

    /// Calls a mutating method: `self` goes in by value and comes back out.
    func callMutatingMethod(_ code: FunctionCode, receiver: inout Value, arguments: Arguments, site: SourceRange) throws(ScriptError) -> Value {
        let fp = try enterFrame(code, site: site)
        defer { leaveFrame(fp, code.frameSize) }
        fp[0] = receiver
        receiver = .null
        defer { receiver = fp[0] }
        for i in 0..<code.parameterCount {
            let value: Value
            if i < arguments.count { value = arguments[i] } else if let d = code.defaults[i] { value = try run(d) } else {
                throw ScriptError.runtime("missing argument for parameter \(i + 1) of \(code.name)", at: site)
            }
            try store(value, parameter: i, of: code, into: fp + 1 + i, site: site)
        }
        return try runBody(code, fp, site: site)
    }

    // MARK: Expressions

    /// Evaluates an expression. The hottest cases are here; the rest are in
    /// `evalOther`, so this function stays small and its calls stay cheap
    /// (a large switch makes every call pay for a large stack frame).
    func eval(_ node: Node, _ fp: UnsafeMutablePointer<Value>) throws(ScriptError) -> Value {
        switch node {
        case .constant(let v):
            return v
        case .local(let s):
            return fp[s]
        case .cell(let s):
            if case .cell(let c) = fp[s] { return c.value }
            return fp[s]
        case .global(let i):
            return globals[i]
        case .arithmetic(let op, let l, let r, let site):
            let a = try eval(l, fp)
            let b = try eval(r, fp)
            if case .int(let x) = a, case .int(let y) = b { return try intArithmetic(op, x, y, site) }
            return try arithmetic(op, a, b, site)
        case .arithmeticLocalInt(let op, let s, let k, let site):
            if case .int(let x) = fp[s] { return try intArithmetic(op, x, k, site) }
            return try arithmetic(op, fp[s], .int(k), site)
        case .arithmeticLocals(let op, let a, let b, let site):
            if case .int(let x) = fp[a], case .int(let y) = fp[b] { return try intArithmetic(op, x, y, site) }
            return try arithmetic(op, fp[a], fp[b], site)
        case .compareLocalInt(let op, let s, let k, let site):
            if case .int(let x) = fp[s] { return .bool(Interpreter.compareInts(op, x, k)) }
            return .bool(try compare(op, fp[s], .int(k), site))
        case .compareLocals(let op, let a, let b, let site):
            if case .int(let x) = fp[a], case .int(let y) = fp[b] { return .bool(Interpreter.compareInts(op, x, y)) }
            return .bool(try compare(op, fp[a], fp[b], site))
        case .compare(let op, let l, let r, let site):
            let a = try eval(l, fp)
            let b = try eval(r, fp)
            if case .int(let x) = a, case .int(let y) = b { return .bool(Interpreter.compareInts(op, x, y)) }
            return .bool(try compare(op, a, b, site))
        case .equal(let l, let r, let negated):
            let a = try eval(l, fp)
            let b = try eval(r, fp)
            return .bool((a == b) != negated)
        case .and(let l, let r, let site):
            guard try condition(l, fp, site) else { return .bool(false) }
            return .bool(try condition(r, fp, site))
        case .or(let l, let r, let site):
            if try condition(l, fp, site) { return .bool(true) }
            return .bool(try condition(r, fp, site))
        case .not(let operand, let site):
            return .bool(!(try condition(operand, fp, site)))
        case .coalesce(let l, let r):
            let a = try eval(l, fp)
            if case .null = a { return try eval(r, fp) }
            return a
        case .ternary(let c, let t, let f, let site):
            return try condition(c, fp, site) ? try eval(t, fp) : try eval(f, fp)
        case .callFunction(let code, let args, let site):
            return try call(code, captures: [], arguments: args, callerFrame: fp, site: site)
        case .callFunction1(let code, let argument, let site):
            let value = try eval(argument, fp)
            let frame = try enterFrame(code, site: site)
            defer { leaveFrame(frame, code.frameSize) }
            try store(value, parameter: 0, of: code, into: frame + (code.hasSelf ? 1 : 0), site: site)
            return try runBody(code, frame, site: site)
        case .callGlobal(let slot, let args, let site):
            guard case .function(let f) = globals[slot] else {
                throw ScriptError.runtime("'\(program.globalNames[slot])' is not a function", at: site)
            }
            return try call(f.code, captures: f.captures, arguments: args, callerFrame: fp, site: site)
        case .member(let base, let name, let site):
            return try member(try eval(base, fp), name, site)
        case .subscriptGet(let base, let index, let site):
            let b = try eval(base, fp)
            return try subscriptGet(b, try eval(index, fp), site)
        default:
            return try evalOther(node, fp)
        }
    }

    @inline(never)
    func evalOther(_ node: Node, _ fp: UnsafeMutablePointer<Value>) throws(ScriptError) -> Value {
        switch node {
        case .constant, .local, .cell, .global, .arithmetic, .arithmeticLocalInt, .arithmeticLocals, .compareLocalInt, .compareLocals, .compare, .equal, .and, .or, .not, .coalesce, .ternary, .callFunction, .callFunction1, .callGlobal, .member, .subscriptGet:
            return try eval(node, fp)
        case .negate(let operand, let site):
            switch try eval(operand, fp) {
            case .int(let x):
                let (r, overflow) = (0).subtractingReportingOverflow(x)
                if overflow { throw ScriptError.runtime("arithmetic overflow: -(\(x)) does not fit in Int", at: site) }
                return .int(r)
            case .double(let d): return .double(-d)
            case let v: throw ScriptError.runtime("cannot negate a value of type '\(v.typeName)'", at: site)
            }
        case .interpolate(let parts):
            var s = ""
            for p in parts {
                if case .constant(.string(let t)) = p { s += t } else { s += try text(of: try eval(p, fp), site: .none) }
            }
            return .string(s)
        case .makeRange(let l, let r, let closed, let site):
            guard case .int(let lo) = try eval(l, fp), case .int(let hi) = try eval(r, fp) else {
                throw ScriptError.runtime("range bounds must be Int", at: site)
            }
            if lo > hi { throw ScriptError.runtime("range requires lowerBound <= upperBound, but \(lo) > \(hi)", at: site) }
            return closed ? .closedRange(lo, hi) : .range(lo, hi)
        case .array(let elements):
            var out: [Value] = []
            out.reserveCapacity(elements.count)
            for e in elements { out.append(try eval(e, fp)) }
            return .array(out)
        case .dictionary(let keys, let values, let site):
            let d = DictionaryStorage()
            for (k, v) in zip(keys, values) {
                let key = try eval(k, fp)
                if d.get(key) != nil { throw ScriptError.runtime("dictionary literal has duplicate key \(key.debugDescription)", at: site) }
                d.set(key, try eval(v, fp))
            }
            return .dictionary(d)
        case .tuple(let elements):
            var out: [Value] = []
            for e in elements { out.append(try eval(e, fp)) }
            return .tuple(TupleStorage(out))
        case .closure(let code, let sources):
            var cells: [Cell] = []
            cells.reserveCapacity(sources.count)
            for source in sources {
                switch source {
                case .cell(let s):
                    if case .cell(let c) = fp[s] { cells.append(c) } else { cells.append(Cell(fp[s])) }
                case .value(let s):
                    cells.append(Cell(fp[s]))
                }
            }
            return .function(Function(code: code, captures: cells))
        case .callValue(let callee, let args, _, let site):
            let target = try eval(callee, fp)
            switch target {
            case .function(let f):
                if let receiver = f.receiver {
                    var values = Arguments()
                    for a in args { values.append(try eval(a, fp)) }
                    return try call(f.code, captures: f.captures, selfValue: receiver, arguments: values, site: site)
                }
                return try call(f.code, captures: f.captures, arguments: args, callerFrame: fp, site: site)
            case .type(let t):
                var values = Arguments()
                for a in args { values.append(try eval(a, fp)) }
                return try callType(t, values, [], site)
            default:
                throw ScriptError.runtime("cannot call a value of type '\(target.typeName)'", at: site)
            }
        case .callBuiltin(let builtin, let args, let labels, let site):
            var values = Arguments()
            for a in args { values.append(try eval(a, fp)) }
            return try callBuiltin(builtin, values, labels, site)
        case .callMethod(let receiverNode, let name, let args, let labels, let site):
            let receiver = try eval(receiverNode, fp)
            var values = Arguments()
            for a in args { values.append(try eval(a, fp)) }
            return try callMethod(receiver, name, values, labels, site)
        case .appendToVariable(let place, let node, let site):
            let element = try eval(node, fp)
            let slot: UnsafeMutablePointer<Value>
            switch place {
            case .local(let s): slot = fp + s
            case .global(let g): slot = globals + g
            default: slot = fp
            }
            if case .cell = place {
                try modify(place, fp) { (v: inout Value) throws(ScriptError) in _ = try self.callMutatingMethod(&v, Name("append"), Arguments(element), [nil], site) }
            } else if var items = slot.pointee.takeArray() {
                items.append(element)
                slot.pointee = .array(items)
            } else {
                _ = try callMutatingMethod(&slot.pointee, Name("append"), Arguments(element), [nil], site)
            }
            return .null
        case .callMutating(let place, let name, let args, let labels, let site):
            var values = Arguments()
            for a in args { values.append(try eval(a, fp)) }
            var result: Value = .null
            try modify(place, fp) { (v: inout Value) throws(ScriptError) in
                result = try self.callMutatingMethod(&v, name, values, labels, site)
            }
            return result
        case .forceUnwrap(let base, let site):
            let v = try eval(base, fp)
            if case .null = v { throw ScriptError.runtime("unexpectedly found nil while unwrapping an optional value", at: site) }
            return v
        case .bindOptional(let base, let site):
            let v = try eval(base, fp)
            if case .null = v { throw ScriptError(.optionalNil, at: site) }
            return v
        case .optionalChain(let inner):
            do {
                return try eval(inner, fp)
            } catch {
                if case .optionalNil = error.kind { return .null }
                throw error
            }
        case .tryOptional(let inner):
            do {
                return try eval(inner, fp)
            } catch {
                if case .thrown = error.kind { return .null }
                throw error
            }
        case .construct(let type, let args, let site):
            var fields: [Value] = []
            fields.reserveCapacity(type.fields.count)
            for (i, a) in args.enumerated() {
                let field = type.fields[i]
                var value: Value
                if let a { value = try eval(a, fp) } else if let d = field.defaultValue { value = try run(d) } else { value = .null }
                if let check = field.type { value = try coerce(value, to: check, what: "\(type.name).\(field.name)", site: site) }
                fields.append(value)
            }
            return .record(Record(type: type, fields: fields))
        case .makeIntent(let type, let args, let site):
            var values = Arguments()
            for (i, a) in args.enumerated() {
                guard let a else { values.append(.null); continue }
                let v = try eval(a, fp)
                values.append(v.isNull ? v : try coerce(v, to: type.parameters[i].type, what: "parameter '\(type.parameters[i].name)' of \(type.name)", site: site))
            }
            return .intent(IntentValue(type: type, arguments: Array(values)))
        case .callView(let type, let args, let site):
            guard let code = type.code else { return .null }
            let children = try call(code, captures: [], arguments: args, callerFrame: fp, site: site)
            return .view(ViewNode.wrap(children, as: type.name))
        case .makeView(let kind, let args, let labels, let content, let site):
            var values = Arguments()
            for a in args { values.append(try eval(a, fp)) }
            let contentValue = try content.map { (c: Node) throws(ScriptError) -> Value in try eval(c, fp) }
            return try makeView(kind, values, labels, content: contentValue, site)
        case .storeShared(let type):
            return .store(try storeInstance(type))
        case .build(let slot, let statements):
            fp[slot] = .array([])
            _ = try exec(statements, fp)
            return fp[slot]
        case .result(let args, let labels, _):
            var values = Arguments()
            for a in args { values.append(try eval(a, fp)) }
            return .tuple(TupleStorage(Array(values), labels: labels))
        case .run(let target, let site):
            return try perform(try eval(target, fp), site: site)
        case .system(let function, let args, let labels, let site):
            var values = Arguments()
            for a in args { values.append(try eval(a, fp)) }
            return try callSystem(function, values, labels, site)
        case .expectComparison(let info, let lhs, let rhs, let message, let site):
            try expectComparison(info, lhs, rhs, message, fp, site)
            return .null
        case .parameterRequest(let kind, let type, let index, let args, let labels, let site):
            var values = Arguments()
            for a in args { values.append(try eval(a, fp)) }
            return try parameterRequest(kind, type, index, values, labels, site)
        }
    }

    /// A value as text in a string or printed: an entity shows its `display:` title.
    func text(of value: Value, site: SourceRange) throws(ScriptError) -> String {
        if case .record(let r) = value, r.type.display != nil { return try displayTitle(value, site: site) }
        return value.description
    }

    @inline(__always)
    static func compareInts(_ op: ComparisonOp, _ x: Int, _ y: Int) -> Bool {
        switch op {
        case .less: return x < y
        case .lessEqual: return x <= y
        case .greater: return x > y
        case .greaterEqual: return x >= y
        }
    }

    /// Evaluates a condition, which must be a Bool (no truthiness).
    @inline(__always)
    func condition(_ node: Node, _ fp: UnsafeMutablePointer<Value>, _ site: SourceRange) throws(ScriptError) -> Bool {
        // Comparisons of Ints answer directly, without a `Value` in between.
        switch node {
        case .compareLocalInt(let op, let s, let k, _):
            if case .int(let x) = fp[s] { return Interpreter.compareInts(op, x, k) }
        case .compareLocals(let op, let a, let b, _):
            if case .int(let x) = fp[a], case .int(let y) = fp[b] { return Interpreter.compareInts(op, x, y) }
        default:
            break
        }
        let v = try eval(node, fp)
        if case .bool(let b) = v { return b }
        throw ScriptError.runtime("a condition must be a Bool, not '\(v.typeName)'", at: site)
    }

    // MARK: Stores

    /// The one instance of a store: its defaults, overlaid with what was saved.
    func storeInstance(_ type: RecordType) throws(ScriptError) -> StoreInstance {
        if let s = stores[ObjectIdentifier(type)] { return s }
        if let persistence, !transactions.loaded {
            try persistence.load()
            transactions.loaded = true
        }
        let instance = StoreInstance(type: type, fields: try savedFields(of: type))
        stores[ObjectIdentifier(type)] = instance
        return instance
    }

    /// A store's fields as last read from the file, each one not saved at its default.
    func savedFields(of type: RecordType) throws(ScriptError) -> [Value] {
        var fields = try defaultFields(of: type)
        if let persistence {
            for (i, value) in try persistence.savedFields(of: type, defaults: fields) { fields[i] = value }
        }
        return fields
    }

    func defaultFields(of type: RecordType) throws(ScriptError) -> [Value] {
        var fields = [Value](repeating: .null, count: type.fields.count)
        for (i, field) in type.fields.enumerated() {
            if let d = field.defaultValue {
                var v = try run(d)
                if let check = field.type { v = try coerce(v, to: check, what: "\(type.name).\(field.name)", site: d.range) }
                fields[i] = v
            } else if let check = field.type {
                fields[i] = check.zeroValue
            }
        }
        return fields
    }
}

extension TypeCheck {
    /// What a stored field without a default starts as.
    var zeroValue: Value {
        switch self {
        case .int: return .int(0)
        case .double: return .double(0)
        case .string: return .string("")
        case .bool: return .bool(false)
        case .array: return .array([])
        case .dictionary: return .dictionary(DictionaryStorage())
        default: return .null
        }
    }
}

/// How a `return`, `break` or `continue` leaves a statement list.
enum Flow {
    case normal
    case breakLoop
    case continueLoop
    case returned(Value)
}
