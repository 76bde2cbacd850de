import ShortcutSyntax

extension Resolver {
    /// A string literal: a `String`, or where a `Character` or a `Substring` is wanted, one if it can be (`c == "a"`).
    func typedText(_ parts: [StringPart], expected: ScriptType?, range: SourceRange) -> Typed {
        let wanted = expected.map(unwrappedAll)
        if parts.isEmpty || parts.count == 1, case .text(let t) = parts.first ?? .text("") {
            let literal = Typed.literal(.string(t), .string)
            if let wanted, literal.isTextLiteral(of: wanted) { return Typed.literal(.string(t), wanted) }
            return literal
        }
        return Typed(.interpolate(parts.map { part in
            switch part {
            case .text(let t): return .constant(.string(t))
            case .interpolation(let x): return printedViewText(x) ?? expr(x)
            }
        }, range), wanted.flatMap { if case .substring = $0 { $0 } else { nil } } ?? .string)
    }

    /// `[(1.0, 2.0), (0, 1)]` is `[(Double, Double)]`, `[[1.0], [2]]` is `[[Double]]` and `[1: (1.0, 2), 2: (3, 4.5)]`
    /// has `(Double, Double)` values, as in Swift: when the elements' types differ only where an integer literal inside
    /// a tuple or a nested collection can be a Double, each element of another type is typed again in the type that
    /// joins them. (A top-level `[1, 2.5]` is `commonType`'s, which also refuses an Int that is not a literal; a
    /// non-literal typed again keeps its type, and so is refused there too.)
    func joiningNestedLiterals(_ items: [Typed], _ elements: [Expr]) -> [Typed] {
        guard items.count > 1, items.contains(where: { $0.type.isLiteralCompound }) else { return items }
        var joined = items[0].type
        for item in items.dropFirst() {
            guard let j = Resolver.join(joined, item.type) else { return items }
            joined = j
        }
        guard joined.isLiteralCompound else { return items }
        return zip(items, elements).map { item, e in
            guard item.type.agrees(with: joined) && joined.agrees(with: item.type) else { return typed(e, joined) }
            if case .tuple(_, let have) = item.type, case .tuple(let parts, let want) = joined, have != want {
                return Typed(.relabel(item.node, want.isEmpty ? [String?](repeating: nil, count: parts.count) : want), joined)
            }
            return item
        }
    }

    /// The type two literal elements' types meet in (an Int and a Double meet in a Double), or nil.
    static func join(_ a: ScriptType, _ b: ScriptType) -> ScriptType? {
        switch (a, b) {
        case (.int, .double), (.double, .int):
            return .double
        // `[(x: 1, y: 2.5), (1, 3)]`: with an unlabelled sibling, the elements are unlabelled (`a[0].x` is Swift's error).
        case (.tuple(let xs, let la), .tuple(let ys, let lb)) where xs.count == ys.count && (la == lb || la.isEmpty || lb.isEmpty):
            var parts: [ScriptType] = []
            for (x, y) in zip(xs, ys) {
                guard let j = join(x, y) else { return nil }
                parts.append(j)
            }
            return .tuple(parts, labels: la == lb ? la : [])
        case (.array(let x), .array(let y)):
            return join(x, y).map { .array($0) }
        case (.dictionary(let k, let v), .dictionary(let l, let w)):
            guard let key = join(k, l), let value = join(v, w) else { return nil }
            return .dictionary(key, value)
        default:
            guard a.agrees(with: b) else { return nil }
            return a.isUnknown ? b : a
        }
    }
}

extension ScriptType {
    /// A tuple, array or dictionary: a literal of one may hold integer literals that stand for Doubles.
    var isLiteralCompound: Bool {
        switch self {
        case .tuple, .array, .dictionary: return true
        default: return false
        }
    }
}

extension Resolver {
    /// `Optional` or `Optional<T>` written as a type, where the program names nothing `Optional` itself.
    func isOptionalTypeName(_ e: Expr) -> Bool {
        switch e.kind {
        case .identifier("Optional"): return lookupLocal("Optional") == nil && globals["Optional"] == nil
        case .typeValue(let ref): if case .optional = ref.kind { return true } else { return false }
        default: return false
        }
    }
}

