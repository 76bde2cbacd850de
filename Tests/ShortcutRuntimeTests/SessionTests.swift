import ShortcutRuntime
import ShortcutSyntax
import Testing

@Suite struct SessionTests {
    @Test func expressionsHaveValuesAndDeclarationsAccumulate() {
        let host = RecordingHost()
        let session = Session(host: host)
        guard case .ran(let v, _) = session.evaluate("1 + 2") else { Issue.record("did not run"); return }
        #expect(v == .int(3))
        _ = session.evaluate("var total = 10")
        _ = session.evaluate("func double(_ x: Int) -> Int { x * 2 }")
        guard case .ran(let w, _) = session.evaluate("double(total)") else { Issue.record("did not run"); return }
        #expect(w == .int(20))
    }

    @Test func declarationsCanBeRedefined() {
        let session = Session(host: RecordingHost())
        _ = session.evaluate("func f() -> Int { 1 }")
        _ = session.evaluate("func f() -> Int { 2 }")
        guard case .ran(let v, _) = session.evaluate("f()") else { Issue.record("did not run"); return }
        #expect(v == .int(2))
        _ = session.evaluate("let x = 1")
        guard case .ran = session.evaluate("let x = 5") else { Issue.record("redefinition failed"); return }
        guard case .ran(let x, _) = session.evaluate("x") else { Issue.record("did not run"); return }
        #expect(x == .int(5))
    }

    @Test func errorsDoNotEndTheSession() {
        let session = Session(host: RecordingHost())
        guard case .diagnostics = session.evaluate("print(nope)") else { Issue.record("expected diagnostics"); return }
        guard case .failed = session.evaluate("1 / 0") else { Issue.record("expected a runtime error"); return }
        guard case .ran(let v, _) = session.evaluate("\"still here\"") else { Issue.record("session died"); return }
        #expect(v == .string("still here"))
    }

    @Test func statePersistsAcrossInputs() {
        let host = RecordingHost()
        let session = Session(host: host)
        _ = session.evaluate("store Counter { var n = 0 }")
        _ = session.evaluate("Counter.shared.n += 1")
        _ = session.evaluate("Counter.shared.n += 1")
        _ = session.evaluate("print(Counter.shared.n)")
        #expect(host.lines == ["2"])
    }

    @Test func incompleteInputContinues() {
        #expect(!Session.isComplete("func f() {"))
        #expect(!Session.isComplete("let xs = [1,"))
        #expect(!Session.isComplete("let s = \"\"\"\nabc"))
        #expect(!Session.isComplete("let a = 1 +"))
        #expect(Session.isComplete("let a = 1"))
        #expect(Session.isComplete("func f() { }"))
        // An unterminated one-line string is an error to show, not a reason to wait.
        #expect(Session.isComplete("print(\"oops)"))
    }
}
