import ShortcutSyntax

/// A generic type of the program's (`struct Stack<Element>`, `final class Box<T>`) used with arguments (`Stack<Int>`,
/// or `Box(value: 3)`, whose `T` its arguments give) is a type of its own, as in Swift: a `RecordType` made once for
/// those arguments (`specialized`), whose stored properties, `init`s, methods and computed properties have their
/// declared types with the arguments in the parameters' places. So `Stack<Int>().push("a")` is swiftc's error,
/// `Box<Double>(value: 4)` holds `4.0`, and a value prints as Swift prints it (`Box<Int>(value: 3)`).
///
/// Its code is the generic type's, where each parameter is `Any` (as in a generic function): a value made there with a
/// parameter as an argument (`Box<U>` inside `map<U>`) is of the generic type itself, which agrees with each of its uses.
/// When the program runs, the uses of one generic type are one type (`RecordType.root`): the checker told them apart.
extension Resolver {
    /// The type `template` with `arguments` for its generic parameters, made once; the template itself when it is not
    /// generic, the count is not its parameters', or an argument is not known (`Any`, a generic parameter). An argument
    /// that does not meet its parameter's constraint on a program's protocol is reported at `site`, in swiftc's words
    /// for a written argument (`Holder<String>`) or an inferred one (`Holder(item: 5)`).
    func specialized(_ template: RecordType, _ arguments: [ScriptType], at site: SourceRange, written: Bool) -> RecordType {
        guard template.template == nil, case .record(_, let decl, let range)? = globals[template.name], decl.generics.count == arguments.count,
              !decl.generics.isEmpty, !arguments.contains(where: isUnknownArgument) else { return template }
        checkConstraints(decl.generics, arguments, of: "generic \(template.kind == .class ? "class" : "struct") '\(decl.name)'", at: site, written: written)
        let key = Resolver.useKey(arguments)
        if let known = specializations[ObjectIdentifier(template)]?[key] { return known }
        let made = RecordType(name: Resolver.useName(template.name, arguments), kind: template.kind)
        (made.template, made.typeArguments, made.module) = (template, arguments, template.module)
        specializations[ObjectIdentifier(template), default: [:]][key] = made
        completeRecord(template, decl, at: range)   // its `init`s' codes, which the use shares
        completeUse(made, decl.generics, arguments) { completeRecord(made, decl, at: range) }
        made.initializers = zip(made.initializers, template.initializers).map { own, shared in (shared.code, own.decl, own.signature) }
        return made
    }

    /// An argument that says nothing of the type: `Any`, or a generic parameter of the function being resolved.
    private func isUnknownArgument(_ t: ScriptType) -> Bool {
        t.mentionsAny || !genericParameterTypes.isEmpty && genericParameterTypes.contains(t.description)
    }

    /// `specialized` for a generic enum (`Tree<Int>`): its cases have their associated values' types with the arguments
    /// in the parameters' places, and make values of the enum itself when the program runs (`CaseDeclaration`).
    func specialized(_ template: EnumType, _ arguments: [ScriptType], at site: SourceRange, written: Bool) -> EnumType {
        guard template.template == nil, case .enumeration(_, let decl, _)? = globals[template.name], decl.generics.count == arguments.count,
              !decl.generics.isEmpty, !arguments.contains(where: isUnknownArgument) else { return template }
        checkConstraints(decl.generics, arguments, of: "generic enum '\(decl.name)'", at: site, written: written)
        let key = Resolver.useKey(arguments)
        if let known = enumSpecializations[ObjectIdentifier(template)]?[key] { return known }
        let made = EnumType(name: Resolver.useName(template.name, arguments))
        (made.template, made.typeArguments, made.module, made.title) = (template, arguments, template.module, template.title)
        enumSpecializations[ObjectIdentifier(template), default: [:]][key] = made
        completeUse(made, decl.generics, arguments) { completeEnum(made, decl) }
        if template.initializers.isEmpty { template.initializers = declaredInitializers(decl.members.initializers) }
        made.initializers = zip(made.initializers, template.initializers).map { own, shared in (shared.code, own.decl, own.signature) }
        return made
    }

