/// The syntax tree: what the source says, with byte ranges, before any name is
/// resolved. Each node is a struct with a `kind` enum and a `range`.

// MARK: Expressions

public struct Expr: Sendable {
    public var kind: ExprKind
    public var range: SourceRange
    public init(_ kind: ExprKind, _ range: SourceRange) { self.kind = kind; self.range = range }
}

public enum UnaryOp: String, Sendable { case negate = "-", not = "!", bitNot = "~", plus = "+" }

/// The casts: `as` (a conversion the type checker proves), `as?` (nil when it fails), `as!` (a runtime error), `is` (a test).
public enum CastKind: String, Sendable { case plain = "as", optional = "as?", forced = "as!", test = "is" }

public enum BinaryOp: String, Sendable, CaseIterable {
    case add = "+", subtract = "-", multiply = "*", divide = "/", remainder = "%"
    case halfOpenRange = "..<", closedRange = "..."
    case coalesce = "??"
    case equal = "==", notEqual = "!=", less = "<", lessEqual = "<=", greater = ">", greaterEqual = ">="
    /// `a === b`: the same class instance.
    case identical = "===", notIdentical = "!=="
    /// `pattern ~= value`: what a `case` of an expression pattern asks (a range contains the value, else `==`).
    case patternMatch = "~="
    case and = "&&", or = "||"
    case bitAnd = "&", bitOr = "|", bitXor = "^", shiftLeft = "<<", shiftRight = ">>"
    /// Swift's overflow operators: Int arithmetic that wraps around, and shifts by the amount modulo 64.
    case wrappingAdd = "&+", wrappingSubtract = "&-", wrappingMultiply = "&*", maskingShiftLeft = "&<<", maskingShiftRight = "&>>"

    /// Binding power, higher binds tighter (SPEC §2; Swift's precedence groups).
    public var precedence: Int {
        switch self {
        case .shiftLeft, .shiftRight, .maskingShiftLeft, .maskingShiftRight: return 80
        case .multiply, .divide, .remainder, .bitAnd, .wrappingMultiply: return 70
        case .add, .subtract, .bitOr, .bitXor, .wrappingAdd, .wrappingSubtract: return 60
        case .halfOpenRange, .closedRange: return 50
        case .coalesce: return 40
        case .equal, .notEqual, .identical, .notIdentical, .less, .lessEqual, .greater, .greaterEqual, .patternMatch: return 30
        case .and: return 20
        case .or: return 10
        }
    }

    public var isRightAssociative: Bool { self == .coalesce }
}

extension BinaryOp: Spelled {
    /// The cases' spellings in order, for `init?(spelling:)` (the parser's test of an operator token).
    public static let spellings = SpellingTable("+ - * / % ..< ... ?? == != < <= > >= === !== ~= && || & | ^ << >> &+ &- &* &<< &>>")
}

/// A call argument: `label: value` or just `value`.
public struct Argument: Sendable {
    public var label: String?
    public var labelRange: SourceRange?
    public var value: Expr
    public init(label: String?, labelRange: SourceRange?, value: Expr) {
        self.label = label
        self.labelRange = labelRange
        self.value = value
    }
}

public enum StringPart: Sendable {
    case text(String)
    case interpolation(Expr)
}

public struct ClosureExpr: Sendable {
    /// Named parameters (`{ a, b in … }`); empty when the body uses `$0` or nothing.
    public var parameters: [String]
    public var parameterRanges: [SourceRange]
    public var body: Block
    /// `{ (a: Int) -> Int in … }`: the written types, when given.
    public var parameterTypes: [TypeRef?] = []
    public var resultType: TypeRef?
    /// Written as a function's full name (`add(_:to:)`, `Trail.init(id:)`): a closure that calls it
    /// (`ClosureExpr.reference`), whose parameters take the function's types where no context gives them.
    public var isReference = false
    /// An `if` or `switch` used as a value (`let kind = if n > 0 { "pos" } else { "neg" }`, Swift 5.9): its one
    /// statement, each branch's expression its value (`ClosureExpr.statementExpression`).
    public var isStatementExpression = false
    /// `{ [self] in … }`, `[weak self]`, `[unowned self]`: it says it keeps `self`, so it may name its members bare.
    public var capturesSelf = false

