import ShortcutSyntax

extension Resolver {
    /// `a.name` with its type.
    func typedMember(_ base: Expr, _ name: String, nameRange: SourceRange, range: SourceRange, expected: ScriptType? = nil) -> Typed {
        if ["startIndex", "endIndex", "indices"].contains(name) { checkSliceIndices(base, at: range) }
        if case .identifier("super") = base.kind, lookupLocal("super") == nil {
            return typedSuperMember(name, nameRange: nameRange, range: range, superRange: base.range)
        }
        if let use = typedGenericTypeMember(base, name, nil, nameRange: nameRange, expected: expected, range: range) { return use }
        if let double = floatAsDouble(base) { return typedMember(double, name, nameRange: nameRange, range: range, expected: expected) }
        if let mode = typedSystemContext(base, name, nameRange: nameRange) ?? sizedIntegerStatic(base, name, range: range) ?? typedMetatypeMember(base, name, nameRange: nameRange, range: range) { return mode }
        if case .self = base.kind {
            if let undo = typedFrameworkProperty(name) { return undo }   // `self.undoManager`
            checkInitializedRead(name, at: nameRange, selfAt: base.range)
        }
        let base = resolvingSelf(base)
        // `[String].self`, `[String: Int].self`, `(Int, Int).self`: a collection or tuple type as a value (`returning:
        // [String].self`), printed as Swift names it.
        if name == "self", { switch base.kind { case .array, .dictionary, .tuple: true; default: false } }(),
           let ref = typeRef(from: base) {
            return Typed(.constant(.symbol(resolveType(ref).genericSpelling)), .any)
        }
        // `String.init`, `Int.init`, `Double.init` as functions (`xs.map(String.init)`).
        if name == "init", case .identifier(let typeName) = base.kind, lookupLocal(typeName) == nil, globals[typeName] == nil,
           let builtin = Builtin(spelling: typeName), [.string, .int, .double].contains(builtin) {
            var parameter: ScriptType = .any
            if case .function(let ps, _)? = expected, ps.count == 1 { parameter = ps[0] }
            let target: ScriptType = builtin == .string ? .string : builtin == .int ? .int : .double
            let result: ScriptType = builtin != .string && parameter.agrees(with: .string) && !parameter.isUnknown ? .optional(target) : target
            let code = FunctionCode(name: "\(typeName).init", arity: 1, returning: .callBuiltin(builtin, [.local(0)], [nil], range), range: range)
            return Typed(.closure(code, []), .function([parameter], result))
        }
        // `Array.init`, `Set.init` (`slices.map(Array.init)`): a closure that calls the type with its one argument.
        if name == "init", case .identifier(let typeName) = base.kind, ["Array", "Set", "Bool", "Character", "Substring"].contains(typeName),
           lookupLocal(typeName) == nil, globals[typeName] == nil {
            return typed(ClosureExpr.reference(to: Expr(.identifier(typeName), base.range), labels: [nil], range: range), expected)
        }
        if name == "init", let reference = typedInitializerReference(base, nameRange: nameRange, range: range, expected: expected) { return reference }
        // `Void.self` (`withTaskGroup(of: Void.self)`): the empty tuple's type, printed as Swift prints it.
        if name == "self", case .identifier("Void") = base.kind, isUndeclared("Void") { return Typed(.constant(.symbol("()")), .any) }
        if let key = staticKey(base, name) {
            if case .identifier(let owner) = base.kind { checkAccess(owner: owner, name, at: nameRange) }
            return typedIdentifier(key, at: range)
        }
        if let framework = typedFrameworkStatic(base, name, range: range) { return framework }
        if case .identifier(let typeName) = base.kind, isTypeName(typeName) {
            // `Shape.circle` of a case with associated values, not called: a function that makes the case, as in Swift.
            if lookupLocal(typeName) == nil, case .enumeration(let e, _, _)? = globals[typeName], let c = e.lookup(name), let types = c.payloadTypes {
                let code = FunctionCode(name: "\(typeName).\(name)", arity: types.count,
                                        returning: .makeEnumCase(c, types.indices.map { .local($0) }), range: range)
                return Typed(.closure(code, []), .function(types, .enumeration(e)))
            }
            let node = member(base, name, nameRange: nameRange, range: range)
            let type = staticMemberType(typeName, name)
            if type.isUnknown, name != "self", globals[typeName] == nil, let known = Resolver.builtinStatics(of: typeName) {
                error(.unknownMember(name, type: typeName, suggestion: closestMatch(to: name, in: known.keys.sorted())), at: nameRange)
            }
            return Typed(node, type)
        }
        let b = typed(base)
        if let task = typedTaskMember(b, name) ?? lazyElements(of: b, name, range: range) { return task }
        checkAccess(b.type, name, at: nameRange)
        checkActorIsolation(base, b.type, name, at: nameRange)
        if let key = standardExtensionKey(b.type, name) { return typedStandardExtensionCall(key, b, base, [], nameRange: nameRange, range: range) }
        if let lazy = typedLazyRead(b, base, name, nameRange: nameRange, range: range) { return lazy }
        // `t.sum`, `t.1` of a tuple whose type the checker knows: its element by position, as Swift reads it (no label looked up).
        if case .tuple(let types, let labels) = b.type, let i = Int(name) ?? labels.firstIndex(of: name), types.indices.contains(i) {
            return Typed(.subscriptGet(b.node, .constant(.int(i)), range), types[i])
        }
        if let reference = libraryMethodReference(b, base, name, range: range, expected: expected) { return reference }
        let read = provenRead(ofMember: name, of: b.type), dispatched = staticDispatchName(b.type, name, labels: nil) ?? name
        return Typed(.member(b.node, Name(dispatched, read: read), range),
                     ownFieldType(name, through: base) ?? checkedMemberType(b.type, name, nameRange: nameRange, base: base))
    }

