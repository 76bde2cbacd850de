@testable import ShortcutCLI
import Foundation
import Testing

/// The Swift form of SPEC §13 as a person meets it on the command line: entities and their
/// queries asked for and passed by id, `--verbose` saying what a device would do, `Task`s,
/// and the main file's globals seen by a run target.
@Suite struct SwiftFormTests {
    let books = packageRoot + "/Tests/Fixtures/run/swift_form_entities.shortcut"

    @Test func anEntityIsOfferedThroughItsQueryAndFoundByText() {
        let byNumber = cli(["run", books, "ReadIntent", "--ephemeral"], input: "2\n")
        #expect(byNumber.code == 0, "\(byNumber.err)")
        #expect(byNumber.out == "❓ Book? [1 Dune, 2 Emma]: 2\n💬 Reading Emma.\n")
        // Text that is no option's number or title is searched with `entities(matching:)`.
        let byText = cli(["run", books, "ReadIntent", "--ephemeral"], input: "Em\n")
        #expect(byText.out.hasSuffix("💬 Reading Emma.\n"), "\(byText.out)\(byText.err)")
        let json = cli(["run", books, "ReadIntent", "--ephemeral", "--format", "json"], input: "{\"answer\": 1}\n")
        #expect(json.out.contains(#"{"event":"request","kind":"value","prompt":"Book?","type":"BookEntity","options":["Dune","Emma"]}"#), "\(json.out)")
        #expect(json.out.contains(#"{"event":"result","value":412}"#))
    }

    @Test func aUUIDIdIsReadFromParam() {
        let r = cli(["run", books, "ReadIntent", "--ephemeral", "--param", "book=1F4A2B3C-0000-4000-8000-000000000001"])
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out == "💬 Reading Emma.\n")
        let missing = cli(["run", books, "ReadIntent", "--ephemeral", "--param", "book=00000000-0000-4000-8000-000000000000"])
        #expect(missing.code == 2)
        #expect(missing.err.contains("no BookEntity has the id"))
    }

    @Test func listShowsTheSwiftFormEntity() {
        let r = cli(["list", books])
        #expect(r.code == 0)
        #expect(r.out.contains("BookEntity (id: UUID (let), title: String, pages: Int)"))
        #expect(!r.out.contains("BookQuery"))
    }

    let device = """
    import OSLog
    import WidgetKit
    let logger = Logger(subsystem: "com.example", category: "intents")
    let noisy = run Tick()
    struct Tick: AppIntent {
        static let title: LocalizedStringResource = "Tick"
        func perform() async throws -> some IntentResult {
            logger.info("ticked \\(3, privacy: .public)")
            Task { print("in a task") }
            WidgetCenter.shared.reloadAllTimelines()
            return .result()
        }
    }
    struct Nap: AppIntent {
        static let title: LocalizedStringResource = "Nap"
        func perform() async throws -> some IntentResult {
            try await Task.sleep(for: .seconds(30))
            return .result()
        }
    }
    """

    @Test func verboseSaysWhatADeviceWouldDo() throws {
        let file = try temporaryScript(device)
        let quiet = cli(["run", file, "Tick", "--ephemeral"])
        #expect(quiet.code == 0, "\(quiet.err)")
        // `noisy` is a global no declaration reads: a target does not run its initialiser.
        #expect(quiet.out == "in a task\n")
        #expect(quiet.err.isEmpty)
        let verbose = cli(["run", file, "Tick", "--ephemeral", "-v"])
        #expect(verbose.out == "in a task\n")
        #expect(verbose.err == "ℹ︎ [info] ticked 3\nℹ︎ (a device would call WidgetCenter.shared.reloadAllTimelines())\n", "\(verbose.err)")
        let json = cli(["run", file, "Tick", "--ephemeral", "--verbose", "--format", "json"])
        #expect(json.out.contains(#"{"event":"note","text":"[info] ticked 3"}"#))
    }

    @Test func aSleepStopsAtTheTimeout() throws {
        let file = try temporaryScript(device)
        let start = Date()
        let r = cli(["run", file, "Nap", "--ephemeral", "--timeout", "0.3"])
        #expect(r.code == 1)
        #expect(r.err.contains("--timeout"))
        #expect(Date().timeIntervalSince(start) < 10)
    }
}
