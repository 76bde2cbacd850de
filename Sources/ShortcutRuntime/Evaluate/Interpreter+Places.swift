import ShortcutSyntax

/// The steps of a change to a place (`PlacePath`, `Place`): a member of a value, an element of a collection.
extension Interpreter {
    /// Gives `body` in-place access to member `name` of `v` (a struct's or class's stored property, an
    /// intent's parameter, a tuple's element), converting what it leaves there to the member's type. `replacing`: `body`
    /// replaces the value without reading it (`x.p = v`), so a computed property's getter is not called, as in Swift.
    func modifyMember(_ v: inout Value, _ name: Name, _ site: SourceRange, replacing: Bool = false,
                      _ body: (inout Value) throws(ScriptError) -> Void) throws(ScriptError) {
        if let setter = Interpreter.setter(of: v, name) {
            // A computed property with a setter: read by its getter, changed, then given to its setter as `newValue`.
            var value = replacing ? .null : try member(v, name, site)
            try body(&value)
            return try callAccessor(setter, on: &v, with: value, site)
        }
        if let (type, observers) = Interpreter.observers(of: v, name), !observing.contains(Interpreter.observedKey(type, name)),
           name.isObservedWhileInitializing || !isBeingInitialized(v) {
            return try modifyObserved(&v, type, name, observers, site, body)
        }
        if let r = v.takeRecord() {
            defer { v = .record(r) }
            guard let i = r.type.fieldIndex[name.text] else {
                throw ScriptError.runtime(.noStoredProperty(type: r.type.name, name: name.text), at: site)
            }
            if r.type.fields[i].isConstant, !initializing.contains(ObjectIdentifier(r)) {
                throw ScriptError.runtime(.assignToConstant(name: name.text, type: r.type.name), at: site)
            }
            try body(&r[field: i])
            if let check = r.type.fields[i].type { r[field: i] = try coerce(r[field: i], to: check, what: "\(r.type.name).\(name.text)", site: site) }
            return
        }
        switch v {
        case .store(let s):
            guard let i = s.type.fieldIndex[name.text] else {
                throw ScriptError.runtime(.noStoredProperty(type: s.type.name, name: name.text), at: site)
            }
            if s.type.fields[i].isConstant, !initializing.contains(ObjectIdentifier(s)) {
                throw ScriptError.runtime(.assignToConstant(name: name.text, type: s.type.name), at: site)
            }
            if s.type.kind == .store { stores.transactions.dirty = true }
            try body(&s[field: i])
            if let check = s.type.fields[i].type { s[field: i] = try coerce(s[field: i], to: check, what: "\(s.type.name).\(name.text)", site: site) }
        case .intent(let intent):
            if let i = intent.type.parameterIndex[name.text] {
                try body(&intent.arguments[i])
                if !intent.arguments[i].isNull {
                    intent.arguments[i] = try coerce(intent.arguments[i], to: intent.type.parameters[i].type, what: "parameter '\(name.text)'", site: site)
                }
            } else if let dep = intent.type.dependencies.first(where: { $0.name == name.text }) {
                var store = Value.store(try storeInstance(dep.store))
                try body(&store)
            } else {
                throw ScriptError.runtime(.assignToParameter(name: name.text, intent: intent.type.name), at: site)
            }
        case .cell(let c):
            try modifyMember(&c.value, name, site, body)
        case .tuple(let t):
            // `q.a += 1`, `p.0 = 5`: a tuple is a value; the element changes in a copy.
            guard let i = t.labels.firstIndex(of: name.text) ?? Int(name.text), t.elements.indices.contains(i) else {
                throw ScriptError.runtime(.cannotAssign(name: name.text, type: v.typeName), at: site)
            }
            var elements = t.elements
            try body(&elements[i])
            v = .tuple(TupleStorage(elements, labels: t.labels))
        case .null:
            throw ScriptError.runtime(.nilBase(.assign(name.text)), at: site)
        default:
            throw ScriptError.runtime(.cannotAssign(name: name.text, type: v.typeName), at: site)
        }
    }

