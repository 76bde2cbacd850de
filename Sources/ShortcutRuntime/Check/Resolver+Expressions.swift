import ShortcutSyntax

extension Resolver {
    /// The code of an expression, its type not needed.
    func expr(_ e: Expr) -> Node { typed(e).node }

    /// The code of an expression and its static type. `expected` is the type the
    /// context wants, when it knows one: literals, closures, `nil`, `[]` and
    /// implicit members take their type from it (SPEC §3.1). The caller checks
    /// that the result fits (`fit`); this only uses it as a hint.
    func typed(_ e: Expr, _ expected: ScriptType? = nil) -> Typed {
        noteSwiftLocation(of: e)
        // The outermost expression is where Swift reports an `async` call not marked `await` (`requireAwait`).
        guard expressionAnchor == nil else { return typedExpression(e, expected) }
        expressionAnchor = e.range
        defer { expressionAnchor = nil }
        return typedExpression(e, expected)
    }

    private func typedExpression(_ e: Expr, _ expected: ScriptType?) -> Typed {
        switch e.kind {
        case .integer(let i):
            if case .double? = expected.map(unwrappedAll) { return Typed(.constant(.double(Double(i))), .double) }
            // Where a generic parameter that takes a literal is wanted (`T: Numeric`), the literal is one of its values (of a
            // floating-point `T`, a `Double`: the one such type here).
            if let wanted = expected.map(unwrappedAll), wanted.typeParameterHas("Numeric") {
                return Typed.literal(wanted.typeParameterHas("FloatingPoint") ? .double(Double(i)) : .int(i), wanted)
            }
            return Typed(.constant(.int(i)), .int, isIntegerLiteral: true)
        case .double(let d):
            if let wanted = expected.map(unwrappedAll), wanted.typeParameterHas("FloatingPoint") { return Typed.literal(.double(d), wanted) }
            return Typed.literal(.double(d), .double)
        case .bool(let b): return Typed.literal(.bool(b), .bool)
        case .nil:
            if let expected, expected.isOptional || expected.isUnknown { return Typed(.constant(.null), expected) }
            return Typed(.constant(.null), .optional(.any))
        case .string(let parts): return typedText(parts, expected: expected, range: e.range)
        case .identifier(let name):
            return typedBuiltinReference(name, range: e.range, expected: expected) ?? typedTypePassingReference(name, range: e.range, expected: expected)
                ?? typedIdentifier(name, at: e.range)
        case .dollarName(let name):
            // `$score` in a method of a type with `@Logged var score`: the wrapper's projection (`PropertyWrappers`).
            // `$level` of a body's `@Clamped var level` (`localWrapped`).
            if implicitSelfMember("$" + name, at: e.range) != nil || lookupLocal("$" + name) != nil { return typedIdentifier("$" + name, at: e.range) }
            if projection(name, at: e.range) != nil {
                error(.unknownMember("$\(name)", type: "parameter projection", suggestion: nil, ofValue: nil), at: e.range,
                      notes: ["use $\(name).requestValue(…), $\(name).requestDisambiguation(among:dialog:) or $\(name).needsValueError(…)"])
            }
            return .unknown
        case .dollarIndex(let i):
            guard let local = lookupLocal("$\(i)") else {
                error(.shorthandOutsideClosure("$\(i)"), at: e.range)
                return .unknown
            }
            return Typed(read(local.binding), local.type)
        case .self:
            if let s = standardSelf { return Typed(read(s.binding), s.type) }
            // `[weak self]` in a capture list: an optional `self` inside the closure (a weak variable's, `weakLocal`).
            if let s = lookupLocal("self"), let access = s.accessedAs { return typed(accessedValue(access, at: e.range), expected) }
            if let s = lookupLocal("self"), s.type.isOptional { return Typed(read(s.binding), s.type) }
            guard let node = selfNode(at: e.range) else {
                if case .identifier = resolvingSelf(e).kind { return typed(resolvingSelf(e), expected) }   // a static method's: the type
                error(.selfOutsideType, at: e.range)
                return .unknown
            }
            return Typed(node, selfType())
        case .implicitMember(let name):
            return typedImplicitMember(name, args: nil, expected: expected, range: e.range, nameRange: e.range)
        case .member(let base, "none", _) where isOptionalTypeName(base):
            // `Optional.none`, `Optional<Int>.none`: nil, of the type written or wanted.
            if case .typeValue(let ref) = base.kind, case .optional(let wrapped) = ref.kind { return Typed(.constant(.null), .optional(resolveType(wrapped))) }
            return typed(Expr(.nil, e.range), expected)
        case .member(let base, let name, let nameRange):
            if let member = typedGenericSelfTypeMember(base, name, nameRange: nameRange, range: e.range) { return member }
            return typedMember(base, name, nameRange: nameRange, range: e.range, expected: expected)
        case .bindOptional(let base):
            return typedBindOptional(base, range: e.range)
        case .optionalChain(let inner):
            if let member = optionalTypeMember(inner) { return typed(member, expected) }   // `Int?.none`
            return typedOptionalChain(inner)
        case .call(let callee, let args):
            return typedCall(callee, args, expected: expected, range: e.range)
        case .inoutArgument(let place):
            error(.ampersandOutsideInout, at: e.range)
            return typed(place, expected)
        case .subscript(let base, let args):
            return typedSubscript(base, args, range: e.range)
        case .forceUnwrap(let base):
            let t = typed(base)
            warnIfNestedOptional(t.type, at: base.range)
            switch t.type {
            case .optional(let w): return Typed(.forceUnwrap(t.node, e.range), w)
            case .any: return Typed(.forceUnwrap(t.node, e.range), .any)
            default:
                let bang = e.range.lastByte
                error(.forceUnwrapNonOptional(type: t.type.description), at: bang)
                return Typed(t.node, t.type)
            }
        case .unary(let op, let operand):
            return typedUnary(op, operand, expected: expected, range: e.range)
        case .binary(let op, let l, let r):
            return typedBinary(op, l, r, expected: expected, range: e.range)
        case .ternary(let c, let t, let f):
            return typedTernary(c, t, f, expected: expected, range: e.range)
        case .array(let elements):
            return typedArrayLiteralConstruction(elements, expected, range: e.range) ?? typedArray(elements, expected: expected, range: e.range)
        case .dictionary(let pairs):
            return typedDictionary(pairs, expected: expected, range: e.range)
        case .labeledTuple(let elements, let labels):
            var types: [ScriptType]?
            if case .tuple(let ts, _)? = expected, ts.count == elements.count { types = ts }
            let items = elements.enumerated().map { i, x in typed(x, types?[i]) }
            return Typed(.labeledTuple(items.map(\.node), labels), .tuple(items.map(\.type), labels: labels))
        case .tuple(let elements):
            var types: [ScriptType]?
            if case .tuple(let ts, _)? = expected, ts.count == elements.count { types = ts }
            let items = elements.enumerated().map { i, x in typed(x, types?[i]) }
            return Typed(.tuple(items.map(\.node)), .tuple(items.map(\.type)))
        case .closure(let c):
            return typedClosure(c, builder: false, expected: expected, range: e.range)
        case .try(let inner, let optional, let forced):
            let (before, mayPassOn) = (throwingCalls, { if case .passedOn = thrownErrors { true } else { false } }())
            tryMarks += 1
            let t = typed(inner, optional ? expected?.wrapped : expected)
            tryMarks -= 1
            if !optional, !forced, throwingCalls > before || mayPassOn { requireHandled(at: e.range) }   // a closure with `try` throws
            if optional { return Typed(.tryOptional(t.node), t.type.isOptional ? t.type : .optional(t.type)) }
            if forced { return Typed(.tryForced(t.node, e.range), t.type) }
            return t
        case .await(let inner):
            awaitMarks += 1
            defer { awaitMarks -= 1 }
            return typed(inner, expected)
        case .keyPath(let path, let root):
            return typedKeyPath(path, root: root, expected: expected, range: e.range)
        case .partialRange(let lower?, nil, _):
            // `1...`, Swift's `PartialRangeFrom<Int>`: a sequence without an end (`zip(xs, 1...)`, `for i in 0...`),
            // here the closed range up to Int.max.
            let from = typed(lower, .int)
            if case .int = from.type {
                return Typed(.makeRange(from.node, .constant(.int(.max)), closed: true, e.range), .range(closed: true))
            }
            error(.partialRangeOutsideSubscript, at: e.range)
            return .unknown
        case .partialRange(let lower, let upper, _):
            error(.partialRangeOutsideSubscript, at: e.range)
            for x in [lower, upper].compactMap({ $0 }) { _ = expr(x) }
            return .unknown
        case .cast(let inner, let ref, let kind):
            let target = resolveType(ref)
            // `n as NSNumber`: Foundation's bridging of a number (or a Bool), `NSNumber(value: n)`.
            if kind == .plain, case .record(let r) = target, r.name == "NSNumber" {
                let call = Expr(.call(Expr(.identifier("NSNumber"), ref.range), [Argument(label: "value", labelRange: nil, value: inner)]), e.range)
                switch quietly({ typed(inner).type }) { case .int, .double, .bool: return typed(call); default: break }
            }
            if kind == .plain {
                // `1 as Double`: a conversion the checker proves, as a context.
                return Typed(fit(typed(inner, target), to: target, site: .coercion, at: inner.range), target)
            }
            let t = typed(inner)
            // `x as? Shape` asks whether x's type conforms: the value is then of the protocol's type.
            switch kind {
            case .test: return Typed(.cast(t.node, target, kind, e.range), .bool)
            case .optional: return Typed(.cast(t.node, target, kind, e.range), target.isOptional ? target : .optional(target))
            default: return Typed(.cast(t.node, target, kind, e.range), target)
            }
        case .typeValue(let t):
            error(.expected("a call after '\(t)'", found: "the type alone"), at: e.range, notes: ["write \(t)() for an empty one"])
            return .unknown
        case .operatorReference(let op):
            // `reduce(zero, +)` over values of a type that declares `+`: that function.
            if case .function(let parameters, _)? = expected, let key = userOperatorKey(op.rawValue, parameters) {
                return typedIdentifier(key, at: e.range)
            }
            // `xs.reduce(0, +)` where the types are known: `{ $0 + $1 }`, checked as that closure is (Int + String is refused).
            if case .function(let parameters, let result)? = expected, parameters.count == 2, !(parameters + [result]).contains(where: \.isUnknown) {
                let body = Expr(.binary(op, Expr(.dollarIndex(0), e.range), Expr(.dollarIndex(1), e.range)), e.range)
                let closure = ClosureExpr(parameters: [], parameterRanges: [], body: Block([Stmt(.expression(body), e.range)], e.range))
                return typed(Expr(.closure(closure), e.range), expected)
            }
            let code = FunctionCode(name: "(\(op.rawValue))", arity: 2, returning: binary(op, .local(0), .local(1), e.range), range: e.range)
            return Typed(.closure(code, []), .any)
        case .run(let target):
            let node = expr(target)
            switch node {
            case .makeIntent(let i, _, _):
                // Known once the intent's perform is resolved (intents declared before their use).
                return Typed(.run(node, e.range), i.valueType ?? .any)
            case .construct(let r, _, _): error(.notAnIntent(r.name), at: target.range)
            case .callView(let v, _, _): error(.notAnIntent(v.name), at: target.range)
            default: break
            }
            return Typed(.run(node, e.range), .any)
        }
    }

