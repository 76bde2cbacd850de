import ShortcutRuntime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the command line reads and writes. The process uses `StandardIO`;
/// in-process tests use `BufferIO`, so every command can be tested without
/// spawning the binary.
public protocol IO: AnyObject {
    func write(_ text: String)
    /// Text already in UTF-8 (a card is drawn as bytes): written as it is where the stream is bytes.
    func write(utf8 bytes: [UInt8])
    func writeError(_ text: String)
    /// One line of standard input without its line break, or nil at its end.
    func readLine() -> String?
    /// One line, waiting no later than `deadline` (on `MonotonicClock`): a line,
    /// the end of input, the deadline passing first, or — when `interrupted`
    /// says so after a signal — an interruption.
    func readLine(before deadline: Double?, interrupted: (() -> Bool)?) -> LineRead
    var stdinIsTerminal: Bool { get }
    var stdoutIsTerminal: Bool { get }
    /// Terminal width in columns, if known.
    var columns: Int? { get }
    func environment(_ name: String) -> String?
    func flush()
}

extension IO {
    public func write(utf8 bytes: [UInt8]) { write(String(decoding: bytes, as: UTF8.self)) }
}

/// What waiting for a line of input came to.
public enum LineRead: Equatable {
    case line(String)
    case end
    case timedOut
    case interrupted
}

/// The process's standard streams. Output is buffered and flushed before
/// anything is read or written to standard error, so the two stay in order.
public final class StandardIO: IO {
    var buffer: [UInt8] = []
    /// Bytes of standard input read but not yet returned as lines.
    var pending: [UInt8] = []
    var inputEnded = false
    public init() {}

    public func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 || stdoutIsTerminal { flush() }
    }

    public func write(utf8 bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 || stdoutIsTerminal { flush() }
    }

    public func writeError(_ text: String) {
        flush()
        FileSystem.writeAll(2, Array(text.utf8))
    }

    public func flush() {
        guard !buffer.isEmpty else { return }
        FileSystem.writeAll(1, buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    public func readLine() -> String? {
        if case .line(let text) = readLine(before: nil, interrupted: nil) { return text }
        return nil
    }

    /// Reads standard input itself (not through `FILE` buffering), so it can
    /// wait with `poll` and give up at a deadline.
    public func readLine(before deadline: Double?, interrupted: (() -> Bool)?) -> LineRead {
        flush()
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                var line = Array(pending[..<newline])
                pending.removeSubrange(...newline)
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                return .line(String(decoding: line, as: UTF8.self))
            }
            if inputEnded {
                guard !pending.isEmpty else { return .end }
                defer { pending.removeAll() }
                return .line(String(decoding: pending, as: UTF8.self))
            }
            if deadline != nil || interrupted != nil {
                // Wait in short steps: the signal that interrupts may reach another thread,
                // so the flag is looked at, not only the call's EINTR.
                var wait = 100.0
                if let deadline {
                    let left = deadline - MonotonicClock.now()
                    guard left > 0 else { return .timedOut }
                    wait = min(left * 1000 + 1, interrupted == nil ? 60_000 : 100)
                }
                var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
                let ready = poll(&descriptor, 1, Int32(wait))
                if interrupted?() == true { return .interrupted }
                if ready <= 0 { continue }
            }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR {
                if interrupted?() == true { return .interrupted }
                continue
            }
            if count <= 0 { inputEnded = true; continue }
            pending.append(contentsOf: chunk[..<count])
        }
    }

    public lazy var stdinIsTerminal: Bool = isatty(0) == 1
    public lazy var stdoutIsTerminal: Bool = isatty(1) == 1

    public var columns: Int? {
        if let c = environment("COLUMNS").flatMap({ Int($0) }), c > 0 { return c }
        var size = winsize()
        for fd: Int32 in [1, 2, 0] where ioctl(fd, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 {
            return Int(size.ws_col)
        }
        return nil
    }

    public func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}

/// In-memory IO for tests.
public final class BufferIO: IO {
    public private(set) var output = ""
    public private(set) var errors = ""
    var input: [String]
    var env: [String: String]
    public var stdinIsTerminal = false
    public var stdoutIsTerminal = false
    /// From `COLUMNS` in the environment given, as a terminal's would be.
    public var columns: Int? { env["COLUMNS"].flatMap { Int($0) } }

    public init(input: String = "", environment: [String: String] = [:]) {
        var lines = input.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        self.input = lines
        self.env = environment
    }

    public func write(_ text: String) { output += text }
    public func writeError(_ text: String) { errors += text }
    public func readLine() -> String? { input.isEmpty ? nil : input.removeFirst() }
    public func readLine(before deadline: Double?, interrupted: (() -> Bool)?) -> LineRead { readLine().map { .line($0) } ?? .end }
    public func environment(_ name: String) -> String? { env[name] }
    public func flush() {}
}
