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
        var primary: Int32 = 0, secondary: Int32 = 0
        guard openpty(&primary, &secondary, nil, nil, nil) == 0 else {
            Issue.record("no pseudo-terminal available")
            return
        }
        defer { close(primary) }
        let store = temporaryStoreDirectory()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binaryPath)
        process.arguments = ["run", packageRoot + "/Tests/Fixtures/counter_store.shortcut", "Confirms"]
        var env = ProcessInfo.processInfo.environment
        env["SHORTCUT_STORE_DIR"] = store
        env["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = env
        let terminal = FileHandle(fileDescriptor: secondary, closeOnDealloc: true)
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = terminal
        try process.run()
        // Wait for the question to appear on the terminal, then press Ctrl-C.
        var seen = ""
        let deadline = Date().addingTimeInterval(10)
        while !seen.contains("Keep the change?"), Date() < deadline {
            var buffer = [UInt8](repeating: 0, count: 512)
            var poller = pollfd(fd: primary, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 100) > 0 {
                let n = read(primary, &buffer, buffer.count)
                if n > 0 { seen += String(decoding: buffer[0..<n], as: UTF8.self) }
            }
        }
        #expect(seen.contains("❓ Keep the change? [Confirm/Cancel]: "))
        kill(process.processIdentifier, SIGINT)
        // Never hang the suite: if Ctrl-C did not end the run, end it and fail.
        let waitUntil = Date().addingTimeInterval(10)
        while process.isRunning, Date() < waitUntil { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            Issue.record("Ctrl-C at a request did not end the run")
            return
        }
        #expect(process.terminationStatus == 5)
        #expect(!FileManager.default.fileExists(atPath: store + "/store-tests.json"))
    }
}
