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

    /// A line of a block: its text, and the blank columns laid out around it.
    ///
    /// The text is kept as the UTF-8 the card is written in (plain, for measuring and reading back, and
    /// styled, with ANSI codes when colour is on: the same array when it is off). Its width is counted
    /// once when it is made (counting characters walks the text, and layout asks for widths again and
    /// again), and aligning or padding a line only counts the blank columns beside it: they become
    /// spaces when the line is joined to another or drawn.
    struct Line {
        var plainUTF8: [UInt8]
        var styledUTF8: [UInt8]
        /// The columns the text takes.
        var textWidth: Int
        /// Blank columns before and after the text.
        var leading = 0
        var trailing = 0

        init(plain: String, styled: String) {
            self.init(plain: plain, styled: styled, width: TerminalWidth.of(plain))
        }

        init(plain: String, styled: String, width: Int) {
            let bytes = Array(plain.utf8)
            self.init(utf8: bytes, styled: styled == plain ? bytes : Array(styled.utf8), width: width)
        }

        init(utf8 plain: [UInt8], styled: [UInt8], width: Int) {
            plainUTF8 = plain
            styledUTF8 = styled
            textWidth = width
        }

        static let blank = Line(utf8: [], styled: [], width: 0)

        /// `count` spaces.
        static func spaces(_ count: Int) -> Line {
            var line = blank
            line.leading = count
            return line
        }

        /// The text, without its blank columns and codes.
        var plain: String { String(decoding: plainUTF8, as: UTF8.self) }

        /// The columns the line takes, blanks included.
        var width: Int { leading + textWidth + trailing }

        /// Only blank columns.
        var isBlank: Bool { textWidth == 0 && plainUTF8.isEmpty && styledUTF8.isEmpty }

        /// The line as it is drawn, blanks as spaces.
        var plainText: String { String(repeating: " ", count: leading) + plain + String(repeating: " ", count: trailing) }

        /// The line with `left` blank columns before it and `right` after.
        func padded(_ left: Int, _ right: Int) -> Line {
            var line = self
            line.leading += left
            line.trailing += right
            return line
        }

        mutating func append(_ other: Line) {
            if other.isBlank {
                trailing += other.width
            } else if isBlank {
                let before = width + other.leading
                self = other
                leading = before
            } else {
                let gap = trailing + other.leading
                plainUTF8.append(contentsOf: repeatElement(UInt8(ascii: " "), count: gap))
                plainUTF8.append(contentsOf: other.plainUTF8)
                styledUTF8.append(contentsOf: repeatElement(UInt8(ascii: " "), count: gap))
                styledUTF8.append(contentsOf: other.styledUTF8)
                textWidth += gap + other.textWidth
                trailing = other.trailing
            }
        }
    }

    /// The card as UTF-8, as it is written to a terminal.
    func renderUTF8(_ snippet: Snippet) -> [UInt8] {
        var renderer = self
        renderer.actionNumber = snippet.actionNumber(at:)
        return renderer.card(snippet)
    }

    private func card(_ snippet: Snippet) -> [UInt8] {
        let innerLimit = max(8, maximumWidth - 4)
        let root = block(snippet.view, at: 0, width: innerLimit)
        // A view that takes the width offered (a Spacer, `.frame(maxWidth: .infinity)`) makes the card as wide as it may be.
        let natural = root.fills ? innerLimit : root.width
        let block = root.lines.map { align($0, to: natural, root.alignment) }
        let title = TerminalWidth.prefix(snippet.title.replacingTabs(), columns: max(1, innerLimit - 4))
        let titleWidth = TerminalWidth.of(title)
        var inner = min(innerLimit, max(natural, titleWidth + 4, CardRenderer.minimumInnerWidth))
        // The block's lines are already centred within it; an even margin around
        // the block keeps them from drifting a column further off centre.
        if (inner - natural) % 2 == 1, inner < innerLimit { inner += 1 }
        let h = style.unicode ? "─" : "-"
        let (tl, tr, bl, br, v) = style.unicode ? ("╭", "╮", "╰", "╯", "│") : ("+", "+", "+", "+", "|")
        // Written as UTF-8 bytes into one buffer: a card of a thousand rows is tens of thousands of pieces.
        var out: [UInt8] = []
        out.reserveCapacity(block.count * (inner * 2 + 16) + 4 * inner)
        func put(_ text: String) { out.append(contentsOf: text.utf8) }
        func blanks(_ count: Int) { out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count)) }
        put(tl + h + " " + bold(title) + " " + String(repeating: h, count: max(0, inner - titleWidth - 1)) + tr + "\n")
        let (left, right) = (Array((v + " ").utf8), Array((" " + v + "\n").utf8))
        for wide in block {
            // A line wider than the card (a long button label, a row that cannot wrap) is cut, so the frame stays whole.
            let line = wide.width > inner ? clipped(wide, to: inner) : wide
            let padding = max(0, inner - line.width)
            out.append(contentsOf: left)
            blanks(padding / 2 + line.leading)
            out.append(contentsOf: line.styledUTF8)
            blanks(padding - padding / 2 + line.trailing)
            out.append(contentsOf: right)
        }
        put(bl + String(repeating: h, count: inner + 2) + br + "\n")
        return out
    }

    /// The line cut to `width` columns, ending in an ellipsis (its styling is dropped with the cut).
    func clipped(_ line: Line, to width: Int) -> Line {
        var plain = line.plainText
        while plain.last == " ", TerminalWidth.of(plain) > width { plain.removeLast() }
        if TerminalWidth.of(plain) <= width { return Line(plain: plain, styled: plain) }
        let text = TerminalWidth.prefix(plain, columns: max(0, width - 1)) + (style.unicode ? "…" : "~")
        return Line(plain: text, styled: text)
    }

    /// `Tap 1–3, or press Return when done: `
    func prompt(_ snippet: Snippet) -> String {
        let n = snippet.actions.count
        let range = n == 1 ? "1" : "1\(style.unicode ? "–" : "-")\(n)"
        return "Tap \(range), or press Return when done: "
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

extension String {
    /// Tabs as spaces, for a card: a terminal would move a tab to its own tab stop, past the frame.
    func replacingTabs() -> String {
        guard utf8.contains(UInt8(ascii: "\t")) else { return self }
        return String(map { $0 == "\t" ? " " : $0 })
    }
}
