import ShortcutSyntax

/// Class inheritance, once `Inheritance` has given each subclass its superclass's stored properties: a subclass's
/// instance is a value of its superclass's type (`RecordType.superclass`), it has the superclass's methods and computed
/// properties where it does not override them, and `super.name` calls the superclass's own. The superclass's members
/// are kept in its direct subclass's tables under names no program can write (`Shape^area`, `Shape^init#0`), so a call
/// of `super.area()` is an ordinary method call: on an instance of a class further down, the lookup goes up the
/// superclasses to the one that holds the name (`RecordType.method(_:)`), so each class holds only its own superclass's.
extension Resolver {
    /// The key under which a subclass keeps its superclass's member `key` for `super.key`.
    static func superKey(_ superclass: RecordType, _ key: String) -> String { "\(superclass.name)^\(key)" }

    /// The classes as they are resolved (after protocols and class kinds have been worked out), for a subclass to
    /// complete its superclass first — those of `units` only: an earlier input's are complete already.
    func noteClasses(_ units: [SourceUnit]) {
        declaringClasses = []
        for unit in units {
            for item in unit.items {
                guard case .declaration(let d) = item.kind, case .type(let t) = d.kind, t.kind == .class || t.kind == .store else { continue }
                classDecls[t.name] = t
                declaringClasses.insert(t.name)
            }
        }
    }

    /// Part of completing a class: its superclass (completed first), whose member types it takes where it declares none,
    /// and whose initialisers it inherits when it declares none and its own stored properties all have defaults.
    func completeSuperclass(_ type: RecordType, _ t: TypeDecl, at range: SourceRange) {
        type.superclass = nil
        type.inheritsInitializers = false
        guard let name = t.superclass, let superclass = program.records[name], superclass !== type else { return }
        if declaringClasses.contains(name), !completedRecords.contains(ObjectIdentifier(superclass)), let decl = classDecls[name] {
            completeRecord(superclass, decl)
        }
        type.superclass = superclass
        inheritMemberTypes(type, from: superclass)
        type.describesItself = type.describesItself || superclass.describesItself
        type.declaresLessThan = type.declaresLessThan || superclass.declaresLessThan   // its `<` orders the subclass's instances
        guard t.members.initializers.isEmpty else { return }
        // Swift inherits the initialisers only when the subclass's own stored properties need none of them.
        if let field = type.fieldNeedingInitializer(from: superclass.fields.count) {
            error(.classWithoutInitializers(t.name, property: field.name), at: range)
            return
        }
        guard !superclass.initializers.isEmpty else { return }
        type.initializers = superclass.initializers
        type.inheritsInitializers = true
        type.hasMemberwiseInitializer = false   // `B()` is one of the superclass's initialisers, or none
    }

    /// The superclass's methods the class does not override (the same name and labels) are the class's too: under their
    /// own keys, or where the class declares an overload of the name, under a key of their own (`inheritedKeys`).
    func inheritMemberTypes(_ type: RecordType, from superclass: RecordType) {
        var members = type.memberTypes
        let inherited = superclass.memberTypes
        type.inheritedKeys = [:]
        for (name, _) in inherited.methods where inherited.overloads[name] != nil || !name.contains("#") {
            let superKeys = inherited.overloads[name] ?? [name]
            var keys = members.overloads[name] ?? (members.methods[name] == nil ? [] : [name])
            // The class's own overload under a key the superclass gives another method: its code moves to a key of its own,
            // so that a call the superclass's code makes by that key finds the superclass's method (or its override).
            for (i, key) in keys.enumerated() where superKeys.contains(key) && members.methods[key]?.labels != inherited.methods[key]?.labels {
                let own = "\(key)@\(type.name)"
                members.methods[own] = members.methods.removeValue(forKey: key)
                keys[i] = own
                let declared = classDecls[type.name]?.members.functions.first { d in
                    if case .function(let f) = d.kind { return f.name == name && (methodKeys[type.name]?[MethodSite(name, d.nameRange)] ?? name) == key }
                    return false
                }
                if let declared { methodKeys[type.name, default: [:]][MethodSite(name, declared.nameRange)] = own }
            }
            for superKey in superKeys {
                guard let signature = inherited.methods[superKey],
                      !keys.contains(where: { members.methods[$0]?.labels == signature.labels }) else { continue }
                let key = keys.contains(superKey) ? "\(superKey)@\(superclass.name)" : superKey
                members.methods[key] = signature
                if key != superKey { type.inheritedKeys[key] = superKey }
                keys.append(key)
            }
            if keys.count > 1 { members.overloads[name] = keys }
        }
        checkOverriddenPropertyTypes(members.computed, inherited.computed, of: type)
        members.computed.merge(inherited.computed) { own, _ in own }
        members.settable.formUnion(inherited.settable.subtracting(type.memberTypes.computed.keys))
        type.memberTypes = members
    }

