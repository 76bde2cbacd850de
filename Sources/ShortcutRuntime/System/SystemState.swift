import ShortcutSyntax

/// What the system keeps while it performs intents and presents snippets.
final class SystemState {
    /// Snippet intents being performed right now (a snippet may not present another from its perform).
    var snippetDepth = 0
    /// The intents being performed, innermost last: a restart belongs to one of them.
    var performing: [IntentType] = []
    /// What `throw $p.needsValueError(…)` asked for: the parameter to ask for again, and the prompt.
    var restart: (type: IntentType, index: Int, prompt: String?, among: [Value]?)?
    /// Thrown to unwind to the perform that restarts. Made once, so a restart
    /// allocates no error: what it asks for is in `restart`.
    let restartSignal = ScriptError(.needsValue, at: .none)
}
