import ShortcutSyntax

/// A generic function's call: its generic parameters inferred from the arguments, as Swift infers them, so that the
/// result has a type (`larger(1, 2)` is an `Int`, `wrap("a")` a `[String]`) and arguments that disagree are Swift's
/// error. Inside the function each generic parameter is still `Any` (`Protocols`); a parameter nothing binds leaves
/// the result `Any`, as before.
extension Resolver {
    /// What one call learnt of a generic parameter: the type, and whether a literal collection gave it (`[1, 2]` may be
    /// an `[Any]` to Swift, so it gives way to any other type rather than conflict).
    struct GenericBinding {
        var type: ScriptType
        var isSoft: Bool
        /// An integer literal gave it: beside a `Double` it becomes one, as in Swift.
        var isIntegerLiteral = false
    }

    /// A call of a generic function (`entry`, chosen by `key`): its arguments typed once, and its result's type (nil where
    /// nothing bound the parameter it names). Nil for any other call.
    func genericCall(_ entry: GlobalEntry, key: String, _ args: [Argument], expected: ScriptType?,
                     calleeRange: SourceRange) -> (pretyped: [Typed], result: ScriptType?, bindings: [String: GenericBinding])? {
        guard case .function(_, let decl, _) = entry, let signature = functionSignatures[key],
              var pretyped = pretypedGenericArguments(decl, signature, args) else { return nil }
        var bindings: [String: GenericBinding] = [:]
        let result = genericResult(decl, signature, args, &pretyped, &bindings, expected: expected, calleeRange: calleeRange)
        return (pretyped, result, bindings)
    }

    /// The arguments of a call of generic `decl`, typed once for `genericResult` and the call; nil when the call is not
    /// one to infer (no generic parameter, an `inout`). A closure is typed by the parameter's type, its generic parameters
    /// `Any`, so what it returns binds the one its result names (`apply(3) { "\($0)" }` of `(T) -> U` is a `String`).
    func pretypedGenericArguments(_ decl: FunctionDecl, _ signature: FunctionSignature, _ args: [Argument]) -> [Typed]? {
        guard !decl.generics.isEmpty, signature.inouts.isEmpty else { return nil }
        let matched = Dictionary(positions(args, signature).map { ($0.0, $0.1) }, uniquingKeysWith: { a, _ in a })
        let names = Set(decl.generics.map(\.name))
        return args.indices.map { a in
            guard let p = matched[a] else { return typed(args[a].value) }
            return typedToBind(args[a].value, p < decl.parameters.count ? decl.parameters[p].type : nil, names, signature.types[p])
        }
    }

    /// An argument typed to bind the generic parameters (`names`) its parameter's written type (`ref`) names: by itself
    /// (`[1, 2]` for `[T]` is an `[Int]`, not the `[Any]` the parameter's type would make it), unless it needs a context to
    /// have a type at all, or is `nil`, or a closure (typed by the parameter's function type, so what it returns binds the
    /// parameter its result names). Any other argument by the parameter's type (`parameterType`).
    func typedToBind(_ e: Expr, _ ref: TypeRef?, _ names: Set<String>, _ parameterType: ScriptType) -> Typed {
        let isNil = if case .nil = e.kind { true } else { false }
        let isClosure = if case .closure = e.kind { true } else { false }
        if let ref, mentions(ref, names), !needsContext(e), !isNil, !isClosure { return typed(e) }
        return typed(e, parameterType)
    }

    /// Whether the type names one of the generic parameters.
    private func mentions(_ ref: TypeRef, _ names: Set<String>) -> Bool {
        switch ref.kind {
        case .named(let name): return names.contains(name)
        case .generic(_, let parts), .tuple(let parts, _): return parts.contains { mentions($0, names) }
        case .function(let parts, let result): return parts.contains { mentions($0, names) } || mentions(result, names)
        case .array(let e), .optional(let e): return mentions(e, names)
        case .dictionary(let k, let v): return mentions(k, names) || mentions(v, names)
        }
    }

