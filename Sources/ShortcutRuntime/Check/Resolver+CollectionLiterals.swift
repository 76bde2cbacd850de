import ShortcutSyntax

/// Array and dictionary literals: their elements typed with the context's element type, or joined into one.
extension Resolver {
    func typedArray(_ elements: [Expr], expected: ScriptType?, range: SourceRange) -> Typed {
        // A literal where a set is wanted is that set (`let s: Set = [1, 2, 2]` has two elements).
        if case .set(let e)? = expected.map(unwrappedAll) {
            let array = typedArray(elements, expected: e.isUnknown && !elements.isEmpty ? nil : .array(e), range: range)
            guard case .array(let element) = array.type else { return array }
            return Typed(.callBuiltin(.set, [array.node], [nil], range), .set(element))
        }
        var elementType: ScriptType?
        // `dict["c"] = []`: an optional's wrapped type is the context.
        if case .array(let e)? = expected?.wrapped ?? expected { elementType = e }
        if elements.isEmpty {
            if elementType == nil, expected?.isUnknown != true { error(.emptyCollectionNeedsType, at: range) }
            return Typed(.array([]), .array(elementType ?? .any))
        }
        // `[[1, 2], []]`, `[Shape.circle(r: 1), .empty]`: with no context, an element that needs one takes its siblings' type.
        var items = typedElements(elements, context: elementType)
        for e in elements { checkNotEscaping(e, .used) }
        let type = elementType ?? commonType(items, at: range, kind: "[Any]")
        let nodes = zip(items.indices, elements).map { i, e in fit(items[i], to: type, site: .element, at: e.range) }
        items.removeAll()
        return Typed(.array(nodes), .array(type))
    }

    /// An element whose type only a context gives (an empty literal, `.member`, `.member(…)`): typed after its
    /// siblings, with their type as its context.
    func needsContext(_ e: Expr) -> Bool {
        switch e.kind {
        case .array(let xs): return xs.isEmpty
        case .dictionary(let ps): return ps.isEmpty
        case .implicitMember: return true
        case .call(let callee, _): if case .implicitMember = callee.kind { return true } else { return false }
        default: return false
        }
    }

    /// A literal's elements, each in the context when there is one; without one, those that need none first, then the
    /// others in the type of the first of those known.
    func typedElements(_ elements: [Expr], context: ScriptType?) -> [Typed] {
        // `[1, [2, "a"]] as [Any]`: a literal inside one of `Any`s holds `Any`s too, as Swift infers it.
        if let context, context.isAnyValue { return elements.map { if case .array = $0.kind { typed($0, .array(context)) } else { typed($0, context) } } }
        if let context { return elements.map { typed($0, context) } }
        var found = [Typed?](repeating: nil, count: elements.count)
        for (i, e) in elements.enumerated() where !needsContext(e) { found[i] = typed(e, nil) }
        let hint = found.lazy.compactMap { $0?.type }.first { !$0.isUnknown }
        return joiningNestedLiterals(elements.indices.map { found[$0] ?? typed(elements[$0], hint) }, elements)
    }

    func typedDictionary(_ pairs: [(key: Expr, value: Expr)], expected: ScriptType?, range: SourceRange) -> Typed {
        var keyType: ScriptType?, valueType: ScriptType?
        if case .dictionary(let k, let v)? = expected?.wrapped ?? expected { keyType = k; valueType = v }
        if pairs.isEmpty {
            if keyType == nil, expected?.isUnknown != true { error(.emptyCollectionNeedsType, at: range) }
            return Typed(.dictionary([], [], range), .dictionary(keyType ?? .any, valueType ?? .any))
        }
        let keys = typedElements(pairs.map(\.key), context: keyType)
        let values = typedElements(pairs.map(\.value), context: valueType)
        let k = keyType ?? commonType(keys, at: range, kind: "[AnyHashable: Any]")
        let v = valueType ?? commonType(values, at: range, kind: "[AnyHashable: Any]")
        let keyNodes = zip(keys, pairs).map { fit($0, to: k, site: .key, at: $1.key.range) }
        let valueNodes = zip(values, pairs).map { fit($0, to: v, site: .value, at: $1.value.range) }
        return Typed(.dictionary(keyNodes, valueNodes, range), .dictionary(k, v))
    }

    /// The one type a literal's elements share: `[1, 2.5]` is `[Double]`, `[1, nil]` is `[Int?]`.
    private func commonType(_ items: [Typed], at range: SourceRange, kind: String) -> ScriptType {
        // `[c, "b"]`: literals beside a `Character` (or a `Substring`) are ones.
        for text in [ScriptType.character, .substring] where items.contains(where: { $0.type.agrees(with: text) && !$0.type.isUnknown })
            && items.allSatisfy({ $0.type.agrees(with: text) || $0.isTextLiteral(of: text) }) {
            return text
        }
        var result: ScriptType?
        var sawNil = false
        for item in items {
            if case .optional(.any) = item.type { sawNil = true; continue }
            guard let current = result else { result = item.type; continue }
            if current.agrees(with: item.type) {
                if current.isUnknown { result = item.type }
                continue
            }
            switch (current, item.type) {
            case (.int, .double), (.double, .int):
                result = .double
            case (.optional(let w), let t) where w.agrees(with: t): continue
            case (let t, .optional(let w)) where w.agrees(with: t): result = .optional(w)
            // Instances of classes with a superclass in common: the nearest one (`[Dog(), Cat()]` is `[Animal]`).
            case (.record(let a), .record(let b)) where a.nearestCommonSuperclass(with: b) != nil:
                result = a.nearestCommonSuperclass(with: b).map { .record($0) }
            // A value of a protocol's type beside values of types that adopt it: the protocol's (`[shape, Circle()]` is
            // `[any Shape]`, as Swift joins them); beside one of a type that does not, no type.
            case (.existential(let p), let t) where !t.isOptional && adopts(t, p): continue
            case (let t, .existential(let p)) where !t.isOptional && adopts(t, p): result = .existential(p)
            default:
                error(.heterogeneousCollection(kind), at: range)
                return .any
            }
        }
        // Mixed integers and doubles: only literals may become doubles.
        if case .double? = result, items.contains(where: { $0.type.agrees(with: .int) && !$0.type.isUnknown && !$0.isIntegerLiteral }) {
            error(.heterogeneousCollection(kind), at: range)
            return .any
        }
        guard let result else {
            error(.nilNeedsContext, at: range)
            return .any
        }
        if sawNil, !result.isOptional { return .optional(result) }
        return result
    }
}
