import ShortcutSyntax

/// Resolves syntax into a checked `Program`: every name becomes a slot, a
/// global, a type or a builtin, and every error in the program is reported.
///
/// Design:
/// - Pass 1 (`declare`) registers every declaration of every file, so
///   declarations may come in any order, and builds type skeletons.
/// - Pass 2 resolves bodies. A function's frame is `[self] [parameters]
///   [locals and captured cells]`; slots are never reused within a frame.
/// - A local that any nested closure mentions lives in a `Cell` (closures
///   capture by reference, as Swift's do). Which locals those are is found by
///   a syntactic pre-scan; over-approximating only costs a little speed.
/// - The resolver lives as long as a REPL session: its global scope grows with
///   every input, and declarations may be redefined there.
public final class Resolver {
    public private(set) var diagnostics: [Diagnostic] = []
    let program: Program
    var globals: [String: GlobalEntry] = [:]
    /// Names of methods declared `mutating` anywhere, plus the standard library's mutating methods.
    var mutatingMethodNames: Set<String> = ["append", "insert", "remove", "removeAll", "removeLast", "removeFirst", "sort",
                                            "reverse", "removeValue", "popLast", "updateValue", "shuffle", "merge", "toggle", "swapAt", "partition",
                                            "negate", "removeSubrange", "replaceSubrange", "formUnion", "formIntersection", "subtract", "formSymmetricDifference",
                                            "reserveCapacity"]
    var context: Context
    /// REPL: a declaration may replace an earlier one of the same name.
    public var allowsRedefinition = false
    /// A `guard`'s conditions are declaring their names: as in Swift, one may shadow a name of the same scope (`guard let
    /// t else`, `guard case let t? = t`); a declaration after them may not (`declareLocal`).
    var declaresGuardBindings = false
    /// Whose store writes get a warning (`warnIfStoreWrite`): the snippet whose `perform` is being resolved; who is writing
    /// when top-level statements or a flow's own are (their changes are not saved); each store's methods that change its
    /// fields (found by reading their bodies).
    var snippetPerform: IntentType?, unsavedWriter: String?, storeMethodsThatWrite: [String: Set<String>] = [:]
    /// Top-level functions' code objects, declared first so calls can point straight at them.
    var functionCodes: [String: FunctionCode] = [:]
    /// Global variables declared so far by top-level code (top-level code may not use one earlier).
    var declaredGlobals: Set<String> = []
    /// How many `try`s cover the expression being typed (a closure's body starts with none), and the calls of throwing
    /// functions met so far (a `try` over none is no error where nothing takes an error: Swift warns).
    var tryMarks = 0, throwingCalls = 0
    /// Whether a `try` or a `throw` has passed an error on from the closure being typed (its `throws`: `typedClosure`).
    var passesErrorsOn = false
    /// The closures that throw, by their range: a `rethrows` function throws when it is given one (`requireMarks`).
    var throwingClosures: Set<SourceRange> = []
    /// How many `await`s cover it, as `tryMarks` (`requireAwait`).
    var awaitMarks = 0
    /// Whether the code being typed may call an `async` function: a function's body says (`async` or not); top-level
    /// code, a closure, a test are not judged (Swift infers a closure's `async`).
    var asyncContext = AsyncContext.unjudged
    /// The outermost expression being typed (a closure's statements start their own).
    var expressionAnchor: SourceRange?
    /// What changes the place being checked — a compound assignment's operator (`+=`), an `inout` argument's `&`: a
    /// `let` it changes is reported there, in swiftc's words for it (`constantChanged`).
    var changer: Changer?
    /// What becomes of an error thrown where the checker is: passed on (top-level code, a `throws` function, a
    /// closure), caught by an enclosing `do`, or neither — Swift's error.
    var thrownErrors = ThrownErrors.passedOn
    /// For each `do` being resolved, the types of error its body's throwing calls and `throw`s may throw (`caughtType`).
    var thrownTypes: [[ScriptType]] = []
    /// The type a function declared `throws(BankError)` throws, while its body is resolved (a `throw` outside a `do`'s).
    var declaredThrownType: ScriptType?
    /// The type written on the `do` whose body is being resolved (`do throws(BankError)`), if any.
    var writtenDoType: ScriptType?
    /// The keys (`Type.name`) of static computed properties: functions that a read of the name calls (the program keeps
    /// them, for a read through a type value, `Interpreter.staticMember`).
    var staticGetterKeys: Set<String> {
        get { program.staticGetters }
        set { program.staticGetters = newValue }
    }
    /// Top-level variables and static properties (by key) with observers or a setter (`ComputedGlobals`): each global
    /// holds an instance of its hidden class, and is read and changed as that instance's property, by this name.
    var boxedGlobals: [String: String] = [:]
    /// The hidden class of a static property with observers or a setter, and the type whose static context its code is in.
    var boxOwners: [String: String] = [:]
    /// Globals that code outside the top level reads or writes (a function, an intent, a test): a run target
    /// sets these of the main file's top-level variables first (`variablesOnly`).
    var globalsUsedByDeclarations: Set<String> = []
    /// Whether the main file's top-level code is being resolved (not an imported file's, nor a REPL input's): a variable
    /// of it that no declaration uses is a register of its frame, not a global (`Resolver+Statements`).
    var resolvingMainTopLevel = false
    /// Global `let`s given a literal and no type (`let idIdle = 0`): a read is the literal, so arithmetic and
    /// comparisons with it take its constant's instructions (Richards read such a global at a tenth of its steps).
    var literalGlobals: [String: Value] = [:]
    /// The static types of global variables, known once their declaration is resolved.
    var globalTypes: [String: ScriptType] = [:]
    /// Top-level functions' parameter and result types, known before any body is resolved.
    var functionSignatures: [String: FunctionSignature] = [:]
    /// Functions overloaded by labels or parameter types (`log(_:)` beside `log(espressoShot:)`):
    /// name → the key of each declaration. The first keeps the plain name as its key.
    var overloads: [String: [String]] = [:]
    /// The key of a function declared under another's name, by where its name stands.
    var functionKeys: [SourceRange: String] = [:]
    /// The same for a method, by its type's name and its own: a protocol extension's method, given to each conforming
    /// type, may have a key of its own in each (`greet(_:)` beside a type's `greet(_:loudly:)`), and its copy for static
    /// dispatch (`Protocols.staticName`) has its place but not its name.
    var methodKeys: [String: [MethodSite: String]] = [:]
    /// The protocol whose extension gave the method being resolved (`FunctionDecl.extendedProtocol`).
    var extendedProtocol: String?
    /// The uses of each generic type made so far, by the type and their arguments (`Resolver+GenericTypes`).
    var specializations: [ObjectIdentifier: [String: RecordType]] = [:]
    var enumSpecializations: [ObjectIdentifier: [String: EnumType]] = [:]
    /// The generic parameters' types while a use of a generic type is completed (`Element` is `Int` in `Stack<Int>`).
    var typeSubstitutions: [String: ScriptType] = [:]
    /// The types a function's generic parameters are in its body (`typesInside`), by their spelling.
    var genericParameterTypes: Set<String> = []
    /// While a generic type's own code is resolved: its parameters and its stored properties' declared types, which that
    /// code sees with the parameters standing for themselves (`items` is `[Element]` in `Stack<Element>`'s methods;
    /// `withTypesInside`). Nil elsewhere.
    var genericSelf: GenericSelf?
    /// The generic parameters of the functions whose bodies are being resolved (for what `T` as a value means), and the
    /// constraints of those the function takes as a value (`_ type: T.Type`), which say what `T.name` and `T()` may be.
    var functionGenerics: Set<String> = []
    var metatypeConstraints: [String: [String]] = [:]
    /// Views' parameter types, known before any body is resolved (calls may come first).
    var viewSignatures: [String: FunctionSignature] = [:]
    /// The type whose static function is being resolved: its statics are in scope by their bare names.
    var staticOwner: String?
    /// The `lazy var` whose getter is being resolved: in it, the property is its field (`Resolver+LazyProperties`).
    var lazyGetterOf: String?
    /// `static let`s set at their first read, by key: the slot of the flag that says they are, and their initializer.
    var lazyStatics: [String: (flag: Int, code: FunctionCode)] { get { program.lazyStatics } set { program.lazyStatics = newValue } }
    /// The type whose members and statics are being resolved: its `private` members are its own to use (`Resolver+Access`).
    var accessOwner: String?
    /// Where swiftc reports the value of an expression, by the expression's range, where that is not its start (`Resolver+Anchors`).
    var valueLocations: [SourceRange: Int] = [:]
    /// A closure literal's parameters, by the closure's range: how many it takes (written or `$n`) and where swiftc points
    /// when they are not as many as its context's (`fit`'s "contextual closure type … expects").
    var closureParameters: [SourceRange: (count: Int, at: SourceRange)] = [:]
    /// Inside `genericMethodResult`'s second look at a call's arguments: calls there take their declared results, so nested
    /// generic calls (`b.map { _ in b.map { … }.v }`) are looked at twice each, not twice per level of nesting.
    var probingGenericArguments = false
    /// Typing an argument only for the type it gives a generic parameter (`inferredArguments`): a generic enum's case there
    /// is not typed a second time against its use, so nested cases (`Either.left(Either.left(…))`) are typed once a level.
    var inferringArguments = false
    /// The computed properties whose types `givingAssociatedTypes` is finding: one asked for again on the way is as declared.
    var propertiesGivingAssociatedTypes: Set<String> = []
    /// Classes as `Inheritance` lowered them, by name, and the records completed in this pass (a superclass first).
    var classDecls: [String: TypeDecl] = [:]
    var completedRecords: Set<ObjectIdentifier> = []
    var declaringClasses: Set<String> = []
    /// `for` loops over the program's own sequences so far, for their iterators' hidden names.
    var iteratorLoops = 0
    /// The type whose members' types are being worked out (`Resolver.complete…`): what `Self` names there.
    var declaringType: ScriptType?
    /// The protocol whose requirements' types are being resolved (`existentialMembers`): `Self` in them is its type.
    var requirementsOf: String?
    /// Variables declared without a value that may still be unassigned at the point being resolved (by their names' ranges).
    var uninitialized: Set<SourceRange> = []
    /// The `let`s declared without a value (by their names' ranges): one no longer pending was assigned (`initialization`).
    var deferredConstants: Set<SourceRange> = []
    /// Set while a library method's closure argument is typed whose first parameter the method reads back, as
    /// Swift's `inout` (`reduce(into:_:)`): that closure may change it. The closure typed next takes it.
    var closureChangesFirstParameter = false
    /// The name the closure typed next has in call chains (`count.didSet`: a body's accessor, `localWithAccessors`).
    var nextClosureName: String?
    /// Set while a closure literal is typed that is kept (assigned, a variable's value): in a class's method, its bare
    /// references to the instance's members are swiftc's error (`Resolver+Escaping`). The closure typed next takes it.
    var nextClosureEscapes = false
    /// Locals the checker makes for a program's own code (`hiddenLocal`), counted to give each its own name.
    var hiddenLocals = 0
    /// `typealias` names, and those being resolved (a cycle is an error).
    var typeAliases: [String: TypeRef] = [:]
    /// The program's protocols (each a name for `Any`, but the target of a cast: `ScriptType.existential`), and their
    /// declarations, which the REPL's later inputs may conform to.
    var protocolNames: Set<String> = []
    var protocols: [String: ProtocolDecl] = [:]
    /// The members of each protocol's values, by its name (`existentialMembers`).
    var existentials: [String: ExistentialMembers] = [:]
    var aliasesResolving: Set<String> = []
    var resolvedAliases: [String: ScriptType] = [:]
    /// The `.result(…)` calls of the perform being resolved: their labels (the value's type is fitted where it is typed).
    var resultCalls: [(labels: Set<String>, range: SourceRange)] = []
    /// `ReturnsValue<T>`'s `T` of the perform being resolved.
    var promisedResultValue: ScriptType?
    /// Apple's services whose calls change nothing off device (SPEC §13).
    static let deviceServices: Set<String> = ["AppDependencyManager", "WidgetCenter", "IntentDonationManager"]
    /// `@main struct X: App`: the struct its `init` sees as `self`, by the app type's name.
    var appRecords: [String: RecordType] = [:]

