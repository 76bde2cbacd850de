import ShortcutRuntime

/// Draws a snippet as a card in a terminal (SPEC §9):
///
///     ╭─ Counter Snippet ───────────────╮
///     │            Count: 0             │
///     │          [1 ⊖]   [2 ⊕]          │
///     ╰─────────────────────────────────╯
///
/// Layout works on blocks of lines. Each line keeps its plain text (for
/// measuring) and its styled text (with ANSI codes when colour is on).
struct CardRenderer {
    var style: Style
    /// The whole card's width, frame included.
    var maximumWidth: Int

    /// The number of the button or toggle at a place in the view, while a snippet is drawn.
    var actionNumber: (ViewPosition) -> Int? = { _ in nil }

    /// The card width when the terminal's is unknown (SPEC §9).
    static let defaultWidth = 60
    /// The narrowest card, so short snippets still read as cards.
    static let minimumInnerWidth = 24

    /// A line of a block. Its width is counted once when it is made: counting
    /// characters walks the string, and layout asks for widths again and again.
    struct Line {
        var plain: String
        var styled: String
        var width: Int

        init(plain: String, styled: String) {
            self.plain = plain
            self.styled = styled
            self.width = plain.count
        }

        init(plain: String, styled: String, width: Int) {
            self.plain = plain
            self.styled = styled
            self.width = width
        }

        static let blank = Line(plain: "", styled: "", width: 0)

        /// `count` spaces.
        static func spaces(_ count: Int) -> Line {
            let text = String(repeating: " ", count: count)
            return Line(plain: text, styled: text, width: count)
        }

        mutating func append(_ other: Line) {
            plain += other.plain
            styled += other.styled
            width += other.width
        }
    }

    func render(_ snippet: Snippet) -> String {
        var renderer = self
        renderer.actionNumber = snippet.actionNumber(at:)
        return renderer.card(snippet)
    }

    private func card(_ snippet: Snippet) -> String {
        let innerLimit = max(8, maximumWidth - 4)
        let block = lines(snippet.view, at: 0, width: innerLimit)
        let natural = block.map(\.width).max() ?? 0
        let title = String(snippet.title.prefix(max(1, innerLimit - 4)))
        var inner = min(innerLimit, max(natural, title.count + 4, CardRenderer.minimumInnerWidth))
        // The block's lines are already centred within it; an even margin around
        // the block keeps them from drifting a column further off centre.
        if (inner - natural) % 2 == 1, inner < innerLimit { inner += 1 }
        let h = style.unicode ? "─" : "-"
        let (tl, tr, bl, br, v) = style.unicode ? ("╭", "╮", "╰", "╯", "│") : ("+", "+", "+", "+", "|")
        var out = tl + h + " " + bold(title) + " " + String(repeating: h, count: max(0, inner - title.count - 1)) + tr + "\n"
        for line in block {
            let padding = max(0, inner - line.width)
            let left = padding / 2
            out += v + " " + String(repeating: " ", count: left) + line.styled + String(repeating: " ", count: padding - left) + " " + v + "\n"
        }
        out += bl + String(repeating: h, count: inner + 2) + br + "\n"
        return out
    }

    /// `Tap 1–3, or press Return when done: `
    func prompt(_ snippet: Snippet) -> String {
        let n = snippet.actions.count
        let range = n == 1 ? "1" : "1\(style.unicode ? "–" : "-")\(n)"
        return "Tap \(range), or press Return when done: "
    }

    // MARK: Layout

    func lines(_ node: ViewNode, at position: ViewPosition, width: Int) -> [Line] {
        switch node.kind {
        case .text:
            return wrap(node.property("text")?.description ?? "", width: width).map { styled($0, node) }
        case .image:
            return [styled(glyph(node.property("systemName")?.description ?? "?"), node)]
        case .label:
            let icon = node.property("systemImage").map { glyph($0.description) + " " } ?? ""
            return wrap(icon + (node.property("title")?.description ?? ""), width: width).map { styled($0, node) }
        case .button:
            let label = node.children.isEmpty ? (node.property("title")?.description ?? "") : inlineText(node, at: position)
            return [action(at: position, label)]
        case .toggle:
            let box = style.unicode ? (node.isOn ? "☑" : "☐") : (node.isOn ? "[x]" : "[ ]")
            return [action(at: position, box + " " + (node.property("title")?.description ?? ""))]
        case .spacer, .emptyView:
            return []
        case .divider:
            let rule = String(repeating: style.unicode ? "─" : "-", count: min(width, 20))
            return [Line(plain: rule, styled: dim(rule))]
        case .progressView, .gauge:
            return [bar(node)] + node.positionedChildren(at: position).flatMap { lines($0.node, at: $0.position, width: width) }
        case .hStack, .gridRow:
            return horizontal(node, at: position, width: width)
        case .section:
            let header = node.property("header").map { [Line(plain: $0.description, styled: dim($0.description))] } ?? []
            return header + vertical(node, at: position, width: width)
        // A ZStack is a VStack in a terminal; a view the catalog does not know shows its content.
        case .vStack, .zStack, .group, .forEach, .list, .scrollView, .grid, .unknown:
            return vertical(node, at: position, width: width)
        }
    }

