import ShortcutSyntax

/// The resolved tree the interpreter walks. Every name is already a slot, a
/// global index, a type or a builtin: nothing is looked up by name while the
/// program runs, except members of values whose type only the run knows.

/// A member name, with its builtin meaning found once at resolve time.
public struct Name: Sendable {
    public let text: String
    let member: Member?
    /// What the checker proved of the value a read of this member gives, for the engine's typed instructions: `.int`,
    /// `.double` or `.bool` for a stored property of a struct or class declared of that type and for a collection's
    /// `count` and `isEmpty` (`Resolver.provenRead(ofMember:of:)`), `.other` where it proved nothing the engine uses.
    let kind: ScalarKind
    /// What else the checker knows of the member, as one byte: the flags below. (Four `Bool`s made a `Name` and the
    /// method table's entries large enough that the VM's read of a method's `member` copied the whole entry: Towers
    /// 302 M → 392 M instructions.)
    private let traits: Traits
    private struct Traits: OptionSet {
        let rawValue: UInt8
        static let pureRead = Traits(rawValue: 1)
        static let constant = Traits(rawValue: 2)
        static let plainStore = Traits(rawValue: 4)
        static let observedWhileInitializing = Traits(rawValue: 8)
    }
    /// A read of this member runs none of the program's code and changes nothing: a stored property of a struct or a
    /// final class (not lazy, not wrapped), a collection's `count` and `isEmpty` (`Resolver.provenRead(ofMember:of:)`).
    var isPureRead: Bool { traits.contains(.pureRead) }
    /// A pure read (`isPureRead`) of a `let` stored property: what it gives never changes while the value read from
    /// lives, so a register may borrow it across calls (`BytecodeCompiler.lendRegisters`).
    var isConstant: Bool { traits.contains(.constant) }
    /// A place's member whose assignment runs none of the program's code: a stored property of a struct or a final class
    /// with no observers (`Resolver.placeMemberName(_:of:)`), whose `kind` is then its declared type's; an assignment to it
    /// only stores.
    var isPlainStore: Bool { traits.contains(.plainStore) }
    /// A stored property a class's initializer sets that its superclass declares: set through its observers, as Swift
    /// does once `super.init` has run (`Resolver.selfMemberName`); a type's own are set directly while it is made.
    var isObservedWhileInitializing: Bool { traits.contains(.observedWhileInitializing) }
    init(_ text: String, kind: ScalarKind = .other, isPureRead: Bool = false, isConstant: Bool = false, isPlainStore: Bool = false,
         isObservedWhileInitializing: Bool = false) {
        self.text = text
        self.member = Member(rawValue: text)
        self.kind = kind
        var traits: Traits = []
        if isPureRead { traits.insert(.pureRead) }
        if isConstant { traits.insert(.constant) }
        if isPlainStore { traits.insert(.plainStore) }
        if isObservedWhileInitializing { traits.insert(.observedWhileInitializing) }
        self.traits = traits
    }

    /// A read's name with what the checker proved of it.
    init(_ text: String, read: ProvenRead) {
        self.init(text, kind: read.kind, isPureRead: read.isPure, isConstant: read.isConstant)
    }

    /// `append`, made once: `s.append(c)` on a String goes by name, and making a `Name` looks its text up.
    static let append = Name("append")
}

/// What the checker proved of a member read (`Resolver.provenRead(ofMember:of:)`), for its `Name`.
struct ProvenRead {
    var kind = ScalarKind.other
    var isPure = false
    var isConstant = false
}

/// `FloatingPointRoundingRule`'s cases, by the names a script writes (`x.rounded(.down)`): the checker's and the library's.
enum RoundingRules {
    static let byName: [String: FloatingPointRoundingRule] = [
        "up": .up, "down": .down, "towardZero": .towardZero, "awayFromZero": .awayFromZero,
        "toNearestOrAwayFromZero": .toNearestOrAwayFromZero, "toNearestOrEven": .toNearestOrEven,
    ]
    static var names: [String] { byName.keys.sorted() }
}

