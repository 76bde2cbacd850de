/// The syntax tree's declarations: functions, intents, views, enums, types and the file they make up.

// MARK: Declarations

public struct Parameter: Sendable {
    /// The argument label; nil for `_`.
    public var label: String?
    public var name: String
    public var type: TypeRef?
    public var defaultValue: Expr?
    public var range: SourceRange
    /// `_ xs: Int...`: the arguments from here on, until a labelled one, are one array (`type` is `[Int]`).
    public var isVariadic = false
    /// `_ x: inout Int`: the argument is a place (`&x`), given its value when the function returns.
    public var isInout = false
    /// `_ test: @autoclosure () -> Bool`: the argument is an expression, wrapped in a closure the function may call.
    public var isAutoclosure = false
    /// `_ done: @escaping () -> Void`: the function may keep the closure past its return (`Resolver+Escaping`).
    public var isEscaping = false
    public init(label: String?, name: String, type: TypeRef?, defaultValue: Expr?, range: SourceRange) {
        self.label = label
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.range = range
    }
}

/// An initialiser written without `required`: its `init`'s range, and whether it says `override`.
public struct UnrequiredInitializer: Sendable {
    public var range: SourceRange
    public var isOverride: Bool
}

public struct FunctionDecl: Sendable {
    public var name: String
    public var parameters: [Parameter]
    public var returnType: TypeRef?
    public var body: Block
    public var isMutating: Bool
    public var isThrowing: Bool
    /// `async`: a call of it must be marked `await`, and it may call other `async` functions.
    public var isAsync = false
    /// `rethrows` (with `isThrowing`): a call of it throws only when a closure or function passed to it does.
    public var isRethrowing = false
    /// `throws(BankError)` (Swift 6's typed throws): the one type of error it throws.
    public var thrownType: TypeRef?
    /// `-> some IntentResult & ProvidesDialog & ReturnsValue<Int>`: each part of the composition (SPEC §13).
    public var resultProtocols: [TypeRef] = []
    /// `func larger<T: Comparable>`: its generic parameters, with the constraints written on them or in its `where`.
    public var generics: [GenericParameter] = []
    /// A method's `where` clause on its type's parameters (`func sum() -> T where T: Numeric`), `==` for a same-type one.
    public var outerRequirements: [GenericParameter] = []
    /// `where S.Element == Int`: a generic parameter's associated type the clause makes one type.
    public var sameTypeRequirements: [SameTypeRequirement] = []
    /// Given to a conforming type by this protocol's extension: in its body a call of `self`'s member that the protocol
    /// does not require is the extension's, as Swift dispatches it (`ProtocolDispatch.swift`).
    public var extendedProtocol: String?
    /// `init?(…)`: a failable initialiser, whose `return nil` makes the construction nil.
    public var isFailable = false
    /// The getter of an extension's computed property of a standard type (`var isEven: Bool` as `Int@isEven`): read,
    /// never called (`StandardExtensions`).
    public var isComputedProperty = false
    public init(name: String, parameters: [Parameter], returnType: TypeRef?, body: Block, isMutating: Bool, isThrowing: Bool) {
        self.name = name
        self.parameters = parameters
        self.returnType = returnType
        self.body = body
        self.isMutating = isMutating
        self.isThrowing = isThrowing
    }

    /// `async throws`, with no declared result: an intent's `perform`, a query's parts (Apple's are).
    public static func asynchronous(name: String, parameters: [Parameter], body: Block) -> FunctionDecl {
        var f = FunctionDecl(name: name, parameters: parameters, returnType: nil, body: body, isMutating: false, isThrowing: true)
        f.isAsync = true
        return f
    }
}

/// A generic parameter of a function: `T: Comparable & Hashable` is `T` with two constraints.
public struct GenericParameter: Sendable, Equatable {
    public var name: String
    public var constraints: [String]
    public init(name: String, constraints: [String]) {
        self.name = name
        self.constraints = constraints
    }
}

/// `key: value` at the head of an intent, enum or entity.
public struct Metadata: Sendable {
    public var key: String
    public var keyRange: SourceRange
    public var value: Expr
}

public struct IntentParameterDecl: Sendable {
    public var name: String
    public var nameRange: SourceRange
    public var type: TypeRef
    /// The `@Parameter(…)` arguments: title, description, default, requestValueDialog.
    public var options: [Argument]
    public var range: SourceRange
}

public struct DependencyDecl: Sendable {
    public var name: String
    public var nameRange: SourceRange
    public var type: TypeRef
    public var range: SourceRange
}

