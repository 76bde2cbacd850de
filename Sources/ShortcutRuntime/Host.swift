/// The boundary between the runtime and the world (STYLE habit 10).
///
/// The runtime never prints or reads a terminal: everything a program shows or
/// asks goes through a host. The CLI provides the terminal, scripted and JSON
/// hosts; tests use `RecordingHost`.
public protocol Host: AnyObject {
    /// `print(…)` output, one line without its line break.
    func print(_ text: String)
    /// A dialog the system shows: `show` in a flow, an intent's `dialog:`.
    func dialog(_ text: String)
    /// Asks the person. `parse` turns the text they give into a value, or says
    /// what is wrong with it; what happens then is the host's policy (a
    /// terminal asks again, scripted input fails with exit 4). With no answer
    /// to give, the host throws `inputNeeded`.
    func request(_ request: Request, parse: (String) -> Answer) throws(ScriptError) -> Value
    /// The value a run target returned (JSON's `result` event).
    func result(_ value: Value)
    /// Shows a snippet and waits for the person: a tap on one of its actions, or done.
    /// With no more input, that is done (SPEC §10).
    func present(_ snippet: Snippet) throws(ScriptError) -> Interaction
    /// An error in a button's intent, shown while the snippet stays open (SPEC §6 5.5).
    func snippetError(_ message: String)
}

extension Host {
    public func result(_ value: Value) {}
    public func snippetError(_ message: String) { dialog(message) }
}

/// A snippet on screen: its intent's title, the view it performed to, and the
/// buttons and toggles a person can use, numbered from 1 in view order.
public struct Snippet {
    public var intent: String
    public var title: String
    public var view: ViewNode
    public var actions: [SnippetAction]
}

public struct SnippetAction {
    public var index: Int
    public var label: String
    /// The intent the button or toggle performs, with the parameters bound when the view was built.
    public var intent: IntentValue
    public var isToggle: Bool
    public var isOn: Bool
}

/// What a person does at a snippet.
public enum Interaction: Equatable {
    case done
    case action(Int)
}

/// Something the system asks a person (SPEC §5.3).
public struct Request: Sendable {
    public enum Kind: String, Sendable {
        case value, confirmation, choice, interaction
    }

    public var kind: Kind
    public var prompt: String
    /// The type a value request wants (`Int`, `EspressoShot`), for prompts and JSON.
    public var typeName: String?
    /// Numbered options (from 1): enum cases, suggested entities, choices.
    public var options: [String]
    /// A confirmation's confirm button (`Buy`, `Log`, `Confirm`).
    public var confirmLabel: String?

    public init(kind: Kind, prompt: String, typeName: String? = nil, options: [String] = [], confirmLabel: String? = nil) {
        self.kind = kind
        self.prompt = prompt
        self.typeName = typeName
        self.options = options
        self.confirmLabel = confirmLabel
    }
}

extension Answer {
    /// Takes the next queued answer for a request: its value, a cancel, or an `inputNeeded` error.
    static func next(from queue: inout [String], for request: Request, parse: (String) -> Answer, whenNone: String) throws(ScriptError) -> Value {
        guard !queue.isEmpty else { throw ScriptError(.inputNeeded(whenNone), at: .none) }
        let text = queue.removeFirst()
        switch parse(text) {
        case .value(let v): return v
        case .cancel: throw ScriptError(.cancelled, at: .none)
        case .invalid(let why): throw ScriptError(.inputNeeded("the answer '\(text)' does not answer \"\(request.prompt)\": \(why)"), at: .none)
        }
    }
}

/// What an answer means, as the runtime reads it.
public enum Answer {
    case value(Value)
    /// The answer does not fit; the message says what would.
    case invalid(String)
    /// The person cancelled (declined a confirmation, picked a `.cancel` option).
    case cancel
}

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

    /// Taps come from the same answer queue: a number or label, `done` or an empty line; none left is done.
    public func present(_ snippet: Snippet) throws(ScriptError) -> Interaction {
        snippets.append(snippet)
        guard !answers.isEmpty else { return .done }
        let text = answers.removeFirst()
        guard let interaction = Snippet.parseInteraction(text, snippet) else {
            throw ScriptError(.inputNeeded("'\(text)' is not an action of \(snippet.title)"), at: .none)
        }
        return interaction
    }

    public func snippetError(_ message: String) { lines.append("⚠️ " + message) }

    public func request(_ request: Request, parse: (String) -> Answer) throws(ScriptError) -> Value {
        requests.append(request)
        return try Answer.next(from: &answers, for: request, parse: parse,
                               whenNone: "no answer for: \(request.prompt)")
    }

    public var output: String { lines.map { $0 + "\n" }.joined() }
}

extension Snippet {
    /// Reads a tap (SPEC §9): an action's number or label (case-insensitive), `done`, or an empty line.
    /// Nil when the text is none of these.
    public static func parseInteraction(_ raw: String, _ snippet: Snippet) -> Interaction? {
        let text = raw.trimmingWhitespace().lowercased()
        if text.isEmpty || text == "done" { return .done }
        if let n = Int(text), n >= 1, n <= snippet.actions.count { return .action(n) }
        if let action = snippet.actions.first(where: { $0.label.lowercased() == text }) { return .action(action.index) }
        return nil
    }
}