    /// The result type of a call of generic `decl` with its arguments `pretyped`: each generic parameter bound from
    /// the arguments whose parameters name it, the bindings checked against each other and the parameter's
    /// constraints (swiftc's errors, at the callee), and substituted into the declared result. An integer literal
    /// bound beside a `Double` is made a `Double` in `pretyped`, as Swift types it.
    func genericResult(_ decl: FunctionDecl, _ signature: FunctionSignature, _ args: [Argument], _ pretyped: inout [Typed],
                       _ bindings: inout [String: GenericBinding], expected: ScriptType?, calleeRange: SourceRange) -> ScriptType? {
        let names = Set(decl.generics.map(\.name))
        for (a, p) in positions(args, signature) where p < decl.parameters.count {
            guard let ref = decl.parameters[p].type else { continue }
            let soft: Bool
            switch args[a].value.kind {
            case .array, .dictionary: soft = true
            default: soft = false
            }
            bind(ref, pretyped[a].type, names, &bindings, GenericBinding(type: .any, isSoft: soft, isIntegerLiteral: pretyped[a].isIntegerLiteral),
                 calleeRange)
        }
        // `let d: Dog = make()` of `func make<A: Animal>() -> A`, `let z: [Double] = zeros(3)` of `-> [T]`: the context gives
        // what no argument does.
        if let expected, !expected.isUnknown, let result = decl.returnType {
            var wanted: [String: GenericBinding] = [:]
            quietly { bind(result, expected, names, &wanted, GenericBinding(type: .any, isSoft: false), calleeRange) }
            for (name, binding) in wanted where bindings[name] == nil { bindings[name] = binding }
        }
        // `let d: Double = larger(1, 2)`: integer literals alone bound it, and the context wants a Double there.
        if let expected, let result = decl.returnType {
            for (name, binding) in bindings where binding.isIntegerLiteral && binding.type.isInt {
                var asDouble = bindings
                asDouble[name]?.type = .double
                if substituted(result, names, bindings).map({ !$0.agrees(with: expected) }) ?? false,
                   substituted(result, names, asDouble).map({ $0.agrees(with: expected) }) ?? false {
                    bindings = asDouble
                }
            }
        }
        for (a, p) in positions(args, signature) where p < decl.parameters.count && pretyped[a].isIntegerLiteral {
            if case .named(let name)? = decl.parameters[p].type?.kind, bindings[name]?.type.isDouble == true {
                pretyped[a] = Typed(fit(pretyped[a], to: .double, site: .argument, at: args[a].value.range), .double)
            }
        }
        for g in decl.generics {
            guard let type = bindings[g.name]?.type else { continue }
            for constraint in g.constraints where !conforms(type, to: constraint) {
                error(.genericRequirement(callee: "global function '\(Resolver.messageName(decl.name, decl.parameters.map(\.label)))'", type: nonconformingPart(type, constraint).description,
                                          requirement: constraint), at: calleeRange)
            }
        }
        checkSameTypeRequirements(decl, args, signature, bindings, calleeRange: calleeRange)
        guard let result = decl.returnType else { return nil }
        // `let x = make()` of `func make<T>() -> T?`: a parameter only the result names, with no context to give it.
        if expected == nil, let g = decl.generics.first(where: { g in
            Resolver.mentions(result, g.name) && !decl.parameters.contains { $0.type.map { Resolver.mentions($0, g.name) } ?? false }
        }) {
            error(.genericParameterNotInferred(g.name), at: calleeRange)
        }
        return substituted(result, names, bindings)
    }