    /// A member reached on an optional without `?.`: Swift's message and its fix, where swiftc puts it (the base's name).
    func reportOptionalBase(_ optional: ScriptType, _ wrapped: ScriptType, member: String, at range: SourceRange, base: Expr? = nil) {
        // A subscript's optional element (`d["a"].append(1)`): at its `]`, as swiftc.
        let anchor = if let base, case .subscript = base.kind { base.range.lastByte } else { base.map(anchor(of:)) ?? range }
        error(.mustUnwrapForMember(optional: optional.description, member: member, wrapped: wrapped.description), at: anchor,
              notes: ["chain the optional using '?' to access member '\(member)' only for non-'nil' base values"])
    }

    /// `[key, default: value]` on a dictionary: the key's and the default's code, typed by the dictionary.
    func defaultSubscript(_ args: [Argument], of type: ScriptType) -> (Node, Node)? {
        guard args.count == 2, args[0].label == nil, args[1].label == "default" else { return nil }
        var k: ScriptType = .any, v: ScriptType = .any
        switch type {
        case .dictionary(let key, let value): k = key; v = value
        case .any: break
        default:
            error(.noSubscript(type: type.description), at: args[1].labelRange ?? args[1].value.range, notes: ["'default:' is a dictionary's subscript"])
        }
        return (typedArgument(args[0].value, k), typedArgument(args[1].value, v))
    }