    /// `Stack<Int>`: a use's name, as a message and a printed value spell it; and its key among the generic type's uses.
    private static func useName(_ name: String, _ arguments: [ScriptType]) -> String {
        "\(name)<\(arguments.map(\.genericSpelling).joined(separator: ", "))>"
    }
    private static func useKey(_ arguments: [ScriptType]) -> String { arguments.map(\.description).joined(separator: ", ") }

    /// Completes a use (`complete`, its declaration resolved again) with the arguments in its generic parameters'
    /// places, quietly — the declaration's errors are the generic type's, reported once — and keeps it for as long as
    /// the program.
    private func completeUse(_ made: AnyObject, _ generics: [GenericParameter], _ arguments: [ScriptType], _ complete: () -> Void) {
        program.specializedTypes.append(made)
        let outer = typeSubstitutions
        defer { typeSubstitutions = outer }
        typeSubstitutions = Dictionary(zip(generics.map(\.name), arguments), uniquingKeysWith: { a, _ in a })
        quietly(complete)
    }

    /// Each argument meets its parameter's constraints on the program's protocols, reported at `site` in swiftc's words
    /// for a written argument (`Holder<String>`) or an inferred one (`Holder(item: 5)`).
    private func checkConstraints(_ generics: [GenericParameter], _ arguments: [ScriptType], of callee: String, at site: SourceRange, written: Bool) {
        for (g, type) in zip(generics, arguments) {
            for constraint in g.constraints where protocolNames.contains(constraint) ? !adopts(type, constraint) : !conforms(type, to: constraint) {
                if written {
                    error(.doesNotConform(type: nonconformingPart(type, constraint).description, protocol: constraint), at: site)
                } else {
                    error(.genericRequirement(callee: callee, type: nonconformingPart(type, constraint).description, requirement: constraint), at: site)
                }
            }
        }
    }

    /// A case of a generic enum made with its associated values and no context that names its arguments (`.leaf(5)`,
    /// `Tree.leaf(5)`): the case of the use they give (`Tree<Int>`), as Swift infers it; else `c` itself. `reportingUninferred`:
    /// a parameter the case's values do not mention (`R` of `Either.left(1)`) is swiftc's error, but in the enum's own body.
    func specializedCase(_ c: EnumCase, _ args: [Argument], reportingUninferred: Bool = false, at site: SourceRange) -> EnumCase {
        guard c.type.template == nil, !c.type.genericParameters.isEmpty, case .enumeration(_, let decl, _)? = globals[c.type.name],
              let declared = decl.cases.first(where: { $0.name == c.name }), let payload = declared.payload, payload.count == args.count else { return c }
        let inOwnBody = if case .enumeration(let current)? = selfKind() { current.root === c.type.root } else { false }
        if reportingUninferred, !inOwnBody {
            for g in decl.generics where !payload.contains(where: { Resolver.mentions($0.type, g.name) }) {
                error(.genericParameterNotInferred(g.name), at: site)
            }
        }
        let use = specialized(c.type, inferredArguments(decl.generics, args, payload.map(\.type)), at: site, written: false)
        return use.lookup(c.name) ?? c
    }

    /// `Tree<Double>.leaf(5)`, `Box<Int>.make(1)`: a member of a use of a generic type of the program's, written with its
    /// arguments — an enum's case or static as the context of that use would give it, a struct's static as the type's.
    func typedGenericTypeMember(_ base: Expr, _ name: String, _ args: [Argument]?, nameRange: SourceRange, expected: ScriptType?,
                                range: SourceRange) -> Typed? {
        guard case .typeValue(let ref) = base.kind, case .generic(let typeName, _) = ref.kind, globals[typeName] != nil else { return nil }
        // `Response<[Item]>.self` (`decode(Response<[Item]>.self, from: data)`): the use, whose fields have their types.
        if name == "self", args == nil, case .record(let use) = resolveType(ref) {
            return Typed(.constant(.type(.record(use))), staticMemberType(typeName, name))
        }
        if case .enumeration(let use) = resolveType(ref) {
            return typedImplicitMember(name, args: args, expected: .enumeration(use), range: range, nameRange: nameRange)
        }
        let owner = Expr(.identifier(typeName), ref.range)
        guard let args else { return typedMember(owner, name, nameRange: nameRange, range: range, expected: expected) }
        let call = typedMethodCall(owner, name, nameRange: nameRange, args, expected: expected, range: range)
        guard case .record(let use) = resolveType(ref) else { return call }
        return retypedGenericResult(call, as: use, range: range) ?? call
    }

