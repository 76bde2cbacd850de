/// The boundary between the runtime and the world (STYLE habit 10).
///
/// The runtime never prints or reads a terminal: everything a program shows or
/// asks goes through a host. The CLI provides the terminal, scripted and JSON
/// hosts; tests use `RecordingHost`.
public protocol Host: AnyObject {
    /// `print(…)` output, one line without its line break.
    func print(_ text: String)
    /// `print(…)` output with a `terminator:` other than a line break: the text as it is, which may end a line
    /// (`"!\n"`), hold several, or none (`""`, `" "`). A terminal writes it as it is, as Swift's `print` does;
    /// by default a host that deals in lines takes each of its lines as a `print`.
    func write(_ text: String)
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
    /// Shows a static snippet (a plain intent's `view:`, SPEC §6): drawn once, nothing asked.
    func show(_ snippet: Snippet)
    /// An error in a button's or toggle's intent, shown while the snippet stays
    /// open (SPEC §6 5.5). It carries its place and chain; `origin` names the button.
    func actionFailed(_ error: ScriptError)
    /// Something the system notes without stopping (a confirmation snippet ignoring a replacement).
    func warning(_ message: String)
    /// What a device would have done that this host does not (a `Logger` line, a widget reload), with `--verbose`.
    func note(_ text: String)
}

extension Host {
    public func write(_ text: String) {
        if text.isEmpty { return }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        for line in lines { print(String(line)) }
    }
    public func result(_ value: Value) {}
    public func actionFailed(_ error: ScriptError) { dialog(error.message) }
    public func warning(_ message: String) { dialog("warning: " + message) }
    public func note(_ text: String) {}
}

