import Foundation
import Testing

/// The benchmarks small enough for a debug build run here, and print what their Python twins print (the
/// same programs in Python: `bench/run` times the two beside Lua). Where `python3` is missing the run must
/// still end cleanly with output.
@Suite struct BenchmarkTests {
    static let small = ["hello", "fib", "towers", "queens", "sieve", "bounce", "list", "storage", "mandelbrot", "nbody", "dict", "strings"]
    /// Twins too slow to run in the suite (Python's string building is quadratic here).
    static let slowTwins: Set = ["strings"]

    @Test(arguments: small)
    func benchmarkPrintsWhatItsTwinPrints(_ name: String) throws {
        let r = cli(["run", packageRoot + "/bench/\(name).shortcut", "--ephemeral"])
        #expect(r.code == 0 && r.err.isEmpty, "\(name): \(r.err)")
        #expect(!r.out.isEmpty, "\(name) printed nothing")
        guard !Self.slowTwins.contains(name), let python = Self.python3 else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [packageRoot + "/bench/\(name).py"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let twin = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(r.out == twin, "\(name): printed\n\(r.out)\nits Python twin\n\(twin)")
    }

    /// `bench/startup.order` (written by `bench/order`, read by `bench/build`): one symbol a line, each once, and among
    /// them the functions every run goes through — the command's, the lexer's, the VM's loop — so the release build lays
    /// out the code a run needs together (docs/Engine.md, "Code in the order it runs").
    @Test func startupOrderNamesTheFunctionsEveryRunUses() throws {
        let text = try String(contentsOfFile: packageRoot + "/bench/startup.order", encoding: .utf8)
        let names = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(text.hasSuffix("\n") && names.count > 1_000, "\(names.count) names")
        #expect(names.allSatisfy { !$0.isEmpty && !$0.utf8.contains { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "'") } })
        #expect(Set(names).count == names.count, "a name listed twice")
        let everyRun = ["$s11ShortcutCLI10RunCommandO", "$s14ShortcutSyntax5LexerV",
                        "$s15ShortcutRuntime11InterpreterC7executeyAA5ValueOs9UnmanagedVyAA8BytecodeCG_SpyAFGtAA11ScriptErrorCYKF"]
        for prefix in everyRun {
            #expect(names.contains { $0.hasPrefix(prefix) }, "no \(prefix)")
        }
    }

    static let python3: String? = ["/usr/bin/python3", "/usr/local/bin/python3", "/opt/homebrew/bin/python3"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }
}
