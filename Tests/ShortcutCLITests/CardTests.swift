@testable import ShortcutCLI
import ShortcutRuntime
import Testing

/// Golden renders of snippet cards (SPEC §9), in Unicode, ASCII and colour.
@Suite struct CardTests {
    let counter = packageRoot + "/Examples/counter.shortcut"

    @Test func unicodeCard() {
        let r = cli(["run", counter], input: "2\n")
        #expect(r.code == 0)
        // `.padding()` is a blank line above and below (SPEC §9).
        #expect(r.out == """
        ╭─ Counter Snippet ─────────╮
        │                           │
        │         Count: 0          │
        │       [1 ⊖]   [2 ⊕]       │
        │                           │
        ╰───────────────────────────╯
        Tap 1–2, or press Return when done: 2
        ╭─ Counter Snippet ─────────╮
        │                           │
        │         Count: 1          │
        │       [1 ⊖]   [2 ⊕]       │
        │                           │
        ╰───────────────────────────╯
        Tap 1–2, or press Return when done: 

        """)
    }

    /// `Text(x, format:)` formats with the whole style, its modifiers too (`.precision` was dropped once);
    /// `Text(verbatim:)` is drawn (it was an empty line) and `Text + Text` is one text (it was a runtime error).
    @Test func textsFormatWithTheirStyle() throws {
        let path = try temporaryScript("""
        struct Show: AppIntent {
            static let title: LocalizedStringResource = "Show"
            func perform() async throws -> some IntentResult & ShowsSnippetView {
                .result(view: VStack {
                    Text(95.25, format: .number.precision(.fractionLength(1)))
                    Text(0.5, format: .percent.precision(.fractionLength(2)))
                    Text(Date(timeIntervalSince1970: 0), format: .dateTime.year())
                    Text(verbatim: "as written")
                    Text("one") + Text(" and \\(2)")
                })
            }
        }
        """)
        let r = cli(["run", path, "Show", "--ascii"], input: "")
        #expect(r.code == 0)
        #expect(r.out == """
        +- Show -------------------+
        |           95.2           |
        |          50.00%          |
        |           1970           |
        |        as written        |
        |        one and 2         |
        +--------------------------+

        """)
    }

    @Test func asciiCard() {
        let r = cli(["run", counter, "--ascii"], input: "")
        #expect(r.out == """
        +- Counter Snippet ---------+
        |                           |
        |         Count: 0          |
        |     [1 (-)]   [2 (+)]     |
        |                           |
        +---------------------------+
        Tap 1-2, or press Return when done: 

        """)
    }

    @Test func colourIsOnlyWhereAsked() {
        #expect(!cli(["run", counter], input: "").out.contains("\u{1B}["))
        let coloured = cli(["run", counter, "--color"], input: "").out
        #expect(coloured.contains("\u{1B}[1mCounter Snippet\u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[1;36m[1 ⊖]\u{1B}[0m"))
        #expect(!cli(["run", counter, "--color", "--no-color"], input: "").out.contains("\u{1B}["))
        // At a terminal colour is on, unless NO_COLOR says otherwise.
        for (environment, expected) in [([String: String](), true), (["NO_COLOR": "1"], false)] {
            let io = BufferIO(input: "", environment: environment.merging(["SHORTCUT_STORE_DIR": temporaryStoreDirectory()]) { a, _ in a })
            io.stdoutIsTerminal = true
            _ = ShortcutCLI.main(arguments: ["run", counter], io: io)
            #expect(io.output.contains("\u{1B}[") == expected)
        }
    }

    @Test func tapsByLabelAndBadTaps() throws {
        let script = try temporaryScript("""
        snippet Pick {
            title: "Pick"
            perform {
                return .result(view: VStack(alignment: .leading) {
                    Text("A long line of text that certainly has to wrap inside a narrow card").font(.headline)
                    Toggle("Milk", isOn: true, intent: Noop())
                    Label("Coffee", systemImage: "cup.and.saucer")
                    Image(systemName: "no.such.symbol")
                    ProgressView(value: 3, total: 4)
                    Divider()
                    Button("Single", intent: Noop())
                })
            }
        }
        intent Noop { isDiscoverable: false; perform { } }
        intent Show { perform { return .result(snippetIntent: Pick()) } }
        """)
        let r = cli(["run", script], input: "single\n", environment: ["COLUMNS": "40"])
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.hasPrefix("""
        ╭─ Pick ─────────────────────────────╮
        │ A long line of text that certainly │
        │ has to wrap inside a narrow card   │
        │ [1 ☑ Milk]                         │
        │ ☕ Coffee                          │
        │ (no.such.symbol)                   │
        │ ▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓░░░░░ 75%           │
        │ ────────────────────────────────── │
        │ [2 Single]                         │
        ╰────────────────────────────────────╯
        Tap 1–2, or press Return when done: single
        """))
        let bad = cli(["run", script], input: "7\n")
        #expect(bad.code == 4)
        #expect(bad.err.contains("'7' is not an action of Pick"))
    }

    /// A gauge fills by where its value stands in its `in:` bounds, written as a range of either kind of number
    /// (`Double` ranges are no values here: the bounds are kept as written, `Resolver.makeView`).
    @Test func gaugesFillWithinTheirBounds() throws {
        let script = try temporaryScript("""
        struct Dial: View {
            let goal: Int
            var body: some View {
                VStack {
                    Gauge(value: 3, in: 0...4) { Text("ints") }
                    Gauge(value: 1.5, in: 1.0...Double(goal)) { Text("doubles") }
                    Gauge(value: 0.5) { Text("fraction") }
                }
            }
        }
        snippet Show { perform { return .result(view: Dial(goal: 3)) } }
        """)
        let r = cli(["run", script, "Show", "--ascii"], input: "")
        #expect(r.code == 0, "\(r.err)")
        let bars = r.out.split(separator: "\n").filter { $0.contains("%") }.map { $0.split(separator: " ").dropFirst().joined(separator: " ") }
        #expect(bars == ["###############..... 75% |", "#####............... 25% |", "##########.......... 50% |"], "\(r.out)")
    }

    @Test func jsonSnippetEvents() {
        let r = cli(["run", counter, "--format", "json"], input: "{\"answer\": 2}\n")
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[4] == #"{"event":"result","value":null}"#)
        #expect(lines[0].hasPrefix(#"{"event":"snippet","intent":"CounterSnippetIntent","title":"Counter Snippet","view":{"view":"VStack","spacing":12,"padding":true,"children":[{"view":"Text","text":"Count: 0","font":"title2","bold":true}"#))
        #expect(lines[0].contains(#""actions":[{"index":1,"label":"minus.circle.fill","intent":"DecrementCountIntent","parameters":{"current":0}}"#))
        #expect(lines[1] == #"{"event":"request","kind":"interaction","prompt":"Counter Snippet","options":["minus.circle.fill","plus.circle.fill"]}"#)
        #expect(lines[2].contains(#""text":"Count: 1""#))
    }

    /// A view value used twice is two buttons: each place gets its own number,
    /// in the card and in JSON (views are immutable; numbers are kept beside them).
    @Test func aViewUsedTwiceIsNumberedAtEachPlace() throws {
        let script = try temporaryScript("""
        intent Open { perform { return .result(snippetIntent: Twice()) } }
        intent Go { title: "Go"; isDiscoverable: false; perform { print("went") } }
        snippet Twice {
            title: "Twice"
            perform {
                let b = Button("Go", intent: Go())
                return .result(view: VStack { b; b })
            }
        }
        """)
        let text = cli(["run", script, "Open", "--ephemeral"], input: "2\n")
        #expect(text.code == 0)
        #expect(text.out.contains("[1 Go]") && text.out.contains("[2 Go]"))
        #expect(text.out.contains("Tap 1–2"))
        #expect(text.out.contains("went"))
        let json = cli(["run", script, "Open", "--ephemeral", "--format", "json"], input: "")
        let snippet = json.out.split(separator: "\n").first { $0.contains(#""event":"snippet""#) } ?? ""
        #expect(snippet.contains(#""action":1"#) && snippet.contains(#""action":2"#))
        #expect(snippet.contains(#""actions":[{"index":1"#) && snippet.contains(#"{"index":2"#))
    }
}
