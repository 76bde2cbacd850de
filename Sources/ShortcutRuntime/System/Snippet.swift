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
    private let numbers: [ViewPosition: Int]

    /// Numbers every button and toggle of `view` that performs an intent, in view order (none in a static snippet).
    init(intent: String, title: String, view: ViewNode, isStatic: Bool = false) {
        var actions: [SnippetAction] = []
        var numbers: [ViewPosition: Int] = [:]
        func visit(_ node: ViewNode, _ position: ViewPosition) {
            if !isStatic, node.kind.isAction, case .intent(let target)? = node.property("intent") {
                actions.append(SnippetAction(index: actions.count + 1, label: ViewNode.label(of: node), aliases: ViewNode.aliases(of: node, target),
                                             intent: target, isToggle: node.kind == .toggle, isOn: node.isOn, site: node.site))
                numbers[position] = actions.count
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
        self.numbers = numbers
    }

    /// The number a person taps for the button or toggle at `position`, if it is one.
    public func actionNumber(at position: ViewPosition) -> Int? { numbers[position] }

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
    public var label: String
    /// Other names a person may tap it by: for a symbol-only label, the glyph and the intent's title.
    public var aliases: [String]
    /// The intent the button or toggle performs, with the parameters bound when the view was built.
    public var intent: IntentValue
    public var isToggle: Bool
    public var isOn: Bool
    /// Where the button or toggle was built: the call site of its intent's perform.
    public var site: SourceRange
}

/// What a person does at a snippet.
public enum Interaction: Equatable {
    case done
    case action(Int)
}
