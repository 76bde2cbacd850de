import ShortcutSyntax

/// Fitting a value to the type its context wants: literals converted, a value wrapped into an optional, and what does
/// not fit reported in swiftc's words for the place (`ConversionSite`).
extension Resolver {
    /// The code of `t` as a value of type `expected`, reporting it when it does
    /// not fit: literals become the type the context wants (`1` as `3.0`), a
    /// value is wrapped into an optional, and anything else must be the same type.
    func fit(_ t: Typed, to expected: ScriptType, site: ConversionSite, at written: SourceRange) -> Node {
        if fits(t, expected) { return converted(t, to: expected) }
        let range = valueRange(written)
        var actual = t.type.description
        if case .optional(.any) = t.type { actual = "nil" }
        if case .function(let ps, _) = expected, let closure = closureParameters[written], closure.count != ps.count {
            // A closure literal with more or fewer parameters than its context passes: swiftc's words, at its parameters.
            error(.closureArity(type: expected.description, expects: ps.count, used: closure.count), at: closure.at)
        } else if actual != "nil", site != .coercion, let wrapped = t.type.wrapped, fits(Typed(t.node, wrapped), expected) {
            error(.mustUnwrap(optional: t.type.description, wrapped: expected.description), at: range)
        } else if case .bool = expected, t.isIntegerLiteral, case .constant(.int(let n)) = t.node, n == 0 || n == 1, site != .element, site != .key,
                  site != .value, site != .coercion {   // a collection's element keeps the conversion message
            error(.integerLiteralAsBool(n), at: range)
        } else {
            // A value that is no optional, where one is wanted: swiftc names the type it wraps (`let x: Int? = "a"` is "to
            // specified type 'Int'"), except for a collection's element or value.
            var target = expected
            if case .optional(let w) = expected, t.type.wrapped == nil, [.specified, .argument, .returned, .assigned, .subscriptAssigned, .defaultValue].contains(site) { target = w }
            // A composition names the part that is missing (`Named & Aged` for a value that is only `Named`), as swiftc does.
            var wanted = target.description
            if case .existential(let p) = target, let part = ScriptType.protocolParts(of: p).first(where: { !adopts(t.type, $0) }) { wanted = "any " + part }
            // Two uses of one generic type (`[Int]` for `[String]`, `Box<Int>` for `Box<String>`) are "cannot assign" to swiftc.
            let sameGeneric = site == .specified && t.type.sameGenericType(as: target)
            error(.cannotConvert(actual: actual, expected: wanted, site: sameGeneric ? .assigned : site), at: range)
        }
        return t.node
    }

    /// An argument checked against its parameter's type, when the parameter has one.
    func typedArgument(_ e: Expr, _ type: ScriptType?) -> Node {
        guard let type else { return expr(e) }
        return fit(typed(e, type), to: type, site: .argument, at: e.range)
    }

