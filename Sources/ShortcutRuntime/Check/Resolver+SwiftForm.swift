import ShortcutSyntax

/// What the Swift form of SPEC §13 brings to checking: the calls a device makes that mean nothing here.
extension Resolver {
    /// `AppDependencyManager.shared.add(dependency: m)`, `WidgetCenter.shared.reloadAllTimelines()`,
    /// `ShortcutsProvider.updateAppShortcutParameters()`: no-ops off device (their arguments are still
    /// checked). Nil when the call is not one of them.
    func typedDeviceCall(_ base: Expr, _ name: String, _ args: [Argument]) -> Typed? {
        // `try await LogIntent().donate()`: Siri learns from it on a device.
        if name == "donate", args.isEmpty, case .intent(let i) = quietly({ typed(base).type }) {
            let intent = typed(base).node
            return Typed(.callBuiltin(.note, [.constant(.string("(a device would donate \(i.name) to Siri)")), intent], [nil, "effect"], .none), .void)
        }
        if name == "updateAppShortcutParameters", args.isEmpty, case .identifier(let provider) = base.kind, isUndeclared(provider) {
            return Typed(.constant(.null), .void)
        }
        if case .member(let root, "shared", _) = base.kind, case .identifier(let service) = root.kind,
           Resolver.deviceServices.contains(service), isUndeclared(service) {
            // The arguments are still evaluated: `add { Library(selection: 3) }` makes the store it registers.
            var effects: [Node] = []
            for a in args {
                if case .closure(let c) = a.value.kind {
                    effects.append(.callValue(typedClosure(c, builder: false, expected: nil, range: a.value.range).node, [], [], a.value.range))
                } else {
                    effects.append(typed(a.value).node)
                }
            }
            // `run --verbose` says what a device would have done.
            let note = "(a device would call \(service).shared.\(name)(\(args.map { ($0.label ?? "_") + ":" }.joined())))"
            return Typed(.callBuiltin(.note, [.constant(.string(note))] + effects, [nil] + effects.map { _ in "effect" }, .none), .void)
        }
        return nil
    }

    /// A name the program does not declare (so Apple's meaning of it applies).
    func isUndeclared(_ name: String) -> Bool {
        globals[name] == nil && lookupLocal(name) == nil
    }
}

extension Resolver {
    /// `Temperature(celsius: 100)` where `Temperature` declares `init(celsius:)`: the `init` whose labels fit
    /// the call (the memberwise one too while no `init` is in the type's own body). Nil when the
    /// memberwise initialiser is the one to use; a call that fits none is reported here.
    func declaredInitializerCall(_ r: RecordType, name: String, _ args: [Argument], range: SourceRange) -> Node? {
        guard !r.initializers.isEmpty else { return nil }
        if let (chosen, pretyped) = chooseInitializer(r.initializers.map(\.signature), args, range: range) {
            let (code, decl, signature) = r.initializers[chosen]
            checkArgumentsNotEscaping(args, to: decl)
            let parameters = decl.parameters.map { (label: $0.label, hasDefault: $0.defaultValue != nil) }
            guard let ordered = matchPositional(args, parameters: parameters, callee: name, range: range, types: signature.types, pretyped: pretyped,
                                                autoclosures: signature.autoclosures) else {
                return .constant(.null)
            }
            return .initRecord(r, code, ordered, range)
        }
        if r.hasMemberwiseInitializer { return nil }
        // No `init` fits: report against the first, as Swift names its candidates.
        let first = r.initializers[0]
        let parameters = first.decl.parameters.map { (label: $0.label, hasDefault: $0.defaultValue != nil) }
        _ = matchPositional(args, parameters: parameters, callee: name, range: range, types: first.signature.types)
        return .constant(.null)
    }
}

extension Resolver {
    /// The result protocols that ask for a part of `.result(…)`, and the label of that part.
    static let resultParts: [(protocol: String, label: String)] = [
        ("ReturnsValue", "value"), ("ProvidesDialog", "dialog"), ("ShowsSnippetView", "view"),
        ("ShowsSnippetIntent", "snippetIntent"), ("OpensIntent", "opensIntent"),
    ]

