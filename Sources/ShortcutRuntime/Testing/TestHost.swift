import ShortcutSyntax

/// The host inside a test: answers come from `answer(…)`; a request with none
/// queued fails the test at once (it never waits); snippets met by `run` are
/// dismissed (tests use `open` to tap them).
public final class TestHost: Host {
    var answers: [String] = []
    public private(set) var lines: [String] = []

    public init() {}

    public func print(_ text: String) { lines.append(text) }
    public func dialog(_ text: String) { lines.append("💬 " + text) }
    public func present(_ snippet: Snippet) throws(ScriptError) -> Interaction { .done }
    public func show(_ snippet: Snippet) {}

    public func request(_ request: Request, parse: (String) -> Answer) throws(ScriptError) -> Value {
        try Answer.next(from: &answers, for: request, parse: parse,
                        whenNone: "nothing answers \"\(request.prompt)\": queue an answer with answer(…) before the request")
    }
}
