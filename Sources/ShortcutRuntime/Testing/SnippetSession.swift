import ShortcutSyntax

/// `test` blocks (SPEC §5.11): each runs on its own interpreter with fresh,
/// in-memory stores, answers requests from what `answer(…)` queued, and
/// collects the failures of `expect` and `expectError`.

/// A snippet a test opened with `open(X())`: what is on screen, and taps on it.
public final class SnippetSession {
    /// The snippet intent on screen.
    var intent: IntentValue
    /// The snippet as last performed; nil once done.
    public internal(set) var snippet: Snippet?
    /// The error a button's intent raised at the last tap, if any (the snippet stays open).
    public internal(set) var lastError: String?

    init(intent: IntentValue) {
        self.intent = intent
    }

    /// The text on screen, one line a view (buttons' and toggles' titles are in `buttons`).
    public var text: String {
        guard let view = snippet?.view else { return "" }
        var lines: [String] = []
        func visit(_ v: ViewNode) {
            switch v.kind {
            case .text: if let t = v.property("text") { lines.append(t.description) }
            case .label: if let t = v.property("title") { lines.append(t.description) }
            case .vStack, .hStack, .zStack, .group, .image, .spacer, .divider, .button, .toggle, .progressView, .gauge, .forEach: break
            }
            v.children.forEach(visit)
        }
        visit(view)
        return lines.joined(separator: "\n")
    }
}


