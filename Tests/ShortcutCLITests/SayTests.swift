@testable import ShortcutCLI
import Testing

/// `shortcut say` (SPEC §5.10).
@Suite struct SayTests {
    let caffeine = packageRoot + "/Examples/caffeine.shortcut"

    @Test func phrasesMatchIgnoringCaseAndPunctuation() {
        let r = cli(["say", caffeine, "Log a DOUBLE, in Caffeine Pal!"])
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out == "💬 Logged 150 mg. Today: 150 mg.\n")
        // The slot takes a case's title or its name.
        #expect(cli(["say", caffeine, "log a triple in caffeine pal"]).out.contains("Logged 225 mg"))
    }

    @Test func aPhraseWithoutASlotAsksForWhatIsMissing() {
        let r = cli(["say", caffeine, "log espresso in caffeine pal"], input: "single\n")
        #expect(r.out.contains("❓ How many shots of espresso are you drinking?"))
        #expect(r.out.contains("Logged 75 mg"))
    }

    @Test func noMatchListsThePhrases() {
        let r = cli(["say", caffeine, "make me a latte"])
        #expect(r.code == 1)
        #expect(r.err.contains("no App Shortcut phrase matches \"make me a latte\""))
        #expect(r.err.contains("  Log a \\(shots) in \\(.applicationName)"))
        #expect(r.err.contains("is \"Caffeine Pal\""))
        #expect(cli(["say", caffeine]).code == 2)
        #expect(cli(["say", packageRoot + "/Examples/tour.shortcut", "hi"]).code == 2)
    }

    @Test func anEntitySlotMatchesItsTitle() throws {
        let script = try temporaryScript("""
        app "Cafes"
        entity Cafe {
            var id: String
            var name: String
            display: "\\(name)"
            query {
                suggested { [Cafe(id: "1", name: "Blue Door"), Cafe(id: "2", name: "Harbour")] }
                byIDs(ids) { [Cafe(id: "1", name: "Blue Door"), Cafe(id: "2", name: "Harbour")].filter { ids.contains($0.id) } }
            }
        }
        intent Visit {
            @Parameter var cafe: Cafe
            perform { return .result(dialog: "Off to \\(cafe).") }
        }
        appShortcuts {
            AppShortcut(intent: Visit(), phrases: ["Visit \\(cafe) with \\(.applicationName)"])
        }
        """)
        #expect(cli(["say", script, "visit the blue door with cafes"]).code == 1)
        #expect(cli(["say", script, "Visit Blue Door with Cafes"]).out == "💬 Off to Blue Door.\n")
    }
}
