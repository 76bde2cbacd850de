/// Swift's synthesised `Codable`, through Foundation's `JSONEncoder` and `JSONDecoder` (`StandardJSON`), as this
/// machine's Foundation writes and reads it: a struct or class is an object of its stored properties (a nil one left
/// out), an enum with a raw type its raw value, one without `{"case":{}}` or `{"case":{"_0":…,"label":…}}`, a `Date`
/// the seconds since 2001-01-01, a `UUID` its text, a dictionary with `String` or `Int` keys an object. Keys are in
/// the order declared (Foundation's own order varies from run to run), or sorted with `.sortedKeys`; `.prettyPrinted`
/// indents by two spaces with ` : ` after a key; a `/` is written `\/` unless `.withoutEscapingSlashes`.
enum CodableJSON {
    /// Seconds from 1970 to 2001-01-01, Foundation's reference date.
    static let referenceDate = 978_307_200.0

    struct Failure: Error {
        /// `keyNotFound`, `typeMismatch`, `valueNotFound` or `dataCorrupted`, as `DecodingError`'s cases.
        let kind: String
        /// The context's `debugDescription`, in Foundation's words.
        let message: String
        /// The key not found, or the type that was wanted (empty for `dataCorrupted`).
        var subject = ""
        /// The context's `codingPath`: each key, and `Index 2` for an array's element, as Foundation names them.
        var path: [String] = []
    }

    // MARK: Encoding

    /// The JSON text of a value; nil when it nests more deeply than JSON text may here (`JSON.maximumDepth`, as the
    /// reader allows), which would make a pretty-printed text grow with the square of its depth.
    static func text(_ value: Value, formatting: Set<String>, _ program: Program) -> String? {
        guard depth(of: value, limit: JSON.maximumDepth) <= JSON.maximumDepth else { return nil }
        var out = ""
        let keys: (String) -> String = formatting.contains("convertToSnakeCase") ? { snakeCase($0) } : { $0 }
        write(json(value, program, keys: keys), into: &out, pretty: formatting.contains("prettyPrinted"), sorted: formatting.contains("sortedKeys"),
              escapesSlashes: !formatting.contains("withoutEscapingSlashes"), indent: 0)
        return out
    }

    /// How deeply arrays, dictionaries, structs and enums nest in the value, counted no further than past `limit`.
    static func depth(of value: Value, limit: Int) -> Int {
        guard limit >= 0 else { return 1 }
        let inner: [Value]
        switch value {
        case .array(let items): inner = items
        case .tuple(let t): inner = t.elements
        case .dictionary(let d): inner = d.values
        case .record(let r): inner = r.fields
        case .store(let s): inner = s.fields
        case .enumCase(let c): inner = c.payload
        default: return 0
        }
        return 1 + (inner.lazy.map { depth(of: $0, limit: limit - 1) }.max() ?? 0)
    }