/// Member names the standard library gives meaning to, so the interpreter switches on an enum, not strings.
enum Member: String {
    case count, isEmpty, first, last, append, insert, remove, removeAll, removeLast, removeFirst, contains, reserveCapacity
    case firstIndex, lastIndex, map, compactMap, flatMap, filter, reduce, sorted, sort, reversed, reverse, joined, enumerated
    case sum, min, max, split, uppercased, lowercased, hasPrefix, hasSuffix, trimmingCharacters, trimmed, trimmingPrefix
    case replacingOccurrences, keys, values, removeValue, formatted, addingTimeInterval, isToday, timeIntervalSince
    case rawValue, allCases, shared, uuidString, description, lowerBound, upperBound, title, forEach, allSatisfy
    case prefix, suffix, dropFirst, dropLast, index, popLast, shuffled, randomElement, components, character
    case key, value, offset, element, isMultiple, squareRoot, rounded, magnitude, `self`, now, distance, joinedArrays, lazy
    case timeIntervalSince1970, year, month, day, hour, minute, second, weekday, updateValue, union, intersection
    // Sets (kept as arrays of unique elements): the checker gives their mutating methods these names.
    case subtracting, isSubset, sameElements, setInsert, setRemove, shuffle, merge, swapAt
    case drop, starts, elementsEqual, localizedCaseInsensitiveContains, symmetricDifference, isSuperset, isDisjoint, range
    case compare, caseInsensitiveCompare, localizedCompare, localizedCaseInsensitiveCompare, localizedStandardCompare
}

/// Where a closure's captured cell comes from in the enclosing frame.
enum CaptureSource {
    /// A cell slot of the enclosing function: the closure shares the variable.
    case cell(Int)
    /// A plain slot (`self`, an intent's parameter): the closure gets a copy.
    case value(Int)
}

public enum ArithmeticOp: Sendable {
    case add, subtract, multiply, divide, remainder, bitAnd, bitOr, bitXor, shiftLeft, shiftRight
    case wrappingAdd, wrappingSubtract, wrappingMultiply, maskingShiftLeft, maskingShiftRight
}
public enum ComparisonOp: Sendable { case less, lessEqual, greater, greaterEqual }

/// Builtin free functions and constructors.
enum Builtin: String, CaseIterable {
    case print, debugPrint, dump, min, max, abs, round, floor, ceil, sqrt, pow
    case int = "Int", double = "Double", string = "String", bool = "Bool", array = "Array"
    case date = "Date", uuid = "UUID", stride, zip, precondition, fatalError
    case set = "Set", dictionary = "Dictionary"
    /// `type(of: x)`: the value's type, as `Int.self` is one.
    case typeOf = "type"
    /// `\(x, specifier: "%.1f")`: a formatted interpolation (the name is one a program cannot write).
    case formatted = "\\(…)"
    /// What a device would do that a terminal does not (a `Logger` line, a widget reload): said with `--verbose`.
    case note = "\\note"
    /// `Task.sleep(for:)`: a pause, in seconds, that `--timeout` counts.
    case sleep = "\\sleep"
    /// `JSONEncoder`'s and `JSONDecoder`'s work (`StandardJSON`, `CodableJSON`): a value's JSON text with the formatting
    /// named; the value of a type a JSON text holds, beside why it does not (the names only the prelude calls them by).
    case jsonText = "__jsonText", jsonValue = "__jsonValue"
    /// The C library's functions of one or two `Double`s by name (`StandardMath`'s `sin`, `atan2`, `exp`…).
    case math = "__math"
    /// A `weak var`'s storage (`StandardTypes.weakSource`): a reference to a class's instance that does not keep it,
    /// and what it refers to (nil once the instance has gone).
    case weakReference = "__weakReference", weakValue = "__weakValue"
    /// The `deinit`s of the instances whose last reference has gone (`Interpreter.runDeinitializers`), after a statement.
    case deinitializers = "\\deinit"
    /// A struct a generic function made with its parameters unknown (`Box(v: 0)` in `make<T>() -> Box<T>`), made again as
    /// the use the call's type names (`Box<Double>`): its fields converted to that use's types, as Swift's would be.
    case retyped = "\\retyped"
    /// `T` as a value in a method of a generic type (`T.zero` in `Box<T>`'s): the type `self`'s use gives its parameter
    /// (arguments: `self`, the parameter's index, its name); with two (the type a call passed, the name), that type,
    /// checked to be there.
    case typeArgument = "\\typeArgument"
}

