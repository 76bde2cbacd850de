#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ShortcutRuntime

/// Reads lines at a terminal in raw mode with `LineEditor`, keeping history in a file.
final class TerminalLineReader {
    var editor: LineEditor
    let historyPath: String?
    var pending: [UInt8] = []

    /// Lines kept in the history file.
    static let historyLimit = 1_000

    init(historyPath: String?) {
        self.historyPath = historyPath
        var history: [String] = []
        if let historyPath, case .success(let bytes) = FileSystem.read(historyPath) {
            history = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        }
        editor = LineEditor(history: Array(history.suffix(TerminalLineReader.historyLimit)))
    }

    /// One line (`.submit`), a Ctrl-C (`.cancel`), or Ctrl-D on an empty line (`.endOfInput`).
    func readLine(prompt: String) -> LineEditor.Outcome {
        var saved = termios()
        guard tcgetattr(0, &saved) == 0 else { return Swift.readLine().map { .submit($0) } ?? .endOfInput }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        // TCSADRAIN, not TCSAFLUSH: keys typed (or pasted) before the prompt must not be thrown away.
        tcsetattr(0, TCSADRAIN, &raw)
        defer { tcsetattr(0, TCSADRAIN, &saved) }
        draw(prompt)
        while true {
            var byte: UInt8 = 0
            let n = read(0, &byte, 1)
            if n <= 0 { return .endOfInput }
            pending.append(byte)
            for key in LineEditor.keys(from: &pending) {
                switch editor.handle(key) {
                case .editing: draw(prompt)
                case .submit(let line):
                    FileSystem.writeAll(1, Array("\r\n".utf8))
                    remember(line)
                    return .submit(line)
                case .cancel:
                    FileSystem.writeAll(1, Array("^C\r\n".utf8))
                    return .cancel
                case .endOfInput:
                    FileSystem.writeAll(1, Array("\r\n".utf8))
                    return .endOfInput
                }
            }
        }
    }

    /// Redraws the line and puts the cursor where it belongs.
    func draw(_ prompt: String) {
        let columns = TerminalWidth.of(prompt) + TerminalWidth.of(String(editor.line.prefix(editor.cursor)))
        let text = "\r" + prompt + editor.line + "\u{1B}[K\r\u{1B}[\(columns)C"
        FileSystem.writeAll(1, Array(text.utf8))
    }

    func remember(_ line: String) {
        guard let historyPath, !line.trimmingWhitespace().isEmpty else { return }
        let fd = open(historyPath, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        FileSystem.writeAll(fd, Array((line + "\n").utf8))
        close(fd)
    }
}
