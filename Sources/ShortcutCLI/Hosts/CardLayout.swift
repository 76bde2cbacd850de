import ShortcutRuntime

/// Lays a view tree out in terminal cells as SwiftUI lays it out where a
/// terminal can (SPEC §9): a stack is as wide as its widest child and aligns
/// every child (`ForEach` rows and `Group`s are its children too), `Spacer`
/// and `.frame(maxWidth: .infinity)` take the width offered, `.padding` adds
/// blank cells, a `Divider` spans its container.
extension CardRenderer {
    /// How many points of SwiftUI's layout one terminal column and one line stand for.
    static let pointsPerColumn = 8.0
    static let pointsPerLine = 16.0
    /// SwiftUI's default padding, in points.
    static let defaultPadding = 16.0

    /// A laid-out view: its lines at their natural width, and whether it takes all the width offered
    /// (then a parent widens it, placing its content by `alignment`).
    struct Block {
        var lines: [Line]
        var fills = false
        var alignment = "center"
        /// A `Divider`: drawn as wide as its container once the container's width is known.
        var isRule = false

        var width: Int { lines.reduce(0) { max($0, $1.width) } }
    }

    func lines(_ node: ViewNode, at position: ViewPosition, width: Int) -> [Line] {
        block(node, at: position, width: width).lines
    }

    func block(_ node: ViewNode, at position: ViewPosition, width: Int) -> Block {
        let insets = paddingInsets(node)
        var block = content(node, at: position, width: max(1, width - insets.leading - insets.trailing))
        // Modifiers wrap the view in the order written: `.padding().frame(maxWidth: .infinity)` pads, then widens.
        for modifier in node.modifiers {
            switch modifier.name {
            case "padding":
                let (top, leading, bottom, trailing) = padding(modifier)
                let w = block.width
                block.lines = Array(repeating: .spaces(w), count: top) + block.lines + Array(repeating: .spaces(w), count: bottom)
                block.lines = block.lines.map { line in line.padded(leading, max(0, w - line.width) + trailing) }
            case "frame":
                if case .symbol("infinity")? = modifier.argument("maxWidth") {
                    block.fills = true
                    block.alignment = horizontalPart(modifier.argument("alignment"))
                }
            default:
                break
            }
        }
        return block
    }

    /// The view itself, before its modifiers.
    func content(_ node: ViewNode, at position: ViewPosition, width: Int) -> Block {
        switch node.kind {
        case .text:
            return Block(lines: wrap(node.property("text")?.description ?? "", width: width).map { styled($0, node) })
        case .image:
            var name = node.property("systemName")?.description ?? node.property("name").map { "\($0)" } ?? "?"
            // `.symbolVariant(.fill)` draws `heart` as `heart.fill`.
            if case .symbol(let variant)? = node.modifier("symbolVariant")?.arguments.first?.value, variant != "none",
               SymbolGlyphs.table[name + "." + variant] != nil {
                name += "." + variant
            }
            return Block(lines: [styled(glyph(name), node)])
        case .label:
            // `Label("Coffee", systemImage: "cup.and.saucer")` or `Label { Text("Coffee") } icon: { Image(…) }`.
            var icon = node.property("systemImage").map { glyph($0.description) + " " } ?? ""
            if let views = node.property("icon") { icon = text(of: views) + " " }
            let title = node.property("title").map(text(of:)) ?? inlineText(node, at: position)
            return Block(lines: wrap(icon + title, width: width).map { styled($0, node) })
        case .button:
            let label = node.children.isEmpty ? (node.property("title")?.description ?? "") : inlineText(node, at: position)
            return Block(lines: action(at: position, label, width: width))
        case .toggle:
            let box = style.unicode ? (node.isOn ? "☑" : "☐") : (node.isOn ? "[x]" : "[ ]")
            // `Toggle(isOn:intent:) { Text("Milk") }`: the label is the content.
            let title = node.property("title")?.description ?? inlineText(node, at: position)
            return Block(lines: action(at: position, box: box, title, width: width))
        case .spacer, .emptyView:
            return Block(lines: [])
        case .shape:
            return shape(node, width: width)
        case .divider:
            return Block(lines: [], isRule: true)
        case .progressView, .gauge:
            return Block(lines: [bar(node)] + node.positionedChildren(at: position).flatMap { lines($0.node, at: $0.position, width: width) })
        case .hStack, .gridRow:
            return horizontal(node, at: position, width: width)
        case .section:
            let header = node.property("header").map { [Line(plain: text(of: $0), styled: dim(text(of: $0)))] } ?? []
            var block = vertical(node, at: position, width: width)
            block.lines = header.map { align($0, to: block.width, "leading") } + block.lines
            return block
        // A ZStack is a VStack in a terminal; a view the catalog does not know shows its content.
        case .vStack, .zStack, .group, .forEach, .list, .scrollView, .grid, .unknown:
            return vertical(node, at: position, width: width)
        }
    }

