/// Foundation's `CharacterSet`, for `trimmingCharacters(in:)` and `components(separatedBy:)`: a named set
/// (`.whitespaces`, `.decimalDigits`), `CharacterSet(charactersIn:)`, either `.inverted`. As Foundation does, it tests
/// Unicode scalars, by their general category. The checker writes one as `[.symbol(name), .bool(inverted)]`, or
/// `[.symbol("charactersIn"), .string(characters), .bool(inverted)]`.
struct CharacterSets {
    static let names = ["whitespaces", "newlines", "whitespacesAndNewlines", "decimalDigits", "letters", "lowercaseLetters",
                        "uppercaseLetters", "capitalizedLetters", "alphanumerics", "punctuationCharacters", "symbols",
                        "controlCharacters", "nonBaseCharacters"]

    private let name: String
    private let characters: Set<Unicode.Scalar>
    private let inverted: Bool

    /// Nil for anything the checker would not have written.
    init?(_ value: Value) {
        guard case .array(let parts) = value, case .symbol(let name)? = parts.first, case .bool(let inverted)? = parts.last else { return nil }
        if name == "charactersIn" {
            guard parts.count == 3, case .string(let text) = parts[1] else { return nil }
            characters = Set(text.unicodeScalars)
        } else {
            guard Self.names.contains(name) else { return nil }
            characters = []
        }
        (self.name, self.inverted) = (name, inverted)
    }

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        inverted != holds(scalar)
    }

    private func holds(_ scalar: Unicode.Scalar) -> Bool {
        let category = scalar.properties.generalCategory
        switch name {
        case "charactersIn": return characters.contains(scalar)
        case "whitespaces": return scalar == "\t" || category == .spaceSeparator
        case "newlines": return Self.isNewline(scalar)
        case "whitespacesAndNewlines": return scalar == "\t" || category == .spaceSeparator || Self.isNewline(scalar)
        case "decimalDigits": return category == .decimalNumber
        case "letters": return Self.isLetter(category) || Self.isMark(category)
        case "lowercaseLetters": return category == .lowercaseLetter
        case "uppercaseLetters": return category == .uppercaseLetter || category == .titlecaseLetter
        case "capitalizedLetters": return category == .titlecaseLetter
        case "alphanumerics":
            return Self.isLetter(category) || Self.isMark(category) || category == .decimalNumber || category == .letterNumber || category == .otherNumber
        case "punctuationCharacters":
            switch category {
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation,
                 .otherPunctuation: return true
            default: return false
            }
        case "symbols": return [.mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol].contains(category)
        case "controlCharacters": return category == .control || category == .format
        case "nonBaseCharacters": return Self.isMark(category)
        default: return false
        }
    }

    private static func isNewline(_ s: Unicode.Scalar) -> Bool {
        (0x0A...0x0D).contains(s.value) || s.value == 0x85 || s.value == 0x2028 || s.value == 0x2029
    }

    private static func isLetter(_ c: Unicode.GeneralCategory) -> Bool {
        [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter].contains(c)
    }

    private static func isMark(_ c: Unicode.GeneralCategory) -> Bool {
        [.nonspacingMark, .spacingMark, .enclosingMark].contains(c)
    }

    /// `s.trimmingCharacters(in: set)`: the scalars in the set taken off both ends.
    func trimming(_ s: String) -> String {
        let scalars = s.unicodeScalars
        guard let first = scalars.firstIndex(where: { !contains($0) }), let last = scalars.lastIndex(where: { !contains($0) }) else { return "" }
        return String(scalars[first...last])
    }

    /// `s.components(separatedBy: set)`: the pieces between scalars of the set, empty ones kept.
    func components(_ s: String) -> [String] {
        s.unicodeScalars.split(omittingEmptySubsequences: false, whereSeparator: contains).map { String($0) }
    }
}
