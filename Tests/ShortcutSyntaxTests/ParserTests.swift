@testable import ShortcutSyntax
import ShortcutRuntime
import Testing

@Suite struct ParserTests {
    func dump(_ source: String) -> String {
        let (unit, diagnostics) = Parser.parse(SourceFile(name: "t", text: source), fileIndex: 0)
        #expect(diagnostics.isEmpty, "unexpected: \(diagnostics.map(\.message.text))")
        return ASTPrinter.print(unit)
    }

    /// Parsed on a large stack, as `shortcut` parses (`LargeStack`): some inputs are nested as deep as the parser allows.
    func errors(_ source: String) -> [String] {
        let (_, diagnostics) = LargeStack.run { Parser.parse(SourceFile(name: "t", text: source), fileIndex: 0) }
        return diagnostics.map(\.message.text)
    }

    @Test func precedenceFollowsSwift() {
        #expect(dump("a + b * c - d") == "(- (+ a (* b c)) d)\n")
        #expect(dump("a ?? b ?? c") == "(?? a (?? b c))\n")
        #expect(dump("a < b && c || d") == "(|| (&& (< a b) c) d)\n")
        #expect(dump("x = a ..< b + 1") == "(= x (..< a (+ b 1)))\n")
        #expect(dump("c ? 1 : 2") == "(?: c 1 2)\n")
        #expect(dump("-x.y!") == "(neg (! (. x y)))\n")
    }

    @Test func modifierChainsContinueOnTheNextLine() {
        #expect(dump("Text(\"Hi\")\n    .font(.title)\n    .bold()") == "(call (. (call (. (call Text \"Hi\") font) .title) bold))\n")
    }

    @Test func newlineRules() {
        // A trailing operator continues; a leading one (other than && || ?? ?) starts a new statement.
        #expect(dump("let a = 1 +\n  2") == "(let a = (+ 1 2))\n")
        #expect(dump("a\n-b") == "a\n(neg b)\n")
        #expect(dump("a\n  && b") == "(&& a b)\n")
        #expect(dump("f(1,\n  2)") == "(call f 1 2)\n")
        #expect(dump("f\n(1)") == "f\n1\n")
    }

    @Test func closuresAndTrailingClosures() {
        #expect(dump("xs.map { $0 * 2 }") == "(call (. xs map) (closure (* $0 2)))\n")
        #expect(dump("xs.reduce(0) { a, b in a + b }") == "(call (. xs reduce) 0 (closure (a b) (+ a b)))\n")
        // In an `if` head, `{` opens the body, not a trailing closure.
        #expect(dump("if ok { go() }") == "(if ok\n  (then\n    (call go)))\n")
    }

    @Test func optionalChainingAndTry() {
        #expect(dump("a?.b.c") == "(?chain (. (. (? a) b) c))\n")
        #expect(dump("try? f()") == "(try? (call f))\n")
        #expect(dump("run LogIntent(n: 1)") == "(run (call LogIntent n: 1))\n")
    }

    @Test func declarationsParse() {
        let source = """
        app "Caffeine Pal"
        enum Shot: Int {
            title: "Shot"
            case single = 1 "Single", double
        }
        entity Todo {
            var id: String
            display: "\\(id)"
            query {
                suggested { [] }
                byIDs(ids) { [] }
            }
        }
        intent Log {
            title: "Log"
            @Parameter(title: "Shots", default: 1) var shots: Int
            @Dependency var store: S
            perform { return .result(dialog: "ok") }
        }
        shortcut "Morning" { show "hi" }
        test "works" { expect(true) }
        """
        #expect(dump(source) == """
        (app "Caffeine Pal")
        (enum Shot: Int
          (case single = 1 "Single")
          (case double)
          (title: "Shot"))
        (entity Todo
          (display: (interpolate id))
          (var id: String)
          (query
            (suggested
              [])
            (byIDs ids
              [])))
        (intent Log
          (title: "Log")
          (@Parameter(title: "Shots", default: 1) shots: Int)
          (@Dependency store: S)
          (perform
            (return (call .result dialog: "ok"))))
        (shortcut "Morning"
          (show "hi"))
        (test "works"
          (call expect true))
        """ + "\n")
    }

    @Test func everySyntaxErrorIsReported() {
        let messages = errors("let = 1\nlet b = (2\nlet c = 3 3")
        #expect(messages.count >= 2)
        #expect(messages.first == "expected a name, found '='")
    }

    @Test func swiftismsGetAHint() {
        let (_, diagnostics) = Parser.parse(SourceFile(name: "t", text: "static let title = \"x\""), fileIndex: 0)
        #expect(diagnostics.first?.message == .swiftism(found: "static", suggestion: "write 'title: …' at the top of the declaration"))
    }

    @Test func nestingHasALimit() {
        let deep = String(repeating: "(", count: ParserLimits.maximumNestingDepth + 10) + "1" + String(repeating: ")", count: ParserLimits.maximumNestingDepth + 10)
        #expect(errors(deep) == ["code is nested too deeply (the limit is \(ParserLimits.maximumNestingDepth) levels)"])
        let fine = String(repeating: "(", count: 50) + "1" + String(repeating: ")", count: 50)
        #expect(errors(fine).isEmpty)
        // Blocks count too, and deep input never crashes the parser.
        let blocks = String(repeating: "if true {\n", count: 5000)
        #expect(errors(blocks).contains("code is nested too deeply (the limit is \(ParserLimits.maximumNestingDepth) levels)"))
    }

    @Test func arbitraryBytesNeverCrashTheParser() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("{}()[]\"\\ \n.,:;?!+-*/%=<>&|$@_abcxyz019letvarfuncintentview".utf8)
        for _ in 0..<300 {
            let bytes = (0..<Int.random(in: 0..<80, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? 32 }
            _ = Parser.parse(SourceFile(name: "fuzz", bytes: bytes), fileIndex: 0)
        }
    }
}
