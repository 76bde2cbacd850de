import ShortcutSyntax

extension Resolver {
    // MARK: Builtin functions

    /// `Optional(x)`, `.some(x)`: the value, typed as an optional of its type (or of the one the context wraps).
    func typedOptionalWrapping(_ value: Expr, _ wrapped: ScriptType?) -> Typed {
        let t = typed(value, wrapped)
        let type = wrapped.map { w in w.isUnknown ? t.type : w } ?? t.type
        let node = wrapped.map { fit(t, to: $0, site: .argument, at: value.range) } ?? t.node
        return Typed(node, type.isOptional ? type : .optional(type))
    }

    /// The value `Int()`, `Double()`, `String()` or `Bool()` makes, with its type (a `switch`: a dictionary literal
    /// here was made at each builtin's call, its storage class at the first).
    static func zero(of builtin: Builtin) -> (Value, ScriptType)? {
        switch builtin {
        case .int: (.int(0), .int)
        case .double: (.double(0), .double)
        case .string: (.string(""), .string)
        case .bool: (.bool(false), .bool)
        default: nil
        }
    }

    /// A call of a free function or conversion of the standard library, typed as Swift types it.
    func typedBuiltin(_ builtin: Builtin, _ args: [Argument], expected: ScriptType?, range: SourceRange) -> Typed {
        let labels = Resolver.trailingClosureLabels(args, Resolver.builtinForms(builtin))
        func plain(_ type: ScriptType, expecting: ScriptType? = nil) -> Typed {
            Typed(.callBuiltin(builtin, args.map { typedArgument($0.value, expecting) }, labels, range), type)
        }
        // `String(localized: "Hello", comment: "…")`: the text, in en_US the key itself (SPEC §9).
        if builtin == .string, labels.first == "localized", labels.dropFirst().allSatisfy({ ["table", "comment", "defaultValue", "bundle", "locale"].contains($0) }) {
            for a in args.dropFirst() { _ = typed(a.value) }
            return Typed(fit(typed(args[0].value, .string), to: .string, site: .argument, at: args[0].value.range), .string)
        }
        // `Int()`, `Double()`, `String()`, `Bool()`: the type's zero, as in Swift.
        if args.isEmpty, let (zero, type) = Resolver.zero(of: builtin) { return Typed(.constant(zero), type) }
        if let forms = Resolver.builtinForms(builtin), !forms.contains(where: { $0.admits(labels) }) {
            // Reported here, not when it runs: `Int(x, y)`, `sqrt()`, `Int(exactly: 2.5)` (whose label the library would not read).
            error(.noMatchingCall(callee: builtin.rawValue, forms: forms.map { $0.description(builtin.rawValue) }), at: range)
            return Typed(.callBuiltin(builtin, args.map { expr($0.value) }, labels, range), .any)
        }
        switch builtin {
        case .formatted:
            return typedFormattedInterpolation(args, range: range)
        case .jsonText:
            return Typed(.callBuiltin(builtin, [expr(args[0].value), typedArgument(args[1].value, .array(.string))], labels, range), .string)
        case .jsonValue:
            return Typed(.callBuiltin(builtin, [expr(args[0].value), typedArgument(args[1].value, .string)] + args.dropFirst(2).map { typedArgument($0.value, .bool) },
                                      labels, range), .tuple([.any, .optional(.array(.string))]))
        case .math:
            return Typed(.callBuiltin(builtin, [typedArgument(args[0].value, .string)] + args.dropFirst().map { typedArgument($0.value, .double) }, labels, range), .double)
        case .weakReference:
            return Typed(.callBuiltin(builtin, [expr(args[0].value)], labels, range), .any)
        case .weakValue:
            return Typed(.callBuiltin(builtin, [expr(args[0].value)], labels, range), .optional(.any))
        case .typeOf:
            // A value of a type of its own names it when it runs (a subclass's instance its class); any other, as Swift
            // spells its static type (`Array<Int>`), which the checker gives beside it.
            let t = typed(args[0].value)
            return Typed(.callBuiltin(builtin, [t.node, .constant(.string(t.type.genericSpelling))], labels + [nil], range), .any)
        case .dump:
            // `dump(x)`: its tree, and `x` back; whether it is optional or a set, said by its static type.
            let t = typed(args[0].value, expected)
            var isSet = false, elementsOptional = false
            switch t.type.wrapped ?? t.type {
            case .set(let e): (isSet, elementsOptional) = (true, e.isOptional)
            case .array(let e): elementsOptional = e.isOptional
            default: break
            }
            let flags = [t.type.isOptional, isSet, elementsOptional].map { Node.constant(.bool($0)) }
            return Typed(.callBuiltin(builtin, [t.node] + flags, [nil, nil, nil, nil], range), t.type)
        case .print, .debugPrint:
            // A `Void` value (nil here) prints as Swift prints it: `()`, the empty tuple.
            let nodes = args.map { a -> Node in
                if a.label == nil, let view = printedViewText(a.value) { return view }
                // `print(.anything)`: a member of `Any`, which has none.
                if case .implicitMember(let name) = a.value.kind {
                    error(.unknownMember(name, type: "Any", suggestion: nil, ofValue: false), at: a.value.range.droppingFirstByte)
                }
                // Each is an `Any`: `print(s.first ?? "")` prints either side's value. (Nothing else is typed with `Any` in mind:
                // to the checker an `Any` context is an unknown one, where `.anything` would pass.)
                var isCoalesce: Bool { if case .binary(.coalesce, _, _) = a.value.kind { true } else { false } }
                if a.label != nil { return typedArgument(a.value, .string) }   // `separator:`, `terminator:`
                let t = typed(a.value, isCoalesce ? .any : nil)
                if case .void = t.type { return .coalesce(t.node, .constant(.tuple(TupleStorage([], labels: nil)))) }
                return t.node
            }
            return Typed(.callBuiltin(builtin, nodes, labels, range), .void)
        case .precondition:   // `precondition(condition, message)`: a Bool and a String, as Swift's
            return Typed(.callBuiltin(builtin, zip(args, [ScriptType.bool, .string]).map { typedArgument($0.value, $1) }, labels, range), .void)
        case .note, .sleep, .deinitializers, .retyped, .typeArgument:
            return plain(.void)
        case .fatalError:
            return plain(.any)
        case .min, .max:
            // `max(1.5, 2)` is `2.0`: the integer literals become the type the others share.
            let numeric = expected.flatMap { $0.isNumeric ? $0 : nil }
            var items = args.map { typed($0.value, numeric) }
            if args.count == 1, case .array(let e) = items[0].type {
                return Typed(.callBuiltin(builtin, [items[0].node], labels, range), e)
            }
            let type: ScriptType = items.contains { if case .double = $0.type { return true }; return false } ? .double
                : items.first { !$0.isIntegerLiteral }?.type ?? items.first?.type ?? .any
            items = zip(items, args).map { t, a in Typed(fit(t, to: type, site: .argument, at: a.value.range), type) }
            if !type.isComparable { error(.cannotConvert(actual: type.description, expected: "Comparable", site: .argument), at: range) }
            return Typed(.callBuiltin(builtin, items.map(\.node), labels, range), type)
        case .abs:
            let t = args.first.map { typed($0.value, expected) } ?? .unknown
            if !(t.type.isNumeric || t.type.isUnknown) {
                error(.cannotConvert(actual: t.type.description, expected: "Int or Double", site: .argument), at: args.first?.value.range ?? range)
            }
            return Typed(.callBuiltin(builtin, [t.node] + args.dropFirst().map { expr($0.value) }, labels, range), t.type)
        case .round, .floor, .ceil:
            let t = args.first.map { typed($0.value, expected) } ?? .unknown
            if !(t.type.isNumeric || t.type.isUnknown) {
                error(.cannotConvert(actual: t.type.description, expected: "Double", site: .argument), at: args.first?.value.range ?? range)
            }
            return Typed(.callBuiltin(builtin, [t.node] + args.dropFirst().map { expr($0.value) }, labels, range), t.type.isUnknown ? .double : t.type)
        case .sqrt, .pow:
            return plain(.double, expecting: .double)
        case .int where labels == ["exactly"], .double where labels == ["exactly"]:
            // `Int(exactly: 2.5)` is nil, `Int(exactly: 2.0)` is 2; `Double(exactly: n)` nil when n has no Double of its value.
            let target: ScriptType = builtin == .int ? .int : .double
            return Typed(.callBuiltin(builtin, [typedArgument(args[0].value, builtin == .int ? .double : .int)], labels, range), .optional(target))
        case .int where labels == [nil, "radix"]:
            // `Int("ff", radix: 16)`: text in a base from 2 to 36, nil when it is not a number there.
            return Typed(.callBuiltin(builtin, [typedArgument(args[0].value, .string), typedArgument(args[1].value, .int)], labels, range), .optional(.int))
        case .int, .double, .bool:
            let target: ScriptType = builtin == .int ? .int : builtin == .double ? .double : .bool
            guard args.count == 1 else { return plain(target) }
            let t = typed(args[0].value)
            // A conversion from text can fail (an optional, as in Swift); from a number it cannot.
            switch t.type {
            case .string, .substring: return Typed(.callBuiltin(builtin, [t.node], labels, range), .optional(target))
            case .int where builtin != .bool, .double where builtin != .bool:
                return Typed(.callBuiltin(builtin, [t.node], labels, range), target)
            // `Int(x)`, `Double(x)` of a generic parameter's integer or floating-point number.
            case .typeParameter where builtin != .bool && (t.type.typeParameterHas("BinaryInteger") || t.type.typeParameterHas("FloatingPoint")):
                return Typed(.callBuiltin(builtin, [t.node], labels, range), target)
            case .bool where builtin != .double: return Typed(.callBuiltin(builtin, [t.node], labels, range), target)
            case .any: return Typed(.callBuiltin(builtin, [t.node], labels, range), .any)
            default:
                error(.cannotConvert(actual: t.type.description, expected: target.description, site: .argument), at: args[0].value.range,
                      notes: ["\(target)(…) converts a number or a String"])
                return Typed(.callBuiltin(builtin, [t.node], labels, range), target)
            }
        case .string where labels.count > 1 && labels[1] == "radix":
            // `String(255, radix: 16)`: of an integer only.
            let t = typed(args[0].value)
            if !t.type.isInt, !t.type.isUnknown {
                error(.genericRequirement(callee: "initializer 'init(_:radix:uppercase:)'", type: t.type.description, requirement: "BinaryInteger"), at: range)
            }
            // The radix an Int, `uppercase:` a Bool.
            let rest = args.dropFirst().enumerated().map { typedArgument($0.element.value, $0.offset == 0 ? .int : .bool) }
            return Typed(.callBuiltin(builtin, [t.node] + rest, labels, range), .string)
        case .string where labels.first == "format":
            return typedStringFormat(args, range: range)
        case .string:
            if labels == ["repeating", "count"] {
                // A text or a character, repeated.
                let unit: ScriptType = quietly({ typed(args[0].value) }).type.agrees(with: .character) ? .character : .string
                return Typed(.callBuiltin(builtin, [typedArgument(args[0].value, unit), typedArgument(args[1].value, .int)], labels, range), .string)
            }
            return plain(.string)
        case .array:
            let element: ScriptType
            if case .array(let e)? = expected { element = e } else { element = .any }
            if labels == ["repeating", "count"] {
                let item = typed(args[0].value, element.isUnknown ? nil : element)
                let type = element.isUnknown ? item.type : element
                let nodes = [fit(item, to: type, site: .argument, at: args[0].value.range), typedArgument(args[1].value, .int)]
                return Typed(.callBuiltin(builtin, nodes, labels, range), .array(type))
            }
            guard args.count == 1 else { return plain(.array(element)) }
            let t = typed(args[0].value)
            return Typed(.callBuiltin(builtin, [t.node], labels, range), .array(t.type.elementType ?? element))
        case .date:
            if args.count == 1, case .string = typed(args[0].value).type { return plain(.optional(.date)) }
            return plain(.date)
        case .uuid:
            return plain(args.isEmpty ? .uuid : .optional(.uuid))
        case .stride:
            // `stride(from: 0.0, to: 1, by: 0.25)`: Doubles when a bound or the step is one, as Swift infers it.
            let number: ScriptType = args.contains { a in if case .double = quietly({ typed(a.value).type }) { true } else { false } } ? .double : .int
            return plain(.array(number), expecting: number)
        case .dictionary:
            var type: ScriptType = .dictionary(.any, .any)
            if case .dictionary? = expected { type = expected ?? type }
            guard let first = args.first else { return Typed(.callBuiltin(builtin, [], labels, range), type) }
            let source = typed(first.value)
            if labels == ["grouping", "by"], let element = source.type.elementType {
                let key = typed(args[1].value, .function([element], .any))
                var keyType: ScriptType = .any
                if case .function(_, let r) = key.type { keyType = r }
                return Typed(.callBuiltin(builtin, [source.node, key.node], labels, range), .dictionary(keyType, .array(element)))
            }
            if labels == ["uniqueKeysWithValues"], case .tuple(let ts, _)? = source.type.elementType, ts.count == 2 {
                return Typed(.callBuiltin(builtin, [source.node], labels, range), .dictionary(ts[0], ts[1]))
            }
            // `Dictionary(pairs, uniquingKeysWith: +)`: a repeated key's values combined by the closure.
            if labels == [nil, "uniquingKeysWith"], case .tuple(let ts, _)? = source.type.elementType, ts.count == 2 {
                let combine = typedArgument(args[1].value, .function([ts[1], ts[1]], ts[1]))
                return Typed(.callBuiltin(builtin, [source.node, combine], labels, range), .dictionary(ts[0], ts[1]))
            }
            return Typed(.callBuiltin(builtin, [source.node] + args.dropFirst().map { expr($0.value) }, labels, range), type)
        case .set:
            // `Set(xs)`, `Set<Int>()` where the context says, `Set()` with a set context.
            var element: ScriptType = .any
            if case .set(let e)? = expected { element = e }
            guard let first = args.first else { return Typed(.callBuiltin(builtin, [], labels, range), .set(element)) }
            let t = typed(first.value, element.isUnknown ? nil : .array(element))
            guard let e = t.type.elementType else {
                error(.notASequence(type: t.type.description), at: first.value.range)
                return Typed(.callBuiltin(builtin, [t.node], labels, range), .set(element))
            }
            // Elements that do not fit the context's make a set of their own type, which the context then refuses.
            let fitting = element.isUnknown || quietly { fits(Typed(t.node, .array(e)), .array(element)) }
            return Typed(.callBuiltin(builtin, [t.node], labels, range), .set(fitting && !element.isUnknown ? element : e))
        case .zip:
            let items = args.map { typed($0.value) }
            let type = ScriptType.array(.tuple(items.map { $0.type.elementType ?? .any }))
            return Typed(.callBuiltin(builtin, items.map(\.node), labels, range), type)
        }
    }