    /// `func perform() -> some IntentResult & ProvidesDialog & ReturnsValue<Double>`: each `.result(…)` gives
    /// exactly the parts its protocols promise, and a value of the promised type (SPEC §13), as Swift's
    /// overloads of `result` require.
    func checkResultProtocols(_ protocols: [TypeRef]) {
        var declared: Set<String> = []
        for p in protocols {
            switch p.kind {
            case .named(let name), .generic(let name, _): declared.insert(name)
            default: break
            }
        }
        for call in resultCalls {
            for (proto, label) in Resolver.resultParts {
                let promised = declared.contains(proto)
                if promised, !call.labels.contains(label) {
                    error(.resultProtocolMismatch("the result type promises '\(proto)', but this '.result' has no '\(label):'"), at: call.range)
                } else if !promised, call.labels.contains(label) {
                    error(.resultProtocolMismatch("'.result(\(label):)' needs '\(proto)' in perform's result type"), at: call.range)
                }
            }
        }
    }

    /// `ReturnsValue<T>`'s `T`: what `.result(value:)` is checked against (and typed by, as a context).
    func promisedValueType(_ protocols: [TypeRef]) -> ScriptType? {
        for p in protocols {
            if case .generic("ReturnsValue", let arguments) = p.kind, arguments.count == 1 { return resolveType(arguments[0]) }
        }
        return nil
    }
}

/// Apple's framework calls that a Swift-form program makes by names it does not declare (SPEC §13).
extension Resolver {
    /// `IntentDialog("…")`, `IntentDialog(full:supporting:)`, `LocalizedStringResource("…")`: text;
    /// `Logger(subsystem:category:)`: a logger; `Task { … }`: its body runs at once. Nil for any other name.
    func typedFrameworkCall(_ name: String, _ args: [Argument], range: SourceRange) -> Typed? {
        guard isUndeclared(name) else { return nil }
        if let items = typedItemCollection(name, args, range: range) { return items }
        switch name {
        case "IntentDialog", "LocalizedStringResource":
            guard let text = args.first(where: { [nil, "full", "stringLiteral", "localized"].contains($0.label) }) else { return nil }
            // `supporting:` and `systemImageName:` are for a device's dialog; the dialog shows `full` (SPEC §13).
            for a in args where a.value.range != text.value.range { _ = fit(typed(a.value, .string), to: .string, site: .argument, at: a.value.range) }
            return Typed(fit(typed(text.value, .string), to: .string, site: .argument, at: text.value.range), .string)
        case "Option":
            // `Option(title:style:)` inside an intent is `AppIntent.Option`, that is `IntentChoiceOption`.
            return typedSystem(.IntentChoiceOption, args, range: range)
        case "Logger":
            for a in args { _ = fit(typed(a.value, .string), to: .string, site: .argument, at: a.value.range) }
            return Typed(.constant(.symbol("Logger")), .framework("Logger"))
        case "Task":
            guard args.count == 1, case .closure(let c) = args[0].value.kind else { return nil }
            // A task's error ends the task, not its caller, as in Swift. Its value is its body's (`await task.value`).
            let body = typedClosure(c, builder: false, expected: .function([], .any), range: args[0].value.range)
            return Typed(.tryOptional(.callValue(body.node, [], [], range)), .framework("Task"))
        default:
            return nil
        }
    }

    /// A method of a framework value: a `Logger`'s levels; an `UndoManager`'s methods (an intent's `undoManager` is nil
    /// here, as it is where no one can undo), whose arguments are checked and which do nothing.
    func typedFrameworkMethod(_ framework: String, _ name: String, nameRange: SourceRange, _ args: [Argument], range: SourceRange) -> Typed {
        if framework == "Logger" { return typedLoggerCall(name, nameRange: nameRange, args, range: range) }
        for a in args {
            if case .closure(let c) = a.value.kind { _ = typedClosure(c, builder: false, expected: nil, range: a.value.range) } else { _ = typed(a.value) }
        }
        return Typed(.constant(.null), .void)
    }

