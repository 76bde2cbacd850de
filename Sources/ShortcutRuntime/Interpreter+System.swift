import ShortcutSyntax

/// The system's side of intents (SPEC §5.2–§5.3, §5.9, §6): performing an
/// intent, asking for what is missing, confirmations and choices. Everything
/// a person sees or answers goes through the `Host`; this file decides what
/// to ask and what an answer means.
extension Interpreter {
    // MARK: Performing intents

    /// How many times one perform may restart after `needsValueError` before it is a runaway.
    static let maximumRestarts = 100

    /// Performs an intent value (SPEC §6) and returns its result's `value`; a
    /// `snippetIntent:` in the result is presented until the person is done.
    func perform(_ target: Value, site: SourceRange) throws(ScriptError) -> Value {
        let outcome = try performOnce(target, site: site)
        if let snippet = outcome.snippetIntent { try presentSnippet(snippet, site: site, allowsReplacement: true) }
        return outcome.value
    }

    /// What one perform produced.
    struct PerformOutcome {
        var value: Value = .null
        var snippetIntent: Value?
        var view: ViewNode?
    }

    /// SPEC §6 steps 1–4: bind and ask for parameters, perform in a transaction, show the dialog, follow `opensIntent:`.
    func performOnce(_ target: Value, site: SourceRange) throws(ScriptError) -> PerformOutcome {
        guard case .intent(let intent) = target else {
            throw ScriptError.runtime("'run' needs an intent, not '\(target.typeName)'", at: site)
        }
        let type = intent.type
        // Each perform works on its own copy: the value a view or flow holds is not changed.
        let performing = IntentValue(type: type, arguments: intent.arguments)
        for (i, p) in type.parameters.enumerated() where performing.arguments[i].isNull {
            if let d = p.defaultValue { performing.arguments[i] = try coerce(try run(d), to: p.type, what: "the default of '\(p.name)'", site: d.range) }
        }
        // Entities are fetched again through their query each time, so a re-performed snippet sees current ones.
        for (i, p) in type.parameters.enumerated() where !performing.arguments[i].isNull {
            performing.arguments[i] = try refetch(performing.arguments[i], as: p, site: site)
        }
        // Required parameters are asked for before `perform` runs, as Shortcuts does.
        for (i, p) in type.parameters.enumerated() where p.isRequired && performing.arguments[i].isNull {
            performing.arguments[i] = try requestParameter(type, i, prompt: try parameterPrompt(type, i), site: site)
        }
        guard let code = type.perform else { return PerformOutcome() }
        var restarts = 0
        var result: Value
        while true {
            do {
                result = try transaction { () throws(ScriptError) -> Value in
                    try call(code, captures: [], selfValue: .intent(performing), arguments: [], site: site)
                }
                break
            } catch {
                guard case .needsValue(let index, let prompt) = error.kind, restarts < Interpreter.maximumRestarts else { throw error }
                restarts += 1
                performing.arguments[index] = try requestParameter(type, index, prompt: try parameterPrompt(type, index, given: prompt), site: error.range)
            }
        }
        if let opens = type.metadata["openAppWhenRun"], try run(opens) == .bool(true) {
            // A terminal has no app to bring forward; it says what a phone would do.
            host.dialog("(\(program.appName) would open now)")
        }
        return try deliver(result, of: type, site: site)
    }

    /// Shows a result's dialog and follows `opensIntent:`; returns the rest of the result.
    func deliver(_ result: Value, of type: IntentType, site: SourceRange) throws(ScriptError) -> PerformOutcome {
        var outcome = PerformOutcome()
        guard case .tuple(let t) = result, t.labels.contains(where: { $0 != nil }) else { return outcome }
        var opens: Value?
        for (label, v) in zip(t.labels, t.elements) {
            switch label {
            case "value": outcome.value = v
            case "dialog": host.dialog(try displayTitle(v, site: site))
            case "opensIntent": opens = v
            case "snippetIntent": if !v.isNull { outcome.snippetIntent = v }
            case "view":
                guard case .view(let view) = v else { throw ScriptError.runtime("view: needs a view, not '\(v.typeName)'", at: site) }
                outcome.view = view
            default: break
            }
        }
        if let opens, !opens.isNull { _ = try perform(opens, site: site) }
        return outcome
    }

