import ShortcutSyntax

extension Resolver {
    /// A call and the type of its result.
    func typedCall(_ callee: Expr, _ args: [Argument], expected: ScriptType?, range: SourceRange) -> Typed {
        // `Self()` in a method of a class that is not final: the class of the instance it runs on (`type(of: self).init()`),
        // a subclass's for a subclass's instance, as Swift makes it; the checker sees the class.
        if case .identifier("Self") = callee.kind, case .record(let r)? = selfKind(), r.kind == .class, !r.isFinal, lookupLocal("self") != nil {
            let dynamic = Expr(.call(Expr(.identifier("type"), callee.range), [Argument(label: "of", labelRange: nil, value: Expr(.self, callee.range))]), callee.range)
            if let made = typedDynamicClassStatic(dynamic, "init", args, range: range) { return Typed(made.node, .record(r)) }
        }
        // `type(of: shape).init(sides: 2)` (parsed as `type(of: shape)(sides: 2)`): an `init` of the instance's own class.
        if case .call = callee.kind, let made = typedDynamicClassStatic(callee, "init", args, range: range) { return made }
        // `Self(x: 1)` inside a type: its initialiser.
        if case .identifier("Self") = callee.kind, case .identifier(let owner) = resolvingSelf(callee).kind, owner != "Self" {
            return typedCall(Expr(.identifier(owner), callee.range), args, expected: expected, range: range)
        }
        if case .member(let base, let name, let nameRange) = callee.kind {
            // `Optional.some(x)`: x, wrapped.
            if name == "some", isOptionalTypeName(base), args.count == 1, args[0].label == nil { return typedOptionalWrapping(args[0].value, expected?.wrapped) }
            // `Swift.min(a, b)`: the standard library's function, where a method of `self` has the name (`extension Array`).
            if case .identifier(let module) = base.kind, module == "Swift", lookupLocal(module) == nil, globals[module] == nil,
               let builtin = Builtin(spelling: name) {
                return typedBuiltin(builtin, args, expected: expected, range: range)
            }
            // `Trail.init(id: 1)`: `Trail(id: 1)`.
            if name == "init", case .identifier(let typeName) = resolvingSelf(base).kind, isTypeName(typeName) {
                if case .self = base.kind { return typedCall(resolvingSelf(base), args, expected: expected, range: range) }   // a static's `self.init`
                return typedCall(base, args, expected: expected, range: range)
            }
            return typedMethodCall(base, name, nameRange: nameRange, args, expected: expected, range: range)
        }
        if case .identifier(let name) = callee.kind, CustomOperators.isOperatorFunction(name), lookupLocal(name) == nil,
           let call = typedOperatorCall(name, args, range: range) {
            return call
        }
        // `DisplayRepresentation(title: "\(name)", subtitle: …)` outside a `displayRepresentation` getter: its title, as the
        // getter's is taken (`Parser.displayTitle`).
        if case .identifier("DisplayRepresentation") = callee.kind, isUndeclared("DisplayRepresentation"),
           let title = Parser.displayTitle(Expr(.call(callee, args), range)) {
            return typed(title, .string)
        }
        if let conversion = dataConversion(callee, args, range: range) { return typed(conversion, expected) }
        if args.isEmpty, let empty = typedEmptyCollection(callee, range: range) { return empty }
        if let conversion = typedSizedIntegerConversion(callee, args, expected: expected, range: range) { return conversion }
        if let made = typedTypeParameterConversion(callee, args, range: range) { return made }
        if floatAsDouble(callee) != nil { return typedBuiltin(.double, args, expected: expected, range: range) }   // `Float(x)`: a Double, said
        if case .identifier("Optional") = callee.kind, globals["Optional"] == nil, args.count == 1, args[0].label == nil {
            return typedOptionalWrapping(args[0].value, expected?.wrapped)
        }
        if let made = typedTextConversion(callee, args, range: range) { return made }
        // `[Bool](repeating: true, count: n)`, `[Int](1...3)`: the array type's initialiser, as `Array<Bool>(…)` is.
        if case .array(let items) = callee.kind, items.count == 1, spellsType(items[0]), let ref = typeRef(from: callee),
           case .array = resolveType(ref) {
            return typedBuiltin(.array, args, expected: resolveType(ref), range: range)
        }
        if case .typeValue(let ref) = callee.kind {
            // `Set<Int>(…)`, `Array<Int>(…)`: the builtin, with the written type as its context.
            let type = resolveType(ref)
            switch type {
            case .set: return typedBuiltin(.set, args, expected: type, range: range)
            case .array: return typedBuiltin(.array, args, expected: type, range: range)
            case .dictionary where args.isEmpty: return Typed(.dictionary([], [], range), type)
            case .optional(let wrapped) where args.count == 1 && args[0].label == nil: return typedOptionalWrapping(args[0].value, wrapped)   // `Optional<Int>(5)`
            case .record(let use):   // `Stack<Int>()`: a use of a generic type of the program's
                guard case .record(let r, let decl, let declRange)? = globals[use.root.name] else { return .unknown }
                return typedGenericConstruction(r, decl, declaredAt: declRange, use: use, args, expected: expected, calleeRange: callee.range, range: range)
            case .enumeration(let use):   // `Result<Int, Error> { … }`: a use's `init`
                let node = enumConstruction(use, name: use.name, args, range: range)
                return Typed(node, constructedType(node, type))
            default:
                if !type.isUnknown { error(.notCallable(type: type.description), at: callee.range) }   // else reported as a type
                for a in args { _ = expr(a.value) }
                return .unknown
            }
        }
        if let value = typedStatementExpression(callee, args, expected: expected, range: range) { return value }
        if case .implicitMember(let name) = callee.kind, name != "result" {
            return typedImplicitMember(name, args: args, expected: expected, range: range, nameRange: callee.range)
        }
        if case .identifier(let name) = callee.kind {
            if let framework = typedFrameworkCall(name, args, range: range) { return framework }
            // `T(name: n)` where `T` is a type the function took as a value (`nameMetatypes`): its `init` of those labels.
            if metatypeAlias(callee) != nil {
                return typedMethodCall(callee, "init", nameRange: callee.range, args, expected: expected, range: range)
            }
            // `adder(3)` of a value whose type declares `callAsFunction`: that method, as Swift calls it.
            if callsAsFunction(name) { return typedMethodCall(callee, "callAsFunction", nameRange: callee.range, args, expected: expected, range: range) }
            // A local first, then a method of `self` (which a global of the same name does not hide, as in Swift).
            if let local = lookupLocal(name) {
                if let nested = local.nested { return nestedFunctionCall(local, nested, name: name, args, range: range) }
                let value = local.accessedAs == nil ? Typed(read(local.binding), local.type) : typedIdentifier(name, at: callee.range)
                if let call = typedValueCall(value.node, value.type, name: name, args, calleeRange: callee.range, range: range) { return call }
            } else if let selfCall = typedImplicitSelfMethodCall(name, args, range: range) {
                return selfCall
            } else if let selfCall = standardSelfMethodCall(name, args, nameRange: callee.range, expected: expected, range: range) {
                return selfCall
            } else if let key = bareStaticKey(name) {   // a static of the type, before a global of the name, as in Swift
                return typedCall(Expr(.identifier(key), callee.range), args, expected: expected, range: range)
            } else if case .variable? = globals[name], let type = globalTypes[name],
                      // Read as the name is anywhere (a static set at its first read, a variable with observers).
                      let call = typedValueCall(lazyStaticRead(name, at: callee.range)?.node ?? untypedIdentifier(name, at: callee.range), type, name: name, args,
                                                calleeRange: callee.range, range: range) {
                return call
            } else if case .function(_, let decl, _)? = globals[name] {
                // `sum(1, 2, 3)` for `func sum(_ xs: Int...)`: the arguments become one array.
                let args = decl.parameters.contains(where: \.isVariadic) && (overloads[name]?.count ?? 1) <= 1 ? packedVariadic(args, decl.parameters, range: range) : args
                let (key, pretyped) = chooseOverload(name, args, range: range)
                guard let entry = globals[key] else { return .unknown }
                let generic = pretyped == nil ? genericCall(entry, key: key, args, expected: expected, calleeRange: callee.range) : nil
                // The types the call passes for the parameters its body uses as values (`GenericMetatypes`), after the written ones.
                let chosen = if case .function(_, let chosen, _) = entry { chosen } else { decl }   // the overload called
                let passed = passingTypes(args, pretyped ?? generic?.pretyped, to: chosen, key: key, bindings: generic?.bindings, expected: expected, at: callee.range)
                let node = callGlobal(entry, name: name, key: key, pretyped: passed.pretyped, passed.args, calleeRange: callee.range, range: range)
                requireMarks(functionSignatures[key], args, at: range)
                let declared = functionSignatures[key]?.result ?? .any
                return Typed(boundGenericResult(Typed(node, declared), as: generic?.result, entry, range: range), generic?.result ?? declared)
            } else if globals[name] == nil, let builtin = Builtin(spelling: name) {
                return typedBuiltin(builtin, args, expected: expected, range: range)
            } else if globals[name] == nil, let system = SystemFunction(rawValue: name) {
                return typedSystem(system, args, range: range)
            } else if case .record(let r, let decl, let declRange)? = globals[name], !decl.generics.isEmpty {
                return typedGenericConstruction(r, decl, declaredAt: declRange, args, expected: expected, calleeRange: callee.range, range: range)
            } else if case .enumeration(let e, let decl, _)? = globals[name], !decl.generics.isEmpty {
                return typedGenericEnumConstruction(e, decl, name: name, args, expected: expected, calleeRange: callee.range, range: range)
            } else if let entry = globals[name] {
                let node = call(callee, args, range: range)
                switch entry {
                case .record(let r, _, _): return Typed(node, constructedType(node, .record(r)))
                case .intent(let i, _, _): return Typed(node, .intent(i))
                case .view: return Typed(node, .view)
                case .enumeration(let e, _, _): return Typed(node, constructedType(node, .enumeration(e)))
                default: return Typed(node, .any)
                }
            }
        }
        if let call = typedExpressionCall(callee, args, range: range) { return call }
        return Typed(call(callee, args, range: range), .any)
    }