    /// `undoManager` in an `UndoableIntent`: none off device, so `undoManager?.…` does nothing. Nil for another name.
    func typedFrameworkProperty(_ name: String) -> Typed? {
        guard name == "undoManager", isUndeclared(name), case .intent? = selfKind() else { return nil }
        return Typed(.constant(.null), .optional(.framework("UndoManager")))
    }

    /// `systemContext.currentMode.canContinueInForeground` in an intent (iOS 26): true — an intent run here may go on in
    /// the app, which `continueInForeground(…)` asks for (or, with `alwaysConfirm: false`, says a device would do). Nil
    /// for any other expression.
    func typedSystemContext(_ base: Expr, _ name: String, nameRange: SourceRange) -> Typed? {
        guard case .member(let inner, "currentMode", _) = base.kind, case .identifier("systemContext") = inner.kind,
              isUndeclared("systemContext"), case .intent? = selfKind() else { return nil }
        guard name == "canContinueInForeground" else {
            error(.unknownMember(name, type: "IntentMode", suggestion: "canContinueInForeground", ofValue: true), at: nameRange)
            return .unknown
        }
        return Typed(.constant(.bool(true)), .bool)
    }

    /// The levels a `Logger` writes at.
    static let loggerLevels: Set<String> = ["debug", "info", "notice", "error", "warning", "fault", "critical", "trace", "log"]

    /// `logger.info("…")`: a line on stderr with `--verbose`, nothing otherwise.
    func typedLoggerCall(_ name: String, nameRange: SourceRange, _ args: [Argument], range: SourceRange) -> Typed {
        guard Resolver.loggerLevels.contains(name), let message = args.last, message.label == nil else {
            error(.unknownMember(name, type: "Logger", suggestion: closestMatch(to: name, in: Resolver.loggerLevels), ofValue: true), at: nameRange)
            for a in args { _ = typed(a.value) }
            return .unknown
        }
        for a in args.dropLast() { _ = uiArgument(a.value, .any) }   // `log(level: .debug, "…")`
        let text = fit(typed(message.value, .string), to: .string, site: .argument, at: message.value.range)
        return Typed(.callBuiltin(.note, [.constant(.string("[\(name)]")), text], [nil, nil], range), .void)
    }

    /// `await MainActor.run { … }` (or `run(body:)`, `run(resultType:body:)`): its body's value, run at once — everything
    /// runs on one thread here. Nil for other calls.
    func typedMainActorRun(_ base: Expr, _ name: String, _ args: [Argument], range: SourceRange) -> Typed? {
        guard name == "run", case .identifier("MainActor") = base.kind, isUndeclared("MainActor"), let last = args.last,
              last.label == nil || last.label == "body", case .closure(let c) = last.value.kind else { return nil }
        for a in args.dropLast() { _ = typed(a.value) }   // `resultType: Int.self`
        let body = typedClosure(c, builder: false, expected: nil, range: last.value.range)
        var result: ScriptType = .any
        if case .function(_, let r) = body.type { result = r }
        return Typed(.callValue(body.node, [], [], range), result)
    }

    /// `await task.value` of a `Task { … }` (run at once): what its body gave; it is never cancelled here. Nil for other
    /// members.
    func typedTaskMember(_ task: Typed, _ name: String) -> Typed? {
        guard case .framework("Task") = task.type, name == "value" || name == "isCancelled" else { return nil }
        return name == "value" ? Typed(task.node, .any) : Typed(.constant(.bool(false)), .bool)
    }

    /// A static member of a framework's type: `Color.red`, `Color.accentColor` (a colour, as a view); `Task.isCancelled`
    /// (false: nothing is cancelled here). Nil for any other.
    func typedFrameworkStatic(_ base: Expr, _ name: String, range: SourceRange) -> Typed? {
        guard case .identifier(let type) = base.kind, isUndeclared(type) else { return nil }
        switch type {
        case "Color": return Typed(.makeView(.shape, name: "Color", [.constant(.symbol(name))], ["color"], content: nil, range), .view)
        case "Task" where name == "isCancelled": return Typed(.constant(.bool(false)), .bool)
        default: return nil
        }
    }

