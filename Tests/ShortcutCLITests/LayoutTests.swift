@testable import ShortcutCLI
import Testing

/// Golden cards for each layout rule of SPEC §9, in Unicode and in ASCII, at 34 columns.
@Suite struct LayoutTests {
    static let script = """
    snippet Rows {
        title: "Rows"
        perform {
            return .result(view: VStack(alignment: .trailing) {
                Text("Groceries")
                ForEach(["milk", "bread", "tea"], id: \\.self) { item in Text(item) }
            })
        }
    }
    snippet Spacers {
        title: "Spacers"
        perform {
            return .result(view: VStack {
                HStack { Text("left"); Spacer(); Text("right") }
                HStack { Spacer(); Text("pushed") }
            })
        }
    }
    snippet Frames {
        title: "Frames"
        perform {
            return .result(view: VStack {
                Text("leading").frame(maxWidth: .infinity, alignment: .leading)
                Text("centre").frame(maxWidth: .infinity)
                Text("trailing").frame(maxWidth: .infinity, alignment: .trailing)
            })
        }
    }
    snippet Paddings {
        title: "Paddings"
        perform {
            return .result(view: VStack(alignment: .leading) {
                Text("top").padding(.top, 16)
                Text("indented").padding(.leading, 32)
                Text("boxed").padding()
            })
        }
    }
    snippet Dividers {
        title: "Dividers"
        perform {
            return .result(view: VStack {
                Text("a fairly long line")
                Divider()
                HStack { Text("x"); Divider(); Text("y") }
            })
        }
    }
    intent Noop { isDiscoverable: false; perform { } }
    snippet Tabs {
        title: "A\\ttab"
        perform {
            return .result(view: VStack(alignment: .leading) {
                Text("one\\ttwo")
                Toggle("milk\\tand tea", isOn: true, intent: Noop())
            })
        }
    }
    snippet Wide {
        title: "Wide ☕"
        perform {
            return .result(view: VStack(alignment: .leading) {
                Text("☕ Coffee")
                Text("日本語のテキスト")
                Text("e\\u{301}te\\u{301}")
            })
        }
    }

    """

    func card(_ target: String, ascii: Bool = false) throws -> String {
        let file = try temporaryScript(LayoutTests.script)
        let r = cli(["run", file, target, "--ephemeral"] + (ascii ? ["--ascii"] : []), environment: ["COLUMNS": "34"])
        #expect(r.code == 0, "\(r.err)")
        return r.out
    }