    /// The type of a global name used as a value.
    func globalType(_ name: String) -> ScriptType {
        switch globals[name] {
        case .variable?: return globalTypes[name] ?? .any
        case .function?: return functionSignatures[name]?.type ?? .any
        default: return .any
        }
    }

    func call(_ callee: Expr, _ args: [Argument], range: SourceRange) -> Node {
        let labels = args.map(\.label)
        switch callee.kind {
        case .identifier(let name):
            if let local = lookupLocal(name) {
                if let nested = local.nested { return nestedFunctionCall(local, nested, name: name, args, range: range).node }
                return .callValue(local.accessedAs == nil ? read(local.binding) : identifier(name, at: callee.range), args.map { expr($0.value) }, labels, range)
            }
            if let selfMethod = implicitSelfMethodCall(name, args, range: range) { return selfMethod }
            if let entry = globals[name] {
                return callGlobal(entry, name: name, args, calleeRange: callee.range, range: range)
            }
            if let builtin = Builtin(spelling: name) {
                return .callBuiltin(builtin, args.map { expr($0.value) }, labels, range)
            }
            if let kind = ViewKind(rawValue: name), kind != .unknown {
                return makeView(kind, name: name, args, range: range)
            }
            if let system = SystemFunction(rawValue: name) { return typedSystem(system, args, range: range).node }
            // `Color(uiColor: .secondarySystemBackground)`, `RoundedRectangle(cornerRadius: 8)`: a shape, as a view.
            if ViewCatalog.styleValues.contains(name) {
                return makeView(.shape, name: name, args, range: range)
            }
            if name.first?.isUppercase == true, context.builderSlot != nil {
                // A SwiftUI view the catalog does not know: a warning, and kept in the tree (SPEC §13).
                warning(.unknownView(name, suggestion: closestMatch(to: name, in: ViewCatalog.views)), at: callee.range)
                return makeView(.unknown, name: name, args, range: range)
            } else {
                unknownName(name, at: callee.range)
            }
            for a in args { _ = expr(a.value) }
            return .constant(.null)
        case .implicitMember(let name):
            if name == "result" {
                let known = ["value", "opensIntent", "dialog", "view", "snippetIntent"]
                let args = Resolver.contentAsView(args)
                var code = ResultCode()
                resultCalls.append((Set(args.compactMap(\.label)), range))
                for a in args {
                    // A dialog is text: `.init(stringLiteral:)` and string literals take that type.
                    let context: ScriptType? = a.label == "dialog" ? .string : a.label == "value" ? promisedResultValue : nil
                    let t = typed(a.value, context)
                    var node = t.node
                    if a.label == "value", let promised = promisedResultValue { node = fit(t, to: promised, site: .returned, at: a.value.range) }
                    switch a.label {
                    case "value":
                        code.value = node
                        // What `run` of this intent gives (SPEC §5.9); the first `.result(value:)` says.
                        if case .intent(let i)? = selfKind(), i.valueType == nil, !t.type.isUnknown { i.valueType = t.type }
                    case "opensIntent": code.opensIntent = node
                    // A dialog is text, as `IntentDialog` is made from text: `.result(dialog: 42)` is an error, as in Swift.
                    case "dialog": code.dialog = fit(t, to: .string, site: .argument, at: a.value.range)
                    case "view": code.view = node
                    case "snippetIntent": code.snippetIntent = node
                    default:
                        error(.unknownArgument(label: a.label ?? "_", callee: ".result", kind: "argument", known: known,
                                               suggestion: a.label.flatMap { closestMatch(to: $0, in: known) }), at: a.labelRange ?? a.value.range)
                    }
                }
                return .result(code, range)
            }
            for a in args { _ = expr(a.value) }
            return implicitMember(name, at: callee.range)
        case .member(let base, let name, let nameRange):
            return typedMethodCall(base, name, nameRange: nameRange, args, expected: nil, range: range).node
        default:
            return .callValue(expr(callee), args.map { expr($0.value) }, labels, range)
        }
    }

