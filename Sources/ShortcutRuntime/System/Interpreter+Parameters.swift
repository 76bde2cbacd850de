import ShortcutSyntax

/// Why a value given for a parameter from outside (`--param NAME=VALUE`) was not taken.
/// The runtime says what is wrong; the CLI says which option it came from.
public enum ParameterProblem: Error {
    /// The intent has no such parameter.
    case unknown(RuntimeError)
    /// The text does not name a value of the parameter's type.
    case rejected(RuntimeError)
    /// Finding the value ran script code that failed (an entity query).
    case failed(ScriptError)

    public var message: String {
        switch self {
        case .unknown(let e), .rejected(let e): return e.message
        case .failed(let e): return e.message
        }
    }
}

extension Interpreter {
    /// Reads a parameter's value from text, per its type: enum cases by name,
    /// title or number, entities by id (through the query's `byIDs`), numbers,
    /// `true`/`false`, ISO dates, text.
    public func parameterValue(_ type: IntentType, name: String, text: String) -> Result<(Int, Value), ParameterProblem> {
        guard let index = type.parameterIndex[name] else {
            return .failure(.unknown(.unknownParameter(intent: type.name, name: name, known: type.parameters.map(\.name))))
        }
        var check = type.parameters[index].type
        if case .optional(let inner) = check { check = inner }
        do throws(ScriptError) {
            if case .record(let r) = check, r.kind == .entity, let byIDs = r.query["byIDs"] {
                // The id as the entity declares it: `let id: UUID`, `let id: Int`, else text.
                var id = Value.string(text)
                switch r.fieldIndex["id"].flatMap({ r.fields[$0].type }) ?? r.memberTypes.computed["id"] {
                case .uuid?: id = UUIDValue(string: text).map { .uuid($0) } ?? id
                case .int?: id = Int(text).map { .int($0) } ?? id
                default: break
                }
                let found = try call(byIDs, captures: [], selfValue: nil, arguments: Arguments(.array([id])), site: type.range)
                if case .array(let items) = found, let first = items.first { return .success((index, first)) }
                return .failure(.rejected(.parameterEntityNotFound(entity: r.name, id: text)))
            }
            let parameter = type.parameters[index]
            let answer = parameterAnswer(text, as: check, options: try parameterChoices(parameter, check, site: type.range),
                                         bounds: try parameterBounds(parameter, site: type.range), fromNumber: parameter.fromNumber)
            switch answer {
            case .value(.enumCase(let c)) where (c.payloadTypes?.count ?? 0) > c.payload.count:
                return .failure(.rejected(.parameterDoesNotFit(type: "\(check)", why: "\(c.name) needs its value: write \(c.name)(…)")))
            case .value(let v): return .success((index, v))
            case .invalid(let why): return .failure(.rejected(.parameterDoesNotFit(type: "\(check)", why: why)))
            case .cancel: return .failure(.rejected(.parameterDoesNotFit(type: "\(check)", why: nil)))
            }
        } catch {
            return .failure(.failed(error))
        }
    }
}

extension Interpreter {
    /// What is offered for a parameter: its `supportedValues:` or `optionsProvider:` when it has one, else what its
    /// type offers (`options(for:)`).
    func parameterChoices(_ parameter: IntentParameter, _ check: ScriptType, site: SourceRange) throws(ScriptError) -> [(title: String, value: Value)] {
        if let titles = parameter.boolTitles { return [(titles.yes, .bool(true)), (titles.no, .bool(false))] }
        guard let offered = parameter.offered else { return try options(for: check, site: site) }
        guard case .array(let items) = try run(offered) else { return try options(for: check, site: site) }
        return try titled(items, site: site)
    }

    /// A number parameter's `inclusiveRange:` as its two bounds.
    func parameterBounds(_ parameter: IntentParameter, site: SourceRange) throws(ScriptError) -> (lower: Value, upper: Value)? {
        guard let range = parameter.inclusiveRange, case .tuple(let t) = try run(range), t.elements.count == 2 else { return nil }
        return (t.elements[0], t.elements[1])
    }

    /// An answer for a parameter: one of its offered values when it has them (by title, or by number), and within its
    /// `inclusiveRange:` when it has one.
    func parameterAnswer(_ raw: String, as check: ScriptType, options: [(title: String, value: Value)],
                         bounds: (lower: Value, upper: Value)?, fromNumber: FunctionCode? = nil) -> Answer {
        let text = raw.trimmingWhitespace()
        // A `Measurement` with `defaultUnit:`: a number in that unit.
        if let fromNumber, options.isEmpty {
            guard let x = Double(text), let make = try? run(fromNumber), let made = try? callValue(make, Arguments(.double(x)), .none) else {
                return .invalid("enter a number")
            }
            return .value(made)
        }
        // Offered numbers or text are picked by what they say ("10") before their place in the list.
        if !options.isEmpty, check.isNumeric || check.agrees(with: .string) && !check.isUnknown {
            if let match = options.first(where: { $0.title == text }) { return .value(match.value) }
            if let n = Int(text), n >= 1, n <= options.count { return .value(options[n - 1].value) }
            // Text is taken as typed: an options provider suggests, as Shortcuts does, where a variable may give any
            // text (the intent checks it, as Apple's samples do).
            if check.agrees(with: .string), !text.isEmpty { return .value(.string(text)) }
            return .invalid("choose one of: " + options.map(\.title).joined(separator: ", "))
        }
        let answer = parseAnswer(raw, as: check, options: options)
        guard case .value(let v) = answer, let (lower, upper) = bounds else { return answer }
        let within: Bool
        switch (v, lower, upper) {
        case (.int(let x), .int(let lo), .int(let hi)): within = lo <= x && x <= hi
        case (.double(let x), .double(let lo), .double(let hi)): within = lo <= x && x <= hi
        default: within = true
        }
        return within ? answer : .invalid("enter a number from \(lower) to \(upper)")
    }
}
