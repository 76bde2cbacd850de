import Foundation
@testable import ShortcutSyntax
import ShortcutRuntime
import Testing

/// `shortcut fmt`: a golden layout, and over every fixture and example, formatting is
/// idempotent and never changes what the program says.
@Suite struct FormatterTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let sources: [String] = {
        var paths: [String] = []
        for folder in ["Examples", "Examples/apple", "Tests/Fixtures", "Tests/Fixtures/run", "Tests/Fixtures/errors", "bench"] {
            let dir = root.appendingPathComponent(folder).path
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
            paths += names.filter { $0.hasSuffix(".shortcut") }.sorted().map { dir + "/" + $0 }
        }
        return paths
    }()

    /// Formatted on a large stack (`LargeStack`), as `shortcut` formats: the fixtures include input nested as deep as the
    /// parser allows, for which a debug build's parser needs 1–2 MB of stack (measured: fine on a 2 MB thread, a crash
    /// on 1 MB) — more than a test's thread is sure to have.
    func format(_ source: String) -> String? {
        guard case .success(let text) = LargeStack.run({ Formatter.format(source) }) else { return nil }
        return text
    }

    func tree(_ source: String) -> String {
        LargeStack.run { ASTPrinter.print(Parser.parse(SourceFile(name: "t", text: source), fileIndex: 0).0) }
    }

    @Test func canonicalLayout() {
        let messy = """
        // A messy file.
        intent LogIt {
          @Dependency var store: S   // the store
              perform {
             if true {
           print("x")
                }
          }
          /// The title.
            title: "Log"
          @Parameter var n: Int
        }
        let poem = \"\"\"
            a
              b
            \"\"\"
        let v = Text("a long text that is long enough to need splitting").font(.title).bold().foregroundStyle(.secondary).padding(12)


        switch 1 {
        case 1: print("one")
            default:
          print("other")
        }
        """
        #expect(format(messy) == """
        // A messy file.
        intent LogIt {
            /// The title.
            title: "Log"
            @Dependency var store: S   // the store
            @Parameter var n: Int
            perform {
                if true {
                    print("x")
                }
            }
        }
        let poem = \"\"\"
            a
              b
            \"\"\"
        let v = Text("a long text that is long enough to need splitting")
            .font(.title)
            .bold()
            .foregroundStyle(.secondary)
            .padding(12)

        switch 1 {
        case 1: print("one")
        default:
            print("other")
        }

        """)
    }

    /// A `.result(…)` that opens a block is not a continuation; modifiers after a `}` stay level with it;
    /// a Swift-form intent keeps its members where its author put them.
    @Test func modifiersAndBlocksInTheSwiftForm() {
        let source = """
        struct A: AppIntent {
            @Parameter var n: Int
            static let title: LocalizedStringResource = "A"
            func perform() async throws -> some IntentResult {
                .result()
            }
        }
        view V() {
            VStack {
                Text("a")
            }
            .padding()
            .frame(width: 3)
            Text("b")
                .font(.title)
                .bold()
        }

        """
        #expect(format(source) == source)
    }

    @Test func thereAreSourcesToCheck() {
        #expect(FormatterTests.sources.count >= 30)
    }

    /// Formatting twice changes nothing more, and the formatted program says the same.
    @Test(arguments: sources)
    func idempotentAndFaithful(_ path: String) throws {
        let source = try String(contentsOfFile: path, encoding: .utf8)
        guard let once = format(source) else { return }   // files with syntax errors are left alone
        #expect(format(once) == once, "\(path) changes when formatted again")
        #expect(tree(once) == tree(source), "\(path): formatting changed the program")
    }

    @Test func brokenCodeIsNotFormatted() {
        guard case .failure(.syntax(let diagnostics)) = Formatter.format("let = 1") else {
            Issue.record("broken code must not be formatted")
            return
        }
        #expect(!diagnostics.isEmpty)
    }
}
