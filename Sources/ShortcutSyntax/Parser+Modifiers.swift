/// What a Swift developer writes around declarations that changes nothing here (modules, access modifiers), and the
/// generic parameters that have no meaning here.
extension Parser {
    /// Apple's modules that App Intents code imports (SPEC §13): what they bring is built in.
    static let knownModules = ["AppIntents", "SwiftUI", "Foundation", "WidgetKit", "SwiftData", "UIKit", "Observation", "OSLog", "Swift"]

    /// Access and inheritance modifiers a Swift developer writes out of habit, and `indirect` (an enum's
    /// associated values may hold the enum itself here without it: they are held by reference anyway).
    /// `weak` and `unowned` change nothing a program can see here: nothing observes when an instance goes away.
    static let ignoredModifiers: Set<String> = ["private", "fileprivate", "internal", "public", "open", "final", "nonisolated", "indirect",
                                                "weak", "unowned"]

    /// Skips `private`, `private(set)`, `public`, `final`…: accepted and ignored, as one program is
    /// one module here (docs/Language.md). Only before a keyword or a name on the same line, so a
    /// variable called `open` is still a variable.
    mutating func skipModifiers() {
        while skipAttributes() || skipModifierWords() {}
    }

    /// `skipModifiers` for the words alone; returns whether it skipped any.
    @discardableResult
    mutating func skipModifierWords() -> Bool {
        var skipped = false
        // `async let a = f()`: everything runs in order here, so it is a `let` (SPEC §13).
        if checkWord("async"), [.keyword(.let), .keyword(.var)].contains(peekToken().kind), !peekToken().atLineStart {
            advance()
            skipped = true
        }
        while case .identifier(let word) = current.kind, Parser.ignoredModifiers.contains(word) {
            if peekToken().kind == .punct(.lparen), peekToken(2).kind == .identifier("set"), peekToken(3).kind == .punct(.rparen) {
                for _ in 0..<4 { advance() }
                skipped = true
                continue
            }
            let next = peekToken()
            guard !next.atLineStart else { return skipped }
            switch next.kind {
            case .keyword, .identifier, .attribute:
                advance()
                skipped = true
            default: return skipped
            }
        }
        return skipped
    }

    /// `func first<T>(…)`, `struct Box<T>`: generics of one's own are not in the language (docs/Language.md). Said at
    /// the angle brackets, and the declaration skipped.
    mutating func rejectGenericParameters(of kind: String) throws(Abort) {
        guard check(.less) else { return }
        let start = current.range
        var depth = 0
        repeat {
            if check(.less) { depth += 1 } else if check(.greater) { depth -= 1 }
            advance()
        } while depth > 0 && !atEnd && !check(.lbrace) && !check(.lparen)
        error(.swiftism(found: "<…>", suggestion: "generics of one's own are not supported: write the \(kind) for the type it is used with"),
              at: start.union(previous.range))
        throw Abort()
    }
}