    /// A call typed by its declaration as a generic struct with its parameters unknown (`Matrix<Any>`), whose use is known
    /// (`Matrix<Double>.zeros(2)`, `let m: Matrix<Double> = .zeros(2)`, a generic function's or method's bound result):
    /// that use, its value made again as it when the program runs (`retyped`: the body ran with `T` unknown). Nil for any
    /// other call, and for a class's instance, which is shared.
    func retypedGenericResult(_ call: Typed, as use: RecordType, range: SourceRange) -> Typed? {
        guard case .record(let made) = call.type, made.root === use.root, call.type.mentionsAny, !ScriptType.record(use).mentionsAny,
              use.kind != .class, use.kind != .store else { return nil }
        return Typed(.callBuiltin(.retyped, [call.node, .constant(.type(.record(use)))], [nil, nil], range), .record(use))
    }

    /// A method's call, typed by its result with the call's bindings (`genericMethodResult`; `known`, an extension's
    /// `Element`), a generic struct made again as the use the call bound (`retypedGenericResult`). The declared result
    /// where nothing binds it.
    func boundMethodCall(_ node: Node, _ signature: FunctionSignature?, _ args: [Argument], known: [String: ScriptType] = [:],
                         given: [String: GenericBinding]? = nil, range: SourceRange) -> Typed {
        let declared = signature?.result ?? .any
        guard let signature, let bound = genericMethodResult(signature, args, known: known, given: given) else { return Typed(node, declared) }
        if case .record(let use) = bound, let retyped = retypedGenericResult(Typed(node, declared), as: use, range: range) { return retyped }
        return Typed(node, bound)
    }

    /// The use of generic type `template` a construction makes: the one the context wants (`let s: Stack<Int> =
    /// Stack()`), in the type's own body the one being resolved, else the one its arguments give its parameters
    /// (`Box(value: 3)` is a `Box<Int>`), as Swift infers it.
    func specializedConstruction(_ template: RecordType, _ decl: TypeDecl, _ args: [Argument], expected: ScriptType?, at site: SourceRange) -> RecordType {
        if case .record(let wanted)? = expected?.wrapped ?? expected, wanted.root === template { return wanted }
        // Inside the type's own body (its methods', its statics'), `Matrix(…)` is `Matrix<T>`, the use being resolved.
        if case .record(let current)? = selfKind(), current.root === template { return current }
        if selfKind() == nil, staticOwner == template.name {
            guard !typeSubstitutions.isEmpty else { return template }   // the declaration itself, checked once
            return specialized(template, decl.generics.map { typeSubstitutions[$0.name] ?? .any }, at: site, written: false)
        }
        var patterns: [TypeRef?] = []
        if let matched = decl.members.initializers.lazy.compactMap({ Resolver.parameterTypes($0.parameters, for: args) }).first {
            patterns = matched
        } else if decl.members.initializers.isEmpty {
            let stored = decl.members.properties.compactMap { s -> VarDecl? in if case .variable(let v) = s.kind, v.getter == nil { v } else { nil } }
            patterns = args.map { a in stored.first { $0.name == a.label }?.type }
        }
        // `Stack()`: a parameter no argument's type mentions is one nothing can give, as swiftc says.
        for g in decl.generics where patterns.count == args.count && !patterns.contains(where: { $0.map { Resolver.mentions($0, g.name) } ?? false }) {
            error(.genericParameterNotInferred(g.name), at: site)
        }
        return specialized(template, inferredArguments(decl.generics, args, patterns), at: site, written: false)
    }

