import ShortcutSyntax

/// The static types of a type's methods and computed properties, known before
/// any body is resolved, so a method may use a sibling declared after it.
struct MemberTypes {
    /// By key: a method's name, or for a second method of one name (an overload), a key of its own.
    var methods: [String: FunctionSignature] = [:]
    var computed: [String: ScriptType] = [:]
    /// The types computed properties are declared with, as written (`var firstItem: Item?` of a protocol's extension).
    var computedRefs: [String: TypeRef] = [:]
    /// The computed properties with a setter (`set { … }`): they may be assigned.
    var settable: Set<String> = []
    /// Name → the keys of its methods, when there is more than one.
    var overloads: [String: [String]] = [:]

    /// A computed property without a setter: it can be read, not assigned.
    func isGetOnly(_ name: String) -> Bool { computed[name] != nil && !settable.contains(name) }

    /// A `Sequence`'s elements (what its `makeIterator()`'s `next()` gives) or an `IteratorProtocol`'s (its `next()`'s).
    var sequenceElement: ScriptType? {
        if let iterator = methods["makeIterator"], iterator.labels.isEmpty {
            switch iterator.result {
            case .record(let r): return r.memberTypes.iteratorElement
            case .enumeration(let e): return e.memberTypes.iteratorElement
            default: return .any
            }
        }
        return iteratorElement
    }

    var iteratorElement: ScriptType? {
        guard let next = methods["next"], next.labels.isEmpty else { return nil }
        return next.result.wrapped ?? .any
    }
}


/// A resolved `enum` declaration.
public final class EnumType {
    public let name: String
    /// The module Swift would name it with inside a printed collection (`main.Shot.single`): its file's.
    var module = "main"
    /// A generic enum's parameters; a use of one (`Tree<Int>`), that enum and the arguments (`Resolver+GenericTypes`).
    var genericParameters: [String] = []
    var template: EnumType?
    var typeArguments: [ScriptType] = []
    /// The enum as declared: a use of a generic enum is that enum when the program runs (its cases' `typeIdentifier`).
    var root: EnumType { template ?? self }

    /// The same enum: itself, or a use of a generic enum and that enum; two uses with other arguments are not.
    func isType(of other: EnumType) -> Bool {
        self === other || root === other.root && (template == nil || other.template == nil)
    }
    public internal(set) var title: String
    public internal(set) var cases: [EnumCase] = []
    public internal(set) var rawType: ScriptType?
    var caseIndex: [String: Int] = [:]
    /// Declared `init`s (`self = .large`), each run on nil as a mutating method (`Resolver+Initializers`).
    var initializers: [(code: FunctionCode, decl: FunctionDecl, signature: FunctionSignature)] = []
    var methods: [String: FunctionCode] = [:]
    var computed: [String: FunctionCode] = [:]
    var memberTypes = MemberTypes()
    /// `static func <` (Comparable): the order `sorted()`, `min()` and `<` use.
    var lessThan: FunctionCode?
    /// `static func ==` (Equatable): the equality `contains(_:)` and `firstIndex(of:)` use (`==` itself calls it).
    var equals: FunctionCode?
    var declaresLessThan = false
    /// Declared `Comparable` with no `<` and no raw type: ordered by its cases' order, then their associated values (Swift's
    /// synthesised conformance).
    var synthesizesOrder = false
    /// Conforms to `CustomStringConvertible`: printed by its `description`.
    var describesItself = false
    /// Conforms to `Error` (or `LocalizedError`): it has a `localizedDescription`.
    var isError = false
    /// The program's protocols it conforms to, those they inherit included (`x is Shape`).
    var protocols: Set<String> = []

    init(name: String) {
        self.name = name
        self.title = name
    }

    func lookup(_ name: String) -> EnumCase? { caseIndex[name].map { cases[$0] } }
}

/// A field of a struct, entity or store.
public struct FieldInfo {
    public internal(set) var name: String
    public internal(set) var type: ScriptType?
    public internal(set) var isConstant: Bool
    /// Code that computes the default value (run with no frame of its own).
    var defaultValue: FunctionCode?
    /// The declaration gives a default, known before the default's code is resolved.
    var hasDefault = false
    /// It has observers (`willSet`, `didSet`: `RecordType.observers`): every write goes where they are called.
    var isObserved = false
}

/// Field positions by name. A type has a handful of fields: comparing a name with each (a short
/// string compares as two words) is several times faster than hashing it, which every field read and
/// write did (a fifth of Richards' time); past `linearLimit` fields, a dictionary.
struct FieldIndex {
    static let linearLimit = 12
    private var entries: [(name: String, position: Int)] = []
    private var byName: [String: Int] = [:]

