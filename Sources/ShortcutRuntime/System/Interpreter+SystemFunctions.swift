import ShortcutSyntax

/// What a parameter projection (`$name`) is asked to do.
enum ParameterRequestKind: String, CaseIterable {
    case requestValue, requestDisambiguation, requestConfirmation, needsValueError, needsDisambiguationError
}

extension Interpreter {
    /// What a device would have done (a `Logger` line, a widget reload), told to the host under `--verbose`.
    func deviceNote(_ text: String) { host.note(text) }

    /// `requestChoice(between:dialog:view:)`, `requestConfirmation(…, view:)`: the view is shown with the
    /// question, as a static card titled by the intent asking (SPEC §13).
    func showRequestView(_ value: Value?) throws(ScriptError) {
        guard case .view(let view)? = value else { return }
        let type = system.performing.last
        host.show(Snippet(intent: type?.name ?? "", title: type?.title ?? program.appName, view: view, isStatic: true))
    }

    // MARK: System functions

    func callSystem(_ function: SystemFunction, _ args: Arguments, _ labels: [String?], _ site: SourceRange) throws(ScriptError) -> Value {
        func argument(_ label: String) -> Value? { args.labelled(label, labels: labels) }
        switch function {
        case .requestConfirmation:
            // `requestConfirmation(result: .result(dialog:view:), confirmationActionName: .order)`: the older form, its
            // result giving the question and the view.
            var shown: IntentResult? = nil
            if case .result(let r)? = argument("result") { shown = r }
            let prompt = try displayTitle(ifGiven: argument("dialog") ?? shown?.dialog, site: site) ?? "Are you sure?"
            let label = (argument("actionName") ?? argument("confirmationActionName")).map(Interpreter.confirmLabel) ?? "Confirm"
            // A confirmation snippet is shown first; its buttons work before the person confirms or cancels.
            if let snippet = argument("snippetIntent") ?? shown?.snippetIntent, !snippet.isNull {
                try presentSnippet(snippet, site: site, allowsReplacement: false)
            }
            try showRequestView(argument("view") ?? shown?.view)
            let request = Request(kind: .confirmation, prompt: prompt, options: [label, "Cancel"], confirmLabel: label)
            _ = try ask(request, site: site) { text in Interpreter.parseConfirmation(text, label: label) }
            return .null
        case .continueInForeground where argument("alwaysConfirm") == .bool(false):
            // Brought forward without a question where the system need not ask: nothing to bring forward here.
            deviceNote("(a device would bring \(program.appName) forward now)")
            return .null
        case .requestToContinueInForeground, .continueInForeground:
            // There is no app to open here: the person is asked whether to go on, as the system asks (declining cancels).
            let unlabelled = labels.first.map { $0 == nil } ?? false
            let prompt = try displayTitle(ifGiven: unlabelled ? args.first : nil, site: site) ?? "Continue in the app?"
            _ = try ask(Request(kind: .confirmation, prompt: prompt, options: ["Continue", "Cancel"], confirmLabel: "Continue"), site: site) { text in
                Interpreter.parseConfirmation(text, label: "Continue")
            }
            return .null
        case .needsToContinueInForegroundError:
            // An error that ends the intent, its text the dialog; the continuation is what the app does once it is in
            // front, run now (there is no app to bring forward: `--verbose` says so).
            var dialog: Value?
            for a in args {
                if case .function = a { _ = try callValue(a, Arguments(), site) } else { dialog = a }
            }
            deviceNote("(a device would continue in \(program.appName))")
            return .string(try displayTitle(ifGiven: dialog, site: site) ?? "Continue in \(program.appName).")
        case .requestChoice, .choose:
            guard let listValue = argument("between") ?? argument("from") ?? args.first, case .array(let listed) = listValue else {
                throw ScriptError.runtime(.badArgument(function: function.rawValue, needs: "a list of options (\(function == .choose ? "from:" : "between:"))"), at: site)
            }
            // `.cancel` in the list is the system's Cancel option (`IntentChoiceOption.cancel`).
            let items = listed.map { item -> Value in
                if case .symbol("cancel") = item { return .option(ChoiceOption(title: .string("Cancel"), style: .cancel)) }
                return item
            }
            guard !items.isEmpty else { throw ScriptError.runtime(.badArgument(function: function.rawValue, needs: "at least one option"), at: site) }
            let prompt = try displayTitle(ifGiven: argument("dialog") ?? argument("prompt"), site: site) ?? "Choose one"
            try showRequestView(argument("view"))
            return try requestChoice(items, prompt: prompt, site: site)
        case .ask:
            let prompt = args.first.map(\.description) ?? "?"
            var check = ScriptType.string
            if let type = argument("as") {
                guard case .type(let t) = type, let c = Interpreter.typeCheck(for: t) else {
                    throw ScriptError.runtime(.badArgument(function: "ask(_:as:)", needs: "a type such as Int.self"), at: site)
                }
                check = c
            }
            return try requestValue(of: check, prompt: prompt, site: site)
        case .IntentChoiceOption:
            let title = argument("title") ?? args.first ?? .string("")
            let styleName = argument("style")?.description ?? "default"
            guard let style = ChoiceOption.Style(rawValue: styleName) else {
                throw ScriptError.runtime(.badArgument(function: "IntentChoiceOption", needs: "a style of .default, .destructive or .cancel, not .\(styleName)"), at: site)
            }
            return .option(ChoiceOption(title: title, style: style))
        case .reload:
            // Outside a presented snippet there is nothing to perform again (SPEC §5.4).
            return .null
        case .AppShortcut:
            return .null
        case .open:
            guard let target = args.first else { throw ScriptError.runtime(.badArgument(function: "open", needs: "an intent: open(X())"), at: site) }
            return try tests(function, site).open(target, in: self, site: site)
        case .answer:
            try tests(function, site).answer(args, in: self, site: site)
            return .null
        case .expect:
            guard case .bool(let holds)? = args.first else { throw ScriptError.runtime(.badArgument(function: "expect(_:)", needs: "a Bool"), at: site) }
            try tests(function, site).expect(holds, message: args.count > 1 ? args[1].description : nil, site: site)
            return .null
        case .expectError:
            guard let body = args.first, case .function = body else {
                throw ScriptError.runtime(.badArgument(function: "expectError", needs: "a closure: expectError { … }"), at: site)
            }
            try tests(function, site).expectError(body, in: self, site: site)
            return .null
        }
    }