    /// A call of a function declared `throws` outside any `try`: Swift's error.
    func callGlobal(_ entry: GlobalEntry, name: String, key: String? = nil, pretyped: [Typed]? = nil, _ args: [Argument],
                    calleeRange: SourceRange, range: SourceRange) -> Node {
        switch entry {
        case .variable(let slot, _, _):
            return .callValue(.global(slot), args.map { expr($0.value) }, args.map(\.label), range)
        case .function(let slot, let decl, _):
            let key = key ?? name
            checkArgumentsNotEscaping(args, to: decl)
            if pretyped == nil, decl.parameters.contains(where: \.isInout) {
                return inoutCall(slot: slot, decl, key: key, name: name, args, range: range)
            }
            let parameters = decl.parameters.map { (label: $0.label, hasDefault: $0.defaultValue != nil) }
            guard let ordered = matchPositional(args, parameters: parameters, callee: name, range: range, types: functionSignatures[key]?.types,
                                                pretyped: pretyped, autoclosures: functionSignatures[key]?.autoclosures ?? [],
                                                escaping: functionSignatures[key]?.escaping ?? []) else {
                return .constant(.null)
            }
            checkArgumentsNotThrowing(args, to: decl)
            if !allowsRedefinition, let code = functionCodes[key] {
                if ordered.count == 1, let only = ordered[0] { return .callFunction1(code, only, range) }
                return .callFunction(code, ordered, range)
            }
            return .callGlobal(slot, ordered, range)
        case .record(let r, _, _):
            if r.kind != .store { checkAccess(owner: r.root.name, Members.initializerKey(args.map(\.label)), at: calleeRange) }   // a store's `M()` is `M.shared` (SPEC §13)
            if r.kind == .store {
                // `M(selection: x)` with a declared `init`: the one instance, made by that `init` when nothing is saved.
                if !r.initializers.isEmpty, case .initRecord(let type, let code, let ordered, let site)? = declaredInitializerCall(r, name: name, args, range: range) {
                    return .storeInit(type, code, ordered, site)
                }
                // `M()`, like `M.shared`, is the store's one instance (SPEC §13).
                if !args.isEmpty {
                    error(.swiftism(found: "\(name)(…)", suggestion: "a store has exactly one instance, made from its properties' defaults: use \(name)()"),
                          at: range)
                }
                return .storeShared(r)
            }
            if let made = declaredInitializerCall(r, name: name, args, range: range) { return made }
            // A class has no memberwise initialiser: without an `init`, it is made by `M()` from its defaults.
            if r.kind == .class, let first = args.first {
                error(.argumentToNoArgumentCall, at: first.labelRange ?? first.value.range)
                for a in args { _ = expr(a.value) }
                return .constant(.null)
            }
            // A stored closure property is `@escaping`, its memberwise argument too.
            for a in args { if let i = a.label.flatMap({ r.fieldIndex[$0] }), case .function? = r.fields[i].type?.wrapped ?? r.fields[i].type { checkNotEscaping(a.value, .passed) } }
            return memberwiseConstruction(r, name: name, args, range: range)
        case .enumeration(let e, _, _):
            return enumConstruction(e, name: name, args, range: range)
        case .intent(let type, let decl, _):
            return intentConstruction(type, decl, name: name, args, range: range)
        case .view(let type, let decl, _):
            let parameters = decl.parameters.map { (label: Optional($0.label ?? $0.name), hasDefault: $0.defaultValue != nil) }
            guard let ordered = matchPositional(args, parameters: parameters, callee: name, range: range, kind: "parameter",
                                                types: viewSignatures[name]?.types) else {
                return .constant(.null)
            }
            return .callView(type, ordered, range)
        }
    }

