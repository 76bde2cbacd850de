import ShortcutSyntax

extension ScriptType {
    /// What a stored field without a default starts as.
    var zeroValue: Value {
        switch self {
        case .int: return .int(0)
        case .double: return .double(0)
        case .string, .substring: return .string("")
        case .bool: return .bool(false)
        case .array, .set: return .array([])
        case .dictionary: return .dictionary(DictionaryStorage())
        default: return .null
        }
    }
}

extension Interpreter {
    // MARK: Stores

    /// The one instance of a store: its defaults, overlaid with what was saved.
    func storeInstance(_ type: RecordType) throws(ScriptError) -> StoreInstance {
        if let s = stores.instances[ObjectIdentifier(type)] { return s }
        if let persistence = stores.persistence, !stores.transactions.loaded {
            if !persistence.hasRead { try persistence.load() }
            stores.transactions.loaded = true
        }
        let defaults = try defaultFields(of: type)
        let checks = zip(type.fields, defaults).map { field, value in field.type ?? ScriptType.of(value) }
        let instance = StoreInstance.make(type: type, fields: try savedFields(of: type, defaults: defaults), checks: checks)
        stores.instances[ObjectIdentifier(type)] = instance
        return instance
    }

    /// The store's instance if this run has made it already.
    func existingStore(_ type: RecordType) -> StoreInstance? { stores.instances[ObjectIdentifier(type)] }

    /// Whether the store file holds a record for the store (read on first use).
    func isSaved(_ type: RecordType) -> Bool { stores.persistence?.hasRecord(of: type) ?? false }

    /// A store's fields as last read from the file, each one not saved at its default.
    func savedFields(of type: RecordType, defaults: [Value]? = nil) throws(ScriptError) -> [Value] {
        var fields: [Value]
        if let defaults { fields = defaults } else { fields = try defaultFields(of: type) }
        if let persistence = stores.persistence {
            var decoder = StoreDecoder()
            for (i, value) in try persistence.savedFields(of: type, defaults: fields, decoder: &decoder) { fields[i] = value }
            // A saved record that lacks a property with a default gets the default, as a new field does.
            for (record, i) in decoder.missingDefaults {
                guard let code = record.type.fields[i].defaultValue else { continue }
                record[field: i] = try run(code)
            }
        }
        return fields
    }

    func defaultFields(of type: RecordType) throws(ScriptError) -> [Value] {
        var fields = [Value](repeating: .null, count: type.fields.count)
        for (i, field) in type.fields.enumerated() {
            if let d = field.defaultValue {
                var v = try run(d)
                if let check = field.type { v = try coerce(v, to: check, what: "\(type.name).\(field.name)", site: d.range) }
                fields[i] = v
            } else if let check = field.type {
                fields[i] = check.zeroValue
            }
        }
        return fields
    }
}
