@testable import ShortcutRuntime
import Testing

/// The standard library's preludes (`StandardTypes`) are added to a program only when its text wants them, so a
/// program that names none pays nothing for them at start-up.
@Suite struct PreludeTests {
    func wants(_ text: String) -> Set<String> { StandardTypes.wantedWords(in: Array(text.utf8)) }

    /// `StandardTypes.wantedWordList`, the text `wantedWords` finds words by, is every word the preludes want (a range's
    /// operator apart), each once, sorted by their bytes, a space or a line between: a prelude's new word goes there too (the
    /// message gives the text to paste). And each is found where it stands as a word of its own.
    @Test func theWordListIsEveryWordThePreludesWant() {
        let words = Set(StandardTypes.preludes.flatMap(\.wanted).filter { !$0.hasPrefix(".") })
        #expect(words.allSatisfy { !$0.isEmpty && !$0.contains(" ") })
        let sorted = words.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let listed = StandardTypes.wantedWordList.description.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        #expect(listed == sorted, "StandardTypes.wantedWordList should list\n\(sorted.joined(separator: " "))")
        for word in words {
            #expect(wants("let x = \(word) + 1") == [word], "\(word)")
            #expect(!wants("let x = z\(word)q").contains(word), "\(word) inside a word")
        }
        #expect(wants("").isEmpty && wants("print(\"Hello\")").isEmpty)
    }

    /// A range of `Double` or `String` literals wants the range prelude; a range of `Int`s — most loops — does not.
    @Test func aRangeWantsItsPreludeOnlyBesideADoubleOrAStringLiteral() {
        for text in ["let r = 0.5...1", "let r = 0...2.5", "x in 1_000.25..<2", "(\"a\"...\"m\").contains(c)", "let s = \"a\"..<\"n\""] {
            #expect(!wants(text).isDisjoint(with: ["...", "..<"]), "\(text)")
        }
        for text in ["for i in 0..<3 { }", "for i in 1 ... n { }", "let xs = a[2...]", "print(1...3)", "x.y...z", "0 ... 5"] {
            #expect(wants(text).isDisjoint(with: ["...", "..<"]), "\(text)")
        }
        #expect(wants("var r: ClosedRange<Double>").contains("ClosedRange"))
    }

    /// A range of two `Double` variables shows no literal: the loader resolves once more with the prelude, and the
    /// program runs as it would with one.
    @Test func aRangeOfVariablesGetsThePreludeOnASecondResolution() {
        let loaded = Loader().load(source: "let lo = 1.5, hi = 2.5\nlet r = lo..<hi\nprint(r, r.contains(2))", name: "late.shortcut")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map(\.message.text))")
        guard let program = loaded.program else { return }
        #expect(runProgram(program, options: Interpreter.Options()).lines == ["1.5..<2.5 true"])
    }

    /// A range of `Int`s stays the engine's own value, not the prelude's type, even when the prelude is there.
    @Test func aRangeOfIntsIsNoPreludeValue() {
        let source = "let d = 0.5...1.0\nlet r: ClosedRange<Int> = 1...3\nprint(d.contains(0.7), r.map { $0 * 2 }, type(of: r))"
        guard let program = Loader().load(source: source, name: "ranges.shortcut").program else {
            Issue.record("does not compile")
            return
        }
        #expect(runProgram(program, options: Interpreter.Options()).lines == ["true [2, 4, 6] ClosedRange<Int>"])
    }
}