    /// `keys` converts each coding key (a type's, an enum case's), not a dictionary's keys, as Foundation's strategies do.
    static func json(_ value: Value, _ program: Program, keys: (String) -> String = { $0 }) -> JSON {
        func json(_ v: Value) -> JSON { CodableJSON.json(v, program, keys: keys) }
        switch value {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .int(let i): return .integer(i)
        case .double(let d): return .number(d)
        case .string(let s): return .string(s)
        case .date(let d): return .number(d - referenceDate)
        case .uuid(let u): return .string(u.uuidString)
        case .array(let items): return .array(items.map(json))
        case .tuple(let t): return .array(t.elements.map(json))
        case .dictionary(let d):
            // Keyed by text or by numbers, an object; by anything else (an enum), its keys and values in turn, as Swift's is.
            guard d.keys.allSatisfy({ if case .string = $0 { true } else if case .int = $0 { true } else { false } }) else {
                return .array(zip(d.keys, d.values).flatMap { [json($0), json($1)] })
            }
            return .object(zip(d.keys, d.values).map { key, item in
                if case .string(let s) = key { return (s, json(item)) }
                return (key.description, json(item))
            })
        case .record(let r):
            // Foundation's `URL` (written in the language) encodes as its text.
            if r.type.name == "URL", let i = r.type.fieldIndex["absoluteString"] { return json(r[field: i]) }
            // `Data` (`StandardJSON`'s, UTF-8 text) encodes as Foundation's does: its bytes in Base64.
            if r.type.name == "Data", let i = r.type.fieldIndex["utf8Text"], case .string(let text) = r[field: i] { return .string(base64(Array(text.utf8))) }
            // `Decimal` (`StandardDecimal`'s) encodes as its number.
            if let i = r.type.decimalField, case .double(let d) = r[field: i] { return .number(d) }
            return object(r.type, r.fields, program, keys: keys)
        case .store(let s): return object(s.type, s.fields, program, keys: keys)
        case .enumCase(let c):
            if c.type.rawType != nil { return json(c.rawValue) }
            let payload = c.payload
            return .object([(keys(c.name), .object(payload.indices.map { (keys(EnumCase.key(c.payloadLabels, $0)), json(payload[$0])) }))])
        default: return .string(value.description)
        }
    }

    /// A struct's or class's stored properties by name (or by its `CodingKeys`), in the order declared; a nil one is
    /// left out.
    static func object(_ type: RecordType, _ fields: [Value], _ program: Program, keys convert: (String) -> String) -> JSON {
        let keys = codingKeys(of: type, program)
        return .object(zip(type.fields, fields).compactMap { field, value in
            if case .null = value { return nil }
            guard let key = keys.map({ $0[field.name] }) ?? field.name else { return nil }
            return (convert(key), json(value, program, keys: convert))
        })
    }

    /// `enum CodingKeys: String, CodingKey { case name = "item_name", qty }` declared in the type: each property's key
    /// (a property it does not list is not coded); nil when the type declares none.
    static func codingKeys(of type: RecordType, _ program: Program) -> [String: String]? {
        guard let keys = program.enums[type.root.name + ".CodingKeys"] else { return nil }
        return keys.cases.reduce(into: [:]) { map, c in
            if case .string(let raw) = c.rawValue { map[c.name] = raw } else { map[c.name] = c.name }
        }
    }

    static func write(_ json: JSON, into out: inout String, pretty: Bool, sorted: Bool, escapesSlashes: Bool, indent: Int) {
        // Made only for `.prettyPrinted`: deep values would otherwise hold a line's indent at every level.
        let inner = pretty ? String(repeating: " ", count: indent + 2) : "", outer = pretty ? String(repeating: " ", count: indent) : ""
        switch json {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .integer(let i): out += String(i)
        case .number(let d):
            // Swift's text of the number, a whole one without `.0` (`1`, `0.1`, `1e+20`, `-0`).
            var text = d.isFinite ? formatDouble(d) : "null"
            if text.hasSuffix(".0") { text.removeLast(2) }
            out += text
        case .string(let s): writeString(s, into: &out, escapesSlashes: escapesSlashes)
        case .array(let items):
            out += "["
            if pretty { out += "\n" }
            for (i, item) in items.enumerated() {
                if pretty { out += inner }
                write(item, into: &out, pretty: pretty, sorted: sorted, escapesSlashes: escapesSlashes, indent: indent + 2)
                if i < items.count - 1 { out += "," }
                if pretty { out += "\n" }
            }
            if pretty { out += (items.isEmpty ? "\n" : "") + outer }
            out += "]"
        case .object(let unsorted):
            let pairs = sorted ? unsorted.sorted { $0.0 < $1.0 } : unsorted
            out += "{"
            if pretty { out += "\n" }
            for (i, (key, item)) in pairs.enumerated() {
                if pretty { out += inner }
                writeString(key, into: &out, escapesSlashes: escapesSlashes)
                out += pretty ? " : " : ":"
                write(item, into: &out, pretty: pretty, sorted: sorted, escapesSlashes: escapesSlashes, indent: indent + 2)
                if i < pairs.count - 1 { out += "," }
                if pretty { out += "\n" }
            }
            if pretty { out += (pairs.isEmpty ? "\n" : "") + outer }
            out += "}"
        }
    }