    /// An entity parameter, fetched again through its query's `byIDs` (SPEC §6 step 1).
    func refetch(_ value: Value, as parameter: IntentParameter, site: SourceRange) throws(ScriptError) -> Value {
        guard case .record(let record) = value, record.type.kind == .entity, let byIDs = record.type.query["byIDs"],
              let id = record.type.fieldIndex["id"] else { return value }
        let found = try call(byIDs, captures: [], selfValue: nil, arguments: Arguments(.array([record.fields[id]])), site: site)
        guard case .array(let items) = found, let current = items.first else {
            throw ScriptError.runtime("the \(record.type.name) '\(try displayTitle(value, site: site))' for '\(parameter.name)' no longer exists", at: site)
        }
        return current
    }

    /// The question for a parameter: `given` (a request's own dialog), else `requestValueDialog:`, else "<title>?".
    func parameterPrompt(_ type: IntentType, _ index: Int, given: String? = nil) throws(ScriptError) -> String {
        if let given { return given }
        let p = type.parameters[index]
        if let dialog = p.requestDialog { return try run(dialog).description }
        return "\(p.title)?"
    }

    /// Asks for a parameter's value, typed as the parameter (non-optional).
    func requestParameter(_ type: IntentType, _ index: Int, prompt: String, site: SourceRange) throws(ScriptError) -> Value {
        var check = type.parameters[index].type
        if case .optional(let inner) = check { check = inner }
        return try requestValue(of: check, prompt: prompt, site: site)
    }

    /// Asks for a value of a type: numbers are validated, enums and entities are
    /// offered as numbered options, Bool is yes/no.
    func requestValue(of check: TypeCheck, prompt: String, site: SourceRange) throws(ScriptError) -> Value {
        let choices = try options(for: check, site: site)
        let request = Request(kind: .value, prompt: prompt, typeName: check.description, options: choices.map(\.title))
        return try ask(request, site: site) { text in self.parseAnswer(text, as: check, options: choices) }
    }

    /// Sends a request to the host and stamps its errors with the place that asked.
    func ask(_ request: Request, site: SourceRange, parse: (String) -> Answer) throws(ScriptError) -> Value {
        do {
            return try host.request(request, parse: parse)
        } catch {
            if error.range == .none { throw ScriptError(error.kind, at: site) }
            throw error
        }
    }

    // MARK: Answers

    /// The numbered options a value request offers (empty for free text and numbers).
    func options(for check: TypeCheck, site: SourceRange) throws(ScriptError) -> [(title: String, value: Value)] {
        switch check {
        case .enumeration(let e):
            return e.cases.map { ($0.title, .enumCase($0)) }
        case .bool:
            return [("Yes", .bool(true)), ("No", .bool(false))]
        case .record(let r) where r.kind == .entity:
            guard let suggested = r.query["suggested"] else { return [] }
            guard case .array(let items) = try run(suggested) else {
                throw ScriptError.runtime("the suggested query of \(r.name) must return an array", at: site)
            }
            var out: [(String, Value)] = []
            for item in items { out.append((try displayTitle(item, site: site), item)) }
            return out
        default:
            return []
        }
    }