    /// `Task.sleep(for: .seconds(1))`, `Task.sleep(nanoseconds: n)`: a pause that `--timeout` counts; `Task.checkCancellation()`
    /// does nothing (nothing is cancelled here: it never throws `CancellationError`). Nil for other calls.
    func typedTaskSleep(_ base: Expr, _ name: String, _ args: [Argument], range: SourceRange) -> Typed? {
        guard case .identifier("Task") = base.kind, isUndeclared("Task") else { return nil }
        if name == "checkCancellation", args.isEmpty { return Typed(.constant(.null), .void) }
        guard name == "sleep", args.count == 1 else { return nil }
        let a = args[0]
        let seconds: Node
        switch a.label {
        case "nanoseconds":
            // A `UInt64` of nanoseconds (an Int here): `UInt64(n * 1_000_000)` as readily as a literal.
            let nanoseconds = fit(typed(a.value, .int), to: .int, site: .argument, at: a.value.range)
            seconds = .arithmetic(.divide, .callBuiltin(.double, [nanoseconds], [nil], range), .constant(.double(1e9)), range)
        case "for":
            let units: [String: Double] = ["seconds": 1, "milliseconds": 1e-3, "microseconds": 1e-6, "nanoseconds": 1e-9]
            guard case .call(let callee, let inner) = a.value.kind, case .implicitMember(let unit) = callee.kind, let scale = units[unit],
                  inner.count == 1 else {
                error(.expected("a duration such as '.seconds(1)' or '.milliseconds(500)'", found: "another expression"), at: a.value.range)
                return .unknown
            }
            seconds = .arithmetic(.multiply, fit(typed(inner[0].value, .double), to: .double, site: .argument, at: inner[0].value.range),
                                  .constant(.double(scale)), range)
        default:
            return nil
        }
        return Typed(.callBuiltin(.sleep, [seconds], [nil], range), .void)
    }
}

extension Resolver {
    /// `.result(dialog: …) { VStack { … } }`: the trailing `content` closure of Apple's `result(…content:)` is the
    /// `view:` part — its one view, or its views in a `VStack`, as a snippet stacks a builder's views.
    static func contentAsView(_ args: [Argument]) -> [Argument] {
        guard let last = args.last, last.label == nil, case .closure(let c) = last.value.kind, c.parameters.isEmpty else { return args }
        let range = last.value.range
        var view = Expr(.call(Expr(.identifier("VStack"), range), [last]), range)
        if c.body.statements.count == 1, case .expression(let e) = c.body.statements[0].kind { view = e }
        return args.dropLast() + [Argument(label: "view", labelRange: range, value: view)]
    }

    /// `Bookmark(page: "x")`: an intent value of the parameters given by label.
    func intentConstruction(_ type: IntentType, _ decl: IntentDecl, name: String, _ args: [Argument], range: SourceRange) -> Node {
        // `OpenURLIntent(url)` by its own `init(_ url: URL)`: each argument goes by the name of the parameter it meets.
        var args = args
        if let initializer = decl.initializers.first(where: { $0.parameters.map(\.label) == args.map(\.label) }), !initializer.parameters.isEmpty {
            args = zip(args, initializer.parameters).map { a, p in Argument(label: p.name, labelRange: a.labelRange, value: a.value) }
        }
        var nodes = [Node?](repeating: nil, count: type.parameters.count)
        let known = type.parameters.map(\.name)
        for a in args {
            guard let label = a.label, let i = type.parameterIndex[label] else {
                error(.unknownArgument(label: a.label ?? "_", callee: name, kind: "parameter", known: known,
                                       suggestion: a.label.flatMap { closestMatch(to: $0, in: known) }), at: a.labelRange ?? a.value.range)
                _ = expr(a.value)
                continue
            }
            if nodes[i] != nil { error(.duplicateDeclaration(label, previousLine: line(of: range)), at: a.labelRange ?? range) }
            nodes[i] = typedArgument(a.value, type.parameters[i].type)
        }
        return .makeIntent(type, nodes, range)
    }
}
