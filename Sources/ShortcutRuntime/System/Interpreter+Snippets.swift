import ShortcutSyntax

/// Presenting snippets (SPEC §6 step 5): perform the snippet intent to get a
/// view, show it, wait; a tap performs the button's intent with the
/// parameters bound when the view was built, then the snippet intent is
/// performed again and redrawn with current state.
extension Interpreter {
    /// How many times one presentation may replace its snippet before it is a runaway (SPEC §6).
    public static let maximumSnippetReplacements = 1_000

    /// Presents `snippetValue` until the person is done. In a confirmation
    /// snippet (`allowsReplacement: false`) a button's own `snippetIntent:` is
    /// ignored with a warning, as on Apple's systems.
    func presentSnippet(_ snippetValue: Value, site: SourceRange, allowsReplacement: Bool) throws(ScriptError) {
        guard case .intent(var current) = snippetValue else {
            throw ScriptError.runtime(.notAnIntent(context: "snippetIntent:", type: snippetValue.typeName), at: site)
        }
        if system.snippetDepth > 0 {
            throw ScriptError.runtime(.snippetInSnippet, at: site)
        }
        var replacements = 0
        while true {
            // An error in the snippet intent itself ends the presentation.
            let snippet = try performSnippet(current, site: site)
            let interaction = try waitingForPerson { () throws(ScriptError) -> Interaction in try host.present(snippet) }
            guard case .action(let n) = interaction, n >= 1, n <= snippet.actions.count else { return }
            let action = snippet.actions[n - 1]
            let (replacement, failure) = try performAction(action, of: snippet)
            if let failure { host.actionFailed(failure) }
            guard let replacement else { continue }
            if !allowsReplacement {
                host.warning("\(action.intent.type.name) returned a snippet, which a confirmation snippet ignores")
            } else if case .intent(let next) = replacement {
                replacements += 1
                if replacements > Interpreter.maximumSnippetReplacements {
                    throw ScriptError.runtime(.snippetChainTooLong(limit: Interpreter.maximumSnippetReplacements), at: site)
                }
                current = next
            }
        }
    }

    /// Performs a snippet intent (whose perform may not present another snippet)
    /// and builds the snippet its result's view shows.
    func performSnippet(_ intent: IntentValue, site: SourceRange) throws(ScriptError) -> Snippet {
        system.snippetDepth += 1
        defer { system.snippetDepth -= 1 }
        let outcome = try performOnce(.intent(intent), site: site)
        guard let view = outcome.view else {
            throw ScriptError.runtime(.snippetWithoutView(intent: intent.type.name), at: intent.type.range)
        }
        return Snippet(intent: intent.type.name, title: intent.type.title, view: view)
    }

    /// Performs a tapped button's or toggle's intent. Its result's `snippetIntent:`
    /// comes back as a replacement; an error it throws comes back too, naming the
    /// button, to be shown while the snippet stays open.
    func performAction(_ action: SnippetAction, of snippet: Snippet) throws(ScriptError) -> (replacement: Value?, failure: ScriptError?) {
        do throws(ScriptError) {
            return (try performOnce(.intent(action.intent), site: action.site).snippetIntent, nil)
        } catch {
            switch error.kind {
            case .thrown, .runtime:
                error.origin = "\(action.isToggle ? "toggle" : "button") \"\(action.label)\" of \(snippet.title)"
                return (nil, error)
            case .stackOverflow, .timeout, .cancelled, .inputNeeded, .needsValue, .storeError:
                throw error
            }
        }
    }
}

extension ViewNode {
    /// What a person calls a button: its title, else the text or symbol inside it.
    static func label(of node: ViewNode) -> String {
        if case .string(let title)? = node.property("title") { return title }
        var parts: [String] = []
        func collect(_ n: ViewNode) {
            switch n.kind {
            case .text: if let t = n.property("text") { parts.append(t.description) }
            case .image: if let s = n.property("systemName") { parts.append(s.description) }
            case .label: if let t = n.property("title") { parts.append(t.description) }
            case .vStack, .hStack, .zStack, .group, .spacer, .divider, .button, .toggle, .progressView, .gauge, .forEach,
                 .list, .section, .scrollView, .emptyView, .grid, .gridRow, .shape, .unknown: break
            }
            for c in n.children { collect(c) }
        }
        collect(node)
        return parts.joined(separator: " ")
    }

    /// A button that shows only symbols (`Button(intent: Add()) { Image(systemName: "plus") }`) is also
    /// tapped by what a person sees, its glyphs, and by what it does, its intent's title.
    static func aliases(of node: ViewNode, _ intent: IntentValue) -> [String] {
        guard node.property("title") == nil else { return [] }
        var symbols: [String] = []
        func collect(_ n: ViewNode) -> Bool {
            switch n.kind {
            case .text, .label: return false
            case .image:
                guard case .string(let name)? = n.property("systemName") else { return false }
                symbols.append(name)
            default: break
            }
            return n.children.allSatisfy(collect)
        }
        guard collect(node), !symbols.isEmpty else { return [] }
        let glyphs = symbols.compactMap { SymbolGlyphs.table[$0] }
        var aliases = [glyphs.map(\.unicode).joined(separator: " "), glyphs.map(\.ascii).joined(separator: " ")].filter { !$0.isEmpty }
        aliases.append(intent.type.title)
        return aliases
    }
}