    /// A call of a generic function whose result is made in its body with the parameters unknown there (any value), as
    /// the types the call bound (`bound`) when it runs. A bare parameter bound to `Double` is made a `Double`
    /// (`sum([Double]())` of `func sum<T: Numeric>(_ xs: [T]) -> T { xs.reduce(0, +) }`: the body's literal `0` is an `Int`
    /// there, Swift's `0.0`); a struct of a generic type is `retypedGenericResult` (`make(2.5)` of `-> Box<T>` making
    /// `Box(v: 0)`: `Box<Double>(v: 0.0)`, as Swift's is). `call` is typed by the declaration.
    func boundGenericResult(_ call: Typed, as bound: ScriptType?, _ entry: GlobalEntry, range: SourceRange) -> Node {
        guard let bound, case .function(_, let decl, _) = entry, let ref = decl.returnType,
              decl.generics.contains(where: { Resolver.mentions(ref, $0.name) }) else { return call.node }
        switch (bound, ref.kind) {
        case (.double, .named): return .callBuiltin(.double, [call.node], [nil], range)
        case (.record(let use), .generic): return retypedGenericResult(call, as: use, range: range)?.node ?? call.node
        default: return call.node
        }
    }

    /// A generic method's result with its own parameters bound by the call's arguments, as a generic function's is
    /// (`box.map { "\($0)" }` of `map<U>(_ f: (T) -> U) -> Box<U>` is a `Box<String>`), and `known` (an extension's
    /// `Element`) put in; nil where it names none of them, or nothing binds them. `given`: the bindings, already found.
    func genericMethodResult(_ signature: FunctionSignature, _ args: [Argument], known: [String: ScriptType] = [:],
                             given: [String: GenericBinding]? = nil) -> ScriptType? {
        guard let result = signature.resultRef else { return nil }
        let names = Set(signature.generics.map(\.name)).union(known.keys)
        guard names.contains(where: { Resolver.mentions(result, $0) }), let bindings = given ?? methodBindings(signature, args, known: known) else { return nil }
        return substituted(result, names, bindings)
    }

    /// What a call of a method gives its own generic parameters, with `known` (an extension's `Element`): its arguments
    /// typed quietly, as a generic function's are (`typedToBind`). Nil inside such a look (`probingGenericArguments`): calls
    /// there take their declared results, so nested generic calls are looked at twice each, not twice per level of nesting.
    func methodBindings(_ signature: FunctionSignature, _ args: [Argument], known: [String: ScriptType] = [:]) -> [String: GenericBinding]? {
        guard !probingGenericArguments else { return nil }
        var bindings = known.mapValues { GenericBinding(type: $0, isSoft: false) }
        guard !signature.generics.isEmpty else { return bindings }
        let names = Set(signature.generics.map(\.name)).union(known.keys)
        probingGenericArguments = true
        defer { probingGenericArguments = false }
        quietly {
            for (a, p) in positions(args, signature) where p < signature.parameterRefs.count {
                guard let ref = signature.parameterRefs[p], signature.generics.contains(where: { Resolver.mentions(ref, $0.name) }) else { continue }
                let t = typedToBind(args[a].value, ref, names, signature.types[p])
                bind(ref, t.type, names, &bindings, GenericBinding(type: .any, isSoft: false, isIntegerLiteral: t.isIntegerLiteral), args[a].value.range)
            }
        }
        return bindings
    }

