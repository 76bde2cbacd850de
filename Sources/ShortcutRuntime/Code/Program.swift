import ShortcutSyntax

/// A checked program: every declaration resolved, ready to run.
///
/// Only a `Program` runs (STYLE habit 4): the resolver makes one from syntax,
/// and the interpreter never sees a name it has to look up.
public final class Program {
    /// Every file loaded, indexed by `SourceRange.file`.
    public internal(set) var files: [SourceFile] = []
    public internal(set) var appName: String
    /// The app title was declared with `app "…"` (else it is the file's name).
    public internal(set) var hasAppDeclaration = false
    /// Its code asserts the types the checker proved, for a test suite (`Loader.assertsTypes`, `CodeOptions`); the
    /// interpreter checks them with `Interpreter.Options.assertsTypes`.
    public internal(set) var assertsTypes = false
    /// Global slot names, for messages and the REPL.
    var globalNames: [String] = []
    /// Static computed properties (`Type.name`): functions a read calls; `static let`s set at their first read, with the
    /// slot of the flag that says they are and their initializer (the checker's, read through a type value here too).
    var staticGetters: Set<String> = []
    var lazyStatics: [String: (flag: Int, code: FunctionCode)] = [:]
    /// Functions to place in global slots before anything runs.
    var functionSlots: [(slot: Int, code: FunctionCode)] = []
    /// Every top-level function's code ever declared (a REPL redefines some).
    /// A recursive function's code reaches itself through its own calls, so the
    /// program breaks those cycles when it goes.
    var declaredFunctions: [FunctionCode] = []
    /// The functions extensions of standard types became (`Int@isEven`), for a member read on a value the checker
    /// knew only as `Any` (a protocol's or a generic parameter's): found by the value's type when it runs.
    var extensionMembers: [String: FunctionCode] = [:]
    /// The program's protocols an extension made a standard type adopt (`extension Int: Shape`), by the type's name.
    var standardConformances: [String: Set<String>] = [:]
    /// The uses of generic types (`Stack<Int>`, `Resolver+GenericTypes`), kept for as long as the program: a case of
    /// one refers to its enum unowned.
    var specializedTypes: [AnyObject] = []
    public internal(set) var records: [String: RecordType] = [:]
    public internal(set) var enums: [String: EnumType] = [:]
    public internal(set) var intents: [String: IntentType] = [:]
    public internal(set) var views: [String: ViewType] = [:]
    /// Declaration order, for listings.
    public internal(set) var declarationOrder: [String] = []
    public internal(set) var flows: [(title: String, code: FunctionCode)] = []
    public internal(set) var tests: [(name: String, code: FunctionCode)] = []
    /// Top-level variable initialisers of imported files, run before the main file.
    var importedInitializers: [FunctionCode] = []
    /// The main file's top-level statements (nil when it has none).
    public internal(set) var topLevel: FunctionCode?
    /// The main file's top-level variables alone: what a run target, a test or a flow sees of the top level
    /// (a global is there for the code that uses it, as a Swift app's file-scope `let logger = Logger(…)` is).
    var mainVariables: FunctionCode?
    /// The main file has top-level statements besides variable declarations.
    public internal(set) var hasTopLevelStatements = false
    /// The App Shortcuts the file declares (SPEC §5.10).
    public internal(set) var appShortcuts: [AppShortcutInfo] = []
    /// REPL: the last input was one expression, and `topLevel` returns its value.
    public internal(set) var isExpressionInput = false
    /// The static type of that expression (`:type` in the REPL).
    public internal(set) var expressionType: ScriptType?

    init(appName: String) {
        self.appName = appName
    }

    deinit {
        for code in declaredFunctions { code.releaseBody() }
    }

    public func flow(titled title: String) -> FunctionCode? {
        flows.first { $0.title == title }?.code
    }

    /// What `shortcut run FILE NAME` (or the REPL's `:run NAME`) names.
    public enum Target {
        case intent(IntentType)
        case flow(FunctionCode)
    }

    /// The intent named `name`, else the flow titled so.
    public func target(named name: String) -> Target? {
        if let intent = intents[name] { return .intent(intent) }
        return flow(titled: name).map { .flow($0) }
    }

    /// Why `name` names nothing, with the closest intent or flow as a suggestion.
    public func noTargetMessage(_ name: String) -> String {
        RuntimeError.noTarget(name: name, known: targetNames).message
    }

    /// Every intent name and flow title, for suggestions.
    var targetNames: [String] { intents.keys.sorted() + flows.map(\.title) }

    /// Whether a value of standard type `type` is a value of protocol `p`'s type (or of each protocol of a
    /// composition): an extension of the type or of a protocol it has (`Numeric`, `Collection`) adopts it.
    func adopts(_ type: ScriptType, _ p: String) -> Bool {
        ScriptType.protocolParts(of: p).allSatisfy { part in
            type.extensionOwners.contains { standardConformances[$0]?.contains(part) == true }
        }
    }

    /// `value is T` and `value as? T`: whether the value fits the type, or is of a standard type an extension made
    /// adopt the protocol `T` names. Inside a collection (`[Shape]`) such a protocol's values are not looked into.
    func isCastable(_ value: Value, to type: ScriptType) -> Bool {
        if value.fits(type) { return true }
        guard !standardConformances.isEmpty else { return false }
        guard case .existential(let p) = type else { return value.fits(type.erasingExistentials) }
        return value.standardType.map { adopts($0, p) } ?? false
    }
}

/// One `AppShortcut(intent:phrases:shortTitle:systemImageName:)`.
public struct AppShortcutInfo {
    public var intent: IntentType
    public var phrases: [[PhrasePart]]
    public var shortTitle: String?
    public var systemImageName: String?

    /// A piece of a phrase: words, the app's name, or a parameter slot.
    public enum PhrasePart: Equatable {
        case text(String)
        case applicationName
        case parameter(String)
    }

    /// A phrase as written: `Log a \(shots) in \(.applicationName)`.
    public static func spelled(_ parts: [PhrasePart]) -> String {
        parts.map { part in
            switch part {
            case .text(let t): return t
            case .applicationName: return "\\(.applicationName)"
            case .parameter(let p): return "\\(\(p))"
            }
        }.joined()
    }
}
