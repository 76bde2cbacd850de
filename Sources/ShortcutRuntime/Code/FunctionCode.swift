import ShortcutSyntax

/// A function's resolved code and frame layout, built once by the resolver
/// and never changed.
///
/// Frame: `[self?] [parameters] [captured cells] [locals]`. A call allocates
/// `frameSize` slots on the interpreter's value stack.
public final class FunctionCode {
    /// For traces: `fib(_:)`, `LogShotIntent.perform`.
    public let name: String
    let parameterLabels: [String?]
    let parameterChecks: [TypeCheck?]
    /// Default argument code for parameters that have one.
    let defaults: [FunctionCode?]
    let returnCheck: TypeCheck?
    /// The receiver occupies slot 0.
    let hasSelf: Bool
    let isMutating: Bool
    /// Where each captured cell goes in the frame.
    let captureSlots: [Int]
    let frameSize: Int
    let body: [Statement]
    /// The body as one expression, when it is only `return`s under `if`s (see `lowerToExpression`).
    let expressionBody: Node?
    /// Each parameter's check reduced to a scalar kind, so a call checks a tag, not a `TypeCheck`.
    let parameterKinds: [ScalarKind]
    let returnKind: ScalarKind
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

}

/// A call's target among the top-level functions. Functions may call each
/// other in any order, so a call is resolved to a link before its callee's
/// body is; the resolver binds the link once, when the callee's code is built.
public final class FunctionLink {
    let name: String
    @exclusivity(unchecked) private(set) var code: FunctionCode?

    init(name: String) { self.name = name }

    func bind(_ code: FunctionCode) {
        precondition(self.code == nil, "a function link is bound once")
        self.code = code
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
