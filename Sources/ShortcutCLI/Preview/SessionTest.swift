#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ShortcutRuntime
import ShortcutSyntax

/// "Save as test" (SPEC §14): the preview session's events turned into a `test` block that `shortcut test`
/// passes — each run's answers queued before it, a snippet opened and tapped as the person tapped it, and
/// what the card showed last as `expect`s. Written to `NAME.preview-tests.shortcut` beside FILE, which
/// imports FILE; a later save appends a new block.
enum SessionTest {
    /// The test block for a session's events (`run`, `request`, `answer`, `snippet`, `exit`), named `name`.
    static func block(from events: [String], name: String, stores: String = "") -> String {
        var body: [String] = setup(stores)
        var queued: [String] = []      // answers to requests, before the run or the open that asks them
        var target: String?
        var taps: [String] = []
        var lastCard: [String: JSON]?
        var pendingKind: String?
        var cards = 0
        func flush() {
            guard let target else { return }
            let call = "\(target)()"
            body += queued.map { "    answer(\(literal($0)))" }
            if lastCard == nil {
                body.append("    run \(call)")
            } else {
                cards += 1
                let name = "card\(cards)"
                body.append("    let \(name) = open(\(call))")
                body += taps.map { "    \(name).tap(\($0))" }
                for line in texts(in: lastCard?["view"]) { body.append("    expect(\(name).text.contains(\(literal(line))))") }
            }
        }
        for line in events {
            guard let event = try? JSON.parse(line), case .object(let pairs) = event else { continue }
            let fields = Dictionary(pairs, uniquingKeysWith: { a, _ in a })
            switch fields["event"] {
            case .string("run")?:
                flush()
                if case .string(let t)? = fields["target"] { target = t } else { target = nil }
                (queued, taps, lastCard) = ([], [], nil)
            case .string("say")?:
                // A phrase has no `test` form: what it ran is noted, not replayed.
                flush()
                target = nil
                if case .string(let phrase)? = fields["phrase"] { body.append("    // said: \(literal(phrase))") }
            case .string("request")?:
                if case .string(let kind)? = fields["kind"] { pendingKind = kind }
            case .string("answer")?:
                guard case .string(let text)? = fields["text"] else { continue }
                if pendingKind == "interaction" {
                    if let n = Int(text) { taps.append(String(n)) }
                } else {
                    queued.append(text)
                }
            case .string("snippet")?:
                if fields["static"] != .bool(true) { lastCard = fields }
            case .string("exit")?:
                flush()
                target = nil
            default:
                break
            }
        }
        flush()
        return "test \(literal(name)) {\n" + body.joined(separator: "\n") + "\n}\n"
    }

    /// Lines that set each store field to what the session started with (`store show --json`), so the test
    /// passes on the fresh stores tests get; a value no literal writes is noted instead.
    static func setup(_ document: String) -> [String] {
        guard let json = try? JSON.parse(document), case .object(let top) = json,
              case .object(let stores)? = top.first(where: { $0.0 == "stores" })?.1 else { return [] }
        var lines: [String] = []
        for (store, fields) in stores {
            guard case .object(let pairs) = fields else { continue }
            for (field, value) in pairs {
                if let text = literal(value) {
                    lines.append("    \(store).shared.\(field) = \(text)")
                } else {
                    lines.append("    // \(store).\(field) started as \(value.text)")
                }
            }
        }
        return lines
    }

    /// A literal for a JSON value of the store: numbers, text, Booleans, and arrays of them.
    static func literal(_ value: JSON) -> String? {
        switch value {
        case .integer(let i): return String(i)
        case .number: return value.text
        case .string(let s): return literal(s)
        case .bool(let b): return b ? "true" : "false"
        case .array(let items):
            let parts = items.compactMap(literal)
            return parts.count == items.count && !items.isEmpty ? "[" + parts.joined(separator: ", ") + "]" : nil
        default: return nil
        }
    }

    /// The texts a card's view shows, as `SnippetSession.text` reads them (a few: enough to pin the card).
    static func texts(in view: JSON?) -> [String] {
        var out: [String] = []
        func visit(_ node: JSON?) {
            guard case .object(let pairs)? = node else { return }
            let fields = Dictionary(pairs, uniquingKeysWith: { a, _ in a })
            if fields["view"] == .string("Text"), case .string(let text)? = fields["text"] { out.append(text) }
            if case .array(let children)? = fields["children"] { children.forEach(visit) }
        }
        visit(view)
        return Array(out.prefix(3))
    }

    /// A string literal of the language for any text.
    static func literal(_ text: String) -> String { swiftQuoted(text) }

    /// Appends the block to `NAME.preview-tests.shortcut` beside `file` (made with its `import` the first time); the path.
    static func save(_ block: String, besides file: String) throws(SaveFailure) -> String {
        var directory = FileSystem.directory(of: file)
        if !directory.hasPrefix("/") { directory = FileSystem.join(currentDirectory(), directory) }
        let fileName = String(file[(file.lastIndex(of: "/").map { file.index(after: $0) } ?? file.startIndex)...])
        let dot = fileName.lastIndex(of: ".").flatMap { $0 == fileName.startIndex ? nil : $0 }
        let name = dot.map { String(fileName[..<$0]) } ?? fileName
        let path = FileSystem.join(directory, name + ".preview-tests.shortcut")
        var text: String
        switch FileSystem.read(path) {
        case .success(let bytes): text = String(decoding: bytes, as: UTF8.self)
        case .failure: text = "import \"\(fileName)\"\n"
        }
        text += "\n" + block
        try replace(path, with: Array(text.utf8))
        return path
    }

    struct SaveFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// Writes the file whole: a temporary file beside it, renamed over it.
    static func replace(_ path: String, with bytes: [UInt8]) throws(SaveFailure) {
        let temporary = FileSystem.directory(of: path) + "/.preview-tests-\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw SaveFailure(description: "cannot write next to \(path): \(String(cString: strerror(errno)))") }
        /// Gives up on the temporary file, saying why the step that failed did (`errno` read before anything else).
        func failure() -> SaveFailure {
            let why = String(cString: strerror(errno))
            unlink(temporary)
            return SaveFailure(description: "cannot write \(path): \(why)")
        }
        guard FileSystem.writeAll(fd, bytes) else {
            let error = failure()
            close(fd)
            throw error
        }
        close(fd)
        guard rename(temporary, path) == 0 else { throw failure() }
    }

    /// The process's working folder.
    static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