/// Members shared by intents, snippets, structs, entities, stores and enums.
public struct Members: Sendable {
    public var metadata: [Metadata] = []
    public var properties: [Stmt] = []       // `.variable` statements
    public var functions: [Decl] = []        // `.function` declarations
    /// `static let`/`static var` (`.variable` statements) and `static func`s of a struct or enum (SPEC §3.2).
    public var staticProperties: [Stmt] = []
    public var staticFunctions: [Decl] = []
    /// The static functions that are a computed property's getter (`static var all: [Level] { … }`): read without a call.
    public var staticGetters: Set<String> = []
    /// `init(…) { … }` of a struct or entity (SPEC §13).
    public var initializers: [FunctionDecl] = []
    /// Initialisers declared in the type's own body take the memberwise one's place, as in Swift;
    /// those added by an extension do not.
    public var initializersReplaceMemberwise = false
    /// `enum Status { … }` declared inside the type: moved to the top level before resolving (`NestedTypes`).
    public var nestedTypes: [Decl] = []
    /// A class's methods written `final`: a subclass may not override them.
    public var finals: Set<String> = []
    /// An actor's methods and properties written `nonisolated`: reached from outside it without `await`.
    public var nonisolated: Set<String> = []
    /// A class's initialisers written `required` (and its superclasses'), by `initializerKey`: a subclass that declares
    /// initialisers of its own provides each (`Inheritance`).
    public var requiredInitializers: Set<String> = []
    /// Its initialisers written without `required`, by `initializerKey`: where `init` is, and whether it says `override`.
    /// One of a superclass's required initialisers must say `required` (`Inheritance`).
    public var unrequiredInitializers: [String: UnrequiredInitializer] = [:]
    /// Members written `private`: only the type's own code (and its extensions') may use them; `private(set)` ones, set them.
    public var privateNames: Set<String> = [], privateSetters: Set<String> = []
    /// How `privateNames` lists an initialiser: `init(text:)`, `init()`.
    public static func initializerKey(_ labels: [String?]) -> String { compoundName("init", labels) }
    /// A nested type's enclosing types, innermost first (`NestedTypes`): their private members are its to use too.
    public var enclosingTypes: [String] = []
    public init() {}
}

public struct IntentDecl: Sendable {
    public var name: String
    public var isSnippet: Bool
    public var members: Members
    public var parameters: [IntentParameterDecl]
    public var dependencies: [DependencyDecl]
    public var perform: Block?
    /// Written as `struct X: AppIntent` (SPEC §13).
    public var isSwiftForm = false
    /// The result protocols `func perform()` declares, checked against its `.result(…)` calls.
    public var resultProtocols: [TypeRef] = []
    /// Its own initialisers (`init(_ url: URL) { self.url = url }`): each only sets parameters, so a call by its labels
    /// (`OpenURLIntent(url)`) names each argument's parameter by the initialiser's parameter name.
    public var initializers: [FunctionDecl] = []
}

public struct ViewDecl: Sendable {
    public var name: String
    public var parameters: [Parameter]
    public var body: Block
    /// `struct V: View { … }` (SPEC §13): its properties, stored (the parameters, too) and computed,
    /// and its functions. The body sees them as a struct's members. Nil in the concise form.
    public var members: Members? = nil
}

public struct EnumCaseDecl: Sendable {
    public var name: String
    /// `case circle(radius: Double)`: the associated values, a label for each where written.
    public var payload: [(label: String?, type: TypeRef)]?
    public var rawValue: Expr?
    public var title: String?
    public var range: SourceRange
    /// `indirect case node(Tree)`: its associated values may hold the enum (`RecursiveValueTypes`).
    public var isIndirect = false
}

public struct EnumDecl: Sendable {
    public var name: String
    public var rawType: TypeRef?
    public var cases: [EnumCaseDecl]
    public var members: Members
    /// The standard protocols listed (`CustomStringConvertible` changes how a value prints).
    /// `enum Tree<T>`: its generic parameters (`Resolver+GenericTypes`).
    public var generics: [GenericParameter] = []
    public var conformances: [String] = []
    /// `indirect enum Tree`: every case may hold the enum (`RecursiveValueTypes`).
    public var isIndirect = false
}

public struct QueryDecl: Sendable {
    public var suggested: Block?
    /// `matching(text) { … }`: the parameter name and body.
    public var matching: ValueBlock?
    public var byIDs: ValueBlock?
    public var range: SourceRange
    /// The Swift form's query struct, when it has static members: they stay the statics of a struct of that name,
    /// and `Self` in the query's bodies names it (`EntityQueries`).
    public var owner: String? = nil
}