    static func writeString(_ s: String, into out: inout String, escapesSlashes: Bool) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "/" where escapesSlashes: out += "\\/"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    // MARK: Decoding

    /// The value of `type` the text encodes, or why it does not.
    static func value(_ text: String, as type: ScriptType, convertingFromSnakeCase: Bool = false, _ program: Program) throws(Failure) -> Value {
        let json: JSON
        do { json = try JSON.parse(text) } catch {
            throw Failure(kind: "dataCorrupted", message: "The given data was not valid JSON.")
        }
        return try decode(json, as: type, path: [], program, convert: convertingFromSnakeCase ? { camelCase($0) } : { $0 })
    }

    /// `convert` converts each key of the text before it is matched with a coding key (not a dictionary's keys).
    static func decode(_ json: JSON, as type: ScriptType, path: [String], _ program: Program, convert: (String) -> String = { $0 }) throws(Failure) -> Value {
        func decode(_ json: JSON, as type: ScriptType, path: [String]) throws(Failure) -> Value { try CodableJSON.decode(json, as: type, path: path, program, convert: convert) }
        func mismatch(_ wanted: String) -> Failure {
            Failure(kind: "typeMismatch", message: "Expected to decode \(wanted) but found \(kind(of: json)) instead.", subject: wanted, path: path)
        }
        func keyNotFound(_ key: String, at path: [String]) -> Failure {
            Failure(kind: "keyNotFound", message: "No value associated with key CodingKeys(stringValue: \"\(key)\", intValue: nil) (\"\(key)\").",
                    subject: key, path: path)
        }
        switch (type, json) {
        case (.optional, .null): return .null
        case (.optional(let inner), _): return try decode(json, as: inner, path: path)
        case (_, .null) where !type.isUnknown:
            throw Failure(kind: "valueNotFound", message: "Cannot get value of type \(type) -- found null value instead", subject: type.description, path: path)
        case (.any, _): return json.plainValue
        case (.int, .integer(let i)): return .int(i)
        case (.int, .number(let d)) where d == d.rounded() && abs(d) < 9e18: return .int(Int(d))
        case (.int, _): throw mismatch("Int")
        case (.double, .integer(let i)): return .double(Double(i))
        case (.double, .number(let d)): return .double(d)
        case (.double, _): throw mismatch("Double")
        case (.string, .string(let s)): return .string(s)
        case (.string, _): throw mismatch("String")
        case (.bool, .bool(let b)): return .bool(b)
        case (.bool, _): throw mismatch("Bool")
        case (.date, .integer(let i)): return .date(Double(i) + referenceDate)
        case (.date, .number(let d)): return .date(d + referenceDate)
        case (.date, _): throw mismatch("Double")
        case (.uuid, .string(let s)):
            guard let u = UUIDValue(string: s) else { throw Failure(kind: "dataCorrupted", message: "Attempted to decode UUID from invalid UUID string.", path: path) }
            return .uuid(u)
        case (.array(let element), .array(let items)), (.set(let element), .array(let items)):
            var out: [Value] = []
            for (i, item) in items.enumerated() { out.append(try decode(item, as: element, path: path + ["Index \(i)"])) }
            return .array(out)
        case (.array, _), (.set, _): throw mismatch("Array")
        case (.dictionary(let keyType, let valueType), .object(let pairs)):
            let d = DictionaryStorage()
            for (key, item) in pairs {
                let k: Value
                if case .int = keyType {
                    guard let n = Int(key) else { throw mismatch("Int key") }
                    k = .int(n)
                } else {
                    k = .string(key)
                }
                d.set(k, try decode(item, as: valueType, path: path + [key]))
            }
            return .dictionary(d)
        case (.dictionary(let keyType, let valueType), .array(let items)) where items.count % 2 == 0:
            // Keyed by anything but text or numbers: its keys and values in turn.
            let d = DictionaryStorage()
            for i in stride(from: 0, to: items.count, by: 2) {
                d.set(try decode(items[i], as: keyType, path: path + ["Index \(i)"]), try decode(items[i + 1], as: valueType, path: path + ["Index \(i + 1)"]))
            }
            return .dictionary(d)
        case (.dictionary, _): throw mismatch("Dictionary")
        case (.enumeration(let e), _) where e.rawType != nil:
            let raw = try decode(json, as: e.rawType ?? .any, path: path)
            guard let c = e.cases.first(where: { $0.rawValue == raw }) else {
                throw Failure(kind: "dataCorrupted", message: "Cannot initialize \(e.name) from invalid \(e.rawType.map { "\($0)" } ?? "") value \(raw.description)", path: path)
            }
            return .enumCase(c)
        case (.enumeration(let e), .object(let pairs)) where pairs.count == 1:
            guard let c = e.lookup(convert(pairs[0].0)), case .object(let fields) = pairs[0].1 else { throw mismatch(e.name) }
            var values: [Value] = []
            for (i, payloadType) in (c.payloadTypes ?? []).enumerated() {
                let key = EnumCase.key(c.payloadLabels, i)
                guard let item = fields.first(where: { convert($0.0) == key })?.1 else {
                    throw keyNotFound(key, at: path + [c.name])
                }
                values.append(try decode(item, as: payloadType, path: path + [c.name, key]))
            }
            return .enumCase(values.isEmpty ? c : c.with(values))
        case (.record(let r), .object(let pairs)) where r.kind != .store && r.kind != .class:
            if r.name == "URL" { throw mismatch("URL") }
            var fields = [Value](repeating: .null, count: r.fields.count)
            let keys = codingKeys(of: r, program)
            for (i, field) in r.fields.enumerated() {
                let fieldType = field.type ?? .any
                guard let key = keys.map({ $0[field.name] }) ?? field.name else { continue }
                guard let item = pairs.first(where: { convert($0.0) == key })?.1 else {
                    if fieldType.isOptional { continue }
                    throw keyNotFound(key, at: path)
                }
                fields[i] = try decode(item, as: fieldType, path: path + [key])
            }
            return .record(Record.make(type: r, fields: fields))
        case (.record(let r), .string(let s)) where r.name == "Data":
            guard let i = r.fieldIndex["utf8Text"], let bytes = unbase64(s) else { throw Failure(kind: "dataCorrupted", message: "Encountered Data is not valid Base64.", path: path) }
            var fields = [Value](repeating: .null, count: r.fields.count)
            fields[i] = .string(String(decoding: bytes, as: UTF8.self))
            return .record(Record.make(type: r, fields: fields))
        case (.record(let r), .string(let s)) where r.name == "URL":
            guard let i = r.fieldIndex["absoluteString"], !s.isEmpty else { throw Failure(kind: "dataCorrupted", message: "Invalid URL string.", path: path) }
            var fields = [Value](repeating: .null, count: r.fields.count)
            fields[i] = .string(s)
            return .record(Record.make(type: r, fields: fields))
        case (.record(let r), .integer) where r.decimalField != nil, (.record(let r), .number) where r.decimalField != nil:
            guard case .double(let d) = try decode(json, as: .double, path: path) else { throw mismatch(r.name) }
            return .record(Record.make(type: r, fields: [.double(d)]))
        case (.record(let r), _): throw mismatch(r.name)
        default: throw mismatch("\(type)")
        }
    }