    /// Whether type `ref` names `name` (`[T]`, `T?`, `Box<T>` name `T`).
    static func mentions(_ ref: TypeRef, _ name: String) -> Bool {
        ref.description.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).contains { $0 == name }
    }

    /// The generic parameters' types the arguments give, each typed by itself against the declared type of the
    /// parameter, associated value or property it goes to (`patterns`, nil where none), as a generic function's call is
    /// (`bind`: a collection literal gives way to another type); `Any` where nothing gives one.
    func inferredArguments(_ generics: [GenericParameter], _ args: [Argument], _ patterns: [TypeRef?]) -> [ScriptType] {
        let names = Set(generics.map(\.name))
        var bindings: [String: GenericBinding] = [:]
        quietly {
            for (a, pattern) in zip(args, patterns) {
                guard let pattern else { continue }
                if case .nil = a.value.kind { continue }
                // `.leaf(1)` for a `Tree<T>`: typed in the generic enum, whose case gives the use (`Tree<Int>`). These are looked
                // at as `genericMethodResult` looks, and not again inside such a look (`probingGenericArguments`).
                var context: ScriptType?
                if case .closure = a.value.kind, case .function = pattern.kind {
                    guard !probingGenericArguments else { continue }
                    context = resolveType(pattern)   // `Result { try f() }`: its parameters `Any`, its result binding `Success`
                } else if needsContext(a.value) {
                    guard !probingGenericArguments, case .generic(let name, _) = pattern.kind, case .enumeration(let e, _, _)? = globals[name] else { continue }
                    context = .enumeration(e)
                }
                let (probing, inferring) = (probingGenericArguments, inferringArguments)
                (probingGenericArguments, inferringArguments) = (probing || context != nil, true)
                let t = typed(a.value, context)
                (probingGenericArguments, inferringArguments) = (probing, inferring)
                let soft: Bool = if case .array = a.value.kind { true } else if case .dictionary = a.value.kind { true } else { false }
                bind(pattern, t.type, names, &bindings, GenericBinding(type: .any, isSoft: soft, isIntegerLiteral: t.isIntegerLiteral), a.value.range)
            }
        }
        return generics.map { bindings[$0.name]?.type ?? .any }
    }

    /// The types of the parameters `args` go to, by their labels in order (a parameter with a default may be left out);
    /// nil when they do not fit the parameters.
    static func parameterTypes(_ parameters: [Parameter], for args: [Argument]) -> [TypeRef?]? {
        var types: [TypeRef?] = [], p = 0
        for a in args {
            while p < parameters.count, parameters[p].label != a.label, parameters[p].defaultValue != nil { p += 1 }
            guard p < parameters.count, parameters[p].label == a.label else { return nil }
            types.append(parameters[p].type)
            p += 1
        }
        return parameters[p...].allSatisfy { $0.defaultValue != nil } ? types : nil
    }

    /// `M(…)` of a generic type of the program's: made as the use `specializedConstruction` picks (or `use`, written).
    func typedGenericConstruction(_ template: RecordType, _ decl: TypeDecl, declaredAt declRange: SourceRange, use: RecordType? = nil,
                                  _ args: [Argument], expected: ScriptType?, calleeRange: SourceRange, range: SourceRange) -> Typed {
        let made = use ?? specializedConstruction(template, decl, args, expected: expected, at: calleeRange)
        let node = callGlobal(.record(made, decl, range: declRange), name: template.name, args, calleeRange: calleeRange, range: range)
        return Typed(node, constructedType(node, .record(made)))   // an `init?` makes an optional
    }

    /// The types a function's body sees its parameters and result at: a generic parameter constrained only by the
    /// program's protocols (`func f<T: Shape>(_ x: T)`) is a value of their type there, as Swift sees it — it has their
    /// members and nothing else, and a member their extensions add without requiring it is reached by static dispatch.
    /// One with no constraints, or standard ones this checker knows (`T: Comparable`, `T: Numeric`), is a type of its own
    /// (`TypeParameters`). Any other stays `Any` (one that is `Equatable` too compares where a protocol's value would not).
    func typesInside(_ f: FunctionDecl, _ signature: FunctionSignature) -> (types: [ScriptType], result: ScriptType, substitutions: [String: ScriptType]) {
        var substitutions: [String: ScriptType] = [:]
        // A member of a generic type with a `where` clause of its own or its extension's (`func total() -> T where T:
        // Numeric`): the type's parameter with those constraints too, in this body (a same-type one leaves it `Any`).
        for g in genericSelf?.generics ?? [] {
            let added = f.outerRequirements.filter { $0.name == g.name }.flatMap(\.constraints)
            guard !added.isEmpty else { continue }
            substitutions[g.name] = added.contains("==") ? .any : typeInside(of: GenericParameter(name: g.name, constraints: g.constraints + added)) ?? .any
        }
        for g in f.generics { substitutions[g.name] = typeInside(of: g) }
        // In a generic type's own code its parameters stand for themselves (`withTypesInside`): `_ e: Element` is one.
        guard !substitutions.isEmpty || genericSelf != nil else { return (signature.types, signature.result, [:]) }
        return withSubstitutions(substitutions) {
            quietly {
                (zip(f.parameters, signature.types).map { p, t in p.type.map { resolveType($0) } ?? t }, f.returnType.map { resolveType($0) } ?? signature.result,
                 substitutions)
            }
        }
    }

    /// What a generic parameter is inside the code that declares it (`typesInside`): a type of its own when its
    /// constraints are none or standard ones this checker knows, a value of the program's protocols' type when they are
    /// those alone, else nil (`Any`; one that is `Equatable` too compares where a protocol's value would not).
    private func typeInside(of g: GenericParameter) -> ScriptType? {
        if !g.constraints.contains(where: protocolNames.contains), TypeParameters.models(g.constraints) {
            return .typeParameter(g.name, constraints: g.constraints)
        }
        let standard: Set<String> = ["Equatable", "Hashable", "Comparable"]
        guard !g.constraints.isEmpty && g.constraints.allSatisfy(protocolNames.contains),
              !g.constraints.contains(where: { p in standard.contains { inherits(p, $0) } }) else { return nil }
        return .existential(g.constraints.sorted().joined(separator: " & "))
    }

    /// Resolves a generic type's own code (`body`: its `init`s', methods' and computed properties' bodies) as Swift
    /// checks it: each parameter is what `typeInside` makes of it, given the constraints the declaration puts on it (in
    /// its `<…>` or its `where` clause) and, in a member's body, those of the member's `where` clause or its extension's
    /// (`FunctionDecl.outerRequirements`, `typesInside`). Its stored properties read or written through `self` have
    /// their declared types with the parameters in them (`ownFieldType`); any other value of the type is the generic
    /// type itself, whose properties are `Any`. A type that is no generic type's declaration is resolved as it is.
    func withTypesInside(_ type: RecordType, _ t: TypeDecl, _ body: () -> Void) {
        guard !t.generics.isEmpty, type.template == nil else { return body() }
        var substitutions: [String: ScriptType] = [:]
        for g in t.generics { substitutions[g.name] = typeInside(of: g) }
        var fields: [String: TypeRef] = [:]
        for case .variable(let v) in t.members.properties.map(\.kind) where v.getter == nil && type.lazyProperties[v.name] == nil {
            if let ref = v.type { fields[v.name] = ref }
        }
        let outer = genericSelf
        defer { genericSelf = outer }
        genericSelf = GenericSelf(generics: t.generics, fieldTypes: fields)
        withSubstitutions(substitutions, body)
    }

    /// The type of `self`'s stored property `name` in a generic type's own code (`withTypesInside`), read by its name or
    /// through `base` when it is `self`: its declared type, with the parameters as the code being resolved sees them. Nil
    /// anywhere else.
    func ownFieldType(_ name: String, through base: Expr? = nil) -> ScriptType? {
        if let base, case .self = base.kind {} else if base != nil { return nil }
        guard let ref = genericSelf?.fieldTypes[name] else { return nil }
        return quietly { resolveType(ref) }
    }

    /// Runs `body` with generic parameters' types `substitutions` (those of an enclosing function kept): a use of a
    /// generic type made there with one of them as an argument is the generic type itself (`specialized`).
    func withSubstitutions<T>(_ substitutions: [String: ScriptType], _ body: () -> T) -> T {
        guard !substitutions.isEmpty else { return body() }
        let outer = (typeSubstitutions, genericParameterTypes)
        typeSubstitutions.merge(substitutions) { _, new in new }
        genericParameterTypes.formUnion(substitutions.values.map(\.description))
        defer { (typeSubstitutions, genericParameterTypes) = outer }
        return body()
    }

    /// After the bodies: each use of a generic type gets the code the generic type's declaration was resolved to.
    func finishSpecializations() {
        for uses in specializations.values {
            for made in uses.values {
                guard let template = made.template else { continue }
                made.methods = template.methods
                made.computed = template.computed
                made.setters = template.setters
                made.observers = template.observers
                made.lessThan = template.lessThan
                made.equals = template.equals
                made.declaresLessThan = template.declaresLessThan
                made.superclass = template.superclass
                made.inheritedKeys = template.inheritedKeys
                made.display = template.display
                made.query = template.query
                made.deinitializer = template.deinitializer
                for i in made.fields.indices where i < template.fields.count { made.fields[i].defaultValue = template.fields[i].defaultValue }
            }
        }
        for uses in enumSpecializations.values {
            for made in uses.values {
                guard let template = made.template else { continue }
                made.methods = template.methods
                made.computed = template.computed
                made.lessThan = template.lessThan
                made.equals = template.equals
                made.declaresLessThan = template.declaresLessThan
                made.synthesizesOrder = template.synthesizesOrder
            }
        }
    }
}