    /// `[Int]()`, `[String: Int]()`: an empty collection of the written type.
    func typedEmptyCollection(_ callee: Expr, range: SourceRange) -> Typed? {
        switch callee.kind {
        case .array, .dictionary: break
        default: return nil
        }
        guard let ref = typeRef(from: callee) else { return nil }
        let type = resolveType(ref)
        switch type {
        case .array: return Typed(.array([]), type)
        case .dictionary: return Typed(.dictionary([], [], range), type)
        default: return nil
        }
    }

    /// Whether an element of `[X](…)` names a type (not a value: `[x](…)` calls an array literal).
    func spellsType(_ e: Expr) -> Bool {
        switch e.kind {
        case .identifier(let name):
            // A generic parameter (`[T](repeating: x, count: 2)`) or a type alias spells one too.
            return isTypeName(name) || ["Int", "Double", "String", "Bool", "Date", "UUID", "Character"].contains(name)
                || lookupLocal(name) == nil && (typeSubstitutions[name] != nil || typeAliases[name] != nil)
        case .typeValue: return true
        case .array(let items) where items.count == 1: return spellsType(items[0])
        case .dictionary(let pairs) where pairs.count == 1: return spellsType(pairs[0].key) && spellsType(pairs[0].value)
        default: return false
        }
    }