    enum GlobalEntry {
        case variable(slot: Int, isConstant: Bool, range: SourceRange)
        case function(slot: Int, decl: FunctionDecl, range: SourceRange)
        case record(RecordType, TypeDecl, range: SourceRange)
        case enumeration(EnumType, EnumDecl, range: SourceRange)
        case intent(IntentType, IntentDecl, range: SourceRange)
        case view(ViewType, ViewDecl, range: SourceRange)

        var range: SourceRange {
            switch self {
            case .variable(_, _, let r), .function(_, _, let r), .record(_, _, let r), .enumeration(_, _, let r),
                 .intent(_, _, let r), .view(_, _, let r):
                return r
            }
        }

        /// The name Swift's messages give the declaration under `key`: a function's with its labels (`declarationName`), an
        /// extension's `Int@f` as `f()`, a nested type's by its own name (`Kind` of `Outer.Kind`); anything else its name.
        func declarationName(key: String) -> String {
            guard case .function(_, let decl, _) = self else { return ScriptType.plainName(key) }
            let member = key.split(separator: "@").last.map(String.init) ?? key
            let labels = (key.contains("@") ? decl.parameters.dropFirst() : decl.parameters[...]).map(\.label)
            return ShortcutSyntax.declarationName(member.split(separator: "(").first.map(String.init) ?? member, labels)
        }
    }