    func vertical(_ node: ViewNode, at position: ViewPosition, width: Int) -> [Line] {
        let blocks = node.positionedChildren(at: position).map { lines($0.node, at: $0.position, width: width) }.filter { !$0.isEmpty }
        let gap = spacing(node).map { $0 >= 16 ? 1 : 0 } ?? 0
        let blockWidth = blocks.flatMap { $0 }.map(\.width).max() ?? 0
        let alignment = node.property("alignment")?.description ?? "center"
        var out: [Line] = []
        for (i, block) in blocks.enumerated() {
            if i > 0 { out += Array(repeating: .blank, count: gap) }
            for line in block { out.append(align(line, to: blockWidth, alignment)) }
        }
        return out
    }

    func horizontal(_ node: ViewNode, at position: ViewPosition, width: Int) -> [Line] {
        let gap = spacing(node).map { max(1, Int($0) / 8) } ?? 1
        let spacers = node.children.filter { $0.kind == .spacer }.count
        var blocks = node.positionedChildren(at: position).filter { $0.node.kind != .spacer }
            .map { lines($0.node, at: $0.position, width: width) }.filter { !$0.isEmpty }
        let natural = blocks.map { $0.map(\.width).max() ?? 0 }.reduce(0, +) + gap * max(0, blocks.count - 1)
        // Too wide for one row: stack the pieces instead of cutting them.
        if natural > width { return blocks.flatMap { $0 } }
        let extra = spacers > 0 ? max(0, min(width, 40) - natural) : 0
        let height = blocks.map(\.count).max() ?? 0
        for i in blocks.indices {
            let w = blocks[i].map(\.width).max() ?? 0
            blocks[i] = blocks[i].map { align($0, to: w, "leading") } + Array(repeating: .spaces(w), count: height - blocks[i].count)
        }
        var out: [Line] = []
        for row in 0..<height {
            var line = Line.blank
            for (i, block) in blocks.enumerated() {
                if i > 0 { line.append(.spaces(gap + (spacers > 0 ? extra / max(1, blocks.count - 1) : 0))) }
                line.append(block[row])
            }
            out.append(line)
        }
        return out
    }

    func align(_ line: Line, to width: Int, _ alignment: String) -> Line {
        let padding = max(0, width - line.width)
        let left: Int
        switch alignment {
        case "leading": left = 0
        case "trailing": left = padding
        default: left = padding / 2
        }
        if padding == 0 { return line }
        var out = Line.spaces(left)
        out.append(line)
        out.append(.spaces(padding - left))
        return out
    }

    func spacing(_ node: ViewNode) -> Double? {
        guard let s = node.property("spacing") else { return nil }
        switch s {
        case .int(let i): return Double(i)
        case .double(let d): return d
        default: return nil
        }
    }

    /// Buttons read as `[1 Single]`.
    func action(at position: ViewPosition, _ label: String) -> Line {
        let number = actionNumber(position).map { "\($0) " } ?? ""
        let plain = "[\(number)\(label)]"
        return Line(plain: plain, styled: style.color ? "\u{1B}[1;36m\(plain)\u{1B}[0m" : plain)
    }

    /// The text of a button's label (its children), on one line.
    func inlineText(_ node: ViewNode, at position: ViewPosition) -> String {
        node.positionedChildren(at: position).flatMap { lines($0.node, at: $0.position, width: 1_000) }.map(\.plain).joined(separator: " ")
    }

