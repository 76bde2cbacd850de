@testable import ShortcutRuntime
import Testing

/// Value types that are types of their own: UUIDs and results.
@Suite struct ValueTests {
    /// A random UUID is version 4, variant 10, and reads back from its own text.
    @Test func uuidsAreVersion4AndRoundTrip() {
        var random = SeededRandom(seed: 7)
        for _ in 0..<100 {
            let u = UUIDValue(random: &random)
            let text = Array(u.uuidString)
            #expect(text.count == 36 && text[14] == "4" && "89AB".contains(text[19]), "\(u.uuidString)")
            #expect(UUIDValue(string: u.uuidString) == u)
            #expect(UUIDValue(string: u.uuidString.lowercased()) == u)
        }
        #expect(UUIDValue(string: "E621E1F8-C36C-495A-93FC-0C247A3E6E5G") == nil)
        #expect(UUIDValue(string: "E621E1F8-C36C-495A-93FC0-C247A3E6E5F") == nil)
        // The same seed makes the same UUIDs (--seed).
        var a = SeededRandom(seed: 3), b = SeededRandom(seed: 3)
        #expect(UUIDValue(random: &a) == UUIDValue(random: &b))
    }

    /// `.result(…)` is a struct of its parts, whatever order the labels came in.
    @Test func resultsAreTyped() {
        let result = IntentResult(value: .int(3), opensIntent: nil, dialog: .string("hi"), view: nil, snippetIntent: nil)
        #expect(Value.result(result).debugDescription == ".result(value: 3, dialog: \"hi\")")
        #expect(result.parts.map(\.label) == ["value", "dialog"])
    }
}

/// `Builtin.spellings` (`SpellingTable`) is its cases' spellings in declaration order: the resolver finds a called
/// builtin by it.
@Suite struct BuiltinSpellingTests {
    @Test func theTableIsTheCasesInOrder() {
        let cases = Builtin.allCases
        let expected = cases.map(\.rawValue).joined(separator: " ")
        #expect(Builtin.spellings.count == cases.count, "Builtin.spellings should be: \(expected)")
        for (index, builtin) in cases.enumerated() {
            #expect(Builtin.spellings.spelling(index) == builtin.rawValue, "Builtin.spellings should be: \(expected)")
            #expect(Builtin(spelling: builtin.rawValue) == builtin)
        }
        for name in ["printt", "Print", "", "\\", "__", "typeOf"] { #expect(Builtin(spelling: name) == nil, "\(name)") }
    }
}