    /// Prelude words to add whatever the text names (`StandardTypes.added`), and those a first resolution found wanted
    /// too late (`0.5...hi` read the range prelude's `...` where no literal showed it): `Loader.finish` resolves again.
    var alsoWanted: Set<String> = [], missedPreludes: Set<String> = []

    public init(appName: String) {
        program = Program(appName: appName)
        context = Context(kind: .topLevel, parent: nil)
    }

    func report(_ found: [Diagnostic]) { diagnostics += found }

    func error(_ message: DiagnosticMessage, at range: SourceRange, notes: [String] = []) {
        diagnostics.append(Diagnostic(message, at: range, notes: notes))
    }

    /// Runs `body` and drops what it reports (for a look ahead whose findings are reported later, where they belong).
    func quietly<T>(_ body: () -> T) -> T { tentatively { (body(), false) } }

    /// Runs `body`, keeping what it reported only when it says to: typing it may take back (`typedOperatorCall`).
    func tentatively<T>(_ body: () -> (T, keep: Bool)) -> T {
        let (count, pending) = (diagnostics.count, uninitialized)
        let (value, keep) = body()
        if !keep { (diagnostics, uninitialized) = (Array(diagnostics.prefix(count)), pending) }
        return value
    }

    func warning(_ message: DiagnosticMessage, at range: SourceRange) {
        diagnostics.append(Diagnostic(message, at: range, severity: .warning))
    }

