import ShortcutSyntax

/// How values read as text (SPEC §3): `print` and interpolation use
/// `description`; inside collections strings are quoted (`debugDescription`),
/// as in Swift.
extension Value: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String {
        switch self {
        case .string(let s): return s
        case .enumCase(let c): return c.text
        case .symbol(let s): return s
        case .cell(let c): return c.value.description
        case .record(let r): return r.type.plainName + r.fieldsText
        case .range(let lo, let hi): return "\(lo)..<\(hi)"
        case .closedRange(let lo, let hi): return "\(lo)...\(hi)"
        default: return debugDescription
        }
    }

    public var debugDescription: String {
        switch self {
        case .null: return "nil"
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d): return formatDouble(d)
        case .string(let s): return swiftQuoted(s)
        case .array(let items): return "[" + items.map(\.debugDescription).joined(separator: ", ") + "]"
        case .dictionary(let d):
            if d.count == 0 { return "[:]" }
            return "[" + zip(d.keys, d.values).map { "\($0.debugDescription): \($1.debugDescription)" }.joined(separator: ", ") + "]"
        // Inside a collection or another value, or by `debugPrint`, Swift names the range's type: `[ClosedRange(1...3)]`.
        case .range: return "Range(" + description + ")"
        case .closedRange: return "ClosedRange(" + description + ")"
        case .date(let d): return DateFormatting.iso8601(d)
        case .tuple(let t):
            return "(" + zip(t.labels, t.elements).map { ($0.map { "\($0): " } ?? "") + $1.debugDescription }.joined(separator: ", ") + ")"
        case .enumCase(let c): return c.type.modulePath + "." + c.text
        case .symbol(let s): return "." + s
        // Inside a collection or another value, Swift names a struct with its module (`[main.Point(x: 1)]`); printed
        // itself, without (`description`).
        case .record(let r): return r.type.qualifiedName + r.fieldsText
        // Swift prints a class instance by its module and name (`counter.Counter`).
        case .store(let s): return s.type.kind == .class ? s.type.modulePath : s.type.plainName
        case .function: return "(Function)"   // as Swift prints any function value
        case .intent(let i):
            let args = zip(i.type.parameters, i.arguments).filter { !$1.isNull }.map { "\($0.name): \($1.debugDescription)" }
            return i.type.name + "(" + args.joined(separator: ", ") + ")"
        case .view(let v):
            // `Text("\(Image(systemName: "ticket.fill")) Tickets")`: an image in text is its symbol.
            if v.kind == .image, case .string(let name)? = v.property("systemName") ?? v.property("name") {
                return SymbolGlyphs.table[name]?.unicode ?? "(\(name))"
            }
            return v.name + "(…)"
        case .native(let o): return o.description
        case .result(let r): return ".result(" + r.parts.map { "\($0.label): \($0.value.debugDescription)" }.joined(separator: ", ") + ")"
        case .option(let o): return "IntentChoiceOption(title: \(o.title.debugDescription), style: .\(o.style.rawValue))"
        case .uuid(let u): return u.uuidString
        case .type(let t): return ScriptType.plainName(t.name)
        case .cell(let c): return c.value.debugDescription
        }
    }

    /// The type's name as messages show it.
    public var typeName: String {
        switch self {
        case .null: return "nil"
        case .bool: return "Bool"
        case .int: return "Int"
        case .double: return "Double"
        case .string: return "String"
        case .array: return "Array"
        case .dictionary: return "Dictionary"
        case .range, .closedRange: return "Range"
        case .date: return "Date"
        case .tuple: return "Tuple"
        case .enumCase(let c): return c.type.name
        case .symbol(let s): return "." + s
        case .record(let r): return r.type.name
        case .store(let s): return s.type.name
        case .function: return "function"
        case .intent(let i): return i.type.name
        case .view: return "View"
        case .native(let o): return o.typeName
        case .result: return "IntentResult"
        case .option: return "IntentChoiceOption"
        case .uuid: return "UUID"
        case .type(let t): return t.name + ".Type"
        case .cell(let c): return c.value.typeName
        }
    }
}