    /// The test hooks, or the error of calling a test function outside a test.
    func tests(_ function: SystemFunction, _ site: SourceRange) throws(ScriptError) -> TestHooks {
        guard let testing else { throw ScriptError.runtime(.onlyInTests(function: "\(function.rawValue)(…)"), at: site) }
        return testing
    }

    /// A choice among values; each shows by its display title. Picking a `.cancel` option cancels the run.
    func requestChoice(_ items: [Value], prompt: String, site: SourceRange) throws(ScriptError) -> Value {
        var titles: [String] = []
        for item in items { titles.append(try displayTitle(item, site: site)) }
        var request = Request(kind: .choice, prompt: prompt, options: titles)
        let styles = items.map { item -> String in if case .option(let o) = item { return o.style.rawValue }; return "default" }
        if styles.contains(where: { $0 != "default" }) { request.styles = styles }
        return try ask(request, site: site) { raw in
            let text = raw.trimmingWhitespace()
            var index: Int?
            if let n = Int(text), n >= 1, n <= items.count { index = n - 1 }
            if index == nil { index = titles.firstIndex { $0.lowercased() == text.lowercased() } }
            guard let i = index else { return .invalid("choose a number from 1 to \(items.count) or an option's title") }
            if case .option(let o) = items[i], o.style == .cancel { return .cancel }
            return .value(items[i])
        }
    }

    /// `$shots.requestValue(…)`, `$todo.requestDisambiguation(among:dialog:)`, `$shots.needsValueError(…)`.
    func parameterRequest(_ kind: ParameterRequestKind, _ type: IntentType, _ index: Int, _ args: Arguments, _ labels: [String?], _ site: SourceRange) throws(ScriptError) -> Value {
        let prompt: String? = args.isEmpty ? nil : try displayTitle(args[0], site: site)
        switch kind {
        case .requestValue:
            return try requestParameter(type, index, prompt: try parameterPrompt(type, index, given: prompt), site: site)
        case .needsValueError, .needsDisambiguationError:
            guard system.performing.contains(where: { $0 === type }) else {
                throw ScriptError.runtime(.restartOutsidePerform(intent: type.name), at: site)
            }
            // `needsDisambiguationError(among:dialog:)`: the values to choose among when it is asked for again.
            var among: [Value]?
            if kind == .needsDisambiguationError {
                guard case .array(let items)? = args.labelled("among", labels: labels), !items.isEmpty else {
                    throw ScriptError.runtime(.badArgument(function: "needsDisambiguationError", needs: "a non-empty list (among:)"), at: site)
                }
                among = items
            }
            let question = kind == .needsDisambiguationError ? try displayTitle(ifGiven: args.labelled("dialog", labels: labels), site: site) : prompt
            system.restart = (type, index, question, among)
            throw system.restartSignal
        case .requestConfirmation:
            // `$location.requestConfirmation(for: value, dialog:)`: whether the person confirms the value; declining is
            // an answer (false), not a cancellation.
            let value = args.labelled("for", labels: labels) ?? args.first ?? .null
            var question = try displayTitle(ifGiven: args.labelled("dialog", labels: labels), site: site)
            if question == nil { question = "Is \(try displayTitle(value, site: site)) right?" }
            let request = Request(kind: .confirmation, prompt: question ?? "", options: ["Yes", "No"], confirmLabel: "Yes")
            return try ask(request, site: site) { text in
                switch text.trimmingWhitespace().lowercased() {
                case "y", "yes", "1", "confirm", "true": return .value(.bool(true))
                case "n", "no", "2", "false": return .value(.bool(false))
                default: return .invalid("answer yes or no")
                }
            }
        case .requestDisambiguation:
            guard case .array(let items)? = args.labelled("among", labels: labels), !items.isEmpty else {
                throw ScriptError.runtime(.badArgument(function: "requestDisambiguation", needs: "a non-empty list (among:)"), at: site)
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

    static func typeCheck(for type: TypeValue) -> ScriptType? {
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