    /// A stack's alignment applies to every child, `ForEach` rows included.
    @Test func theAlignmentOfAStackAppliesToForEachRows() throws {
        #expect(try card("Rows") == """
        ╭─ Rows ────────────────────╮
        │         Groceries         │
        │              milk         │
        │             bread         │
        │               tea         │
        ╰───────────────────────────╯

        """)
        #expect(try card("Rows", ascii: true) == """
        +- Rows --------------------+
        |         Groceries         |
        |              milk         |
        |             bread         |
        |               tea         |
        +---------------------------+

        """)
    }

    /// A `Spacer` takes the free space: the row widens to the card.
    @Test func aSpacerTakesTheFreeSpace() throws {
        #expect(try card("Spacers") == """
        ╭─ Spacers ──────────────────────╮
        │ left                     right │
        │                         pushed │
        ╰────────────────────────────────╯

        """)
        #expect(try card("Spacers", ascii: true) == """
        +- Spacers ----------------------+
        | left                     right |
        |                         pushed |
        +--------------------------------+

        """)
    }

    /// `.frame(maxWidth: .infinity, alignment:)` widens to the card and aligns.
    @Test func aFrameOfInfiniteWidthWidensAndAligns() throws {
        #expect(try card("Frames") == """
        ╭─ Frames ───────────────────────╮
        │ leading                        │
        │             centre             │
        │                       trailing │
        ╰────────────────────────────────╯

        """)
        #expect(try card("Frames", ascii: true) == """
        +- Frames -----------------------+
        | leading                        |
        |             centre             |
        |                       trailing |
        +--------------------------------+

        """)
    }

    /// `.padding` adds blank cells: 16 points are a line, or two columns.
    @Test func paddingAddsBlankCells() throws {
        #expect(try card("Paddings") == """
        ╭─ Paddings ───────────────╮
        │                          │
        │       top                │
        │           indented       │
        │                          │
        │         boxed            │
        │                          │
        ╰──────────────────────────╯

        """)
        #expect(try card("Paddings", ascii: true) == """
        +- Paddings ---------------+
        |                          |
        |       top                |
        |           indented       |
        |                          |
        |         boxed            |
        |                          |
        +--------------------------+

        """)
    }

    /// A `Divider` spans its container: the stack's width, or the row's height.
    @Test func aDividerSpansItsContainer() throws {
        #expect(try card("Dividers") == """
        ╭─ Dividers ───────────────╮
        │    a fairly long line    │
        │    ──────────────────    │
        │          x │ y           │
        ╰──────────────────────────╯

        """)
        #expect(try card("Dividers", ascii: true) == """
        +- Dividers ---------------+
        |    a fairly long line    |
        |    ------------------    |
        |          x | y           |
        +--------------------------+

        """)
    }

    /// Widths are terminal columns: ☕ and 日本語 take two, a combining accent none.
    /// Measuring scalar by scalar (the fast way) gives what measuring grapheme clusters gives, for texts of
    /// the scalars it takes and for every text that mixes in one it does not (which then goes the slow way).
    @Test func textIsMeasuredAsItsCharactersAre() {
        let pieces = ["a", " ", "[", "☐", "☑", "─", "→", "é", "ß", "€", "⌚", "☔", "℃", "Ⅻ", "\u{AD}", "~",
                      "e\u{301}", "☺\u{FE0F}", "👍🏽", "👨\u{200D}👩\u{200D}👧", "🇫🇷", "한", "\u{1100}\u{1161}", "日本", "\u{20DD}", "\t"]
        var texts: [String] = []
        for a in pieces { for b in pieces { texts.append(a + b); texts.append("[1 " + a + b + " x]") } }
        for text in texts {
            #expect(TerminalWidth.of(text) == TerminalWidth.characterWidths(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        #expect(TerminalWidth.of("[12 ☐ Item 3]") == 13)
        #expect(TerminalWidth.of("日本") == 4)
    }

    /// The scalars measured without a lookup of their category are none of the categories that take no column.
    @Test func scalarsNeverMarksAreNoMarks() {
        for v in UInt32(0x300)..<0x3_0000 where TerminalWidth.isNeverMark(v) {
            guard let scalar = Unicode.Scalar(v) else { continue }
            let category = scalar.properties.generalCategory
            #expect(category != .nonspacingMark && category != .enclosingMark && category != .format, "U+\(String(v, radix: 16))")
        }
    }

    @Test func wideCharactersKeepTheRightEdgeStraight() throws {
        #expect(try card("Wide") == """
        ╭─ Wide ☕ ────────────────╮
        │     ☕ Coffee            │
        │     日本語のテキスト     │
        │     été                  │
        ╰──────────────────────────╯

        """)
        #expect(try card("Wide", ascii: true) == """
        +- Wide ☕ ----------------+
        |     ☕ Coffee            |
        |     日本語のテキスト     |
        |     été                  |
        +--------------------------+

        """)
    }

    /// A tab in a title, a text or a toggle's label is drawn as a space: the frame stays straight (a terminal
    /// would move a tab to its own tab stop, past the border).
    @Test func tabsAreDrawnAsSpaces() throws {
        let card = try card("Tabs")
        #expect(card == """
        ╭─ A tab ──────────────────╮
        │    one two               │
        │    [1 ☑ milk and tea]    │
        ╰──────────────────────────╯
        Tap 1, or press Return when done: 

        """)
        #expect(!card.contains("\t"))
    }

    /// A button label wider than the card wraps inside its brackets; `.symbolVariant(.fill)` draws the filled
    /// symbol; an image in a text is its symbol.
    @Test func longLabelsWrapAndSymbolsTakeTheirVariant() throws {
        let file = try temporaryScript("""
        intent Noop { isDiscoverable: false; perform { } }
        snippet Card {
            title: "Card"
            perform {
                return .result(view: VStack(alignment: .leading) {
                    Image(systemName: "heart").symbolVariant(.fill)
                    Button(intent: Noop()) { Text("\\(Image(systemName: "ticket.fill")) Find the best ticket prices for this trip \\(Image(systemName: "chevron.right"))") }
                })
            }
        }
        """)
        let r = cli(["run", file, "Card", "--ephemeral"], environment: ["COLUMNS": "34"])
        #expect(r.out == """
        ╭─ Card ────────────────────╮
        │ ♥                         │
        │ [1 🎟 Find the best ticket │
        │ prices for this trip ›]   │
        ╰───────────────────────────╯
        Tap 1, or press Return when done: \n
        """)
    }
}
