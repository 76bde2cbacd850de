import ShortcutSyntax

/// `static let`, `static var` and `static func` of structs and enums (SPEC §3.2).
/// A static property is a global variable and a static function a global function,
/// each under the key `Type.name`; inside a static function, bare names find the
/// type's other statics first, as in Swift.
extension Resolver {
    static func staticKey(_ type: String, _ name: String) -> String { "\(type).\(name)" }

    /// An intent's statics of its own (`static var choices: [IntentChoiceOption] { … }`), without what a device reads
    /// off it (`PredictableIntent`'s `predictionConfiguration`), which means nothing here.
    static func intentStatics(_ members: Members) -> Members {
        var members = members
        members.staticFunctions.removeAll { $0.name == "predictionConfiguration" }
        members.staticProperties.removeAll { if case .variable(let v) = $0.kind { v.name == "predictionConfiguration" } else { false } }
        return members
    }

    /// The units with a `@main` type's `main()` as the main file's code (`MainEntry`) and each top-level computed variable
    /// a function that a read of its name calls, as a static computed property is, or the property of a hidden class's
    /// instance (`ComputedGlobals`).
    func entriesAndGetters(_ units: [SourceUnit]) -> [SourceUnit] {
        let (lowered, getters, boxed) = ComputedGlobals.lowered(GenericMetatypes.lowered(MainEntry.lowered(units)))
        staticGetterKeys.formUnion(getters)
        boxedGlobals.merge(boxed) { _, new in new }
        return lowered
    }

    /// The types with each static property that has observers or a setter holding an instance of a hidden class
    /// (`ComputedGlobals.boxedStatics`), read and changed as that instance's property.
    func boxedStatics(_ units: [SourceUnit]) -> [SourceUnit] {
        let (lowered, keys, owners) = ComputedGlobals.boxedStatics(units)
        boxedGlobals.merge(keys) { _, new in new }
        boxOwners.merge(owners) { _, new in new }
        return lowered
    }

    /// The type of each variable with observers or a setter: its hidden class's property's, once types are complete.
    func typeBoxedGlobals() {
        for (key, property) in boxedGlobals {
            guard let box = program.records[ComputedGlobals.boxName(key)] else { continue }
            globalTypes[key] = memberType(.record(box), property) ?? .any
        }
    }

    /// Pass 1: every static gets its global slot.
    func declareStatics(of type: String, _ members: Members) {
        for p in members.staticProperties {
            guard case .variable(let v) = p.kind else { continue }
            rejectsObservers(v, in: "a static property")
            let key = Resolver.staticKey(type, v.name)
            register(key, .variable(slot: globalSlot(for: key), isConstant: v.isConstant, range: v.nameRange))
            declaredGlobals.insert(key)
            declareLazyStatic(v, key: key)
        }
        for (d, f, key) in staticFunctions(of: type, members) {
            if members.staticGetters.contains(f.name) { staticGetterKeys.insert(key) }
            if f.name == "<" {
                program.records[type]?.declaresLessThan = true
                program.enums[type]?.declaresLessThan = true
            }
            register(key, .function(slot: globalSlot(for: key), decl: f, range: d.nameRange))
            if functionCodes[key] == nil || allowsRedefinition {
                let code = FunctionCode(declaring: "\(type).\(functionSignature(f))", range: d.nameRange)
                functionCodes[key] = code
                program.declaredFunctions.append(code)
            }
        }
    }

    /// A type's static functions with their global keys: `Type.name`, and for the second and later operators of one
    /// name (`static func * (v: V, k: Double)`, `static func * (k: Double, v: V)`) `Type.*#1`, `Type.*#2`… — the
    /// overloads `userOperatorKey` chooses among by the operands' types.
    func staticFunctions(of type: String, _ members: Members) -> [(decl: Decl, function: FunctionDecl, key: String)] {
        var seen: [String: Int] = [:]
        return members.staticFunctions.compactMap { d in
            guard case .function(let f) = d.kind else { return nil }
            let key = Resolver.staticKey(type, f.name)
            guard Parser.overloadableOperators.contains(f.name) || f.name.hasPrefix("prefix") && f.name.count > 6 else { return (d, f, key) }
            let number = seen[key, default: 0]
            seen[key] = number + 1
            return (d, f, number == 0 ? key : "\(key)#\(number)")
        }
    }

    /// Pass 1b: their types, from annotations and literal defaults.
    func completeStatics(of type: String, _ members: Members) {
        let saved = staticOwner
        staticOwner = type
        defer { staticOwner = saved }
        for p in members.staticProperties {
            guard case .variable(let v) = p.kind else { continue }
            globalTypes[Resolver.staticKey(type, v.name)] = v.type.map { resolveType($0) } ?? v.initializer.flatMap { literalType($0) } ?? .any
        }
        for (_, f, key) in staticFunctions(of: type, members) {
            functionSignatures[key] = signature(of: f)
        }
    }

