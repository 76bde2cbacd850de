import ShortcutSyntax

/// An expression's code and its static type (SPEC §3.1).
struct Typed {
    var node: Node
    var type: ScriptType
    /// An integer literal (or its negation) that a context may still make a `Double`.
    var isIntegerLiteral = false
    /// A literal as written (`36.6`, `-1.5`, `true`, `"swift"` without interpolations): a context may make it a value of a
    /// type that adopts its `ExpressibleBy…Literal` protocol (`literalConstruction`).
    var isLiteral = false

    init(_ node: Node, _ type: ScriptType, isIntegerLiteral: Bool = false) {
        self.node = node
        self.type = type
        self.isIntegerLiteral = isIntegerLiteral
    }

    /// A literal as written, of its own type.
    static func literal(_ value: Value, _ type: ScriptType) -> Typed {
        var t = Typed(.constant(value), type)
        t.isLiteral = true
        return t
    }

    /// Whether this is a string literal as written that may be a value of `type`, a text type other than `String`: any
    /// literal a `Substring`, one of one character a `Character` (Swift's `ExpressibleByStringLiteral` and
    /// `ExpressibleByExtendedGraphemeClusterLiteral`).
    func isTextLiteral(of type: ScriptType) -> Bool {
        guard isLiteral, case .constant(.string(let text)) = node else { return false }
        switch type {
        case .character: return text.count == 1
        case .substring: return true
        default: return false
        }
    }

    /// After an error: nothing more is reported about this expression.
    static var unknown: Typed { Typed(.constant(.null), .any) }
}

extension Resolver {
    // MARK: Conditions

    /// A condition: it must be a `Bool` (SPEC §3: no truthiness).
    /// `operand`: of `!` (`negated`), `&&` or `||`, which swiftc words as an argument.
    func condition(_ e: Expr, operand: Bool = false, negated: Bool = false) -> Node {
        let t = typed(e, .bool)
        switch t.type {
        case .any, .bool: break
        case .optional(let w) where w.agrees(with: .bool):
            error(.mustUnwrap(optional: t.type.description, wrapped: "Bool"), at: e.range)
        default:
            var literal: String?
            if case .integer(let i) = e.kind { literal = String(i) }
            error(.notBoolean(type: t.type.description, literal: literal, operand: operand, negated: negated), at: e.range)
        }
        return t.node
    }

    // MARK: Operators