    // MARK: Contexts and scopes

    /// One function being resolved (a function, closure, method, perform, flow, test or the top level).
    final class Context {
        enum Kind { case topLevel, function, closure }
        let kind: Kind
        let parent: Context?
        var scopes: [[String: Local]] = [[:]]
        /// Reads of `lazy var`s that a place in the statement being resolved goes through: made before it.
        var lazyReadsBefore: [(range: SourceRange, read: Node, always: Bool)] = []
        var nextSlot = 0
        var captureMap: [String: Local] = [:]
        var captureSources: [CaptureSource] = []
        var captureSlots: [Int] = []
        /// Names mentioned inside nested closures: locals with these names become cells.
        var capturedNames: Set<String> = []
        var loopDepth = 0
        var switchDepth = 0
        var inAsyncLet = false   // in an `async let`'s initializer, whose reads of another are captures (`AsyncLetProblem.captured`)
        /// Where a `fallthrough` goes from here: nil outside a switch's case.
        var fallthroughTarget: FallthroughTarget?
        /// Labelled loops and switches around (`outer: for`): each one's place among them and whether it loops.
        var labels: [(name: String, depth: Int, isLoop: Bool)] = []
        var selfKind: SelfKind?
        var isMutating = false
        /// An `init`'s body, and an `init?`'s, whose `return nil` says it made no value (`initializerReturn`); one that
        /// calls `super.init`, and one that may return before it does (`Resolver+InitializerFlow`).
        var isInitializer = false, isFailableInitializer = false, callsSuperInit = false, returnsBeforeSuperInit = false
        /// What is unassigned at each `break` out of the `while true` loops being resolved (by depth), at each `try` in the `do`s.
        var breakStates: [(depth: Int, states: [Set<SourceRange>])] = [], tryStates: [[Set<SourceRange>]] = []
        var allowsReturn = true
        var name: String = ""
        /// The slot of the children array while resolving a view-builder body.
        var builderSlot: Int?
        /// What `return` must give, when known (nil: not checked, as in a closure with no context); and what swiftc calls
        /// it when it does not fit (a closure literal's result is its context's "closure result type").
        var returnType: ScriptType?
        var returnSite = ConversionSite.returned
        /// A closure with no context: the type its first `return` gave, and where that value is.
        var inferredReturnType: ScriptType?, firstReturnAt: SourceRange?
        /// `-> some Equatable`: the type written, where the function is named, and the type its first `return` gave (every
        /// other must give the same, as Swift's opaque result has one underlying type).
        var opaqueResult: OpaqueResult?
        /// A kept closure inside a class's method (or inside one), whose members of `self` must be written `self.x`.
        var requiresExplicitSelf = false
        /// A closure that is kept (`typedKept`), where it is — what it captures outlives the call that made it — and the
        /// `inout` parameters it was reported capturing, and where (`checkInoutCapture`).
        var escapes: SourceRange?, reportedInoutCaptures: [String: SourceRange] = [:]