    /// Reads an answer per the type (SPEC §10): numbers, ISO dates, yes/no, an
    /// option by number, or an enum case or entity by name, title or id.
    func parseAnswer(_ raw: String, as check: TypeCheck, options: [(title: String, value: Value)]) -> Answer {
        let text = raw.trimmingWhitespace()
        if !options.isEmpty, let n = Int(text) {
            guard n >= 1, n <= options.count else { return .invalid("choose a number from 1 to \(options.count)") }
            return .value(options[n - 1].value)
        }
        switch check {
        case .int:
            return Int(text).map { .value(.int($0)) } ?? .invalid("enter a whole number")
        case .double:
            return Double(text).map { .value(.double($0)) } ?? .invalid("enter a number")
        case .string, .any:
            return .value(.string(raw))
        case .bool:
            switch text.lowercased() {
            case "y", "yes", "true", "on": return .value(.bool(true))
            case "n", "no", "false", "off": return .value(.bool(false))
            default: return .invalid("answer yes or no")
            }
        case .date:
            return DateFormatting.parseISO8601(text).map { .value(.date($0)) } ?? .invalid("enter a date as YYYY-MM-DD or an ISO 8601 time")
        case .enumeration(let e):
            if let c = e.lookup(text) ?? e.cases.first(where: { $0.title.lowercased() == text.lowercased() || $0.name.lowercased() == text.lowercased() }) {
                return .value(.enumCase(c))
            }
            return .invalid("choose one of: " + e.cases.map(\.title).joined(separator: ", "))
        case .record(let r) where r.kind == .entity:
            if let match = options.first(where: { $0.title.lowercased() == text.lowercased() || entityID($0.value) == text }) {
                return .value(match.value)
            }
            // Typed text searches with the query's `matching(text)`, as a person would type to find one.
            if let matching = r.query["matching"] {
                guard case .array(let found)? = try? call(matching, captures: [], selfValue: nil, arguments: Arguments(.string(text)), site: .none) else {
                    return .invalid("the search for '\(text)' failed")
                }
                if found.count == 1 { return .value(found[0]) }
                let titles = found.compactMap { try? displayTitle($0, site: .none) }
                if found.isEmpty { return .invalid("no \(r.name) matches '\(text)'") }
                return .invalid("several match '\(text)': \(titles.joined(separator: ", ")); be more specific")
            }
            return .invalid(options.isEmpty ? "no \(r.name) is offered" : "choose one of: " + options.map(\.title).joined(separator: ", "))
        default:
            return .invalid("a \(check) cannot be typed in")
        }
    }

    func entityID(_ value: Value) -> String? {
        guard case .record(let r) = value, let i = r.type.fieldIndex["id"] else { return nil }
        return r.fields[i].description
    }

    /// How a person sees a value: an entity's `display:`, an enum case's title, a string as it is.
    func displayTitle(_ value: Value, site: SourceRange) throws(ScriptError) -> String {
        switch value {
        case .enumCase(let c): return c.title
        case .record(let r):
            if let display = r.type.display { return try call(display, captures: [], selfValue: value, arguments: [], site: site).description }
            if let i = r.type.fieldIndex["id"] { return r.fields[i].description }
            return value.description
        case .tuple(let t):
            if let i = t.labels.firstIndex(of: "title") { return t.elements[i].description }
            return value.description
        default:
            return value.description
        }
    }

    /// The display title of a value that may be absent (an optional argument).
    func displayTitle(ifGiven value: Value?, site: SourceRange) throws(ScriptError) -> String? {
        guard let value else { return nil }
        return try displayTitle(value, site: site)
    }

    // MARK: System functions

    func callSystem(_ function: SystemFunction, _ args: Arguments, _ labels: [String?], _ site: SourceRange) throws(ScriptError) -> Value {
        func argument(_ label: String) -> Value? { args.labelled(label, labels: labels) }
        switch function {
        case .requestConfirmation:
            let prompt = try displayTitle(ifGiven: argument("dialog"), site: site) ?? "Are you sure?"
            let label = argument("actionName").map(Interpreter.confirmLabel) ?? "Confirm"
            // A confirmation snippet is shown first; its buttons work before the person confirms or cancels.
            if let snippet = argument("snippetIntent"), !snippet.isNull {
                try presentSnippet(snippet, site: site, allowsReplacement: false)
            }
            let request = Request(kind: .confirmation, prompt: prompt, options: [label, "Cancel"], confirmLabel: label)
            _ = try ask(request, site: site) { text in Interpreter.parseConfirmation(text, label: label) }
            return .null
        case .requestChoice, .choose:
            guard let listValue = argument("between") ?? argument("from") ?? args.first, case .array(let items) = listValue else {
                throw ScriptError.runtime("\(function.rawValue) needs a list of options (\(function == .choose ? "from:" : "between:"))", at: site)
            }
            guard !items.isEmpty else { throw ScriptError.runtime("\(function.rawValue) needs at least one option", at: site) }
            let prompt = try displayTitle(ifGiven: argument("dialog") ?? argument("prompt"), site: site) ?? "Choose one"
            return try requestChoice(items, prompt: prompt, site: site)
        case .ask:
            let prompt = args.first.map(\.description) ?? "?"
            var check = TypeCheck.string
            if let type = argument("as") {
                guard case .type(let t) = type, let c = Interpreter.typeCheck(for: t) else {
                    throw ScriptError.runtime("ask(_:as:) needs a type such as Int.self", at: site)
                }
                check = c
            }
            return try requestValue(of: check, prompt: prompt, site: site)
        case .IntentChoiceOption:
            let title = argument("title") ?? args.first ?? .string("")
            let style = argument("style") ?? .symbol("default")
            return .tuple(TupleStorage([title, style], labels: ["title", "style"]))
        case .reload:
            // Outside a presented snippet there is nothing to perform again (SPEC §5.4).
            return .null
        case .AppShortcut:
            return .null
        case .open:
            guard let target = args.first else { throw ScriptError.runtime("open needs an intent: open(X())", at: site) }
            return try openSnippet(target, site)
        case .answer:
            try queueAnswers(args, site)
            return .null
        case .expect, .expectError:
            return try expectation(function, args, site)
        }
    }

