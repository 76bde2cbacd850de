import ShortcutRuntime
import ShortcutSyntax
import Testing

/// The snippet lifecycle of SPEC §6, one rule at a time, against a recording host.
@Suite struct SnippetTests {
    static let path = packageRoot + "/Tests/Fixtures/snippets.shortcut"

    func run(_ intent: String, taps: [String], parameters: [String: String] = [:]) -> (host: RecordingHost, value: Value?, error: ScriptError?) {
        performIntent(intent, in: SnippetTests.path, answers: taps, parameters: parameters)
    }

    func texts(_ snippet: Snippet) -> [String] {
        var out: [String] = []
        func visit(_ v: ViewNode) {
            if v.kind == .text, let t = v.property("text") { out.append(t.description) }
            v.children.forEach(visit)
        }
        visit(snippet.view)
        return out
    }

    @Test func aTapPerformsTheButtonThenPerformsTheSnippetAgain() {
        let r = run("ShowCount", taps: ["Add", "1", "add"])
        #expect(r.error == nil)
        #expect(r.value == .int(7))
        #expect(r.host.snippets.map { texts($0) } == [["Count: 0"], ["Count: 1"], ["Count: 2"], ["Count: 3"]])
        #expect(r.host.snippets[0].actions.map(\.label) == ["Add", "Fail", "Next", "Loop"])
        #expect(r.host.lines == ["💬 showing"])
    }

    @Test func aButtonsSnippetIntentReplacesTheSnippet() {
        let r = run("ShowCount", taps: ["Next"])
        #expect(r.host.snippets.map(\.title) == ["Count", "Other"])
        #expect(texts(r.host.snippets[1]) == ["the other snippet"])
    }

    @Test func aConfirmationSnippetIgnoresReplacementWithAWarning() {
        let r = run("ConfirmWithSnippet", taps: ["Add", "Next", "done", "yes"])
        #expect(r.error == nil)
        #expect(r.host.snippets.map(\.title) == ["Count", "Count", "Count"])
        #expect(r.host.lines.contains { $0.contains("a confirmation snippet ignores") })
        #expect(r.host.lines.last == "💬 bought 1")
        #expect(r.host.requests.last?.confirmLabel == "Buy")
    }

    @Test func cancellingAfterAConfirmationSnippetRollsBack() {
        let r = run("ConfirmWithSnippet", taps: ["Add", "done", "no"])
        if case .cancelled? = r.error?.kind {} else { Issue.record("expected a cancel") }
    }

    @Test func entityParametersAreFetchedAgainOnEveryPerform() {
        let r = run("ShowTodo", taps: ["1", "1", "Delete"], parameters: ["todo": "a"])
        // The toggle's state follows the store: the snippet's parameter is re-fetched through byIDs.
        #expect(r.host.snippets.prefix(3).map { $0.actions.first?.isOn } == [false, true, false])
        guard case .runtime(let error)? = r.error?.kind else { Issue.record("expected the deleted todo to end the snippet"); return }
        #expect(error == .entityGone(type: "Todo", title: "Milk", parameter: "todo"))
        #expect(error.message == "the Todo 'Milk' for 'todo' no longer exists")
    }

    @Test func anErrorInTheButtonIsShownAndTheSnippetStays() {
        let r = run("ShowCount", taps: ["Fail", "Add"])
        #expect(r.error == nil)
        #expect(r.host.lines.contains("⚠️ uncaught error: the button failed"))
        // The failed button's change was rolled back.
        #expect(r.host.snippets.map { texts($0) } == [["Count: 0"], ["Count: 0"], ["Count: 1"]])
    }

    @Test func anErrorInTheSnippetEndsThePresentation() {
        let r = run("ShowBroken", taps: ["Break", "Break"])
        guard case .thrown? = r.error?.kind else { Issue.record("expected the snippet's own error"); return }
        #expect(r.host.snippets.count == 1)
    }

    @Test func aSnippetWithoutAViewIsAnError() {
        let r = run("ShowNoView", taps: [])
        guard case .runtime(let error)? = r.error?.kind else { Issue.record("expected a missing view"); return }
        #expect(error.message == "NoViewSnippet was presented as a snippet, but its result has no view:")
        #expect(r.host.snippets.isEmpty)
        // A test's open(…) meets the same error.
        let loaded = Loader().load(path: SnippetTests.path)
        let results = loaded.program.map { TestRunner.run($0, filter: "without a view") } ?? []
        #expect(results.map(\.passed) == [true])
    }

    @Test func theChainStopsAtItsLimit() {
        let taps = Array(repeating: "Loop", count: Interpreter.maximumSnippetReplacements + 1)
        let r = run("ShowCount", taps: taps)
        guard case .runtime(let error)? = r.error?.kind else { Issue.record("expected the chain limit"); return }
        #expect(error == .snippetChainTooLong(limit: Interpreter.maximumSnippetReplacements))
    }

    @Test func endOfInputAtASnippetIsDone() {
        let r = run("ShowCount", taps: [])
        #expect(r.error == nil)
        #expect(r.host.snippets.count == 1)
    }

    @Test func aBadTapIsInputNeeded() {
        let r = run("ShowCount", taps: ["9"])
        if case .inputNeeded? = r.error?.kind {} else { Issue.record("expected a rejected tap") }
    }
}
