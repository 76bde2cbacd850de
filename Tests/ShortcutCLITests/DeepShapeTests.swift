import Foundation
import ShortcutSyntax
import Testing

/// Source of every deep or long shape (SPEC §12), generated at sizes the SPEC
/// names and past every limit, run through the real binary: each runs, or is a
/// diagnostic naming the limit it passed — never a signal.
@Suite struct DeepShapeTests {
    /// A shape: how to write it `n` long, and what it prints when it runs.
    struct Shape: CustomStringConvertible, Sendable {
        let name: String
        let source: @Sendable (Int) -> String
        let output: @Sendable (Int) -> String
        var description: String { name }
    }

    static func chain(_ op: String, _ term: String, prefix: String = "") -> @Sendable (Int) -> String {
        { n in prefix + "print(" + Array(repeating: term, count: n).joined(separator: " \(op) ") + ")\n" }
    }

    /// Chains: built by loops in the parser, one level of every later pass per link.
    static let chains: [Shape] = [
        Shape(name: "+", source: chain("+", "1"), output: { "\($0)\n" }),
        Shape(name: "-", source: chain("-", "1"), output: { "\(2 - $0)\n" }),
        Shape(name: "*", source: chain("*", "1"), output: { _ in "1\n" }),
        Shape(name: "/", source: chain("/", "1"), output: { _ in "1\n" }),
        Shape(name: "%", source: chain("%", "5"), output: { _ in "0\n" }),
        Shape(name: "&&", source: chain("&&", "true"), output: { _ in "true\n" }),
        Shape(name: "||", source: chain("||", "false"), output: { _ in "false\n" }),
        Shape(name: "??", source: chain("??", "x", prefix: "let x: Int? = nil\n"), output: { _ in "nil\n" }),
        Shape(name: "string +", source: chain("+", "\"a\""), output: { String(repeating: "a", count: $0) + "\n" }),
        Shape(name: "method chain", source: { "print(\"a\"" + String(repeating: ".uppercased()", count: $0) + ")\n" }, output: { _ in "A\n" }),
        Shape(name: "member chain", source: { "print(1" + String(repeating: ".description", count: $0) + ")\n" }, output: { _ in "1\n" }),
        Shape(name: "?. chain", source: { "let s: String? = \"a\"\nprint(s?" + String(repeating: ".uppercased()", count: $0) + " ?? \"\")\n" },
              output: { _ in "A\n" }),
        Shape(name: "closure chain", source: { "print([1]" + String(repeating: ".map { $0 }", count: $0) + ")\n" }, output: { _ in "[1]\n" }),
        Shape(name: "else if", source: { n in
            "let x = \(n - 1)\nif x == 0 { print(0) }\n" + (1..<n).map { "else if x == \($0) { print(\($0)) }\n" }.joined() + "else { print(-1) }\n"
        }, output: { "\($0 - 1)\n" }),
    ]

    /// Nesting: each level is a level of the parser's recursion, bounded by `maximumNestingDepth`.
    static let nests: [Shape] = [
        Shape(name: "interpolation", source: { "print(" + String(repeating: "\"\\(", count: $0) + "\"x\"" + String(repeating: ")\"", count: $0) + ")\n" },
              output: { _ in "x\n" }),
        Shape(name: "parentheses", source: { "print(" + String(repeating: "(", count: $0) + "1" + String(repeating: ")", count: $0) + ")\n" },
              output: { _ in "1\n" }),
        Shape(name: "!", source: { "print(" + String(repeating: "!", count: $0) + "true)\n" }, output: { $0 % 2 == 0 ? "true\n" : "false\n" }),
        Shape(name: "type", source: { "let x: " + String(repeating: "[", count: $0) + "Int" + String(repeating: "]", count: $0) + " = []\nprint(x)\n" },
              output: { _ in "[]\n" }),
        Shape(name: "blocks", source: { String(repeating: "if true {\n", count: $0) + "print(1)\n" + String(repeating: "}\n", count: $0) },
              output: { _ in "1\n" }),
    ]

    func run(_ source: String) throws -> (code: Int32, reason: Process.TerminationReason, out: String, err: String) {
        let path = try temporaryScript(source, name: "deep.shortcut")
        return try runBinaryToFiles(["run", path, "--ephemeral"])
    }

    /// The sizes the SPEC names run, with the right output.
    @Test(arguments: chains)
    func chainsAsLongAsTheSpecSaysRun(_ shape: Shape) throws {
        let n = shape.name == "else if" || shape.name.contains("chain") ? 10_000 : 30_000
        let r = try run(shape.source(n))
        #expect(r.reason == .exit && r.code == 0, "\(shape): \(r.code) \(r.err.prefix(300))")
        #expect(r.out == shape.output(n), "\(shape)")
    }

    /// Past the limit: a diagnostic naming it, exit 3.
    @Test(arguments: chains)
    func chainsPastTheLimitAreADiagnostic(_ shape: Shape) throws {
        let r = try run(shape.source(ParserLimits.maximumChainLinks + 2))
        #expect(r.reason == .exit && r.code == 3, "\(shape): \(r.code) \(r.err.prefix(300))")
        #expect(r.err.contains("the limit is \(ParserLimits.maximumChainLinks)"), "\(shape): \(r.err.prefix(300))")
    }

    @Test(arguments: nests)
    func nestingRunsUpToTheLimitAndIsADiagnosticPastIt(_ shape: Shape) throws {
        // A block costs the parser several levels (statement, `if`, block); other shapes one or two.
        let deep = shape.name == "blocks" ? 60 : 150
        let within = try run(shape.source(deep))
        #expect(within.reason == .exit && within.code == 0, "\(shape): \(within.err.prefix(300))")
        #expect(within.out == shape.output(deep), "\(shape)")
        for n in [ParserLimits.maximumNestingDepth + 1, 10_000, 100_000] {
            let past = try run(shape.source(n))
            #expect(past.reason == .exit && past.code == 3, "\(shape) × \(n): \(past.code) \(past.err.prefix(300))")
            #expect(past.err.contains("the limit is \(ParserLimits.maximumNestingDepth) levels"), "\(shape) × \(n)")
        }
    }

    /// Values as deep as a loop can make them print and are freed without a crash.
    @Test func aListNested60000DeepPrintsAndIsFreed() throws {
        let r = try run("var x: [Any] = []\nfor _ in 0..<60000 { x = [x] }\nprint(String(describing: x).count)\n")
        #expect(r.reason == .exit && r.code == 0, "\(r.err.prefix(300))")
        #expect(r.out == "120002\n")
    }

    /// Many statements, one after another, run (the SPEC's 1 000 000 is in `bench/`-sized scripts; here 200 000).
    @Test func longFilesRun() throws {
        let r = try run("var x = 0\n" + String(repeating: "x += 1\n", count: 200_000) + "print(x)\n")
        #expect(r.reason == .exit && r.code == 0, "\(r.err.prefix(300))")
        #expect(r.out == "200000\n")
    }
}