    static let base64Digits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Bytes in Base64, padded with `=`, as `Data`'s `Codable` writes them.
    static func base64(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            let n = min(3, bytes.count - i)
            let chunk = (UInt32(bytes[i]) << 16) | (n > 1 ? UInt32(bytes[i + 1]) << 8 : 0) | (n > 2 ? UInt32(bytes[i + 2]) : 0)
            for k in 0..<4 { out.append(k <= n ? base64Digits[Int((chunk >> (18 - 6 * UInt32(k))) & 63)] : UInt8(ascii: "=")) }
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Base64 text's bytes; nil for text that is not Base64.
    static func unbase64(_ text: String) -> [UInt8]? {
        var values: [UInt32] = []
        for c in text.utf8 where c != UInt8(ascii: "=") {
            guard let v = base64Digits.firstIndex(of: c) else { return nil }
            values.append(UInt32(v))
        }
        guard values.count % 4 != 1 else { return nil }
        var out: [UInt8] = []
        var i = 0
        while i < values.count {
            let n = min(4, values.count - i)
            var chunk: UInt32 = 0
            for k in 0..<4 { chunk = chunk << 6 | (k < n ? values[i + k] : 0) }
            for k in 0..<(n - 1) { out.append(UInt8((chunk >> (16 - 8 * UInt32(k))) & 255)) }
            i += 4
        }
        return out
    }

    static func kind(of json: JSON) -> String {
        switch json {
        case .null: return "null"
        case .bool: return "a bool"
        case .integer, .number: return "number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "a dictionary"
        }
    }

    /// The type a `T.self` value names where a program decodes it (`Item.self`, `[Item].self`), read from the value:
    /// a type, or the text the checker spells a collection type with (`Array<Item>`).
    static func type(of value: Value, _ program: Program) -> ScriptType? {
        switch value {
        case .type(.record(let r)): return .record(r)
        case .type(.enumeration(let e)): return .enumeration(e)
        case .type(.builtin(let b)): return type(spelled: b.rawValue, program)
        case .symbol(let spelled), .string(let spelled): return type(spelled: spelled, program)
        default: return nil
        }
    }

    /// `Array<Item>`, `Dictionary<String, Int>`, `Optional<Int>`, `Int`, `Item`, `Page<Int>`: the type a spelling names.
    static func type(spelled text: String, _ program: Program) -> ScriptType? {
        let s = text.trimmingWhitespace()
        if let open = s.firstIndex(of: "<"), s.hasSuffix(">") {
            let name = String(s[..<open])
            let inside = String(s[s.index(after: open)..<s.index(before: s.endIndex)])
            var depth = 0, parts: [String] = [], current = ""
            for c in inside {
                if c == "<" { depth += 1 } else if c == ">" { depth -= 1 }
                if c == ",", depth == 0 { parts.append(current); current = "" } else { current.append(c) }
            }
            parts.append(current)
            let types = parts.compactMap { type(spelled: $0, program) }
            guard types.count == parts.count else { return nil }
            switch (name, types.count) {
            case ("Array", 1): return .array(types[0])
            case ("Set", 1): return .set(types[0])
            case ("Optional", 1): return .optional(types[0])
            case ("Dictionary", 2): return .dictionary(types[0], types[1])
            default:
                // A use of a generic type of the program's (`Page<Int>`), by the name the checker gave it.
                for made in program.specializedTypes {
                    if let r = made as? RecordType, r.name == s { return .record(r) }
                    if let e = made as? EnumType, e.name == s { return .enumeration(e) }
                }
                return nil
            }
        }
        switch s {
        case "Int": return .int
        case "Double": return .double
        case "String": return .string
        case "Bool": return .bool
        case "Date": return .date
        case "UUID": return .uuid
        case "Any": return .any
        default: return program.records[s].map { .record($0) } ?? program.enums[s].map { .enumeration($0) }
        }
    }
}
