/// Turns a source file's bytes into tokens.
///
/// The lexer works on bytes, decoding a scalar only where an identifier may
/// hold a non-ASCII letter. Newlines are not tokens: each token records
/// whether a line break came before it, and the parser applies the newline
/// rules of SPEC §2 from that. A string's interpolations are lexed here, each
/// into its own token list, so nested strings inside `\( … )` just work.
public struct Lexer {
    public let file: SourceFile
    let fileIndex: Int32
    let bytes: [UInt8]
    var pos = 0
    var sawNewline = true
    /// Doc comments (`///`), keyed by the offset of the token they stand above.
    public private(set) var docComments: [Int32: String] = [:]
    var pendingDoc: [String] = []
    var pendingDocLine = -1
    public internal(set) var diagnostics: [Diagnostic] = []
    /// The operators the file declares (`infix operator **`), longest first: each taken whole.
    let customOperators: [[UInt8]]

    public init(file: SourceFile, fileIndex: Int32) {
        self.file = file
        self.fileIndex = fileIndex
        self.bytes = file.bytes
        self.customOperators = CustomOperators.declaredSpellings(in: file.bytes)
    }

    /// Lexes the whole file. The last token is `.eof`.
    public mutating func tokenize() -> [Token] {
        if let bad = SourceFile.firstInvalidUTF8Offset(bytes) {
            diagnostics.append(Diagnostic(.invalidUTF8, at: range(bad, bad + 1)))
            return [Token(.eof, range(0, 0), atLineStart: true)]
        }
        var tokens: [Token] = []
        while true {
            let token = next()
            tokens.append(token)
            if token.kind == .eof { break }
        }
        return Conditionals.resolve(tokens, diagnostics: &diagnostics)
    }

    func range(_ start: Int, _ end: Int) -> SourceRange {
        SourceRange(file: fileIndex, start: start, end: end)
    }

    @inline(__always) func peek(_ offset: Int = 0) -> UInt8 {
        let i = pos + offset
        return i < bytes.count ? bytes[i] : 0
    }

    mutating func error(_ message: DiagnosticMessage, _ start: Int, _ end: Int) {
        diagnostics.append(Diagnostic(message, at: range(start, end)))
    }

    /// Skips blanks and comments, noting line breaks and doc comments.
    mutating func skipTrivia() {
        while pos < bytes.count {
            let c = bytes[pos]
            switch c {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                pos += 1
            case UInt8(ascii: "\n"):
                pos += 1
                sawNewline = true
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                let start = pos
                while pos < bytes.count, bytes[pos] != UInt8(ascii: "\n") { pos += 1 }
                if bytes[start..<min(start + 3, bytes.count)].elementsEqual(Array("///".utf8)) {
                    var text = String(decoding: bytes[(start + 3)..<pos], as: UTF8.self)
                    if text.hasPrefix(" ") { text.removeFirst() }
                    let line = lineNumber(start)
                    if pendingDocLine != line - 1 { pendingDoc = [] }
                    pendingDoc.append(text)
                    pendingDocLine = line
                } else {
                    pendingDoc = []
                }
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                let start = pos
                pos += 2
                var depth = 1
                while pos < bytes.count, depth > 0 {
                    if bytes[pos] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") { depth += 1; pos += 2 }
                    else if bytes[pos] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") { depth -= 1; pos += 2 }
                    else {
                        if bytes[pos] == UInt8(ascii: "\n") { sawNewline = true }
                        pos += 1
                    }
                }
                if depth > 0 { error(.unterminatedComment, start, start + 2) }
            default:
                return
            }
        }
    }

    func lineNumber(_ offset: Int) -> Int { file.location(of: offset).line }

    /// The next token.
    public mutating func next() -> Token {
        skipTrivia()
        let atLineStart = sawNewline
        sawNewline = false
        let start = pos
        if !pendingDoc.isEmpty {
            if pendingDocLine == lineNumber(start) - 1 { docComments[Int32(start)] = pendingDoc.joined(separator: "\n") }
            pendingDoc = []
        }
        guard pos < bytes.count else { return Token(.eof, range(pos, pos), atLineStart: true) }
        let kind = lexKind()
        return Token(kind, range(start, pos), atLineStart: atLineStart)
    }