extension Builtin: Spelled {
    /// The cases' spellings in order, for `init?(spelling:)` (the resolver's test of a called name).
    static let spellings = SpellingTable("""
        print debugPrint dump min max abs round floor ceil sqrt pow Int Double String Bool Array Date UUID stride zip
        precondition fatalError Set Dictionary type \\(…) \\note \\sleep __jsonText __jsonValue __math __weakReference
        __weakValue \\deinit \\retyped \\typeArgument
        """)
}

indirect enum Node {
    case constant(Value)
    case local(Int)
    case cell(Int)
    case global(Int)
    case interpolate([Node], SourceRange)
    case negate(Node, SourceRange)
    case not(Node, SourceRange)
    case arithmetic(ArithmeticOp, Node, Node, SourceRange)
    // Specialised forms of the commonest operations (superinstructions): one
    // dispatch instead of three, and no operand `Value` built for the constant.
    case arithmeticLocalInt(ArithmeticOp, Int, Int, SourceRange)
    case arithmeticLocals(ArithmeticOp, Int, Int, SourceRange)
    case compareLocalInt(ComparisonOp, Int, Int, SourceRange)
    case compareLocals(ComparisonOp, Int, Int, SourceRange)
    case compare(ComparisonOp, Node, Node, SourceRange)
    case equal(Node, Node, negated: Bool)
    case and(Node, Node, SourceRange)
    case or(Node, Node, SourceRange)
    case coalesce(Node, Node)
    case makeRange(Node, Node, closed: Bool, SourceRange)
    case ternary(Node, Node, Node, SourceRange)
    case array([Node])
    case dictionary([Node], [Node], SourceRange)
    case tuple([Node])
    /// `(min: 1, max: 5)`: the labels go with the value, for `t.min`.
    case labeledTuple([Node], [String?])
    /// A tuple (or nil) given the labels of the type it was converted to: `let p: (x: Int, y: Int) = pair`.
    case relabel(Node, [String?])
    /// `.circle(radius: 2)`: a value of a case with associated values.
    case makeEnumCase(EnumCase, [Node])
    case closure(FunctionCode, [CaptureSource])
    /// A call of a top-level function known when resolving (not redefinable), arguments in parameter order.
    case callFunction(FunctionCode, [Node?], SourceRange)
    /// `callFunction` with exactly one argument, given (the commonest recursive call).
    case callFunction1(FunctionCode, Node, SourceRange)
    /// A call whose callee is a global function slot, arguments already in parameter order.
    /// `nil` arguments take the parameter's default.
    case callGlobal(Int, [Node?], SourceRange)
    case callBuiltin(Builtin, [Node], [String?], SourceRange)
    /// A call of any function value (closures in variables, parameters).
    case callValue(Node, [Node], [String?], SourceRange)
    case callMethod(Node, Name, [Node], [String?], SourceRange)
    /// `xs.append(x)` on a variable: the commonest mutating call, done without the general
    /// method machinery when the variable holds an array (anything else takes the general path).
    case appendToVariable(LValue, Node, SourceRange)
    /// A method call whose receiver is a place: it may change the receiver in place.
    case callMutating(LValue, Name, [Node], [String?], SourceRange)
    case member(Node, Name, SourceRange)
    case subscriptGet(Node, Node, SourceRange)
    /// `xs[2...]`: the elements from an index to the end.
    case sliceFrom(Node, Node, SourceRange)
    /// `d[key, default: value]`: the dictionary's value, or the default (computed only when the key is missing).
    case subscriptDefault(Node, Node, default: Node, SourceRange)
    case forceUnwrap(Node, SourceRange)
    case bindOptional(Node, SourceRange)
    case optionalChain(Node)
    case tryOptional(Node)
    /// An `async let`'s value: a thrown error is kept as the value (`PendingError`), to be thrown by a read (`rethrowing`).
    case keepingError(Node)
    /// A read of an `async let` whose value may be a kept error: thrown here.
    case rethrowing(Node)
    /// `try! x`: a thrown error stops the program (a runtime error no `catch` takes), as Swift's does.
    case tryForced(Node, SourceRange)
    /// Memberwise initialiser: arguments in field order, nil where the default applies.
    case construct(RecordType, [Node?], SourceRange)
    /// A declared `init`: a new value with its fields' defaults, then the `init` run on it; arguments in
    /// parameter order, nil where the parameter's default applies.
    case initRecord(RecordType, FunctionCode, [Node?], SourceRange)
    /// An enum's `init`: run on nil, as a mutating method, whose `self = .case` makes the value.
    case initEnum(EnumType, FunctionCode, [Node?], SourceRange)
    /// `M(selection: x)` for a store: the one instance; the `init` runs only when nothing is saved for it yet.
    case storeInit(RecordType, FunctionCode, [Node?], SourceRange)
    case makeIntent(IntentType, [Node?], SourceRange)
    case callView(ViewType, [Node?], SourceRange)
    /// A builtin view: `VStack(spacing: 12) { … }`; the content closure is a builder.
    case makeView(ViewKind, name: String, [Node], [String?], content: Node?, SourceRange)
    /// `view.font(.title)` on an expression that certainly yields a view.
    case modify(Node, ModifierCall, [Node], SourceRange)
    case storeShared(RecordType)
    case run(Node, SourceRange)
    /// A builder body: runs statements that append to the array in `slot`, yields the array.
    case build(slot: Int, [Statement])
    /// A function the system provides (`requestChoice`, `ask`, `expect`, …).
    case system(SystemFunction, [Node], [String?], SourceRange)
    /// `$name.requestValue(…)` and the other requests a parameter's projection makes.
    case parameterRequest(ParameterRequestKind, IntentType, Int, [Node], [String?], SourceRange)
    /// `expect(a op b, message)` in a test: both sides are shown when it fails.
    case expectComparison(ExpectInfo, Node, Node, Node?, SourceRange)
    /// `.result(value:, dialog:, …)`, its parts found by label.
    case result(ResultCode, SourceRange)
    /// `x as? T` (nil when it does not fit), `x as! T` (a runtime error), `x is T` (a Bool).
    case cast(Node, ScriptType, CastKind, SourceRange)
}

