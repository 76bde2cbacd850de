import ShortcutSyntax

/// Making values with their initialisers: a struct's memberwise one and declared `init`s, a class's
/// instances, and a store's `init` when it is made afresh.
extension Interpreter {
    /// A new value of a struct (a record, copied as it is passed) or of a class (one box, shared by everything that holds it).
    func made(_ type: RecordType, _ fields: [Value]) -> Value {
        if type.kind == .class { return .store(StoreInstance(type: type, fields: fields, checks: type.fields.map { $0.type ?? .any })) }
        return .record(Record(type: type, fields: fields))
    }

    /// Runs `code`, an `init`, on a value just made: its arguments evaluated (a parameter's default where one is
    /// left out), and the value's `let` properties settable while it runs.
    func initialize(_ receiver: inout Value, with code: FunctionCode, _ args: [Node?], _ fp: UnsafeMutablePointer<Value>,
                    _ site: SourceRange) throws(ScriptError) {
        var values = Arguments()
        for (i, a) in args.enumerated() {
            if let a { values.append(try eval(a, fp)) } else if let d = code.defaults[i] { values.append(try run(d)) } else { values.append(.null) }
        }
        let identity: ObjectIdentifier?
        switch receiver {
        case .record(let r): identity = ObjectIdentifier(r)
        case .store(let s): identity = ObjectIdentifier(s)
        default: identity = nil
        }
        if let identity { initializing.insert(identity) }
        defer { if let identity { initializing.remove(identity) } }
        _ = try callMutatingMethod(code, receiver: &receiver, arguments: values, site: site)
    }

    /// After an `init`, every stored property holds a value of its type.
    func checkInitialized(_ fields: inout [Value], of type: RecordType, site: SourceRange) throws(ScriptError) {
        for (i, field) in type.fields.enumerated() {
            guard let check = field.type else { continue }
            fields[i] = try coerce(fields[i], to: check, what: "\(type.name).\(field.name) after init", site: site)
        }
    }
}
