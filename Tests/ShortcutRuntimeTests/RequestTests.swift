import ShortcutRuntime
import ShortcutSyntax
import Testing

/// The system's requests (SPEC §5.2–§5.3, §6) against a recording host.
@Suite struct RequestTests {
    static let path = packageRoot + "/Tests/Fixtures/requests.shortcut"

    /// Performs an intent of the requests fixture with scripted answers.
    func perform(_ intent: String, answers: [String], arguments: [String: String] = [:]) -> (value: Value?, host: RecordingHost, error: ScriptError?) {
        let r = performIntent(intent, in: RequestTests.path, answers: answers, parameters: arguments)
        return (r.value, r.host, r.error)
    }

    @Test func requiredParametersAreAskedBeforePerform() {
        let r = perform("LogIntent", answers: ["Triple Shot", "2", "yes"])
        #expect(r.error == nil)
        #expect(r.value == .int(1))
        #expect(r.host.requests.map(\.prompt) == ["How many shots?", "Cafe?", "Log Triple Shot at Harbour?"])
        #expect(r.host.requests[0].options == ["Single", "Double", "Triple Shot"])
        #expect(r.host.requests[1].options == ["Corner", "Harbour"])
        #expect(r.host.requests[2].kind == .confirmation)
        #expect(r.host.requests[2].confirmLabel == "Log")
        #expect(r.host.lines == ["💬 Logged Triple Shot at Harbour."])
    }

    @Test func enumsAndEntitiesAnswerByNameTitleNumberOrID() {
        for answer in ["double", "Double", "2"] {
            let r = perform("LogIntent", answers: [answer, "c1", "y"])
            #expect(r.host.lines == ["💬 Logged Double at Corner."], "answer \(answer)")
        }
        let bad = perform("LogIntent", answers: ["quadruple"])
        guard case .inputNeeded(let message)? = bad.error?.kind else { Issue.record("expected inputNeeded"); return }
        #expect(message.contains("choose one of: Single, Double, Triple Shot"))
    }

    @Test func declinedConfirmationCancels() {
        let r = perform("LogIntent", answers: ["1", "1", "no"])
        guard case .cancelled? = r.error?.kind else { Issue.record("expected cancel, got \(String(describing: r.error?.message))"); return }
        #expect(r.host.lines.isEmpty)
    }

    @Test func parametersFromTheCommandLineAreTyped() {
        let r = perform("LogIntent", answers: ["yes"], arguments: ["shots": "triple", "cafe": "c2", "extra": "10"])
        #expect(r.value == .int(1))
        #expect(r.host.requests.count == 1)
    }

    @Test func needsValueErrorAsksThenPerformsAgain() {
        let r = perform("AskAgainIntent", answers: ["21"])
        #expect(r.value == .int(42))
        #expect(r.host.requests.map(\.prompt) == ["How many, really?"])
    }

    @Test func choicesAndFlowRequests() {
        let r = perform("ChooseIntent", answers: ["Large", "3", "yes", "2026-11-29", "2"])
        #expect(r.value == .string("Large 3 true 2026-11-29T00:00:00Z Bob"))
        #expect(r.host.requests.map(\.kind) == [.choice, .value, .value, .value, .choice])
        let cancelled = perform("ChooseIntent", answers: ["3"])
        if case .cancelled? = cancelled.error?.kind {} else { Issue.record("picking a .cancel option must cancel") }
        let notANumber = perform("ChooseIntent", answers: ["1", "many"])
        if case .inputNeeded? = notANumber.error?.kind {} else { Issue.record("a bad number must be rejected") }
    }

    @Test func entitiesCanBeFoundByTypedSearch() {
        // "orn" is neither a title nor an id; the query's matching(text) finds exactly one.
        #expect(perform("LogIntent", answers: ["1", "orn", "yes"]).host.lines == ["💬 Logged Single at Corner."])
        let ambiguous = perform("LogIntent", answers: ["1", "harb"])
        guard case .inputNeeded(let message)? = ambiguous.error?.kind else { Issue.record("expected a rejected answer"); return }
        #expect(message.contains("several match 'harb': Harbour, Harbour Annex"))
        let none = perform("LogIntent", answers: ["1", "zzz"])
        if case .inputNeeded(let m)? = none.error?.kind { #expect(m.contains("no Cafe matches 'zzz'")) } else { Issue.record("expected a rejected answer") }
    }

    @Test func disambiguationChoosesAmongValues() {
        let r = perform("PickIntent", answers: ["Harbour Annex"])
        #expect(r.value == .string("c3"))
        #expect(r.host.requests.first?.kind == .choice)
        #expect(r.host.requests.first?.options == ["Corner", "Harbour", "Harbour Annex"])
        #expect(r.host.requests.first?.prompt == "Which cafe?")
    }

    @Test func opensIntentPerformsTheNextIntent() {
        let r = perform("FirstIntent", answers: [])
        #expect(r.value == .int(1))
        #expect(r.host.lines == ["💬 first", "💬 (requests would open now)", "💬 second"])
    }

    @Test func noAnswerIsInputNeeded() {
        let r = perform("LogIntent", answers: [])
        guard case .inputNeeded(let message)? = r.error?.kind else { Issue.record("expected inputNeeded"); return }
        #expect(message.contains("How many shots?"))
    }

    /// A restart unwinds to its own perform without an error object of its own, and a
    /// perform that always asks again stops at the limit instead of running forever.
    @Test func restartsAreBoundedAndBelongToTheirPerform() {
        let answers = Array(repeating: "1", count: Interpreter.maximumRestarts + 5)
        let r = perform("NeverEnoughIntent", answers: answers)
        guard case .runtime(let error)? = r.error?.kind else { Issue.record("expected the restart limit, got \(String(describing: r.error?.message))"); return }
        #expect(error == .tooManyRestarts(intent: "NeverEnoughIntent", limit: Interpreter.maximumRestarts))
        #expect(r.host.requests.count == Interpreter.maximumRestarts)
        // Asking for another intent's parameter, which is not being performed, is an error where it is asked.
        let outside = perform("AskFromOutsideIntent", answers: [])
        guard case .runtime(let e)? = outside.error?.kind else { Issue.record("expected an error, got \(String(describing: outside.error?.message))"); return }
        #expect(e == .restartOutsidePerform(intent: "NeverEnoughIntent"))
        #expect(outside.error?.range != SourceRange.none)
    }
}
