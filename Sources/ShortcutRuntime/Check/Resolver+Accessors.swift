import ShortcutSyntax

/// Property accessors: a struct's or class's computed property's setter and stored property's observers, a computed variable in a body.
extension Resolver {
    /// A property's `set`, `willSet` or `didSet`: a method of one value (`newValue`, `oldValue`, or the name written),
    /// mutating on a struct.
    func resolveAccessor(_ accessor: ValueBlock, _ name: String, _ valueType: ScriptType, of v: VarDecl, in type: RecordType,
                         owner: String) -> FunctionCode {
        let parameter = Parameter(label: nil, name: accessor.parameter, type: v.type, defaultValue: nil, range: v.nameRange)
        let f = FunctionDecl(name: v.name, parameters: [parameter], returnType: nil, body: accessor.body, isMutating: !type.isReference, isThrowing: false)
        let signature = FunctionSignature(labels: [nil], types: [valueType], hasDefault: [false], result: .void)
        return resolveFunction(f, name: ComputedGlobals.functionName(owner, name), selfKind: .record(type), range: v.nameRange, signature: signature)
    }

    /// A stored property's `willSet`s and `didSet`s in the order they run: its own, and those of subclasses that observe it
    /// (`override var speed: Int { didSet { … } }`) — a subclass's `willSet` first, its `didSet` last.
    func resolveObservers(of v: VarDecl, _ valueType: ScriptType, in type: RecordType, owner: String) -> (willSet: [FunctionCode], didSet: [FunctionCode]) {
        if v.isConstant { error(.expected("'var' for a property with observers", found: "'let'"), at: v.nameRange) }
        let levels = [(v.willSet, v.didSet)] + v.overridingObservers.map { ($0.before, $0.after) }
        let accessors = levels.map { level in
            (level.0.map { resolveAccessor($0, v.name + ".willSet", valueType, of: v, in: type, owner: owner) },
             level.1.map { resolveAccessor($0, v.name + ".didSet", valueType, of: v, in: type, owner: owner) })
        }
        return (accessors.reversed().compactMap(\.0), accessors.compactMap(\.1))
    }

    /// `var area: Int { w * h }` in a body: a local function of no arguments that each read of the name calls.
    func localGetter(_ v: VarDecl, _ getter: Block) -> [Statement] {
        let f = FunctionDecl(name: v.name, parameters: [], returnType: v.type, body: getter, isMutating: false, isThrowing: false)
        let made = nestedDeclaration(Decl(.function(f), range: getter.range, nameRange: v.nameRange))
        let scope = context.scopes.count - 1
        if var local = context.scopes[scope][v.name] {
            local.isGetter = true
            if case .function(_, let result) = local.type { local.type = result }
            context.scopes[scope][v.name] = local
        }
        return made
    }
}

extension Resolver {
    /// How the program's code is compiled (`FunctionCode.codeOptions`). One that can see an instance go — with a `weak`
    /// variable (the prelude's wrapper is there, `PropertyWrappers.weakWrapper`) or a class's `deinit` — keeps each
    /// variable's value to the end of its scope, as Swift does: a last use that gave it away would end an instance too
    /// soon. One with a `deinit` runs the `deinit`s after each statement. A test suite's asserts the checker's types.
    var codeOptions: CodeOptions {
        let deinitializers = classDecls.values.contains { $0.deinitializer != nil }
        var weak: Bool { if case .record? = globals[PropertyWrappers.weakWrapper] { true } else { false } }
        return CodeOptions(keepsVariables: deinitializers || weak, runsDeinitializers: deinitializers, assertsTypes: program.assertsTypes)
    }

    /// Whether a variable declared here by that name is a register of its frame: a body's, or the main file's top-level
    /// variable that no declaration uses (no function, type, intent or test) — a register of the top level's frame, as a
    /// function's local is, so a loop there is as fast as one in a function. Else a global.
    func isFrameLocal(_ name: String) -> Bool {
        !atGlobalScope || resolvingMainTopLevel && !globalsUsedByDeclarations.contains(name) && boxedGlobals[name] == nil
    }

    /// `codeOptions` for top-level code, whose variables are globals (`CodeOptions.keepsSlots`).
    var globalCodeOptions: CodeOptions {
        var options = codeOptions
        options.keepsSlots = true
        return options
    }

