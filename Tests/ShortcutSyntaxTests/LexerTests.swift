@testable import ShortcutSyntax
import Testing

@Suite struct LexerTests {
    func kinds(_ source: String) -> [TokenKind] {
        var lexer = Lexer(file: SourceFile(name: "t", text: source), fileIndex: 0)
        return lexer.tokenize().map(\.kind)
    }

    func diagnostics(_ source: String) -> [DiagnosticMessage] {
        var lexer = Lexer(file: SourceFile(name: "t", text: source), fileIndex: 0)
        _ = lexer.tokenize()
        return lexer.diagnostics.map(\.message)
    }

    @Test func numbers() {
        #expect(kinds("42 1_000 0xFF 0b1010 0o17 3.5 1e3 2.5e-3") == [
            .integer(42), .integer(1000), .integer(255), .integer(10), .integer(15), .double(3.5), .double(1000), .double(0.0025), .eof,
        ])
        // `1...3` is a range, not a double.
        #expect(kinds("1...3") == [.integer(1), .punct(.closed), .integer(3), .eof])
    }

    @Test func hugeIntegerLiteralIsADiagnostic() {
        #expect(diagnostics("99999999999999999999") == [.integerOverflow("99999999999999999999")])
        #expect(diagnostics("0xFFFFFFFFFFFFFFFFFF") == [.integerOverflow("0xFFFFFFFFFFFFFFFFFF")])
        #expect(diagnostics("9223372036854775807").isEmpty)
    }

    @Test func keywordsAndContextualWords() {
        #expect(kinds("let view = intent") == [.keyword(.let), .identifier("view"), .punct(.assign), .identifier("intent"), .eof])
        #expect(kinds("$0 $name @Parameter _") == [.dollarIndex(0), .dollarName("name"), .attribute("Parameter"), .punct(.underscore), .eof])
        #expect(kinds("café") == [.identifier("café"), .eof])
    }

    @Test func operatorsTakeTheLongestMatch() {
        #expect(kinds("a..<b ?? c?.d != e") == [
            .identifier("a"), .punct(.halfOpen), .identifier("b"), .punct(.coalesce), .identifier("c"),
            .punct(.optionalDot), .identifier("d"), .punct(.notEqual), .identifier("e"), .eof,
        ])
    }

    @Test func stringEscapesAndInterpolation() throws {
        let tokens = kinds(#""a\n\t\"\u{1F600}\(x + "in\(y)")!""#)
        guard case .string(let segments) = tokens[0] else { Issue.record("not a string"); return }
        #expect(segments.count == 3)
        #expect(segments[0] == .text("a\n\t\"😀"))
        guard case .interpolation(let inner, _) = segments[1] else { Issue.record("no interpolation"); return }
        // x + "in\(y)" — the nested string carries its own interpolation.
        #expect(inner.count == 4)
        #expect(segments[2] == .text("!"))
    }

    @Test func multilineStringStripsIndentation() {
        let source = "let s = \"\"\"\n    one\n      two\n    \"\"\""
        guard case .string(let segments) = kinds(source)[3] else { Issue.record("not a string"); return }
        #expect(segments == [.text("one\n  two")])
        #expect(diagnostics("\"\"\"\n  a\n b\n  \"\"\"") == [.multilineStringIndentation])
    }

    @Test func commentsNestAndDocCommentsAttach() {
        #expect(kinds("/* a /* b */ c */ x // y") == [.identifier("x"), .eof])
        var lexer = Lexer(file: SourceFile(name: "t", text: "/// Logs it.\n/// Twice.\nfunc f() {}"), fileIndex: 0)
        let tokens = lexer.tokenize()
        #expect(lexer.docComments[tokens[0].range.start] == "Logs it.\nTwice.")
        #expect(diagnostics("/* open") == [.unterminatedComment])
    }

    @Test func newlinesAreRecordedOnTokens() {
        var lexer = Lexer(file: SourceFile(name: "t", text: "a\n.b c"), fileIndex: 0)
        let tokens = lexer.tokenize()
        #expect(tokens.map(\.atLineStart) == [true, true, false, false, true])
    }

    @Test func badInputIsDiagnosedNotCrashed() {
        #expect(diagnostics("\"open") == [.unterminatedString])
        #expect(diagnostics("\"\\q\"") == [.invalidEscape("q")])
        #expect(diagnostics("#") == [.unexpectedCharacter("#")])
        #expect(diagnostics("12abc") == [.invalidNumber("12abc")])
        var lexer = Lexer(file: SourceFile(name: "t", bytes: [0x61, 0xFF, 0x62]), fileIndex: 0)
        _ = lexer.tokenize()
        #expect(lexer.diagnostics.map(\.message) == [.invalidUTF8])
        #expect(lexer.diagnostics.first?.range.start == 1)
    }

    @Test func byteOrderMarkIsSkipped() {
        let file = SourceFile(name: "t", bytes: [0xEF, 0xBB, 0xBF] + Array("x".utf8))
        var lexer = Lexer(file: file, fileIndex: 0)
        #expect(lexer.tokenize().map(\.kind) == [.identifier("x"), .eof])
    }

    @Test func utf8Validation() {
        #expect(SourceFile.firstInvalidUTF8Offset(Array("héllo 😀".utf8)) == nil)
        #expect(SourceFile.firstInvalidUTF8Offset([0xC0, 0x80]) == 0)          // overlong
        #expect(SourceFile.firstInvalidUTF8Offset([0x41, 0xED, 0xA0, 0x80]) == 1) // surrogate
        #expect(SourceFile.firstInvalidUTF8Offset([0xF0, 0x9F]) == 0)          // truncated
    }

    /// The lexer tries an operator no longer than the run of operator bytes where it starts: every spelling of more than
    /// one byte is made of them, and each spelling, alone or with a byte after it, lexes as itself.
    @Test func everyOperatorIsMadeOfOperatorBytes() {
        for p in Punct.allCases where p.rawValue.utf8.count > 1 {
            #expect(p.rawValue.utf8.allSatisfy(Lexer.isOperatorByte), "\(p.rawValue)")
        }
        for p in Punct.allCases where p != .underscore && p != .backslash {
            #expect(kinds("a \(p.rawValue) b").dropFirst().first == .punct(p), "\(p.rawValue)")
            #expect(kinds("(\(p.rawValue)(").dropFirst().first == .punct(p), "\(p.rawValue)")
        }
        #expect(kinds("f(x,y){[a]}") == [.identifier("f"), .punct(.lparen), .identifier("x"), .punct(.comma), .identifier("y"), .punct(.rparen),
                                         .punct(.lbrace), .punct(.lbracket), .identifier("a"), .punct(.rbracket), .punct(.rbrace), .eof])
    }
}