    /// Matches arguments to parameters in order, as Swift does. Returns nil after reporting a mismatch.
    /// A `nil` entry means "use the default".
    func matchPositional(_ args: [Argument], parameters: [(label: String?, hasDefault: Bool)], callee: String, range: SourceRange,
                         kind: String = "argument", types: [ScriptType]? = nil, pretyped: [Typed]? = nil, autoclosures: Set<Int> = [],
                         escaping: Set<Int> = []) -> [Node?]? {
        if kind == "argument", let (message, site) = mislabeled(args, parameters) {
            error(message, at: site)
            for arg in args { _ = expr(arg.value) }
            return nil
        }
        var result: [Node?] = []
        var a = 0
        var ok = true
        for p in parameters {
            if a < args.count {
                let arg = args[a]
                let isTrailingClosure: Bool
                if case .closure = arg.value.kind, arg.label == nil { isTrailingClosure = true } else { isTrailingClosure = false }
                // A trailing closure: the last argument, or the first of several (`animate { … } completion: { … }`).
                let isTrailing = isTrailingClosure && args[(a + 1)...].allSatisfy { if case .closure = $0.value.kind { $0.label != nil } else { false } }
                // It passes over a defaulted parameter that takes no function (`animated: Bool = true`), as Swift's does.
                let passesOver = isTrailing && p.hasDefault && !(types?[result.count].takesClosure ?? true)
                if arg.label == p.label && !passesOver || isTrailing && !passesOver {
                    if autoclosures.contains(result.count) {
                        result.append(autoclosureArgument(arg.value, types?[result.count]))
                    } else if let pretyped, let type = types?[result.count] {
                        result.append(fit(pretyped[a], to: type, site: .argument, at: arg.value.range))
                    } else if escaping.contains(result.count) {
                        result.append(typedKept(arg.value) { typedArgument(arg.value, types?[result.count]) })   // `load { … }` of `@escaping`
                    } else {
                        result.append(typedArgument(arg.value, types?[result.count]))
                    }
                    a += 1
                    continue
                }
            }
            if p.hasDefault {
                result.append(nil)
                continue
            }
            if a < args.count, args[a].label != nil || p.label != nil {
                let found = args[a].label.map { "'\($0):'" } ?? "no label"
                let expected = p.label.map { "'\($0):'" } ?? "no label"
                if let wanted = p.label, let given = args[a].label, let later = args[(a + 1)...].firstIndex(where: { $0.label == wanted }) {
                    // `h(b: 1, a: 2)` for `h(a:b:)`: the arguments are there, out of order, as swiftc says.
                    error(.argumentOrder(wanted, mustPrecede: given), at: args[later].labelRange ?? args[later].value.range)
                } else if args[a].label != nil, p.label != nil, !parameters.contains(where: { $0.label == args[a].label }) {
                    let known = parameters.compactMap(\.label)
                    error(.unknownArgument(label: args[a].label ?? "_", callee: callee, kind: kind, known: known,
                                           suggestion: args[a].label.flatMap { closestMatch(to: $0, in: known) }), at: args[a].labelRange ?? args[a].value.range)
                } else {
                    error(.wrongArgumentLabel(callee: callee, expected: expected, got: found), at: args[a].labelRange ?? args[a].value.range)
                }
            } else {
                // Each parameter from here on with neither an argument nor a default, named as swiftc names them (`#2, 'c'`).
                let missing = parameters.indices.dropFirst(result.count).filter { !parameters[$0].hasDefault }.map { parameters[$0].label.map { "'\($0)'" } ?? "#\($0 + 1)" }
                error(.missingArguments(missing), at: missingArgumentsSite(args, range, count: missing.count))
            }
            ok = false
            break
        }
        if ok, a < args.count {
            let skippedLabel = parameters.enumerated().first { i, p in p.hasDefault && p.label != nil && i < result.count && result[i] == nil }?.element.label
            let label = args[a].label
            if parameters.isEmpty {
                error(.argumentToNoArgumentCall, at: args[a].value.range)
            } else if let label, let p = parameters.firstIndex(where: { $0.label == label }), p < result.count, result[p] == nil,
                      let earlier = args[..<a].first(where: { arg in parameters.firstIndex(where: { $0.label == arg.label }).map { $0 > p } ?? false }) {
                // `f(y: 2, x: 1)` for `f(x: Int = 1, y: Int)`: a defaulted parameter's argument given after a later one.
                error(.argumentOrder(label, mustPrecede: earlier.label ?? "_"), at: args[a].labelRange ?? args[a].value.range)
            } else if label != nil, parameters.contains(where: { $0.label == label }) {
                error(.wrongArgumentCount(callee: callee, expected: parameters.count, got: args.count), at: range)   // a label given twice
            } else if label == nil, let skippedLabel {
                error(.wrongArgumentLabel(callee: callee, expected: "'\(skippedLabel):'", got: "no label"), at: args[a].value.range)
            } else if a < args.count - 1 {
                // Several more than the parameters: swiftc names their positions, at the `(`.
                error(.extraArguments(Array(a + 1...args.count)), at: openParenthesis(before: args[0]))
            } else {
                error(.extraArgument(label), at: args[a].value.range)   // `greet("a", loud: true, 3)`, `k(a: 1, b: 2, c: 3)`
            }
            ok = false
        }
        if !ok {
            for arg in args { _ = expr(arg.value) }
            return nil
        }
        return result
    }

