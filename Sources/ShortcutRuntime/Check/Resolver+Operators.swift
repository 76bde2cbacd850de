import ShortcutSyntax

/// Operators a program declares for its own types (`static func + (a: V, b: V) -> V`, `static func ==`,
/// `static prefix func -`, or the same at the top level): Swift's operator overloading. An operator applied to a value
/// of such a type is a call of that function; `!=` of a type that declares only `==` is its negation.
extension Resolver {
    /// The global key of the function that implements `op` for operands of these types: the static of either operand's
    /// type (the left first), else a top-level function of that name; nil when neither operand's type is the program's.
    /// Of several overloads (`Type.*`, `Type.*#1`, …), the one whose parameter types the operands fit.
    func userOperatorKey(_ op: String, _ types: [ScriptType]) -> String? {
        var declaresOne = false
        for type in types {
            let owners: [String]
            switch type.wrapped == nil ? type : .any {
            // A use of a generic type (`Box<Int>`): the generic type's; a subclass's instance: its class's, then its superclasses'.
            case .record(let r): owners = sequence(first: r, next: \.superclass).map(\.root.name)
            case .enumeration(let e): owners = [e.root.name]
            // `extension Int: Monoid { static func <> … }`: a standard type's, declared by the program's extension.
            case .int, .double, .string, .bool, .character, .array, .dictionary, .set:
                owners = [type.genericSpelling.prefix { $0 != "<" }].map(String.init)
                guard globals[Resolver.staticKey(owners[0], op)] != nil else { continue }
            default: continue
            }
            declaresOne = true
            for owner in owners {
                let key = Resolver.staticKey(owner, op)
                var candidates: [String] = []
                while case .function? = globals[candidates.isEmpty ? key : "\(key)#\(candidates.count)"] {
                    candidates.append(candidates.isEmpty ? key : "\(key)#\(candidates.count)")
                }
                if let fitting = candidates.first(where: { operandsFit(types, functionSignatures[$0]) }) { return fitting }
            }
        }
        if declaresOne, case .function? = globals[op] { return op }
        return nil
    }

    /// Whether operands of these types may be passed to the signature's parameters (an unknown type fits).
    private func operandsFit(_ types: [ScriptType], _ signature: FunctionSignature?) -> Bool {
        guard let signature, signature.types.count == types.count, !mixesUses(types) else { return false }
        return zip(types, signature.types).allSatisfy { given, wanted in
            if case .int = given, case .double = wanted { return true }   // `v * 2`: the literal is a Double
            if case .record(let a) = given, case .record(let b) = wanted, a.isSubclass(of: b) { return true }   // a subclass's instance
            return given.agrees(with: wanted)
        }
    }

    /// The `let` or `var` of a conditional binding (`if let x = y`, `guard var x`): where swiftc reports the binding.
    func bindingKeywordRange(before name: SourceRange) -> SourceRange {
        let start = max(0, Int(name.start) - 16)
        let before = Array(sourceText(SourceRange(file: name.file, start: start, end: Int(name.start))).utf8)
        let words: [[UInt8]] = [Array("let".utf8), Array("var".utf8)]
        var i = before.count - 3
        while i >= 0 {
            if words.contains(where: { $0 == Array(before[i..<i + 3]) }) { return SourceRange(file: name.file, start: start + i, end: start + i + 3) }
            i -= 1
        }
        return name
    }

    /// Where an assignment's operator stands, between the place and the value (`n += x`): where swiftc reports its operands.
    func operatorRange(_ op: String, after target: Expr, before value: Expr) -> SourceRange {
        let gap = sourceText(SourceRange(file: target.range.file, start: Int(target.range.end), end: Int(value.range.start)))
        let at = Int(target.range.end) + gap.utf8.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
        return SourceRange(file: target.range.file, start: at, end: at + op.utf8.count)
    }

    /// Whether two operands are uses of one generic type with other arguments (`Box<Int>`, `Box<String>`).
    private func mixesUses(_ types: [ScriptType]) -> Bool {
        guard types.count == 2, case .record(let a) = types[0], case .record(let b) = types[1] else { return false }
        return a !== b && a.template != nil && b.template != nil && a.root === b.root
    }

