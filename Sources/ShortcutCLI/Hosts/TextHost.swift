#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ShortcutRuntime
import ShortcutSyntax


/// The host for text output: a terminal, or a pipe with scripted answers.
final class TextHost: Host {
    let io: IO
    let style: Style
    let answers: AnswerSource
    /// The program's files, for the place of an error in a button's intent.
    var sourceFiles: () -> [SourceFile] = { [] }

    init(io: IO, style: Style, answers: AnswerSource, sourceFiles: @escaping () -> [SourceFile] = { [] }) {
        self.io = io
        self.style = style
        self.answers = answers
        self.sourceFiles = sourceFiles
    }

    func print(_ text: String) {
        io.write(text + "\n")
    }

    /// `print(…, terminator:)`: written as it is, as Swift writes it to standard output.
    func write(_ text: String) {
        io.write(text)
    }

    /// Dialogs are flushed at once: a dialog reports a committed perform, and
    /// what was reported must be visible even if the process dies next.
    func dialog(_ text: String) {
        let prefix = style.unicode ? "💬 " : "> "
        io.write(style.color ? "\u{1B}[1m\(prefix)\(text)\u{1B}[0m\n" : "\(prefix)\(text)\n")
        io.flush()
    }

    /// A static snippet: the card alone, its buttons not numbered.
    func show(_ snippet: Snippet) {
        io.write(utf8: CardRenderer(style: style, maximumWidth: io.columns ?? CardRenderer.defaultWidth).renderUTF8(snippet))
        io.flush()
    }

    /// Draws the card, then asks for a tap: a number, a label, `done` or Return.
    /// End of input at a snippet means done (SPEC §10).
    func present(_ snippet: Snippet) throws(ScriptError) -> Interaction {
        let renderer = CardRenderer(style: style, maximumWidth: io.columns ?? CardRenderer.defaultWidth)
        io.write(utf8: renderer.renderUTF8(snippet))
        io.flush()
        guard !snippet.actions.isEmpty else { return .done }
        while true {
            let prompt = renderer.prompt(snippet)
            if !answers.editsLines { io.write(prompt) }
            guard let text = try answer(prompt) else {
                io.write("\n")
                return .done
            }
            if !answers.isInteractive { io.write(text + "\n") }
            if let interaction = Snippet.parseInteraction(text, snippet) { return interaction }
            let hint = "tap a number from 1 to \(snippet.actions.count), a button's label, or press Return when done"
            guard answers.isInteractive else {
                throw answers.badLine("'\(quoted(text))' is not an action of \(snippet.title): \(hint)")
            }
            io.write("  \(hint)\n")
        }
    }

    /// The snippet stays open: a one-line notice where the card is, the whole error on stderr.
    func actionFailed(_ error: ScriptError) {
        io.write((style.unicode ? "⚠️  " : "! ") + error.message + "\n")
        io.writeError(ErrorReport(files: sourceFiles(), color: style.color).render(error))
    }

    /// `--verbose`: what a device would have done, on stderr so it never mixes with the program's output.
    func note(_ text: String) {
        io.writeError((style.unicode ? "ℹ︎ " : "i ") + text + "\n")
    }

    func warning(_ message: String) {
        io.write((style.unicode ? "⚠️  " : "! ") + "warning: " + message + "\n")
    }

    /// The question as one line: `❓ How many shots? [1 Single, 2 Double, 3 Triple Shot]: `
    func promptLine(_ request: Request) -> String {
        var line = (style.unicode ? "❓ " : "? ") + request.prompt
        switch request.kind {
        case .confirmation:
            line += " [\(request.confirmLabel ?? "Confirm")/Cancel]"
        case .value, .choice, .interaction:
            if !request.options.isEmpty {
                line += " [" + request.options.enumerated().map { "\($0.offset + 1) \($0.element)" }.joined(separator: ", ") + "]"
            } else if let type = request.typeName, type != "String" {
                line += " (\(type))"
            }
        }
        return line + ": "
    }

    /// The next answer after a prompt; when the wait ends in an error (the run's
    /// timeout), the prompt's line is ended first, so the error stands on its own.
    func answer(_ prompt: String) throws(ScriptError) -> String? {
        do {
            return try answers.next(prompt: prompt)
        } catch {
            io.write("\n")
            throw error
        }
    }

    func request(_ request: Request, parse: (String) -> Answer) throws(ScriptError) -> Value {
        while true {
            let prompt = promptLine(request)
            if !answers.editsLines { io.write(style.color ? "\u{1B}[1m\(prompt)\u{1B}[0m" : prompt) }
            guard let text = try answer(prompt) else {
                // The error that follows goes on a line of its own, not after the prompt.
                io.write("\n")
                throw AnswerSource.ended(before: request)
            }
            if !answers.isInteractive { io.write(text + "\n") }   // the transcript shows the scripted answer
            switch parse(text) {
            case .value(let v): return v
            case .cancel: throw ScriptError(.cancelled(catchable: true), at: .none)
            case .invalid(let why):
                guard answers.isInteractive else {
                    throw answers.badLine("'\(quoted(text))' does not answer \"\(request.prompt)\": \(why)")
                }
                io.write("  \(why)\n")
            }
        }
    }
}