    /// A choice among values; each shows by its display title. Picking a `.cancel` option cancels the run.
    func requestChoice(_ items: [Value], prompt: String, site: SourceRange) throws(ScriptError) -> Value {
        var titles: [String] = []
        for item in items { titles.append(try displayTitle(item, site: site)) }
        let request = Request(kind: .choice, prompt: prompt, options: titles)
        return try ask(request, site: site) { raw in
            let text = raw.trimmingWhitespace()
            var index: Int?
            if let n = Int(text), n >= 1, n <= items.count { index = n - 1 }
            if index == nil { index = titles.firstIndex { $0.lowercased() == text.lowercased() } }
            guard let i = index else { return .invalid("choose a number from 1 to \(items.count) or an option's title") }
            if case .tuple(let t) = items[i], let s = t.labels.firstIndex(of: "style"), t.elements[s] == .symbol("cancel") { return .cancel }
            return .value(items[i])
        }
    }

    /// `$shots.requestValue(…)`, `$todo.requestDisambiguation(among:dialog:)`, `$shots.needsValueError(…)`.
    func parameterRequest(_ kind: ParameterRequestKind, _ type: IntentType, _ index: Int, _ args: Arguments, _ labels: [String?], _ site: SourceRange) throws(ScriptError) -> Value {
        let prompt: String? = args.isEmpty ? nil : try displayTitle(args[0], site: site)
        switch kind {
        case .requestValue:
            return try requestParameter(type, index, prompt: try parameterPrompt(type, index, given: prompt), site: site)
        case .needsValueError:
            throw ScriptError(.needsValue(index: index, prompt: prompt), at: site)
        case .requestDisambiguation:
            guard case .array(let items)? = args.labelled("among", labels: labels), !items.isEmpty else {
                throw ScriptError.runtime("requestDisambiguation needs a non-empty list (among:)", at: site)
            }
            let question = try parameterPrompt(type, index, given: try displayTitle(ifGiven: args.labelled("dialog", labels: labels), site: site))
            let chosen = try requestChoice(items, prompt: question, site: site)
            return try coerce(chosen, to: type.parameters[index].type, what: "parameter '\(type.parameters[index].name)'", site: site)
        }
    }

    /// The confirm button's label for an `actionName:` (`.buy` → Buy, `.turnOn` → Turn On).
    static func confirmLabel(_ action: Value) -> String {
        titleCase(action.description)
    }

    static func parseConfirmation(_ raw: String, label: String) -> Answer {
        switch raw.trimmingWhitespace().lowercased() {
        case "y", "yes", "confirm", "1", label.lowercased(): return .value(.bool(true))
        case "n", "no", "cancel", "2": return .cancel
        default: return .invalid("answer yes (\(label)) or no (Cancel)")
        }
    }

    static func typeCheck(for type: TypeValue) -> TypeCheck? {
        switch type {
        case .builtin(.int): return .int
        case .builtin(.double): return .double
        case .builtin(.string): return .string
        case .builtin(.bool): return .bool
        case .builtin(.date): return .date
        case .enumeration(let e): return .enumeration(e)
        case .record(let r) where r.kind == .entity: return .record(r)
        default: return nil
        }
    }
}

/// What a parameter projection (`$name`) is asked to do.
enum ParameterRequestKind: String {
    case requestValue, requestDisambiguation, needsValueError
}
