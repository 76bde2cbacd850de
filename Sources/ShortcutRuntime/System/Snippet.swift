import ShortcutSyntax

/// A snippet on screen: its intent's title, the view it performed to, and the
/// buttons and toggles a person can use, numbered from 1 in view order.
///
/// The numbers are kept beside the (immutable) view, by each button's place
/// in the tree (its pre-order position), so a view that appears twice gets a
/// number at each place.
public struct Snippet {
    public let intent: String
    public let title: String
    public let view: ViewNode
    public let actions: [SnippetAction]
    /// A plain intent's `view:` (SPEC §6): shown once, its buttons drawn but not numbered, nothing asked.
    public let isStatic: Bool
    /// The places of the actions in the view, in order: action `n` is at `positions[n - 1]`.
    private let positions: [ViewPosition]

    /// Numbers every button and toggle of `view` that performs an intent, in view order (none in a static snippet).
    init(intent: String, title: String, view: ViewNode, isStatic: Bool = false) {
        var actions: [SnippetAction] = []
        var positions: [ViewPosition] = []
        func visit(_ node: ViewNode, _ position: ViewPosition) {
            if !isStatic, node.kind.isAction, case .intent(let target)? = node.property("intent") {
                actions.append(SnippetAction(index: actions.count + 1, node: node, intent: target))
                positions.append(position)
            }
            var next = position + 1
            for child in node.children {
                visit(child, next)
                next += child.size
            }
        }
        visit(view, 0)
        self.intent = intent
        self.title = title
        self.view = view
        self.actions = actions
        self.isStatic = isStatic
        self.positions = positions
    }

    /// The number a person taps for the button or toggle at `position`, if it is one.
    public func actionNumber(at position: ViewPosition) -> Int? {
        // A binary search: the positions are in view order.
        var low = 0
        var high = positions.count
        while low < high {
            let mid = (low + high) / 2
            if positions[mid] < position { low = mid + 1 } else { high = mid }
        }
        return low < positions.count && positions[low] == position ? low + 1 : nil
    }

    /// Reads a tap (SPEC §9): an action's number or label (case-insensitive), `done`, or an empty line.
    /// Nil when the text is none of these.
    public static func parseInteraction(_ raw: String, _ snippet: Snippet) -> Interaction? {
        let text = raw.trimmingWhitespace().lowercased()
        if text.isEmpty || text == "done" { return .done }
        if let n = Int(text), n >= 1, n <= snippet.actions.count { return .action(n) }
        if let action = snippet.actions.first(where: { $0.label.lowercased() == text }) { return .action(action.index) }
        // A button whose label is only a symbol answers to its glyph, its symbol name and its intent's title too.
        if let action = snippet.actions.first(where: { $0.aliases.contains { $0.lowercased() == text } }) { return .action(action.index) }
        return nil
    }
}

public struct SnippetAction {
    public var index: Int
    /// The button or toggle.
    public let node: ViewNode
    /// The intent the button or toggle performs, with the parameters bound when the view was built.
    public var intent: IntentValue

    /// What the button or toggle reads as: its title or its content's text.
    public var label: String { ViewNode.label(of: node) }
    /// Other names a person may tap it by: for a symbol-only label, the glyph and the intent's title.
    public var aliases: [String] { ViewNode.aliases(of: node, intent) }
    public var isToggle: Bool { node.kind == .toggle }
    public var isOn: Bool { node.isOn }
    /// Where the button or toggle was built: the call site of its intent's perform.
    public var site: SourceRange { node.site }
}

/// What a person does at a snippet.
public enum Interaction: Equatable {
    case done
    case action(Int)
}