extension ScriptType {
    /// Whether the two are uses of one generic type (two arrays, optionals, sets, dictionaries, or uses of one of the
    /// program's generic types).
    func sameGenericType(as other: ScriptType) -> Bool {
        switch (self, other) {
        case (.array, .array), (.optional, .optional), (.set, .set), (.dictionary, .dictionary): return true
        case (.record(let a), .record(let b)): return a.template != nil && a.root === b.root
        case (.enumeration(let a), .enumeration(let b)): return a.template != nil && a.root === b.root
        default: return false
        }
    }

    /// Whether `Any` stands anywhere in the type (`[Any]`, `Box<Any>`): what a generic parameter is to the checker.
    var mentionsAny: Bool {
        switch self {
        case .any: return true
        case .array(let e), .set(let e), .optional(let e): return e.mentionsAny
        case .dictionary(let k, let v): return k.mentionsAny || v.mentionsAny
        case .tuple(let ts, _): return ts.contains(where: \.mentionsAny)
        case .function(let ps, let r): return ps.contains(where: \.mentionsAny) || r.mentionsAny
        case .record(let r): return r.template == nil ? !r.genericParameters.isEmpty : r.typeArguments.contains(where: \.mentionsAny)
        case .enumeration(let e): return e.template == nil ? !e.genericParameters.isEmpty : e.typeArguments.contains(where: \.mentionsAny)
        default: return false
        }
    }
}