    /// `l op r` as a call of the operator function the operands' types declare; nil when they declare none. `!=` is
    /// `!(l == r)` when only `==` is declared.
    func userBinaryOperator(_ op: BinaryOp, _ l: Typed, _ r: Typed, _ lhs: Expr, _ rhs: Expr, range: SourceRange) -> Typed? {
        let types = [l.type, r.type]
        // `Measurement<UnitLength>() + Measurement<UnitMass>()`: the operator takes two of one use, as swiftc says.
        if mixesUses(types), userOperatorKey(op.rawValue, [l.type, l.type]) != nil {
            error(.cannotConvert(actual: r.type.description, expected: l.type.description, site: .argument), at: rhs.range)
            return .unknown
        }
        if let key = userOperatorKey(op.rawValue, types) { return userOperatorCall(key, [l, r], [lhs, rhs], range: range) }
        // `price * 2`, `1 + price`: a literal is a value of the other operand's type when that type is made from literals.
        if let made = madeFromLiterals(l, r), let key = userOperatorKey(op.rawValue, [made.0.type, made.1.type]) {
            return userOperatorCall(key, [made.0, made.1], [lhs, rhs], range: range)
        }
        if op == .notEqual, let key = userOperatorKey("==", types), let equal = userOperatorCall(key, [l, r], [lhs, rhs], range: range) {
            return Typed(.not(equal.node, range), .bool)
        }
        return requiredOperatorCall(op, l, r, range: range)
    }

    /// `a + b` of two values of one generic parameter whose protocol requires `static func +` (`func add<M: Monoid>(_ a: M,
    /// _ b: M) -> M`): the operator of the first operand's own type, found when the program runs — the program's static,
    /// else the standard type's own (`extension Int: Monoid {}` adds none). Typed as the requirement declares it, `Self`
    /// as the operands' type. Nil where no protocol of theirs requires the operator.
    func requiredOperatorCall(_ op: BinaryOp, _ l: Typed, _ r: Typed, range: SourceRange) -> Typed? {
        let names: [String]
        switch l.type {
        case .existential(let p): names = [p]
        case .typeParameter(_, let constraints): names = constraints
        default: return nil
        }
        guard l.type.description == r.type.description else { return nil }
        for declaration in protocolDeclarations(refinedFrom: names) {
            guard let requirement = declaration.operatorRequirements.first(where: { $0.isStatic && $0.name == op.rawValue }),
                  let function = requirement.function else { continue }
            let result: ScriptType = if case .named("Self")? = function.returnType?.kind { l.type } else { function.returnType.map { resolveType($0) } ?? .void }
            let type = Node.callBuiltin(.typeOf, [l.node, .constant(.string(l.type.description))], ["of", nil], range)
            return Typed(.callMethod(type, Name(op.rawValue), [l.node, r.node], [nil, nil], range), result)
        }
        return nil
    }

    /// Two operands with a literal one made a value of the other's type, when that type is made from literals
    /// (`price * 2`, `1 + price`, `price > 2` of a `Decimal`); nil when neither is.
    func madeFromLiterals(_ l: Typed, _ r: Typed) -> (Typed, Typed)? {
        if let made = literalConstruction(r, l.type) { return (l, Typed(made, l.type)) }
        if let made = literalConstruction(l, r.type) { return (Typed(made, r.type), r) }
        return nil
    }

