import Testing

/// The built binary, as a person or a script would run it.
@Suite struct BinaryTests {
    @Test func runsAScript() throws {
        let path = try temporaryScript("print(\"Hello from the binary\")")
        let r = try runBinary([path])
        #expect(r.code == 0)
        #expect(r.out == "Hello from the binary\n")
        // Standard output is a stream of bytes, as Swift's: a terminator leaves the last line open.
        #expect(try runBinary([try temporaryScript("print(1, terminator: \" \"); print(2, terminator: \"\")")]).out == "1 2")
    }

    /// `Calendar.current` counts in the process's time zone (`TZ`), as Foundation does, across a daylight-saving change:
    /// the figures are what `swift` printed for the same program on this machine in each zone.
    @Test func theCurrentCalendarIsTheTimeZones() throws {
        let script = try temporaryScript("""
        let cal = Calendar.current
        let d = Date(timeIntervalSince1970: 1_710_050_000)   // 2024-03-10 05:53 UTC: around US DST start
        print(cal.component(.hour, from: d), cal.component(.day, from: d), cal.component(.weekday, from: d), cal.component(.weekOfYear, from: d))
        print(cal.startOfDay(for: d).timeIntervalSince1970)
        print(cal.date(byAdding: .day, value: 1, to: d)!.timeIntervalSince1970, cal.date(byAdding: .hour, value: 5, to: d)!.timeIntervalSince1970)
        print(cal.date(from: DateComponents(year: 2024, month: 3, day: 10, hour: 12))!.timeIntervalSince1970)
        print(cal.date(from: DateComponents(year: 2024, month: 11, day: 3, hour: 1, minute: 30))!.timeIntervalSince1970)
        let c = cal.dateComponents([.day, .hour, .minute], from: d, to: d.addingTimeInterval(200_000))
        print(c.day!, c.hour!, c.minute!)
        let m = cal.dateComponents([.month, .day], from: Date(timeIntervalSince1970: 1_704_067_200), to: Date(timeIntervalSince1970: 1_709_251_200))
        print(m.month!, m.day!)
        print(cal.date(byAdding: .month, value: 1, to: Date(timeIntervalSince1970: 1_706_659_200))!.timeIntervalSince1970)
        print(cal.isDateInWeekend(d), cal.dateComponents([.year, .weekday], from: d).weekday!)
        """)
        let newYork = try runBinary(["run", script], environment: ["TZ": "America/New_York"])
        #expect(newYork.out == """
        0 10 1 10
        1710046800.0
        1710132800.0 1710068000.0
        1710086400.0
        1730611800.0
        2 8 33
        2 0
        1709251200.0
        true 1

        """, "\(newYork.out)\(newYork.err)")
        let kolkata = try runBinary(["run", script], environment: ["TZ": "Asia/Kolkata"])
        #expect(kolkata.out.hasPrefix("11 10 1 10\n1710009000.0\n1710136400.0 1710068000.0\n1710052200.0\n1730577600.0\n2 7 33\n"),
                "\(kolkata.out)\(kolkata.err)")
    }

    /// `shortcut` ends with the run without taking it apart (`Interpreter.Options.endsTheProcess`): as with Swift's
    /// `main.swift`, whose globals are never let go of, no `deinit` runs at the end — of a top-level variable, of a global,
    /// of an instance in a large array — and a run that fails says so the same way.
    @Test func theProcessEndsWithoutTakingTheRunApart() throws {
        let source = """
        final class Noisy { let name: String; init(_ name: String) { self.name = name }; deinit { print("\\(name) gone") } }
        var kept = Noisy("global")
        func touch() -> String { kept.name }
        var local = Noisy("local")
        var many = [Noisy]()
        for i in 0..<100_000 { many.append(Noisy("n\\(i)")) }
        do { let _ = Noisy("scoped") }
        print(touch(), local.name, many.count)
        """
        let r = try runBinary(["run", try temporaryScript(source)])
        #expect(r.code == 0)
        #expect(r.out == "scoped gone\nglobal local 100000\n")   // swift's
        let failing = try runBinary(["run", try temporaryScript(source + "\nthrow \"x\"")])
        #expect(failing.code == 1)
        #expect(failing.out == "scoped gone\nglobal local 100000\n")
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

    /// The scalar loop changes no result: each fixture with a function that enters it (`scalar-loop` first) gives the same
    /// output, errors and exit status with every function in the main loop (`SHORTCUT_NO_SCALAR_LOOP=1`). Without the
    /// type assertions of the test suite's mode, whose checks the scalar loop does not run.
    @Test(arguments: ["run/statics", "run/do_catch_nested", "run/operators", "run/frames_at_arguments", "run/lazy_properties",
                      "run/calendar", "hostile/runaway_recursion"])
    func bothLoopsGiveTheSameResults(_ fixture: String) throws {
        let path = packageRoot + "/Tests/Fixtures/\(fixture).shortcut"
        let plain = ["SHORTCUT_ASSERT_TYPES": "0"], mainLoopOnly = ["SHORTCUT_ASSERT_TYPES": "0", "SHORTCUT_NO_SCALAR_LOOP": "1"]
        #expect(try runBinary(["check", "--dump-bytecode", path], environment: plain).out.contains(": scalar-loop\n"), "\(fixture) enters it")
        #expect(!(try runBinary(["check", "--dump-bytecode", path], environment: mainLoopOnly).out.contains("scalar-loop")))
        let scalar = try runBinary(["run", path, "--ephemeral"], environment: plain)
        let main = try runBinary(["run", path, "--ephemeral"], environment: mainLoopOnly)
        #expect(scalar.code == main.code && scalar.out == main.out && scalar.err == main.err, "\(fixture)\n\(scalar.err)\n\(main.err)")
        #expect(!scalar.out.isEmpty || !scalar.err.isEmpty)
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

    /// Ctrl-C the moment a prompt appears is a cancellation, every time (it raced the
    /// handler: about half the runs died of the signal); while code runs, too.
    @Test func ctrlCIsAlwaysACancellation() throws {
        for _ in 0..<5 {
            let session = try TerminalSession(["run", packageRoot + "/Tests/Fixtures/counter_store.shortcut", "Confirms", "--ephemeral"], environment: [:])
            #expect(session.waitFor("[Confirm/Cancel]"))
            kill(session.process.processIdentifier, SIGINT)
            #expect(session.exitStatus() == 5)
        }
        let loop = try temporaryScript("var i = 0\nwhile true { i += 1 }")
        let running = try TerminalSession(["run", loop, "--ephemeral"], environment: [:])
        usleep(300_000)
        kill(running.process.processIdentifier, SIGINT)
        #expect(running.exitStatus() == 5)
        #expect(running.waitFor("cancelled"))
    }

    /// Ctrl-C at any question the command asks is exit 5, `store reset`'s too (it was 130).
    @Test func ctrlCAtStoreResetIsExit5() throws {
        let store = temporaryStoreDirectory()
        let script = packageRoot + "/Tests/Fixtures/counter_store.shortcut"
        _ = try runBinary(["run", script, "Increment"], environment: ["SHORTCUT_STORE_DIR": store])
        let session = try TerminalSession(["store", "reset", script], environment: ["SHORTCUT_STORE_DIR": store])
        #expect(session.waitFor("? [y/N]: "))
        kill(session.process.processIdentifier, SIGINT)
        #expect(session.exitStatus() == 5)
        #expect(FileManager.default.fileExists(atPath: store + "/store-tests.json"), "nothing was deleted")
    }

    /// Waiting for an answer counts against `--timeout`: with standard input a pipe that
    /// never answers (nor closes), the run stops at its timeout (it ran on for good).
    @Test func waitingForAnAnswerCountsAgainstTheTimeout() throws {
        let start = Date()
        let (process, silent, out, err) = try startBinary(["run", packageRoot + "/Tests/Fixtures/requests.shortcut", "LogIntent", "--timeout", "1", "--ephemeral"])
        #expect(finishes(process, within: 15), "still running after 15 s")
        #expect(Date().timeIntervalSince(start) < 8)
        #expect(process.terminationStatus == 1)
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(message.contains("the run took longer than 1 s and was stopped (--timeout)"), "\(message)")
        let shown = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(shown.hasSuffix("Triple Shot]: \n"), "the prompt's line is ended before the error: \(shown)")
        try silent.fileHandleForWriting.close()
    }

    /// A question at a terminal is answered with the line editor (arrows echoed `^[[D`):
    /// `Doble`, three lefts, `u` is `Double`. Ctrl-C typed there cancels (exit 5).
    @Test func questionsAtATerminalHaveLineEditing() throws {
        let script = packageRoot + "/Tests/Fixtures/requests.shortcut"
        let session = try TerminalSession(["run", script, "LogIntent", "--ephemeral"], environment: [:])
        #expect(session.waitFor("How many shots?"))
        session.type(Array("Doble".utf8) + [0x1B, 0x5B, 0x44, 0x1B, 0x5B, 0x44, 0x1B, 0x5B, 0x44] + Array("u\r".utf8))
        #expect(session.waitFor("Cafe?"))
        session.type(Array("1\r".utf8))
        #expect(session.waitFor("[Log/Cancel]"))
        session.type(Array("yes\r".utf8))
        #expect(session.waitFor("Logged Double at Corner."))
        #expect(session.exitStatus() == 0)
        let cancelled = try TerminalSession(["run", script, "LogIntent", "--ephemeral"], environment: [:])
        #expect(cancelled.waitFor("How many shots?"))
        cancelled.type([0x03])
        #expect(cancelled.exitStatus() == 5)
    }

    /// A fault shortcut should never meet still ends with a sentence on standard error
    /// (it died silently), and the process still dies of the signal.
    @Test func aCrashSaysSo() throws {
        let loop = try temporaryScript("""
            intent Spin {
                @Parameter(title: "Go", requestValueDialog: "Ready?") var go: Bool
                perform { var i = 0; while go { i += 1 }; return .result() }
            }
            """)
        let (process, answers, out, err) = try startBinary(["run", loop, "Spin", "--ephemeral"])
        // The handlers are in place before a script runs, so once it asks they are there
        // (output to a pipe is flushed when a question waits).
        #expect(waitForText("Ready?", in: out, within: 30).contains("Ready?"))
        answers.fileHandleForWriting.write(Data("true\n".utf8))
        usleep(100_000)
        kill(process.processIdentifier, SIGSEGV)
        #expect(finishes(process, within: 30), "still running 30 s after SIGSEGV")
        #expect(process.terminationReason == .uncaughtSignal)
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(message.contains("shortcut: internal error"), "\(message)")
    }

    /// `shortcut` alone at a terminal is the REPL.
    @Test func noArgumentsAtATerminalIsTheREPL() throws {
        let session = try TerminalSession([], environment: ["HOME": temporaryStoreDirectory()])
        #expect(session.waitFor("Type :help for help"))
        #expect(session.waitFor("> "))
        session.type([0x04])   // Ctrl-D on an empty line leaves
        #expect(session.exitStatus() == 0)
    }
}