    func methodCall(_ base: Expr, _ name: String, nameRange: SourceRange, _ args: [Argument], range: SourceRange) -> Node {
        let labels = args.map(\.label)
        if case .dollarName(let parameter) = base.kind {
            guard let (type, index) = projection(parameter, at: base.range) else {
                for a in args { _ = expr(a.value) }
                return .constant(.null)
            }
            guard let kind = ParameterRequestKind(rawValue: name) else {
                let known = ParameterRequestKind.allCases.map(\.rawValue)
                error(.unknownMember(name, type: "$\(parameter)", suggestion: closestMatch(to: name, in: known), ofValue: nil), at: nameRange)
                return .constant(.null)
            }
            // Every argument but `among:` and `for:` is a dialog, which is text.
            return .parameterRequest(kind, type, index, args.map { typed($0.value, $0.label == "among" || $0.label == "for" ? nil : .string).node }, labels, range)
        }
        // Static calls on a type name: `Int.random(in:)`, `EspressoShot(rawValue:)` arrives as a call on the type.
        let baseNode = member(base, name, nameRange: nameRange, range: range)
        guard case .member(let receiver, _, _) = baseNode else {
            // `Store.shared(…)`, `Enum.case(…)`: not callable.
            return .callValue(baseNode, args.map { expr($0.value) }, labels, range)
        }
        return callOn(base, receiver, name, nameRange: nameRange, args.map { expr($0.value) }, labels, range: range)
    }

