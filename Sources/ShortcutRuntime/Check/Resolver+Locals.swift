import ShortcutSyntax

/// What a body's names denote: `self`, and each local the scopes hold.
extension Resolver {
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
        var type: ScriptType = .any
        /// A nested `func`: called with its parameters' labels, where a closure takes none; with defaults, `inout`
        /// parameters or effects, its signature and defaults (`nestedFunctionCall`).
        var isFunction = false, nested: NestedFunction?
        /// A nested `func` declared ahead of its statement (`forwardDeclareFunctions`): its cell is made at the body's
        /// start and given the function where the declaration is, so the functions before it can call it.
        var isForwardDeclared = false
        /// A computed variable (`var area: Int { w * h }` in a body): a function of no arguments each read calls (`type`: its value's).
        var isGetter = false
        /// An `async let` whose value may be an error kept for its reads (`Resolver.asyncLetValue`): each read throws.
        var throwsOnRead = false
        /// Declared `async let`; and this is a closure's copy of an outer local (`Resolver.lookupLocal(_:in:)`): swiftc
        /// refuses to capture one.
        var isAsyncLet = false, isCapture = false
        /// A variable with accessors or a wrapper (`localWithAccessors`, `localWrapped`): its uses are a member of another.
        var accessedAs: LocalAccess?
        /// A function's `let` given a value Swift's constant folding knows (`let w = 10`): that value (`Resolver+ConstantFolding`).
        var foldedValue: Int?
        /// A function's closure parameter that is not `@escaping`: it may be called, not kept (`Resolver+Escaping`).
        var isNonEscaping = false
        /// An `inout` parameter, and (for its copy in a closure) the closure that is kept that captures it on the way:
        /// swiftc's "escaping closure captures 'inout' parameter", at that closure (`Resolver.checkInoutCapture`).
        var isInoutParameter = false, escapingCapture: SourceRange?
        /// Made by slicing an array (`xs[2...]`, `xs.dropFirst()`): Swift's `ArraySlice`, which keeps its array's indices,
        /// where here it is an array indexed from 0 (`Resolver+Optionals`' `checkSliceIndices`).
        var isSlice = false
    }

    /// Where a program can see an instance go (`CodeOptions.keepsVariables`), the end of a block lets go of what its
    /// variables hold, the last declared first, as Swift does (`do { let h = Handle() }`: its `deinit` runs there). A
    /// captured variable's cell is let go of by the frame, not emptied: a closure may still hold it.
    func endOfScope(at range: SourceRange) -> [Statement] {
        guard codeOptions.keepsVariables else { return [] }
        return context.scopes[context.scopes.count - 1].values.sorted { $0.range.start > $1.range.start }.compactMap { local in
            switch local.binding {
            case .slot(let s), .cell(let s): return .assign(.local(s), .constant(.null), range)
            case .discard: return nil
            }
        }
    }
}
