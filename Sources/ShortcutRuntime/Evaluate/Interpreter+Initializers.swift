import ShortcutSyntax

/// Making values with their initialisers: a struct's memberwise one and declared `init`s, a class's
/// instances, and a store's `init` when it is made afresh.
extension Interpreter {
    /// A new value of a struct (a record, copied as it is passed) or of a class (one box, shared by everything that holds it).
    func made(_ type: RecordType, _ fields: [Value]) -> Value {
        if type.kind == .class { return .store(StoreInstance.make(type: type, fields: fields, checks: type.fieldChecks)) }
        return .record(Record.make(type: type, fields: fields))
    }

    /// `Type(a, b)` by its memberwise initializer: the fields' values, each converted to its field's type.
    func construct(_ type: RecordType, _ values: [Value], _ site: SourceRange) throws(ScriptError) -> Value {
        var fields = values
        for (i, field) in type.fields.enumerated() where i < fields.count {
            if let check = field.type { fields[i] = try coerce(fields[i], to: check, what: "\(type.name).\(field.name)", site: site) }
        }
        return made(type, fields)
    }

    /// The default value of a field (nil where it has none).
    func fieldDefault(_ type: RecordType, _ i: Int) throws(ScriptError) -> Value {
        guard i < type.fields.count, let d = type.fields[i].defaultValue else { return .null }
        return try run(d)
    }

    /// The default value of parameter `i` of `code` (nil where it has none).
    func parameterDefault(_ code: FunctionCode, _ i: Int) throws(ScriptError) -> Value {
        guard let d = code.defaults[i] else { return .null }
        return try run(d)
    }

    /// A value of the type holding each field's default (nil where there is none), for an `init` to fill in.
    func blank(_ type: RecordType) throws(ScriptError) -> Value {
        var fields: [Value] = []
        fields.reserveCapacity(type.fields.count)
        for i in type.fields.indices { fields.append(try fieldDefault(type, i)) }
        return made(type, fields)
    }

    /// Runs `code`, an `init`, on a value just made, with its arguments; the value's `let` properties are
    /// settable while it runs.
    func initialize(_ receiver: inout Value, with code: FunctionCode, _ values: Arguments, _ site: SourceRange) throws(ScriptError) {
        let identity: ObjectIdentifier?
        switch receiver {
        case .record(let r): identity = ObjectIdentifier(r)
        case .store(let s): identity = ObjectIdentifier(s)
        default: identity = nil
        }
        if let identity { initializing.insert(identity) }
        defer { if let identity { initializing.remove(identity) } }
        let result = try callMutatingMethod(code, receiver: &receiver, arguments: values, site: site)
        // `return nil` in an `init?`: no value.
        if code.isFailable, case .bool(false) = result { receiver = .null }
    }

    /// After a struct's or class's `init`: every stored property must hold a value of its type. (A store's
    /// fields start as their defaults or what was saved, each of its type.)
    func checkInitialized(_ receiver: Value, site: SourceRange) throws(ScriptError) {
        switch receiver {
        case .record(let made): try checkInitialized(made, of: made.type, site: site)
        case .store(let made) where made.type.kind != .store: try checkInitialized(made, of: made.type, site: site)
        default: break
        }
    }

    /// The store's one instance, and whether it was made just now with nothing of it saved: only then does
    /// the `init` it was called with run (what is saved wins).
    func openStore(_ type: RecordType) throws(ScriptError) -> (StoreInstance, isNew: Bool) {
        if let existing = existingStore(type) { return (existing, false) }
        let made = try storeInstance(type)
        return (made, !isSaved(type))
    }

    /// After an `init`, every stored property holds a value of its type.
    /// Each field is checked and converted where it is (no array of them made and written back).
    func checkInitialized(_ made: some FieldStorage, of type: RecordType, site: SourceRange) throws(ScriptError) {
        for (i, field) in type.fields.enumerated() where i < made.fieldCount {
            guard let check = field.type else { continue }
            made[field: i] = try coerce(made[field: i], to: check, what: "\(type.name).\(field.name) after init", site: site)
        }
    }
}
