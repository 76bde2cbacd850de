import ShortcutSyntax

/// The views of SPEC §7. Adding one makes the compiler list every place that
/// draws or reads views (the card, JSON, the test harness).
public enum ViewKind: String, CaseIterable, Sendable {
    case vStack = "VStack", hStack = "HStack", zStack = "ZStack", group = "Group"
    case text = "Text", label = "Label", image = "Image", spacer = "Spacer", divider = "Divider"
    case button = "Button", toggle = "Toggle", progressView = "ProgressView", gauge = "Gauge", forEach = "ForEach"

    /// A person can tap it: it performs its `intent:` (SPEC §6).
    public var isAction: Bool { self == .button || self == .toggle }

    /// The name a view's first unlabelled argument is kept under (`Text("hi")` → `text`).
    var firstArgumentName: String {
        switch self {
        case .text: return "text"
        case .label, .button, .toggle: return "title"
        case .forEach: return "data"
        case .vStack, .hStack, .zStack, .group, .image, .spacer, .divider, .progressView, .gauge: return "_0"
        }
    }
}

/// The modifiers of SPEC §7. A terminal draws some of them; every one is kept in the tree.
public enum ModifierKind: String, CaseIterable, Sendable {
    case font, bold, italic, foregroundStyle, foregroundColor, padding, frame, background
    case clipShape, contentTransition, buttonStyle, multilineTextAlignment, tint
    case opacity, cornerRadius, lineLimit, monospacedDigit, fontWeight, symbolRenderingMode
    case imageScale, labelStyle, toggleStyle, gaugeStyle, progressViewStyle, disabled, id
}

/// A modifier with its arguments, in source order.
public struct ViewModifier {
    public let kind: ModifierKind
    public let arguments: [(label: String?, value: Value)]
}

/// A view value: a node of the view tree with every modifier kept (SPEC §7).
/// Immutable, so one view may appear in a tree twice: what a snippet's
/// buttons are numbered is kept beside the tree (`Snippet.actions`), by place.
public final class ViewNode {
    public let kind: ViewKind
    /// Arguments in source order (`spacing: 12`, `systemName: "plus"`).
    public let properties: [(name: String, value: Value)]
    public let children: [ViewNode]
    public let modifiers: [ViewModifier]
    /// Where the view was built (`Button(…)`), for errors in what it does.
    public let site: SourceRange
    /// How many nodes the tree under this one holds, itself included.
    public let size: Int

    init(kind: ViewKind, properties: [(name: String, value: Value)] = [], children: [ViewNode] = [], modifiers: [ViewModifier] = [],
         site: SourceRange = .none) {
        self.kind = kind
        self.site = site
        self.size = children.reduce(1) { $0 + $1.size }
        self.properties = properties
        self.children = children
        self.modifiers = modifiers
    }

    /// The same view with one more modifier.
    func modified(by modifier: ViewModifier) -> ViewNode {
        ViewNode(kind: kind, properties: properties, children: children, modifiers: modifiers + [modifier], site: site)
    }

    public func property(_ name: String) -> Value? { properties.first { $0.name == name }?.value }

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