    /// `Double??` → `Double`.
    func unwrappedAll(_ t: ScriptType) -> ScriptType {
        if case .optional(let w) = t { return unwrappedAll(w) }
        return t
    }

    /// The type of `self` here.
    func selfType() -> ScriptType {
        switch selfKind() {
        case .record(let r)?: return .record(r)
        case .enumeration(let e)?: return .enumeration(e)
        case .intent(let i)?: return .intent(i)
        case nil: return .any
        }
    }

    func binary(_ op: BinaryOp, _ l: Node, _ r: Node, _ range: SourceRange) -> Node {
        func arithmetic(_ a: ArithmeticOp) -> Node {
            switch (l, r) {
            case (.local(let s), .constant(.int(let k))): return .arithmeticLocalInt(a, s, k, range)
            case (.local(let x), .local(let y)): return .arithmeticLocals(a, x, y, range)
            default: return .arithmetic(a, l, r, range)
            }
        }
        func compare(_ c: ComparisonOp) -> Node {
            switch (l, r) {
            case (.local(let s), .constant(.int(let k))): return .compareLocalInt(c, s, k, range)
            case (.local(let x), .local(let y)): return .compareLocals(c, x, y, range)
            default: return .compare(c, l, r, range)
            }
        }
        switch op {
        case .add: return arithmetic(.add)
        case .subtract: return arithmetic(.subtract)
        case .multiply: return arithmetic(.multiply)
        case .divide: return arithmetic(.divide)
        case .remainder: return arithmetic(.remainder)
        case .bitAnd: return arithmetic(.bitAnd)
        case .bitOr: return arithmetic(.bitOr)
        case .bitXor: return arithmetic(.bitXor)
        case .shiftLeft: return arithmetic(.shiftLeft)
        case .shiftRight: return arithmetic(.shiftRight)
        case .wrappingAdd: return arithmetic(.wrappingAdd)
        case .wrappingSubtract: return arithmetic(.wrappingSubtract)
        case .wrappingMultiply: return arithmetic(.wrappingMultiply)
        case .maskingShiftLeft: return arithmetic(.maskingShiftLeft)
        case .maskingShiftRight: return arithmetic(.maskingShiftRight)
        case .halfOpenRange: return .makeRange(l, r, closed: false, range)
        case .closedRange: return .makeRange(l, r, closed: true, range)
        case .coalesce: return .coalesce(l, r)
        case .equal, .patternMatch: return .equal(l, r, negated: false)   // `~=` of a range is its `contains` (`typedPatternMatch`)
        case .notEqual: return .equal(l, r, negated: true)
        // Two class instances are equal exactly when they are the same one (`Value`'s `==`).
        case .identical: return .equal(l, r, negated: false)
        case .notIdentical: return .equal(l, r, negated: true)
        case .less: return compare(.less)
        case .lessEqual: return compare(.lessEqual)
        case .greater: return compare(.greater)
        case .greaterEqual: return compare(.greaterEqual)
        case .and: return .and(l, r, range)
        case .or: return .or(l, r, range)
        }
    }

