/// Class inheritance (`class Square: Shape { override func area() -> Double { … } }`), lowered before anything is
/// resolved (docs/Language.md). A subclass holds its superclass's stored properties first, in the superclass's order,
/// then its own — so a field is at the same place in an instance of either, and the superclass's methods read a
/// subclass's instance as their own. What is checked here, as Swift checks it: an overriding member says `override`,
/// a member that says it overrides something, and a stored property of the superclass's name declared again. The
/// superclass's conformances are the subclass's too. The rest is the resolver's, from `TypeDecl.superclass`: a
/// subclass's instance is a value of its superclass's type, and its methods and computed properties are the
/// superclass's where it does not override them (found on the instance's own class when a call runs).
public enum Inheritance {
    /// `known`: classes declared before (the REPL's earlier inputs), already lowered; what the units declare is added.
    public static func lowered(_ units: [SourceUnit], known: inout [String: TypeDecl]) -> (units: [SourceUnit], diagnostics: [Diagnostic]) {
        var units = units
        var diagnostics: [Diagnostic] = []
        var places: [String: (unit: Int, item: Int)] = [:]
        var classes = known
        for u in units.indices {
            for i in units[u].items.indices {
                guard case .declaration(let d) = units[u].items[i].kind, case .type(let t) = d.kind, t.kind == .class else { continue }
                places[t.name] = (u, i)
                classes[t.name] = t
            }
        }
        var done = Set(known.keys)
        var visiting: Set<String> = []
        func lower(_ name: String) {
            guard !done.contains(name), let (u, i) = places[name], case .declaration(var d) = units[u].items[i].kind,
                  case .type(var t) = d.kind else { return }
            guard let first = t.conformances.first, classes[first] != nil else {
                checkOverrides(t, inherited: [:], &diagnostics)   // a class of its own overrides nothing
                checkStaticOverrides(t, inherited: [], &diagnostics)
                done.insert(name)
                return
            }
            guard !visiting.contains(name) else {
                // Reported once; the class is then a class of its own.
                diagnostics.append(Diagnostic(.circularInheritance(name), at: d.nameRange))
                done.insert(name)
                t.conformances.removeFirst()
                if !t.conformanceRanges.isEmpty { t.conformanceRanges.removeFirst() }
                d.kind = .type(t)
                units[u].items[i].kind = .declaration(d)
                classes[name] = t
                return
            }
            visiting.insert(name)
            lower(first)
            visiting.remove(name)
            done.insert(name)
            guard let superclass = classes[first], superclass.superclass != name else { return }
            t = inheriting(t, from: superclass, at: d.nameRange, &diagnostics)
            // Its superclass's `required` initialisers: provided by a subclass with initialisers of its own (one with none
            // inherits them), reported at its closing brace as swiftc reports it.
            let provided = Set(t.members.initializers.map { Members.initializerKey($0.parameters.map(\.label)) })
            for key in superclass.members.requiredInitializers.sorted() where !t.members.initializers.isEmpty && !provided.contains(key) {
                diagnostics.append(Diagnostic(.requiredInitializerMissing(key, superclass: superclass.name), at: d.range.lastByte))
            }
            // One provided without the word: swiftc's two messages, at its `init`.
            for key in superclass.members.requiredInitializers.sorted() {
                if let written = t.members.unrequiredInitializers[key] {
                    diagnostics.append(Diagnostic(.requiredModifierMissing(override: written.isOverride), at: written.range))
                }
            }
            t.members.requiredInitializers.formUnion(superclass.members.requiredInitializers)
            d.kind = .type(t)
            units[u].items[i].kind = .declaration(d)
            classes[name] = t
        }
        for (name, _) in places.sorted(by: { ($0.value.unit, $0.value.item) < ($1.value.unit, $1.value.item) }) { lower(name) }
        known = classes
        return (units, diagnostics)
    }

    /// A class's methods, by their full signatures (`hello(times: Int) -> String`: a method of other labels or types is
    /// not an override), and its computed properties, by name.
    static func overridable(_ members: Members) -> [String: SourceRange] {
        var names: [String: SourceRange] = [:]
        for f in members.functions {
            guard case .function(let fd) = f.kind else { continue }
            let parameters = fd.parameters.map { ($0.label ?? "_") + ": " + ($0.type?.description ?? "_") }.joined(separator: ", ")
            names[fd.name + "(" + parameters + ") -> " + (fd.returnType?.description ?? "()")] = f.nameRange
        }
        for p in members.properties { if case .variable(let v) = p.kind, v.getter != nil { names[v.name] = v.nameRange } }
        return names
    }

    /// A class's class members (`class var sides`, `class func make()`), by full name as `overridable` names methods.
    static func statics(_ members: Members) -> [String: SourceRange] {
        var asMembers = Members()
        (asMembers.functions, asMembers.properties) = (members.staticFunctions, members.staticProperties)
        return overridable(asMembers)
    }

