import Testing

/// The built binary, as a person or a script would run it.
@Suite struct BinaryTests {
    @Test func runsAScript() throws {
        let path = try temporaryScript("print(\"Hello from the binary\")")
        let r = try runBinary([path])
        #expect(r.code == 0)
        #expect(r.out == "Hello from the binary\n")
    }

    @Test func exitCodesComeFromTheProcess() throws {
        #expect(try runBinary(["run", "/missing.shortcut"]).code == 2)
        #expect(try runBinary(["run", try temporaryScript("let = ")]).code == 3)
        #expect(try runBinary(["run", try temporaryScript("throw \"x\"")]).code == 1)
        #expect(try runBinary(["--version"]).code == 0)
    }

    @Test func runawayRecursionNeverCrashesTheProcess() throws {
        let path = try temporaryScript("func f(_ n: Int) -> Int { f(n + 1) }\nprint(f(0))")
        let r = try runBinary(["run", path, "--max-depth", "1000000"])
        #expect(r.code == 1)
        #expect(r.err.contains("recursion"))
    }

    @Test func invalidUTF8IsADiagnostic() throws {
        let path = try temporaryScript("print(1)")
        try [UInt8]([0x70, 0x72, 0xFF, 0x0A]).withUnsafeBytes { try Data($0).write(to: URL(fileURLWithPath: path)) }
        let r = try runBinary(["check", path])
        #expect(r.code == 3)
        #expect(r.err.contains("source is not valid UTF-8"))
    }

    @Test func replReadsPipedStdin() throws {
        let r = try runBinary(["repl"], input: "let x = 20\nx + 22\n")
        #expect(r.code == 0)
        #expect(r.out == "42\n")
    }
}

import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A person at a real (pseudo-)terminal.
@Suite struct TerminalTests {
    /// Ctrl-C at a request cancels the run: exit 5, and nothing is saved.
    @Test func ctrlCAtARequestIsExit5() throws {
        let store = temporaryStoreDirectory()
        let session = try TerminalSession(["run", packageRoot + "/Tests/Fixtures/counter_store.shortcut", "Confirms"],
                                          environment: ["SHORTCUT_STORE_DIR": store])
        #expect(session.waitFor("Keep the change? [Confirm/Cancel]: "))
        kill(session.process.processIdentifier, SIGINT)
        #expect(session.exitStatus() == 5)
        #expect(!FileManager.default.fileExists(atPath: store + "/store-tests.json"))
    }
}
