import ShortcutSyntax

/// The system's side of intents (SPEC §5.2–§5.3, §5.9, §6): performing an
/// intent, asking for what is missing, confirmations and choices. Everything
/// a person sees or answers goes through the `Host`; this file decides what
/// to ask and what an answer means.
extension Interpreter {
    // MARK: Performing intents

    /// How many times one perform may restart after `needsValueError` before it is a runaway.
    public static let maximumRestarts = 100

    /// Performs an intent value (SPEC §6) and returns its result's `value`; a
    /// `snippetIntent:` in the result is presented until the person is done.
    func perform(_ target: Value, site: SourceRange) throws(ScriptError) -> Value {
        // A perform is a transaction that may do much work outside the interpreter's loops (copying and
        // saving a large store): the deadline is checked at each one, not only every so many steps.
        try checkDeadline(site)
        // Running a snippet intent itself presents it (SPEC §6).
        if case .intent(let intent) = target, intent.type.isSnippet {
            try presentSnippet(target, site: site, allowsReplacement: true)
            return .null
        }
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
            throw ScriptError.runtime(.notAnIntent(context: "'run'", type: target.typeName), at: site)
        }
        let type = intent.type
        // Each perform works on its own copy: the value a view or flow holds is not changed.
        let performing = IntentValue(type: type, arguments: intent.arguments, stored: intent.stored)
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
        system.performing.append(type)
        defer { system.performing.removeLast() }
        var restarts = 0
        var result: Value
        while true {
            do {
                result = try transaction(site: site) { () throws(ScriptError) -> Value in
                    try call(code, captures: [], selfValue: .intent(performing), arguments: [], site: site)
                }
                break
            } catch {
                // `throw $p.needsValueError(…)`: roll back (done), ask for the value, perform again.
                guard error === system.restartSignal, let restart = system.restart, restart.type === type else { throw error }
                system.restart = nil
                restarts += 1
                if restarts > Interpreter.maximumRestarts {
                    throw ScriptError.runtime(.tooManyRestarts(intent: type.name, limit: Interpreter.maximumRestarts), at: site)
                }
                let prompt = try parameterPrompt(type, restart.index, given: restart.prompt)
                if let among = restart.among {   // `needsDisambiguationError(among:)`: one of those
                    let chosen = try requestChoice(among, prompt: prompt, site: site)
                    performing.arguments[restart.index] = try coerce(chosen, to: type.parameters[restart.index].type,
                                                                     what: "parameter '\(type.parameters[restart.index].name)'", site: site)
                } else {
                    performing.arguments[restart.index] = try requestParameter(type, restart.index, prompt: prompt, site: site)
                }
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
        guard case .result(let r) = result else { return outcome }
        outcome.value = r.value ?? .null
        if let dialog = r.dialog { host.dialog(try displayTitle(dialog, site: site)) }
        if let v = r.view {
            guard case .view(let view) = v else { throw ScriptError.runtime(.badArgument(function: "view:", needs: "a view, not '\(v.typeName)'"), at: site) }
            outcome.view = view
            // A plain intent's view is a static snippet; a snippet intent's view is what its presentation draws.
            if !type.isSnippet, system.snippetDepth == 0 {
                host.show(Snippet(intent: type.name, title: type.title, view: view, isStatic: true))
            }
        }
        if let snippet = r.snippetIntent, !snippet.isNull { outcome.snippetIntent = snippet }
        if let opens = r.opensIntent, !opens.isNull { _ = try perform(opens, site: site) }
        return outcome
    }

    /// An entity parameter, fetched again through its query's `byIDs` (SPEC §6 step 1).
    func refetch(_ value: Value, as parameter: IntentParameter, site: SourceRange) throws(ScriptError) -> Value {
        guard case .record(let record) = value, record.type.kind == .entity, let byIDs = record.type.query["byIDs"],
              let id = try entityIDValue(value) else { return value }
        let found = try call(byIDs, captures: [], selfValue: nil, arguments: Arguments(.array([id])), site: site)
        guard case .array(let items) = found, let current = items.first else {
            throw ScriptError.runtime(.entityGone(type: record.type.name, title: try displayTitle(value, site: site), parameter: parameter.name), at: site)
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
        let parameter = type.parameters[index]
        let check = parameter.type.wrapped ?? parameter.type
        let choices = try parameterChoices(parameter, check, site: site)
        let bounds = try parameterBounds(parameter, site: site)
        let request = Request(kind: .value, prompt: prompt, typeName: check.description, options: choices.map(\.title))
        let answer = try ask(request, site: site) { text in
            self.parameterAnswer(text, as: check, options: choices, bounds: bounds, fromNumber: parameter.fromNumber)
        }
        return try withAssociatedValues(answer, site: site)
    }

    /// A case picked that holds associated values (a `@UnionValue` enum's `.stars(Int)`): each asked for in turn, by the
    /// case's title, as a device asks for the value of the kind picked. Any other answer as it is.
    func withAssociatedValues(_ answer: Value, site: SourceRange) throws(ScriptError) -> Value {
        guard case .enumCase(let c) = answer, let types = c.payloadTypes, !types.isEmpty, c.payload.count < types.count else { return answer }
        var values: [Value] = []
        for type in types { values.append(try requestValue(of: type, prompt: "\(c.title)?", site: site)) }
        return .enumCase(c.with(values))
    }

    /// Asks for a value of a type: numbers are validated, enums and entities are
    /// offered as numbered options, Bool is yes/no.
    func requestValue(of check: ScriptType, prompt: String, site: SourceRange) throws(ScriptError) -> Value {
        let choices = try options(for: check, site: site)
        let request = Request(kind: .value, prompt: prompt, typeName: check.description, options: choices.map(\.title))
        return try ask(request, site: site) { text in self.parseAnswer(text, as: check, options: choices) }
    }

    /// Sends a request to the host and stamps its errors with the place that asked.
    func ask(_ request: Request, site: SourceRange, parse: (String) -> Answer) throws(ScriptError) -> Value {
        do {
            return try waitingForPerson { () throws(ScriptError) -> Value in try host.request(request, parse: parse) }
        } catch {
            if error.range == .none { throw ScriptError(error.kind, at: site) }
            throw error
        }
    }


}
