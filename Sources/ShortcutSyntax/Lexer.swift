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

    public init(file: SourceFile, fileIndex: Int32) {
        self.file = file
        self.fileIndex = fileIndex
        self.bytes = file.bytes
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
        return tokens
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
            if let keyword = Keyword(rawValue: text) { return .keyword(keyword) }
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
        case UInt8(ascii: "@"):
            pos += 1
            guard isIdentifierStart(peek()) else {
                error(.unexpectedCharacter("@"), start, pos)
                return .invalid
            }
            let nameStart = pos
            lexIdentifierBody()
            return .attribute(String(decoding: bytes[nameStart..<pos], as: UTF8.self))
        default:
            break
        }
        // Operators and punctuation: longest match first.
        for length in [3, 2, 1] where pos + length <= bytes.count {
            let text = String(decoding: bytes[pos..<(pos + length)], as: UTF8.self)
            if let p = Punct(rawValue: text), p != .underscore {
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
            error(.integerOverflow(text), start, pos)
            return .invalid
        }
        return .integer(value)
    }

    func isHexDigit(_ c: UInt8) -> Bool {
        isDigit(c) || (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "f")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "F"))
    }

    // MARK: Strings

    mutating func lexString() -> TokenKind {
        if peek(1) == UInt8(ascii: "\""), peek(2) == UInt8(ascii: "\"") { return lexMultilineString() }
        let start = pos
        pos += 1
        var segments: [StringSegment] = []
        var text: [UInt8] = []
        while true {
            guard pos < bytes.count, bytes[pos] != UInt8(ascii: "\n") else {
                error(.unterminatedString, start, pos)
                segments.append(.text(String(decoding: text, as: UTF8.self)))
                return .string(segments)
            }
            let c = bytes[pos]
            if c == UInt8(ascii: "\"") { pos += 1; break }
            if c == UInt8(ascii: "\\") {
                if !lexEscape(into: &text, segments: &segments) { continue }
                continue
            }
            text.append(c)
            pos += 1
        }
        if !text.isEmpty || segments.isEmpty { segments.append(.text(String(decoding: text, as: UTF8.self))) }
        return .string(segments)
    }

    /// Lexes the escape at `pos` (a backslash). Interpolations flush `text`
    /// into `segments`. Returns false when the escape was invalid.
    @discardableResult
    mutating func lexEscape(into text: inout [UInt8], segments: inout [StringSegment]) -> Bool {
        let start = pos
        pos += 1
        let e = peek()
        pos += 1
        switch e {
        case UInt8(ascii: "n"): text.append(10)
        case UInt8(ascii: "t"): text.append(9)
        case UInt8(ascii: "r"): text.append(13)
        case UInt8(ascii: "0"): text.append(0)
        case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"): text.append(e)
        case UInt8(ascii: "u"):
            guard peek() == UInt8(ascii: "{") else {
                error(.invalidEscape("u"), start, pos)
                return false
            }
            pos += 1
            let hexStart = pos
            while pos < bytes.count, isHexDigit(bytes[pos]) { pos += 1 }
            let hex = String(decoding: bytes[hexStart..<pos], as: UTF8.self)
            guard peek() == UInt8(ascii: "}"), hex.count <= 8, let v = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(v) else {
                if peek() == UInt8(ascii: "}") { pos += 1 }
                error(.invalidEscape("u{\(hex)}"), start, pos)
                return false
            }
            pos += 1
            text.append(contentsOf: Array(String(Character(scalar)).utf8))
        case UInt8(ascii: "("):
            if !text.isEmpty { segments.append(.text(String(decoding: text, as: UTF8.self))) }
            text = []
            segments.append(lexInterpolation(openedAt: start))
        default:
            if pos > bytes.count { pos = bytes.count }
            let shown = e == 0 ? "" : String(decoding: [e], as: UTF8.self)
            error(.invalidEscape(shown), start, min(pos, bytes.count))
            return false
        }
        return true
    }

    /// Lexes the tokens of `\( … )` up to the matching `)`.
    mutating func lexInterpolation(openedAt start: Int) -> StringSegment {
        var tokens: [Token] = []
        var depth = 0
        let contentStart = pos
        while true {
            let token = next()
            switch token.kind {
            case .punct(.lparen): depth += 1
            case .punct(.rparen):
                if depth == 0 {
                    tokens.append(Token(.eof, token.range, atLineStart: false))
                    return .interpolation(tokens, range: range(contentStart, token.range.start.asInt))
                }
                depth -= 1
            case .eof:
                error(.unterminatedString, start, pos)
                tokens.append(token)
                return .interpolation(tokens, range: range(contentStart, pos))
            default: break
            }
            tokens.append(token)
        }
    }

    /// `"""` … `"""`: indentation is stripped to the closing delimiter's, as in Swift.
    mutating func lexMultilineString() -> TokenKind {
        let start = pos
        pos += 3
        while peek() == UInt8(ascii: " ") || peek() == UInt8(ascii: "\t") { pos += 1 }
        guard peek() == UInt8(ascii: "\n") || peek() == UInt8(ascii: "\r") else {
            error(.expected("a line break after '\"\"\"'", found: "text"), start, pos)
            return lexStringRecover(start)
        }
        if peek() == UInt8(ascii: "\r") { pos += 1 }
        pos += 1
        // Find the closing delimiter: `"""` with only blanks before it on its line.
        var indent: [UInt8] = []
        var scan = pos
        var closeLineStart = -1
        var lineStart = pos
        while scan < bytes.count {
            if bytes[scan] == UInt8(ascii: "\n") { lineStart = scan + 1; scan += 1; continue }
            if bytes[scan] == UInt8(ascii: "\""), scan + 2 < bytes.count, bytes[scan + 1] == UInt8(ascii: "\""), bytes[scan + 2] == UInt8(ascii: "\""),
               bytes[lineStart..<scan].allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) {
                closeLineStart = lineStart
                indent = Array(bytes[lineStart..<scan])
                break
            }
            scan += 1
        }
        guard closeLineStart >= 0 else {
            error(.unterminatedString, start, start + 3)
            pos = bytes.count
            return .string([.text("")])
        }
        let closeAt = closeLineStart + indent.count
        var segments: [StringSegment] = []
        var text: [UInt8] = []
        var atLineStart = true
        while pos < closeAt {
            if atLineStart {
                atLineStart = false
                var k = 0
                while k < indent.count, pos < closeAt, bytes[pos] == indent[k] { pos += 1; k += 1 }
                if k < indent.count, pos < closeAt, bytes[pos] != UInt8(ascii: "\n"), bytes[pos] != UInt8(ascii: "\r") {
                    error(.multilineStringIndentation, pos, pos + 1)
                }
                continue
            }
            let c = bytes[pos]
            if c == UInt8(ascii: "\\") {
                if peek(1) == UInt8(ascii: "\n") { pos += 2; atLineStart = true; continue }
                lexEscape(into: &text, segments: &segments)
                continue
            }
            if c == UInt8(ascii: "\n") { atLineStart = true }
            if c != UInt8(ascii: "\r") { text.append(c) }
            pos += 1
        }
        // The line break before the closing delimiter is not part of the string.
        if text.last == UInt8(ascii: "\n") { text.removeLast() }
        else if case .text(var last)? = segments.last, text.isEmpty, last.hasSuffix("\n") {
            last.removeLast()
            segments[segments.count - 1] = .text(last)
        }
        if !text.isEmpty || segments.isEmpty { segments.append(.text(String(decoding: text, as: UTF8.self))) }
        pos = closeAt + 3
        return .string(segments)
    }

    mutating func lexStringRecover(_ start: Int) -> TokenKind {
        while pos < bytes.count, bytes[pos] != UInt8(ascii: "\n") { pos += 1 }
        return .string([.text("")])
    }
}

extension Int32 {
    var asInt: Int { Int(self) }
}

extension String {
    func replacingUnderscores() -> String { String(self.filter { $0 != "_" }) }
}