    public init(parameters: [String], parameterRanges: [SourceRange], body: Block, parameterTypes: [TypeRef?] = [], resultType: TypeRef? = nil) {
        (self.parameters, self.parameterRanges, self.body) = (parameters, parameterRanges, body)
        (self.parameterTypes, self.resultType) = (parameterTypes, resultType)
    }
}

extension ClosureExpr {
    /// `if …` or `switch …` as a value: a closure of that one statement, called where it stands.
    public static func statementExpression(_ statement: Stmt) -> Expr {
        var closure = ClosureExpr(parameters: [], parameterRanges: [], body: Block([statement], statement.range))
        closure.isStatementExpression = true
        return Expr(.call(Expr(.closure(closure), statement.range), []), statement.range)
    }

    /// `callee(a:_:)` as a value: `{ callee(a: $0, $1) }`, marked as a reference.
    public static func reference(to callee: Expr, labels: [String?], range: SourceRange) -> Expr {
        let arguments = labels.enumerated().map { i, label in Argument(label: label, labelRange: nil, value: Expr(.dollarIndex(i), range)) }
        let call = Expr(.call(callee, arguments), range)
        var closure = ClosureExpr(parameters: [], parameterRanges: [], body: Block([Stmt(.expression(call), range)], range))
        closure.isReference = true
        return Expr(.closure(closure), range)
    }
}

public indirect enum ExprKind: Sendable {
    case integer(Int)
    case double(Double)
    case bool(Bool)
    case `nil`
    case string([StringPart])
    case identifier(String)
    /// `$name`: the projection of intent parameter `name`.
    case dollarName(String)
    /// `$0`: closure shorthand argument.
    case dollarIndex(Int)
    case `self`
    /// `.member` with the type left to context (`.single`, `.result(…)`).
    case implicitMember(String)
    /// `base.name`; `nameRange` points at the name.
    case member(Expr, String, nameRange: SourceRange)
    /// `base?` inside a postfix chain: nil short-circuits to the chain's end.
    case bindOptional(Expr)
    /// The whole postfix chain that contains a `bindOptional`.
    case optionalChain(Expr)
    case call(Expr, [Argument])
    case `subscript`(Expr, [Argument])
    case forceUnwrap(Expr)
    case unary(UnaryOp, Expr)
    case binary(BinaryOp, Expr, Expr)
    case ternary(Expr, Expr, Expr)
    case array([Expr])
    case dictionary([(key: Expr, value: Expr)])
    case tuple([Expr])
    case closure(ClosureExpr)
    /// `try x`, `try? x` (optional: true), `try! x` (forced: true).
    case `try`(Expr, optional: Bool, forced: Bool)
    case await(Expr)
    /// `run X(…)`: perform an intent as an action and evaluate to its value.
    case run(Expr)
    /// An operator used as a function: `sorted(by: >)`, `reduce(0, +)`.
    case operatorReference(BinaryOp)
    /// `\.title`, `\.self`, `\.address.city`, `\Trail.name`: a key path, used as a function from the root (written or
    /// given by the context) to the member.
    case keyPath([String], root: TypeRef?)
    /// `Set<Int>` in an expression (`Set<Int>()`): a written type used as a value.
    case typeValue(TypeRef)
    /// `(min: 1, max: 5)`: a tuple with labels (`nil` for an element without one).
    case labeledTuple([Expr], [String?])
    /// `&x`: a place passed to an `inout` parameter.
    case inoutArgument(Expr)
    /// `x as? T`, `x as! T`, `x is T`, `x as T`.
    case cast(Expr, TypeRef, CastKind)
    /// `2...`, `..<n`, `...n`: a range with one bound, for slicing (`xs[2...]`) and `case` patterns.
    case partialRange(lower: Expr?, upper: Expr?, closed: Bool)
}