/// `struct`, `entity` and `store` share one shape.
public struct TypeDecl: Sendable {
    /// Protocols a struct or enum may list, with Swift's synthesised meaning (SPEC §3.2).
    public static let conformances: Set<String> = ["Equatable", "Hashable", "Comparable", "CaseIterable", "Identifiable", "Codable",
                                                   "Sendable", "Error", "Decodable", "Encodable", "CustomStringConvertible", "CustomDebugStringConvertible",
                                                   "CustomLocalizedStringResourceConvertible", "LocalizedError", "DynamicOptionsProvider",
                                                   "Sequence", "IteratorProtocol", "ExpressibleByStringLiteral", "ExpressibleByIntegerLiteral",
                                                   "ExpressibleByFloatLiteral", "ExpressibleByBooleanLiteral", "ExpressibleByArrayLiteral"]
    /// `class` and `actor` (SPEC §13): a store when it declares `static let shared` or a `@Dependency` names it,
    /// else an ordinary reference type — decided when the program is resolved.
    public enum Kind: String, Sendable { case `struct`, entity, store, `class` }
    public var kind: Kind
    public var name: String
    public var members: Members
    /// A `TransientAppEntity`: an entity a query never finds (a summary an intent returns), so it has no `id`.
    public var isTransient = false
    public var query: QueryDecl?
    /// The standard protocols listed (`CustomStringConvertible` changes how a value prints).
    public var conformances: [String] = []
    /// `struct Stack<Element>`: its generic parameters; each use of the type with arguments (`Stack<Int>`) is a type of
    /// its own (`Resolver+GenericTypes`).
    public var generics: [GenericParameter] = []
    /// Where each of `conformances` is written, when the parser saw them (for `Protocols`' messages).
    public var conformanceRanges: [SourceRange] = []
    /// An entity in the Swift form: the struct its `static var defaultQuery = Q()` names (SPEC §13).
    public var defaultQuery: (name: String, range: SourceRange)?
    /// A class that declares `static let shared = M()`.
    public var declaresShared = false
    /// A class's members written `override`, by name, with where the word stands (`Inheritance` checks them).
    public var overrides: [String: SourceRange] = [:]
    /// Its class members written `override` (`override class var sides`), and those its superclasses declare, by full
    /// name (`Inheritance.statics`).
    public var staticOverrides: [String: SourceRange] = [:]
    public var inheritedStatics: Set<String> = []
    /// A class's superclass (`class Square: Shape`), and the methods and computed properties it and its own
    /// superclasses declare, by name (`Inheritance`).
    public var superclass: String?
    public var inheritedMembers: [String: SourceRange] = [:]
    /// `final class`: no class may inherit from it. `finalMembers`: its superclasses' `final` methods.
    public var isFinal = false
    /// `actor Counter { … }`: a class here whose isolated state is reached from outside it only by `await` (`Resolver+Actors`).
    public var isActor = false
    /// A class's `deinit { … }`: run once an instance's last reference has gone (`Resolver.resolveDeinitializer`).
    public var deinitializer: Block?
    public var finalMembers: Set<String> = []
    /// A query in the Swift form (`struct Q: EntityQuery`): its `@Dependency` properties.
    public var dependencies: [DependencyDecl] = []
}

public struct Decl: Sendable {
    public var kind: DeclKind
    public var range: SourceRange
    public var nameRange: SourceRange
    /// The `///` comment directly above it.
    public var doc: String?
    public init(_ kind: DeclKind, range: SourceRange, nameRange: SourceRange, doc: String? = nil) {
        self.kind = kind
        self.range = range
        self.nameRange = nameRange
        self.doc = doc
    }

    /// The declared name (`app` and `appShortcuts` have fixed ones).
    public var name: String {
        switch kind {
        case .app(let n): return n
        case .importFile(let p), .importModule(let p): return p
        case .function(let f): return f.name
        case .intent(let i): return i.name
        case .view(let v): return v.name
        case .enumeration(let e): return e.name
        case .type(let t): return t.name
        case .flow(let title, _): return title
        case .appShortcuts: return "appShortcuts"
        case .test(let name, _): return name
        case .extension(let e): return e.name
        case .mainApp(let a): return a.name
        case .typeAlias(let name, _): return name
        case .protocolDecl(let p): return p.name
        }
    }
}