    /// A computed property overriding one of another type (`override var v: String` over an `Int`): swiftc's error at its
    /// name. Only where neither type is a class's, a protocol's or unknown (a get-only property may narrow a class type).
    func checkOverriddenPropertyTypes(_ own: [String: ScriptType], _ inherited: [String: ScriptType], of type: RecordType) {
        func plain(_ t: ScriptType) -> Bool {
            switch t.wrapped ?? t { case .record, .existential, .any, .typeParameter, .error: false; default: true }
        }
        for (name, mine) in own.sorted(by: { $0.key < $1.key }) {
            guard let theirs = inherited[name], plain(mine), plain(theirs), mine.description != theirs.description,
                  let decl = classDecls[type.name]?.members.properties.first(where: { p in
                      if case .variable(let v) = p.kind { return v.name == name } else { return false } }),
                  case .variable(let v) = decl.kind else { continue }
            error(.overrideTypeMismatch(property: name, type: mine.description, overridden: theirs.description), at: v.nameRange)
        }
    }

    /// After every body is resolved: each subclass's tables hold its superclass's methods, computed properties,
    /// setters and observers where it declares none, and the superclass's own under their `super` keys.
    func inheritMembers() {
        var done: Set<ObjectIdentifier> = []
        func inherit(_ type: RecordType) {
            guard done.insert(ObjectIdentifier(type)).inserted, let superclass = type.superclass else { return }
            inherit(superclass)
            for (key, code) in superclass.methods where !key.contains("^") {
                if type.methods[key] == nil, type.memberTypes.methods[key] != nil { type.methods[key] = code }
                type.methods[Resolver.superKey(superclass, key)] = code
            }
            for (key, superKey) in type.inheritedKeys { type.methods[key] = superclass.methods[superKey] }
            for (key, code) in superclass.computed where !key.contains("^") {
                if type.computed[key] == nil { type.computed[key] = code }
                type.computed[Resolver.superKey(superclass, key)] = code
            }
            type.setters.merge(superclass.setters) { own, _ in own }
            type.observers.merge(superclass.observers) { own, _ in own }
            for (i, initializer) in superclass.initializers.enumerated() {
                type.methods[Resolver.superKey(superclass, "init#\(i)")] = initializer.code
            }
            if type.equals == nil { type.equals = superclass.equals }
            if type.lessThan == nil { type.lessThan = superclass.lessThan }
        }
        for type in program.records.values { inherit(type) }
    }

    /// The name a place `self.name` (or `name`) takes: in a class's initializer, a stored property its superclass declares
    /// is set through the observers (the superclass's, and an override's), as Swift does once `super.init` has run; a
    /// type's own properties are set directly while it is made.
    func selfMemberName(_ name: String) -> Name {
        guard context.isInitializer, case .record(let r)? = selfKind(), r.isReference, r.superclass?.fieldIndex[name] != nil else { return Name(name) }
        return Name(name, isObservedWhileInitializing: true)
    }

    /// The name of a place's member `name` of `base`: `selfMemberName` where the base is `self`.
    /// `Name.isPlainStore` where the checker knows the base's type and the member only stores (`placeMemberName`).
    func placeName(_ name: String, of base: Expr) -> Name {
        if case .self = base.kind { return selfPlaceName(name) }
        return placeMemberName(name, of: quietly { placeType(base) })
    }

    /// `selfMemberName` for a place's member of `self` (`self.x = 1`, `x = 1` in a method), with `Name.isPlainStore`.
    func selfPlaceName(_ name: String) -> Name {
        let member = selfMemberName(name)
        guard !member.isObservedWhileInitializing, case .record(let r)? = selfKind() else { return member }
        return placeMemberName(name, of: .record(r))
    }

