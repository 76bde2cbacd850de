import ShortcutSyntax

/// A function's resolved code and frame layout.
///
/// Built once and not changed after: a closure's or method's code is made
/// whole when its body is resolved; a top-level function's is declared first
/// (so calls anywhere can point straight at it, as mutual recursion needs)
/// and completed once, when its body is resolved. Calls hold the code object
/// itself: reaching it through a link cost a retain and a release per call,
/// 35 % of `fib`'s time (measured with hyperfine and callgrind).
///
/// Frame: `[self?] [parameters] [captured cells] [locals]`. A call allocates
/// `frameSize` slots on the interpreter's value stack.
public final class FunctionCode {
    /// For traces: `fib(_:)`, `LogShotIntent.perform`.
    public let name: String
    let range: SourceRange
    private(set) var parameterLabels: [String?] = []
    private(set) var parameterChecks: [ScriptType?] = []
    /// Default argument code for parameters that have one.
    private(set) var defaults: [FunctionCode?] = []
    private(set) var returnCheck: ScriptType?
    /// The receiver occupies slot 0.
    private(set) var hasSelf = false
    private(set) var isMutating = false
    /// An `init?`: its `return nil` returns `false`, and the value it was run on becomes nil (`Interpreter.initialize`).
    var isFailable = false
    /// Where each captured cell goes in the frame.
    private(set) var captureSlots: [Int] = []
    private(set) var frameSize = 0
    private(set) var body: [Statement] = []
    /// The body as one expression, when it is only `return`s under `if`s (see `lowerToExpression`).
    private(set) var expressionBody: Node?
    /// Its `inout` parameters' values, read when it returns: it returns them after its result, in a tuple.
    var inoutReads: [Node] = []
    /// How its code is compiled (`Resolver.codeOptions`). Set before it is compiled (`complete`).
    var codeOptions = CodeOptions()
    /// Each parameter's check reduced to a scalar kind, so a call checks a tag, not a `ScriptType`.
    private(set) var parameterKinds: [ScalarKind] = []
    private(set) var returnKind: ScalarKind = .unchecked
    /// The body has been resolved (`complete` ran).
    private(set) var isComplete = false
    /// The body compiled to register bytecode when it was completed (what the VM runs).
    private(set) var bytecode: Bytecode?
    /// Slots a call's frame takes: the IR's `frameSize` and the bytecode's temporaries.
    private(set) var registerCount = 0
    /// What the VM reads to make a call, as plain values at a fixed address: there from the start (a
    /// caller compiled first points at it), filled in by `complete`.
    let callInfo: UnsafeMutablePointer<CallInfo>

    /// A top-level function, declared: calls may point at it before its body is resolved.
    init(declaring name: String, range: SourceRange) {
        self.name = name
        self.range = range
        callInfo = .allocate(capacity: 1)
        callInfo.initialize(to: CallInfo())
    }

    deinit {
        callInfo.pointee.parameterChecks?.deallocate()
        callInfo.deallocate()
    }

    /// Code whose body is already resolved.
    convenience init(name: String, parameterLabels: [String?], parameterChecks: [ScriptType?], defaults: [FunctionCode?], returnCheck: ScriptType?,
                     hasSelf: Bool, isMutating: Bool, captureSlots: [Int], frameSize: Int, body: [Statement], range: SourceRange,
                     codeOptions: CodeOptions = CodeOptions()) {
        self.init(declaring: name, range: range)
        self.codeOptions = codeOptions
        complete(parameterLabels: parameterLabels, parameterChecks: parameterChecks, defaults: defaults, returnCheck: returnCheck,
                 hasSelf: hasSelf, isMutating: isMutating, captureSlots: captureSlots, frameSize: frameSize, body: body)
    }

    /// A function of `arity` unlabelled parameters (slots 0…) whose body returns `value`, capturing
    /// nothing: an operator used as a function, a key path, `String.init`.
    convenience init(name: String, arity: Int, returning value: Node, range: SourceRange) {
        let none = [String?](repeating: nil, count: arity)
        self.init(name: name, parameterLabels: none, parameterChecks: none.map { _ in nil }, defaults: none.map { _ in nil }, returnCheck: nil,
                  hasSelf: false, isMutating: false, captureSlots: [], frameSize: arity, body: [.return(value, range)], range: range)
    }

    /// Gives a declared function its resolved body, once.
    func complete(parameterLabels: [String?], parameterChecks: [ScriptType?], defaults: [FunctionCode?], returnCheck: ScriptType?,
                  hasSelf: Bool, isMutating: Bool, captureSlots: [Int], frameSize: Int, body: [Statement]) {
        precondition(!isComplete, "a function's code is completed once")
        self.parameterLabels = parameterLabels
        self.parameterChecks = parameterChecks
        self.defaults = defaults
        self.returnCheck = returnCheck
        self.hasSelf = hasSelf
        self.isMutating = isMutating
        self.captureSlots = captureSlots
        self.frameSize = frameSize
        self.body = body
        self.expressionBody = Self.lowerToExpression(body[...])
        self.parameterKinds = parameterChecks.map(ScalarKind.init)
        self.returnKind = ScalarKind(returnCheck)
        isComplete = true
        let compiled = BytecodeCompiler.compile(self)
        bytecode = compiled
        registerCount = max(frameSize, compiled.registerCount)
        let checks = UnsafeMutablePointer<FieldCheck>.allocate(capacity: max(parameterChecks.count, 1))
        checks.initialize(from: parameterChecks.map(FieldCheck.init), count: parameterChecks.count)
        callInfo.pointee = CallInfo(bytecode: Unmanaged.passUnretained(compiled), registerCount: registerCount,
                                    frameEnd: Register(registerCount), referenceRegisters: compiled.referenceRegisters,
                                    parameterCount: parameterCount, firstParameter: hasSelf ? 1 : 0,
                                    parameterChecks: checks, returnCheck: FieldCheck(returnCheck), borrowsSelf: compiled.borrowsSelf,
                                    keepsParameters: compiled.keepsParameters,
                                    function: Unmanaged.passUnretained(self))
    }