    /// The children a stack lays out: a `ForEach`'s rows and a `Group`'s views are the stack's own, as in SwiftUI.
    func arrangedChildren(_ node: ViewNode, at position: ViewPosition) -> [(node: ViewNode, position: ViewPosition)] {
        var children: [(node: ViewNode, position: ViewPosition)] = []
        children.reserveCapacity(node.children.reduce(0) { $0 + ($1.kind == .forEach || $1.kind == .group ? $1.children.count : 1) })
        func arrange(_ node: ViewNode, at position: ViewPosition) {
            var next = position + 1
            for child in node.children {
                let transparent = (child.kind == .forEach || child.kind == .group) && child.modifiers.isEmpty
                if transparent { arrange(child, at: next) } else { children.append((child, next)) }
                next += child.size
            }
        }
        arrange(node, at: position)
        return children
    }

    func vertical(_ node: ViewNode, at position: ViewPosition, width: Int) -> Block {
        let children = arrangedChildren(node, at: position)
        // Arrays sized once: growing one a row at a time reallocates, and each large reallocation makes
        // the allocator sort every small block freed since.
        var blocks: [Block] = []
        blocks.reserveCapacity(children.count)
        var fills = false
        var natural = 0
        var lineCount = 0
        for child in children {
            let block = block(child.node, at: child.position, width: width)
            guard !block.lines.isEmpty || block.isRule else { continue }
            fills = fills || block.fills
            natural = max(natural, block.width)
            lineCount += max(1, block.lines.count)
            blocks.append(block)
        }
        let gap = spacing(node).map { Int($0 / CardRenderer.pointsPerLine) } ?? 0
        // A divider alone has no siblings to measure: it spans what is offered.
        let stackWidth = fills || natural == 0 ? width : natural
        let alignment = horizontalPart(node.property("alignment"))
        var out: [Line] = []
        out.reserveCapacity(lineCount + gap * max(0, blocks.count - 1))
        for (i, child) in blocks.enumerated() {
            if i > 0 { out += Array(repeating: .blank, count: gap) }
            if child.isRule {
                out.append(rule(stackWidth))
            } else {
                for line in child.lines { out.append(align(line, to: stackWidth, child.fills ? child.alignment : alignment)) }
            }
        }
        return Block(lines: out, fills: fills)
    }

    func horizontal(_ node: ViewNode, at position: ViewPosition, width: Int) -> Block {
        let gap = spacing(node).map { max(1, Int(($0 / CardRenderer.pointsPerColumn).rounded())) } ?? 1
        let children = arrangedChildren(node, at: position)
        var items: [(block: Block, isSpacer: Bool)] = []
        for child in children {
            if child.node.kind == .spacer { items.append((Block(lines: []), true)); continue }
            let b = block(child.node, at: child.position, width: width)
            if !b.lines.isEmpty || b.isRule { items.append((b, false)) }
        }
        let shown = items.filter { !$0.isSpacer }
        let natural = shown.map { $0.block.isRule ? 1 : $0.block.width }.reduce(0, +) + gap * max(0, shown.count - 1)
        // Too wide for one row: stack the pieces instead of cutting them.
        if natural > width { return Block(lines: shown.flatMap { $0.block.isRule ? [rule(width)] : $0.block.lines }) }
        // Spacers and views that fill share what is left of the width offered.
        let growers = items.filter { $0.isSpacer || $0.block.fills }.count
        let extra = growers > 0 ? width - natural : 0
        var shares = (0..<growers).map { extra / growers + ($0 < extra % growers ? 1 : 0) }
        let height = shown.map { $0.block.lines.count }.max() ?? 0
        let rowAlignment = node.property("alignment")?.description ?? "center"
        var columns: [[Line]] = []
        var pendingGap = 0
        for item in items {
            if item.isSpacer {
                pendingGap += shares.removeFirst()
                continue
            }
            var w = item.block.isRule ? 1 : item.block.width
            if item.block.fills { w += shares.removeFirst() }
            var lines = item.block.isRule
                ? Array(repeating: Line(plain: style.unicode ? "│" : "|", styled: dim(style.unicode ? "│" : "|")), count: max(1, height))
                : item.block.lines.map { align($0, to: w, item.block.fills ? item.block.alignment : "leading") }
            let missing = height - lines.count
            let above = rowAlignment == "top" ? 0 : rowAlignment == "bottom" ? missing : missing / 2
            lines = Array(repeating: .spaces(w), count: max(0, above)) + lines + Array(repeating: .spaces(w), count: max(0, missing - above))
            if !columns.isEmpty || pendingGap > 0 {
                let separation = pendingGap + (columns.isEmpty ? 0 : gap)
                columns.append(Array(repeating: .spaces(separation), count: height))
            }
            pendingGap = 0
            columns.append(lines)
        }
        if pendingGap > 0 { columns.append(Array(repeating: .spaces(pendingGap), count: height)) }
        var out: [Line] = []
        for row in 0..<height {
            var line = Line.blank
            for column in columns { line.append(column[row]) }
            out.append(line)
        }
        return Block(lines: out, fills: growers > 0)
    }

