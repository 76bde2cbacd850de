import ShortcutSyntax

/// Matching what a person says to an App Shortcut's phrases (SPEC §5.10):
/// case and punctuation do not matter, `\(.applicationName)` is the app's
/// name, and a `\(parameter)` slot matches an enum case's title or name, or
/// an entity's title, and sets that parameter.
extension Interpreter {
    /// The intent and its arguments a spoken phrase names, or nil when no phrase matches.
    public func matchPhrase(_ spoken: String) throws(ScriptError) -> (IntentType, [Value])? {
        let words = Interpreter.words(spoken)
        for shortcut in program.appShortcuts {
            for phrase in shortcut.phrases {
                if let bound = try match(phrase, words, shortcut.intent) {
                    var arguments = [Value](repeating: .null, count: shortcut.intent.parameters.count)
                    for (index, value) in bound { arguments[index] = value }
                    return (shortcut.intent, arguments)
                }
            }
        }
        return nil
    }

    /// Every phrase, as written, for the message when nothing matches.
    public var phrases: [String] {
        program.appShortcuts.flatMap { $0.phrases.map(AppShortcutInfo.spelled) }
    }

    /// Lower-case words with punctuation removed: "Log a Double, in Caffeine Pal!" → log a double in caffeine pal.
    static func words(_ text: String) -> [String] {
        var cleaned = ""
        for c in text.lowercased() {
            if c.isLetter || c.isNumber { cleaned.append(c) } else if c != "'" && c != "’" { cleaned.append(" ") }
        }
        return cleaned.split(separator: " ").map(String.init)
    }

    func match(_ phrase: [AppShortcutInfo.PhrasePart], _ words: [String], _ intent: IntentType) throws(ScriptError) -> [(Int, Value)]? {
        var pattern: [PatternPiece] = []
        for part in phrase {
            switch part {
            case .text(let t): pattern += Interpreter.words(t).map { .word($0) }
            case .applicationName: pattern += Interpreter.words(program.appName).map { .word($0) }
            case .parameter(let name):
                guard let index = intent.parameterIndex[name] else { return nil }
                var check = intent.parameters[index].type
                if case .optional(let inner) = check { check = inner }
                let choices = try options(for: check, site: intent.range)
                var spoken: [(words: [String], value: Value)] = choices.map { (Interpreter.words($0.title), $0.value) }
                if case .enumeration(let e) = check { spoken += e.cases.map { (Interpreter.words(splitWords($0.name)), .enumCase($0)) } }
                pattern.append(.slot(index, spoken))
            }
        }
        return Interpreter.match(pattern[...], words[...])
    }

    enum PatternPiece {
        case word(String)
        case slot(Int, [(words: [String], value: Value)])
    }

    static func match(_ pattern: ArraySlice<PatternPiece>, _ words: ArraySlice<String>) -> [(Int, Value)]? {
        guard let first = pattern.first else { return words.isEmpty ? [] : nil }
        switch first {
        case .word(let w):
            guard words.first == w else { return nil }
            return match(pattern.dropFirst(), words.dropFirst())
        case .slot(let index, let choices):
            for choice in choices where !choice.words.isEmpty && words.starts(with: choice.words) {
                if let rest = match(pattern.dropFirst(), words.dropFirst(choice.words.count)) {
                    return [(index, choice.value)] + rest
                }
            }
            return nil
        }
    }
}