    /// Its class members against those its superclasses declare (`statics`): one of a name and type they have says
    /// `override`, and `override` is written only where there is one. An operator is overloaded, not overridden.
    static func checkStaticOverrides(_ t: TypeDecl, inherited: Set<String>, _ diagnostics: inout [Diagnostic]) {
        for (fullName, range) in statics(t.members).sorted(by: { $0.value.start < $1.value.start }) {
            let name = String(fullName.prefix { $0 != "(" })
            guard name.first.map({ $0.isLetter || $0 == "_" }) == true else { continue }
            if inherited.contains(fullName), t.staticOverrides[name] == nil {
                diagnostics.append(Diagnostic(.overrideRequired(name), at: range))
            } else if !inherited.contains(fullName), t.staticOverrides[name] != nil {
                diagnostics.append(Diagnostic(.overridesNothing(name, isMethod: !t.members.staticGetters.contains(name)), at: range))
            }
        }
    }

    static func stored(_ members: Members) -> [Stmt] {
        members.properties.filter { if case .variable(let v) = $0.kind { return v.getter == nil }; return false }
    }

    /// The subclass as the resolver takes it: the superclass's stored properties before its own, the superclass's
    /// conformances added to its own, its overrides checked.
    static func inheriting(_ t: TypeDecl, from superclass: TypeDecl, at nameRange: SourceRange, _ diagnostics: inout [Diagnostic]) -> TypeDecl {
        var t = t
        var ranges = t.conformances.indices.map { $0 < t.conformanceRanges.count ? t.conformanceRanges[$0] : nameRange }
        t.conformances.removeFirst()
        ranges.removeFirst()
        for c in superclass.conformances where !t.conformances.contains(c) {
            t.conformances.append(c)
            ranges.append(nameRange)
        }
        t.conformanceRanges = ranges
        t.superclass = superclass.name
        if superclass.isFinal { diagnostics.append(Diagnostic(.inheritanceFromFinalClass(superclass.name), at: nameRange)) }
        let inheritedStored = stored(superclass.members)
        let inheritedNames = Set(inheritedStored.compactMap { if case .variable(let v) = $0.kind { return v.name }; return nil })
        var observing: [String: (before: ValueBlock?, after: ValueBlock?)] = [:]
        t.members.properties.removeAll { p in
            guard case .variable(let v) = p.kind, inheritedNames.contains(v.name) else { return false }
            // `override var name: String { get { … } set { … } }` of an inherited stored property: not here (docs/Language.md).
            if v.getter != nil {
                diagnostics.append(Diagnostic(.swiftism(found: "override var \(v.name) { get … }",
                                                        suggestion: "a computed property cannot override a stored one here: observe it (didSet) or use another name"),
                                              at: v.nameRange))
                return true
            }
            // `override var speed: Int { didSet { … } }`: observers added to the inherited property, as Swift allows.
            if v.initializer == nil, !v.isConstant, v.willSet != nil || v.didSet != nil {
                observing[v.name] = (v.willSet, v.didSet)
                if t.overrides[v.name] == nil { diagnostics.append(Diagnostic(.overrideRequired(v.name), at: v.nameRange)) }
            } else {
                diagnostics.append(Diagnostic(.overridingStoredProperty(v.name), at: v.nameRange))
            }
            return true
        }
        let inheritedObserved = inheritedStored.map { p -> Stmt in
            guard case .variable(var v) = p.kind, let added = observing[v.name] else { return p }
            v.overridingObservers.append(added)
            return Stmt(.variable(v), p.range)
        }
        let inherited = overridable(superclass.members).merging(superclass.inheritedMembers) { own, _ in own }
        let finals = superclass.finalMembers.union(superclass.members.finals)
        checkOverrides(t, inherited: inherited, storedNames: inheritedNames, finals: finals, &diagnostics)
        t.inheritedStatics = Set(statics(superclass.members).keys).union(superclass.inheritedStatics)
        checkStaticOverrides(t, inherited: t.inheritedStatics, &diagnostics)
        t.inheritedMembers = inherited
        t.finalMembers = finals
        t.members.properties = inheritedObserved + t.members.properties
        return t
    }

    /// Each method and computed property against what the class inherits (`overridable`'s full names): an override
    /// says `override` and is not of a `final` method; `override` is only written where there is something to override.
    static func checkOverrides(_ t: TypeDecl, inherited: [String: SourceRange], storedNames: Set<String> = [], finals: Set<String> = [],
                               _ diagnostics: inout [Diagnostic]) {
        for (fullName, range) in overridable(t.members).sorted(by: { $0.value.start < $1.value.start }) {
            let name = String(fullName.prefix { $0 != "(" })
            if inherited[fullName] != nil, finals.contains(name) {
                diagnostics.append(Diagnostic(.overridesFinal, at: range))
            } else if inherited[fullName] != nil, t.overrides[name] == nil {
                diagnostics.append(Diagnostic(.overrideRequired(name), at: range))
            } else if inherited[fullName] == nil, t.overrides[name] != nil, !storedNames.contains(name) {
                let isMethod = t.members.functions.contains { $0.name == name }
                diagnostics.append(Diagnostic(.overridesNothing(name, isMethod: isMethod), at: range))
            }
        }
        // A stored property written `override` (one of the superclass's name was reported and taken out before).
        for p in t.members.properties {
            guard case .variable(let v) = p.kind, v.getter == nil, t.overrides[v.name] != nil, !storedNames.contains(v.name) else { continue }
            diagnostics.append(Diagnostic(.overridesNothing(v.name, isMethod: false), at: v.nameRange))
        }
    }
}