    /// `xs[i]`, `d[key]`: an array's element, a dictionary's optional value.
    func typedSubscript(_ base: Expr, _ args: [Argument], range: SourceRange) -> Typed {
        let b = typed(base)
        if args.count == 1, args[0].label == "keyPath" { return typedKeyPathRead(b, args[0].value, base: base) }
        if case .dictionary(_, let v) = b.type, let (key, value) = defaultSubscript(args, of: b.type) {
            return Typed(.subscriptDefault(b.node, key, default: value, range), v)
        }
        // A subscript of the program's own: its getter, a method of the index arguments.
        if let (key, signature, nodes) = checkedMethodArguments(b.type, Parser.subscriptGetter, args, range: range) {
            guard let nodes else { return Typed(.constant(.null), signature.result) }
            return Typed(callOn(base, b.node, key, nameRange: range, nodes, args.map(\.label), range: range, runtimeName: nil), signature.result)
        }
        if let call = standardExtensionSubscript(b, base, args, range: range) { return call }
        var indexType: ScriptType?
        var result: ScriptType = .any
        switch b.type {
        case .array(let e): (indexType, result) = (.int, e); checkSliceIndices(base, args, at: range)
        case .dictionary(let k, let v): indexType = k; result = .optional(v)
        case .string, .substring, .any, .tuple: break
        case .optional(let w) where !w.isUnknown:
            error(.mustUnwrap(optional: b.type.description, wrapped: w.description), at: base.range)
        default:
            error(.noSubscript(type: b.type.description), at: range)
        }
        guard args.count == 1, args[0].label == nil else {
            return Typed(.subscriptGet(b.node, subscriptIndex(args, range), range), result)
        }
        // `xs[2...]`, `xs[..<n]`, `xs[...n]`: a slice from a one-sided range; `s[i...]`, `s[..<i]` of `String.Index`es a `Substring`.
        let isText = b.type.isText
        var (sliced, slice) = (ScriptType?.none, b.type)
        switch b.type { case .array: sliced = .int; case .string, .substring: (sliced, slice) = (.stringIndex, .substring); default: break }
        if case .partialRange(let lower, let upper, let closed) = args[0].value.kind, let position = sliced {
            if let lower { return Typed(.sliceFrom(b.node, typedArgument(lower, position), range), slice) }
            if upper == nil { return Typed(.sliceFrom(b.node, .constant(.int(0)), range), slice) }   // `s[...]`: all of it
            let upperNode = upper.map { typedArgument($0, position) } ?? .constant(.int(0))
            return Typed(.subscriptGet(b.node, .makeRange(.constant(.int(0)), upperNode, closed: closed, range), range), slice)
        }
        let index = typed(args[0].value, indexType)
        // `d.keys[0]`: a dictionary's keys and values are indexed by its `Index`, not an Int (they are arrays here).
        if case .member(let owner, let view, _) = base.kind, view == "keys" || view == "values", case .int = index.type,
           case .dictionary = quietly({ typed(owner).type }) { error(.noExactSubscript, at: range.after(base.range)) }
        if isText, case .int = index.type {
            error(.stringIntSubscript, at: range, notes: ["'Array(s)[i]' gives the i-th character; 's.prefix(n)' the first n"])
        }
        // `s[i]` at a `String.Index` is a `Character`; `s[i..<j]` a `Substring`.
        if isText, case .stringIndex = index.type { result = .character }
        if isText, case .indexRange = index.type { result = .substring }
        if isText, case .range = index.type {   // `s[1...2]`: Swift's error; a range of `String.Index`es is
            error(.stringIntRangeSubscript, at: range)
        }
        if case .array = b.type, case .range = index.type { return Typed(.subscriptGet(b.node, index.node, range), b.type) }
        let node = indexType.map { fit(index, to: $0, site: .argument, at: args[0].value.range) } ?? index.node
        return Typed(.subscriptGet(b.node, node, range), result)
    }