/// A generic type whose own code is being resolved (`Resolver.withTypesInside`): its parameters as declared, and its
/// stored properties' declared types.
struct GenericSelf {
    let generics: [GenericParameter]
    let fieldTypes: [String: TypeRef]
}

extension Resolver {
    /// `Result { try f() }`, `Either(left: 1)`: a generic enum made by its `init`, of the use its arguments give
    /// (`Result<Int, Error>`) or the one the context wants; the enum itself where no `init` fits.
    func typedGenericEnumConstruction(_ e: EnumType, _ decl: EnumDecl, name: String, _ args: [Argument], expected: ScriptType?,
                                      calleeRange: SourceRange, range: SourceRange) -> Typed {
        var use = e
        if case .enumeration(let wanted)? = expected?.wrapped ?? expected, wanted.root === e {
            use = wanted
        } else {
            for (_, initializer, _) in e.initializers {
                // A trailing closure is the last parameter's argument, whatever its label.
                var labelled = args
                if let last = args.last, last.label == nil, case .closure = last.value.kind, let p = initializer.parameters.last { labelled[args.count - 1].label = p.label }
                guard let patterns = Resolver.parameterTypes(initializer.parameters, for: labelled) else { continue }
                // A parameter no argument gives that must be an `Error` is `any Error` (`Result { try f() }`'s `Failure`, as
                // Swift's `init(catching:)` of `where Failure == any Error` has it).
                let inferred = zip(decl.generics, inferredArguments(decl.generics, labelled, patterns)).map { g, t in
                    t.isUnknown && g.constraints == ["Error"] ? ScriptType.error : t
                }
                use = specialized(e, inferred, at: calleeRange, written: false)
                break
            }
        }
        let node = enumConstruction(use, name: name, args, range: range)
        return Typed(node, constructedType(node, .enumeration(use)))
    }
}