/// Swift's spelling of a Double: `3.0`, `0.1`, `1e+20`.
/// A Double as Swift's `print` and interpolation show it (`3.0`, `inf`, `-nan`:
/// unlike `String(d)`, which drops a NaN's sign).
func formatDouble(_ d: Double) -> String {
    "\(d)"
}

/// Dates as text without Foundation: ISO 8601 for data, a short local form for people.
enum DateFormatting {
    /// `2026-11-29T16:05:00Z`
    static func iso8601(_ seconds: Double) -> String {
        guard Limits.isRepresentableDate(seconds) else { return "(date out of range)" }
        let (y, m, d) = civil(fromDays: Int((seconds / 86_400).rounded(.down)))
        let secondsOfDay = Int(seconds - Double(Int((seconds / 86_400).rounded(.down))) * 86_400)
        return "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(secondsOfDay / 3600, 2)):\(pad(secondsOfDay / 60 % 60, 2)):\(pad(secondsOfDay % 60, 2))Z"
    }

    /// Parses `2026-11-29`, `2026-11-29T16:05:00Z` or with an offset (`+01:00`).
    static func parseISO8601(_ text: String) -> Double? {
        let chars = Array(text.utf8)
        func number(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= chars.count else { return nil }
            var n = 0
            for c in chars[from..<(from + count)] {
                guard c >= 48, c <= 57 else { return nil }
                n = n * 10 + Int(c - 48)
            }
            return n
        }
        guard let y = number(0, 4), chars.count >= 10, chars[4] == 45, let m = number(5, 2), chars[7] == 45, let d = number(8, 2),
              (1...12).contains(m), (1...31).contains(d) else { return nil }
        var seconds = Double(days(fromCivil: y, m, d)) * 86_400
        if chars.count == 10 { return seconds }
        guard chars.count >= 19, chars[10] == 84 || chars[10] == 32, let hh = number(11, 2), chars[13] == 58, let mm = number(14, 2),
              chars[16] == 58, let ss = number(17, 2), hh < 24, mm < 60, ss < 61 else { return nil }
        seconds += Double(hh * 3600 + mm * 60 + ss)
        var i = 19
        if i < chars.count, chars[i] == 46 { i += 1; while i < chars.count, chars[i] >= 48, chars[i] <= 57 { i += 1 } }
        if i == chars.count { return seconds }
        if chars[i] == 90, i + 1 == chars.count { return seconds }
        guard chars.count == i + 6, chars[i] == 43 || chars[i] == 45, let oh = number(i + 1, 2), chars[i + 3] == 58, let om = number(i + 4, 2) else { return nil }
        let offset = Double(oh * 3600 + om * 60)
        return chars[i] == 43 ? seconds - offset : seconds + offset
    }

    /// `11/29/2026, 4:05 PM` in local time.
    static func short(_ seconds: Double) -> String {
        guard Limits.isRepresentableDate(seconds) else { return "(date out of range)" }
        let t = Platform.localTime(seconds)
        return "\(t.month)/\(t.day)/\(t.year), \(clock(hour: t.hour, minute: t.minute))"
    }

    /// `4:05 PM`: a 24-hour time on the 12-hour clock.
    static func clock(hour: Int, minute: Int) -> String {
        "\(hour12(hour)):\(pad(minute, 2)) \(hour < 12 ? "AM" : "PM")"
    }

    /// The hour on the 12-hour clock: 16 is 4, 0 and 12 are 12.
    static func hour12(_ hour: Int) -> Int { hour % 12 == 0 ? 12 : hour % 12 }

    static func pad(_ n: Int, _ width: Int) -> String {
        let s = String(n)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }

    /// Howard Hinnant's `civil_from_days`.
    static func civil(fromDays z0: Int) -> (Int, Int, Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let y = yoe + era * 400
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (m <= 2 ? y + 1 : y, m, d)
    }