    /// Binds the generic parameters `pattern` names to what `type` has in their places.
    func bind(_ pattern: TypeRef, _ type: ScriptType, _ names: Set<String>, _ bindings: inout [String: GenericBinding],
                      _ from: GenericBinding, _ at: SourceRange) {
        switch (pattern.kind, type) {
        case (.named(let name), _) where names.contains(name):
            guard !type.isUnknown, !type.isNil else { return }
            var new = from
            new.type = type
            guard let old = bindings[name] else { bindings[name] = new; return }
            bindings[name] = joined(name, old, new, at)
        case (.optional(let inner), .optional(let wrapped)): bind(inner, wrapped, names, &bindings, from, at)
        case (.optional(let inner), _): bind(inner, type, names, &bindings, from, at)
        case (.array(let e), .array(let t)):
            bind(e, t, names, &bindings, GenericBinding(type: .any, isSoft: from.isSoft), at)
        case (.generic(let name, let parameters), .set(let t)) where name == "Set" && parameters.count == 1:
            bind(parameters[0], t, names, &bindings, GenericBinding(type: .any, isSoft: from.isSoft), at)
        case (.dictionary(let k, let v), .dictionary(let kt, let vt)):
            bind(k, kt, names, &bindings, GenericBinding(type: .any, isSoft: from.isSoft), at)
            bind(v, vt, names, &bindings, GenericBinding(type: .any, isSoft: from.isSoft), at)
        case (.function(let ps, let r), .function(let tps, let tr)):
            // `apply(3) { "\($0)" }` of `(T) -> U`: a closure's result binds `U`, its parameters what they name.
            for (p, t) in zip(ps, tps) where ps.count == tps.count { bind(p, t, names, &bindings, GenericBinding(type: .any, isSoft: from.isSoft), at) }
            bind(r, tr, names, &bindings, GenericBinding(type: .any, isSoft: from.isSoft), at)
        case (.generic(let name, let ps), .enumeration(let e)) where e.root.name == name && e.typeArguments.count == ps.count:
            for (p, t) in zip(ps, e.typeArguments) { bind(p, t, names, &bindings, GenericBinding(type: .any, isSoft: from.isSoft), at) }   // `Tree<T>`
        case (.generic(let name, let ps), .record(let r)) where r.root.name == name && r.typeArguments.count == ps.count:
            for (p, t) in zip(ps, r.typeArguments) { bind(p, t, names, &bindings, GenericBinding(type: .any, isSoft: from.isSoft), at) }   // `Box<T>`
        case (.tuple(let ps, _), .tuple(let ts, _)) where ps.count == ts.count:
            for (p, t) in zip(ps, ts) { bind(p, t, names, &bindings, GenericBinding(type: .any, isSoft: from.isSoft), at) }
        default:
            return
        }
    }

    /// Two bindings of one generic parameter: the same type, a type and its optional, an integer literal beside a
    /// `Double`, or a literal collection's beside anything are one; anything else is swiftc's "conflicting arguments".
    private func joined(_ name: String, _ old: GenericBinding, _ new: GenericBinding, _ at: SourceRange) -> GenericBinding {
        let (a, b) = (old.type, new.type)
        if a.agrees(with: b) { var kept = old; kept.isIntegerLiteral = old.isIntegerLiteral && new.isIntegerLiteral; return kept }
        if case .optional(let w) = a, w.agrees(with: b) { return old }
        if case .optional(let w) = b, w.agrees(with: a) { return new }
        if a.isInt, b.isDouble, old.isIntegerLiteral { return new }
        if a.isDouble, b.isInt, new.isIntegerLiteral { return old }
        if old.isSoft || new.isSoft || !a.isDefinite || !b.isDefinite { return GenericBinding(type: .any, isSoft: true) }
        error(.conflictingGenericArguments(parameter: name, first: a.description, second: b.description), at: at)
        return GenericBinding(type: .any, isSoft: true)
    }

    /// Whether `type` meets a generic parameter's constraint, as far as this checker knows: the standard protocols
    /// the program's types and the built-in ones can have, and the program's own protocols on its types and, through
    /// extensions, on the standard ones. What it cannot tell (a protocol it does not know) passes.
    func conforms(_ type: ScriptType, to constraint: String) -> Bool {
        if Resolver.judgedStandardProtocols.contains(constraint) { return conformsToStandard(type, constraint) }
        // A generic parameter of the function the call is in has its own constraints and what they refine, no more.
        if case .typeParameter = type { return type.typeParameterHas(constraint) || TypeParameters.refinements[constraint] == nil && !protocolNames.contains(constraint) }
        switch constraint {
        case "Numeric", "AdditiveArithmetic", "SignedNumeric":
            switch type {
            case .string, .character, .substring, .bool, .array, .set, .dictionary, .optional, .tuple, .date: return false
            default: return true
            }
        case "BinaryInteger", "FixedWidthInteger", "SignedInteger":
            switch type {
            case .double, .string, .bool, .array, .set, .dictionary, .optional, .tuple, .date: return false
            default: return true
            }
        case "StringProtocol":
            switch type {
            case .int, .double, .bool, .array, .set, .dictionary, .optional, .tuple, .date: return false
            default: return true
            }
        default:
            guard protocolNames.contains(constraint) else { return true }
            switch type {
            case .record, .enumeration, .int, .double, .string, .bool, .date, .uuid, .array, .dictionary, .set: return adopts(type, constraint)
            default: return true
            }
        }
    }

