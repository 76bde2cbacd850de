import ShortcutSyntax

/// A checked type annotation, applied where a value crosses it (SPEC §3).
public indirect enum TypeCheck: CustomStringConvertible {
    case any
    case int, double, string, bool, date
    case array(TypeCheck)
    case dictionary(TypeCheck, TypeCheck)
    case optional(TypeCheck)
    case function
    case tuple(Int)
    case enumeration(EnumType)
    case record(RecordType)
    case intent(IntentType)
    case view
    case void

    public var description: String {
        switch self {
        case .any: return "Any"
        case .int: return "Int"
        case .double: return "Double"
        case .string: return "String"
        case .bool: return "Bool"
        case .date: return "Date"
        case .array(let t): return "[\(t)]"
        case .dictionary(let k, let v): return "[\(k): \(v)]"
        case .optional(let t): return "\(t)?"
        case .function: return "function"
        case .tuple(let n): return "(\(Array(repeating: "_", count: n).joined(separator: ", ")))"
        case .enumeration(let e): return e.name
        case .record(let r): return r.name
        case .intent(let i): return i.name
        case .view: return "View"
        case .void: return "Void"
        }
    }

    /// The value a declaration of this type starts with when it has no default
    /// (`nil` for optionals), or nil when there is none.
    var implicitDefault: Value? {
        if case .optional = self { return .null }
        return nil
    }
}

/// A resolved `enum` declaration.
public final class EnumType {
    public let name: String
    public var title: String
    public var cases: [EnumCase] = []
    public var rawType: TypeCheck?
    var caseIndex: [String: Int] = [:]
    var methods: [String: FunctionCode] = [:]
    var computed: [String: FunctionCode] = [:]

    init(name: String) {
        self.name = name
        self.title = name
    }

    func lookup(_ name: String) -> EnumCase? { caseIndex[name].map { cases[$0] } }
}

/// A field of a struct, entity or store.
public struct FieldInfo {
    public var name: String
    public var type: TypeCheck?
    public var isConstant: Bool
    /// Code that computes the default value (run with no frame of its own).
    var defaultValue: FunctionCode?
    /// The declaration gives a default, known before the default's code is resolved.
    var hasDefault = false
}

/// A resolved `struct`, `entity` or `store`.
public final class RecordType {
    public let name: String
    public let kind: TypeDecl.Kind
    public var fields: [FieldInfo] = []
    var fieldIndex: [String: Int] = [:]
    var methods: [String: FunctionCode] = [:]
    var computed: [String: FunctionCode] = [:]
    /// Entities: the display title's code and the query's parts.
    var display: FunctionCode?
    var title: String
    var query: [String: FunctionCode] = [:]

    init(name: String, kind: TypeDecl.Kind) {
        self.name = name
        self.kind = kind
        self.title = name
    }
}

/// A resolved `intent` or `snippet`.
public final class IntentType {
    public let name: String
    public let isSnippet: Bool
    public var title: String
    /// Offered to people (Shortcuts, Spotlight, a default run target); snippets are not unless they say so.
    public var isDiscoverable: Bool
    public var metadata: [String: FunctionCode] = [:]
    public var parameters: [IntentParameter] = []
    var parameterIndex: [String: Int] = [:]
    /// Dependencies: member name → store type.
    var dependencies: [(name: String, store: RecordType)] = []
    /// `let` constants and `func` helpers.
    var constants: [(name: String, code: FunctionCode)] = []
    var methods: [String: FunctionCode] = [:]
    /// Runs `perform`; slot 0 is the intent value (`self`).
    var perform: FunctionCode?
    public var range: SourceRange

    init(name: String, isSnippet: Bool, range: SourceRange) {
        self.name = name
        self.isSnippet = isSnippet
        self.title = name
        self.isDiscoverable = !isSnippet
        self.range = range
    }
}

public struct IntentParameter {
    public var name: String
    public var type: TypeCheck
    public var title: String
    /// The default value's code, if `default:` was given.
    var defaultValue: FunctionCode?
    /// `requestValueDialog:`, the prompt when the system asks for it.
    var requestDialog: FunctionCode?
    public var isRequired: Bool
}

/// A resolved `view` declaration: a function from its parameters to a view.
public final class ViewType {
    public let name: String
    var code: FunctionCode?
    init(name: String) { self.name = name }
}

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

/// A function value: code plus the cells it captured, or a bound method.
public final class Function {
    let code: FunctionCode
    let captures: [Cell]
    /// For bound methods (`let f = xs.append` is not supported; this is for `store.method` values).
    let receiver: Value?
    init(code: FunctionCode, captures: [Cell], receiver: Value? = nil) {
        self.code = code
        self.captures = captures
        self.receiver = receiver
    }
}

/// A view value: a node of the view tree with every modifier kept (SPEC §7).
public final class ViewNode {
    public let kind: String
    /// Arguments in source order (`spacing: 12`, `systemName: "plus"`).
    public var properties: [(name: String, value: Value)]
    public var children: [ViewNode]
    public var modifiers: [(name: String, arguments: [(label: String?, value: Value)])]
    /// Set on buttons and toggles when a snippet is shown: the number a person taps.
    public internal(set) var actionIndex: Int?

    init(kind: String, properties: [(name: String, value: Value)] = [], children: [ViewNode] = [],
         modifiers: [(name: String, arguments: [(label: String?, value: Value)])] = []) {
        self.kind = kind
        self.properties = properties
        self.children = children
        self.modifiers = modifiers
    }

    public func property(_ name: String) -> Value? { properties.first { $0.name == name }?.value }

    /// A toggle's state (`isOn:`); false for anything else.
    public var isOn: Bool {
        if case .bool(let on)? = property("isOn") { return on }
        return false
    }
}
