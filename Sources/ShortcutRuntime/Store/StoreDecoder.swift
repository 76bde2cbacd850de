import ShortcutSyntax

/// Reads a saved value back as its declared type wants it, and says exactly
/// where it does not fit (`entries[2].text is missing`), so a store that no
/// longer fits the program is refused whole, never half-read.
struct StoreDecoder {
    /// Where and why a value does not fit: `[2].text` and `is missing`.
    struct Failure: Error {
        var path: String
        var problem: String

        func inside(_ step: String) -> Failure { Failure(path: step + path, problem: problem) }
    }

    /// Record properties the file lacks that have a default: the interpreter fills them.
    private(set) var missingDefaults: [(record: Record, field: Int)] = []

    /// A value from JSON as `check` wants it (`.any`: as JSON says).
    mutating func decode(_ json: JSON, as check: ScriptType) throws(Failure) -> Value {
        switch (check, json) {
        case (.optional, .null): return .null
        case (.optional(let inner), _): return try decode(json, as: inner)
        case (.int, .integer(let i)): return .int(i)
        case (.double, .integer(let i)): return .double(Double(i))
        case (.double, .number(let d)): return .double(d)
        case (.string, .string(let s)): return .string(s)
        case (.bool, .bool(let b)): return .bool(b)
        case (.date, .string(let s)):
            if let d = DateFormatting.parseISO8601(s) { return .date(d) }
        case (.date, .number(let d)) where Limits.isRepresentableDate(d): return .date(d)
        case (.uuid, .string(let s)):
            if let u = UUIDValue(string: s) { return .uuid(u) }
        case (.enumeration(let e), .string(let name)):
            if let c = e.lookup(name), c.payloadTypes == nil { return .enumCase(c) }
        case (.enumeration(let e), .object(let pairs)) where pairs.count == 1:
            guard let c = e.lookup(pairs[0].0), let types = c.payloadTypes, case .object(let fields) = pairs[0].1 else { break }
            var values: [Value] = []
            for (i, type) in types.enumerated() {
                let key = EnumCase.key(c.payloadLabels, i)
                guard let item = fields.first(where: { $0.0 == key })?.1 else {
                    throw Failure(path: ".\(c.name).\(key)", problem: "is missing, and \(e.name).\(c.name) requires it")
                }
                do throws(Failure) { values.append(try decode(item, as: type)) } catch { throw error.inside(".\(c.name).\(key)") }
            }
            return .enumCase(c.with(values))
        case (.set(let element), .array):
            // A set is kept as its elements; a file that repeats one still reads as the set.
            guard case .array(let items) = try decode(json, as: .array(element)) else { break }
            var unique: [Value] = []
            for item in items where !unique.contains(item) { unique.append(item) }
            return .array(unique)
        case (.array(let element), .array(let items)):
            var out: [Value] = []
            out.reserveCapacity(items.count)
            for (i, item) in items.enumerated() {
                do throws(Failure) { out.append(try decode(item, as: element)) } catch { throw error.inside("[\(i)]") }
            }
            return .array(out)
        case (.dictionary(let keyType, let valueType), .object(let pairs)):
            let d = DictionaryStorage()
            for (key, item) in pairs {
                let k: Value
                switch keyType {
                case .int:
                    guard let n = Int(key) else { throw Failure(path: "", problem: "has the key \(quoted(key, limit: 40)), not an Int") }
                    k = .int(n)
                default: k = .string(key)
                }
                do throws(Failure) { d.set(k, try decode(item, as: valueType)) } catch { throw error.inside("[\(quoted(key, limit: 40))]") }
            }
            return .dictionary(d)
        case (.record(let r), .object(let pairs)) where r.kind != .store:
            var fields = [Value](repeating: .null, count: r.fields.count)
            var present = [Bool](repeating: false, count: r.fields.count)
            for (name, item) in pairs {
                guard let i = r.fieldIndex[name] else { continue }
                do throws(Failure) { fields[i] = try decode(item, as: r.fields[i].type ?? .any) } catch { throw error.inside(".\(name)") }
                present[i] = true
            }
            let record = Record.make(type: r, fields: fields)
            for (i, field) in r.fields.enumerated() where !present[i] {
                if field.hasDefault {
                    missingDefaults.append((record, i))
                } else if case .optional? = field.type {
                    continue
                } else {
                    throw Failure(path: ".\(field.name)", problem: "is missing, and \(r.name) requires it")
                }
            }
            return .record(record)
        case (.any, _):
            return json.plainValue
        default:
            break
        }
        throw Failure(path: "", problem: "is \(quoted(json.text, limit: 60)), which does not fit \(check)")
    }
}