    mutating func lexKind() -> TokenKind {
        let start = pos
        let c = bytes[pos]
        if !customOperators.isEmpty, CustomOperators.isOperatorByte(c),
           let op = customOperators.first(where: { pos + $0.count <= bytes.count && bytes[pos..<(pos + $0.count)].elementsEqual($0) }) {
            pos += op.count
            return .customOperator(CustomOperator(String(decoding: op, as: UTF8.self)))
        }
        if isIdentifierStart(c) || c >= 0x80 {
            if c >= 0x80, !isUnicodeLetter(at: pos) {
                let length = scalarLength(c)
                pos += length
                error(.unexpectedCharacter(String(decoding: bytes[start..<pos], as: UTF8.self)), start, pos)
                return .invalid
            }
            lexIdentifierBody()
            let text = String(decoding: bytes[start..<pos], as: UTF8.self)
            if text == "_" { return .punct(.underscore) }
            if let keyword = Keyword(spelling: text) { return .keyword(keyword) }
            return .identifier(text)
        }
        if isDigit(c) { return lexNumber() }
        switch c {
        case UInt8(ascii: "\""):
            return lexString()
        case UInt8(ascii: "$"):
            pos += 1
            if isDigit(peek()) {
                let digitsStart = pos
                while isDigit(peek()) { pos += 1 }
                let text = String(decoding: bytes[digitsStart..<pos], as: UTF8.self)
                guard let n = Int(text), n < 1000 else {
                    error(.invalidNumber("$" + text), start, pos)
                    return .invalid
                }
                return .dollarIndex(n)
            }
            if isIdentifierStart(peek()) || peek() >= 0x80 && isUnicodeLetter(at: pos) {
                let nameStart = pos
                lexIdentifierBody()
                return .dollarName(String(decoding: bytes[nameStart..<pos], as: UTF8.self))
            }
            error(.unexpectedCharacter("$"), start, pos)
            return .invalid
        case UInt8(ascii: "#") where rawStringHashes() > 0:
            return lexRawString()
        case UInt8(ascii: "@"), UInt8(ascii: "#"):
            // `@MainActor` is an attribute; `#Preview` and `#available` are macros, kept with their `#`.
            let sign = bytes[pos]
            pos += 1
            guard isIdentifierStart(peek()) else {
                error(.unexpectedCharacter(sign == UInt8(ascii: "@") ? "@" : "#"), start, pos)
                return .invalid
            }
            let nameStart = pos
            lexIdentifierBody()
            let name = String(decoding: bytes[nameStart..<pos], as: UTF8.self)
            return .attribute(sign == UInt8(ascii: "@") ? name : "#" + name)
        default:
            break
        }
        // Operators and punctuation: longest match first, no longer than the run of operator bytes (`(`, `,` and `{`
        // are tried once), each try a look-up of the bytes in place (`Punct.spellings`).
        var run = 0
        while run < 4, pos + run < bytes.count, Lexer.isOperatorByte(bytes[pos + run]) { run += 1 }
        for length in [4, 3, 2, 1] where length <= max(run, 1) && pos + length <= bytes.count {
            if let p = Punct(spelling: bytes[pos..<(pos + length)]), p != .underscore {
                pos += length
                return .punct(p)
            }
        }
        let length = scalarLength(c)
        pos = min(bytes.count, pos + length)
        error(.unexpectedCharacter(String(decoding: bytes[start..<pos], as: UTF8.self)), start, pos)
        return .invalid
    }

    // MARK: Identifiers

    @inline(__always) func isIdentifierStart(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")) || c == UInt8(ascii: "_")
    }

