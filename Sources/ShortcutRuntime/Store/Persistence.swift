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
    /// The whole document as last read; nil when there is no file yet.
    public private(set) var document: JSON?
    /// The file has been read (or found missing) at least once.
    public private(set) var hasRead = false

    public init(file: StoreFile, appName: String) {
        self.file = file
        self.appName = appName
    }

    /// Reads and checks the file: the one reader of the format, for runs and
    /// for `store show`. A corrupt file is never overwritten: the error says how to move it aside.
    public func load() throws(ScriptError) {
        let text: String?
        do { text = try file.read() } catch { throw Persistence.storeError(error.message) }
        hasRead = true
        guard let text else {
            stores = []
            document = nil
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
        self.document = document
    }

    /// The size of the last document, to reserve the next one's room at once.
    var lastDocumentSize = 0

    /// The file's bytes for the given instances: every declared store field from
    /// its instance, and whatever the file held that the program does not declare.
    func documentBytes(for instances: [StoreInstance]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(lastDocumentSize + 256)
        out += Array("{\"format\":\"shortcut-store\",\"version\":1,\"app\":".utf8)
        Persistence.append(JSON.string(appName), to: &out)
        out += Array(",\"stores\":{".utf8)
        let byName = Dictionary(instances.map { ($0.type.name, $0) }, uniquingKeysWith: { a, _ in a })
        var names = stores.map(\.0)
        for name in byName.keys.sorted() where !names.contains(name) { names.append(name) }
        for (i, name) in names.enumerated() {
            Persistence.appendKey(name, at: i, to: &out)
            let saved = stores.first { $0.0 == name }?.1
            guard let instance = byName[name] else {
                if let saved { Persistence.append(saved, to: &out) }
                continue
            }
            var keys: [String] = []
            if case .object(let old)? = saved { keys = old.map(\.0) }
            for field in instance.type.fields where !field.isConstant && !keys.contains(field.name) { keys.append(field.name) }
            out.append(UInt8(ascii: "{"))
            for (k, key) in keys.enumerated() {
                Persistence.appendKey(key, at: k, to: &out)
                if let index = instance.type.fieldIndex[key], !instance.type.fields[index].isConstant {
                    write(instance[field: index], into: &out)
                } else if let kept = saved?[key] {
                    Persistence.append(kept, to: &out)
                }
            }
            out.append(UInt8(ascii: "}"))
        }
        out += Array("}}".utf8)
        lastDocumentSize = out.count
        return out
    }

    static func append(_ json: JSON, to out: inout [UInt8]) {
        json.write(into: &out)
    }

    /// An object member's `"key":`, after a comma unless it is the first (`index` 0).
    static func appendKey(_ key: String, at index: Int, to out: inout [UInt8]) {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        append(.string(key), to: &out)
        out.append(UInt8(ascii: ":"))
    }

    /// A value as JSON, the same as `value.json.text`. A record keeps its encoding
    /// from the last commit (see `Record.encoded`), so a commit encodes only the
    /// records that changed, and copies the rest as bytes.
    func write(_ value: Value, into out: inout [UInt8]) {
        switch value {
        case .array(let items):
            out.append(UInt8(ascii: "["))
            items.withUnsafeBufferPointer { elements in
                for i in elements.indices {
                    if i > 0 { out.append(UInt8(ascii: ",")) }
                    // A record's saved encoding is copied without going through `write`.
                    if case .record(let r) = elements[i], let bytes = r.encoded { out += bytes } else { write(elements[i], into: &out) }
                }
            }
            out.append(UInt8(ascii: "]"))
        case .record(let r):
            if let bytes = r.encoded {
                out += bytes
                return
            }
            var bytes: [UInt8] = [UInt8(ascii: "{")]
            for (i, (field, v)) in zip(r.type.fields, r.fields).enumerated() {
                Persistence.appendKey(field.name, at: i, to: &bytes)
                write(v, into: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
            r.encoded = bytes
            out += bytes
        case .dictionary(let d):
            out.append(UInt8(ascii: "{"))
            for (i, (k, v)) in zip(d.keys, d.values).enumerated() {
                Persistence.appendKey(k.description, at: i, to: &out)
                write(v, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        default:
            Persistence.append(value.json, to: &out)
        }
    }

    /// Whether the file holds a record for the store.
    func hasRecord(of type: RecordType) -> Bool { stores.contains { $0.0 == type.name } }

    /// The saved fields of one store, decoded against their declared types. A
    /// record property the file lacks is left for `missing` to fill (its default).
    func savedFields(of type: RecordType, defaults: [Value], decoder: inout StoreDecoder) throws(ScriptError) -> [(index: Int, value: Value)] {
        guard case .object(let saved)? = stores.first(where: { $0.0 == type.name })?.1 else { return [] }
        var out: [(Int, Value)] = []
        for (name, json) in saved {
            guard let i = type.fieldIndex[name], !type.fields[i].isConstant else { continue }
            let check = type.fields[i].type ?? ScriptType.of(defaults[i])
            do throws(StoreDecoder.Failure) {
                out.append((i, try decoder.decode(json, as: check)))
            } catch {
                throw ScriptError(.storeError(.doesNotFit(store: type.name, field: name, path: file.path, type: "\(check)",
                                                          detail: name + error.path + " " + error.problem)), at: .none)
            }
        }
        return out
    }

    /// The file system refused (`StoreFile`'s words).
    static func storeError(_ message: String) -> ScriptError {
        ScriptError(.storeError(.file(message)), at: .none)
    }

    static func corrupt(_ path: String, _ why: String) -> ScriptError {
        ScriptError(.storeError(.corrupt(path: path, why: why)), at: .none)
    }
}

extension ScriptType {
    /// The type a field without an annotation has: that of its default value.
    static func of(_ value: Value) -> ScriptType {
        switch value {
        case .int: return .int
        case .double: return .double
        case .string: return .string
        case .bool: return .bool
        case .date: return .date
        case .uuid: return .uuid
        case .enumCase(let c): return .enumeration(c.type)
        case .record(let r): return .record(r.type)
        case .array(let items): return .array(items.first.map(ScriptType.of) ?? .any)
        case .dictionary(let d): return .dictionary(.any, d.values.first.map(ScriptType.of) ?? .any)
        default: return .any
        }
    }
}