extension Expr {
    /// `[]` or `[:]`: a literal whose type only its context can give.
    var isEmptyCollectionLiteral: Bool {
        switch kind {
        case .array(let items): return items.isEmpty
        case .dictionary(let pairs): return pairs.isEmpty
        default: return false
        }
    }

    /// `[[]]`, `[[:]]`: a collection literal with an empty one inside, whose type only its context can give.
    var holdsEmptyCollectionLiteral: Bool {
        if case .array(let items) = kind { return items.contains { $0.isEmptyCollectionLiteral || $0.holdsEmptyCollectionLiteral } }
        return false
    }

    /// `.zero`, `.init(cents: 0)`: a member whose type only its context can give.
    var isImplicitMember: Bool {
        switch kind {
        case .implicitMember: return true
        case .call(let callee, _): return callee.isImplicitMember
        default: return false
        }
    }

    /// `[:]`.
    var isEmptyDictionaryLiteral: Bool {
        if case .dictionary(let pairs) = kind { return pairs.isEmpty }
        return false
    }
}

extension Resolver {
    /// A case's raw value as written: an integer (a `Double` where the raw type is one), a decimal, either negated
    /// (`case below = -1`), or text; nil for anything else.
    static func rawLiteral(_ e: Expr, asDouble: Bool) -> Value? {
        switch e.kind {
        case .integer(let v): return asDouble ? .double(Double(v)) : .int(v)
        case .double(let v): return .double(v)
        case .unary(.negate, let inner):
            switch rawLiteral(inner, asDouble: asDouble) {
            case .int(let v)?: return v == Int.min ? nil : .int(-v)
            case .double(let v)?: return .double(-v)
            default: return nil
            }
        case .string(let parts):
            if parts.count == 1, case .text(let t) = parts[0] { return .string(t) }
            return parts.isEmpty ? .string("") : nil
        default: return nil
        }
    }

    /// The text of metadata `key` (`title: "Log Coffee"`) when it is one plain string literal.
    func stringMetadata(_ metadata: [Metadata], _ key: String) -> String? {
        guard let m = metadata.first(where: { $0.key == key }), case .string(let parts) = m.value.kind,
              parts.count == 1, case .text(let t) = parts[0] else { return nil }
        return t
    }
}

extension Resolver {
    /// The collections' methods that need `Equatable` elements, as swiftc names them, and the protocol that has them.
    static let equatableMethods: [String: (String, String)] = ["contains": ("contains", "Sequence"), "firstIndex": ("firstIndex(of:)", "Collection"),
                                                              "lastIndex": ("lastIndex(of:)", "BidirectionalCollection")]
    /// The methods without arguments that need their elements `Comparable`, and the protocol swiftc names as their owner.
    static let comparableMethods = ["sorted": "Sequence", "min": "Sequence", "max": "Sequence", "sort": "MutableCollection"]

    /// `items.reduce(0) { $0 + $1.price }` where nothing else says what the result is: a `Double` if the closure takes
    /// and gives one without error and not an `Int` (as Swift reads the literal off the closure), else an `Int`. Nil for
    /// no closure.
    func integerOrDouble(combining closure: Argument?, _ element: ScriptType?) -> ScriptType? {
        guard let closure, case .closure = closure.value.kind, let element else { return nil }
        return reduceResult(combining: closure, element, among: [.int, .double]) ?? .int
    }

    /// The first of `candidates` that a closure given to `reduce` takes and gives without error, with elements of type
    /// `element`; nil when none does or there is no closure (`xs.reduce(0) { $0 + Int($1) }` of a `T: BinaryInteger`
    /// makes an `Int`, `{ $0 + $1 }` a `T`).
    func reduceResult(combining closure: Argument?, _ element: ScriptType, among candidates: [ScriptType]) -> ScriptType? {
        guard let closure, case .closure = closure.value.kind else { return nil }
        return candidates.first { type in
            quietly {
                let before = diagnostics.count
                _ = typed(closure.value, .function([type, element], type))
                return diagnostics.count == before
            }
        }
    }
}