    /// Whether `t` fits `expected` as it is or after a literal's conversion.
    func fits(_ t: Typed, _ expected: ScriptType) -> Bool {
        switch (t.type, expected) {
        case (.any, _), (_, .any), (_, .error): return true
        case (.int, .double): return t.isIntegerLiteral
        case (.string, .character), (.string, .substring): return t.isTextLiteral(of: expected)
        // A number literal is a value of a generic parameter that takes one (`T: Numeric`, `T: FloatingPoint`).
        case (.int, .typeParameter): return t.isIntegerLiteral && expected.typeParameterHas("Numeric")
        case (.double, .typeParameter): return t.isLiteral && expected.typeParameterHas("FloatingPoint")
        case (.string, .record), (.double, .record), (.int, .record), (.bool, .record): return literalConstruction(t, expected) != nil
        case (.optional(.any), .optional): return true
        // `clamp(15, to: 0...10)` of a generic function that takes a `ClosedRange<T>`: a range of Ints is one.
        case (.range(let closed), .record(let r)) where r.isRangeTemplate(closed: closed) && isPreludeType(r.name): return true
        case (.record(let a), .record(let b)): return a.isSubclass(of: b)   // a subclass's instance is one of its superclass
        case (_, .existential("Any")): return true   // anything is an `Any`
        case (_, .existential(let p)) where !t.type.isOptional: return adopts(t.type, p) || t.isIntegerLiteral && adopts(.double, p)
        case (.optional(let a), .optional(let b)): return fits(Typed(t.node, a), b)
        case (_, .optional(let w)): return fits(t, w)
        case (.array(let a), .array(let b)): return fitsElements(a, b)
        case (.dictionary(let k1, let v1), .dictionary(let k2, let v2)): return fitsElements(k1, k2) && fitsElements(v1, v2)
        case (.tuple(let a, let la), .tuple(let b, let lb)) where a.count == b.count:
            // Element by element, as Swift converts a tuple: `(Int, String)` is a `(Int, String?)`; labels
            // given on both sides must be the same.
            return a.indices.allSatisfy { i in
                let (l, m) = (ScriptType.label(la, i), ScriptType.label(lb, i))
                return (l == nil || m == nil || l == m) && fits(Typed(t.node, a[i]), b[i])
            }
        case (.function(let p1, let r1), .function(let p2, let r2)):
            // `zip(a, b).map(add)`: a function of two parameters where one taking a pair is wanted takes its elements.
            var p2 = p2
            if p1.count > 1, p2.count == 1, case .tuple(let elements, _) = p2[0], elements.count == p1.count { p2 = elements }
            // A parameter of a protocol's type takes any conforming value (`circles.map { (s: Shape) in … }`).
            let takes = { (own: ScriptType, given: ScriptType) in
                if case .existential(let p) = own, !given.isOptional { return self.adopts(given, p) }
                return own.agrees(with: given)
            }
            return p1.count == p2.count && zip(p1, p2).allSatisfy(takes) && (r2.agrees(with: .void) || fitsElements(r1, r2))
        default: return t.type.agrees(with: expected)
        }
    }

    /// Element types of collections must agree (a `[Int]` is not a `[Double]`); unknown parts agree with anything.
    private func fitsElements(_ a: ScriptType, _ b: ScriptType) -> Bool {
        if case .optional(let w) = b, !a.isOptional { return fitsElements(a, w) }
        if case .record(let x) = a, case .record(let y) = b { return x.isSubclass(of: y) }
        if case .existential(let p) = b, !a.isOptional { return adopts(a, p) }   // `[Circle]` is a `[any Shape]`
        return a.agrees(with: b)
    }

    /// Literal conversions the checker decides (SPEC §3.1): `1` where a `Double` is wanted is `1.0`.
    func converted(_ t: Typed, to expected: ScriptType) -> Node {
        if case .tuple(_, let labels) = expected.wrapped ?? expected, !labels.isEmpty { return relabeled(t, labels) }
        if case .record = expected.wrapped ?? expected, let made = literalConstruction(t, expected) { return made }
        guard t.isIntegerLiteral else { return t.node }
        var target = expected
        if let w = expected.wrapped { target = w }
        // `let s: Shape = 5` where only `Double` adopts `Shape`: the literal is a Double, as Swift types it.
        if case .existential(let p) = target, !adopts(.int, p), adopts(.double, p) { return literalAsDouble(t.node) }
        guard case .double = target else { return t.node }
        return literalAsDouble(t.node)
    }

    /// A tuple given the labels of the type it fits (Swift converts `(Int, Int)` to `(min: Int, max: Int)`).
    private func relabeled(_ t: Typed, _ labels: [String?]) -> Node {
        guard case .tuple(_, let own) = t.type.wrapped ?? t.type, own != labels else { return t.node }
        let merged = labels.indices.map { ScriptType.label(labels, $0) ?? ScriptType.label(own, $0) }
        switch t.node {
        case .tuple(let parts), .labeledTuple(let parts, _): return .labeledTuple(parts, merged)
        default: return .relabel(t.node, merged)
        }
    }

    /// An integer literal, or arithmetic of integer literals only, computed in `Double`.
    private func literalAsDouble(_ node: Node) -> Node {
        switch node {
        case .constant(.int(let i)): return .constant(.double(Double(i)))
        case .arithmetic(let op, let l, let r, let range): return .arithmetic(op, literalAsDouble(l), literalAsDouble(r), range)
        case .negate(let x, let range): return .negate(literalAsDouble(x), range)
        default: return node
        }
    }
}
