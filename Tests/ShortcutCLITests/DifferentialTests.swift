import Foundation
import Testing

/// The bytecode VM and the tree walker it replaces give the same output, errors (with their places
/// and call chains) and exit codes for every program the repository holds: examples, fixtures,
/// hostile inputs, the benchmarks' small programs and every code block in the docs. (The fuzz
/// corpora, outside the repository, go through `fuzz/differential`.)
@Suite struct DifferentialTests {
    /// A command run under each engine: what it printed, what it said, how it ended.
    func compare(_ arguments: [String], input: String = "", sourceLocation: SourceLocation = #_sourceLocation) {
        let tree = cli(arguments, input: input, environment: ["SHORTCUT_ENGINE": "tree"])
        let vm = cli(arguments, input: input, environment: ["SHORTCUT_ENGINE": "bytecode"])
        let name = arguments.joined(separator: " ")
        #expect(vm.code == tree.code, "\(name): exit \(vm.code), the tree walker \(tree.code)\n\(vm.err)", sourceLocation: sourceLocation)
        #expect(vm.out == tree.out, "\(name): output differs", sourceLocation: sourceLocation)
        #expect(vm.err == tree.err, "\(name): errors differ:\n\(vm.err)\nthe tree walker:\n\(tree.err)", sourceLocation: sourceLocation)
    }

    static let examples = files(in: "Examples", ending: ".shortcut") + files(in: "Examples/apple", ending: ".shortcut")
    static let fixtures = files(in: "Tests/Fixtures/run", ending: ".shortcut") + files(in: "Tests/Fixtures", ending: ".shortcut")
    /// Hostile inputs end by a limit; those that end by `--timeout` are compared by how they end, as where a
    /// clock stops a loop depends on the speed of what runs it.
    static let hostile = files(in: "Tests/Fixtures/hostile", ending: ".shortcut")
    /// The benchmarks small enough to run twice in a debug build.
    static let benchmarks = ["hello", "fib", "towers", "queens", "sieve", "bounce", "list", "storage", "mandelbrot", "nbody", "strings", "dict"]
        .map { packageRoot + "/bench/\($0).shortcut" }

    @Test(arguments: examples)
    func examplesAgree(_ path: String) throws {
        let answers = (try? String(contentsOfFile: path.replacingOccurrences(of: ".shortcut", with: ".input"), encoding: .utf8)) ?? ""
        compare(["run", path] + MetaTests.target(of: path) + ["--seed", "1"], input: answers)
        compare(["test", path, "--seed", "1"])
    }

    @Test(arguments: fixtures)
    func fixturesAgree(_ path: String) {
        compare(["run", path, "--ephemeral", "--seed", "1"])
        compare(["test", path, "--seed", "1"])
    }

    /// Run by the built binary: a memory limit is the process's own.
    @Test(arguments: hostile)
    func hostileInputsAgree(_ path: String) throws {
        let arguments = ["run", path, "--ephemeral", "--timeout", "1", "--max-memory", "512M"]
        let tree = try runBinary(arguments, environment: ["SHORTCUT_ENGINE": "tree"])
        let vm = try runBinary(arguments, environment: ["SHORTCUT_ENGINE": "bytecode"])
        #expect(vm.code == tree.code, "\(path): exit \(vm.code), the tree walker \(tree.code)\n\(vm.err)")
        if tree.err.contains("was stopped") || tree.err.contains("memory") {
            #expect(vm.err.components(separatedBy: "\n").first == tree.err.components(separatedBy: "\n").first, "\(path):\n\(vm.err)\n\(tree.err)")
        } else {
            #expect(vm.out == tree.out && vm.err == tree.err, "\(path):\n\(vm.err)\nthe tree walker:\n\(tree.err)")
        }
    }

    @Test(arguments: benchmarks)
    func benchmarksAgree(_ path: String) {
        compare(["run", path, "--ephemeral"])
    }

    /// Every `swift` block of the docs that is a whole program (it checks clean) runs alike.
    @Test func documentationAgrees() throws {
        let documents = ["README.md"] + files(in: "docs", ending: ".md").map { String($0.dropFirst(packageRoot.count + 1)) }
        var ran = 0
        for document in documents {
            let text = try String(contentsOfFile: packageRoot + "/" + document, encoding: .utf8)
            for block in codeBlocks(text) {
                let path = try temporaryScript(block)
                guard cli(["check", path]).code == 0 else { continue }
                compare(["run", path, "--ephemeral", "--seed", "1", "--timeout", "20"])
                compare(["test", path, "--seed", "1"])
                ran += 1
            }
        }
        #expect(ran >= 20, "the docs' programs were found")
    }

    func codeBlocks(_ markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [String]?
        for line in markdown.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" || trimmed == "```shortcut" { current = []; continue }
            if current != nil, trimmed == "```" {
                blocks.append(current?.joined(separator: "\n") ?? "")
                current = nil
                continue
            }
            current?.append(line)
        }
        return blocks
    }
}
