#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ShortcutRuntime

/// The REPL's line editing, as data: keys in, a line (or a cancel, or the end) out.
/// `TerminalLineReader` feeds it a terminal's bytes; tests feed it keys.
struct LineEditor {
    enum Key: Equatable {
        case character(Character)
        case left, right, up, down, home, end, backspace, delete, enter
        case ctrlA, ctrlE, ctrlK, ctrlU, ctrlW, ctrlC, ctrlD
    }

    enum Outcome: Equatable {
        case editing
        case submit(String)
        /// Ctrl-C: the line is dropped.
        case cancel
        /// Ctrl-D on an empty line.
        case endOfInput
    }

    private(set) var buffer: [Character] = []
    private(set) var cursor = 0
    var history: [String]
    /// Where up and down are in the history; `history.count` is the line being typed.
    private var position: Int
    /// The line being typed, kept while browsing the history.
    private var draft: [Character] = []

    init(history: [String] = []) {
        self.history = history
        self.position = history.count
    }

    var line: String { String(buffer) }

    mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .character(let c):
            buffer.insert(c, at: cursor)
            cursor += 1
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(buffer.count, cursor + 1)
        case .home, .ctrlA: cursor = 0
        case .end, .ctrlE: cursor = buffer.count
        case .backspace:
            if cursor > 0 {
                buffer.remove(at: cursor - 1)
                cursor -= 1
            }
        case .delete:
            if cursor < buffer.count { buffer.remove(at: cursor) }
        case .ctrlK: buffer.removeSubrange(cursor...)
        case .ctrlU:
            buffer.removeSubrange(..<cursor)
            cursor = 0
        case .ctrlW:
            var start = cursor
            while start > 0, buffer[start - 1] == " " { start -= 1 }
            while start > 0, buffer[start - 1] != " " { start -= 1 }
            buffer.removeSubrange(start..<cursor)
            cursor = start
        case .up:
            guard position > 0 else { break }
            if position == history.count { draft = buffer }
            position -= 1
            show(Array(history[position]))
        case .down:
            guard position < history.count else { break }
            position += 1
            show(position == history.count ? draft : Array(history[position]))
        case .ctrlC:
            reset()
            return .cancel
        case .ctrlD:
            if buffer.isEmpty { return .endOfInput }
            if cursor < buffer.count { buffer.remove(at: cursor) }
        case .enter:
            let submitted = line
            if !submitted.trimmingWhitespace().isEmpty, history.last != submitted { history.append(submitted) }
            reset()
            return .submit(submitted)
        }
        return .editing
    }

    private mutating func show(_ text: [Character]) {
        buffer = text
        cursor = text.count
    }

    private mutating func reset() {
        buffer = []
        cursor = 0
        draft = []
        position = history.count
    }

    /// Turns a terminal's bytes into keys; `bytes` keeps what is not a whole key yet.
    static func keys(from bytes: inout [UInt8]) -> [Key] {
        var keys: [Key] = []
        while let first = bytes.first {
            switch first {
            case 0x1B:
                guard bytes.count >= 3 else { return keys }
                let sequence = Array(bytes.prefix(4))
                var length = 3
                let key: Key?
                switch (sequence[1], sequence[2]) {
                case (0x5B, 0x41): key = .up
                case (0x5B, 0x42): key = .down
                case (0x5B, 0x43): key = .right
                case (0x5B, 0x44): key = .left
                case (0x5B, 0x48), (0x4F, 0x48): key = .home
                case (0x5B, 0x46), (0x4F, 0x46): key = .end
                case (0x5B, 0x31), (0x5B, 0x33), (0x5B, 0x34):
                    guard sequence.count == 4 else { return keys }
                    length = 4
                    key = sequence[2] == 0x33 ? .delete : sequence[2] == 0x31 ? .home : .end
                default: key = nil
                }
                bytes.removeFirst(min(length, bytes.count))
                if let key { keys.append(key) }
            case 0x01: bytes.removeFirst(); keys.append(.ctrlA)
            case 0x03: bytes.removeFirst(); keys.append(.ctrlC)
            case 0x04: bytes.removeFirst(); keys.append(.ctrlD)
            case 0x05: bytes.removeFirst(); keys.append(.ctrlE)
            case 0x08, 0x7F: bytes.removeFirst(); keys.append(.backspace)
            case 0x0A, 0x0D: bytes.removeFirst(); keys.append(.enter)
            case 0x0B: bytes.removeFirst(); keys.append(.ctrlK)
            case 0x15: bytes.removeFirst(); keys.append(.ctrlU)
            case 0x17: bytes.removeFirst(); keys.append(.ctrlW)
            case ..<0x20: bytes.removeFirst()
            default:
                // One UTF-8 character: wait until all its bytes are here.
                let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
                guard bytes.count >= length else { return keys }
                let text = String(decoding: bytes.prefix(length), as: UTF8.self)
                bytes.removeFirst(length)
                if let c = text.first { keys.append(.character(c)) }
            }
        }
        return keys
    }
}
