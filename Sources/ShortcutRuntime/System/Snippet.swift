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