    subscript(name: String) -> Int? {
        get {
            if entries.count > Self.linearLimit { return byName[name] }
            for entry in entries where entry.name == name { return entry.position }
            return nil
        }
        set {
            entries.removeAll { $0.name == name }
            byName[name] = newValue
            if let newValue { entries.append((name, newValue)) }
        }
    }
}

/// A resolved `struct`, `entity` or `store`.
public final class RecordType {
    public let name: String
    public let kind: TypeDecl.Kind
    /// A store or a class: a value of it is a reference, changed in place wherever it is held.
    public var isReference: Bool { kind == .store || kind == .class }
    /// Each stored property holds a value of its declared type, as the engine may rely on: a struct or class of the
    /// program's that is not generic (a generic type's code sees its parameters as `Any`), not a store (its fields come
    /// from a file) — `Resolver.provenRead(ofMember:of:)`, `BytecodeCompiler.plainRecord`.
    var keepsDeclaredTypes: Bool { (kind == .struct || kind == .class) && template == nil && genericParameters.isEmpty }
    /// A class's module, as Swift prints an instance (`counter.Counter`): the declaring file's name.
    var module = "main"
    /// A generic type's parameters (`struct Stack<Element>`).
    var genericParameters: [String] = []
    /// An `actor`, and its members written `nonisolated` (`Resolver+Actors`).
    var isActor = false, nonisolated: Set<String> = []
    /// `final class`: no subclass overrides a stored property with code of its own.
    var isFinal = false
    /// A use of a generic type (`Stack<Int>`, `Resolver+GenericTypes`): that type, and the arguments; nil for any other.
    var template: RecordType?
    var typeArguments: [ScriptType] = []
    /// Whether this is the generic `ClosedRange` (`closed`) or `Range` itself, not a use of it: what a generic function's
    /// `ClosedRange<T>` parameter is, which a range of Ints (the engine's own value) fits.
    func isRangeTemplate(closed: Bool) -> Bool { template == nil && name == (closed ? "ClosedRange" : "Range") }
    /// The type as declared: a use of a generic type is that type when the program runs (values of `Box<Int>` and of
    /// `Box` made inside `Box`'s own code are one type); any other type is itself.
    var root: RecordType { template ?? self }
    public internal(set) var fields: [FieldInfo] = [] {
        didSet { fieldChecks = fields.map { $0.type ?? .any } }
    }
    /// Each field's declared type (`Any` where none), shared by the type's instances (`StoreInstance.checks`).
    private(set) var fieldChecks: [ScriptType] = []
    var fieldIndex = FieldIndex()
    var methods: [String: FunctionCode] = [:]
    var computed: [String: FunctionCode] = [:]
    /// Computed properties' setters, each a method of one parameter (`newValue`); mutating on a struct.
    var setters: [String: FunctionCode] = [:]
    /// Stored properties' observers, each a method of one parameter (the new value, the old); mutating on a struct.
    /// A stored property's `willSet`s and `didSet`s, in the order they run: a subclass's `willSet` before its superclass's,
    /// its `didSet` after (Swift's overriding observers wrap the superclass's setter).
    var observers: [String: (willSet: [FunctionCode], didSet: [FunctionCode])] = [:]
    /// `lazy var`s by name, with the type a read gives; the field holds nil until the first read (`VarDecl.isLazy`).
    var lazyProperties: [String: ScriptType] = [:]
    /// Its values compare with `==` (and `contains`, `firstIndex(of:)`…): a struct's always, a class's through `Equatable`.
    var comparesEqual = true
    var memberTypes = MemberTypes()
    /// `static func <` (Comparable): the order `sorted()`, `min()` and `<` use.
    var lessThan: FunctionCode?
    /// `static func ==` (Equatable): the equality `contains(_:)` and `firstIndex(of:)` use (`==` itself calls it).
    var equals: FunctionCode?
    /// `func hash(into hasher: inout Hasher)` (Hashable): what its values hash by as a set's elements or a dictionary's keys.
    var hashInto: FunctionCode?
    /// The running interpreter's `equals` and `hashInto`, for `Value`'s `==` and hashing — a set's and a dictionary's too
    /// (`Interpreter.installKeyHooks`); nil where the type declares neither.
    var keyEquals: ((Value, Value) -> Bool?)?
    var keyHash: ((Value) -> Value?)?
    var declaresLessThan = false
    /// Conforms to `CustomStringConvertible`: printed by its `description`.
    var describesItself = false
    /// Conforms to `Error` (or `LocalizedError`): it has a `localizedDescription`.
    var isError = false
    /// The program's protocols it conforms to, those they inherit included (`x is Shape`).
    var protocols: Set<String> = []
    /// Declared `init`s: each runs on a new value whose fields hold their defaults (or nothing yet).
    var initializers: [(code: FunctionCode, decl: FunctionDecl, signature: FunctionSignature)] = []
    /// The memberwise initialiser still exists (no `init` in the type's own body).
    var hasMemberwiseInitializer = true
    /// The stored properties each of its `init`s must assign (`Resolver+InitializerFlow`): no initial value, not an optional
    /// `var`, not computed, lazy or wrapped; each with where it is declared.
    var requiredProperties: [(name: String, range: SourceRange)] = []
    /// A class's superclass (`Resolver+Inheritance`): its instances are values of that type too.
    var superclass: RecordType?
    /// A class's `deinit` (`Resolver.resolveDeinitializer`), and where its instances go to have it run once their last
    /// reference has gone (an interpreter's, set when it prepares: `Interpreter.runDeinitializers`).
    var deinitializer: FunctionCode?
    weak var endedInstances: EndedInstances?
    /// Its class or a superclass has a `deinit`.
    var runsDeinitializer: Bool { deinitializer != nil || superclass?.runsDeinitializer == true }
    /// `initializers` are the superclass's (resolved with it, not again here).
    var inheritsInitializers = false
    /// A superclass's method kept under a key of this class's (the class overloads its name): key → the superclass's key.
    var inheritedKeys: [String: String] = [:]
    /// Entities: the display title's code and the query's parts.
    var display: FunctionCode?
    var title: String
    var query: [String: FunctionCode] = [:]