    /// The call of method `name` on the value of `base` (already resolved to `receiver`): a view's modifier,
    /// a change in place when the receiver is a variable, or a plain call.
    func callOn(_ base: Expr, _ receiver: Node, _ name: String, nameRange: SourceRange, _ nodes: [Node], _ labels: [String?],
                range: SourceRange, runtimeName: String? = nil) -> Node {
        let member = Name(runtimeName ?? name)
        if isViewNode(receiver) { return .modify(receiver, ModifierCall(name: name, labels: labels), nodes, range) }
        if mutatingMethodNames.contains(name) { warnIfStoreWrite(base, detail: "'\(name)'") }
        if let store = storeType(of: base), storeMethodsThatWrite[store.name]?.contains(name) == true {
            warnIfStoreWrite(base, detail: "'\(store.name).\(name)' changes its fields")
        }
        if mutatingMethodNames.contains(name), let place = lvalue(base, reportErrors: false), isMutablePlace(base) {
            if name == "append", nodes.count == 1, labels == [nil] {
                switch place {
                case .local, .global, .cell: return .appendToVariable(place, nodes[0], range)
                default: break
                }
            }
            return .callMutating(place, member, nodes, labels, range)
        }
        return .callMethod(receiver, member, nodes, labels, range)
    }

}