    static func days(fromCivil y0: Int, _ m: Int, _ d: Int) -> Int {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}

extension Record {
    /// `(x: 1, name: "a")`: the fields as Swift prints a struct's (a `lazy var`'s by the name Swift gives its storage).
    var fieldsText: String {
        let shown = zip(type.fields, fields).map { field, value in
            Value.shownField(type.lazyProperties[field.name] == nil ? field.name : "$__lazy_storage_$_" + field.name, value)
        }
        return "(" + shown.map { "\($0.name): \($0.value.debugDescription)" }.joined(separator: ", ") + ")"
    }
}

extension Value {
    /// A field as Swift shows it: a `weak var`'s storage (`PropertyWrappers.weakAsWrapped`, `__weak_parent` holding the
    /// prelude's wrapper) as the property, with the instance it refers to (nil once gone); any other as it is.
    static func shownField(_ name: String, _ value: Value) -> (name: String, value: Value, isWeak: Bool) {
        guard name.hasPrefix("__weak_"), case .record(let r) = value,
              [PropertyWrappers.weakWrapper, PropertyWrappers.unownedWrapper].contains(r.type.root.name),
              case .native(let reference as WeakReference)? = r.fields.first else { return (name, value, false) }
        return (String(name.dropFirst("__weak_".count)), reference.value, r.type.root.name == PropertyWrappers.weakWrapper)
    }
}

extension RecordType {
    /// The name Swift gives a struct inside a printed collection: with its module (`main.Point`). The concise form's
    /// entities and stores have no Swift counterpart and keep their plain name.
    var qualifiedName: String { kind == .struct ? modulePath : plainName }

    /// The name Swift prints a value of the type with on its own: a nested type's own (`Inner` of `A.Inner`).
    var plainName: String { ScriptType.plainName(name) }

    /// The type named with its module, a use of a generic type with its arguments' modules too (`main.Box<Swift.Int>`),
    /// as Swift names a class's instance and a struct inside another value.
    var modulePath: String { ScriptType.modulePath(module, template?.name ?? name, template.map { _ in typeArguments }) }
}

extension EnumType {
    /// `RecordType.modulePath` for an enum (`main.Tree<Swift.Int>`).
    var modulePath: String { ScriptType.modulePath(module, template?.name ?? name, template.map { _ in typeArguments }) }
}

extension ScriptType {
    /// A declared type's name with its module, and a generic type's arguments with theirs (`main.Box<Swift.Int>`).
    /// A nested type's own name, as Swift prints its values and its type (`Inner` of `A.Inner`, `Box<A.Kind>` of
    /// `A.Box<A.Kind>`): the part after the last dot before any generic arguments.
    static func plainName(_ name: String) -> String {
        let head = name.prefix { $0 != "<" }
        guard let dot = head.lastIndex(of: ".") else { return name }
        return String(name[name.index(after: dot)...])
    }

    static func modulePath(_ module: String, _ name: String, _ arguments: [ScriptType]?) -> String {
        module + "." + name + (arguments.map { "<" + $0.map(\.modulePath).joined(separator: ", ") + ">" } ?? "")
    }

    /// As Swift spells a generic argument in a type named with its module (`Swift.Array<Swift.Int>`, `main.Point`).
    var modulePath: String {
        switch self {
        case .int, .double, .string, .bool: return "Swift." + description
        case .date, .uuid: return "Foundation." + description
        case .array(let e): return "Swift.Array<\(e.modulePath)>"
        case .set(let e): return "Swift.Set<\(e.modulePath)>"
        case .optional(let w): return "Swift.Optional<\(w.modulePath)>"
        case .dictionary(let k, let v): return "Swift.Dictionary<\(k.modulePath), \(v.modulePath)>"
        case .tuple(let ts, let labels):
            return "(" + ts.indices.map { (ScriptType.label(labels, $0).map { "\($0): " } ?? "") + ts[$0].modulePath }.joined(separator: ", ") + ")"
        case .record(let r): return r.modulePath
        case .enumeration(let e): return e.modulePath
        default: return genericSpelling
        }
    }
}
