import Foundation
import Testing

/// Every input that ever crashed, hung or blew memory — found by hand or by the
/// fuzzers (`fuzz/run`) — kept in Tests/Fixtures/hostile/ and run through the
/// real binary: `check` and `run` each end with an exit status of 0–6 and, when
/// not 0, a message; never a signal, never past the time limit.
@Suite struct HostileInputTests {
    static let inputs = files(in: "Tests/Fixtures/hostile", ending: ".shortcut")
    /// How long one input may take, checking and running, in a debug build under test load.
    static let timeLimit = 60.0

    @Test func thereAreHostileInputs() {
        #expect(Self.inputs.count >= 10)
    }

    @Test(arguments: inputs)
    func endsCleanly(_ path: String) throws {
        let answers = (try? String(contentsOfFile: path.replacingOccurrences(of: ".shortcut", with: ".input"), encoding: .utf8)) ?? ""
        for arguments in [["check", path], ["run", path, "--ephemeral", "--timeout", "5", "--max-memory", "512M"]] {
            let start = Date()
            let r = try runBinaryToFiles(arguments, input: answers, timeout: Self.timeLimit)
            #expect(r.reason == .exit, "\(arguments): ended by signal \(r.code)")
            #expect((0...6).contains(r.code), "\(arguments): exit \(r.code)")
            #expect(r.code == 0 || !r.err.isEmpty, "\(arguments): exit \(r.code) without a message")
            #expect(Date().timeIntervalSince(start) < Self.timeLimit, "\(arguments): took too long")
        }
    }
}