    /// A write to an observed stored property, in Swift's order: the new value made (from a copy of the old), then
    /// `willSet` with it, then the write, then `didSet` with the old value. A write to the property in its own
    /// observers is not observed again. On a struct the observers change the value they are called on.
    func modifyObserved(_ v: inout Value, _ type: RecordType, _ name: Name, _ observers: (willSet: [FunctionCode], didSet: [FunctionCode]),
                        _ site: SourceRange, _ body: (inout Value) throws(ScriptError) -> Void) throws(ScriptError) {
        let key = Interpreter.observedKey(type, name)
        observing.insert(key)
        defer { observing.remove(key) }
        let old = try member(v, name, site)
        var new = old
        try body(&new)
        if let i = type.fieldIndex[name.text], let check = type.fields[i].type {
            new = try coerce(new, to: check, what: "\(type.name).\(name.text)", site: site)
        }
        for willSet in observers.willSet { try callAccessor(willSet, on: &v, with: new, site) }
        try modifyMember(&v, name, site) { $0 = new }
        for didSet in observers.didSet { try callAccessor(didSet, on: &v, with: old, site) }
    }

    /// A property's setter or observer called on a class instance, or on a struct's value, which it may change.
    func callAccessor(_ code: FunctionCode, on v: inout Value, with value: Value, _ site: SourceRange) throws(ScriptError) {
        if case .store = v { _ = try call(code, captures: [], selfValue: v, arguments: [value], site: site) } else {
            _ = try callMutatingMethod(code, receiver: &v, arguments: [value], site: site)
        }
    }

    /// The observers of stored property `name` of the struct value or class instance `v`, when it has any.
    static func observers(of v: Value, _ name: Name) -> (RecordType, (willSet: [FunctionCode], didSet: [FunctionCode]))? {
        let type: RecordType
        switch v {
        case .record(let r): type = r.type
        case .store(let s): type = s.type
        default: return nil
        }
        guard !type.observers.isEmpty, let observers = type.observers[name.text] else { return nil }
        return (type, observers)
    }

    /// A value its type's `init` is making: its observers are not called, as in Swift.
    func isBeingInitialized(_ v: Value) -> Bool {
        switch v {
        case .record(let r): return initializing.contains(ObjectIdentifier(r))
        case .store(let s): return initializing.contains(ObjectIdentifier(s))
        default: return false
        }
    }

    static func observedKey(_ type: RecordType, _ name: Name) -> String { "\(ObjectIdentifier(type).hashValue).\(name.text)" }

    /// The setter of computed property `name` of the struct value or class instance `v`, when it has one.
    static func setter(of v: Value, _ name: Name) -> FunctionCode? {
        switch v {
        case .record(let r): return r.type.setters.isEmpty ? nil : r.type.setters[name.text]
        case .store(let s): return s.type.setters.isEmpty ? nil : s.type.setters[name.text]
        default: return nil
        }
    }

    /// `bag[0].x = 5` through a subscript of the program's own: its getter's value changed, then given to its setter.
    private func modifyThroughOwnSubscript(_ v: inout Value, _ key: Value, _ site: SourceRange,
                                           _ body: (inout Value) throws(ScriptError) -> Void) throws(ScriptError) {
        var element = try callMethod(v, Name(Parser.subscriptGetter), Arguments(key), [nil], site)
        try body(&element)
        _ = try callMutatingMethod(&v, Name(Parser.subscriptSetter), Arguments(key, element), [nil, nil], site)
    }

    func modifySubscript(_ v: inout Value, _ key: Value, _ site: SourceRange, _ body: (inout Value) throws(ScriptError) -> Void) throws(ScriptError) {
        if var items = v.takeArray() {
            defer { v = .array(items) }
            guard case .int(let i) = key else { throw ScriptError.runtime(.indexNotInt(type: key.typeName), at: site) }
            guard i >= 0, i < items.count else { throw ScriptError.runtime(.indexOutOfRange(index: i, count: items.count, of: .array), at: site) }
            try body(&items[i])
            return
        }
        if let d = v.takeDictionary() {
            defer { v = .dictionary(d) }
            var element = d.get(key) ?? .null
            try body(&element)
            // Assigning nil removes the key, as in Swift.
            if case .null = element { d.remove(key) } else { d.set(key, element) }
            return
        }
        switch v {
        case .null:
            throw ScriptError.runtime(.nilBase(.subscripting), at: site)
        case .record(let r) where r.type.methods[Parser.subscriptSetter] != nil:
            try modifyThroughOwnSubscript(&v, key, site, body)
        case .store(let s) where s.type.methods[Parser.subscriptSetter] != nil:
            try modifyThroughOwnSubscript(&v, key, site, body)
        default:
            throw ScriptError.runtime(.cannotAssignThroughSubscript(type: v.typeName), at: site)
        }
    }
}