    /// Pass 2: the functions' bodies, and the code that gives the properties their values before anything runs.
    func resolveStatics(of type: String, _ members: Members) {
        for (d, f, key) in staticFunctions(of: type, members) {
            guard case .function(let slot, _, _)? = globals[key], let code = functionCodes[key], !code.isComplete else { continue }
            let saved = staticOwner
            staticOwner = type
            defer { staticOwner = saved }
            resolveFunction(f, name: code.name, selfKind: nil, range: d.nameRange, completing: code, signature: functionSignatures[key])
            program.functionSlots.append((slot, code))
            if f.name == "<" {
                program.records[type]?.lessThan = code
                program.enums[type]?.lessThan = code
            }
            if f.name == "==" {
                program.records[type]?.equals = code
                program.enums[type]?.equals = code
            }
        }
        let properties = members.staticProperties.compactMap { p -> (VarDecl, SourceRange)? in
            guard case .variable(let v) = p.kind, v.initializer != nil else { return nil }
            let key = Resolver.staticKey(type, v.name)
            guard lazyStatics[key] == nil else {
                resolveLazyStatic(v, key: key, owner: type, range: p.range)
                return nil
            }
            return (v, p.range)
        }
        guard !properties.isEmpty else { return }
        let saved = staticOwner
        staticOwner = type
        defer { staticOwner = saved }
        let (layout, statements, _) = withFunction(kind: .function, name: "\(type) statics", selfKind: nil, parameters: [],
                                                   scanning: properties.compactMap { $0.0.initializer.map { Stmt(.expression($0), $0.range) } }) {
            properties.compactMap { v, range -> Statement? in
                let key = Resolver.staticKey(type, v.name)
                guard let initializer = v.initializer, case .variable(let slot, _, _)? = globals[key] else { return nil }
                return .initGlobal(slot, staticInitialValue(initializer, key: key), nil, name: key, range)
            }
        }
        program.importedInitializers.append(FunctionCode(name: "\(type) statics", parameterLabels: [], parameterChecks: [], defaults: [],
                                                         returnCheck: nil, hasSelf: false, isMutating: false, captureSlots: layout.captureSlots,
                                                         frameSize: layout.frameSize, body: statements, range: properties[0].1,
                                                         codeOptions: codeOptions))
    }

    /// `Type.name` when it names a static: its global key.
    func staticKey(_ base: Expr, _ name: String) -> String? {
        // A framework type's static that an extension added (`Logger.intents`) is the program's too.
        guard case .identifier(let type) = base.kind,
              isTypeName(type) || isUndeclared(type) && globals[Resolver.staticKey(type, name)] != nil else { return nil }
        return inheritedStaticKey(type, name)
    }

    /// A bare name inside a static function that names another static of its type.
    func bareStaticKey(_ name: String) -> String? {
        guard let owner = staticOwner else { return nil }
        return inheritedStaticKey(owner, name)
    }

    /// The static of this name of the type, or of the nearest superclass that has one (a class's statics are its
    /// subclasses' too, as in Swift).
    /// A type's static members as its own code sees them; a class's with the static functions it inherits that depend on
    /// the class they are called on — that name `Self` or `self`, or a class member the class or a superclass overrides
    /// (`class func make() -> Self { Self() }`, `sides * 2`): each is the class's own too (`Child.make`), resolved with
    /// `Self`, `self` and its class members the class's, so `Child.make()` makes a `Child`, as Swift's code does, run with
    /// the metatype it was called on. At most `Limits.inheritedStaticFunctions` a class (past them, the declaring
    /// class's); not a generic class's.
    func staticMembers(of t: TypeDecl) -> Members {
        guard t.kind == .class, t.generics.isEmpty, var ancestor = t.superclass else { return t.members }
        var chain: [TypeDecl] = []
        var seen: Set<String> = [t.name]
        while seen.insert(ancestor).inserted, let decl = classDecls[ancestor], decl.generics.isEmpty {
            chain.append(decl)
            guard let next = decl.superclass else { break }
            ancestor = next
        }
        let overridden = Set(([t] + chain).flatMap { $0.staticOverrides.keys })
        var members = t.members
        var named = Set(members.staticFunctions.compactMap { d -> String? in if case .function(let f) = d.kind { f.name } else { nil } })
        var copied = 0
        for decl in chain {
            for d in decl.members.staticFunctions where copied < Limits.inheritedStaticFunctions {
                guard case .function(let f) = d.kind, !named.contains(f.name),
                      Resolver.dependsOnItsClass(sourceText(f.body.range), overridden: overridden) else { continue }
                members.staticFunctions.append(d)
                named.insert(f.name)
                if decl.members.staticGetters.contains(f.name) { members.staticGetters.insert(f.name) }
                copied += 1
            }
        }
        return members
    }

    /// Whether a static function's code names `Self`, `self` or one of the `overridden` class members (as words).
    static func dependsOnItsClass(_ text: String, overridden: Set<String>) -> Bool {
        text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.contains { $0 == "Self" || $0 == "self" || overridden.contains(String($0)) }
    }

    func inheritedStaticKey(_ type: String, _ name: String) -> String? {
        var owner: String? = type
        var seen: Set<String> = []
        while let o = owner, seen.insert(o).inserted {
            let key = Resolver.staticKey(o, name)
            if globals[key] != nil { return key }
            owner = classDecls[o]?.superclass
        }
        return nil
    }
}

extension Resolver {
    /// The static members the standard library's types have here (`Int.max`, `Double.pi`), with their types: any
    /// other (but `self`) is an error. `NumberStatics.values` gives the numbers' values.
    static func builtinStatics(of typeName: String) -> [String: ScriptType]? {
        switch typeName {
        case "Int": return NumberStatics.values[.int]?.mapValues { _ in ScriptType.int }
        case "Double": return NumberStatics.values[.double]?.mapValues { _ in ScriptType.double }
        case "Date": return ["now": .date]
        case "String", "Bool": return [:]
        default: return nil
        }
    }

    /// `Type.name`: an enum case, `allCases`, a store's `shared`, `Date.now`.
    func staticMemberType(_ typeName: String, _ name: String) -> ScriptType {
        switch globals[typeName] {
        case .enumeration(let e, _, _)?:
            if e.lookup(name) != nil { return .enumeration(e) }
            if name == "allCases" { return .array(.enumeration(e)) }
            return .any
        case .record(let r, _, _)? where r.kind == .store:
            return name == "shared" ? .record(r) : .any
        default:
            return Resolver.builtinStatics(of: typeName)?[name] ?? .any
        }
    }
}
