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
    /// A choice's options' styles (`default`, `destructive`, `cancel`), when any is not the default.
    public var styles: [String] = []

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
        case .cancel: throw ScriptError(.cancelled(catchable: true), at: .none)
        case .invalid(let why): throw ScriptError(.inputNeeded("the answer '\(quoted(text))' does not answer \"\(request.prompt)\": \(why)"), at: .none)
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