// MARK: Types

public struct TypeRef: Sendable, CustomStringConvertible {
    public indirect enum Kind: Sendable {
        case named(String)
        /// `Set<Int>`: a generic type of the standard library with its arguments.
        case generic(String, [TypeRef])
        case array(TypeRef)
        case dictionary(TypeRef, TypeRef)
        case optional(TypeRef)
        case function([TypeRef], TypeRef)
        /// `(min: Int, max: Int)`: a label per element, nil where none is written.
        case tuple([TypeRef], labels: [String?])
    }
    public var kind: Kind
    public var range: SourceRange
    /// `() throws -> Int`: a function type whose calls need `try` (`Resolver+Escaping`).
    public var isThrowing = false
    /// `inout Int` as a function type's parameter (`(inout State, Action) -> Void`) or a closure's
    /// (`{ (n: inout Int) in … }`): a call passes it with `&` and gets its value back.
    public var isInout = false
    public init(_ kind: Kind, _ range: SourceRange) { self.kind = kind; self.range = range }

    public var description: String {
        switch kind {
        case .named(let n): return n
        case .generic(let n, let args): return "\(n)<\(args.map(\.description).joined(separator: ", "))>"
        case .array(let t): return "[\(t)]"
        case .dictionary(let k, let v): return "[\(k): \(v)]"
        case .optional(let t): return "\(t)?"
        case .function(let ps, let r): return "(\(ps.map(\.description).joined(separator: ", "))) -> \(r)"
        case .tuple(let ts, let labels):
            return "(" + zip(ts, labels).map { ($1.map { "\($0): " } ?? "") + $0.description }.joined(separator: ", ") + ")"
        }
    }
}

// MARK: Statements

public struct Block: Sendable {
    public var statements: [Stmt]
    public var range: SourceRange
    public init(_ statements: [Stmt], _ range: SourceRange) { self.statements = statements; self.range = range }
}

public struct Stmt: Sendable {
    public var kind: StmtKind
    public var range: SourceRange
    public init(_ kind: StmtKind, _ range: SourceRange) { self.kind = kind; self.range = range }
}

public enum AssignOp: String, Sendable {
    case assign = "=", add = "+=", subtract = "-=", multiply = "*=", divide = "/=", remainder = "%="
    case bitAnd = "&=", bitOr = "|=", bitXor = "^=", shiftLeft = "<<=", shiftRight = ">>="
    case wrappingAdd = "&+=", wrappingSubtract = "&-=", wrappingMultiply = "&*=", maskingShiftLeft = "&<<=", maskingShiftRight = "&>>="

    public var binary: BinaryOp? {
        switch self {
        case .assign: return nil
        case .add: return .add
        case .subtract: return .subtract
        case .multiply: return .multiply
        case .divide: return .divide
        case .remainder: return .remainder
        case .bitAnd: return .bitAnd
        case .bitOr: return .bitOr
        case .bitXor: return .bitXor
        case .shiftLeft: return .shiftLeft
        case .shiftRight: return .shiftRight
        case .wrappingAdd: return .wrappingAdd
        case .wrappingSubtract: return .wrappingSubtract
        case .wrappingMultiply: return .wrappingMultiply
        case .maskingShiftLeft: return .maskingShiftLeft
        case .maskingShiftRight: return .maskingShiftRight
        }
    }
}

/// A condition in `if`, `guard` or `while`: a Bool expression or an optional binding.
public enum Condition: Sendable {
    case expression(Expr)
    /// `let name = value` (value nil for the `if let name` shorthand).
    case binding(isVar: Bool, name: String, nameRange: SourceRange, value: Expr?)
    /// `case .num(let v) = token`: the value matches the pattern, whose names are bound.
    case pattern(CasePattern, Expr)

