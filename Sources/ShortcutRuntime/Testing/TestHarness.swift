import ShortcutSyntax

/// One failed expectation.
public struct TestFailure: Sendable {
    public var message: String
    public var range: SourceRange
}

/// The harness of one test: the answers `answer(…)` queued (its host reads
/// them), the snippets it opened, and the expectations that failed.
final class TestHarness: TestHooks {
    let host: TestHost
    private(set) var failures: [TestFailure] = []

    init(host: TestHost) {
        self.host = host
    }

    func answer(_ values: Arguments, in interpreter: Interpreter, site: SourceRange) throws(ScriptError) {
        for value in values {
            switch value {
            case .bool(let b): host.answers.append(b ? "yes" : "no")
            case .enumCase(let c): host.answers.append(c.name)
            case .record(let r) where r.type.kind == .entity: host.answers.append(interpreter.entityID(value) ?? r.type.name)
            default: host.answers.append(value.description)
            }
        }
    }

    func open(_ target: Value, in interpreter: Interpreter, site: SourceRange) throws(ScriptError) -> Value {
        // A snippet intent opens itself, as running it does (SPEC §6); another intent opens the snippet its result names.
        let snippetIntent: IntentValue
        if case .intent(let intent) = target, intent.type.isSnippet {
            snippetIntent = intent
        } else if case .intent(let named)? = try interpreter.performOnce(target, site: site).snippetIntent {
            snippetIntent = named
        } else {
            throw ScriptError.runtime(.badArgument(function: "open(…)", needs: "a snippet intent, or an intent whose result has a snippetIntent:"), at: site)
        }
        let session = SnippetSession(intent: snippetIntent, interpreter: interpreter)
        try session.refresh(site)
        return .native(session)
    }

    func expect(_ holds: Bool, message: String?, site: SourceRange) {
        if holds { return }
        failures.append(TestFailure(message: "expectation failed" + (message.map { " — \($0)" } ?? ""), range: site))
    }

    func expect(_ info: ExpectInfo, _ a: Value, _ b: Value, message: String?, in interpreter: Interpreter, site: SourceRange) throws(ScriptError) {
        let holds: Bool
        switch info.op {
        case .equal, .identical: holds = a == b   // class instances are equal when they are the same one
        case .notEqual, .notIdentical: holds = a != b
        case .less: holds = try interpreter.compare(.less, a, b, site)
        case .lessEqual: holds = try interpreter.compare(.lessEqual, a, b, site)
        case .greater: holds = try interpreter.compare(.greater, a, b, site)
        case .greaterEqual: holds = try interpreter.compare(.greaterEqual, a, b, site)
        case .add, .subtract, .multiply, .divide, .remainder, .halfOpenRange, .closedRange, .coalesce, .and, .or,
             .bitAnd, .bitOr, .bitXor, .shiftLeft, .shiftRight, .wrappingAdd, .wrappingSubtract, .wrappingMultiply,
             .maskingShiftLeft, .maskingShiftRight, .patternMatch: holds = false   // never an `expect` comparison (`typedSystem`)
        }
        if holds { return }
        var text = "expect(\(info.lhsText) \(info.op.rawValue) \(info.rhsText)) failed: \(a.debugDescription) \(info.op.rawValue) \(b.debugDescription) is false"
        if let message { text += " — " + message }
        failures.append(TestFailure(message: text, range: site))
    }

    func expectError(_ body: Value, in interpreter: Interpreter, site: SourceRange) throws(ScriptError) {
        do {
            _ = try interpreter.call(body, Arguments(), site: site)
        } catch {
            switch error.kind {
            // A cancellation counts too, so a test can check that cancelling changes nothing.
            case .thrown, .runtime, .stackOverflow, .cancelled: return
            case .timeout, .inputNeeded, .needsValue, .storeError: throw error
            }
        }
        failures.append(TestFailure(message: "expectError: the block finished without an error", range: site))
    }
}
