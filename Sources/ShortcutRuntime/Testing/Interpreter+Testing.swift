import ShortcutSyntax

extension Interpreter {
    /// `answer(…)`: each argument is queued as the text a person would type.
    func queueAnswers(_ args: Arguments, _ site: SourceRange) throws(ScriptError) {
        guard let host = host as? TestHost else {
            throw ScriptError.runtime(.onlyInTests(function: "answer(…)"), at: site)
        }
        for value in args {
            switch value {
            case .bool(let b): host.answers.append(b ? "yes" : "no")
            case .enumCase(let c): host.answers.append(c.name)
            case .record(let r) where r.type.kind == .entity: host.answers.append(entityID(value) ?? r.type.name)
            default: host.answers.append(value.description)
            }
        }
    }

    /// `open(X())`: performs X and opens the snippet it presents.
    func openSnippet(_ target: Value, _ site: SourceRange) throws(ScriptError) -> Value {
        let outcome = try performOnce(target, site: site)
        guard case .intent(let snippetIntent)? = outcome.snippetIntent else {
            throw ScriptError.runtime(.badArgument(function: "open(…)", needs: "an intent whose result has a snippetIntent:"), at: site)
        }
        let session = SnippetSession(intent: snippetIntent)
        try refresh(session, site)
        return .session(session)
    }

    /// Performs the session's snippet intent again and keeps the new snippet.
    func refresh(_ session: SnippetSession, _ site: SourceRange) throws(ScriptError) {
        session.snippet = try performSnippet(session.intent, site: site)
    }

    /// `session.tap(…)` and `session.toggle(…)`: the lifecycle of one interaction.
    func interact(_ session: SnippetSession, with target: Value, togglesOnly: Bool, _ site: SourceRange) throws(ScriptError) -> Value {
        guard let snippet = session.snippet else { throw ScriptError.runtime(.snippetClosed, at: site) }
        let candidates = snippet.actions.filter { !togglesOnly || $0.isToggle }
        let action: SnippetAction?
        switch target {
        case .int(let n): action = candidates.first { $0.index == n }
        default: action = candidates.first { $0.label.lowercased() == target.description.lowercased() }
        }
        guard let action else {
            let kind = togglesOnly ? "toggle" : "button"
            throw ScriptError.runtime(.noSuchAction(snippet: snippet.title, kind: kind, target: target.debugDescription,
                                                   actions: candidates.map { "\($0.index) \($0.label)" }), at: site)
        }
        let (replacement, failure) = try performAction(action, of: snippet)
        session.lastError = failure?.message
        if case .intent(let next)? = replacement { session.intent = next }
        try refresh(session, site)
        return .null
    }

    func sessionMember(_ session: SnippetSession, _ name: Name, _ site: SourceRange) throws(ScriptError) -> Value {
        switch name.text {
        case "text": return .string(session.text)
        case "buttons": return .array((session.snippet?.actions ?? []).map { .string($0.label) })
        case "title": return session.snippet.map { .string($0.title) } ?? .null
        case "lastError": return session.lastError.map { .string($0) } ?? .null
        case "isOpen": return .bool(session.snippet != nil)
        default: throw ScriptError.runtime(.noSessionMember(name: name.text, isMethod: false), at: site)
        }
    }

    func sessionMethod(_ session: SnippetSession, _ name: Name, _ args: Arguments, _ site: SourceRange) throws(ScriptError) -> Value {
        switch (name.text, args.count) {
        case ("tap", 1): return try interact(session, with: args[0], togglesOnly: false, site)
        case ("toggle", 1): return try interact(session, with: args[0], togglesOnly: true, site)
        case ("done", 0):
            session.snippet = nil
            return .null
        default: throw ScriptError.runtime(.noSessionMember(name: name.text, isMethod: true), at: site)
        }
    }

    /// `expect(lhs op rhs, "message")`: on failure both sides are shown.
    func expectComparison(_ info: ExpectInfo, _ lhs: Node, _ rhs: Node, _ message: Node?, _ fp: UnsafeMutablePointer<Value>, _ site: SourceRange) throws(ScriptError) {
        let a = try eval(lhs, fp), b = try eval(rhs, fp)
        let holds: Bool
        switch info.op {
        case .equal: holds = a == b
        case .notEqual: holds = a != b
        case .less: holds = try compare(.less, a, b, site)
        case .lessEqual: holds = try compare(.lessEqual, a, b, site)
        case .greater: holds = try compare(.greater, a, b, site)
        case .greaterEqual: holds = try compare(.greaterEqual, a, b, site)
        default: holds = false
        }
        if holds { return }
        var text = "expect(\(info.lhsText) \(info.op.rawValue) \(info.rhsText)) failed: \(a.debugDescription) \(info.op.rawValue) \(b.debugDescription) is false"
        if let message { text += " — " + (try eval(message, fp)).description }
        testFailures.append(TestFailure(message: text, range: site))
    }

    /// `expect(cond, "message")` and `expectError { … }`.
    func expectation(_ function: SystemFunction, _ args: Arguments, _ site: SourceRange) throws(ScriptError) -> Value {
        if function == .expect {
            guard case .bool(let ok)? = args.first else { throw ScriptError.runtime(.badArgument(function: "expect(_:)", needs: "a Bool"), at: site) }
            if !ok {
                let message = args.count > 1 ? " — \(args[1].description)" : ""
                testFailures.append(TestFailure(message: "expectation failed\(message)", range: site))
            }
            return .null
        }
        guard let body = args.first, case .function = body else { throw ScriptError.runtime(.badArgument(function: "expectError", needs: "a closure: expectError { … }"), at: site) }
        do {
            _ = try call(body, Arguments(), site: site)
        } catch {
            switch error.kind {
            // A cancellation counts too, so a test can check that cancelling changes nothing.
            case .thrown, .runtime, .stackOverflow, .cancelled: return .null
            default: throw error
            }
        }
        testFailures.append(TestFailure(message: "expectError: the block finished without an error", range: site))
        return .null
    }
}

/// What `expect(a op b)` shows of its comparison when it fails.
struct ExpectInfo {
    var op: BinaryOp
    var lhsText: String
    var rhsText: String
}
