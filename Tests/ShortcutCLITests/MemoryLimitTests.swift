import Foundation
@testable import ShortcutCLI
import ShortcutRuntime
import Testing

/// `--max-memory` (SPEC §10, §12): a value too large for the limit, or a run that
/// grows past it, is a runtime error naming the option — never the kernel's OOM killer.
@Suite struct MemoryLimitTests {
    func run(_ source: String, _ options: [String] = []) throws -> (code: Int32, reason: Process.TerminationReason, out: String, err: String) {
        try runBinaryToFiles(["run", try temporaryScript(source, name: "memory.shortcut"), "--ephemeral"] + options, timeout: 60)
    }

    @Test func oneValueTooLargeIsAnError() throws {
        for source in ["print((0..<1_000_000_000).map { $0 }.count)", "var s = \"ab\"\nwhile true { s += s }",
                       "var xs = [1]\nwhile true { xs = xs + xs }", "var xs = [1]\nwhile true { xs.append(contentsOf: xs) }",
                       "var s = \"ab\"\nwhile true { s = \"\\(s)\\(s)\" }", "var s = \"ab\"\nwhile true { s.append(s) }"] {
            let r = try run(source, ["--max-memory", "256M"])
            #expect(r.reason == .exit && r.code == 1, "\(source): \(r.err.prefix(200))")
            #expect(r.err.contains("more than the run's memory limit of 256 MB (--max-memory)"), "\(source): \(r.err.prefix(300))")
        }
    }

    /// Growing a little at a time is caught by watching the process's memory.
    @Test func growingPastTheLimitIsAnError() throws {
        let r = try run("var xs: [[Int]] = []\nwhile true { xs.append([1, 2, 3, 4, 5, 6, 7, 8]) }", ["--max-memory", "64M"])
        #expect(r.reason == .exit && r.code == 1, "\(r.err.prefix(200))")
        #expect(r.err.contains("of memory, more than its limit of 64 MB (--max-memory)"), "\(r.err.prefix(300))")
    }

    /// A value nested deeper than JSON text may be is refused by `JSONEncoder` (its pretty text would grow with the square
    /// of the depth), and JSON nested too deeply for the reader is a `DecodingError`: errors, never a crash or a hang.
    @Test func deepJSONIsRefused() throws {
        let deep = try run("import Foundation\nvar x: [Any] = []\nfor _ in 0..<20000 { x = [x] }\nlet e = JSONEncoder()\ne.outputFormatting = .prettyPrinted\nprint(try e.encode(x).count)")
        #expect(deep.reason == .exit && deep.code == 1, "\(deep.err)")
        #expect(deep.err.contains("JSONEncoder.encode(_:) needs a value nested at most 512 levels deep"), "\(deep.err)")
        let text = try run("import Foundation\nlet t = String(repeating: \"[\", count: 5000)\ndo { _ = try JSONDecoder().decode([Int].self, from: Data(t.utf8)) } catch { print(error) }")
        #expect(text.code == 0 && text.out == "DecodingError.dataCorrupted: Data was corrupted. Debug description: The given data was not valid JSON.\n", "\(text.out)\(text.err)")
    }

    /// Ranges too large to count or to hold: errors, not traps; `contains` needs no elements.
    @Test func hugeRanges() throws {
        let count = try run("print((Int.min..<Int.max).count)")
        #expect(count.reason == .exit && count.code == 1)
        #expect(count.err.contains("arithmetic overflow: (-9223372036854775808..<9223372036854775807).count does not fit in Int"))
        let contains = try run("print((0..<Int.max).contains(5), (0...Int.max).contains(-1))")
        #expect(contains.code == 0 && contains.out == "true false\n", "\(contains.err)")
    }

    @Test func theOptionReadsSizes() {
        #expect(RunOptions.bytes("512M") == 512 << 20)
        #expect(RunOptions.bytes("4G") == 4 << 30)
        #expect(RunOptions.bytes("1.5g") == 3 << 29)
        #expect(RunOptions.bytes("65536KiB") == 64 << 20)
        #expect(RunOptions.bytes("1073741824") == 1 << 30)
        #expect(RunOptions.bytes("lots") == nil && RunOptions.bytes("-1G") == nil && RunOptions.bytes("1e30") == nil)
        #expect(cli(["run", "x.shortcut", "--max-memory", "1K"]).err.contains("--max-memory takes a size of at least 64M"))
        #expect(Limits.defaultMaximumMemory <= 1 << 32 && Limits.defaultMaximumMemory >= Limits.smallestMaximumMemory)
    }
}
