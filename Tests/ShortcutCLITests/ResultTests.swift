@testable import ShortcutCLI
import ShortcutRuntime
import Testing

/// Nothing a result carries is dropped (SPEC v2 §6): a plain intent's view is a
/// static card, a snippet intent run as the target is presented, and a button
/// that shows only a symbol answers to what a person sees and to what it does.
@Suite struct ResultTests {
    let script = """
    app "Demo"
    store S { var n = 0 }
    intent Increment { title: "Add One"; isDiscoverable: false; perform { S.shared.n += 1 } }
    intent Show {
        title: "Show"
        perform { return .result(dialog: "Done", view: VStack { Text("Count \\(S.shared.n)"); Button("More", intent: Increment()) }) }
    }
    snippet Card {
        title: "Card"
        perform {
            return .result(view: VStack { Text("N: \\(S.shared.n)"); Button(intent: Increment()) { Image(systemName: "plus.circle") } })
        }
    }
    """

    @Test func aPlainIntentsViewIsAStaticCard() throws {
        let file = try temporaryScript(script)
        let r = cli(["run", file, "Show", "--ephemeral"], input: "1\n")
        #expect(r.code == 0, "\(r.err)")
        // Drawn once, its button not numbered, nothing asked (the "1" waiting on stdin is never read).
        #expect(r.out == """
        💬 Done
        ╭─ Show ────────────────────╮
        │          Count 0          │
        │          [More]           │
        ╰───────────────────────────╯

        """)
        let ascii = cli(["run", file, "Show", "--ephemeral", "--ascii"], input: "")
        #expect(ascii.out.contains("+- Show -") && ascii.out.contains("|          [More]           |"))
        let json = cli(["run", file, "Show", "--ephemeral", "--format", "json"], input: "")
        let lines = json.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(json.out)")
        #expect(lines[0] == #"{"event":"dialog","text":"Done"}"#)
        #expect(lines[1].hasPrefix(#"{"event":"snippet","intent":"Show","title":"Show","static":true,"view":{"view":"VStack""#))
        #expect(lines[1].hasSuffix(#""actions":[]}"#))
        #expect(!lines.contains { $0.contains(#""kind":"interaction""#) })
    }

    @Test func aSnippetIntentAsTheTargetIsPresented() throws {
        let file = try temporaryScript(script)
        let r = cli(["run", file, "Card", "--ephemeral"], input: "1\n\n")
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.contains("│           N: 0            │"))
        #expect(r.out.contains("│           N: 1            │"))
        #expect(r.out.contains("Tap 1, or press Return when done: 1"))
    }

    @Test func aSymbolOnlyButtonAnswersToItsGlyphSymbolAndIntentTitle() throws {
        let file = try temporaryScript(script)
        let r = cli(["run", file, "Card", "--ephemeral"], input: "⊕\nplus.circle\nadd one\n\n")
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.contains("│           N: 3            │"))
        let ascii = cli(["run", file, "Card", "--ephemeral", "--ascii"], input: "(+)\n\n")
        #expect(ascii.out.contains("|           N: 1            |"), "\(ascii.out)")
        let json = cli(["run", file, "Card", "--ephemeral", "--format", "json"], input: "{\"answer\": \"Add One\"}\n")
        #expect(json.code == 0)
        #expect(json.out.contains(#""text":"N: 1""#))
        // A label a person cannot mean is still a bad answer.
        let bad = cli(["run", file, "Card", "--ephemeral"], input: "minus\n")
        #expect(bad.code == 4)
    }
}