    func identifier(_ name: String, at range: SourceRange) -> Node { typedIdentifier(name, at: range).node }

    /// A plain name: a local, a member of `self`, a global, a type or a builtin.
    func typedIdentifier(_ name: String, at range: SourceRange) -> Typed {
        checkInitialized(name, at: range)
        if let local = lookupLocal(name) {
            checkInoutCapture(local, name, at: range)
            if let access = local.accessedAs { return typed(accessedValue(access, at: range)) }
            if local.isGetter { return Typed(.callValue(read(local.binding), [], [], range), local.type) }   // a computed local
            if local.isAsyncLet, local.isCapture || context.inAsyncLet { error(.asyncLet(.captured), at: range) }
            if local.throwsOnRead { return Typed(asyncLetRead(read(local.binding), at: range), local.type) }
            return Typed(read(local.binding), local.type)
        }
        if let lazy = lazyStaticRead(name, at: range) { return lazy }
        if let member = standardSelfMember(name, at: range) { return member }
        if case .record(let r)? = selfKind(), lazyPropertyType(r, name) != nil {   // a `lazy var` of `self`: its getter
            return typedMember(Expr(.self, range), name, nameRange: range, range: range)
        }
        if let node = implicitSelfMember(name, at: range) { checkInitializedRead(name, at: range); return Typed(node, ownFieldType(name) ?? memberType(selfType(), name) ?? .any) }
        if let key = bareStaticKey(name) { return typedIdentifier(key, at: range) }
        // `allCases` in an enum's static code: its synthesized static, as `Suit.allCases`.
        if name == "allCases", let owner = staticOwner, case .enumeration? = globals[owner] {
            return typed(Expr(.member(Expr(.identifier(owner), range), name, nameRange: range), range))
        }
        if globals[name] == nil, let framework = typedFrameworkProperty(name) { return framework }
        if staticGetterKeys.contains(name) { return typedCall(Expr(.identifier(name), range), [], expected: nil, range: range) }
        return Typed(untypedIdentifier(name, at: range), globalType(name))
    }

