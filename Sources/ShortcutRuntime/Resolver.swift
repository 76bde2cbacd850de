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
                                            "reverse", "removeValue", "popLast", "updateValue", "shuffle"]
    var context: Context
    /// REPL: a declaration may replace an earlier one of the same name.
    public var allowsRedefinition = false
    /// The snippet whose `perform` is being resolved (its store writes get a warning).
    var snippetPerform: IntentType?
    /// For each store, the methods that change its fields (found by reading their bodies).
    var storeMethodsThatWrite: [String: Set<String>] = [:]
    /// Top-level functions' code objects, made when declared so calls can point straight at them.
    var functionCodes: [String: FunctionCode] = [:]
    /// Global variables declared so far by top-level code (top-level code may not use one earlier).
    var declaredGlobals: Set<String> = []

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
    }

    public init(appName: String) {
        program = Program(appName: appName)
        context = Context(kind: .topLevel, parent: nil)
    }

    func error(_ message: DiagnosticMessage, at range: SourceRange, notes: [String] = []) {
        diagnostics.append(Diagnostic(message, at: range, notes: notes))
    }

    func warning(_ message: DiagnosticMessage, at range: SourceRange) {
        diagnostics.append(Diagnostic(message, at: range, severity: .warning))
    }

    func line(of range: SourceRange) -> Int {
        let i = Int(range.file)
        guard program.files.indices.contains(i) else { return 0 }
        return program.files[i].location(of: Int(range.start)).line
    }

    // MARK: Contexts and scopes

    /// What `self` is inside a body.
    enum SelfKind {
        case record(RecordType)
        case enumeration(EnumType)
        case intent(IntentType)
    }

    struct Local {
        var binding: Binding
        var isConstant: Bool
        var range: SourceRange
    }

    /// One function being resolved (a function, closure, method, perform, flow, test or the top level).
    final class Context {
        enum Kind { case topLevel, function, closure }
        let kind: Kind
        let parent: Context?
        var scopes: [[String: Local]] = [[:]]
        var nextSlot = 0
        var captureMap: [String: Local] = [:]
        var captureSources: [CaptureSource] = []
        var captureSlots: [Int] = []
        /// Names mentioned inside nested closures: locals with these names become cells.
        var capturedNames: Set<String> = []
        var loopDepth = 0
        var switchDepth = 0
        var selfKind: SelfKind?
        var isMutating = false
        var allowsReturn = true
        var name: String = ""
        /// The slot of the children array while resolving a view-builder body.
        var builderSlot: Int?

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

    /// Declares a local (or, at the top level, a global) and returns where it lives.
    func declareLocal(_ name: String, isConstant: Bool, range: SourceRange) -> Binding {
        if name == "_" { return .discard }
        if let previous = context.scopes[context.scopes.count - 1][name], !allowsRedefinition || context.kind != .topLevel {
            error(.duplicateDeclaration(name, previousLine: line(of: previous.range)), at: range)
        }
        let slot = context.allocate()
        let binding: Binding = context.capturedNames.contains(name) ? .cell(slot) : .slot(slot)
        context.scopes[context.scopes.count - 1][name] = Local(binding: binding, isConstant: isConstant, range: range)
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
        let source: CaptureSource
        switch outer.binding {
        case .cell(let s): source = .cell(s)
        case .slot(let s): source = .value(s)
        case .discard: return nil
        }
        let slot = ctx.allocate()
        ctx.captureSources.append(source)
        ctx.captureSlots.append(slot)
        let local = Local(binding: .cell(slot), isConstant: outer.isConstant, range: outer.range)
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

    func selfNode(at range: SourceRange) -> Node? {
        guard selfKind() != nil, let local = lookupLocal("self") else { return nil }
        return read(local.binding)
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
                      parameters: [(name: String, range: SourceRange)], scanning body: [Stmt],
                      _ resolveBody: () -> [Statement]) -> (FunctionCode.Layout, [Statement], [CaptureSource]) {
        let saved = context
        let ctx = Context(kind: kind, parent: saved)
        ctx.name = name
        ctx.selfKind = selfKind
        ctx.isMutating = isMutating
        ctx.capturedNames = NameScanner.namesInNestedClosures(body)
        context = ctx
        defer { context = saved }
        if selfKind != nil {
            _ = ctx.allocate()
            ctx.scopes[0]["self"] = Local(binding: .slot(0), isConstant: !isMutating, range: .none)
        }
        for p in parameters {
            _ = declareLocal(p.name, isConstant: true, range: p.range)
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

    func unknownName(_ name: String, at range: SourceRange) {
        error(.unknownName(name, suggestion: closestMatch(to: name, in: visibleNames())), at: range)
    }
}

extension FunctionCode {
    struct Layout {
        var frameSize: Int
        var captureSlots: [Int]
    }
}

/// Functions the system provides inside intents, flows and tests (SPEC §5.3, §5.9, §5.11).
enum SystemFunction: String, CaseIterable {
    case requestConfirmation, requestChoice, ask, choose, open, answer, expect, expectError, reload
    case IntentChoiceOption, AppShortcut
}

/// The views and modifiers of SPEC §7.
enum ViewCatalog {
    static let views = ["VStack", "HStack", "ZStack", "Group", "Text", "Label", "Image", "Spacer", "Divider",
                        "Button", "Toggle", "ProgressView", "Gauge", "ForEach"]
    static let modifiers = ["font", "bold", "italic", "foregroundStyle", "foregroundColor", "padding", "frame", "background",
                            "clipShape", "contentTransition", "buttonStyle", "multilineTextAlignment", "tint",
                            "opacity", "cornerRadius", "lineLimit", "monospacedDigit", "fontWeight", "symbolRenderingMode",
                            "imageScale", "labelStyle", "toggleStyle", "gaugeStyle", "progressViewStyle", "disabled", "id"]
}

/// A syntactic pre-scan: which names do nested closures mention?
enum NameScanner {
    static func namesInNestedClosures(_ statements: [Stmt]) -> Set<String> {
        var names: Set<String> = []
        for s in statements { scan(s, inClosure: false, into: &names) }
        return names
    }

    static func scan(_ s: Stmt, inClosure: Bool, into names: inout Set<String>) {
        switch s.kind {
        case .expression(let e), .show(let e), .throw(let e): scan(e, inClosure, &names)
        case .assign(let a, _, let b): scan(a, inClosure, &names); scan(b, inClosure, &names)
        case .variable(let v):
            if let i = v.initializer { scan(i, inClosure, &names) }
            if let g = v.getter { scanBlock(g, true, &names) }
        case .if(let conditions, let body, let elseBranch):
            scanConditions(conditions, inClosure, &names)
            scanBlock(body, inClosure, &names)
            if let e = elseBranch { scan(e, inClosure: inClosure, into: &names) }
        case .guard(let conditions, let body), .while(let conditions, let body):
            scanConditions(conditions, inClosure, &names)
            scanBlock(body, inClosure, &names)
        case .forIn(_, let seq, let w, let body):
            scan(seq, inClosure, &names)
            if let w { scan(w, inClosure, &names) }
            scanBlock(body, inClosure, &names)
        case .repeat(let body, let cond): scanBlock(body, inClosure, &names); scan(cond, inClosure, &names)
        case .switch(let subject, let cases):
            scan(subject, inClosure, &names)
            for c in cases {
                for p in c.patterns { scan(p, inClosure, &names) }
                if let g = c.guardExpr { scan(g, inClosure, &names) }
                scanBlock(c.body, inClosure, &names)
            }
        case .return(let e): if let e { scan(e, inClosure, &names) }
        case .break, .continue: break
        case .do(let body, _, let c): scanBlock(body, inClosure, &names); if let c { scanBlock(c, inClosure, &names) }
        case .block(let b): scanBlock(b, inClosure, &names)
        case .declaration(let d):
            // A nested function is a closure: what it mentions is captured, and so is its own name (recursion).
            if case .function(let f) = d.kind {
                names.insert(f.name)
                scanBlock(f.body, true, &names)
            }
        }
    }

    static func scanBlock(_ b: Block, _ inClosure: Bool, _ names: inout Set<String>) {
        for s in b.statements { scan(s, inClosure: inClosure, into: &names) }
    }

    static func scanConditions(_ conditions: [Condition], _ inClosure: Bool, _ names: inout Set<String>) {
        for c in conditions {
            switch c {
            case .expression(let e): scan(e, inClosure, &names)
            case .binding(_, let name, _, let v):
                if let v { scan(v, inClosure, &names) } else if inClosure { names.insert(name) }
            }
        }
    }

    static func scan(_ e: Expr, _ inClosure: Bool, _ names: inout Set<String>) {
        switch e.kind {
        case .identifier(let n): if inClosure { names.insert(n) }
        case .self: if inClosure { names.insert("self") }
        case .integer, .double, .bool, .nil, .dollarName, .dollarIndex, .implicitMember, .operatorReference: break
        case .string(let parts):
            for p in parts { if case .interpolation(let x) = p { scan(x, inClosure, &names) } }
        case .member(let b, _, _), .bindOptional(let b), .optionalChain(let b), .forceUnwrap(let b), .unary(_, let b),
             .try(let b, _), .await(let b), .run(let b):
            scan(b, inClosure, &names)
        case .call(let c, let args), .subscript(let c, let args):
            scan(c, inClosure, &names)
            for a in args { scan(a.value, inClosure, &names) }
        case .binary(_, let a, let b): scan(a, inClosure, &names); scan(b, inClosure, &names)
        case .ternary(let a, let b, let c): scan(a, inClosure, &names); scan(b, inClosure, &names); scan(c, inClosure, &names)
        case .array(let xs), .tuple(let xs): for x in xs { scan(x, inClosure, &names) }
        case .dictionary(let pairs): for p in pairs { scan(p.key, inClosure, &names); scan(p.value, inClosure, &names) }
        case .closure(let c):
            // Names a closure mentions are captured — and implicit `self` members too, via `self`.
            names.insert("self")
            scanBlock(c.body, true, &names)
        }
    }
}

/// Reads a store method's body for writes to the store's own fields.
enum StoreWriteScanner {
    static func writes(_ statements: [Stmt], fields: Set<String>, mutating: Set<String>) -> Bool {
        statements.contains { writes($0, fields, mutating) }
    }

    static func writes(_ s: Stmt, _ fields: Set<String>, _ mutating: Set<String>) -> Bool {
        switch s.kind {
        case .assign(let target, _, _): return rootsInField(target, fields)
        case .expression(let e): return callsMutating(e, fields, mutating)
        case .if(_, let body, let e): return writes(body.statements, fields: fields, mutating: mutating) || (e.map { writes($0, fields, mutating) } ?? false)
        case .guard(_, let b), .while(_, let b), .forIn(_, _, _, let b), .repeat(let b, _), .block(let b):
            return writes(b.statements, fields: fields, mutating: mutating)
        case .switch(_, let cases): return cases.contains { writes($0.body.statements, fields: fields, mutating: mutating) }
        case .do(let b, _, let c): return writes(b.statements, fields: fields, mutating: mutating) || writes(c?.statements ?? [], fields: fields, mutating: mutating)
        default: return false
        }
    }

    static func rootsInField(_ e: Expr, _ fields: Set<String>) -> Bool {
        switch e.kind {
        case .identifier(let n): return fields.contains(n)
        case .member(let b, let n, _):
            if case .self = b.kind { return fields.contains(n) }
            return rootsInField(b, fields)
        case .subscript(let b, _), .forceUnwrap(let b), .bindOptional(let b), .optionalChain(let b): return rootsInField(b, fields)
        default: return false
        }
    }

    static func callsMutating(_ e: Expr, _ fields: Set<String>, _ mutating: Set<String>) -> Bool {
        guard case .call(let callee, _) = e.kind, case .member(let base, let name, _) = callee.kind else { return false }
        return mutating.contains(name) && rootsInField(base, fields)
    }
}
