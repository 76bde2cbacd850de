/// The boundary between the runtime and the world (STYLE habit 10).
///
/// The runtime never prints or reads a terminal: everything a program shows
/// goes through a host. The CLI provides the terminal, scripted and JSON
/// hosts; tests provide hosts that record.
public protocol Host: AnyObject {
    /// `print(…)` output, one line without its line break.
    func print(_ text: String)
    /// A dialog the system shows: `show` in a flow, an intent's `dialog:`.
    func dialog(_ text: String)
}

/// A host that collects output in memory (tests, the REPL's capture).
public final class RecordingHost: Host {
    public private(set) var lines: [String] = []
    public init() {}
    public func print(_ text: String) { lines.append(text) }
    public func dialog(_ text: String) { lines.append("💬 " + text) }
    public var output: String { lines.map { $0 + "\n" }.joined() }
}
