import ShortcutSyntax

/// What a person's answer means: options for a type, parsing an answer, display titles.
extension Interpreter {
    // MARK: Answers

    /// The numbered options a value request offers (empty for free text and numbers).
    func options(for check: ScriptType, site: SourceRange) throws(ScriptError) -> [(title: String, value: Value)] {
        switch check {
        case .enumeration(let e):
            return e.cases.map { ($0.title, .enumCase($0)) }
        case .bool:
            return [("Yes", .bool(true)), ("No", .bool(false))]
        case .array(let element):
            return try options(for: element, site: site)   // each element is one of them
        case .record(let r) where r.kind == .entity:
            guard let suggested = r.query["suggested"] else { return [] }
            guard case .array(let items) = try run(suggested) else {
                throw ScriptError.runtime(.queryResultNotArray(entity: r.name), at: site)
            }
            return try titled(items, site: site)
        default:
            return []
        }
    }

    /// Values offered as options, each with the title it is shown by.
    func titled(_ items: [Value], site: SourceRange) throws(ScriptError) -> [(title: String, value: Value)] {
        var out: [(title: String, value: Value)] = []
        for item in items { out.append((try displayTitle(item, site: site), item)) }
        return out
    }

    /// Reads an answer per the type (SPEC §10): numbers, ISO dates, yes/no, an
    /// option by number, or an enum case or entity by name, title or id.
    func parseAnswer(_ raw: String, as check: ScriptType, options: [(title: String, value: Value)]) -> Answer {
        let text = raw.trimmingWhitespace()
        // An array's elements, separated by commas (`Dune, Emma`; `1, 3` of the options); nothing for none.
        if case .array(let element) = check {
            var values: [Value] = []
            for part in text.split(separator: ",", omittingEmptySubsequences: true) {
                switch parseAnswer(String(part).trimmingWhitespace(), as: element, options: options) {
                case .value(let v): values.append(v)
                case .invalid(let why): return .invalid("'\(String(part).trimmingWhitespace())': \(why) (a list is its items separated by commas)")
                case .cancel: return .cancel
                }
            }
            return .value(.array(values))
        }
        if !options.isEmpty, let n = Int(text) {
            guard n >= 1, n <= options.count else { return .invalid("choose a number from 1 to \(options.count)") }
            return .value(options[n - 1].value)
        }
        switch check {
        case .int:
            return Int(text).map { .value(.int($0)) } ?? .invalid("enter a whole number")
        case .double:
            return Double(text).map { .value(.double($0)) } ?? .invalid("enter a number")
        case .string, .substring, .any:
            return .value(.string(raw))
        case .character:
            return text.count == 1 ? .value(.string(text)) : .invalid("enter one character")
        case .bool:
            // Offered by name (`displayName:`): taken by it too.
            if let named = options.first(where: { $0.title.lowercased() == text.lowercased() }) { return .value(named.value) }
            switch text.lowercased() {
            case "y", "yes", "true", "on": return .value(.bool(true))
            case "n", "no", "false", "off": return .value(.bool(false))
            default: return .invalid("answer yes or no")
            }
        case .date:
            return DateFormatting.parseISO8601(text).map { .value(.date($0)) } ?? .invalid("enter a date as YYYY-MM-DD or an ISO 8601 time")
        case .uuid:
            return UUIDValue(string: text).map { .value(.uuid($0)) } ?? .invalid("enter a UUID such as E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        case .enumeration(let e):
            // The cases offered (a parameter's `supportedValues:` may offer fewer than all).
            let cases = options.isEmpty ? e.cases : options.compactMap { if case .enumCase(let c) = $0.value { c } else { nil } }
            // `stars(4)`: a case with its associated values, each read as its type.
            if text.hasSuffix(")"), let open = text.firstIndex(of: "("), let c = e.cases.first(where: { $0.name == String(text[..<open]) }),
               let types = c.payloadTypes {
                let parts = text[text.index(after: open)..<text.index(before: text.endIndex)].split(separator: ",", omittingEmptySubsequences: false)
                guard parts.count == types.count else { return .invalid("\(c.name) holds \(types.count) value\(types.count == 1 ? "" : "s")") }
                var values: [Value] = []
                for (part, type) in zip(parts, types) {
                    guard case .value(let v) = parseAnswer(String(part).trimmingWhitespace(), as: type, options: []) else {
                        return .invalid("\(c.name) holds a value of type '\(type)'")
                    }
                    values.append(v)
                }
                return .value(.enumCase(c.with(values)))
            }
            if let c = cases.first(where: { $0.name == text || $0.title.lowercased() == text.lowercased() || $0.name.lowercased() == text.lowercased() }) {
                return .value(.enumCase(c))
            }
            return .invalid("choose one of: " + cases.map(\.title).joined(separator: ", "))
        case .record(let r) where r.name == "URL" && r.fields.count == 1 && r.fieldIndex["absoluteString"] != nil:
            // Foundation's `URL` (`StandardTypes.urlSource`): its text, as `URL(string:)` takes it.
            guard !text.isEmpty else { return .invalid("enter a URL such as https://www.apple.com") }
            return .value(.record(Record.make(type: r, fields: [.string(String(text.flatMap { $0 == " " ? Array("%20") : [$0] }))])))
        case .record(let r) where r.decimalField != nil:
            // Foundation's `Decimal` (`StandardDecimal`): a number, held to 15 significant digits as its initialisers hold it.
            guard let d = Double(text), d.isFinite else { return .invalid("enter a number") }
            return .value(.record(Record.make(type: r, fields: [.double(Formatting.printf("%.15g", .double(d)).flatMap(Double.init) ?? d)])))
        case .record(let r) where r.kind == .entity:
            if let match = options.first(where: { $0.title.lowercased() == text.lowercased() || entityID($0.value) == text }) {
                return .value(match.value)
            }
            // Typed text searches with the query's `matching(text)`, as a person would type to find one.
            if let matching = r.query["matching"] {
                guard case .array(let found)? = try? call(matching, captures: [], selfValue: nil, arguments: Arguments(.string(text)), site: .none) else {
                    return .invalid("the search for '\(quoted(text))' failed")
                }
                if found.count == 1 { return .value(found[0]) }
                let titles = found.compactMap { try? displayTitle($0, site: .none) }
                if found.isEmpty { return .invalid("no \(r.name) matches '\(quoted(text))'") }
                return .invalid("several match '\(quoted(text))': \(titles.joined(separator: ", ")); be more specific")
            }
            return .invalid(options.isEmpty ? "no \(r.name) is offered" : "choose one of: " + options.map(\.title).joined(separator: ", "))
        default:
            return .invalid("a \(check) cannot be typed in")
        }
    }

    func entityID(_ value: Value) -> String? {
        (try? entityIDValue(value))??.description
    }

    /// An entity's `id`: its stored field, or its computed property.
    func entityIDValue(_ value: Value) throws(ScriptError) -> Value? {
        guard case .record(let r) = value else { return nil }
        if let i = r.type.fieldIndex["id"] { return r[field: i] }
        if let code = r.type.computed["id"] { return try call(code, captures: [], selfValue: value, arguments: [], site: code.range) }
        return nil
    }

    /// How a person sees a value: an entity's `display:`, an enum case's title, a string as it is.
    func displayTitle(_ value: Value, site: SourceRange) throws(ScriptError) -> String {
        switch value {
        case .enumCase(let c): return c.title
        case .record(let r):
            if let display = r.type.display { return try call(display, captures: [], selfValue: value, arguments: [], site: site).description }
            if let id = try entityIDValue(value) { return id.description }
            return value.description
        case .option(let o):
            return try displayTitle(o.title, site: site)
        default:
            return value.description
        }
    }

    /// The display title of a value that may be absent (an optional argument).
    func displayTitle(ifGiven value: Value?, site: SourceRange) throws(ScriptError) -> String? {
        guard let value else { return nil }
        return try displayTitle(value, site: site)
    }
}
