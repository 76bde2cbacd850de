/// A small JSON value with a writer and a parser, without Foundation.
/// Used for `--format json` events and answers (and the store file).
public indirect enum JSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case integer(Int)
    case string(String)
    case array([JSON])
    /// Keys in order, so output is stable.
    case object([(String, JSON)])

    public static func == (a: JSON, b: JSON) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.integer(let x), .integer(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)): return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    public subscript(key: String) -> JSON? {
        if case .object(let pairs) = self { return pairs.first { $0.0 == key }?.1 }
        return nil
    }

    /// Compact text on one line.
    public var text: String {
        var out: [UInt8] = []
        write(into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Writes the compact text as UTF-8 (the store's file and the event stream are bytes).
    func write(into out: inout [UInt8]) {
        switch self {
        case .null: JSON.append("null", to: &out)
        case .bool(let b): JSON.append(b ? "true" : "false", to: &out)
        case .integer(let i): JSON.append(String(i), to: &out)
        case .number(let d): JSON.append(d.isFinite ? (d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) + ".0" : String(d)) : "null", to: &out)
        case .string(let s): JSON.writeString(s, into: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let pairs):
            out.append(UInt8(ascii: "{"))
            for (i, (key, value)) in pairs.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSON.writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                value.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    static func append(_ text: String, to out: inout [UInt8]) { out.append(contentsOf: text.utf8) }

    /// A string literal: quotes, backslashes and control characters escaped, everything else as its UTF-8.
    static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"", to: &out)
            case UInt8(ascii: "\\"): append("\\\\", to: &out)
            case UInt8(ascii: "\n"): append("\\n", to: &out)
            case UInt8(ascii: "\r"): append("\\r", to: &out)
            case UInt8(ascii: "\t"): append("\\t", to: &out)
            case 0..<0x20:
                let hex = String(byte, radix: 16)
                append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex, to: &out)
            default:
                out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    // MARK: Parsing

    public struct ParseError: Error, Equatable {
        public var message: String
        public var offset: Int
    }

    /// Parses one JSON text (surrounding blanks allowed). Nesting is bounded, so no input can overflow the stack.
    public static func parse(_ text: String) throws(ParseError) -> JSON {
        var parser = JSONParser(bytes: Array(text.utf8))
        parser.skipBlanks()
        let value = try parser.value(depth: 0)
        parser.skipBlanks()
        guard parser.i == parser.bytes.count else { throw ParseError(message: "unexpected text after the JSON value", offset: parser.i) }
        return value
    }

    /// How deeply arrays and objects may nest in parsed JSON.
    public static let maximumDepth = 512

    /// What the JSON holds, where no type is asked for (a store's field of no declared type, a decoded `[String: Any]`):
    /// numbers, text, arrays, dictionaries with string keys.
    var plainValue: Value {
        switch self {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .integer(let i): return .int(i)
        case .number(let d): return .double(d)
        case .string(let s): return .string(s)
        case .array(let items): return .array(items.map(\.plainValue))
        case .object(let pairs):
            let d = DictionaryStorage()
            for (k, v) in pairs { d.set(.string(k), v.plainValue) }
            return .dictionary(d)
        }
    }
}

struct JSONParser {
    let bytes: [UInt8]
    var i = 0

    mutating func skipBlanks() {
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
    }

    func fail(_ message: String) -> JSON.ParseError { JSON.ParseError(message: message, offset: i) }

    mutating func value(depth: Int) throws(JSON.ParseError) -> JSON {
        guard depth < JSON.maximumDepth else { throw fail("JSON is nested too deeply") }
        guard i < bytes.count else { throw fail("unexpected end of JSON") }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            i += 1
            var pairs: [(String, JSON)] = []
            skipBlanks()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(pairs) }
            while true {
                skipBlanks()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a string key") }
                let key = try string()
                skipBlanks()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':'") }
                i += 1
                skipBlanks()
                pairs.append((key, try value(depth: depth + 1)))
                skipBlanks()
                guard i < bytes.count else { throw fail("unexpected end of JSON") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(pairs) }
                throw fail("expected ',' or '}'")
            }
        case UInt8(ascii: "["):
            i += 1
            var items: [JSON] = []
            skipBlanks()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            while true {
                skipBlanks()
                items.append(try value(depth: depth + 1))
                skipBlanks()
                guard i < bytes.count else { throw fail("unexpected end of JSON") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                throw fail("expected ',' or ']'")
            }
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        default:
            return try number()
        }
    }

    mutating func literal(_ word: String, _ value: JSON) throws(JSON.ParseError) -> JSON {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, Array(bytes[i..<(i + w.count)]) == w else { throw fail("unexpected character") }
        i += w.count
        return value
    }

    mutating func number() throws(JSON.ParseError) -> JSON {
        let start = i
        while i < bytes.count, "+-0123456789.eE".utf8.contains(bytes[i]) { i += 1 }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        if let n = Int(text) { return .integer(n) }
        if let d = Double(text), d.isFinite { return .number(d) }
        i = start
        throw fail(text.isEmpty ? "unexpected character" : "invalid number '\(text)'")
    }

    mutating func string() throws(JSON.ParseError) -> String {
        i += 1
        var out: [UInt8] = []
        while true {
            guard i < bytes.count else { throw fail("unterminated string") }
            let c = bytes[i]
            i += 1
            switch c {
            case UInt8(ascii: "\""):
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard i < bytes.count else { throw fail("unterminated string") }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "n"): out.append(10)
                case UInt8(ascii: "t"): out.append(9)
                case UInt8(ascii: "r"): out.append(13)
                case UInt8(ascii: "b"): out.append(8)
                case UInt8(ascii: "f"): out.append(12)
                case UInt8(ascii: "u"):
                    guard i + 4 <= bytes.count, let v = UInt32(String(decoding: bytes[i..<(i + 4)], as: UTF8.self), radix: 16) else {
                        throw fail("invalid \\u escape")
                    }
                    i += 4
                    var scalarValue = v
                    // A surrogate pair spells one scalar.
                    if (0xD800...0xDBFF).contains(v), i + 6 <= bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u"),
                       let low = UInt32(String(decoding: bytes[(i + 2)..<(i + 6)], as: UTF8.self), radix: 16), (0xDC00...0xDFFF).contains(low) {
                        scalarValue = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)
                        i += 6
                    }
                    out.append(contentsOf: Array(String(Character(Unicode.Scalar(scalarValue) ?? "\u{FFFD}")).utf8))
                default: out.append(e)
                }
            default:
                out.append(c)
            }
        }
    }
}