    func typedBinary(_ op: BinaryOp, _ lhs: Expr, _ rhs: Expr, expected: ScriptType?, range: SourceRange) -> Typed {
        switch op {
        case .and, .or:
            let l = condition(lhs, operand: true), r = condition(rhs, operand: true)
            return Typed(binary(op, l, r, range), .bool)
        case .coalesce:
            let l = typed(lhs, expected.map { .optional($0) })
            if case .nil = rhs.kind {} else { warnIfNestedOptional(l.type, at: lhs.range) }   // `?? nil` flattens, as Swift's does
            let wrapped: ScriptType
            switch l.type {
            case .optional(let w): wrapped = w
            case .any: wrapped = expected ?? .any
            default:   // Swift accepts `??` on a non-optional with a warning; the value is the left side
                warning(.coalesceOfNonOptional(type: l.type.description), at: lhs.range)
                wrapped = l.type
            }
            let r = typed(rhs, wrapped.isUnknown ? expected : wrapped)
            // Where an `Any` is wanted, either side's value is one (`print(s.first ?? "")`).
            if !wrapped.isUnknown, !r.type.isUnknown, !fits(r, wrapped), !fits(r, .optional(wrapped)) {
                if case .any? = expected { return Typed(.coalesce(l.node, r.node), .any) }
                // With nothing else to say which type is meant, the two sides do not go together (swiftc's words); where a
                // type is wanted, the right side is not one (`fit`'s).
                if expected == nil {
                    error(.binaryOperands(op: op.rawValue, lhs: l.type.description, rhs: r.type.description), at: operatorRange(op, lhs, rhs))
                    return Typed(.coalesce(l.node, r.node), wrapped)
                }
            }
            // `a ?? b` where `b` is itself optional stays optional.
            if !wrapped.isUnknown, r.type.isOptional, !wrapped.isOptional, fits(r, .optional(wrapped)) {
                return Typed(.coalesce(l.node, r.node), .optional(wrapped))
            }
            let node = wrapped.isUnknown ? r.node : fit(r, to: wrapped, site: .argument, at: rhs.range)
            return Typed(.coalesce(l.node, node), wrapped.isUnknown ? r.type : wrapped)
        case .halfOpenRange, .closedRange:
            return typedRange(op, lhs, rhs, expected: expected, range: range)
        case .identical, .notIdentical:
            // Class instances (or nil), as Swift's `===` takes `AnyObject?`.
            let (l, r) = operands(lhs, rhs, expected: nil)
            for (side, e) in [(l, lhs), (r, rhs)] {
                switch side.type.wrapped ?? side.type {
                case .record(let t) where t.kind == .class: continue
                case .existential(let p) where isClassBound(p): continue
                case _ where side.type.isUnknown: continue
                case .any where side.type.isOptional: continue   // `nil`
                default: error(.notAClassInstance(type: side.type.description), at: e.range)
                }
            }
            return Typed(binary(op, l.node, r.node, range), .bool)
        case .equal, .notEqual, .patternMatch:
            // `pattern ~= value` of a range is its `contains`; of anything else it is `==` (`typedRangePattern`).
            if op == .patternMatch, let test = typedRangePattern(lhs, rhs, range: range) { return test }
            let (l, r) = operands(lhs, rhs, expected: nil)
            if let user = userBinaryOperator(op == .patternMatch ? .equal : op, l, r, lhs, rhs, range: range) { return user }
            // `x == nil` asks any optional whether it holds a value, equatable or not (a function, a protocol's value).
            let againstNil = [lhs, rhs].contains { if case .nil = $0.kind { return true }; return false }
            // A class's instances compare only through `Equatable` (SPEC §13), a struct's always (SPEC §3.2).
            if op == .patternMatch, l.type.isUnknown || l.type.isAnyValue {
                // A pattern whose type is not known here (`Any`, a property's type not inferred): whether it is a range,
                // whose `contains` `~=` asks, or a value it compares, cannot be told — an error, never a guess.
                error(.cannotConvert(actual: l.type.description, expected: r.type.description, site: .argument), at: lhs.range)
            } else if !(fits(l, r.type) || fits(r, l.type) || l.type.isText && r.type.isText) {
                // Of `~=`, swiftc's words for a `case`'s pattern.
                let mismatch: DiagnosticMessage = op == .patternMatch
                    ? .patternMismatch(pattern: l.type.description, subject: r.type.description)
                    : .binaryOperands(op: op.rawValue, lhs: l.type.description, rhs: r.type.description)
                error(mismatch, at: operatorRange(op, lhs, rhs))
            } else if !againstNil && [l.type, r.type].contains(where: { !$0.isUnknown && !$0.isEquatable }) {
                error(.binaryOperands(op: op.rawValue, lhs: l.type.description, rhs: r.type.description), at: operatorRange(op, lhs, rhs))
            }
            if case .set = l.type {
                // Two sets are equal when they hold the same elements, in any order.
                let same = Node.callMethod(l.node, Name("sameElements"), [r.node], [nil], range)
                return Typed(op == .notEqual ? .not(same, range) : same, .bool)
            }
            return Typed(binary(op, converted(l, to: r.type), converted(r, to: l.type), range), .bool)
        case .less, .lessEqual, .greater, .greaterEqual:
            var (l, r) = operands(lhs, rhs, expected: nil)
            if let user = userBinaryOperator(op, l, r, lhs, rhs, range: range) { return user } else if let made = madeFromLiterals(l, r) { (l, r) = made }
            var type = arithmeticResult(l, r)
            // A subclass's instance beside its superclass's compares as the superclass's (`Dog(…) < Animal(…)`).
            if type == nil, case .record(let a) = l.type, case .record(let b) = r.type { type = a.isSubclass(of: b) ? r.type : b.isSubclass(of: a) ? l.type : nil }
            // An Int that is not a literal meets a Double only in arithmetic (SPEC §3): `x < n` is Swift's error.
            let mixed = [(l, r), (r, l)].contains { a, b in
                if case .int = a.type, case .double = b.type { return !a.isIntegerLiteral } else { return false }
            }
            // Of a generic parameter with no constraints, or two values of a type of the program's without an order, swiftc
            // names the protocol that would give the operator.
            let unordered: String? = if case .typeParameter(let name, let constraints)? = type, constraints.isEmpty { name }
                else if l.type.isRecordOrEnumeration, !l.type.isComparable, l.type.description == r.type.description, !l.type.hasRawValues { l.type.description }
                else { nil }   // (a raw-value enum's `<` is the operator's error to swiftc: its `RawRepresentable` offers candidates)
            if let unordered, !mixed {
                error(.genericRequirement(callee: "referencing operator function '\(op.rawValue)' on 'Comparable'", type: unordered, requirement: "Comparable"),
                      at: operatorRange(op, lhs, rhs))
            } else if type == nil, let (side, e) = [(l, lhs, r), (r, rhs, l)].first(where: { side, _, other in
                          side.type.wrapped.map { w in arithmeticResult(Typed(side.node, w), other)?.isComparable ?? false } ?? false }).map({ ($0.0, $0.1) }) {
                // `o > 0` of an `Int?`: its value is to be unwrapped first (swiftc's words, at that side).
                error(.mustUnwrap(optional: side.type.description, wrapped: side.type.wrapped?.description ?? ""), at: anchor(of: e))
            } else if type == nil || !(type?.isComparable ?? false) || mixed {
                error(.binaryOperands(op: op.rawValue, lhs: l.type.description, rhs: r.type.description), at: operatorRange(op, lhs, rhs))
            }
            return Typed(binary(op, promoted(l, type), promoted(r, type), range), .bool)
        case .bitAnd, .bitOr, .bitXor, .shiftLeft, .shiftRight, .wrappingAdd, .wrappingSubtract, .wrappingMultiply,
             .maskingShiftLeft, .maskingShiftRight:
            // Integers only (`n & 1`, `1 << k`, `hash &* 31`).
            let (l, r) = operands(lhs, rhs, expected: .int)
            if let user = userBinaryOperator(op, l, r, lhs, rhs, range: range) { return user }
            // Of a generic parameter's integers (`T: BinaryInteger`): the same type on both sides, a literal one of them.
            if let type = arithmeticResult(l, r), case .typeParameter = type {
                if TypeParameters.supports(op, type.typeParameterProtocols ?? []) { return Typed(binary(op, l.node, r.node, range), type) }
            }
            guard l.type.agrees(with: .int), r.type.agrees(with: .int) else {
                error(.binaryOperands(op: op.rawValue, lhs: l.type.description, rhs: r.type.description), at: operatorRange(op, lhs, rhs))
                return Typed(binary(op, l.node, r.node, range), .any)
            }
            return Typed(binary(op, l.node, r.node, range), .int, isIntegerLiteral: l.isIntegerLiteral && r.isIntegerLiteral)
        case .add, .subtract, .multiply, .divide, .remainder:
            let numeric = expected.flatMap { $0.isNumeric ? $0 : nil }
            let (l, r) = operands(lhs, rhs, expected: numeric)
            if let user = userBinaryOperator(op, l, r, lhs, rhs, range: range) { return user }
            // `date + seconds`, `date - seconds` (a `TimeInterval` is a `Double`).
            if case .date = l.type, op == .add || op == .subtract, fits(r, .double) {
                return Typed(binary(op, l.node, converted(r, to: .double), range), .date)
            }
            // `text + c`, `c + "a"`: a `String`'s `+`, which a character is not.
            let isCharacter = { (t: Typed) in if case .character = t.type { !t.isLiteral } else { false } }
            let isString = { (t: Typed) in if case .string = t.type { true } else { t.isLiteral && t.type.agrees(with: .character) } }
            if op == .add, let (_, e) = [(l, lhs), (r, rhs)].first(where: { isCharacter($0.0) }), isString(l) || isString(r) {
                error(.cannotConvert(actual: "Character", expected: "String", site: .argument), at: anchor(of: e))
                return Typed(binary(op, l.node, r.node, range), .string)
            }
            // `chars + "yz"`, `"<" + chars`: characters and a text, the left side's kind (Swift's `+` of a collection and a
            // sequence of its elements).
            if op == .add, let joined = joiningCharacters(l, r, range) { return joined }
            var type = arithmeticResult(l, r)
            switch type {
            case .int?, .double?, .any?: break
            case .string?, .substring?, .array?: if op != .add { type = nil }
            case .typeParameter?: if !TypeParameters.supports(op, type?.typeParameterProtocols ?? []) { type = nil }
            default: type = nil
            }
            if op == .remainder, case .double? = type { type = nil }
            // `let s: String = name + k`: with a type wanted, swiftc takes that type's `+` and reports the other side — where
            // the type is fixed: in a closure, inferred with its context, it is the operator's error.
            if type == nil, op == .add, context.kind != .closure, let wanted = expected, let (other, e) = operandNotOfWanted(wanted, l, r, lhs, rhs) {
                error(.cannotConvert(actual: other.type.description, expected: wanted.description, site: .argument), at: e.range)
                return Typed(binary(op, l.node, r.node, range), wanted)
            }
            // `s + nil`: swiftc takes the other side's operator and says the `nil` is no such argument.
            if type == nil, let (other, e) = [(l, rhs), (r, lhs)].first(where: { if case .nil = $0.1.kind { true } else { false } }),
               !other.type.isUnknown, !other.type.isOptional {
                error(.cannotConvert(actual: "nil", expected: other.type.description, site: .argument), at: e.range)
                return Typed(binary(op, l.node, r.node, range), other.type)
            }
            if type == nil, let side = [(l, lhs), (r, rhs)].first(where: { $0.0.type.wrapped.map { w in w.isNumeric || w.agrees(with: .string) } ?? false }) {
                error(.mustUnwrap(optional: side.0.type.description, wrapped: side.0.type.wrapped?.description ?? ""), at: anchor(of: side.1))
                return Typed(binary(op, l.node, r.node, range), side.0.type.wrapped ?? .any)
            }
            guard let type else {
                // `x + 1.5` of a `T: Numeric`: the literal is no `T`; `x / 2` of one: no `/` between them (the literal an `Int`).
                if let (parameter, literal) = parameterBesideLiteral(l, r, lhs, rhs), literal.0.type.typeParameterProtocols == nil {
                    error(.cannotConvert(actual: literal.0.type.description, expected: parameter.description, site: .argument), at: literal.1.range)
                    return Typed(binary(op, l.node, r.node, range), parameter)
                }
                error(.binaryOperands(op: op.rawValue, lhs: literalSpelling(l), rhs: literalSpelling(r)), at: operatorRange(op, lhs, rhs))
                return Typed(binary(op, l.node, r.node, range), .any)
            }
            // `7 / 2` of literals alone stays a literal: where a `Double` is wanted, it is `3.5` (as in Swift).
            let isLiteral = l.isIntegerLiteral && r.isIntegerLiteral
            if case .int = type { checkFoldedArithmetic(op, lhs, rhs) }
            return Typed(binary(op, promoted(l, type), promoted(r, type), range), type, isIntegerLiteral: isLiteral)
        }
    }