    /// Lets go of the body when the program that owns this code goes: a body that
    /// calls its own function (or one that calls back) is a reference cycle.
    func releaseBody() {
        body = []
        expressionBody = nil
        defaults = []
        bytecode?.release()
        bytecode = nil
        callInfo.pointee.bytecode = nil
        callInfo.pointee.referenceRegisters = .none
    }

    /// A body made only of `return`s under `if`s becomes one expression, which the compiler turns into
    /// branches that each return (no jump past an `else` after a `return`).
    static func lowerToExpression(_ statements: ArraySlice<Statement>) -> Node? {
        guard let first = statements.first else { return nil }
        switch first {
        case .return(let value?, _):
            return value
        case .if(let condition, let then, let otherwise, let site):
            guard let whenTrue = lowerToExpression(then[...]) else { return nil }
            let rest = otherwise.isEmpty ? statements.dropFirst() : otherwise[...]
            guard let whenFalse = lowerToExpression(rest) else { return nil }
            return .ternary(condition, whenTrue, whenFalse, site)
        default:
            return nil
        }
    }

    var parameterCount: Int { parameterLabels.count }

}

/// A function's call layout as trivial values (no reference counting to read it): what the VM's
/// call and return read, where `FunctionCode` would cost a retain and a release.
struct CallInfo {
    /// Nil until the code is complete, and after the program has gone.
    var bytecode: Unmanaged<Bytecode>?
    var registerCount = 0
    /// The register past the frame's last (`registerCount`), as an offset: the loop's `fp + frameEnd` is the frame's end.
    var frameEnd: Register = 0
    /// The registers that may hold a reference when a frame is left (the bytecode's; none before the code is
    /// complete, when it has no frame, and after the program has gone).
    var referenceRegisters = ReferenceRegisters.none
    var parameterCount = 0
    /// Register 1 when the receiver takes register 0.
    var firstParameter: Register = 0
    /// How each argument is checked (most pass as they are: a scalar, an instance of the parameter's class).
    var parameterChecks: UnsafeMutablePointer<FieldCheck>?
    var returnCheck = FieldCheck.none
    /// The method only reads `self`: `call-method` lends it the receiver (`Bytecode.borrowsSelf`).
    var borrowsSelf = false
    /// A `call` or `call-method` may lend the function its arguments (`Bytecode.keepsParameters`).
    var keepsParameters = false
    /// The code itself, for what only it knows (its name for a trace, its result's full type).
    var function: Unmanaged<FunctionCode>?

    var name: String { function?.takeUnretainedValue().name ?? "" }
}

/// What a check needs of a value, as one byte: no check, one scalar type, or the full `ScriptType`.
enum ScalarKind: UInt8 {
    case unchecked, int, double, string, bool, other

    init(_ check: ScriptType?) {
        switch check {
        case nil, .any?, .typeParameter?: self = .unchecked
        case .int?: self = .int
        case .double?: self = .double
        case .string?, .character?, .substring?: self = .string
        case .bool?: self = .bool
        default: self = .other
        }
    }

    /// An `Int`, a `Double` or a `Bool`: a value of this kind holds no reference.
    var isNumberOrBool: Bool { self == .int || self == .double || self == .bool }

    /// The value passes without conversion (`.other` always takes the full check).
    @inline(__always)
    func admits(_ value: Value) -> Bool {
        switch (self, value) {
        case (.unchecked, _), (.int, .int), (.double, .double), (.string, .string), (.bool, .bool): return true
        default: return false
        }
    }
}

/// How a function's code is compiled (`Resolver.codeOptions`): where a program can see an instance go, and whether the
/// checker's types are asserted.
struct CodeOptions: Equatable {
    /// Variables keep their values to the end of their scope — no last use gives its value away
    /// (`BytecodeCompiler.takeLastUses`) — and a statement's temporary values go when it ends, as Swift's do.
    var keepsVariables = false
    /// The code's variables are Swift's globals — the main file's top level, an imported file's variables — which live
    /// until the run ends: no last use gives its value away (`BytecodeCompiler.takeLastUses`). Given away, a value was
    /// freed where its taker was next written, mid-run — an array of a million Ints destroyed element by element, 8 % of
    /// `bench/lists` — where Swift never frees a global.
    var keepsSlots = false
    /// After each statement, the `deinit`s of the instances it let go of run (`Interpreter.runDeinitializers`).
    var runsDeinitializers = false
    /// A variable's type the checker proved is asserted where it is made (`assert-type`, `Program.assertsTypes`).
    var assertsTypes = false
}