        init(kind: Kind, parent: Context?) {
            self.kind = kind
            self.parent = parent
        }

        func allocate() -> Int {
            defer { nextSlot += 1 }
            return nextSlot
        }
    }

    func pushScope() { context.scopes.append([:]) }
    func popScope() { context.scopes.removeLast() }

    /// At the top level's outermost scope, variables are globals.
    var atGlobalScope: Bool { context.kind == .topLevel && context.scopes.count == 1 }

    /// Declares a local (or, at the top level, a global) and returns where it lives. A `guard`'s binding
    /// (`declaresGuardBindings`) may hide a name of the same scope, as in Swift.
    func declareLocal(_ name: String, isConstant: Bool, range: SourceRange, type: ScriptType = .any, isFunction: Bool = false,
                      shownAs: String? = nil) -> Binding {
        if name == "_" { return .discard }
        if let previous = context.scopes[context.scopes.count - 1][name], !declaresGuardBindings,
           !allowsRedefinition || context.kind != .topLevel {
            error(.duplicateDeclaration(shownAs ?? name, previousLine: line(of: previous.range)), at: range)
        }
        let slot = context.allocate()
        let binding: Binding = context.capturedNames.contains(name) ? .cell(slot) : .slot(slot)
        context.scopes[context.scopes.count - 1][name] = Local(binding: binding, isConstant: isConstant, range: range, type: type, isFunction: isFunction)
        return binding
    }

    /// Finds a local in the current function or, capturing it, in an enclosing one.
    func lookupLocal(_ name: String) -> Local? { lookupLocal(name, in: context) }

