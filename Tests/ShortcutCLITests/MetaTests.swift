import Foundation
import ShortcutRuntime
import ShortcutSyntax
@testable import ShortcutCLI
import Testing

/// Tests that keep the project honest: every example runs, every code block in
/// the docs parses, and the grammar file exists beside the parser.
@Suite struct MetaTests {
    static let examples = files(in: "Examples", ending: ".shortcut") + files(in: "Examples/apple", ending: ".shortcut")

    /// Apple's code in `Examples/apple/` is the seed article's code exactly as printed (SPEC §13): the
    /// example begins with the article's code block, from `import SwiftUI` to the line before the prose resumes.
    @Test func theAppleCounterIsTheSeedAsPrinted() throws {
        let seed = try String(contentsOfFile: packageRoot + "/Tests/Fixtures/seeds/000_c5e92ea216423b6d.txt", encoding: .utf8)
        let lines = seed.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0 == "import SwiftUI" })
        let end = try #require(lines[start...].firstIndex { $0.hasPrefix("With that,") })
        let code = lines[start..<end].joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        let example = try String(contentsOfFile: packageRoot + "/Examples/apple/counter.shortcut", encoding: .utf8)
        #expect(example.hasPrefix(code + "\n"), "Examples/apple/counter.shortcut no longer begins with the seed's code")
        #expect(code.contains("@main") && code.contains("struct CounterSnippetView: View"))
    }

    @Test func thereAreExamples() {
        #expect(MetaTests.examples.count >= 2)
    }

    /// Caffeine Pal is seed 003's code blocks in order, unchanged; where the article shows a declaration
    /// twice (`GetCaffeineIntent`), the later one.
    @Test func caffeinePalIsTheSeedsCodeBlocks() throws {
        let seed = try String(contentsOfFile: packageRoot + "/Tests/Fixtures/seeds/003_739f274cfa05dd77.txt", encoding: .utf8)
        let lines = seed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [String] = []
        var i = 0
        while i < lines.count {
            guard ["struct ", "import ", "extension ", "@main"].contains(where: { lines[i].hasPrefix($0) }) else { i += 1; continue }
            var depth = 0, opened = false, j = i
            while j < lines.count {
                depth += lines[j].filter { $0 == "{" }.count - lines[j].filter { $0 == "}" }.count
                if lines[j].contains("{") { opened = true }
                j += 1
                if opened && depth == 0 { break }
            }
            let block = lines[i..<j].joined(separator: "\n")
            // A declaration shown again replaces its earlier showing.
            blocks.removeAll { $0.split(separator: "\n").first == block.split(separator: "\n").first }
            blocks.append(block)
            i = j
        }
        #expect(blocks.count == 7, "\(blocks.count) code blocks")
        let example = try String(contentsOfFile: packageRoot + "/Examples/apple/caffeine-pal.shortcut", encoding: .utf8)
        var rest = example[...]
        for block in blocks {
            guard let found = rest.range(of: block) else {
                Issue.record("Examples/apple/caffeine-pal.shortcut lacks, or reorders, the block starting \(block.prefix(60))")
                return
            }
            rest = rest[found.upperBound...]
        }
    }

    /// What an example runs: its target, from Examples/NAME.target when the file has several.
    static func target(of path: String) -> [String] {
        let text = (try? String(contentsOfFile: path.replacingOccurrences(of: ".shortcut", with: ".target"), encoding: .utf8)) ?? ""
        return text.split(whereSeparator: \.isNewline).map(String.init).prefix(1).map { $0 }
    }

    /// Each example runs (with a fresh store, its target from Examples/NAME.target and the answers in
    /// Examples/NAME.input if there are) and prints exactly its golden output (Examples/NAME.out).
    @Test(arguments: examples)
    func exampleRuns(_ path: String) throws {
        let golden = path.replacingOccurrences(of: ".shortcut", with: ".out")
        let expected = try String(contentsOfFile: golden, encoding: .utf8)
        let answers = (try? String(contentsOfFile: path.replacingOccurrences(of: ".shortcut", with: ".input"), encoding: .utf8)) ?? ""
        let r = cli(["run", path] + MetaTests.target(of: path) + ["--seed", "1"], input: answers)
        #expect(r.code == 0, "\(path): \(r.err)")
        #expect(r.out == expected, "\(path) output differs from \(golden)")
    }

    /// The SPEC's own first example checks clean and dumps its syntax tree.
    @Test func theSpecCounterChecksAndDumps() {
        let r = cli(["check", packageRoot + "/Examples/counter.shortcut", "--dump-ast"])
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.contains("(snippet CounterSnippetIntent"))
    }

    /// Each example also runs through JSON Lines, its answers given as `{"answer": …}` objects.
    @Test(arguments: examples)
    func exampleRunsAsJSON(_ path: String) throws {
        let answers = (try? String(contentsOfFile: path.replacingOccurrences(of: ".shortcut", with: ".input"), encoding: .utf8)) ?? ""
        let wrapped = answers.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            .map { "{\"answer\": \(JSON.string(String($0)).text)}" }.joined(separator: "\n")
        let r = cli(["run", path] + MetaTests.target(of: path) + ["--seed", "1", "--format", "json"], input: wrapped.isEmpty ? "" : wrapped + "\n")
        #expect(r.code == 0, "\(path): \(r.err)")
        let events = r.out.split(separator: "\n").compactMap { try? JSON.parse(String($0)) }
        #expect(events.count == r.out.split(separator: "\n").count, "every line is a JSON event")
        #expect(!events.contains { $0["event"] == .string("error") })
        let golden = try String(contentsOfFile: path.replacingOccurrences(of: ".shortcut", with: ".out"), encoding: .utf8)
        #expect(golden.contains("╭─") == events.contains { $0["event"] == .string("snippet") })
    }

    /// Every example is in the canonical layout.
    @Test func examplesAreFormatted() throws {
        let r = cli(["fmt", "--check"] + MetaTests.examples)
        #expect(r.code == 0, "\(r.out)\(r.err)")
        #expect(r.out.isEmpty)
        let messy = try temporaryScript("intent A {\n  perform { }\n   title: \"A\"\n}\n")
        let check = cli(["fmt", "--check", messy])
        #expect(check.code == 1)
        #expect(check.out == "\(messy) is not formatted\n")
        #expect(cli(["fmt", messy]).out == "formatted \(messy)\n")
        #expect(try String(contentsOfFile: messy, encoding: .utf8) == "intent A {\n    title: \"A\"\n    perform { }\n}\n")
        #expect(cli(["fmt", "--check", messy]).code == 0)
        #expect(cli(["fmt", try temporaryScript("let = 1")]).code == 3)
        #expect(cli(["fmt"]).code == 2)
    }

    /// Every example carries test blocks, and they all pass.
    @Test func exampleTestsPass() throws {
        for path in MetaTests.examples {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.contains("\ntest \""), "\(path) has no test block")
        }
        let r = cli(["test", packageRoot + "/Examples"])
        #expect(r.code == 0, "\(r.out)\(r.err)")
        let summary = r.out.split(separator: "\n").last.map(String.init) ?? ""
        #expect(summary.hasSuffix(" passed, 0 failed"))
        #expect((Int(summary.split(separator: " ").first ?? "") ?? 0) >= MetaTests.examples.count * 2)
    }

    /// Apple's find-tickets flow: cancelling after changing the guests changes nothing.
    @Test func cancellingTheTicketSearchChangesNothing() throws {
        let store = temporaryStoreDirectory()
        let tickets = packageRoot + "/Examples/tickets.shortcut"
        let cancelled = cli(["run", tickets], input: "Gig\n2\n2\ndone\nno\n", environment: ["SHORTCUT_STORE_DIR": store])
        #expect(cancelled.code == 5)
        #expect(!FileManager.default.fileExists(atPath: store + "/tickets.json"))
        let confirmed = cli(["run", tickets], input: "Gig\n2\ndone\nyes\n", environment: ["SHORTCUT_STORE_DIR": store])
        #expect(confirmed.code == 0)
        #expect(cli(["store", "show", tickets], environment: ["SHORTCUT_STORE_DIR": store]).out.contains("guests: 3"))
    }

    /// Every ```swift block in the README and docs/ parses without errors.
    @Test func documentationCodeBlocksParse() throws {
        let documents = [packageRoot + "/README.md"] + files(in: "docs", ending: ".md")
        var blocks = 0
        for document in documents {
            let text = try String(contentsOfFile: document, encoding: .utf8)
            for (i, block) in swiftBlocks(text).enumerated() {
                blocks += 1
                let (_, diagnostics) = Parser.parse(SourceFile(name: "\(document)#\(i + 1)", text: block), fileIndex: 0)
                let errors = diagnostics.filter(\.isError)
                #expect(errors.isEmpty, "\(document) block \(i + 1): \(errors.map(\.message.text))\n\(block)")
            }
        }
        #expect(blocks >= 5)
    }

    /// The language guide's examples work: each checks clean, and each with top-level statements runs.
    @Test func languageGuideExamplesRun() throws {
        let text = try String(contentsOfFile: packageRoot + "/docs/Language.md", encoding: .utf8)
        var ran = 0
        for block in swiftBlocks(text) {
            let path = try temporaryScript(block)
            let checked = cli(["check", path])
            #expect(checked.code == 0, "\(block)\n\(checked.err)")
            let (unit, _) = Parser.parse(SourceFile(name: "block", text: block), fileIndex: 0)
            let hasStatements = unit.items.contains { if case .declaration = $0.kind { return false }; return true }
            guard hasStatements else { continue }
            let r = cli(["run", path, "--ephemeral"])
            #expect(r.code == 0, "\(block)\n\(r.out)\(r.err)")
            // `// prints: …` comments give the output, line by line, in order.
            let promised = block.split(separator: "\n").compactMap { line -> String? in
                guard let marker = line.range(of: "// prints: ") else { return nil }
                return String(line[marker.upperBound...])
            }
            if !promised.isEmpty {
                #expect(r.out.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) == promised, "\(block)\n\(r.out)")
            }
            ran += 1
        }
        #expect(ran >= 7)
    }

    /// A documentation example with `test` blocks is run: its tests must pass.
    @Test func documentationTestsPass() throws {
        var ran = 0
        for document in [packageRoot + "/README.md"] + files(in: "docs", ending: ".md") {
            let text = try String(contentsOfFile: document, encoding: .utf8)
            for block in swiftBlocks(text) where block.contains("\ntest \"") || block.hasPrefix("test \"") {
                guard block.contains("store ") || block.contains("intent ") else { continue }   // fragments that lean on an example
                let path = try temporaryScript(block)
                let r = cli(["test", path])
                #expect(r.code == 0, "\(document):\n\(block)\n\(r.out)\(r.err)")
                ran += 1
            }
        }
        #expect(ran >= 3)
    }

    /// docs/Swift.md shows each declaration in both forms (`// concise: NAME`, `// swift form: NAME`):
    /// each block checks clean, and `list` prints the same program for the two of a pair (SPEC §13).
    @Test func bothFormsOfTheSwiftGuideBuildTheSameProgram() throws {
        let text = try String(contentsOfFile: packageRoot + "/docs/Swift.md", encoding: .utf8)
        var listings: [String: [String]] = [:]
        for block in swiftBlocks(text) {
            let path = try temporaryScript(block)
            let checked = cli(["check", path])
            #expect(checked.code == 0 && checked.err.isEmpty, "\(block)\n\(checked.err)")
            let head = block.prefix { $0 != "\n" }
            for form in ["// concise: ", "// swift form: "] where head.hasPrefix(form) {
                // The listing's first line names the file; the rest is the program.
                listings[String(head.dropFirst(form.count)), default: []].append(cli(["list", path]).out.split(separator: "\n").dropFirst().joined(separator: "\n"))
            }
        }
        #expect(listings.count >= 5)
        for (name, pair) in listings {
            #expect(pair.count == 2, "\(name): both forms are shown")
            #expect(pair.first == pair.last, "\(name): the two forms list differently")
        }
    }

    /// Every benchmark checks clean (they are too long to run in the suite; `bench/run` runs them beside Python
    /// and Lua, which print the same results).
    @Test func everyBenchmarkChecksClean() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/bench").filter { $0.hasSuffix(".shortcut") }
        #expect(names.count >= 15)
        for name in names {
            let r = cli(["check", packageRoot + "/bench/" + name])
            #expect(r.code == 0 && r.err.isEmpty, "\(name): \(r.err)")
            if !["store.shortcut", "store_seed.shortcut", "snippet.shortcut"].contains(name) {
                #expect(FileManager.default.fileExists(atPath: packageRoot + "/bench/" + name.replacingOccurrences(of: ".shortcut", with: ".py")), "\(name) has no Python twin")
            }
        }
    }

    @Test func grammarNamesEveryDeclaration() throws {
        let grammar = try String(contentsOfFile: packageRoot + "/grammar/shortcut.ebnf", encoding: .utf8)
        for production in ["program", "declaration", "intent", "snippet", "view", "enum", "entity", "store", "struct", "flow",
                           "appShortcuts", "test", "statement", "expression", "postfix", "primary", "closure", "type", "string"] {
            #expect(grammar.contains("\n\(production) "), "grammar lacks '\(production)'")
        }
        for keyword in Keyword.allCases {
            #expect(grammar.contains("\"\(keyword.rawValue)\""), "grammar never uses keyword '\(keyword.rawValue)'")
        }
    }

    func swiftBlocks(_ markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [String]?
        for line in markdown.components(separatedBy: "\n") {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" { current = []; continue }
            if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(current?.joined(separator: "\n") ?? "")
                current = nil
                continue
            }
            current?.append(line)
        }
        return blocks
    }
}