    /// The expressions the condition evaluates.
    public var expressions: [Expr] {
        switch self {
        case .expression(let e): return [e]
        case .binding(_, _, _, let value): return value.map { [$0] } ?? []
        case .pattern(let p, let e): return p.expressions + [e]
        }
    }
}

/// What a `for` binds: one name, `_`, or a tuple of names.
public enum Pattern: Sendable {
    case name(String, SourceRange)
    case wildcard
    case tuple([Pattern])
}

/// A `case` pattern (SPEC §3.2): a value (a range matches what it contains),
/// `let x`, `_`, a tuple of patterns, or a one-sided range (`..<0`, `...5`).
public indirect enum CasePattern: Sendable {
    case value(Expr)
    case bind(String, SourceRange)
    case wildcard(SourceRange)
    case tuple([CasePattern], SourceRange)
    case partialRange(upper: Expr, closed: Bool, SourceRange)
    /// `is T`: the value is a `T`.
    case isType(TypeRef, SourceRange)
    /// `let e as T`: the value is a `T`, matched on as one.
    case cast(CasePattern, TypeRef, SourceRange)
    /// `let x?`: the optional holds a value, which matches the inner pattern.
    case some(CasePattern, SourceRange)
    /// `.circle(let r)`, `Shape.square(side: 2)`: an enum case and patterns for its associated
    /// values (the checker reads it as a value, `.make(3)`, when the name is no such case).
    case enumCase(type: String?, name: String, arguments: [(label: String?, pattern: CasePattern)], SourceRange)
}

/// `catch`, `catch let e`, `catch let e as E`: tried in order; a typed one only catches values of its type.
public struct CatchClause: Sendable {
    /// `catch let e`, `catch let e as E` (neither: `error`).
    public var name: String?
    public var type: TypeRef?
    /// `catch DivError.zero`, `catch Failure.code(let c)`, `catch is E`, `catch A.x, A.y`: the error matches one
    /// of the patterns (none: any error).
    public var patterns: [CasePattern]
    /// `catch … where condition`.
    public var whereClause: Expr?
    public var body: Block
    public var range: SourceRange
    /// `do throws(BankError) { … } catch …`: the type of error its body throws, written on the `do`.
    public var caughtType: TypeRef? = nil
}

public struct SwitchCase: Sendable {
    /// Empty for `default`.
    public var patterns: [CasePattern]
    public var guardExpr: Expr?
    public var body: Block
    public var range: SourceRange
}

/// A block given one value under a name: an accessor's (`newValue`, `oldValue`), a query part's (`ids`).
public typealias ValueBlock = (parameter: String, body: Block)

public struct VarDecl: Sendable {
    public var isConstant: Bool
    public var pattern: Pattern
    public var type: TypeRef?
    public var initializer: Expr?
    /// A computed property's getter (`var x: Int { … }`).
    public var getter: Block?
    /// A computed property of `extension Stack where Element: Numeric`: the `where` clause's requirements, which its
    /// getter may rely on (`FunctionDecl.outerRequirements`).
    public var outerRequirements: [GenericParameter] = []
    /// Its setter (`set { … }`, `set(name) { … }`), with the name the new value has in it (`newValue`).
    public var setter: ValueBlock?
    /// A stored property's observers (`willSet { … }`, `didSet(old) { … }`), each with the name its value has in it.
    public var willSet: ValueBlock?
    public var didSet: ValueBlock?
    /// A subclass's `override var speed: Int { didSet { … } }` of an inherited stored property: its observers, the
    /// nearest subclass's last (`Inheritance.inheriting`).
    public var overridingObservers: [(before: ValueBlock?, after: ValueBlock?)] = []
    public var isObserved: Bool { self.willSet != nil || self.didSet != nil || !overridingObservers.isEmpty }
    /// `weak` or `unowned` written before it: nothing here observes an instance going away, but the type must be one
    /// that can be (a class's, optional for `weak`), as swiftc requires.
    public var ownership: String?
    /// `lazy var`: in a struct or class, the default is computed at the first read, with `self`, and kept; the read is
    /// a call of the mutating method `lazyGetterPrefix + name`.
    public var isLazy = false
    /// `async let`: its value is worked out where it is declared (everything runs in order here), and a thrown error is
    /// kept until a read, where Swift's surfaces (`try await x`).
    public var isAsyncLet = false
    public static let lazyGetterPrefix = "$lazy."
    /// `@Clamped(0, 10) var level = 5`: the property wrapper written before it (`PropertyWrappers` lowers it); on the
    /// storage it became (`_level`), the wrapper with the name the memberwise initialiser takes its value by.
    public var wrapper: PropertyWrapperUse?
    public var nameRange: SourceRange
    public var name: String {
        if case .name(let n, _) = pattern { return n }
        return "_"
    }