    /// `receiver.name(args)` with its type: methods of the program's types are
    /// checked against their declarations, the standard library's against its table.
    func typedMethodCall(_ base: Expr, _ name: String, nameRange: SourceRange, _ args: [Argument], expected: ScriptType?,
                         range: SourceRange) -> Typed {
        if case .identifier("super") = base.kind, lookupLocal("super") == nil {
            return typedSuperCall(name, nameRange: nameRange, args, range: range, superRange: base.range)
        }
        if let call = floatAsDouble(base).map({ typedMethodCall($0, name, nameRange: nameRange, args, expected: expected, range: range) })
            ?? typedRenamedCall(base, name, nameRange: nameRange, args, expected: expected, range: range) { return call }
        if let use = typedGenericTypeMember(base, name, args, nameRange: nameRange, expected: expected, range: range)
            ?? typedMetatypeCall(base, name, args, nameRange: nameRange, range: range) { return use }
        if let test = typedBoundsTest(base, name, args, range: range) ?? typedIndexSlice(base, name, args, range: range) { return test }
        if case .self = base.kind, hasImplicitSelfMethod(name) { checkSelfUsable(inCallOf: name, at: nameRange, selfAt: base.range) }
        if let call = dataOfText(base, name, args, range: range).map({ typed($0, expected) })
            ?? typedDoubleLiteralCall(base, name, nameRange: nameRange, args, expected: expected, range: range) { return call }
        let base = resolvingSelf(base)
        // `Request.Status(rawValue: "done")`: a nested type's initialiser.
        if case .identifier(let outer) = base.kind, isTypeName(outer), globals[outer] != nil, let nested = nestedTypeName(outer, name) ?? (isTypeName(name) ? name : nil),
           staticKey(base, name) == nil {
            return typedCall(Expr(.identifier(nested), nameRange), args, expected: expected, range: range)
        }
        // `Swift.max(a, b)`: the standard library's function, named with its module.
        if case .identifier("Swift") = base.kind, isUndeclared("Swift") { return typedCall(Expr(.identifier(name), nameRange), args, expected: expected, range: range) }
        if let call = typedDeviceCall(base, name, args) { return call }
        if let sorted = typedSortUsing(base, name, nameRange: nameRange, args, expected: expected, range: range) { return sorted }
        if let sleep = typedTaskSleep(base, name, args, range: range) ?? typedMainActorRun(base, name, args, range: range) { return sleep }
        if case .dollarName(let parameter) = base.kind {
            let node = methodCall(base, name, nameRange: nameRange, args, range: range)
            if name == "requestValue" || name == "requestDisambiguation", case .intent(let i)? = selfKind(), let p = i.parameterIndex[parameter] {
                return Typed(node, unwrappedAll(i.parameters[p].type))
            }
            if name == "requestConfirmation" { return Typed(node, .bool) }
            if name.hasSuffix("Error") { return Typed(node, .error) }
            return Typed(node, .any)
        }
        if let key = staticKey(base, name), let entry = globals[key] {
            if case .identifier(let owner) = base.kind { checkAccess(owner: owner, name, at: nameRange) }
            if case .function(_, let decl, _) = entry {
                let args = decl.parameters.contains(where: \.isVariadic) ? packedVariadic(args, decl.parameters, range: range) : args
                // `Stats.total(xs)` of a static that uses its generic parameter as a value: the type passed (`GenericMetatypes`).
                if decl.parameters.contains(where: { GenericMetatypes.isHidden($0.label) }) {
                    let generic = genericCall(entry, key: key, args, expected: expected, calleeRange: nameRange)
                    let passed = passingTypes(args, generic?.pretyped, to: decl, key: key, bindings: generic?.bindings, expected: expected, at: nameRange)
                    let node = callGlobal(entry, name: name, key: key, pretyped: passed.pretyped, passed.args, calleeRange: nameRange, range: range)
                    return Typed(node, generic?.result ?? functionSignatures[key]?.result ?? .any)
                }
                return boundMethodCall(callGlobal(entry, name: name, key: key, args, calleeRange: nameRange, range: range), functionSignatures[key], args,
                                       range: range)
            }
            return typedCall(Expr(.identifier(key), range), args, expected: expected, range: range)
        }
        if case .identifier(let typeName) = base.kind, lookupLocal(typeName) == nil, case .enumeration(let e, _, _)? = globals[typeName],
           let c = e.lookup(name), c.payloadTypes != nil {
            // `let y: Either<Int, String> = Either.left(2)`: the case of the use the context wants, as `.left(2)`'s.
            if case .enumeration(let wanted)? = expected.map(unwrappedAll), wanted.root === e, let wantedCase = wanted.lookup(name) {
                return typedEnumConstruction(wantedCase, args, range: range)
            }
            return typedEnumConstruction(c, args, written: true, range: range)
        }
        if case .identifier(let typeName) = base.kind, isTypeName(typeName) {
            return Typed(methodCall(base, name, nameRange: nameRange, args, range: range), staticMethodType(typeName, name))
        }
        var receiver = typed(base)
        // `items.makeIterator()`: the standard library's iterator over the elements (`IndexingIterator`, a prelude).
        if name == "makeIterator", args.isEmpty, receiver.type.isStandardCollection, case .record? = globals["IndexingIterator"] {
            return typedCall(Expr(.identifier("IndexingIterator"), nameRange), [Argument(label: "__elements", labelRange: nil, value: Resolver.elementsArray(of: base))],
                             expected: expected, range: range)
        }
        if let elements = sequenceAsArray(receiver, method: name, args, range: range) {
            if name == "prefix", args.count == 1, args[0].label == nil { return elements }   // the first n, taken already
            receiver = elements
        }
        if case .framework(let framework) = receiver.type { return typedFrameworkMethod(framework, name, nameRange: nameRange, args, range: range) }
        if isViewNode(receiver.node) || { if case .view = receiver.type { return true }; return false }() {
            if let call = standardExtensionMethodCall(Typed(receiver.node, .view), base, name, args, nameRange: nameRange, range: range) { return call }
            return Typed(typedModifier(receiver.node, name, nameRange: nameRange, args, range: range), .view)
        }
        var type = receiver.type
        if case .array = type, name == "append" || name == "insert", let first = args.first { checkNotEscaping(first.value, .converted(genericParameter: "Element")) }
        if let wrapped = type.wrapped, !wrapped.isUnknown, name == "map" || name == "flatMap", args.count == 1, args[0].label == nil {
            return typedOptionalMap(receiver, wrapped, args[0].value, range: range)
        }
        if type.wrapped != nil, let call = standardExtensionMethodCall(receiver, base, name, args, nameRange: nameRange, range: range) { return call }   // `extension Optional`
        if let wrapped = type.wrapped, !wrapped.isUnknown {
            reportOptionalBase(type, wrapped, member: name, at: nameRange, base: base)
            type = .any
        }
        // `3.double()` of `extension Int { var double: Int { … } }`: a property's value is no function, as swiftc says.
        if let key = standardExtensionKey(type, name), case .function(_, let decl, _)? = globals[key], decl.isComputedProperty {
            error(.notCallable(type: (functionSignatures[key]?.result ?? .any).description), at: nameRange)
        }
        if let call = standardExtensionMethodCall(receiver, base, name, args, nameRange: nameRange, range: range) { return call }
        if case .record = type, let decimal = formattedCall(base, receiver, name, nameRange: nameRange, args, range: range) { return decimal }
        checkAccess(type, name, at: nameRange)
        if declaredMembers(of: type)?.methods[name] != nil { checkActorIsolation(base, type, name, isMethod: true, labels: args.map(\.label), at: nameRange) }
        // `transform(v)`, `button.action()`: a closure a property of the program's type holds, called as a function value.
        if let members = declaredMembers(of: type), members.methods[name] == nil, let held = memberType(type, name), case .function = held {
            let property = quietly { typedMember(base, name, nameRange: nameRange, range: range) }
            return typedValueCall(property.node, held, name: name, args, calleeRange: nameRange, range: range) ?? .unknown
        }
        // `pair.inc()`: a closure a tuple's labelled element holds.
        if case .tuple(let types, let labels) = type, let i = labels.firstIndex(of: name), i < types.count, case .function = types[i] {
            let element = quietly { typedMember(base, name, nameRange: nameRange, range: range) }
            return typedValueCall(element.node, types[i], name: name, args, calleeRange: nameRange, range: range) ?? .unknown
        }
        // The program's own methods; one with `inout` parameters returns their values beside its result (`inoutCall`).
        if let members = declaredMembers(of: type), let signature = inoutMethod(members, name) {
            if signature.isMutating { checkMutable(base, type, name, at: nameRange) }
            requireMarks(signature, args, at: range)
            let node = inoutCall(signature, name: name, args, range: range) { ordered in
                callOn(base, receiver.node, name, nameRange: nameRange, ordered.compactMap { $0 }, args.map(\.label), range: range, runtimeName: nil)
            }
            return Typed(node, signature.result)
        }
        let args = packedVariadic(args, method: name, of: type, range: range)
        if let (key, signature, nodes) = checkedMethodArguments(type, name, args, range: range) {
            if signature.isMutating { checkMutable(base, type, name, at: nameRange) }
            checkGenericRequirements(signature, method: name, args, on: type, at: nameRange)
            requireMarks(signature, args, at: range)
            guard let nodes else { return Typed(.constant(.null), signature.result) }
            // On a protocol's value the key is the protocol's: the call goes by name and labels (`FunctionCode.overload`).
            let byName: Bool = if case .existential = type { true } else { key == name }
            let onSelf: String? = if case .identifier("self") = base.kind { staticDispatchName(onSelf: name, labels: signature.labels) } else { nil }
            let runtimeName = onSelf ?? staticDispatchName(type, name, labels: signature.labels) ?? (byName ? nil : key)
            let known = associatedTypes(of: type, in: signature)   // bound once for the types passed (`T.zero`) and the result
            let bindings = signature.labels.contains(where: GenericMetatypes.isHidden) ? methodBindings(signature, args, known: known) : nil
            let passed = methodTypeArguments(signature, args, given: bindings, count: nodes.count, at: nameRange)
            let node = callOn(base, receiver.node, name, nameRange: nameRange, nodes + passed.nodes, args.map(\.label) + passed.labels, range: range,
                              runtimeName: runtimeName)
            if signature.returnsSelf, case .record = type { return Typed(node, type) }   // `-> Self` of a subclass's instance: the subclass
            if let decoded = decodedType(type, name, args, at: nameRange) { return Typed(node, decoded) }
            // `Box(v: 2).map { "\($0)" }`: a `Box<String>`; `b.first()` of a protocol's extension, `-> Item?`: what `b` gives `Item`.
            return boundMethodCall(node, signature, args, known: known, given: bindings, range: range)
        }
        if let formatted = formattedCall(base, receiver, name, nameRange: nameRange, args, range: range)
            ?? characterSetCall(base, receiver, name, nameRange: nameRange, args, range: range) { return formatted }
        // The standard library's.
        let candidates = LibraryTypes.methods(type, name)
        if let method = chooseMethod(candidates, args) {
            if method.isMutating { checkMutable(base, type, name, at: nameRange) }
            var nodes: [Node] = []
            var types: [ScriptType] = []
            for (a, p) in zip(args, method.parameters) {
                // `doubles.reduce(0, +)`: a number literal as the initial result is of the elements' number type, else of the one wanted.
                var context = p
                // `prices.reduce(.zero, +)`: an implicit member of the result's type, the elements' where none is wanted.
                if p == nil, name == "reduce", a.label == nil, a.value.isImplicitMember {
                    context = expected.flatMap { $0.isUnknown ? nil : $0 } ?? type.elementType
                }
                if p == nil, name == "reduce", case .integer = a.value.kind {
                    let closure = args.dropFirst().first
                    if let element = type.elementType, element.typeParameterHas("Numeric") {
                        // Of a generic parameter's numbers: one of them, unless the closure makes the result another number.
                        let wanted = [expected].compactMap { $0 }.filter(\.isNumeric)
                        context = reduceResult(combining: closure, element, among: [element] + wanted + [.int, .double]) ?? element
                    } else {
                        context = [type.elementType, expected].compactMap { $0 }.first(where: \.isNumeric) ?? integerOrDouble(combining: closure, type.elementType)
                    }
                    // `prices.reduce(0, +)` of `Decimal`s: the literal is one of theirs; of items, the result wanted's (`Decimal`).
                    if case .record? = type.elementType, let element = type.elementType, quietly({ literalConstruction(typed(a.value), element) }) != nil {
                        context = element
                    } else if case .record? = expected, let wanted = expected, quietly({ literalConstruction(typed(a.value), wanted) }) != nil { context = wanted }
                }
                // An empty literal as the initial result is of the result wanted (`let counts: [String: Int] = words.reduce(into: [:])
                // { … }`), or of the elements' type where they are collections (`[[1], [2]].reduce([], +)`), or with neither,
                // `reduce(into:)`'s of `Any` parts (Swift reads its type off the closure: `reduce(into: [:]) { $0[$1, default: 0] += 1 }`).
                if p == nil, name == "reduce", a.value.isEmptyCollectionLiteral || a.value.holdsEmptyCollectionLiteral {
                    if let expected, !expected.isUnknown { context = expected } else if a.label == nil, case .array(let inner)? = type.elementType {
                        context = .array(inner)
                    } else if a.label == "into" { context = a.value.isEmptyDictionaryLiteral ? .dictionary(.any, .any) : .array(.any) }
                }
                if name == "rounded", case .implicitMember(let rule) = a.value.kind, RoundingRules.byName[rule] == nil {
                    error(.unknownMember(rule, type: "FloatingPointRoundingRule", suggestion: closestMatch(to: rule, in: RoundingRules.names)),
                          at: a.value.range)
                }
                if method.closureChangesFirstParameter, case .function(let ps, let r)? = p, let first = types.first, !ps.isEmpty {
                    context = .function([first] + ps.dropFirst(), r)
                    closureChangesFirstParameter = true
                } else if name == "reduce", case .function(let ps, _)? = p, let first = types.first, !first.isUnknown, !ps.isEmpty {
                    context = .function([first] + ps.dropFirst(), first)   // `xs.reduce(0) { $0 + $1 }`: takes and gives the result's type
                }
                var t = name == "append" || name == "insert" ? typedKept(a.value) { typed(a.value, context) } : typed(a.value, context)   // kept there
                if p == nil, let context, let made = literalConstruction(t, context) { t = Typed(made, context) }
                closureChangesFirstParameter = false
                nodes.append(p.map { fit(t, to: $0, site: .argument, at: a.value.range) } ?? t.node)
                types.append(t.type)
            }
            requireMarks(.rethrowing, args, at: range)   // `map`, `filter`, `sorted(by:)`…: each rethrows its closure's errors
            let labels = method.labels
            // A set is an array underneath: its own insert and remove have names of their own there.
            var runtimeName: String?
            if case .set = type, name == "insert" || name == "remove" { runtimeName = name == "insert" ? "setInsert" : "setRemove" }
            if case .array(.array) = type, name == "joined" { runtimeName = "joinedArrays" }   // an empty one is still an array
            return Typed(callOn(base, receiver.node, name, nameRange: nameRange, nodes, labels, range: range, runtimeName: runtimeName),
                         method.result(types))
        }
        if !type.isUnknown, knowsAllMembers(type) { reportNoLibraryMethod(type, name, nameRange: nameRange, args, candidates, range: range) }
        // `s.count()` where `count` is a stored or computed property of the program's type that holds no function.
        if declaredMembers(of: type) != nil, let property = memberType(type, name) {
            switch property {
            case .int, .double, .string, .bool, .date, .uuid, .array, .dictionary, .set, .tuple, .range, .enumeration, .record:
                error(.notCallable(type: property.description), at: nameRange)
            case .optional(let wrapped) where !wrapped.isUnknown && { if case .function = wrapped { false } else { true } }():
                error(.notCallable(type: property.description), at: nameRange)
            default: break
            }
        }
        let nodes = args.map { expr($0.value) }
        var result: ScriptType = .any
        if case .function(_, let r)? = memberType(type, name) { result = r }
        return Typed(callOn(base, receiver.node, name, nameRange: nameRange, nodes, args.map(\.label), range: range), result)
    }

