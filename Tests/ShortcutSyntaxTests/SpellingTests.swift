@testable import ShortcutSyntax
import Testing

/// `SpellingTable`: each `Spelled` type's table is its cases' spellings in declaration order, and `init?(spelling:)`
/// finds exactly those (as `init?(rawValue:)` would).
@Suite struct SpellingTests {
    /// Every case of `T` is found by its raw value, as itself; the table holds as many spellings as `T` has cases.
    /// A case added to `T` without its spelling fails here with the text to paste.
    static func tableMatches<T: Spelled>(_: T.Type) -> Comment? {
        let expected = T.allCases.map(\.rawValue).joined(separator: " ")
        let cases = Array(T.allCases)
        let found = T.spellings.count == cases.count
            && cases.indices.allSatisfy { T.spellings.spelling($0) == cases[$0].rawValue && T(spelling: cases[$0].rawValue) == cases[$0] }
        return found ? nil : "\(T.self).spellings should be: \(expected)"
    }

    @Test func eachTableIsItsTypesCasesInOrder() {
        for comment in [
            Self.tableMatches(Keyword.self), Self.tableMatches(ContextualKeyword.self), Self.tableMatches(Punct.self),
            Self.tableMatches(BinaryOp.self),
        ] {
            #expect(comment == nil, comment ?? "")
        }
    }

    @Test func onlyTheSpellingsAreFound() {
        #expect(Keyword(spelling: "func") == .func)
        #expect(Keyword(spelling: "import") == .import)
        for word in ["", "fun", "funcs", "Func", "func ", " func", "letvar", "é", "a very long word that is no keyword at all"] {
            #expect(Keyword(spelling: word) == nil, "\(word)")
        }
        #expect(ContextualKeyword(spelling: "appShortcuts") == .appShortcuts)
        for word in ["App", "appshortcuts", "shows", "structs"] { #expect(ContextualKeyword(spelling: word) == nil, "\(word)") }
        #expect(Punct(spelling: "&>>=") == .maskingShiftRightAssign)
        for text in ["+++", "=>", "", " ", "&&&", "…"] { #expect(Punct(spelling: text) == nil, "\(text)") }
        // Found from bytes as from a String: a slice of a longer text.
        let bytes = Array("a ..< b".utf8)
        #expect(Punct(spelling: bytes[2..<5]) == .halfOpen)
        #expect(BinaryOp(spelling: Punct.halfOpen.rawValue) == .halfOpenRange)
    }

    /// A table finds every word of a text whose words share their hashes' slots (more words than half its slots would
    /// hold apart), and no other.
    @Test func wordsThatShareSlotsAreAllFound() {
        let table = SpellingTable("a b c d e f g h i j k l m n o p q r s t u v w x y z aa bb cc dd ee ff gg hh ii jj kk")
        #expect(table.count == 37)
        for (index, word) in "a b c d e f g h i j k l m n o p q r s t u v w x y z aa bb cc dd ee ff gg hh ii jj kk".split(separator: " ").enumerated() {
            #expect(table.index(of: String(word)) == index)
        }
        for word in ["ab", "ll", "zz", "A", "aaa"] { #expect(table.index(of: word) == nil) }
    }
}