    func untypedIdentifier(_ name: String, at range: SourceRange) -> Node {
        if let node = implicitSelfMember(name, at: range) { return node }
        if let entry = globals[name] {
            switch entry {
            case .variable(let slot, _, _):
                if context.kind == .topLevel, !declaredGlobals.contains(name) {
                    error(.unknownName(name, suggestion: nil), at: range, notes: ["'\(name)' is declared later in the file"])
                }
                noteGlobalUse(name)
                if let value = literalGlobals[name] { return .constant(value) }
                if let property = boxedGlobals[name] { return .member(.global(slot), Name(property), range) }   // its hidden instance's property
                return .global(slot)
            case .function(let slot, _, _):
                return .global(slot)
            case .record(let r, _, _): return .constant(.type(.record(r)))
            case .enumeration(let e, _, _): return .constant(.type(.enumeration(e)))
            case .intent(let i, _, _): return .constant(.type(.intent(i)))
            case .view(let v, _, _): return .constant(.type(.view(v)))
            }
        }
        if let builtin = BuiltinType(rawValue: name) { return .constant(.type(.builtin(builtin))) }
        unknownName(name, at: range)
        return .constant(.null)
    }

    /// `count` inside a struct method means `self.count`.
    func implicitSelfMember(_ name: String, at range: SourceRange) -> Node? {
        guard let kind = selfKind(), declaresMember(kind, name), let selfNode = selfNode(at: range) else { return nil }
        guard case .record(let r) = kind else { return .member(selfNode, Name(name), range) }
        checkExplicitSelf(name, isMethod: r.memberTypes.methods[name] != nil && r.fieldIndex[name] == nil, at: range)
        let read = provenRead(ofMember: name, of: .record(r))
        return .member(selfNode, Name(name, read: read), range)
    }

