/// A host that collects output in memory and answers requests from a queue
/// (tests, the REPL's capture).
public final class RecordingHost: Host {
    public private(set) var lines: [String] = []
    public private(set) var requests: [Request] = []
    public var answers: [String]
    public private(set) var results: [Value] = []

    public init(answers: [String] = []) {
        self.answers = answers
    }

    public func print(_ text: String) { lines.append(text) }
    public func dialog(_ text: String) { lines.append("💬 " + text) }
    public func result(_ value: Value) { results.append(value) }

    public private(set) var snippets: [Snippet] = []

    public func show(_ snippet: Snippet) { snippets.append(snippet) }

    /// Taps come from the same answer queue: a number or label, `done` or an empty line; none left is done.
    public func present(_ snippet: Snippet) throws(ScriptError) -> Interaction {
        snippets.append(snippet)
        guard !answers.isEmpty else { return .done }
        let text = answers.removeFirst()
        guard let interaction = Snippet.parseInteraction(text, snippet) else {
            throw ScriptError(.inputNeeded("'\(quoted(text))' is not an action of \(snippet.title)"), at: .none)
        }
        return interaction
    }

    public func actionFailed(_ error: ScriptError) { lines.append("⚠️ " + error.message) }
    public func warning(_ message: String) { lines.append("⚠️ warning: " + message) }

    public func request(_ request: Request, parse: (String) -> Answer) throws(ScriptError) -> Value {
        requests.append(request)
        return try Answer.next(from: &answers, for: request, parse: parse,
                               whenNone: "no answer for: \(request.prompt)")
    }

    public var output: String { lines.map { $0 + "\n" }.joined() }
}