    /// `a <> b`, `~~v`, `n++` of an operator the program declares (`CustomOperators`): a call of the operands' type's
    /// static function, else of the top-level one; an operand its `inout` parameter takes is passed as `&` (Swift passes
    /// it so). Nil when the program implements none, for the caller to report.
    func typedOperatorCall(_ name: String, _ args: [Argument], range: SourceRange) -> Typed? {
        // Each operand typed once: a chain (`a <> b <> c`) nests its calls, and typing them twice at each level (a look
        // ahead, then for real) took time exponential in its length. What they reported is taken back when the call is
        // made another way (`rewritten`, or by the caller), which types them again.
        // Only top-level functions of the name, none taking an operand `inout`: called as any other, the operands typed there.
        if !functionSignatures.keys.contains(where: { $0.hasSuffix("." + name) }), case .function? = globals[name],
           (overloads[name] ?? [name]).allSatisfy({ functionSignatures[$0]?.inouts.isEmpty ?? false }) {
            return nil
        }
        var rewritten: Expr?
        let call = tentatively { () -> (Typed?, keep: Bool) in
            let operands = args.map { typed($0.value) }
            let key = userOperatorKey(name, operands.map(\.type)) ?? (globals[name] == nil ? nil : name)
            guard let key, let signature = functionSignatures[key] else {
                let generic = genericOperatorCall(name, args, operands, range: range)
                return (generic, generic != nil)
            }
            // An operand its `inout` parameter takes is passed as `&` (Swift passes it so).
            func passedInout(_ a: Argument) -> Bool { if case .inoutArgument = a.value.kind { true } else { false } }
            if args.indices.contains(where: { signature.inouts.contains($0) && !passedInout(args[$0]) }), let function = globalFunctionExpr(key, at: range) {
                let passed = args.enumerated().map { i, a in
                    signature.inouts.contains(i) && !passedInout(a) ? Argument(label: nil, labelRange: nil, value: Expr(.inoutArgument(a.value), a.value.range)) : a
                }
                rewritten = Expr(.call(function, passed), range)
                return (nil, false)
            }
            // A top-level function: called as any other (its overloads, its generic parameters, its `inout` operands passed
            // as `&`), unless it is one plain one.
            if key == name, case .function(_, let decl, _)? = globals[name],
               !decl.generics.isEmpty || (overloads[name]?.count ?? 1) > 1 || !signature.inouts.isEmpty {
                return (nil, false)
            }
            let made = userOperatorCall(key, operands, args.map(\.value), range: range)
            return (made, made != nil)
        }
        return rewritten.map { typed($0) } ?? call
    }

    /// `a <> b` of a generic parameter whose protocol requires `static func <>` (`func combine<T: Monoid>(_ a: T, _ b: T)`,
    /// where `a` is a `Monoid`; or an operand whose type is not known here): the function of the first operand's own type,
    /// found when the program runs (a type of the program's declares one). Nil for operands of any other type.
    func genericOperatorCall(_ name: String, _ args: [Argument], _ operands: [Typed], range: SourceRange) -> Typed? {
        let parameter: String
        switch operands.first?.type {
        case .typeParameter(let p, _)?: parameter = p
        case .existential(let p)?: parameter = p
        case .any?: parameter = "Any"   // a closure's `$0` the context does not type (`reduce(.empty, <>)` of `Element`s)
        default: return nil
        }
        guard functionSignatures.keys.contains(where: { $0.hasSuffix("." + name) }) else { return nil }
        let type = Node.callBuiltin(.typeOf, [operands[0].node, .constant(.string(parameter))], ["of", nil], range)
        return Typed(.callMethod(type, Name(name), operands.map(\.node), args.map { _ in nil }, range), .any)
    }

    /// `-v` as a call of the type's `static prefix func -`; nil when the operand's type declares none.
    func userPrefixOperator(_ op: UnaryOp, _ operand: Typed, _ e: Expr, range: SourceRange) -> Typed? {
        guard let key = userOperatorKey("prefix" + op.rawValue, [operand.type]) else { return nil }
        return userOperatorCall(key, [operand], [e], range: range)
    }