    @inline(__always) func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }

    /// The bytes an operator of more than one byte is made of (`Punct`'s: `LexerTests` checks that each has only these).
    static func isOperatorByte(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "-"), UInt8(ascii: ">"), UInt8(ascii: "<"), UInt8(ascii: "="), UInt8(ascii: "!"), UInt8(ascii: "+"),
             UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "?"),
             UInt8(ascii: "."), UInt8(ascii: "~"), UInt8(ascii: "^"): return true
        default: return false
        }
    }

    /// Whether a byte may stand inside a word (a letter, a digit, `_`, or part of a non-ASCII character), for a look at
    /// the text for a whole word (`@main`, a standard type's name) without lexing it.
    public static func isWordByte(_ b: UInt8) -> Bool {
        b == UInt8(ascii: "_") || (b >= 48 && b <= 57) || (b | 0x20 >= 97 && b | 0x20 <= 122) || b >= 0x80
    }

    func scalarLength(_ c: UInt8) -> Int {
        switch c {
        case 0xF0...: return 4
        case 0xE0...: return 3
        case 0xC0...: return 2
        default: return 1
        }
    }

    func decodeScalar(at i: Int) -> Unicode.Scalar? {
        let length = scalarLength(bytes[i])
        guard i + length <= bytes.count else { return nil }
        return String(decoding: bytes[i..<(i + length)], as: UTF8.self).unicodeScalars.first
    }

    func isUnicodeLetter(at i: Int) -> Bool {
        guard let scalar = decodeScalar(at: i) else { return false }
        return scalar.properties.isAlphabetic
    }

    mutating func lexIdentifierBody() {
        while pos < bytes.count {
            let c = bytes[pos]
            if isIdentifierStart(c) || isDigit(c) { pos += 1; continue }
            if c >= 0x80 {
                if let scalar = decodeScalar(at: pos), scalar.properties.isAlphabetic || scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .decimalNumber {
                    pos += scalarLength(c)
                    continue
                }
            }
            break
        }
    }

    // MARK: Numbers

    mutating func lexNumber() -> TokenKind {
        let start = pos
        if bytes[pos] == UInt8(ascii: "0"), peek(1) == UInt8(ascii: "x") || peek(1) == UInt8(ascii: "b") || peek(1) == UInt8(ascii: "o") {
            let radix = peek(1) == UInt8(ascii: "x") ? 16 : peek(1) == UInt8(ascii: "b") ? 2 : 8
            pos += 2
            let digitsStart = pos
            while pos < bytes.count, isHexDigit(bytes[pos]) || bytes[pos] == UInt8(ascii: "_") { pos += 1 }
            let digits = String(decoding: bytes[digitsStart..<pos], as: UTF8.self).replacingUnderscores()
            let text = String(decoding: bytes[start..<pos], as: UTF8.self)
            guard !digits.isEmpty, digits.allSatisfy({ ($0.hexDigitValue ?? radix) < radix }) else {
                error(.invalidNumber(text), start, pos)
                return .invalid
            }
            guard let value = Int(digits, radix: radix) else {
                if UInt64(digits, radix: radix) == 1 << 63, followsPrefixMinus(start) { return .integer(.min) }
                error(.integerOverflow(text), start, pos)
                return .invalid
            }
            return .integer(value)
        }
        while isDigit(peek()) || peek() == UInt8(ascii: "_") { pos += 1 }
        var isDouble = false
        if peek() == UInt8(ascii: "."), isDigit(peek(1)) {
            isDouble = true
            pos += 1
            while isDigit(peek()) || peek() == UInt8(ascii: "_") { pos += 1 }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            let save = pos
            pos += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { pos += 1 }
            if isDigit(peek()) {
                isDouble = true
                while isDigit(peek()) { pos += 1 }
            } else {
                pos = save
            }
        }
        let text = String(decoding: bytes[start..<pos], as: UTF8.self)
        if isIdentifierStart(peek()) {
            while isIdentifierStart(peek()) || isDigit(peek()) { pos += 1 }
            error(.invalidNumber(String(decoding: bytes[start..<pos], as: UTF8.self)), start, pos)
            return .invalid
        }
        let clean = text.replacingUnderscores()
        if isDouble {
            guard let d = Double(clean), d.isFinite else {
                error(.invalidNumber(text), start, pos)
                return .invalid
            }
            return .double(d)
        }
        guard let value = Int(clean) else {
            if UInt64(clean) == 1 << 63, followsPrefixMinus(start) { return .integer(.min) }
            error(.integerOverflow(text), start, pos)
            return .invalid
        }
        return .integer(value)
    }

    /// `-9223372036854775808`: Swift takes a literal of Int.min's magnitude right after a prefix `-` (one with no
    /// operand before it) as Int.min. The parser folds the two into the literal (`0 &- Int.min` is Int.min).
    func followsPrefixMinus(_ start: Int) -> Bool {
        guard start >= 1, bytes[start - 1] == UInt8(ascii: "-") else { return false }
        guard start >= 2 else { return true }
        return [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "("), UInt8(ascii: "["),
                UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "=")].contains(bytes[start - 2])
    }

    func isHexDigit(_ c: UInt8) -> Bool {
        isDigit(c) || (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "f")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "F"))
    }

}

extension Int32 {
    var asInt: Int { Int(self) }
}

extension String {
    func replacingUnderscores() -> String { String(self.filter { $0 != "_" }) }
}