    /// `+` of an array of characters and a text: an array of characters when the array is on the left (the text's
    /// characters appended), a `String` when the text is (the characters joined).
    private func joiningCharacters(_ l: Typed, _ r: Typed, _ range: SourceRange) -> Typed? {
        let isCharacters = { (t: Typed) in if case .array(.character) = t.type { true } else { false } }
        if isCharacters(l), r.type.isText { return Typed(binary(.add, l.node, .callBuiltin(.array, [r.node], [nil], range), range), l.type) }
        if l.type.isText, isCharacters(r) { return Typed(binary(.add, l.node, .callBuiltin(.string, [r.node], [nil], range), range), .string) }
        return nil
    }

    /// A generic parameter's value beside a number literal, and the literal with its expression.
    private func parameterBesideLiteral(_ l: Typed, _ r: Typed, _ lhs: Expr, _ rhs: Expr) -> (ScriptType, (Typed, Expr))? {
        for (side, other, e) in [(l, r, rhs), (r, l, lhs)] where other.isLiteral || other.isIntegerLiteral {
            if case .typeParameter = side.type, !side.isLiteral { return (side.type, (other, e)) }
        }
        return nil
    }

    /// An operand's type as a message names it: a number literal taken as a generic parameter's value is its own type.
    private func literalSpelling(_ t: Typed) -> String {
        guard t.isLiteral, case .typeParameter = t.type else { return t.type.description }
        if case .constant(.double) = t.node { return "Double" }
        return "Int"
    }

