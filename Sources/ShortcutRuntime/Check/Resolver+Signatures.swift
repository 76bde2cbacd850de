import ShortcutSyntax

/// What a call needs to know of a function before its body is resolved.
struct FunctionSignature {
    var labels: [String?]
    var types: [ScriptType]
    var hasDefault: [Bool]
    var result: ScriptType
    var isMutating = false
    /// The positions of its `inout` parameters: a call passes those with `&` and writes them back (`inoutCall`).
    var inouts: Set<Int> = []
    /// Declared `throws`: a call must be marked with `try` (`Resolver.requireMarks`).
    var isThrowing = false
    /// Declared `rethrows`: a call throws only when a closure or function it is given does.
    var isRethrowing = false
    /// `throws(BankError)`: the one type of error it throws; nil for any error.
    var thrownType: ScriptType?
    /// The positions of its `@autoclosure` parameters: a call passes each argument wrapped in a closure (`matchPositional`).
    var autoclosures: Set<Int> = []
    /// The positions of its `@escaping` parameters: a closure given to one is kept (`Resolver+Escaping`).
    var escaping: Set<Int> = []
    /// Declared `async`: a call must be marked with `await`, in code that may wait (`Resolver.requireAwait`).
    var isAsync = false
    /// A method's parameters whose type is one of its generic parameters with constraints (`func tag<T: Labelled>(_ x: T)`),
    /// by position: an argument must meet them (`Resolver.checkGenericRequirements`).
    var constrained: [Int: [String]] = [:]
    /// The position of its variadic parameter (`_ xs: Int...`, an array inside): a call's arguments for it are packed
    /// into one array (`Resolver.packedVariadic`).
    var variadic: Int?
    /// Declared `-> Self`: a call's result is of the receiver's type (a subclass's for a subclass's instance).
    var returnsSelf = false
    /// A generic method's own parameters (`func map<U>(_ f: (T) -> U) -> Box<U>`), with its parameters' and result's types
    /// as written: what a call binds them to gives the result (`Resolver.genericMethodResult`).
    var generics: [GenericParameter] = [], parameterRefs: [TypeRef?] = [], resultRef: TypeRef?
    /// A member of a generic type declared under a `where` clause (`extension Box where T: Numeric`): what the receiver's
    /// type arguments must meet (`Resolver.checkReceiverRequirements`).
    var receiverRequirements: [GenericParameter] = []

    /// The function's type as a value has: without the types a call passes (`GenericMetatypes`), which a call through the
    /// value leaves to their defaults.
    var type: ScriptType {
        .function(types.indices.filter { $0 >= labels.count || !GenericMetatypes.isHidden(labels[$0]) }.map { inouts.contains($0) ? .inoutParameter(types[$0]) : types[$0] }, result)
    }

    /// What a call of a function value of this type needs to know: unlabelled parameters, its `inout` ones marked.
    static func value(_ parameters: [ScriptType], _ result: ScriptType) -> FunctionSignature {
        var signature = FunctionSignature(labels: parameters.map { _ in nil }, types: parameters.map(\.withoutInout),
                                          hasDefault: parameters.map { _ in false }, result: result)
        signature.inouts = Set(parameters.indices.filter { parameters[$0].isInoutParameter })
        return signature
    }

    /// A function that throws only what the closures it is given throw: the standard library's methods that take one.
    static var rethrowing: FunctionSignature { FunctionSignature(labels: [], types: [], hasDefault: [], result: .any, isThrowing: true, isRethrowing: true) }

    /// A computed property's getter: no parameters, its type the result (unknown when not given).
    static func property(_ type: ScriptType?) -> FunctionSignature {
        FunctionSignature(labels: [], types: [], hasDefault: [], result: type ?? .any)
    }
}