    init(name: String, kind: TypeDecl.Kind, isFinal: Bool = false) {
        self.name = name
        self.kind = kind
        self.title = name
        self.isFinal = isFinal
    }
}

/// A resolved `intent` or `snippet`.
public final class IntentType {
    public let name: String
    public let isSnippet: Bool
    public internal(set) var title: String
    /// Offered to people (Shortcuts, Spotlight, a default run target); snippets are not unless they say so.
    public internal(set) var isDiscoverable: Bool
    public internal(set) var metadata: [String: FunctionCode] = [:]
    /// `static var supportedModes = .background` as written: where a device runs it, shown by `list` (SPEC §13).
    public internal(set) var supportedModes: String?
    /// `static var authenticationPolicy = .requiresAuthentication` as written, shown by `list`.
    public internal(set) var authenticationPolicy: String?
    public internal(set) var parameters: [IntentParameter] = []
    var parameterIndex: [String: Int] = [:]
    /// Dependencies: member name → store type.
    var dependencies: [(name: String, store: RecordType)] = []
    /// `let` constants and `func` helpers.
    /// A stored one (`var tracker = Tracker()`) is computed once for each intent value, at its first read, and kept
    /// (`IntentValue.stored`): a class instance it makes stays the same one, as a device's intent holds it.
    var constants: [(name: String, code: FunctionCode, isStored: Bool)] = []
    var methods: [String: FunctionCode] = [:]
    var memberTypes = MemberTypes()
    /// The type of the value its `perform` returns with `.result(value:)`: what `run` of it gives.
    var valueType: ScriptType?
    /// Runs `perform`; slot 0 is the intent value (`self`).
    var perform: FunctionCode?
    public internal(set) var range: SourceRange

    init(name: String, isSnippet: Bool, range: SourceRange) {
        self.name = name
        self.isSnippet = isSnippet
        self.title = name
        self.isDiscoverable = !isSnippet
        self.range = range
    }
}

public struct IntentParameter {
    public internal(set) var name: String
    public internal(set) var type: ScriptType
    public internal(set) var title: String
    /// The default value's code, if `default:` was given.
    var defaultValue: FunctionCode?
    /// `requestValueDialog:`, the prompt when the system asks for it.
    var requestDialog: FunctionCode?
    /// `inclusiveRange: (lower, upper)` of a number: an answer outside it is asked again, a `--param` refused.
    var inclusiveRange: FunctionCode? = nil
    /// `supportedValues: […]` or `optionsProvider: P()` (its `results()`): the values offered, and the only ones taken.
    var offered: FunctionCode? = nil
    /// `defaultUnit: .miles` of a `Measurement`: code whose value makes the measurement of a number typed in, in that unit.
    var fromNumber: FunctionCode? = nil
    /// `displayName: .init(true: "Favored", false: "Unfavored")` of a `Bool`: what its two answers are called.
    var boolTitles: (yes: String, no: String)? = nil
    public internal(set) var isRequired: Bool
}

/// A resolved `view` declaration: a function from its parameters to a view.
public final class ViewType {
    public let name: String
    var code: FunctionCode?
    /// A view written as `struct V: View` (SPEC §13): the struct its body sees as `self`, with the
    /// stored properties (its parameters) and the computed ones.
    var selfRecord: RecordType?
    init(name: String) { self.name = name }
}