    /// `target op= value` where the target's type declares `op=`: a call of it, the target passed `inout`. Nil when it
    /// does not — Swift makes no `+=` of a `+`.
    func userCompoundAssignment(_ target: Expr, _ op: AssignOp, _ value: Expr, range: SourceRange) -> Expr? {
        guard op != .assign else { return nil }
        // Only a target of a type of the program's can have an operator of its own (the value is typed only then).
        let targetType = quietly { typed(target).type }
        switch targetType {
        case .record, .enumeration: break
        default: return nil
        }
        var value = value
        let given = quietly { typed(value) }
        var types = [targetType, given.type]
        // `total *= 2` of a `Decimal`: the literal made one, by the type's `init(integerLiteral:)`.
        if userOperatorKey(op.rawValue, types) == nil, quietly({ literalConstruction(given, targetType) }) != nil,
           case .record(let r) = targetType, let label = Resolver.literalLabel(of: value) {
            value = Expr(.call(Expr(.identifier(r.root.name), value.range), [Argument(label: label, labelRange: nil, value: value)]), value.range)
            types[1] = targetType
        }
        guard let key = userOperatorKey(op.rawValue, types),
              let function = globalFunctionExpr(key, at: range) else { return nil }
        let arguments = [Argument(label: nil, labelRange: nil, value: Expr(.inoutArgument(target), target.range)),
                         Argument(label: nil, labelRange: nil, value: value)]
        return Expr(.call(function, arguments), range)
    }

    /// The label of the initialiser that makes a value of a literal (`integerLiteral` of `2`); nil for any other expression.
    static func literalLabel(of e: Expr) -> String? {
        switch e.kind {
        case .integer: return "integerLiteral"
        case .double: return "floatLiteral"
        case .string: return "stringLiteral"
        case .bool: return "booleanLiteral"
        default: return nil
        }
    }

    /// The expression that names the function at a global key: `Type.op` or `op`.
    func globalFunctionExpr(_ key: String, at range: SourceRange) -> Expr? {
        guard let dot = key.firstIndex(of: "."), !key.hasPrefix(".") else { return Expr(.identifier(key), range) }
        let owner = String(key[..<dot]), name = String(key[key.index(after: dot)...])
        return Expr(.member(Expr(.identifier(owner), range), name, nameRange: range), range)
    }

    func userOperatorCall(_ key: String, _ operands: [Typed], _ exprs: [Expr], range: SourceRange) -> Typed? {
        guard let entry = globals[key] else { return nil }
        let arguments = exprs.map { Argument(label: nil, labelRange: nil, value: $0) }
        let node = callGlobal(entry, name: key, key: key, pretyped: operands, arguments, calleeRange: range, range: range)
        requireMarks(functionSignatures[key], arguments, at: range)
        return Typed(node, operatorResult(functionSignatures[key]?.result ?? .any, operands))
    }

    /// An operator of a generic type that gives the type itself (`static func + (a: Box, b: Box) -> Box`), applied to a
    /// use of it (`Box<Int>`): that use, as Swift's `Self` there is.
    private func operatorResult(_ result: ScriptType, _ operands: [Typed]) -> ScriptType {
        guard case .record(let generic) = result, generic.template == nil else { return result }
        for operand in operands {
            if case .record(let use) = operand.type, use.template === generic { return operand.type }
        }
        return result
    }
}

extension Resolver {
    /// `name + k` where a `String` (an `Int`, a `Double`) is wanted: one side of that type, the other a scalar of another
    /// (or an optional one) — the side swiftc reports as not converting to the wanted type. Nil otherwise (an array beside
    /// a text is the operator's error in swiftc's words too).
    func operandNotOfWanted(_ wanted: ScriptType, _ l: Typed, _ r: Typed, _ lhs: Expr, _ rhs: Expr) -> (Typed, Expr)? {
        /// A scalar's kind: `String`, `Int`, `Double`, `Bool` (0…3); nil for any other type.
        func scalar(_ t: ScriptType) -> Int? {
            switch t {
            case .string: return 0
            case .int: return 1
            case .double: return 2
            case .bool: return 3
            default: return nil
            }
        }
        guard let want = scalar(wanted), want < 3 else { return nil }
        // Another scalar, or an optional one (an optional of the wanted type is to be unwrapped: `mustUnwrap`'s).
        let mismatched = { (t: ScriptType) in scalar(t.wrapped ?? t).map { $0 != want } ?? false }
        if scalar(l.type) == want, mismatched(r.type) { return (r, rhs) }
        if scalar(r.type) == want, mismatched(l.type) { return (l, lhs) }
        return nil
    }
}