public indirect enum DeclKind: Sendable {
    case app(String)
    case importFile(String)
    /// `import Foundation`, `import SwiftUI`, `import AppIntents`: what they bring is built in.
    case importModule(String)
    case function(FunctionDecl)
    case intent(IntentDecl)
    case view(ViewDecl)
    case enumeration(EnumDecl)
    case type(TypeDecl)
    /// `shortcut "Title" { … }`
    case flow(String, Block)
    case appShortcuts(Block)
    /// `test "name" { … }`
    case test(String, Block)
    /// `extension X { … }`: members added to a type of the program (merged into it before resolving).
    case `extension`(ExtensionDecl)
    /// `@main struct X: App { init() { … }; var body: some Scene { … } }` (SPEC §13).
    case mainApp(AppDecl)
    /// `typealias Celsius = Double`: another name for a type.
    case typeAlias(String, TypeRef)
    /// `protocol Shape { func area() -> Double }`: lowered before resolving (`Protocols`).
    case protocolDecl(ProtocolDecl)
}

/// `protocol P: Q { var name: String { get }; func area() -> Double; associatedtype Item }`: what a conforming type
/// must declare, by name (the types are not checked here).
public struct ProtocolDecl: Sendable {
    public struct Requirement: Sendable {
        public var name: String
        /// "property" or "function", as Swift's note says it.
        public var kind: String
        public var range: SourceRange
        /// A property's type, where written (`var count: Int { get }`).
        public var type: TypeRef?
        /// `{ get set }`: a conforming type's property must be settable (a `var`, or with a setter).
        public var isSettable = false
        /// A function's signature, where it parses (`func area() -> Double`): what a call on a value of the protocol's
        /// type is checked against. Nil for a property, or a function whose signature the scan could not read.
        public var function: FunctionDecl?
        /// `static func make() -> Self`, `static var zero: Self { get }`.
        public var isStatic = false
        /// `static func + (a: Self, b: Self) -> Self` (`ProtocolDecl.operatorRequirements`).
        public var isOperator: Bool { !(name.first.map { $0.isLetter || $0 == "_" } ?? true) }
    }
    public var name: String
    public var inherited: [String]
    public var requirements: [Requirement]
    /// `static func + (a: Self, b: Self) -> Self`: what `a + b` of a generic parameter of the protocol's calls; the
    /// adopting type's operator meets it, or a standard type's own, and no conformance check looks at it.
    public var operatorRequirements: [Requirement] = []
    public var associatedTypes: [String]
    /// What the protocol's extensions add (`extension Shape { func describe() -> String { … } }`), which a value of the
    /// protocol's type has too; `Protocols` gives them to each conforming type.
    public var extensionMembers = Members()
}

public struct AppDecl: Sendable {
    public var name: String
    /// Its properties (`@State private var store: Store = .init()`), seen by `init` as `self`'s.
    public var members: Members
    /// `init() { … }`: runs before each run's target, test and REPL session.
    public var initializer: Block?

    /// The app's name as Xcode derives it from the type: one trailing `App` dropped, `_` as a space.
    public var derivedAppName: String {
        var base = name
        if base.hasSuffix("App"), base.count > 3 { base.removeLast(3) }
        return base.split(separator: "_", omittingEmptySubsequences: false).joined(separator: " ")
    }

    public var selfStruct: TypeDecl { TypeDecl(kind: .struct, name: name, members: members, query: nil) }
}

public struct ExtensionDecl: Sendable {
    public var name: String
    public var members: Members
    /// `init(…) { … }` declared in the extension.
    public var initializers: [FunctionDecl]
    public var conformances: [String]
    /// `extension Stack where Element: Equatable`: its `where` clause's requirements on the type's parameters (`==` for
    /// a same-type one), which its members' bodies may rely on.
    public var requirements: [GenericParameter] = []
}

/// One file's syntax: its declarations and top-level statements, in order.
public struct SourceUnit: Sendable {
    public var file: SourceFile
    public var fileIndex: Int32
    /// Top-level items in source order: declarations appear as `.declaration` statements.
    public var items: [Stmt]
    /// The generic parameters its declarations name (`func f<T>`, `struct Box<Item>`): each is `Any` here (`Protocols`).
    public var genericNames: Set<String> = []
    public init(file: SourceFile, fileIndex: Int32, items: [Stmt]) {
        self.file = file
        self.fileIndex = fileIndex
        self.items = items
    }
}

extension ViewDecl {
    /// The struct a Swift-form view's body sees as `self`.
    public var swiftFormStruct: TypeDecl? {
        members.map { TypeDecl(kind: .struct, name: name, members: $0, query: nil) }
    }
}

/// `where S.Element == Int` in a generic function's `where` clause.
public struct SameTypeRequirement: Sendable {
    public var parameter: String
    public var associated: String
    public var type: TypeRef
    public init(parameter: String, associated: String, type: TypeRef) {
        (self.parameter, self.associated, self.type) = (parameter, associated, type)
    }
}
