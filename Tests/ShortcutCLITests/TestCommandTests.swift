@testable import ShortcutCLI
import Testing

/// `shortcut test` (SPEC §5.11): one line a test, failures with their place, the closing count.
@Suite struct TestCommandTests {
    let path = packageRoot + "/Tests/Fixtures/tests.shortcut"

    @Test func reportsEachTestAndTheTotal() {
        let r = cli(["test", path])
        #expect(r.code == 1)
        #expect(r.out == """
        ✔ \(path): increments
        ✔ \(path): fresh stores each test
        ✔ \(path): snippet taps
        ✔ \(path): answers
        ✘ \(path): failing comparison shows both sides
            \(path):33:5: expect(Counter.shared.count + 1 == 3) failed: 1 == 3 is false — it is not three
        ✘ \(path): unanswered
            \(path):36:5: nothing answers "N?": queue an answer with answer(…) before the request
        ✘ \(path): errors
            \(path):40:5: expectError: the block finished without an error
        4 passed, 3 failed

        """)
    }

    @Test func filterSelectsTests() {
        let r = cli(["test", path, "--filter", "SNIPPET"])
        #expect(r.code == 0)
        #expect(r.out == "✔ \(path): snippet taps\n1 passed, 0 failed\n")
    }

    @Test func testsTouchNoStoreOnDisk() throws {
        let store = temporaryStoreDirectory()
        _ = cli(["test", path], environment: ["SHORTCUT_STORE_DIR": store])
        #expect(!FileManager.default.fileExists(atPath: store))
    }

    @Test func compileErrorsAndUsage() throws {
        let broken = try temporaryScript("test \"x\" { expect(nope) }")
        let r = cli(["test", broken])
        #expect(r.code == 3)
        #expect(r.out == "0 passed, 0 failed\n")
        #expect(cli(["test", "--filtr", "x"]).code == 2)
        #expect(cli(["test", "--help"]).out.contains("Usage: shortcut test"))
    }
}

import Foundation