    /// `var count = 0 { didSet { … } }` or `var area: Int { get { … } set { … } }` in a body: a hidden local holding a box
    /// of the prelude's (`StandardTypes.localVariablesSource`) with the accessors as closures, and the name declared as
    /// that box's `__value` (`Local.accessedAs`). The accessors are given to the box once it is made, whose type types
    /// them; an observer's closure takes the box by the hidden local's name, so the variable's name in it is that box's.
    func localWithAccessors(_ v: VarDecl, _ range: SourceRange) -> [Statement] {
        let at = v.nameRange, hidden = ComputedGlobals.boxName(v.name)
        let boxType = v.getter == nil ? "__ObservedVariable" : "__ComputedVariable"
        guard case .record? = globals[boxType] else {
            missedPreludes.insert(boxType)   // resolved again with it (`Loader.finish`)
            return []
        }
        func closure(_ parameters: [String], _ body: Block) -> Expr {
            // An accessor, not a closure the program wrote: it names `self`'s members bare, as Swift's does.
            var accessor = ClosureExpr(parameters: parameters, parameterRanges: parameters.map { _ in at }, body: body)
            accessor.capturesSelf = true
            return Expr(.closure(accessor), body.range)
        }
        // What the box is made of, and its accessors as closures (an observer's takes the box and the value).
        let arguments: [Expr], accessors: [(property: String, closure: Expr)]
        if let getter = v.getter, let setter = v.setter {
            (arguments, accessors) = ([], [("get", closure([], getter)), ("set", closure([setter.parameter], setter.body))])
        } else if let initializer = v.initializer {
            let observers = [("willSet", v.willSet), ("didSet", v.didSet)].compactMap { p, b in b.map { (p, $0) } }
            (arguments, accessors) = ([initializer], observers.map { ($0, closure([hidden, $1.parameter], $1.body)) })
        } else {
            error(.expected("an initial value for a variable with observers", found: "none"), at: at)
            return []
        }
        let callee = v.type.map { Expr(.typeValue(TypeRef(.generic(boxType, [$0]), $0.range)), at) } ?? Expr(.identifier(boxType), at)
        let made = Expr(.call(callee, arguments.map { Argument(label: nil, labelRange: nil, value: $0) }), at)
        declareAccessed(v.name, LocalAccess(storage: hidden, member: "__value"), type: .any, at: at)   // first: its accessors may name it
        var statements = variable(VarDecl(isConstant: true, pattern: .name(hidden, at), type: nil, initializer: made, nameRange: at), range)
        let type = lookupLocal(hidden).flatMap { memberType($0.type, "__value") } ?? .any
        context.scopes[context.scopes.count - 1][v.name]?.type = type
        for (accessor, closure) in accessors {
            let place = Expr(.member(Expr(.identifier(hidden), at), "__" + accessor, nameRange: at), at)
            nextClosureName = "\(v.name).\(accessor)"   // as a call chain names a property's (`count.didSet`)
            statements += statement(Stmt(.assign(place, .assign, closure), closure.range))
        }
        return statements
    }

    /// A body's variable with accessors or a wrapper, declared in the innermost scope as the member of another local.
    func declareAccessed(_ name: String, _ access: LocalAccess, type: ScriptType, at range: SourceRange) {
        let scope = context.scopes.count - 1
        if let previous = context.scopes[scope][name] {
            error(.duplicateDeclaration(name, previousLine: line(of: previous.range)), at: range)
        }
        context.scopes[scope][name] = Local(binding: .discard, isConstant: false, range: range, type: type, accessedAs: access)
    }

    /// A use of a body's variable with accessors or a wrapper: the member of the local that holds it.
    func accessedValue(_ access: LocalAccess, at range: SourceRange) -> Expr {
        Expr(.member(Expr(.identifier(access.storage), range), access.member, nameRange: range), range)
    }
}

/// Where a body's variable with accessors or a wrapper is: a member of another local (a box's `__value`, a wrapper's
/// `wrappedValue` or `projectedValue`).
struct LocalAccess {
    let storage: String, member: String
}

