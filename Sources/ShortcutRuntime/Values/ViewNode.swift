import ShortcutSyntax

/// The views of SPEC §7 and §13. Adding one makes the compiler list every place that
/// draws or reads views (the card, JSON, the test harness).
public enum ViewKind: String, CaseIterable, Sendable {
    case vStack = "VStack", hStack = "HStack", zStack = "ZStack", group = "Group"
    case text = "Text", label = "Label", image = "Image", spacer = "Spacer", divider = "Divider"
    case button = "Button", toggle = "Toggle", progressView = "ProgressView", gauge = "Gauge", forEach = "ForEach"
    case list = "List", section = "Section", scrollView = "ScrollView", emptyView = "EmptyView", grid = "Grid", gridRow = "GridRow"
    /// `Color.red`, `RoundedRectangle(cornerRadius: 8)`, `Circle()` as views: shapes a terminal shows as a bar of colour.
    case shape = "Shape"
    /// A view neither list names (SPEC §13): a warning when checked, kept in the tree by its name, its content drawn.
    case unknown = "?"

    /// The views a program may name by their kind's name (not `unknown`, nor `shape`, which goes by each shape's name).
    public static let known = allCases.filter { $0 != .unknown && $0 != .shape }

    /// A person can tap it: it performs its `intent:` (SPEC §6).
    public var isAction: Bool { self == .button || self == .toggle }

    /// The name a view's first unlabelled argument is kept under (`Text("hi")` → `text`).
    var firstArgumentName: String {
        switch self {
        case .text: return "text"
        case .label, .button, .toggle: return "title"
        case .forEach: return "data"
        case .section: return "header"
        case .image: return "name"   // `Image("canyon")`: an asset, shown by its name
        case .vStack, .hStack, .zStack, .group, .spacer, .divider, .progressView, .gauge, .list, .scrollView, .emptyView,
             .grid, .gridRow, .shape, .unknown: return "_0"
        }
    }
}

/// A modifier call as the checker matched it (SPEC §13): its name, the labels written, and the name
/// of the parameter each argument went to (`.padding(.bottom, 12)`: `edges`, `length`).
public struct ModifierCall: Sendable {
    public let name: String
    public let labels: [String?]
    public let parameters: [String]

    /// A call the checker did not match (an unknown modifier, a form it does not know): arguments by label, else position.
    init(name: String, labels: [String?]) {
        self.init(name: name, labels: labels, parameters: labels.enumerated().map { $1 ?? "_\($0)" })
    }

    init(name: String, labels: [String?], parameters: [String]) {
        self.name = name
        self.labels = labels
        self.parameters = parameters
    }
}

/// A modifier with its arguments, in source order. Every modifier is kept in the tree, drawn or not.
public struct ViewModifier {
    public let name: String
    /// Each argument with the label written and the parameter it went to.
    public let arguments: [(label: String?, parameter: String, value: Value)]

    /// The argument given for a parameter (`frame`'s `maxWidth`).
    public func argument(_ parameter: String) -> Value? { arguments.first { $0.parameter == parameter }?.value }
}

/// A view value: a node of the view tree with every modifier kept (SPEC §7).
/// Immutable, so one view may appear in a tree twice: what a snippet's
/// buttons are numbered is kept beside the tree (`Snippet.actions`), by place.
public final class ViewNode {
    public let kind: ViewKind
    /// The view's name as written: the kind's, or an unknown view's own (SPEC §13).
    public let name: String
    /// Arguments in source order (`spacing: 12`, `systemName: "plus"`).
    public let properties: [(name: String, value: Value)]
    public let children: [ViewNode]
    public let modifiers: [ViewModifier]
    /// Where the view was built (`Button(…)`), for errors in what it does.
    public let site: SourceRange
    /// How many nodes the tree under this one holds, itself included.
    public let size: Int

    init(kind: ViewKind, name: String? = nil, properties: [(name: String, value: Value)] = [], children: [ViewNode] = [],
         modifiers: [ViewModifier] = [], site: SourceRange = .none) {
        self.kind = kind
        self.name = name ?? kind.rawValue
        self.site = site
        self.size = children.reduce(1) { $0 + $1.size }
        self.properties = properties
        self.children = children
        self.modifiers = modifiers
    }

    /// The same view with one more modifier.
    func modified(by modifier: ViewModifier) -> ViewNode {
        ViewNode(kind: kind, name: name, properties: properties, children: children, modifiers: modifiers + [modifier], site: site)
    }

    public func property(_ name: String) -> Value? { properties.first { $0.name == name }?.value }

    /// The last modifier of a name (a later one wins, as in SwiftUI's innermost-first reading of a chain).
    public func modifier(_ name: String) -> ViewModifier? { modifiers.last { $0.name == name } }

    /// A toggle's state (`isOn:`); false for anything else.
    public var isOn: Bool {
        if case .bool(let on)? = property("isOn") { return on }
        return false
    }
}

/// Where a node sits in a view tree: its index in the tree's pre-order (the
/// root is 0), which a walk computes as it goes from each node's `size`.
public typealias ViewPosition = Int

extension ViewNode {
    /// The children, each with its position, given this node's.
    public func positionedChildren(at position: ViewPosition) -> [(node: ViewNode, position: ViewPosition)] {
        var next = position + 1
        return children.map { child in
            defer { next += child.size }
            return (child, next)
        }
    }
}
