import Foundation
@testable import ShortcutCLI
import Testing

/// The store across real processes of the built binary (SPEC §8).
@Suite struct StoreProcessTests {
    let script = packageRoot + "/Tests/Fixtures/counter_store.shortcut"

    func freshStore() throws -> String {
        let dir = scratchRoot.appendingPathComponent("proc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent("counter.json").path
    }

    func savedCount(_ path: String) throws -> Int? {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect(object?["format"] as? String == "shortcut-store")
        return ((object?["stores"] as? [String: Any])?["Counter"] as? [String: Any])?["count"] as? Int
    }

    @Test func statePersistsAcrossRunsOfTheBinary() throws {
        let store = try freshStore()
        for expected in 1...3 {
            let r = try runBinary(["run", script, "Increment", "--store", store])
            #expect(r.code == 0)
            #expect(r.out == "💬 count \(expected)\n")
        }
        #expect(try savedCount(store) == 3)
        // The default location follows SHORTCUT_STORE_DIR, named after the app.
        let dir = scratchRoot.appendingPathComponent("dir-\(UUID().uuidString)").path
        _ = try runBinary(["run", script, "Increment"], environment: ["SHORTCUT_STORE_DIR": dir])
        #expect(try savedCount(dir + "/store-tests.json") == 1)
        // --ephemeral reads and writes nothing.
        _ = try runBinary(["run", script, "Increment", "--ephemeral"], environment: ["SHORTCUT_STORE_DIR": dir])
        #expect(try savedCount(dir + "/store-tests.json") == 1)
    }

    @Test func twoProcessesLoseNoIncrements() throws {
        let store = try freshStore()
        let processes = try (0..<2).map { _ -> Process in
            let p = Process()
            p.executableURL = URL(fileURLWithPath: binaryPath)
            p.arguments = ["run", script, "Fifty", "--store", store]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            p.standardInput = FileHandle.nullDevice
            try p.run()
            return p
        }
        for p in processes { p.waitUntilExit() }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 })
        #expect(try savedCount(store) == 100)
    }

    /// Killing a process over and over while it commits never leaves a corrupt or
    /// partial store, and never loses an update it had reported done.
    @Test func sigkillNeverCorruptsOrLosesReportedUpdates() throws {
        let store = try freshStore()
        var reported = 0
        for round in 0..<20 {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: binaryPath)
            p.arguments = ["run", script, "Forever", "--store", store]
            let out = Pipe()
            p.standardOutput = out
            p.standardError = FileHandle.nullDevice
            p.standardInput = FileHandle.nullDevice
            try p.run()
            usleep(UInt32(40_000 + (round % 4) * 25_000))
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let counts = text.split(separator: "\n").compactMap { line in Int(line.split(separator: " ").last ?? "") }
            if let last = counts.last { reported = max(reported, last) }
            // A process killed before its first commit (a slow start) leaves no file yet: nothing saved.
            let saved = FileManager.default.fileExists(atPath: store) ? try savedCount(store) ?? 0 : 0
            #expect(saved >= reported, "round \(round): the store has \(saved) but \(reported) was reported done")
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: (store as NSString).deletingLastPathComponent)
            #expect(leftovers.filter { $0.hasSuffix(".tmp") }.count <= 1)
        }
        #expect(reported > 0, "no increment was ever reported")
    }

    @Test func storeCommand() throws {
        let store = try freshStore()
        _ = try runBinary(["run", script, "Increment", "--store", store])
        let path = cli(["store", "path", script, "--store", store])
        #expect(path.out == store + "\n")
        let shown = cli(["store", "show", script, "--store", store])
        #expect(shown.out.contains("Counter\n  count: 1\n  history: [1]\n"))
        #expect(cli(["store", "show", script, "--store", store, "--json"]).out.hasPrefix("{\"format\":\"shortcut-store\""))
        #expect(cli(["store", "reset", script, "--store", store]).code == 2, "reset without --yes on a pipe must not delete")
        #expect(FileManager.default.fileExists(atPath: store))
        #expect(cli(["store", "reset", script, "--store", store, "--yes"]).code == 0)
        #expect(!FileManager.default.fileExists(atPath: store))
        #expect(cli(["store", "nope", script]).code == 2)
    }

    /// `store show` checks the file against the script's field types as a run would; `--json` shows it as it is.
    @Test func storeShowChecksTypes() throws {
        let store = try freshStore()
        let text = #"{"format":"shortcut-store","version":1,"app":"Counter","stores":{"Counter":{"count":"many"}}}"#
        try text.write(toFile: store, atomically: true, encoding: .utf8)
        let shown = cli(["store", "show", script, "--store", store])
        #expect(shown.code == 6)
        #expect(shown.err.contains("Counter.count") && shown.err.contains("does not fit its type Int"), "\(shown.err)")
        #expect(shown.err.contains("run with --reset-store"), "the CLI names the option that helps")
        #expect(shown.out.isEmpty)
        let raw = cli(["store", "show", script, "--store", store, "--json"])
        #expect(raw.code == 0)
        #expect(raw.out == text + "\n")
        #expect(try String(contentsOfFile: store, encoding: .utf8) == text, "showing must not change the file")
    }

    /// One reader of the format serves runs and `store show`: a JSON file that is not a
    /// store file is refused by both, `--json` included, and left as it is.
    @Test func storeShowReadsThroughTheOneReader() throws {
        let store = try freshStore()
        let text = #"{"hello":"world"}"#
        try text.write(toFile: store, atomically: true, encoding: .utf8)
        for arguments in [["store", "show", script, "--store", store, "--json"], ["store", "show", script, "--store", store],
                          ["run", script, "Increment", "--store", store]] {
            let r = cli(arguments)
            #expect(r.code == 6, "\(arguments)")
            #expect(r.err.contains("cannot be read: it has no \"format\": \"shortcut-store\""), "\(arguments): \(r.err)")
        }
        #expect(try String(contentsOfFile: store, encoding: .utf8) == text)
    }

    /// A value that does not fit its store field never reaches the file: the checker
    /// refuses such a program (Tests/Fixtures/errors/store_types.shortcut), and a good
    /// one keeps the file readable run after run.
    @Test func aValueThatDoesNotFitItsFieldIsNeverSaved() throws {
        let typed = packageRoot + "/Tests/Fixtures/typed_store.shortcut"
        let bad = packageRoot + "/Tests/Fixtures/errors/store_types.shortcut"
        let store = try freshStore()
        #expect(cli(["run", typed, "Good", "--store", store]).code == 0)
        let saved = try String(contentsOfFile: store, encoding: .utf8)
        for intent in ["Bad1", "Bad2", "Bad3", "Bad4"] {
            let r = cli(["run", bad, intent, "--store", store])
            #expect(r.code == 3, "\(intent)")
            #expect(r.err.contains("cannot"), "\(intent): \(r.err)")
            #expect(try String(contentsOfFile: store, encoding: .utf8) == saved, "\(intent) changed the file")
        }
        #expect(cli(["run", typed, "Good", "--store", store]).code == 0, "the store still reads")
        let shown = cli(["store", "show", typed, "--store", store])
        #expect(shown.out.contains("n: 2"), "\(shown.out)")
    }

    /// A `--store` path that is a symbolic link: the commit replaces the target,
    /// atomically, and the link stays a link (it was replaced by a regular file).
    @Test func aStoreLinkIsFollowed() throws {
        let store = try freshStore()
        let directory = (store as NSString).deletingLastPathComponent
        let link = directory + "/link.json"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: (store as NSString).lastPathComponent)
        #expect(cli(["run", script, "Increment", "--store", link]).code == 0)
        #expect(cli(["run", script, "Increment", "--store", link]).code == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: link)
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
        #expect(try String(contentsOfFile: store, encoding: .utf8).contains(#""count":2"#))
        #expect(cli(["store", "show", script, "--store", store]).out.contains("count: 2"))
    }

    /// A store file past the size limit is refused before it is read (a 2 GB sparse file
    /// took 4–6 GB of memory and 9–21 s); the file is left as it is.
    @Test func aHugeStoreFileIsRefusedAtOnce() throws {
        let store = try freshStore()
        try FileManager.default.createDirectory(atPath: (store as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: store, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: store))
        try handle.truncate(atOffset: 2 << 30)
        try handle.close()
        let start = Date()
        let r = cli(["run", script, "Increment", "--store", store])
        #expect(r.code == 6)
        #expect(r.err.contains("holds 2 GB, more than the 1 GB a store may"), "\(r.err)")
        #expect(Date().timeIntervalSince(start) < 2)
        #expect((try FileManager.default.attributesOfItem(atPath: store)[.size] as? Int) == 2 << 30)
        try FileManager.default.removeItem(atPath: store)
    }

    /// A perform waiting for a person holds no lock: another process commits at once (it
    /// waited 10 s and failed), and the waiting perform then stops with a conflict,
    /// writing nothing. With nobody else committing, the waiting perform commits.
    @Test func aWaitingPerformHoldsNoLock() throws {
        for competing in [true, false] {
            let store = try freshStore()
            let (process, input, output, errors) = try startBinary(["run", script, "Confirms", "--store", store])
            // Wait for the question.
            #expect(waitForText("Keep the change?", in: output, within: 10).contains("Keep the change?"))
            if competing {
                let began = Date()
                #expect(try runBinary(["run", script, "Increment", "--store", store]).code == 0)
                #expect(Date().timeIntervalSince(began) < 5, "the other run was blocked by a question")
            }
            input.fileHandleForWriting.write(Data("yes\n".utf8))
            try input.fileHandleForWriting.close()
            #expect(finishes(process, within: 30))
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let saved = try String(contentsOfFile: store, encoding: .utf8)
            if competing {
                #expect(process.terminationStatus == 6, "\(message)")
                #expect(message.contains("another process changed the store"), "\(message)")
                #expect(saved.contains(#""count":1"#), "the other run's commit stands: \(saved)")
            } else {
                #expect(process.terminationStatus == 0, "\(message)")
                #expect(saved.contains(#""count":100"#), "\(saved)")
            }
        }
    }

    /// Every exit code of SPEC §10 where it belongs.
    @Test func everyExitCode() throws {
        let store = try freshStore()
        let options = ["--store", store]
        #expect(try runBinary(["run", script, "Increment"] + options).code == 0)
        #expect(try runBinary(["run", script, "Throws"] + options).code == 1)
        #expect(try runBinary(["run", script, "Nope"] + options).code == 2)
        #expect(try runBinary(["run", try temporaryScript("let = 1")]).code == 3)
        #expect(try runBinary(["run", script, "Confirms"] + options, input: "").code == 4)
        #expect(try runBinary(["run", script, "Confirms"] + options, input: "no\n").code == 5)
        try "{broken".write(toFile: store, atomically: true, encoding: .utf8)
        let corrupt = try runBinary(["run", script, "Increment"] + options)
        #expect(corrupt.code == 6)
        #expect(corrupt.err.contains("move it aside"))
        #expect(try String(contentsOfFile: store, encoding: .utf8) == "{broken")
        #expect(try runBinary(["run", script, "Increment", "--reset-store"] + options).code == 0)
    }

    @Test func aLockHeldTooLongIsExit6() throws {
        let store = try freshStore()
        _ = try runBinary(["run", script, "Increment", "--store", store])
        let fd = open(store + ".lock", O_RDWR)
        #expect(flock(fd, LOCK_EX) == 0)
        defer { close(fd) }
        let r = try runBinary(["run", script, "Increment", "--store", store], environment: ["SHORTCUT_LOCK_TIMEOUT": "0.3"])
        #expect(r.code == 6)
        #expect(r.err.contains("locked by another process"))
    }
}