extension Resolver {
    /// `@Clamped(0, 10) var level = 5` in a body, as Swift lowers it: the local `_level = Clamped(wrappedValue: 5, 0, 10)`,
    /// `level` its `wrappedValue`, and `$level` its `projectedValue` when the wrapper has one.
    func localWrapped(_ v: VarDecl, _ use: PropertyWrapperUse, _ range: SourceRange) -> [Statement] {
        let at = v.nameRange, storage = PropertyWrappers.storageName(of: v.name, wrappedBy: use.name)
        // A closure that names the variable changes the wrapper: it holds it in a cell, as it would `_level` itself.
        if [v.name, "$" + v.name].contains(where: context.capturedNames.contains) { context.capturedNames.insert(storage) }
        let made = use.made(wrapping: v.initializer, at: at)
        let statements = variable(VarDecl(isConstant: false, pattern: .name(storage, at), type: nil, initializer: made, nameRange: at), range)
        let wrapperType = lookupLocal(storage)?.type ?? .any
        for (name, member) in [(v.name, "wrappedValue"), ("$" + v.name, "projectedValue")] {
            guard let type = memberType(wrapperType, member) else { continue }
            declareAccessed(name, LocalAccess(storage: storage, member: member), type: type, at: at)
        }
        return statements
    }

    /// `weak var w = o` in a body, or in the main file's top level where no declaration names it (a register of its
    /// frame): the prelude's wrapper as a local (`localWrapped`), made of the value as the variable's optional type (`o
    /// as Node?` with one written, else `Optional(o)` of a value not optional already), so the variable reads nil once
    /// the instance has gone. `unowned var` (a closure's `[unowned self]`) the same, of its own type, an error to read
    /// once the instance has gone. Nil where it stays a plain variable: a global a declaration uses (which keeps its
    /// instance), a `let`, one with accessors.
    func weakLocal(_ v: VarDecl, _ range: SourceRange) -> [Statement]? {
        guard isFrameLocal(v.name), !v.isConstant, v.wrapper == nil, v.getter == nil, case .name = v.pattern, let ownership = v.ownership else { return nil }
        let wrapper = ownership == "weak" ? PropertyWrappers.weakWrapper : PropertyWrappers.unownedWrapper
        guard case .record? = globals[wrapper] else {
            missedPreludes.insert(wrapper)   // resolved again with it (`Loader.finish`)
            return nil
        }
        let at = v.nameRange, value = v.initializer ?? Expr(.nil, at)
        var lowered = v
        if let type = v.type {
            lowered.initializer = Expr(.cast(value, type, .plain), at)
        } else if ownership == "weak", !quietly({ typed(value).type.isOptional }) {
            lowered.initializer = Expr(.call(Expr(.identifier("Optional"), at), [Argument(label: nil, labelRange: nil, value: value)]), at)
        }
        let statements = localWrapped(lowered, PropertyWrapperUse(name: wrapper, arguments: [], range: at), range)
        checkOwnership(v, lookupLocal(v.name)?.type)
        return statements
    }

    /// A top-level variable declared with a pattern with a getter or observers, or a body's `let` with observers: a `var`
    /// declared with a name has those (`ComputedGlobals`, `localWithAccessors`), a `let` none (the parser said so of a getter).
    func rejectsAccessors(_ v: VarDecl) -> Bool {
        if atGlobalScope, v.getter != nil {
            error(.swiftism(found: v.setter == nil ? "{" : "set", suggestion: "a computed variable is declared with a name"), at: v.setter?.body.range ?? v.nameRange)
            return true
        }
        rejectsObservers(v, in: "a variable declared with a pattern")
        return false
    }

    /// Observers where this language has none (an intent's property, a `let`).
    func rejectsObservers(_ v: VarDecl, in place: String) {
        guard v.willSet != nil || v.didSet != nil else { return }
        // A `var`'s are its hidden class's (`ComputedGlobals`); a `let` has none, as a stored property's `let` has none.
        if v.isConstant { return error(.expected("'var' for a property with observers", found: "'let'"), at: v.nameRange) }
        if v.initializer == nil { return error(.expected("an initial value for a variable with observers", found: "none"), at: v.nameRange) }
        error(.swiftism(found: v.willSet != nil ? "willSet" : "didSet", suggestion: "observers are supported on a type's stored or static property and on a variable, not on \(place)"),
              at: v.nameRange)
    }
}