/// What calls need to know of declarations before any body is resolved: methods' and computed
/// properties' types, and the types that literal defaults give.
extension Resolver {
    /// A function's parameter and result types, from its annotations (an unannotated parameter is unknown; no result type is `Void`).
    /// `unannotatedResult` is what a missing result type means: `Void` for a `func`, unknown for bodies the program does not declare as one (a query, a `perform`).
    func signature(of f: FunctionDecl, unannotatedResult: ScriptType = .void) -> FunctionSignature {
        var signature = FunctionSignature(labels: f.parameters.map(\.label), types: f.parameters.map { $0.type.map { resolveType($0) } ?? .any },
                          hasDefault: f.parameters.map { $0.defaultValue != nil }, result: f.returnType.map { resolveType($0) } ?? unannotatedResult,
                          isMutating: f.isMutating, inouts: Set(f.parameters.indices.filter { f.parameters[$0].isInout }), isThrowing: f.isThrowing,
                          isAsync: f.isAsync, constrained: f.parameters.indices.reduce(into: [:]) { constrained, i in
            guard case .named(let name)? = f.parameters[i].type?.kind, let g = f.generics.first(where: { $0.name == name }), !g.constraints.isEmpty else { return }
            constrained[i] = g.constraints
        })
        signature.isRethrowing = f.isRethrowing
        signature.thrownType = f.thrownType.map { resolveType($0) }
        signature.autoclosures = Set(f.parameters.indices.filter { f.parameters[$0].isAutoclosure })
        signature.escaping = Set(f.parameters.indices.filter { f.parameters[$0].isEscaping })
        signature.variadic = f.parameters.firstIndex(where: \.isVariadic)
        if case .named("Self")? = f.returnType?.kind { signature.returnsSelf = true }
        signature.receiverRequirements = f.outerRequirements
        (signature.generics, signature.parameterRefs, signature.resultRef) = (f.generics, f.parameters.map(\.type), f.returnType)
        return signature
    }

    /// The types of a declaration's methods and computed properties, from their annotations; `owner` is the type's name.
    func memberTypes(of members: Members, owner: String) -> MemberTypes {
        var m = MemberTypes()
        for p in members.properties {
            guard case .variable(let v) = p.kind else { continue }
            if v.getter != nil {
                m.computed[v.name] = v.type.map { resolveType($0) } ?? .any
                m.computedRefs[v.name] = v.type
                if v.setter != nil { m.settable.insert(v.name) }
            }
        }
        var declared: [String: [FunctionDecl]] = [:]
        for f in members.functions {
            guard case .function(let fd) = f.kind else { continue }
            let sameName = declared[fd.name, default: []]
            // A method with the labels and types of an earlier one is a redeclaration, reported with the bodies.
            if sameName.contains(where: { sameSignature($0, fd) }) { continue }
            let key = sameName.isEmpty ? fd.name : overloadKey(fd, number: sameName.count)
            if !sameName.isEmpty {
                methodKeys[owner, default: [:]][MethodSite(fd.name, f.nameRange)] = key
                m.overloads[fd.name, default: [fd.name]].append(key)
            }
            declared[fd.name, default: []].append(fd)
            m.methods[key] = signature(of: fd)
        }
        return m
    }

