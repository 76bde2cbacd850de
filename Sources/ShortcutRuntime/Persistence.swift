import ShortcutSyntax

/// The app's stores as they live on disk (SPEC §8):
/// `{"format": "shortcut-store", "version": 1, "app": "…", "stores": {"Name": {"field": …}}}`.
///
/// Fields the program no longer declares, and stores it does not know, are
/// kept untouched; a new field starts at its default; a stored value that no
/// longer fits its field's type is an error that names the field.
public final class Persistence {
    public let file: StoreFile
    public let appName: String
    /// The `stores` object as last read, for keeping what the program does not declare.
    var stores: [(String, JSON)] = []

    public init(file: StoreFile, appName: String) {
        self.file = file
        self.appName = appName
    }

    /// Reads and checks the file. A corrupt file is never overwritten: the error says how to move it aside.
    func load() throws(ScriptError) {
        let text: String?
        do { text = try file.read() } catch { throw Persistence.storeError(error.message) }
        guard let text else {
            stores = []
            return
        }
        let document: JSON
        do {
            document = try JSON.parse(text)
        } catch {
            throw Persistence.corrupt(file.path, "it is not JSON (\(error.message) at byte \(error.offset))")
        }
        guard document["format"] == .string("shortcut-store") else { throw Persistence.corrupt(file.path, "it has no \"format\": \"shortcut-store\"") }
        guard case .integer(let version)? = document["version"], version == 1 else {
            throw Persistence.corrupt(file.path, "its version is not 1")
        }
        guard case .object(let pairs)? = document["stores"] else { throw Persistence.corrupt(file.path, "it has no \"stores\" object") }
        stores = pairs
    }

    /// The document for the given instances, keeping what is not declared.
    func document(for instances: [StoreInstance]) -> JSON {
        var merged = stores
        for instance in instances.sorted(by: { $0.type.name < $1.type.name }) {
            var fields: [(String, JSON)] = []
            if case .object(let old)? = merged.first(where: { $0.0 == instance.type.name })?.1 { fields = old }
            for (info, value) in zip(instance.type.fields, instance.fields) where !info.isConstant {
                if let i = fields.firstIndex(where: { $0.0 == info.name }) { fields[i].1 = value.json } else { fields.append((info.name, value.json)) }
            }
            if let i = merged.firstIndex(where: { $0.0 == instance.type.name }) { merged[i].1 = .object(fields) } else { merged.append((instance.type.name, .object(fields))) }
        }
        return .object([("format", .string("shortcut-store")), ("version", .integer(1)), ("app", .string(appName)), ("stores", .object(merged))])
    }

    /// The saved fields of one store, decoded against their declared types.
    func savedFields(of type: RecordType, defaults: [Value]) throws(ScriptError) -> [(index: Int, value: Value)] {
        guard case .object(let saved)? = stores.first(where: { $0.0 == type.name })?.1 else { return [] }
        var out: [(Int, Value)] = []
        for (name, json) in saved {
            guard let i = type.fieldIndex[name], !type.fields[i].isConstant else { continue }
            let check = type.fields[i].type ?? TypeCheck.of(defaults[i])
            guard let value = Persistence.decode(json, as: check) else {
                throw Persistence.storeError("the saved value of \(type.name).\(name) in \(file.path) does not fit its type \(check); "
                    + "run with --reset-store to start the store afresh, or change the field back")
            }
            out.append((i, value))
        }
        return out
    }

    /// A value from JSON as a declared type wants it (`.any`: as JSON says), or nil when it does not fit.
    static func decode(_ json: JSON, as check: TypeCheck) -> Value? {
        switch (check, json) {
        case (.optional, .null): return .null
        case (.optional(let inner), _): return decode(json, as: inner)
        case (.int, .integer(let i)): return .int(i)
        case (.double, .integer(let i)): return .double(Double(i))
        case (.double, .number(let d)): return .double(d)
        case (.string, .string(let s)): return .string(s)
        case (.bool, .bool(let b)): return .bool(b)
        case (.date, .string(let s)): return DateFormatting.parseISO8601(s).map { .date($0) }
        case (.enumeration(let e), .string(let name)): return e.lookup(name).map { .enumCase($0) }
        case (.array(let element), .array(let items)):
            var out: [Value] = []
            for item in items {
                guard let v = decode(item, as: element) else { return nil }
                out.append(v)
            }
            return .array(out)
        case (.dictionary(let keyType, let valueType), .object(let pairs)):
            let d = DictionaryStorage()
            for (key, item) in pairs {
                let k: Value
                switch keyType {
                case .int: guard let n = Int(key) else { return nil }; k = .int(n)
                default: k = .string(key)
                }
                guard let v = decode(item, as: valueType) else { return nil }
                d.set(k, v)
            }
            return .dictionary(d)
        case (.record(let r), .object(let pairs)) where r.kind != .store:
            var fields = [Value](repeating: .null, count: r.fields.count)
            for (name, item) in pairs {
                guard let i = r.fieldIndex[name] else { continue }
                guard let v = decode(item, as: r.fields[i].type ?? .any) else { return nil }
                fields[i] = v
            }
            return .record(Record(type: r, fields: fields))
        case (.any, _):
            switch json {
            case .null: return .null
            case .bool(let b): return .bool(b)
            case .integer(let i): return .int(i)
            case .number(let d): return .double(d)
            case .string(let s): return .string(s)
            case .array(let items): return .array(items.compactMap { decode($0, as: .any) })
            case .object(let pairs):
                let d = DictionaryStorage()
                for (k, v) in pairs { d.set(.string(k), decode(v, as: .any) ?? .null) }
                return .dictionary(d)
            }
        default:
            return nil
        }
    }

    static func storeError(_ message: String) -> ScriptError {
        ScriptError(.storeError(message), at: .none)
    }

    static func corrupt(_ path: String, _ why: String) -> ScriptError {
        storeError("the store \(path) cannot be read: \(why). It was left as it is; to start afresh, move it aside: mv '\(path)' '\(path).broken'")
    }
}

extension TypeCheck {
    /// The type a field without an annotation has: that of its default value.
    static func of(_ value: Value) -> TypeCheck {
        switch value {
        case .int: return .int
        case .double: return .double
        case .string: return .string
        case .bool: return .bool
        case .date: return .date
        case .enumCase(let c): return .enumeration(c.type)
        case .record(let r): return .record(r.type)
        case .array(let items): return .array(items.first.map(TypeCheck.of) ?? .any)
        case .dictionary(let d): return .dictionary(.any, d.values.first.map(TypeCheck.of) ?? .any)
        default: return .any
        }
    }
}