    /// `7.squareRoot()`, `9.remainder(dividingBy: 4)`: a method only a Double has makes an integer literal a Double, as
    /// Swift infers it; nil for anything else.
    func typedDoubleLiteralCall(_ base: Expr, _ name: String, nameRange: SourceRange, _ args: [Argument], expected: ScriptType?,
                                range: SourceRange) -> Typed? {
        guard case .integer(let i) = base.kind, LibraryTypes.methods(.int, name).isEmpty, !LibraryTypes.methods(.double, name).isEmpty else { return nil }
        return typedMethodCall(Expr(.double(Double(i)), base.range), name, nameRange: nameRange, args, expected: expected, range: range)
    }

    // MARK: System functions

    /// A function the system provides (SPEC §5.3, §5.9, §5.11), typed: a dialog or prompt is text,
    /// a choice gives an element of what it chose among, `ask(_:as:)` the type it names.
    func typedSystem(_ system: SystemFunction, _ args: [Argument], range: SourceRange) -> Typed {
        let labels = args.map(\.label)
        if system == .expect, let first = args.first, case .binary(let op, let l, let r) = first.value.kind,
           [.equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual].contains(op) {
            // Both sides are shown when it fails; the comparison is checked (and reported) as one,
            // and its sides are resolved again, quietly, for the code that shows them.
            _ = condition(first.value)
            let info = ExpectInfo(op: op, lhsText: sourceText(l.range), rhsText: sourceText(r.range))
            let (lhs, rhs) = quietly { (expr(l), expr(r)) }
            let message = args.count > 1 ? typedArgument(args[1].value, .string) : nil
            return Typed(.expectComparison(info, lhs, rhs, message, range), .void)
        }
        var result: ScriptType = .any
        var nodes: [Node] = []
        for a in args {
            switch (system, a.label) {
            case (.requestChoice, "between"?), (.choose, "from"?):
                let t = typed(a.value)
                if let e = t.type.elementType { result = e }
                nodes.append(t.node)
            case (.ask, "as"?):
                if case .member(let base, "self", _) = a.value.kind, case .identifier(let typeName) = base.kind, isTypeName(typeName) {
                    result = resolveType(TypeRef(.named(typeName), base.range))
                }
                nodes.append(expr(a.value))
            case (.expect, nil) where nodes.isEmpty:
                nodes.append(condition(a.value))
            case (.requestConfirmation, "result"?):
                // The result shown with the question is not what `perform` returns: its parts are not checked
                // against perform's result protocols.
                let before = resultCalls.count
                nodes.append(expr(a.value))
                resultCalls.removeSubrange(before...)
            case (.continueInForeground, "alwaysConfirm"?):
                nodes.append(typed(a.value, .bool).node)
            case (.needsToContinueInForegroundError, _) where { if case .closure = a.value.kind { true } else { false } }():
                nodes.append(typed(a.value, .function([], .void)).node)   // the continuation
            case (_, "dialog"?), (_, "prompt"?), (.ask, nil), (.expect, nil), (.requestToContinueInForeground, nil), (.needsToContinueInForegroundError, nil),
                 (.continueInForeground, nil):
                nodes.append(typed(a.value, .string).node)
            default:
                nodes.append(expr(a.value))
            }
        }
        switch system {
        case .requestConfirmation, .requestToContinueInForeground, .continueInForeground, .answer, .expect, .expectError, .reload: result = .void
        case .needsToContinueInForegroundError: result = .error
        case .ask where !args.contains(where: { $0.label == "as" }): result = .string
        default: break
        }
        return Typed(.system(system, nodes, labels, range), result)
    }
}