    /// The type of a stored property with no annotation, when its default is a literal that says (`var count = 0`).
    func literalType(_ e: Expr) -> ScriptType? {
        switch e.kind {
        case .integer: return .int
        case .double: return .double
        case .string: return .string
        case .bool: return .bool
        case .unary(.negate, let x): return literalType(x)
        case .array(let items):
            guard let first = items.first.flatMap(literalType) else { return nil }
            let all = items.map(literalType)
            if all.allSatisfy({ $0.map { $0.agrees(with: first) } ?? false }) { return .array(first) }
            if all.allSatisfy({ $0?.isNumeric ?? false }) { return .array(.double) }
            return nil
        case .dictionary(let pairs):
            guard let k = pairs.first.flatMap({ literalType($0.key) }), let v = pairs.first.flatMap({ literalType($0.value) }),
                  pairs.allSatisfy({ literalType($0.key).map { $0.agrees(with: k) } ?? false && literalType($0.value).map { $0.agrees(with: v) } ?? false })
            else { return nil }
            return .dictionary(k, v)
        // `var origin = (x: 0.0, y: 0.0)`: a tuple of literals, with its labels (an assigned `(1, 2)` takes them).
        case .tuple(let items), .labeledTuple(let items, _):
            let types = items.compactMap(literalType)
            guard types.count == items.count, items.count > 1 else { return nil }
            if case .labeledTuple(_, let labels) = e.kind { return .tuple(types, labels: labels) }
            return .tuple(types)
        // `var comfort = 19.5...23.0`, `var letters = "a"..<"n"`, `var turns = 1...3`: a range of literals, typed as
        // `typedRange` types one (`ClosedRange<Double>` from the range prelude; `ClosedRange<Int>` the engine's own).
        case .binary(let op, let lower, let upper) where op == .closedRange || op == .halfOpenRange:
            guard literalType(lower) != nil, literalType(upper) != nil else { return nil }
            let type = quietly { typed(e).type }
            if case .any = type { return nil }
            return type
        case .call(let callee, let args):
            // `In()`, `Point(x: 1, y: 2)`: a struct's initialiser; `[Int]()`, `Set<String>()`: an empty collection.
            if case .identifier(let t) = callee.kind, case .record(let r, _, _)? = globals[t], r.kind != .store { return .record(r) }
            if case .typeValue(let ref) = callee.kind, args.isEmpty { return quietly { resolveType(ref) } }
            if args.isEmpty, { if case .array = callee.kind { true } else if case .dictionary = callee.kind { true } else { false } }(),
               let ref = typeRef(from: callee) { return quietly { resolveType(ref) } }   // `[Int]()`, `[String: Int]()`
            // `[Node?](repeating: nil, count: 6)`: the array type named, whatever its elements.
            if args.map(\.label) == ["repeating", "count"], case .array = callee.kind, let ref = typeRef(from: callee) { return quietly { resolveType(ref) } }
            if case .member(let base, let name, _) = callee.kind, case .identifier(let t) = base.kind,
               case .enumeration(let en, let decl, _)? = globals[t], decl.cases.contains(where: { $0.name == name }) { return .enumeration(en) }
            if case .identifier("Logger") = callee.kind, isUndeclared("Logger") { return .framework("Logger") }
            guard args.isEmpty else { return nil }
            if case .identifier("Date") = callee.kind { return .date }
            if case .identifier("UUID") = callee.kind { return .uuid }
            if case .identifier("Logger") = callee.kind, isUndeclared("Logger") { return .framework("Logger") }
            return nil
        case .member(let base, let name, _):
            if case .identifier(let t) = base.kind, case .enumeration(let en, let decl, _)? = globals[t],
               decl.cases.contains(where: { $0.name == name }) { return .enumeration(en) }
            if case .identifier(let t) = base.kind, name == "shared", case .record(let r, _, _)? = globals[t], r.kind == .store { return .record(r) }
            if case .identifier("Date") = base.kind, name == "now" { return .date }
            return nil
        default: return nil
        }
    }

    /// A computed property named as another property (one an extension adds, say): Swift's redeclaration. (Two stored
    /// properties of one name are reported where the fields are laid out.)
    func reportRedeclaredComputedProperties(_ members: Members) {
        var firstProperty: [String: (range: SourceRange, computed: Bool)] = [:]
        for p in members.properties {
            guard case .variable(let v) = p.kind else { continue }
            if let previous = firstProperty[v.name], v.getter != nil || previous.computed {
                error(.duplicateDeclaration(v.name, previousLine: line(of: previous.range)), at: v.nameRange)
            }
            firstProperty[v.name] = firstProperty[v.name] ?? (v.nameRange, v.getter != nil)
        }
    }

    /// `-> some Equatable`: the type written, where the function is named, and the type its first `return` gave.
    typealias OpaqueResult = (written: String, at: SourceRange, underlying: ScriptType?)

    /// What a function's `-> some P` result is checked by: a plain protocol's (`some Equatable`, `some Shape`); not a
    /// view's, a scene's or an intent's result, whose values' types here are coarser than Swift's.
    func opaqueResult(of f: FunctionDecl, at range: SourceRange) -> OpaqueResult? {
        guard !f.resultProtocols.isEmpty, f.name != "perform" else { return nil }
        let names = f.resultProtocols.map(\.description)
        let framework: Set = ["View", "Scene", "IntentResult", "ViewModifier", "Gesture", "Commands"]
        guard !names.contains(where: { framework.contains($0) || $0.hasPrefix("Returns") || $0.hasPrefix("Provides")
            || $0.hasPrefix("Shows") || $0.hasPrefix("Opens") }) else { return nil }
        return ("some " + names.joined(separator: " & "), range, nil)
    }
}

/// Where a method is declared, by its name and where that name stands (`Resolver.methodKeys`).
struct MethodSite: Hashable {
    var name: String
    var range: SourceRange
    init(_ name: String, _ range: SourceRange) {
        self.name = name
        self.range = range
    }
}