    /// A shape or a colour: a circle is one dot; the others are a bar that takes the width offered, as SwiftUI's
    /// shapes do, unless `.frame(width:)` gives theirs.
    func shape(_ node: ViewNode, width: Int) -> Block {
        if node.name == "Circle" || node.name == "Ellipse" { return Block(lines: [styled(style.unicode ? "●" : "o", node)]) }
        let bar = style.unicode ? "━" : "="
        if let points = node.modifier("frame")?.argument("width")?.asDouble {
            let cells = max(1, Int((points / CardRenderer.pointsPerColumn).rounded()))
            return Block(lines: [styled(String(repeating: bar, count: cells), node)])
        }
        return Block(lines: [styled(String(repeating: bar, count: max(1, width)), node)], fills: true)
    }

    /// A divider as wide as its container.
    func rule(_ width: Int) -> Line {
        let text = String(repeating: style.unicode ? "─" : "-", count: max(1, width))
        return Line(plain: text, styled: dim(text), width: max(1, width))
    }

    func align(_ line: Line, to width: Int, _ alignment: String) -> Line {
        let padding = max(0, width - line.width)
        if padding == 0 { return line }
        let left: Int
        switch alignment {
        case "leading": left = 0
        case "trailing": left = padding
        default: left = padding / 2
        }
        return line.padded(left, padding - left)
    }

    /// The horizontal part of an alignment (`.topLeading` is leading).
    func horizontalPart(_ value: Value?) -> String {
        let name = value?.description.lowercased() ?? "center"
        if name.hasSuffix("leading") { return "leading" }
        if name.hasSuffix("trailing") { return "trailing" }
        return "center"
    }

    func spacing(_ node: ViewNode) -> Double? { node.property("spacing")?.asDouble }

    /// The cells a `.padding` adds on each side: `.padding()` 16 points all round, `.padding(.bottom, 12)` one line below.
    func padding(_ modifier: ViewModifier) -> (top: Int, leading: Int, bottom: Int, trailing: Int) {
        let length = modifier.argument("length")?.asDouble ?? CardRenderer.defaultPadding
        let edges = modifier.argument("edges")?.description ?? "all"
        let columns = Int((length / CardRenderer.pointsPerColumn).rounded())
        let lines = Int((length / CardRenderer.pointsPerLine).rounded())
        let horizontal = ["all", "horizontal"].contains(edges)
        let vertical = ["all", "vertical"].contains(edges)
        return (vertical || edges == "top" ? lines : 0, horizontal || edges == "leading" ? columns : 0,
                vertical || edges == "bottom" ? lines : 0, horizontal || edges == "trailing" ? columns : 0)
    }

    /// The columns all of a view's paddings take, so its content is laid out in what is left.
    func paddingInsets(_ node: ViewNode) -> (leading: Int, trailing: Int) {
        node.modifiers.filter { $0.name == "padding" }.map(padding).reduce((0, 0)) { ($0.0 + $1.leading, $0.1 + $1.trailing) }
    }