    /// Both operands, each typed with the other's type in mind: `x + 1` where `x` is a `Double` makes the `1` a `Double`.
    private func operands(_ lhs: Expr, _ rhs: Expr, expected: ScriptType?) -> (Typed, Typed) {
        // `[1, 2] + [3.5]`: an array of integer literals becomes the other side's Doubles, as a lone literal does.
        if expected == nil, case .array(let elements) = lhs.kind, !elements.isEmpty, elements.allSatisfy({ if case .integer = $0.kind { true } else { false } }) {
            let r = typed(rhs, nil)
            return (typed(lhs, r.type.agrees(with: .array(.double)) && !r.type.isUnknown ? r.type : nil), r)
        }
        var l = typed(lhs, expected)
        let r = typed(rhs, expected ?? (l.isIntegerLiteral ? nil : l.type))
        if l.isIntegerLiteral, case .double = r.type { l = Typed(converted(l, to: .double), .double) }
        return (l, r)
    }

    /// The type arithmetic or an ordering gives two operands: the same type, or `Double`
    /// when one is an `Int` (promoted, SPEC §3), or nil when they do not mix.
    private func arithmeticResult(_ l: Typed, _ r: Typed) -> ScriptType? {
        // `"a" <= c`: a literal beside a `Character` is one (beside a `Substring` it is a `String`, which mixes with one).
        if case .character = r.type, l.isTextLiteral(of: r.type) { return r.type }
        if case .character = l.type, r.isTextLiteral(of: l.type) { return l.type }
        // `1 + x` of a generic parameter that takes number literals: one of its values.
        if case .typeParameter = r.type, fits(l, r.type) { return r.type }
        if case .typeParameter = l.type, fits(r, l.type) { return l.type }
        switch (l.type, r.type) {
        case (.any, let t), (let t, .any): return t
        case (.int, .double), (.double, .int): return .double
        case (.string, .substring), (.substring, .string): return l.type   // `sub + text` is a Substring, `text + sub` a String
        default: return l.type.agrees(with: r.type) ? l.type : nil
        }
    }