    /// How swiftc's messages name a function: with `()` when it has no parameters (`total()`), by its name alone when no
    /// parameter has a label (`h`), else by its full name (`f(_:to:)`).
    static func messageName(_ name: String, _ labels: [String?]) -> String {
        let labels = labels.filter { !GenericMetatypes.isHidden($0) }   // a type a call passes (`GenericMetatypes`) is not written
        return labels.isEmpty ? "\(name)()" : labels.allSatisfy { $0 == nil } ? name : compoundName(name, labels)
    }

    /// A generic method's arguments meet its parameters' constraints (`U().tag(3)` for `func tag<T: Labelled>(_ x: T)`),
    /// as swiftc requires; an argument that needs a context to have a type (a closure, `nil`) is not judged. The receiver's
    /// type arguments meet its `where` clause (`checkReceiverRequirements`).
    func checkGenericRequirements(_ signature: FunctionSignature, method: String, _ args: [Argument], on receiver: ScriptType, at nameRange: SourceRange) {
        checkReceiverRequirements(signature, of: receiver, method: method, at: nameRange)
        guard !signature.constrained.isEmpty else { return }
        for (a, p) in positions(args, signature) {
            guard let constraints = signature.constrained[p], !needsContext(args[a].value) else { continue }
            if case .nil = args[a].value.kind { continue }
            let type = quietly { typed(args[a].value).type }
            for constraint in constraints where !type.isUnknown && !conforms(type, to: constraint) {
                error(.genericRequirement(callee: "instance method '\(Resolver.messageName(method, signature.labels))'", type: nonconformingPart(type, constraint).description, requirement: constraint),
                      at: nameRange)
            }
        }
    }

    /// A method of a generic type under a `where` clause, called on a value whose type arguments do not meet it
    /// (`Box<String>` and `extension Box where T: Numeric`): swiftc's "referencing instance method 'doubled()' on 'Box'
    /// requires that 'String' conform to 'Numeric'". A same-type requirement (`==`) is left to the body.
    func checkReceiverRequirements(_ signature: FunctionSignature, of receiver: ScriptType, method: String, at nameRange: SourceRange) {
        guard !signature.receiverRequirements.isEmpty, case .record(let r) = receiver, r.template != nil else { return }
        for g in signature.receiverRequirements where !g.constraints.contains("==") {
            guard let i = r.root.genericParameters.firstIndex(of: g.name), i < r.typeArguments.count else { continue }
            let type = r.typeArguments[i]
            for constraint in g.constraints where !type.isUnknown && !type.mentionsAny && !conforms(type, to: constraint) {
                error(.genericRequirement(callee: "referencing instance method '\(Resolver.messageName(method, signature.labels))' on '\(r.root.name)'",
                                          type: nonconformingPart(type, constraint).description, requirement: constraint), at: nameRange)
            }
        }
    }

