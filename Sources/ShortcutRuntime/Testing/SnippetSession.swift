import ShortcutSyntax

/// A snippet a test opened with `open(X())`: what is on screen, and taps on it,
/// each following the real lifecycle (SPEC §6): perform the button's intent,
/// then perform the snippet intent again.
public final class SnippetSession: NativeObject {
    /// The interpreter the test runs on (it owns the harness that made this session).
    unowned let interpreter: Interpreter
    /// The snippet intent on screen.
    var intent: IntentValue
    /// The snippet as last performed; nil once done.
    public private(set) var snippet: Snippet?
    /// The error a button's intent raised at the last tap, if any (the snippet stays open).
    public private(set) var lastError: String?

    init(intent: IntentValue, interpreter: Interpreter) {
        self.intent = intent
        self.interpreter = interpreter
    }

    public var typeName: String { "SnippetSession" }
    public var description: String { "snippet session (\(snippet?.title ?? "closed"))" }

    /// The text on screen, one line a view (buttons' and toggles' titles are in `buttons`).
    public var text: String {
        guard let view = snippet?.view else { return "" }
        var lines: [String] = []
        func visit(_ v: ViewNode) {
            switch v.kind {
            case .text: if let t = v.property("text") { lines.append(t.description) }
            case .label: if let t = v.property("title") { lines.append(t.description) }
            case .vStack, .hStack, .zStack, .group, .image, .spacer, .divider, .button, .toggle, .progressView, .gauge, .forEach,
                 .list, .section, .scrollView, .emptyView, .grid, .gridRow, .shape, .unknown: break
            }
            v.children.forEach(visit)
        }
        visit(view)
        return lines.joined(separator: "\n")
    }

    public func member(_ name: String, site: SourceRange) throws(ScriptError) -> Value {
        switch name {
        case "text": return .string(text)
        case "buttons": return .array((snippet?.actions ?? []).map { .string($0.label) })
        case "title": return snippet.map { .string($0.title) } ?? .null
        case "lastError": return lastError.map { .string($0) } ?? .null
        case "isOpen": return .bool(snippet != nil)
        default: throw ScriptError.runtime(.noSessionMember(name: name, isMethod: false), at: site)
        }
    }

    public func call(_ name: String, _ arguments: Arguments, site: SourceRange) throws(ScriptError) -> Value {
        switch (name, arguments.count) {
        case ("tap", 1): try interact(with: arguments[0], togglesOnly: false, site)
        case ("toggle", 1): try interact(with: arguments[0], togglesOnly: true, site)
        case ("done", 0): snippet = nil
        default: throw ScriptError.runtime(.noSessionMember(name: name, isMethod: true), at: site)
        }
        return .null
    }

    /// Performs the snippet intent and keeps what it shows.
    func refresh(_ site: SourceRange) throws(ScriptError) {
        snippet = try interpreter.performSnippet(intent, site: site)
    }

    /// `tap(…)` and `toggle(…)`: one interaction, by number or label.
    func interact(with target: Value, togglesOnly: Bool, _ site: SourceRange) throws(ScriptError) {
        guard let snippet else { throw ScriptError.runtime(.snippetClosed, at: site) }
        let candidates = snippet.actions.filter { !togglesOnly || $0.isToggle }
        let action: SnippetAction?
        switch target {
        case .int(let n): action = candidates.first { $0.index == n }
        default: action = candidates.first { $0.label.lowercased() == target.description.lowercased() }
        }
        guard let action else {
            let kind = togglesOnly ? "toggle" : "button"
            throw ScriptError.runtime(.noSuchAction(snippet: snippet.title, kind: kind, target: target.debugDescription,
                                                   actions: candidates.map { "\($0.index) \($0.label)" }), at: site)
        }
        let (replacement, failure) = try interpreter.performAction(action, of: snippet)
        lastError = failure?.message
        if case .intent(let next)? = replacement { intent = next }
        try refresh(site)
    }
}
