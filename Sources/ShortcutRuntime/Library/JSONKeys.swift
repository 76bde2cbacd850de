/// `JSONEncoder.keyEncodingStrategy = .convertToSnakeCase` and `JSONDecoder.keyDecodingStrategy = .convertFromSnakeCase`,
/// as Foundation has them: a type's coding keys (and an enum case's) are converted by Foundation's algorithms — a key of the
/// text to camel case before it is matched, a property's to snake case when written — a dictionary's keys are not.
extension CodableJSON {
    /// `myURLValue` → `my_url_value`, `ABTest` → `a_b_test`, Foundation's algorithm: a word ends before each upper-case
    /// letter after the first character; a run of them is one word (an acronym) whose last letter begins the next word
    /// when a lower-case letter follows it.
    static func snakeCase(_ key: String) -> String {
        let c = Array(key)
        guard !c.isEmpty else { return key }
        var words: [Range<Int>] = [], wordStart = 0, search = 1
        while search < c.count, let upper = (search..<c.count).first(where: { c[$0].isUppercase }) {
            words.append(wordStart..<upper)
            guard let lower = (upper..<c.count).first(where: { c[$0].isLowercase }) else { wordStart = upper; break }
            if lower == upper + 1 { wordStart = upper } else { words.append(upper..<lower - 1); wordStart = lower - 1 }
            search = lower + 1
        }
        words.append(wordStart..<c.count)
        return words.map { String(c[$0]).lowercased() }.joined(separator: "_")
    }

    /// `user_name` → `userName`: the first word lower-cased, each later one capitalised; leading and trailing underscores
    /// kept, a key with no inner underscore left as it is.
    static func camelCase(_ key: String) -> String {
        guard let first = key.firstIndex(where: { $0 != "_" }), let last = key.lastIndex(where: { $0 != "_" }) else { return key }
        let words = key[first...last].split(separator: "_")
        guard words.count > 1 else { return key }
        let joined = words[0].lowercased() + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined()
        return String(key[..<first]) + joined + String(key[key.index(after: last)...])
    }
}