extension Value {
    /// The value as JSON (SPEC §8, §10): enums as their case name, dates as ISO 8601, records as objects.
    public var json: JSON {
        switch self {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .int(let i): return .integer(i)
        case .double(let d): return .number(d)
        case .string(let s): return .string(s)
        case .array(let items): return .array(items.map(\.json))
        case .dictionary(let d): return .object(zip(d.keys, d.values).map { ($0.description, $1.json) })
        case .range(let lo, let hi): return .array([.integer(lo), .integer(hi)])
        case .closedRange(let lo, let hi): return .array([.integer(lo), .integer(hi)])
        case .date(let d): return .string(DateFormatting.iso8601(d))
        case .tuple(let t):
            if t.labels.allSatisfy({ $0 != nil }) { return .object(zip(t.labels, t.elements).map { ($0 ?? "", $1.json) }) }
            return .array(t.elements.map(\.json))
        case .enumCase(let c):
            // A case with associated values as Swift's Codable writes it: `{"circle": {"radius": 2.0}}`, `{"num": {"_0": 3}}`.
            guard !c.payload.isEmpty else { return .string(c.name) }
            return .object([(c.name, .object(c.payload.indices.map { (EnumCase.key(c.payloadLabels, $0), c.payload[$0].json) }))])
        case .symbol(let s): return .string(s)
        case .record(let r): return .object(zip(r.type.fields, r.fields).map { ($0.name, $1.json) })
        case .store(let s): return .object(zip(s.type.fields, s.fields).filter { !$0.0.isConstant }.map { ($0.name, $1.json) })
        case .function: return .string("(function)")
        case .intent(let i):
            return .object([("intent", .string(i.type.name)),
                            ("parameters", .object(zip(i.type.parameters, i.arguments).filter { !$1.isNull }.map { ($0.name, $1.json) }))])
        case .view(let v): return .object([("view", .string(v.name))])
        case .native(let o): return .string(o.description)
        case .result(let r): return .object(r.parts.map { ($0.label, $0.value.json) })
        case .option(let o): return .object([("title", o.title.json), ("style", .string(o.style.rawValue))])
        case .uuid(let u): return .string(u.uuidString)
        case .type(let t): return .string(t.name)
        case .cell(let c): return c.value.json
        }
    }
}