    /// Buttons read as `[1 Single]`, toggles as `[2 ☐ Milk]`; a label wider than the space wraps inside the brackets.
    func action(at position: ViewPosition, box: String? = nil, _ label: String, width: Int) -> [Line] {
        // Built as UTF-8 bytes: a card of a thousand toggles joins these pieces a thousand times.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(label.utf8.count + (box?.utf8.count ?? 0) + 24)
        bytes.append(UInt8(ascii: "["))
        if let number = actionNumber(position) {
            appendDecimal(number, to: &bytes)
            bytes.append(UInt8(ascii: " "))
        }
        if let box {
            bytes.append(contentsOf: box.utf8)
            bytes.append(UInt8(ascii: " "))
        }
        bytes.append(contentsOf: label.utf8)
        bytes.append(UInt8(ascii: "]"))
        let whole = bytes.withUnsafeBufferPointer(TerminalWidth.scalarWidths)
        if let whole, whole <= width {
            guard style.color else { return [Line(utf8: bytes, styled: bytes, width: whole)] }
            return [Line(utf8: bytes, styled: Array("\u{1B}[1;36m".utf8) + bytes + Array("\u{1B}[0m".utf8), width: whole)]
        }
        // Measured character by character (a tab, which stops the fast measure, drawn as a space), and wrapped
        // inside the brackets when it is wider than the space.
        let text = String(decoding: bytes, as: UTF8.self).replacingTabs()
        func line(_ plain: String) -> Line {
            Line(plain: plain, styled: style.color ? "\u{1B}[1;36m\(plain)\u{1B}[0m" : plain)
        }
        if TerminalWidth.of(text) <= width { return [line(text)] }
        return wrap(text, width: max(4, width)).map(line)
    }

    /// A number's decimal digits (an action's number is positive).
    func appendDecimal(_ number: Int, to bytes: inout [UInt8]) {
        guard number >= 10 else {
            bytes.append(UInt8(ascii: "0") + UInt8(max(0, number)))
            return
        }
        appendDecimal(number / 10, to: &bytes)
        bytes.append(UInt8(ascii: "0") + UInt8(number % 10))
    }

    /// The text of a button's or label's content, on one line.
    func inlineText(_ node: ViewNode, at position: ViewPosition) -> String {
        node.positionedChildren(at: position).flatMap { lines($0.node, at: $0.position, width: 1_000) }.map(\.plain)
            .map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// A property shown as text: a view (`Section(header: Text("Head"))`) or views by what they draw, else the value.
    func text(of value: Value) -> String {
        switch value {
        case .view(let v): return lines(v, at: 0, width: 1_000).map { $0.plain.trimmingWhitespace() }.joined(separator: " ")
        case .array(let items): return items.map(text(of:)).filter { !$0.isEmpty }.joined(separator: " ")
        default: return value.description
        }
    }

    func bar(_ node: ViewNode) -> Line {
        var fraction = 0.0
        if node.kind == .gauge, let v = node.property("value")?.asDouble {
            switch node.property("in") {
            case .closedRange(let lo, let hi)? where hi > lo: fraction = (v - Double(lo)) / Double(hi - lo)
            case .array(let bounds)? where bounds.count == 2:   // `in: 0...goal` as written (`Resolver.makeView`)
                let (lo, hi) = (bounds[0].asDouble ?? 0, bounds[1].asDouble ?? 1)
                fraction = hi > lo ? (v - lo) / (hi - lo) : 0
            default: fraction = v
            }
        } else if let v = node.property("value")?.asDouble {
            fraction = v / (node.property("total")?.asDouble ?? 1)
        }
        fraction = min(1, max(0, fraction.isFinite ? fraction : 0))
        let filled = Int((fraction * 20).rounded())
        let text = String(repeating: style.unicode ? "▓" : "#", count: filled) + String(repeating: style.unicode ? "░" : ".", count: 20 - filled)
            + " \(Int((fraction * 100).rounded()))%"
        return Line(plain: text, styled: text)
    }

    /// Word-wraps text to a width in columns; a word wider than the width is cut.
    func wrap(_ text: String, width: Int) -> [String] {
        var out: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            // A tab separates words as a space does (a terminal would move it to its own tab stop, past the frame).
            for word in paragraph.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                var word = String(word)
                var wordWidth = TerminalWidth.of(word)
                while wordWidth > width {
                    if !line.isEmpty { out.append(line); line = ""; lineWidth = 0 }
                    let piece = TerminalWidth.prefix(word, columns: max(1, width))
                    let cut = piece.isEmpty ? String(word.prefix(1)) : piece
                    out.append(cut)
                    word = String(word.dropFirst(cut.count))
                    wordWidth = TerminalWidth.of(word)
                }
                if line.isEmpty {
                    (line, lineWidth) = (word, wordWidth)
                } else if lineWidth + 1 + wordWidth <= width {
                    line += " " + word
                    lineWidth += 1 + wordWidth
                } else {
                    out.append(line)
                    (line, lineWidth) = (word, wordWidth)
                }
            }
            out.append(line)
        }
        return out
    }
}
