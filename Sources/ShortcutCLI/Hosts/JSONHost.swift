import ShortcutRuntime
import ShortcutSyntax

/// `--format json`: every event a JSON object on its own line of standard output (SPEC §10).
final class JSONHost: Host {
    let io: IO
    let answers: AnswerSource
    /// The program's files, for the place of an error.
    var sourceFiles: () -> [SourceFile] = { [] }

    init(io: IO, answers: AnswerSource, sourceFiles: @escaping () -> [SourceFile] = { [] }) {
        self.io = io
        self.answers = answers
        self.sourceFiles = sourceFiles
    }

    /// One event a line, flushed at once so a reading program sees it as it happens.
    func emit(_ pairs: [(String, JSON)]) {
        io.write(JSON.object(pairs).text + "\n")
        io.flush()
    }

    func print(_ text: String) { emit([("event", .string("print")), ("text", .string(text))]) }
    func dialog(_ text: String) { emit([("event", .string("dialog")), ("text", .string(text))]) }
    func result(_ value: Value) { emit([("event", .string("result")), ("value", value.json)]) }

    func request(_ request: Request, parse: (String) -> Answer) throws(ScriptError) -> Value {
        var event: [(String, JSON)] = [("event", .string("request")), ("kind", .string(request.kind.rawValue)), ("prompt", .string(request.prompt))]
        if let type = request.typeName { event.append(("type", .string(type))) }
        if !request.options.isEmpty { event.append(("options", .array(request.options.map { .string($0) }))) }
        if !request.styles.isEmpty { event.append(("styles", .array(request.styles.map { .string($0) }))) }
        if let label = request.confirmLabel { event.append(("confirm", .string(label))) }
        emit(event)
        guard let text = try nextAnswer() else { throw AnswerSource.ended(before: request) }
        switch parse(text) {
        case .value(let v): return v
        case .cancel: throw ScriptError(.cancelled(catchable: true), at: .none)
        case .invalid(let why): throw answers.badLine("'\(quoted(text))' does not answer \"\(request.prompt)\": \(why)")
        }
    }

    /// The `snippet` event: the view tree and the actions a person may tap (none in a static snippet).
    func emitSnippet(_ snippet: Snippet) {
        var event: [(String, JSON)] = [("event", .string("snippet")), ("intent", .string(snippet.intent)), ("title", .string(snippet.title))]
        if snippet.isStatic { event.append(("static", .bool(true))) }
        event.append(("view", snippet.view.json(actionNumber: snippet.actionNumber(at:))))
        event.append(("actions", .array(snippet.actions.map { action in
            .object([("index", .integer(action.index)), ("label", .string(action.label)), ("intent", .string(action.intent.type.name)),
                     ("parameters", .object(zip(action.intent.type.parameters, action.intent.arguments).filter { !$1.isNull }.map { ($0.name, $1.json) }))])
        })))
        emit(event)
    }

    func show(_ snippet: Snippet) { emitSnippet(snippet) }

    func present(_ snippet: Snippet) throws(ScriptError) -> Interaction {
        emitSnippet(snippet)
        guard !snippet.actions.isEmpty else { return .done }
        emit([("event", .string("request")), ("kind", .string("interaction")), ("prompt", .string(snippet.title)),
              ("options", .array(snippet.actions.map { .string($0.label) }))])
        guard let text = try nextAnswer() else { return .done }
        guard let interaction = Snippet.parseInteraction(text, snippet) else {
            throw answers.badLine("'\(quoted(text))' is not an action of \(snippet.title)")
        }
        return interaction
    }

    /// An error in a button's intent: an `error` event of kind `action`, with its place and origin.
    func actionFailed(_ error: ScriptError) {
        emit(errorEvent(error, kind: "action"))
    }

    func note(_ text: String) {
        emit([("event", .string("note")), ("text", .string(text))])
    }

    func warning(_ message: String) {
        emit([("event", .string("warning")), ("message", .string(message))])
    }

    struct AnswerError: Error { var message: String }

    /// The next answer's text (a plain line, or the `answer` of an object); nil at the end of input.
    func nextAnswer() throws(ScriptError) -> String? {
        guard let line = try answers.next() else { return nil }
        switch JSONHost.answerText(line) {
        case .success(let text): return text
        case .failure(let why): throw answers.badLine(why.message)
        }
    }

    /// An answer line: plain text, or `{"answer": …}` with a string, number or Bool.
    static func answerText(_ line: String) -> Result<String, AnswerError> {
        guard line.trimmingWhitespace().hasPrefix("{") else { return .success(line) }
        guard let json = try? JSON.parse(line), let answer = json["answer"] else {
            return .failure(AnswerError(message: "an answer object must look like {\"answer\": …}"))
        }
        switch answer {
        case .string(let s): return .success(s)
        case .integer(let i): return .success(String(i))
        case .number(let d): return .success(String(d))
        case .bool(let b): return .success(b ? "yes" : "no")
        default: return .failure(AnswerError(message: "an answer must be a string, a number or a Bool"))
        }
    }

    /// The final event of a failed run.
    func error(_ error: ScriptError) {
        emit(errorEvent(error, kind: error.kindName))
    }

    /// `{"event":"error","kind":…,"message":…,"file":…,"line":…,"column":…,"from":…}`
    func errorEvent(_ error: ScriptError, kind: String) -> [(String, JSON)] {
        var event: [(String, JSON)] = [("event", .string("error")), ("kind", .string(kind)), ("message", .string(ErrorReport.message(error)))]
        if let position = DiagnosticRenderer(files: sourceFiles(), color: false).position(error.range) {
            event += [("file", .string(position.file)), ("line", .integer(position.location.line)), ("column", .integer(position.location.column))]
        }
        if let origin = error.origin { event.append(("from", .string(origin))) }
        return event
    }
}
