/// Words no identifier may take.
public enum Keyword: String, CaseIterable, Sendable {
    case `func`, `let`, `var`, `if`, `else`, `guard`, `for`, `in`, `while`, `repeat`
    case `return`, `break`, `continue`, `switch`, `case`, `default`, `do`, `catch`
    case `throw`, `try`, `await`, `true`, `false`, `nil`, `self`, `import`
}

extension Keyword: Spelled {
    /// The cases' spellings in order, for `init?(spelling:)` (the lexer's test of every identifier).
    public static let spellings = SpellingTable(
        "func let var if else guard for in while repeat return break continue switch case default do catch throw try await true false nil self import")
}

/// Words that start a declaration or statement where one can start, and are
/// ordinary names everywhere else (so `.result(view: …)` still works).
public enum ContextualKeyword: String, CaseIterable, Sendable {
    case app, appShortcuts, store, intent, snippet, view, entity, `enum`, `struct`
    case mutating, test, shortcut, run, show
}

extension ContextualKeyword: Spelled {
    /// The cases' spellings in order, for `init?(spelling:)` (the parser's test of a word that may start a declaration;
    /// the synthesized `init?(rawValue:)` made an array of every spelling at each call).
    public static let spellings = SpellingTable("app appShortcuts store intent snippet view entity enum struct mutating test shortcut run show")
}

/// Punctuation and operators.
public enum Punct: String, CaseIterable, Sendable {
    case lparen = "(", rparen = ")", lbrace = "{", rbrace = "}", lbracket = "[", rbracket = "]"
    case comma = ",", colon = ":", semicolon = ";", dot = ".", question = "?", bang = "!"
    case arrow = "->", assign = "=", equal = "==", notEqual = "!=", less = "<", lessEqual = "<="
    case greater = ">", greaterEqual = ">=", plus = "+", minus = "-", star = "*", slash = "/"
    case percent = "%", plusAssign = "+=", minusAssign = "-=", starAssign = "*=", slashAssign = "/="
    case percentAssign = "%=", and = "&&", or = "||", coalesce = "??", halfOpen = "..<"
    case closed = "...", optionalDot = "?.", underscore = "_", backslash = "\\"
    case ampersand = "&", pipe = "|", caret = "^", tilde = "~", shiftLeft = "<<", shiftRight = ">>"
    case identical = "===", notIdentical = "!=="
    /// `pattern ~= value`: Swift's expression-pattern operator.
    case patternMatch = "~="
    case ampersandAssign = "&=", pipeAssign = "|=", caretAssign = "^=", shiftLeftAssign = "<<=", shiftRightAssign = ">>="
    /// Swift's wrapping and masking operators (`&+`, `&<<`, …) and their compound assignments.
    case wrappingPlus = "&+", wrappingMinus = "&-", wrappingStar = "&*", maskingShiftLeft = "&<<", maskingShiftRight = "&>>"
    case wrappingPlusAssign = "&+=", wrappingMinusAssign = "&-=", wrappingStarAssign = "&*="
    case maskingShiftLeftAssign = "&<<=", maskingShiftRightAssign = "&>>="
}

extension Punct: Spelled {
    /// The cases' spellings in order, for `init?(spelling:)`.
    public static let spellings = SpellingTable("""
        ( ) { } [ ] , : ; . ? ! -> = == != < <= > >= + - * / % += -= *= /= %= && || ?? ..< ... ?. _ \\ & | ^ ~ << >> === !== ~=
        &= |= ^= <<= >>= &+ &- &* &<< &>> &+= &-= &*= &<<= &>>=
        """)
}

/// One piece of a string literal: literal text or an interpolated expression's tokens.
public enum StringSegment: Sendable, Equatable {
    case text(String)
    /// Tokens of `\( … )`, ending with `.eof`; `range` covers the parentheses' contents.
    case interpolation([Token], range: SourceRange)
}

public enum TokenKind: Sendable, Equatable {
    case identifier(String)
    case keyword(Keyword)
    case integer(Int)
    case double(Double)
    case string([StringSegment])
    /// `$name`, the projection of a parameter.
    case dollarName(String)
    /// `$0`, `$1`, … closure shorthand arguments.
    case dollarIndex(Int)
    /// `@Parameter`, `@Dependency`.
    case attribute(String)
    case punct(Punct)
    /// An operator the file declares (`infix operator **`), its binding power given before parsing (`CustomOperators`).
    case customOperator(CustomOperator)
    /// A character the lexer could not use (already diagnosed).
    case invalid
    case eof
}

public struct Token: Sendable, Equatable {
    public var kind: TokenKind
    public var range: SourceRange
    /// A line break stands between this token and the one before it.
    public var atLineStart: Bool

    public init(_ kind: TokenKind, _ range: SourceRange, atLineStart: Bool) {
        self.kind = kind
        self.range = range
        self.atLineStart = atLineStart
    }

    /// How the token reads in a message: `'}'`, `identifier 'x'`, `end of file`.
    public var described: String {
        switch kind {
        case .identifier(let s): return "'\(s)'"
        case .keyword(let k): return "'\(k.rawValue)'"
        case .integer(let i): return "'\(i)'"
        case .double(let d): return "'\(d)'"
        case .string: return "a string"
        case .dollarName(let n): return "'$\(n)'"
        case .dollarIndex(let i): return "'$\(i)'"
        case .attribute(let a): return a.hasPrefix("#") ? "'\(a)'" : "'@\(a)'"
        case .punct(let p): return "'\(p.rawValue)'"
        case .customOperator(let op): return "'\(op.spelling)'"
        case .invalid: return "an invalid character"
        case .eof: return atLineStart ? "end of file" : "end of input"
        }
    }
}