    private func promoted(_ t: Typed, _ type: ScriptType?) -> Node {
        guard let type else { return t.node }
        return converted(t, to: type)
    }

    func typedUnary(_ op: UnaryOp, _ operand: Expr, expected: ScriptType?, range: SourceRange) -> Typed {
        switch op {
        case .not:
            return Typed(.not(condition(operand, operand: true, negated: true), range), .bool)
        case .negate:
            let t = typed(operand, expected.flatMap { $0.isNumeric ? $0 : nil })
            if case .constant(.int(let i)) = t.node, t.isIntegerLiteral, i != Int.min {
                return Typed(.constant(.int(-i)), .int, isIntegerLiteral: true)
            }
            if case .constant(.double(let d)) = t.node { var negated = Typed(.constant(.double(-d)), .double); negated.isLiteral = t.isLiteral; return negated }
            if let user = userPrefixOperator(op, t, operand, range: range) { return user }
            guard t.type.isNumeric || t.type.isUnknown || t.type.typeParameterHas("SignedNumeric") else {
                error(.unaryOperand(op: "-", type: t.type.description), at: range)
                return Typed(.negate(t.node, range), .any)
            }
            if case .int = t.type { checkFoldedNegation(operand, range: range) }
            return Typed(.negate(t.node, range), t.type)
        case .plus:
            // `+x`: the number itself (a literal stays one).
            let t = typed(operand, expected.flatMap { $0.isNumeric ? $0 : nil })
            if let user = userPrefixOperator(op, t, operand, range: range) { return user }
            guard t.type.isNumeric || t.type.isUnknown || t.type.typeParameterHas("Numeric") else {
                error(.genericRequirement(callee: "referencing operator function '+' on 'AdditiveArithmetic'", type: t.type.description,
                                          requirement: "AdditiveArithmetic"), at: range)
                return Typed(t.node, .any)
            }
            return t
        case .bitNot:
            // `~x` is `x ^ -1`.
            let t = typed(operand, .int)
            guard t.type.agrees(with: .int) else {
                error(.unaryOperand(op: "~", type: t.type.description), at: range)
                return Typed(t.node, .any)
            }
            return Typed(.arithmetic(.bitXor, t.node, .constant(.int(-1)), range), .int)
        }
    }
}
