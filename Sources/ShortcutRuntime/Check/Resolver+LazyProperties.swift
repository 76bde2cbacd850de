import ShortcutSyntax

/// `lazy var` in a struct or class, as Swift has it: the property's field holds nil until the first read, which computes
/// the default — with `self`, so `lazy var full = "\(first) \(last)"` reads the other properties as they are then — and
/// keeps it. The read is a call of a getter method (`VarDecl.lazyGetterPrefix` + the name), mutating on a struct, so a
/// `let` struct's lazy property cannot be read, as in Swift. A write, and a memberwise initialiser's argument, set the
/// field; the field's type is the property's, optional.
extension Resolver {
    /// The type of stored property `v`'s field, whose property has type `property`: a lazy one's is optional (kept as it
    /// is when the property's is), and the property is noted as lazy. A store's properties are not lazy.
    func lazyField(_ v: VarDecl, _ property: ScriptType?, of record: RecordType, kind: TypeDecl.Kind) -> ScriptType? {
        guard v.isLazy, kind != .store else { return property }
        record.lazyProperties[v.name] = property ?? .any
        guard let property else { return nil }
        if case .optional = property { return property }
        return .optional(property)
    }

    /// A lazy property's type, where a read of it is its getter's call (not inside the getter itself).
    func lazyPropertyType(_ r: RecordType, _ name: String) -> ScriptType? {
        lazyGetterOf == name ? nil : r.lazyProperties[name]
    }

    /// `p.full` of a lazy property: the call of its getter, on the variable `p` (a change of it, for a struct).
    func typedLazyRead(_ b: Typed, _ base: Expr, _ name: String, nameRange: SourceRange, range: SourceRange) -> Typed? {
        guard case .record(let r) = b.type, let type = lazyPropertyType(r, name) else { return nil }
        let getter = Name(VarDecl.lazyGetterPrefix + name)
        if r.isReference { return Typed(.callMethod(b.node, getter, [], [], range), type) }
        checkMutable(base, b.type, getter.text, at: nameRange)
        guard let place = lvalue(base, reportErrors: false), isMutablePlace(base) else {
            return Typed(.callMethod(b.node, getter, [], [], range), type)
        }
        return Typed(.callMutating(place, getter, [], [], range), type)
    }

    /// Lazy property `v`'s field, nil at first, and its getter: `if self.v == nil { self.v = default }; return self.v!`,
    /// with `self.v` its field.
    func resolveLazyProperty(_ v: VarDecl, in record: RecordType, owner: String) {
        guard let initial = v.initializer, let type = record.lazyProperties[v.name], let i = record.fieldIndex[v.name] else { return }
        let range = v.nameRange
        record.fields[i].defaultValue = resolveExpressionFunction(Expr(.nil, range), name: "default value of '\(owner).\(v.name)'",
                                                                  type: record.fields[i].type)
        let field = Expr(.member(Expr(.self, range), v.name, nameRange: range), range)
        let body = Block([
            Stmt(.if([.expression(Expr(.binary(.equal, field, Expr(.nil, range)), range))],
                     Block([Stmt(.assign(field, .assign, initial), initial.range)], range), else: nil), range),
            Stmt(.return(Expr(.forceUnwrap(field), range)), range),
        ], range)
        let name = VarDecl.lazyGetterPrefix + v.name
        let f = FunctionDecl(name: name, parameters: [], returnType: v.type, body: body, isMutating: !record.isReference, isThrowing: false)
        let saved = lazyGetterOf
        lazyGetterOf = v.name
        defer { lazyGetterOf = saved }
        record.methods[name] = resolveFunction(f, name: "\(owner).\(v.name)", selfKind: .record(record), range: range, signature: .property(type))
    }
}

extension Resolver {
    /// A statement, after the reads of the `lazy var`s its places go through (`w.words.append("z")` reads `words`
    /// first, so its default is there to change, as Swift's getter-and-setter access does).
    func statement(_ s: Stmt) -> [Statement] {
        let outer = context.lazyReadsBefore
        context.lazyReadsBefore = []
        let resolved = resolvedStatement(s)
        let reads = context.lazyReadsBefore.map { Statement.expression($0.read) }
        context.lazyReadsBefore = outer
        return reads + resolved
    }

    /// A place that is a lazy property (`p.words`, `words` in a method): its read, once, before the statement. A static
    /// set at its first read is read before any change of it, an assignment too (Swift sets it before any access).
    func noteLazyPlace(_ e: Expr) {
        let base: Expr, name: String, range = e.range
        if case .identifier(let key) = e.kind, lookupLocal(key) == nil, let read = lazyStaticRead(key, at: range, made: true) {
            if !context.lazyReadsBefore.contains(where: { $0.range == range }) { context.lazyReadsBefore.append((range, read.node, always: true)) }
            return
        }
        switch e.kind {
        case .member(let b, let n, _): (base, name) = (resolvingSelf(b), n)
        case .identifier(let n) where lookupLocal(n) == nil && implicitSelfMember(n, at: .none) != nil: (base, name) = (Expr(.self, range), n)
        default: return
        }
        guard !context.lazyReadsBefore.contains(where: { $0.range == range }),
              case .record(let r) = quietly({ placeType(base) }), lazyPropertyType(r, name) != nil,
              let read = quietly({ typedLazyRead(typed(base), base, name, nameRange: range, range: range) }) else { return }
        context.lazyReadsBefore.append((range, read.node, always: false))
    }

    /// `w.words = […]`: an assignment of the lazy property itself does not compute its default first. (Nothing to add.)
    func notReadingLazyProperty(at range: SourceRange) -> [Statement] {
        context.lazyReadsBefore.removeAll { $0.range == range && !$0.always }
        return []
    }
}

extension Resolver {
    /// The type of each `lazy var` written without one, from its default typed with `self` (`lazy var n = items.count`
    /// is an `Int`), once every type's members are known, as `inferGlobalTypes` does for top-level variables.
    func inferLazyTypes(_ unit: SourceUnit) {
        for item in unit.items {
            guard case .declaration(let d) = item.kind, case .type(let t) = d.kind, let r = program.records[t.name] else { continue }
            for case .variable(let v) in t.members.properties.map(\.kind) where v.isLazy && v.type == nil {
                guard let initial = v.initializer, r.lazyProperties[v.name]?.isUnknown == true, let i = r.fieldIndex[v.name] else { continue }
                let type = quietly {
                    var type = ScriptType.any
                    _ = withFunction(kind: .function, name: v.name, selfKind: .record(r), isMutating: !r.isReference, parameters: [],
                                     scanning: [Stmt(.expression(initial), initial.range)]) {
                        type = typed(initial).type
                        return []
                    }
                    return type
                }
                if type.isUnknown { continue } else if case .void = type { continue }
                r.lazyProperties[v.name] = type
                r.fields[i].type = lazyField(v, type, of: r, kind: t.kind)
            }
        }
    }
}