    func bar(_ node: ViewNode) -> Line {
        var fraction = 0.0
        if node.kind == .gauge, let v = node.property("value")?.asDouble {
            if case .closedRange(let lo, let hi)? = node.property("in"), hi > lo { fraction = (v - Double(lo)) / Double(hi - lo) } else { fraction = v }
        } else if let v = node.property("value")?.asDouble {
            fraction = v / (node.property("total")?.asDouble ?? 1)
        }
        fraction = min(1, max(0, fraction.isFinite ? fraction : 0))
        let filled = Int((fraction * 20).rounded())
        let text = String(repeating: style.unicode ? "▓" : "#", count: filled) + String(repeating: style.unicode ? "░" : ".", count: 20 - filled)
            + " \(Int((fraction * 100).rounded()))%"
        return Line(plain: text, styled: text)
    }

    /// Word-wraps text to a width; a word longer than the width is cut.
    func wrap(_ text: String, width: Int) -> [String] {
        var out: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                var word = String(word)
                while word.count > width {
                    if !line.isEmpty { out.append(line); line = "" }
                    out.append(String(word.prefix(width)))
                    word = String(word.dropFirst(width))
                }
                if line.isEmpty { line = word } else if line.count + 1 + word.count <= width { line += " " + word } else {
                    out.append(line)
                    line = word
                }
            }
            out.append(line)
        }
        return out
    }

    // MARK: Style

    /// Text styles from modifiers: titles and `.bold()` bold, secondary and captions dim, named colours.
    func styled(_ text: String, _ node: ViewNode) -> Line {
        guard style.color else { return Line(plain: text, styled: text) }
        var codes: [String] = []
        for modifier in node.modifiers {
            let value = modifier.arguments.first?.value.description ?? ""
            switch modifier.name {
            case "bold": codes.append("1")
            case "italic": codes.append("3")
            case "font":
                if ["largeTitle", "title", "title2", "title3", "headline"].contains(value) { codes.append("1") }
                if ["caption", "caption2", "footnote"].contains(value) { codes.append("2") }
            case "foregroundStyle", "foregroundColor", "tint":
                switch value {
                case "secondary", "gray": codes.append("2")
                case "red": codes.append("31")
                case "green": codes.append("32")
                case "yellow", "orange": codes.append("33")
                case "blue": codes.append("34")
                case "purple", "pink": codes.append("35")
                case "teal", "cyan", "mint": codes.append("36")
                default: break
                }
            default: break
            }
        }
        guard !codes.isEmpty else { return Line(plain: text, styled: text) }
        return Line(plain: text, styled: "\u{1B}[\(codes.joined(separator: ";"))m\(text)\u{1B}[0m")
    }

    func bold(_ s: String) -> String { style.color ? "\u{1B}[1m\(s)\u{1B}[0m" : s }
    func dim(_ s: String) -> String { style.color ? "\u{1B}[2m\(s)\u{1B}[0m" : s }

    /// SF Symbols a terminal can show; others appear as `(name)`.
    func glyph(_ name: String) -> String {
        guard let glyph = SymbolGlyphs.table[name] else { return "(\(name))" }
        return style.unicode ? glyph.unicode : glyph.ascii
    }

}

extension ViewNode {
    /// The view tree as JSON (SPEC §10): properties, children, every modifier,
    /// and each button's action number (`actionNumber` of the snippet showing it).
    func json(actionNumber: (ViewPosition) -> Int?, at position: ViewPosition = 0) -> JSON {
        var pairs: [(String, JSON)] = [("view", .string(name))]
        let number = actionNumber(position)
        for (name, value) in properties {
            if name == "intent", let number { pairs.append(("action", .integer(number))); continue }
            pairs.append((name, value.json))
        }
        if properties.first(where: { $0.name == "intent" }) == nil, let number { pairs.append(("action", .integer(number))) }
        for modifier in modifiers {
            // `.bold()` is `true`, `.font(.title)` its one value, anything more an object by parameter (SPEC §13).
            let args = modifier.arguments
            switch args.count {
            case 0: pairs.append((modifier.name, .bool(true)))
            case 1 where args[0].label == nil: pairs.append((modifier.name, args[0].value.json))
            default: pairs.append((modifier.name, .object(args.map { ($0.parameter, $0.value.json) })))
            }
        }
        if !children.isEmpty {
            pairs.append(("children", .array(positionedChildren(at: position).map { $0.node.json(actionNumber: actionNumber, at: $0.position) })))
        }
        return .object(pairs)
    }
}
