import ShortcutSyntax

/// What a type gives a protocol's associated type, as Swift infers it: `C.Item` of a generic parameter bound to a type
/// that conforms, in a generic function's result; and `where S.Element == Int` held to the arguments.
extension Resolver {
    /// The type `type` gives associated type `name`: an element of a standard collection (`Element`), or, for a type of
    /// the program's, what its members put where a protocol it adopts names the associated type (`var items: [Item]`
    /// met by `var items: [Int]` is an `Int`). Nil where nothing says.
    func associatedType(_ name: String, of type: ScriptType) -> ScriptType? {
        switch (type, name) {
        case (.array(let e), "Element"), (.set(let e), "Element"): return e
        case (.dictionary(let k, let v), "Element"): return .tuple([k, v], labels: ["key", "value"])
        case (.string, "Element"), (.substring, "Element"): return .character
        case (.range, "Element"), (.range, "Bound"): return .int
        default: break
        }
        var bindings: [String: GenericBinding] = [:]
        for p in Resolver.adoptedProtocols(of: type).sorted() {
            guard let decl = protocols[p], decl.associatedTypes.contains(name) else { continue }
            for r in decl.requirements where !r.isStatic {
                let pattern: TypeRef?, given: ScriptType?
                if r.kind == "property" {
                    (pattern, given) = (r.type, quietly { memberType(type, r.name) })
                } else {
                    (pattern, given) = (r.function?.returnType, declaredMembers(of: type)?.methods[r.name]?.result)
                }
                guard let pattern, let given, !given.isUnknown else { continue }
                quietly { bind(pattern, given, [name], &bindings, GenericBinding(type: .any, isSoft: false), pattern.range) }
            }
        }
        return bindings[name]?.type
    }

    /// The associated types of the protocols `type` adopts that a method's declared result names where it is unknown
    /// (`func first() -> Item?` of a protocol's extension), each as `type` gives it (`associatedType`).
    func associatedTypes(of type: ScriptType, in signature: FunctionSignature) -> [String: ScriptType] {
        guard let result = signature.resultRef, signature.result.mentionsAny else { return [:] }
        return associatedTypes(of: type, namedIn: result)
    }

    /// A computed property's type (`declared`, resolved where it was written) on `type`: with the associated types its
    /// written type (`ref`) names as `type` gives them (`var firstItem: Item?` of a protocol's extension, on a type whose
    /// `items` are `[Int]`, is an `Int?`). A property asked for while its own type is being found stays as declared.
    func givingAssociatedTypes(_ declared: ScriptType, _ ref: TypeRef?, of type: ScriptType, _ name: String) -> ScriptType {
        guard let ref, declared.mentionsAny, !Resolver.adoptedProtocols(of: type).isEmpty, !propertiesGivingAssociatedTypes.contains(name) else { return declared }
        propertiesGivingAssociatedTypes.insert(name)
        defer { propertiesGivingAssociatedTypes.remove(name) }
        let known = associatedTypes(of: type, namedIn: ref)
        guard !known.isEmpty else { return declared }
        return substituted(ref, Set(known.keys), known.mapValues { GenericBinding(type: $0, isSoft: false) }) ?? declared
    }

    /// The associated types of the protocols `type` adopts that `ref` names, each as `type` gives it.
    private func associatedTypes(of type: ScriptType, namedIn result: TypeRef) -> [String: ScriptType] {
        var known: [String: ScriptType] = [:]
        for p in Resolver.adoptedProtocols(of: type) {
            for name in protocols[p]?.associatedTypes ?? [] where known[name] == nil && Resolver.mentions(result, name) {
                if let given = associatedType(name, of: type), !given.isUnknown { known[name] = given }
            }
        }
        return known
    }

    /// The protocols a type of the program's says it adopts; none for any other type.
    static func adoptedProtocols(of type: ScriptType) -> Set<String> {
        switch type {
        case .record(let r): r.protocols
        case .enumeration(let e): e.protocols
        default: []
        }
    }

    /// `where S.Element == Int` met by the bound arguments: the associated type the bound type gives is the one named,
    /// else swiftc's error — at an array literal's first element ("cannot convert … to expected element type"), or at
    /// the callee ("requires the types … be equivalent").
    func checkSameTypeRequirements(_ decl: FunctionDecl, _ args: [Argument], _ signature: FunctionSignature,
                                   _ bindings: [String: GenericBinding], calleeRange: SourceRange) {
        for r in decl.sameTypeRequirements {
            guard let bound = bindings[r.parameter]?.type, !bound.isUnknown, let actual = associatedType(r.associated, of: bound),
                  !actual.isUnknown else { continue }
            let wanted = resolveType(r.type)
            guard !wanted.isUnknown, !actual.agrees(with: wanted) else { continue }
            let literal = positions(args, signature).lazy.compactMap { a, p -> Expr? in
                guard p < decl.parameters.count, decl.parameters[p].type.map({ Resolver.mentions($0, r.parameter) }) == true,
                      case .array(let elements) = args[a].value.kind else { return nil }
                return elements.first
            }.first
            if let literal {
                error(.cannotConvert(actual: actual.description, expected: wanted.description, site: .element), at: literal.range)
            } else {
                error(.sameTypeRequirement(callee: "global function '\(Resolver.messageName(decl.name, decl.parameters.map(\.label)))'",
                                           actual.description, wanted.description), at: calleeRange)
            }
        }
    }
}