    /// Constants and helpers are registered while the intent resolves; look at its syntax for the rest.
    func intentDeclaresMember(_ type: IntentType, _ name: String) -> Bool {
        guard case .intent(_, let decl, _)? = globals[type.name] else { return false }
        return decl.members.properties.contains { if case .variable(let v) = $0.kind { return v.name == name }; return false }
            || decl.members.functions.contains { $0.name == name }
    }

    /// `$name` inside an intent: the projection of a parameter (SPEC §5.3).
    /// Its only use is a request: `$name.requestValue(…)` and friends.
    func projection(_ name: String, at range: SourceRange) -> (IntentType, Int)? {
        guard case .intent(let type)? = selfKind() else {
            error(.dollarOutsideIntent(name), at: range)
            return nil
        }
        guard let index = type.parameterIndex[name] else {
            error(.unknownParameterProjection(name, intent: type.name), at: range,
                  notes: closestMatch(to: name, in: type.parameters.map(\.name)).map { ["did you mean '$\($0)'?"] } ?? [])
            return nil
        }
        return (type, index)
    }

    /// `.single`: an enum case when exactly one enum has it, else a symbol that a type turns into a case.
    func implicitMember(_ name: String, at range: SourceRange) -> Node {
        let owners = program.enums.values.filter { $0.caseIndex[name] != nil }
        if owners.count == 1, let c = owners[0].lookup(name) { return .constant(.enumCase(c)) }
        if name == "now" { return .callMethod(.constant(.type(.builtin(.date))), Name("now"), [], [], range) }
        return .constant(.symbol(name))
    }

    func member(_ base: Expr, _ name: String, nameRange: SourceRange, range: SourceRange) -> Node {
        if case .identifier(let typeName) = base.kind, lookupLocal(typeName) == nil, implicitSelfMember(typeName, at: base.range) == nil {
            switch globals[typeName] {
            case .enumeration(let e, _, _)?:
                if let c = e.lookup(name) { return .constant(.enumCase(c)) }
                if name == "allCases" { return .constant(.array(e.cases.map { .enumCase($0) })) }
                if name == "self" { return .constant(.type(.enumeration(e))) }
                if name != "init" {
                    error(.unknownMember(name, type: typeName, suggestion: closestMatch(to: name, in: e.cases.map(\.name) + ["allCases"])), at: nameRange)
                }
            case .record(let r, _, _)? where r.kind == .store:
                if name == "shared" { return .storeShared(r) }
                error(.unknownMember(name, type: typeName, suggestion: "shared"), at: nameRange,
                      notes: ["a store's fields are reached through its one instance: \(typeName).shared.\(name)"])
                return .constant(.null)
            case .record(let r, _, _)? where (r.kind == .struct || r.kind == .class) && name != "self" && name != "init":
                // A static member the type does not declare (those it declares are found by `staticKey` first).
                let statics = globals.keys.filter { $0.hasPrefix(typeName + ".") }.map { String($0.dropFirst(typeName.count + 1)) }
                if memberType(.record(r), name) != nil { error(.instanceMemberOnType(name, type: typeName), at: base.range) } else {
                    error(.unknownMember(name, type: typeName, suggestion: closestMatch(to: name, in: statics.sorted())), at: nameRange)
                }
                return .constant(.null)
            default:
                break
            }
        }
        return .member(expr(base), Name(name), range)
    }


}

extension Resolver {
    /// The value of a literal as a declaration's whole initializer (`0`, `-1.5`, `true`, `"text"`), or nil.
    static func literal(_ expression: Expr?) -> Value? {
        switch expression?.kind {
        case .integer(let n)?: return .int(n)
        case .double(let d)?: return .double(d)
        case .bool(let b)?: return .bool(b)
        case .string(let parts)?:
            var text = ""
            for part in parts {
                guard case .text(let t) = part else { return nil }
                text += t
            }
            return .string(text)
        case .unary(.negate, let operand)?:
            switch operand.kind {
            case .integer(let n): return n == .min ? nil : .int(-n)
            case .double(let d): return .double(-d)
            default: return nil
            }
        default: return nil
        }
    }
}
