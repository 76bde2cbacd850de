import ShortcutSyntax

/// A function's resolved code and frame layout.
///
/// Frame: `[self?] [parameters] [captured cells] [locals]`. A call allocates
/// `frameSize` slots on the interpreter's value stack.
public final class FunctionCode {
    /// For traces: `fib(_:)`, `LogShotIntent.perform`.
    public private(set) var name: String
    private(set) var parameterLabels: [String?]
    private(set) var parameterChecks: [TypeCheck?]
    /// Default argument code for parameters that have one.
    private(set) var defaults: [FunctionCode?]
    private(set) var returnCheck: TypeCheck?
    /// The receiver occupies slot 0.
    private(set) var hasSelf: Bool
    private(set) var isMutating: Bool
    /// Where each captured cell goes in the frame.
    var captureSlots: [Int]
    var frameSize: Int
    var body: [Statement]
    /// The body as one expression, when it is only `return`s under `if`s (see `lowerToExpression`).
    var expressionBody: Node?
    /// Each parameter's check reduced to a scalar kind, so a call checks a tag, not a `TypeCheck`.
    private(set) var parameterKinds: [ScalarKind] = []
    private(set) var returnKind: ScalarKind = .unchecked
    let range: SourceRange

    init(name: String, parameterLabels: [String?], parameterChecks: [TypeCheck?], defaults: [FunctionCode?], returnCheck: TypeCheck?,
         hasSelf: Bool, isMutating: Bool, captureSlots: [Int], frameSize: Int, body: [Statement], range: SourceRange) {
        self.name = name
        self.parameterLabels = parameterLabels
        self.parameterChecks = parameterChecks
        self.defaults = defaults
        self.returnCheck = returnCheck
        self.hasSelf = hasSelf
        self.isMutating = isMutating
        self.captureSlots = captureSlots
        self.frameSize = frameSize
        self.body = body
        self.range = range
        self.expressionBody = Self.lowerToExpression(body[...])
        self.parameterKinds = parameterChecks.map(ScalarKind.init)
        self.returnKind = ScalarKind(returnCheck)
    }

    /// A body made only of `return`s under `if`s becomes one expression, so a call
    /// evaluates it directly instead of passing a `Flow` up through each statement.
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

    /// Takes on another code's contents. A top-level function's code object is
    /// made when it is declared, so calls can point at it before its body is resolved.
    func become(_ other: FunctionCode) {
        name = other.name
        parameterLabels = other.parameterLabels
        parameterChecks = other.parameterChecks
        defaults = other.defaults
        returnCheck = other.returnCheck
        hasSelf = other.hasSelf
        isMutating = other.isMutating
        captureSlots = other.captureSlots
        frameSize = other.frameSize
        body = other.body
        expressionBody = other.expressionBody
        parameterKinds = other.parameterKinds
        returnKind = other.returnKind
    }

    /// A code object to be filled in by `become`.
    static func placeholder(name: String, range: SourceRange) -> FunctionCode {
        FunctionCode(name: name, parameterLabels: [], parameterChecks: [], defaults: [], returnCheck: nil, hasSelf: false,
                     isMutating: false, captureSlots: [], frameSize: 0, body: [], range: range)
    }
}

/// What a check needs of a value, as one byte: no check, one scalar type, or the full `TypeCheck`.
enum ScalarKind: UInt8 {
    case unchecked, int, double, string, bool, other

    init(_ check: TypeCheck?) {
        switch check {
        case nil, .any?: self = .unchecked
        case .int?: self = .int
        case .double?: self = .double
        case .string?: self = .string
        case .bool?: self = .bool
        default: self = .other
        }
    }

    /// The value passes without conversion (`.other` always takes the full check).
    @inline(__always)
    func admits(_ value: Value) -> Bool {
        switch (self, value) {
        case (.unchecked, _), (.int, .int), (.double, .double), (.string, .string), (.bool, .bool): return true
        default: return false
        }
    }
}
