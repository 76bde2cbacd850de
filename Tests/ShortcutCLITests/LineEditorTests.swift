import Foundation
@testable import ShortcutCLI
import Testing

/// The REPL's line editing, key by key, and once end to end at a pseudo-terminal.
@Suite struct LineEditorTests {
    func type(_ text: String, into editor: inout LineEditor) {
        for c in text { _ = editor.handle(.character(c)) }
    }

    @Test func cursorMovesAndEdits() {
        var e = LineEditor()
        type("helo", into: &e)
        _ = e.handle(.left)
        type("l", into: &e)
        #expect(e.line == "hello" && e.cursor == 4)
        _ = e.handle(.home)
        type(">", into: &e)
        _ = e.handle(.end)
        _ = e.handle(.backspace)
        #expect(e.line == ">hell")
        _ = e.handle(.ctrlA)
        _ = e.handle(.delete)
        #expect(e.line == "hell" && e.cursor == 0)
        _ = e.handle(.right)
        _ = e.handle(.ctrlK)
        #expect(e.line == "h")
        _ = e.handle(.ctrlE)
        #expect(e.cursor == 1)
    }

    @Test func deletingWordsAndLines() {
        var e = LineEditor()
        type("let total = 1", into: &e)
        _ = e.handle(.ctrlW)
        #expect(e.line == "let total = ")
        _ = e.handle(.ctrlW)
        #expect(e.line == "let total ")
        _ = e.handle(.ctrlU)
        #expect(e.line.isEmpty)
    }

    @Test func historyWithUpAndDown() {
        var e = LineEditor(history: ["first"])
        type("second", into: &e)
        #expect(e.handle(.enter) == .submit("second"))
        type("draft", into: &e)
        _ = e.handle(.up)
        #expect(e.line == "second")
        _ = e.handle(.up)
        #expect(e.line == "first")
        _ = e.handle(.up)
        #expect(e.line == "first")
        _ = e.handle(.down)
        _ = e.handle(.down)
        #expect(e.line == "draft")
        #expect(e.history == ["first", "second"])
    }

    @Test func controlCClearsAndControlDQuitsOnlyWhenEmpty() {
        var e = LineEditor()
        type("oops", into: &e)
        #expect(e.handle(.ctrlC) == .cancel)
        #expect(e.line.isEmpty)
        type("ab", into: &e)
        _ = e.handle(.home)
        #expect(e.handle(.ctrlD) == .editing)
        #expect(e.line == "b")
        _ = e.handle(.ctrlU)
        _ = e.handle(.end)
        _ = e.handle(.backspace)
        #expect(e.handle(.ctrlD) == .endOfInput)
    }

    @Test func terminalBytesBecomeKeys() {
        var bytes: [UInt8] = [0x61, 0x1B, 0x5B, 0x44, 0x1B, 0x5B, 0x33, 0x7E, 0x01, 0x7F, 0x0D] + Array("é".utf8) + [0x1B, 0x5B]
        let keys = LineEditor.keys(from: &bytes)
        #expect(keys == [.character("a"), .left, .delete, .ctrlA, .backspace, .enter, .character("é")])
        #expect(bytes == [0x1B, 0x5B], "an incomplete escape waits for its last byte")
    }

    /// The whole REPL at a pseudo-terminal: typing, history, Ctrl-D, and the history file.
    @Test func replAtAPseudoTerminal() throws {
        let home = scratchRoot.appendingPathComponent("home-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let session = try TerminalSession(["repl", "--ephemeral"], environment: ["HOME": home])
        #expect(session.waitFor("> "))
        session.type(Array("20 + 1\r".utf8))
        #expect(session.waitFor("21"))
        #expect(session.waitFor("> "))
        session.type([0x1B, 0x5B, 0x41] + Array(" * 2\r".utf8))   // Up, then extend the line: 20 + 1 * 2
        #expect(session.waitFor("22"))
        #expect(session.waitFor("> "))
        session.type([0x04])   // Ctrl-D on an empty line
        #expect(session.exitStatus() == 0)
        let history = try String(contentsOfFile: home + "/.shortcut_history", encoding: .utf8)
        #expect(history == "20 + 1\n20 + 1 * 2\n")
    }

    /// Ctrl-C in the REPL stops the code that runs, or cancels the run that asks a
    /// question (rolling its store changes back), and the session goes on (SPEC §11).
    @Test func ctrlCInTheREPLStopsTheCodeNotTheSession() throws {
        let home = scratchRoot.appendingPathComponent("home-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let session = try TerminalSession(["repl", packageRoot + "/Tests/Fixtures/counter_store.shortcut", "--ephemeral"], environment: ["HOME": home])
        #expect(session.waitFor("> "))
        session.type(Array("var spins = 0\r".utf8))
        #expect(session.waitFor("> "))
        session.type(Array("print(\"spin\" + \"ning\"); while true { spins += 1 }\r".utf8))
        #expect(session.waitFor("spinning"))
        usleep(100_000)
        kill(session.process.processIdentifier, SIGINT)
        #expect(session.waitFor("cancelled"))
        #expect(session.waitFor("> "))
        session.type(Array("print(\"still \\(spins > 0)\")\r".utf8))
        #expect(session.waitFor("still true"))
        #expect(session.waitFor("> "))
        session.type(Array("run Confirms()\r".utf8))
        #expect(session.waitFor("[Confirm/Cancel]: "))
        session.type([0x03])   // Ctrl-C at the question, read as a key by the line editor
        #expect(session.waitFor("cancelled"))
        #expect(session.waitFor("> "))
        session.type(Array("print(\"count \\(Counter.shared.count)\")\r".utf8))
        #expect(session.waitFor("count 0"))
        #expect(session.waitFor("> "))
        session.type([0x04])
        #expect(session.exitStatus() == 0)
    }
}