/// A place that can be assigned to or changed in place.
indirect enum LValue {
    case local(Int)
    case cell(Int)
    case global(Int)
    case member(LValue, Name, SourceRange)
    case `subscript`(LValue, Node, SourceRange)
    /// `d[key, default: value] += 1`: a missing key starts as the default.
    case subscriptDefault(LValue, Node, default: Node, SourceRange)
    case forceUnwrap(LValue, SourceRange)
    /// `a?.b = x`: nothing happens when `a` is nil.
    case optional(LValue, SourceRange)
    /// A reference that an expression yields (`Store.shared`): changed in place, never written back.
    case reference(Node, SourceRange)
}

indirect enum Statement {
    case expression(Node)
    case assign(LValue, Node, SourceRange)
    case compoundAssign(LValue, ArithmeticOp, Node, SourceRange)
    /// Initialise a slot (`let`, `var`) with the variable's static type: checked when the checker
    /// could not prove it, asserted in the type-assertion mode when it did.
    case initLocal(Int, Node, Annotation?, name: String, SourceRange)
    case initCell(Int, Node, Annotation?, name: String, SourceRange)
    case initGlobal(Int, Node, Annotation?, name: String, SourceRange)
    /// Destructure a tuple into slots (`for (i, x) in …`).
    case destructure([Binding], Node, SourceRange)
    case `if`(Node, [Statement], [Statement], SourceRange)
    /// `if let`: bindings are tried in order; each condition is a binding or a Bool test.
    case ifConditions([ConditionCode], [Statement], [Statement])
    case `guard`([ConditionCode], [Statement], SourceRange)
    case `while`([ConditionCode], [Statement])
    case repeatWhile([Statement], Node, SourceRange)
    case forRange(Binding, Node, Node, closed: Bool, [Statement], SourceRange)
    case forEach([Binding], Node, where: Node?, [Statement], SourceRange)
    case `switch`(Node, [SwitchCaseCode], SourceRange)
    case `return`(Node?, SourceRange)
    /// Out of the innermost loop or switch, or `levels` further out (`break outer`).
    case `break`(levels: Int?)
    /// The innermost loop's next turn, or the loop `levels` controls out (`continue outer`).
    case `continue`(levels: Int?)
    /// On into the body of the innermost switch's next case (the checker saw there is one that binds nothing).
    case `fallthrough`
    case `throw`(Node, SourceRange)
    /// `do { } catch … { }`: the first clause whose type fits the thrown value runs; none: it is thrown on.
    case doCatch([Statement], [CatchCode])
    case block([Statement])
    /// The statements after a `defer` in its scope, then the deferred ones, however the first ended.
    case deferred([Statement], cleanup: [Statement])
    case show(Node, SourceRange)
    /// Append a view-builder child to the array in `slot`.
    case buildAppend(slot: Int, Node, SourceRange)
}