    /// `super.name(…)` and `super.init(…)` inside a subclass's method or initialiser.
    func typedSuperCall(_ name: String, nameRange: SourceRange, _ args: [Argument], range: SourceRange, superRange: SourceRange) -> Typed {
        guard let (superclass, receiver) = superReceiver(at: superRange) else {
            for a in args { _ = expr(a.value) }
            return .unknown
        }
        if name == "init" {
            context.callsSuperInit = true
            checkPropertiesAssigned(at: nameRange, superInit: "super.init call")
            delegatesInitialization()
            // `super.init()` of a superclass that declares no `init`: its implicit one, whose work (the stored properties'
            // initial values) the instance's making did.
            if superclass.initializers.isEmpty, args.isEmpty { return Typed(.constant(.null), .void) }
            let chosen = chooseInitializer(superclass.initializers.map(\.signature), args, range: range)
            guard let i = chosen?.index ?? superclass.initializers.indices.first else {
                error(.unknownMember("init", type: superclass.name, suggestion: nil), at: nameRange)
                return .unknown
            }
            let (_, decl, signature) = superclass.initializers[i]
            let parameters = decl.parameters.map { (label: $0.label, hasDefault: $0.defaultValue != nil) }
            guard let ordered = matchPositional(args, parameters: parameters, callee: "init", range: range, types: signature.types, pretyped: chosen?.pretyped,
                                                autoclosures: signature.autoclosures) else {
                return .unknown
            }
            return Typed(.callMethod(receiver, Name(Resolver.superKey(superclass, "init#\(i)")), ordered.compactMap { $0 }, decl.parameters.map(\.label), range),
                         .void)
        }
        guard let (key, signature, nodes) = checkedMethodArguments(.record(superclass), name, args, range: range) else {
            error(.unknownMember(name, type: superclass.name, suggestion: closestMatch(to: name, in: memberNames(.record(superclass))), ofValue: true), at: nameRange)
            for a in args { _ = expr(a.value) }
            return .unknown
        }
        guard let nodes else { return Typed(.constant(.null), signature.result) }
        return Typed(.callMethod(receiver, Name(Resolver.superKey(superclass, key)), nodes, args.map(\.label), range), signature.result)
    }

    /// `super.name` read inside a subclass: the superclass's computed property, or a stored property (the instance's own).
    func typedSuperMember(_ name: String, nameRange: SourceRange, range: SourceRange, superRange: SourceRange) -> Typed {
        guard let (superclass, receiver) = superReceiver(at: superRange) else { return .unknown }
        if let type = superclass.memberTypes.computed[name] {
            return Typed(.member(receiver, Name(Resolver.superKey(superclass, name)), range), type)
        }
        return Typed(.member(receiver, Name(name), range), checkedMemberType(.record(superclass), name, nameRange: nameRange))
    }

    /// The superclass of the class whose body this is, and `self`; nil (reported) where `super` means nothing.
    private func superReceiver(at range: SourceRange) -> (RecordType, Node)? {
        guard case .record(let r)? = selfKind(), let superclass = r.superclass, let receiver = selfNode(at: range) else {
            unknownName("super", at: range)
            return nil
        }
        return (superclass, receiver)
    }
}

extension FunctionCode {
    /// The method a call by `name` with `labels` means: the one of that name, or of its overloads (`overloads`, by
    /// name), whose labels are the call's; the one of that name when none is.
    static func overload(_ name: String, labels: [String?], among overloads: [String: [String]],
                         _ method: (String) -> FunctionCode?) -> FunctionCode? {
        guard let first = method(name) else { return nil }
        if first.parameterLabels == labels { return first }
        for key in overloads[name] ?? [] { if let code = method(key), code.parameterLabels == labels { return code } }
        return first
    }
}

extension RecordType {
    /// The first stored property from `start` on that a value made without an `init` would leave without a value
    /// (one with no default that is not optional).
    func fieldNeedingInitializer(from start: Int = 0) -> FieldInfo? {
        fields.dropFirst(start).first { !$0.hasDefault && !($0.type?.isOptional ?? false) }
    }

    /// The method of this name: its own (inherited ones included), or a `super` key (`Shape^area`) held by the class
    /// the key's superclass is the superclass of.
    func method(_ name: String) -> FunctionCode? {
        if let code = methods[name] { return code }
        return superclass != nil && name.contains("^") ? superclass?.method(name) : nil
    }

    /// `method(_:)` for a call that could not name the overload (one on a value of a protocol's type): of the methods
    /// of that name, the one whose labels are the call's.
    func method(_ name: String, labels: [String?]) -> FunctionCode? {
        FunctionCode.overload(name, labels: labels, among: memberTypes.overloads, method)
    }

    func computed(_ name: String) -> FunctionCode? {
        if let code = computed[name] { return code }
        return superclass != nil && name.contains("^") ? superclass?.computed(name) : nil
    }

    /// The nearest class both this one and `other` are (or inherit from).
    func nearestCommonSuperclass(with other: RecordType) -> RecordType? {
        var type: RecordType? = self
        while let t = type {
            if other.isSubclass(of: t) { return t }
            type = t.superclass
        }
        return nil
    }

    /// This class, or one it inherits from, is `other`.
    /// The same type: itself, or a use of a generic type and that type (`Box<Int>` and `Box`, which agree, as a
    /// value made in `Box`'s own code is of both); two uses with other arguments (`Box<Int>`, `Box<Double>`) are not.
    func isType(of other: RecordType) -> Bool {
        self === other || root === other.root && (template == nil || other.template == nil)
    }

    func isSubclass(of other: RecordType) -> Bool {
        var type: RecordType? = self
        while let t = type {
            if t.isType(of: other) { return true }
            type = t.superclass
        }
        return false
    }
}
