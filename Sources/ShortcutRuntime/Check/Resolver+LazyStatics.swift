import ShortcutSyntax

/// A static property whose value is not a plain literal is set at its first access, as Swift sets a static:
/// `static let shared = Library()` runs `Library()` when `Library.shared` is first read, after what the program did
/// before — not when the program starts. Its read is `flag == true ? value : initializer()`, where the initializer (a
/// function of no parameters) sets the flag, then the value, and gives the value; a change of a `static var` reads it
/// first (`noteLazyPlace`). A plain literal (`static let limit = 10`) cannot tell the difference, and is set when the
/// program starts, as before.
extension Resolver {
    /// Whether `e` is a literal whose value cannot depend on when it is made.
    static func isPlainLiteral(_ e: Expr) -> Bool {
        switch e.kind {
        case .integer, .double, .bool, .nil: return true
        case .string(let parts): return parts.allSatisfy { if case .text = $0 { true } else { false } }
        case .unary(.negate, let x): return isPlainLiteral(x)
        case .array(let items): return items.allSatisfy(isPlainLiteral)
        case .dictionary(let pairs): return pairs.allSatisfy { isPlainLiteral($0.key) && isPlainLiteral($0.value) }
        default: return false   // `.shared`, `Library()`, `"\(x)"`: may read or do what the program did before
        }
    }

    /// Pass 1: the flag's slot and the initializer's code of static property `v` (key `key`), when it is set at its first read.
    func declareLazyStatic(_ v: VarDecl, key: String) {
        guard let initial = v.initializer, !Resolver.isPlainLiteral(initial) else {
            lazyStatics[key] = nil
            return
        }
        let flagKey = key + "$once", flag = globalSlot(for: flagKey)
        lazyStatics[key] = (flag: flag, code: FunctionCode(declaring: "\(key) initializer", range: v.nameRange))
        register(flagKey, .variable(slot: flag, isConstant: false, range: v.nameRange))
    }

    /// The read of lazy static `key`: its value once set, else its initializer's call.
    /// `made`: only made, for a place changed next (`Config.level = 4` does not call the getter of its hidden class's property).
    func lazyStaticRead(_ key: String, at range: SourceRange, made: Bool = false) -> Typed? {
        guard let lazy = lazyStatics[key], case .variable(let slot, _, _)? = globals[key] else { return nil }
        let isSet = Node.equal(.global(lazy.flag), .constant(.bool(true)), negated: false)
        let value = Node.ternary(isSet, .global(slot), .callFunction(lazy.code, [], range), range)
        // One with observers or a setter holds its hidden class's instance: the read is of its property (`boxedStatics`).
        if let property = boxedGlobals[key], !made { return Typed(.member(value, Name(property), range), globalTypes[key] ?? .any) }
        return Typed(value, globalTypes[key] ?? .any)
    }

    /// Pass 2: the initializer's code, `flag = true; value = initial; return value`.
    func resolveLazyStatic(_ v: VarDecl, key: String, owner: String, range: SourceRange) {
        guard let lazy = lazyStatics[key], !lazy.code.isComplete, let initial = v.initializer,
              case .variable(let slot, _, _)? = globals[key] else { return }
        let saved = staticOwner
        staticOwner = owner   // its bare names find its type's statics, as in a static function
        defer { staticOwner = saved }
        let (layout, statements, _) = withFunction(kind: .function, name: lazy.code.name, selfKind: nil, parameters: [],
                                                   scanning: [Stmt(.expression(initial), initial.range)]) { () -> [Statement] in
            let value = staticInitialValue(initial, key: key)
            return [.initGlobal(lazy.flag, .constant(.bool(true)), nil, name: key + "$once", range),
                    .initGlobal(slot, value, nil, name: key, range), .return(.global(slot), range)]
        }
        lazy.code.codeOptions = codeOptions
        lazy.code.complete(parameterLabels: [], parameterChecks: [], defaults: [], returnCheck: nil, hasSelf: false, isMutating: false,
                           captureSlots: layout.captureSlots, frameSize: layout.frameSize, body: statements)
    }

    /// A static property's initial value, fitted to its declared type; its type, when it has none declared, is the value's.
    func staticInitialValue(_ initial: Expr, key: String) -> Node {
        if boxedGlobals[key] != nil { return expr(initial) }   // its hidden class's instance (`boxedStatics`)
        let declared = globalTypes[key] ?? .any
        let t = typed(initial, declared.isUnknown ? nil : declared)
        if declared.isUnknown { globalTypes[key] = t.type }
        return declared.isUnknown ? t.node : fit(t, to: declared, site: .specified, at: initial.range)
    }
}