    func lookupLocal(_ name: String, in ctx: Context) -> Local? {
        for scope in ctx.scopes.reversed() {
            if let local = scope[name] { return local }
        }
        if let captured = ctx.captureMap[name] { return captured }
        guard ctx.kind == .closure, let parent = ctx.parent, let outer = lookupLocal(name, in: parent) else { return nil }
        if outer.accessedAs != nil { return outer }   // its box is what the closure captures
        let source: CaptureSource
        switch outer.binding {
        case .cell(let s): source = .cell(s)
        case .slot(let s): source = .value(s)
        case .discard: return nil
        }
        let slot = ctx.allocate()
        ctx.captureSources.append(source)
        ctx.captureSlots.append(slot)
        var local = outer
        local.binding = .cell(slot)
        local.escapingCapture = outer.escapingCapture ?? ctx.escapes
        local.isCapture = true
        ctx.captureMap[name] = local
        return local
    }

    /// The nearest `self`, captured through closures as needed.
    func selfKind() -> SelfKind? {
        var ctx: Context? = context
        while let c = ctx {
            if let kind = c.selfKind { return kind }
            ctx = c.kind == .closure ? c.parent : nil
        }
        return nil
    }

    func read(_ binding: Binding) -> Node {
        switch binding {
        case .slot(let s): return .local(s)
        case .cell(let s): return .cell(s)
        case .discard: return .constant(.null)
        }
    }

    /// Runs `body` in a fresh function context and returns the finished code.
    func withFunction(kind: Context.Kind, name: String, selfKind: SelfKind?, isMutating: Bool = false,
                      parameters: [(name: String, range: SourceRange)], types: [ScriptType]? = nil, variables: Set<Int> = [],
                      returnType: ScriptType? = nil,
                      scanning body: [Stmt],
                      _ resolveBody: () -> [Statement]) -> (FunctionCode.Layout, [Statement], [CaptureSource]) {
        let saved = context
        let ctx = Context(kind: kind, parent: saved)
        ctx.name = name
        ctx.selfKind = selfKind
        ctx.isMutating = isMutating
        ctx.returnType = returnType
        ctx.capturedNames = NameScanner.namesInNestedClosures(body)
        context = ctx
        // A closure sees what is unassigned where it stands; a function's body starts afresh.
        let pending = uninitialized
        if kind != .closure { uninitialized = [] }
        defer {
            context = saved
            uninitialized = pending
        }
        if selfKind != nil {
            _ = ctx.allocate()
            ctx.scopes[0]["self"] = selfLocal(isMutating: isMutating, in: ctx)
        }
        for (i, p) in parameters.enumerated() {
            _ = declareLocal(p.name, isConstant: !variables.contains(i), range: nameRange(of: p.name, in: p.range), type: types.flatMap { $0.indices.contains(i) ? $0[i] : nil } ?? .any)
        }
        let statements = resolveBody()
        return (FunctionCode.Layout(frameSize: ctx.nextSlot, captureSlots: ctx.captureSlots), statements, ctx.captureSources)
    }

    // MARK: Names

    /// Every name visible here, for did-you-mean.
    func visibleNames() -> [String] {
        var names: [String] = []
        var ctx: Context? = context
        while let c = ctx {
            for scope in c.scopes { names.append(contentsOf: scope.keys) }
            ctx = c.parent
        }
        names.append(contentsOf: globals.keys)
        names.append(contentsOf: Builtin.allCases.map(\.rawValue))
        names.append(contentsOf: SystemFunction.allCases.map(\.rawValue))
        names.append(contentsOf: ViewCatalog.views)
        if case .record(let r)? = selfKind() { names.append(contentsOf: r.fields.map(\.name)); names.append(contentsOf: r.methods.keys) }
        return names
    }
}

extension FunctionCode {
    struct Layout {
        var frameSize: Int
        var captureSlots: [Int]
    }
}
