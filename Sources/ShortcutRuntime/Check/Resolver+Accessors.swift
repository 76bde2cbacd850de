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