    /// A stored variable (the checker makes them too: a `for` loop's iterator).
    public init(isConstant: Bool, pattern: Pattern, type: TypeRef?, initializer: Expr?, nameRange: SourceRange) {
        (self.isConstant, self.pattern, self.type, self.initializer, self.nameRange) = (isConstant, pattern, type, initializer, nameRange)
    }

    init(isConstant: Bool, pattern: Pattern, type: TypeRef?, initializer: Expr?, getter: Block?, nameRange: SourceRange) {
        self.init(isConstant: isConstant, pattern: pattern, type: type, initializer: initializer, nameRange: nameRange)
        self.getter = getter
    }
}

/// A custom attribute before a property: the wrapper type's name and the arguments written after it. A class, so a
/// `VarDecl` grows by a word for it (the parser's recursive frames hold values that hold declarations).
public final class PropertyWrapperUse: Sendable {
    public let name: String
    public let arguments: [Argument]
    public let range: SourceRange
    /// On the storage a wrapped property became: the property's own name and type (`level: Int`).
    public let wrapped: (name: String, type: TypeRef?)?

    public init(name: String, arguments: [Argument], range: SourceRange, wrapped: (name: String, type: TypeRef?)? = nil) {
        (self.name, self.arguments, self.range, self.wrapped) = (name, arguments, range, wrapped)
    }

    /// The wrapper made of a value (`Clamped(wrappedValue: 5, 0, 10)`), or of its arguments alone (`Clamped(0, 10)`).
    public func made(wrapping value: Expr?, at range: SourceRange) -> Expr {
        let wrapped = value.map { [Argument(label: "wrappedValue", labelRange: nil, value: $0)] } ?? []
        return Expr(.call(Expr(.identifier(name), self.range), wrapped + arguments), range)
    }
}

/// A statement label (`outer:`) or a `break`'s or `continue`'s use of one.
public struct Label: Sendable {
    public var name: String
    public var range: SourceRange
}

public indirect enum StmtKind: Sendable {
    case expression(Expr)
    case assign(Expr, AssignOp, Expr)
    case variable(VarDecl)
    case `if`([Condition], Block, else: Stmt?)
    case `guard`([Condition], Block)
    case forIn(Pattern, Expr, where: Expr?, Block)
    case `while`([Condition], Block)
    case `repeat`(Block, Expr)
    case `switch`(Expr, [SwitchCase])
    case `return`(Expr?)
    /// `break`, `break outer`: out of the innermost loop or switch, or the labelled one.
    case `break`(Label?)
    /// `continue`, `continue outer`: the innermost loop's next turn, or the labelled loop's.
    case `continue`(Label?)
    /// `fallthrough`: on into the body of the innermost switch's next case.
    case `fallthrough`
    /// `outer: for …`: a loop or switch that `break outer` and `continue outer` name.
    case labeled(Label, Stmt)
    case `throw`(Expr)
    /// `do { } catch { }`; the catch may name its error (`catch let e`), else `error`.
    case `do`(Block, catches: [CatchClause])
    /// `show expr` in a flow.
    case show(Expr)
    case block(Block)
    /// `defer { … }`: runs when the enclosing scope is left, however it is left.
    case `defer`(Block)
    case declaration(Decl)
}
