import Foundation
@testable import ShortcutSyntax
import Testing

/// The TextMate grammar is valid JSON and its keyword lists are the lexer's.
@Suite struct GrammarTests {
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("grammar/shortcut.tmLanguage.json")

    func grammar() throws -> [String: Any] {
        let data = try Data(contentsOf: GrammarTests.path)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The words of every `\b(a|b|c)\b` alternation under a repository entry.
    func words(in entry: Any?) -> Set<String> {
        var out: Set<String> = []
        func visit(_ node: Any?) {
            if let dict = node as? [String: Any] {
                if let match = dict["match"] as? String, let open = match.range(of: "\\b("), let close = match.range(of: ")\\b") {
                    let inner = match[open.upperBound..<close.lowerBound]
                    out.formUnion(inner.split(separator: "|").map(String.init))
                }
                dict.values.forEach(visit)
            } else if let array = node as? [Any] {
                array.forEach(visit)
            }
        }
        visit(entry)
        return out
    }

    @Test func isValidAndNamesTheLanguage() throws {
        let g = try grammar()
        #expect(g["scopeName"] as? String == "source.shortcut")
        #expect(g["fileTypes"] as? [String] == ["shortcut"])
        let repository = try #require(g["repository"] as? [String: Any])
        for key in ["comments", "strings", "interpolation", "numbers", "keywords", "contextual", "attributes", "declarations"] {
            #expect(repository[key] != nil, "the grammar lacks \(key)")
        }
        // Every pattern is a regular expression Foundation accepts.
        func check(_ node: Any?) {
            if let dict = node as? [String: Any] {
                for key in ["match", "begin", "end"] {
                    if let pattern = dict[key] as? String {
                        #expect((try? NSRegularExpression(pattern: pattern.replacingOccurrences(of: "\\G", with: ""))) != nil, "bad pattern \(pattern)")
                    }
                }
                dict.values.forEach(check)
            } else if let array = node as? [Any] {
                array.forEach(check)
            }
        }
        check(repository)
    }

    @Test func keywordListsMatchTheLexer() throws {
        let repository = try #require(try grammar()["repository"] as? [String: Any])
        #expect(words(in: repository["keywords"]) == Set(Keyword.allCases.map(\.rawValue)))
        #expect(words(in: repository["contextual"]) == Set(ContextualKeyword.allCases.map(\.rawValue)))
    }
}