    /// A call of a method the program declares: which overload it means (its key), its declaration, and
    /// the arguments checked against it, in the order written (nil after a reported mismatch).
    func checkedMethodArguments(_ type: ScriptType, _ name: String, _ args: [Argument], range: SourceRange)
        -> (key: String, signature: FunctionSignature, nodes: [Node]?)? {
        guard let members = declaredMembers(of: type), members.methods[name] != nil else { return nil }
        let (key, pretyped) = chooseMethodOverload(members, name, args, range: range)
        guard let signature = members.methods[key] else { return nil }
        let parameters = zip(signature.labels, signature.hasDefault).map { (label: $0, hasDefault: $1) }
        let ordered = matchPositional(args, parameters: parameters, callee: name, range: range, types: signature.types, pretyped: pretyped,
                                      autoclosures: signature.autoclosures, escaping: signature.escaping)
        return (key, signature, ordered?.compactMap { $0 })
    }

    /// The library method a call means: labels that match exactly first, then a trailing closure for the last parameter.
    func chooseMethod(_ candidates: [LibraryTypes.Method], _ args: [Argument]) -> LibraryTypes.Method? {
        func isClosure(_ a: Argument) -> Bool {
            if case .closure = a.value.kind { return true }
            return false
        }
        func takesFunction(_ t: ScriptType?) -> Bool {
            guard let t else { return true }
            if case .function = t { return true }
            return t.isUnknown
        }
        let sameCount = candidates.filter { $0.labels.count == args.count }
        let exact = sameCount.filter { m in
            zip(m.labels, zip(args, m.parameters)).allSatisfy { label, ap in ap.0.label == label && (!isClosure(ap.0) || takesFunction(ap.1)) }
        }
        // Forms with the same labels are told apart by their parameter types (`union(_: Set)`, `union(_: [T])`).
        if exact.count > 1, let byType = exact.first(where: { m in
            quietly { zip(args, m.parameters).allSatisfy { a, p in p.map { fits(typed(a.value, $0), $0) } ?? true } }
        }) { return byType }
        if let first = exact.first { return first }
        return sameCount.first { m in
            zip(m.labels.indices, args).allSatisfy { i, a in
                guard !isClosure(a) || takesFunction(m.parameters[i]) else { return false }
                return a.label == m.labels[i] || (i == args.count - 1 && a.label == nil && isClosure(a))
            }
        }
    }

    /// `Int.random(in:)` and friends: the types of static calls on a type name.
    func staticMethodType(_ typeName: String, _ name: String) -> ScriptType {
        switch (typeName, name) {
        case ("Int", "random"): return .int
        case ("Double", "random"): return .double
        case ("Bool", "random"): return .bool
        default: return .any
        }
    }
}