/// A variable's static type where a value is stored in it.
struct Annotation {
    let type: ScriptType
    /// The checker could not prove the value's type: it is checked (and converted) when it runs.
    /// Otherwise the type is only asserted, in the mode the test suite turns on (SPEC §3.1: a
    /// checked program never meets a mismatch; meeting one is a bug in the checker).
    let isEnforced: Bool
}

/// Where a bound name goes: a plain slot or a captured cell.
enum Binding {
    case slot(Int)
    case cell(Int)
    case discard
}

enum ConditionCode {
    case test(Node, SourceRange)
    case bind(Binding, Node, ScriptType?)
    /// `if case pattern = value`.
    case match(PatternCode, Node, SourceRange)
}

/// A checked `case` pattern: what it compares, and where it binds.
indirect enum PatternCode {
    /// `==`, or, for a range, containment.
    case value(Node)
    /// `..<5`, `...5`.
    case upTo(Node, closed: Bool)
    /// `90...`.
    case from(Node)
    /// Every one of the patterns: `0.8..<0.9` of a `Double` (from its lower bound, up to its upper one).
    case all([PatternCode])
    case bind(Binding)
    case wildcard
    case tuple([PatternCode])
    /// `is T`; `let e as T` (the value fits `T`, then the inner pattern); `let x?` (not nil, then the inner).
    case isType(ScriptType)
    case cast(PatternCode, ScriptType)
    case some(PatternCode)
    /// A case of an enum (by index) and, unless nil (`case .circle:`), patterns for its associated
    /// values — one pattern for all of them as a tuple when `tupled`.
    case enumCase(index: Int, [PatternCode]?, tupled: Bool)
}

struct CatchCode {
    var binding: Binding
    /// `catch let e as E`: only values of this type.
    var type: ScriptType?
    /// `catch DivError.zero`, `catch E.code(let c)`, `catch E.a, E.b`: only values that match one (binding as they
    /// match); none: every value.
    var patterns: [PatternCode] = []
    /// `catch … where condition`, checked once the clause's names are bound.
    var guardNode: Node?
    var body: [Statement]
}

struct SwitchCaseCode {
    /// Empty for `default`.
    var patterns: [PatternCode]
    var guardNode: Node?
    var body: [Statement]
}

/// The parts of a `.result(…)` (SPEC §6), each the code that computes it.
struct ResultCode {
    var value: Node?
    var opensIntent: Node?
    var dialog: Node?
    var view: Node?
    var snippetIntent: Node?

    /// The parts given, in §6's order, for printing.
    var parts: [(label: String, node: Node)] {
        [("value", value), ("opensIntent", opensIntent), ("dialog", dialog), ("view", view), ("snippetIntent", snippetIntent)]
            .compactMap { label, n in n.map { (label, $0) } }
    }
}
