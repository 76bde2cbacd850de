import ShortcutSyntax

/// Optional chains (`a?.b`), and `map`/`flatMap` of an optional, which are one.
extension Resolver {
    /// `a?` inside a chain: the chain goes on with the wrapped value.
    func typedBindOptional(_ base: Expr, range: SourceRange) -> Typed {
        let t = typed(base)
        switch t.type {
        case .optional(let w): return Typed(.bindOptional(t.node, range), w)
        case .any: return Typed(.bindOptional(t.node, range), .any)
        default:
            error(.optionalChainOnNonOptional(type: t.type.description), at: Self.question(of: range))
            return Typed(.bindOptional(t.node, range), t.type)
        }
    }

    /// The `?` that ends `a?`'s range, where swiftc reports a chain on a value that is not optional.
    static func question(of range: SourceRange) -> SourceRange {
        SourceRange(file: range.file, start: max(Int(range.start), Int(range.end) - 1), end: Int(range.end))
    }

    /// `optional.map { … }`, `optional.flatMap { … }`: the closure called with the value, or nil when there is none — an
    /// optional chain around the call (`{ … }(optional?)`), so a `flatMap`'s optional result is not wrapped again.
    /// (A `flatMap` closure that gives a value, not an optional, is promoted, as Swift promotes it.)
    func typedOptionalMap(_ receiver: Typed, _ wrapped: ScriptType, _ transform: Expr, range: SourceRange) -> Typed {
        let f = typed(transform, .function([wrapped], .any))
        requireMarks(.rethrowing, [Argument(label: nil, labelRange: nil, value: transform)], at: range)
        var result: ScriptType = .any
        if case .function(_, let r) = f.type { result = r }
        let call = Node.callValue(f.node, [.bindOptional(receiver.node, range)], [nil], range)
        return Typed(.optionalChain(call), result.isOptional || result.isUnknown ? result : .optional(result))
    }

    /// The whole `a?.b.c`: optional, as the chain may stop at a `nil`.
    func typedOptionalChain(_ inner: Expr) -> Typed {
        let t = typed(inner)
        if t.type.isOptional || t.type.isUnknown { return Typed(.optionalChain(t.node), t.type) }
        return Typed(.optionalChain(t.node), .optional(t.type))
    }
}

extension Resolver {
    /// A value of an optional's optional (`xs.first` of `[Int?]`, `d[k]` of `[String: Int?]`) unwrapped or bound: at run
    /// time it is one optional, nil both when there is no value and when the value is nil, where Swift tells them apart.
    func warnIfNestedOptional(_ type: ScriptType, at range: SourceRange) {
        if case .optional(let wrapped) = type, wrapped.isOptional { warning(.nestedOptional(type.description), at: range) }
    }

    /// `Int?.none`, `String?.some("x")`: a member of the optional type `T?` (the parser read `T?` as a chain on `T`), as
    /// `Optional<T>.none` is; nil for a chain on a value.
    func optionalTypeMember(_ chain: Expr) -> Expr? {
        var member = chain, arguments: [Argument]?
        if case .call(let callee, let args) = chain.kind { (member, arguments) = (callee, args) }
        guard case .member(let base, let name, let nameRange) = member.kind, name == "none" || name == "some",
              case .bindOptional(let type) = base.kind, case .identifier(let typeName) = type.kind, lookupLocal(typeName) == nil,
              isTypeName(typeName) || ["Int", "Double", "String", "Bool", "Character"].contains(typeName) else { return nil }
        let optional = Expr(.typeValue(TypeRef(.optional(TypeRef(.named(typeName), type.range)), base.range)), base.range)
        let read = Expr(.member(optional, name, nameRange: nameRange), member.range)
        return arguments.map { Expr(.call(read, $0), chain.range) } ?? read
    }

    // MARK: Slices

    /// `let rest = xs.dropFirst()`, `let t = xs[1...2]`: a variable holding Swift's `ArraySlice` of an array (`type`).
    func noteSlice(_ name: String, _ initializer: Expr?, type: ScriptType) {
        guard case .array = type, let initializer else { return }
        var isSlice = false
        switch initializer.kind {
        case .subscript(_, let args) where args.count == 1:
            if case .partialRange = args[0].value.kind { isSlice = true }
            if case .binary(let op, _, _) = args[0].value.kind, op == .halfOpenRange || op == .closedRange { isSlice = true }
        case .call(let callee, _):
            if case .member(_, let m, _) = callee.kind, ["dropFirst", "dropLast", "prefix", "suffix", "drop"].contains(m) { isSlice = true }
        default:
            break
        }
        if isSlice { context.scopes[context.scopes.count - 1][name]?.isSlice = true }
    }

    /// `rest[1]`, `rest.startIndex` of such a variable: a warning that the indices are not Swift's — a slice here is a new
    /// array indexed from 0, where Swift's shares its array's (`xs[2...][2]` is its first element there).
    /// With a subscript's arguments (`index`), only a written index (`rest[1]`) is one.
    func checkSliceIndices(_ base: Expr, _ index: [Argument]? = nil, at range: SourceRange) {
        if let index { guard index.count == 1, case .integer = index[0].value.kind else { return } }
        guard case .identifier(let name) = base.kind, lookupLocal(name)?.isSlice == true else { return }
        warning(.sliceIndices(name), at: range)
    }
}