    /// The declared result with the bound generic parameters put in; nil when it names one nothing bound.
    func substituted(_ ref: TypeRef, _ names: Set<String>, _ bindings: [String: GenericBinding]) -> ScriptType? {
        switch ref.kind {
        case .named(let name) where names.contains(name):
            guard let type = bindings[name]?.type, !type.isUnknown else { return nil }
            return type
        case .named(let name) where name.contains(".") && names.contains(String(name.prefix { $0 != "." })):
            // `T.Item` of a bound `T`: the type's associated type (`Resolver+AssociatedTypes`).
            guard let type = bindings[String(name.prefix { $0 != "." })]?.type, !type.isUnknown else { return nil }
            return associatedType(String(name.drop { $0 != "." }.dropFirst()), of: type)
        case .optional(let inner): return substituted(inner, names, bindings).map { .optional($0) }
        case .array(let inner): return substituted(inner, names, bindings).map { .array($0) }
        case .dictionary(let k, let v):
            guard let kt = substituted(k, names, bindings), let vt = substituted(v, names, bindings) else { return nil }
            return .dictionary(kt, vt)
        case .tuple(let elements, let labels):
            let types = elements.compactMap { substituted($0, names, bindings) }
            return types.count == elements.count ? .tuple(types, labels: labels) : nil
        case .function(let parameters, let result):   // `-> (A) -> C`
            let types = parameters.compactMap { substituted($0, names, bindings) }
            guard types.count == parameters.count, let r = substituted(result, names, bindings) else { return nil }
            return .function(zip(parameters, types).map { $0.isInout ? .inoutParameter($1) : $1 }, r)
        case .generic("Set", let arguments) where arguments.count == 1 && isUndeclared("Set"):   // `-> Set<T>`
            return substituted(arguments[0], names, bindings).map { .set($0) }
        case .generic(let name, let arguments):
            // `-> Box<T>`, `-> Result<T, Error>`: the program's generic type (or the prelude's) with the bound arguments.
            let types = arguments.compactMap { substituted($0, names, bindings) }
            guard types.count == arguments.count else { return resolveType(ref) }
            switch globals[name] {
            case .record(let r, let decl, _)? where decl.generics.count == types.count:
                return .record(specialized(r, types, at: ref.range, written: false))
            case .enumeration(let e, let decl, _)? where decl.generics.count == types.count:
                return .enumeration(specialized(e, types, at: ref.range, written: false))
            default: return resolveType(ref)
            }
        default:
            return resolveType(ref)
        }
    }
}

extension ScriptType {
    var isInt: Bool { if case .int = self { true } else { false } }
    var isDouble: Bool { if case .double = self { true } else { false } }
    /// `nil`'s own type (an optional of nothing known).
    var isNil: Bool { if case .optional(.any) = self { true } else { false } }

    /// A type two arguments cannot both have as one generic parameter unless it is the same: no class (a class and its
    /// superclass join), no part unknown.
    var isDefinite: Bool {
        switch self {
        case .int, .double, .string, .bool, .date, .uuid, .enumeration, .range, .stringIndex: return true
        case .record(let r): return !r.isReference
        case .array(let e), .set(let e), .optional(let e): return e.isDefinite
        case .dictionary(let k, let v): return k.isDefinite && v.isDefinite
        default: return false
        }
    }
}

extension Resolver {
    func unknownName(_ name: String, at range: SourceRange) {
        // A declared operator no function implements (`prefix~~`): named by its spelling, as swiftc names it.
        if CustomOperators.isOperatorFunction(name) {
            return error(.unknownOperator(CustomOperators.spelling(ofFunction: name)), at: range)
        }
        // SwiftData's container and queries: a device's database, which the app's store classes stand for here.
        if ["ModelContainer", "ModelContext", "FetchDescriptor", "SortDescriptor", "ModelConfiguration"].contains(name) {
            return error(.unknownName(name, suggestion: nil), at: range,
                         notes: ["SwiftData is not here: keep the app's data in a store class ('static let shared'), which is saved between runs"])
        }
        // `T.zero` where no type is passed for `T` (a property's default, a method's own generic parameter): Swift's metatype,
        // which a generic parameter is not there (`GenericMetatypes`, `typedGenericSelfTypeMember`).
        if typeSubstitutions[name] != nil || functionGenerics.contains(name) {
            return error(.unknownName(name, suggestion: nil), at: range,
                         notes: ["a generic parameter is a value here in a top-level or static generic function, a generic type's methods and initialisers, or where the function takes it as one ('_ type: \(name).Type')"])
        }
        error(.unknownName(name, suggestion: closestMatch(to: name, in: visibleNames())), at: range)
    }
}
