/// String literals: escapes, interpolation, multi-line strings.
extension Lexer {
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

    /// `#"…"#`: how many `#` open a raw string here (0 when this is not one; `#"""`, a multi-line one, is not read).
    func rawStringHashes() -> Int {
        var n = 0
        while peek(n) == UInt8(ascii: "#") { n += 1 }
        let quote = UInt8(ascii: "\"")
        return peek(n) == quote && !(peek(n + 1) == quote && peek(n + 2) == quote) ? n : 0
    }

    /// A raw string, `#"a \ b"#`: backslashes and quotes are text; `\#(x)` interpolates and `\#n` escapes (as many `#`
    /// as opened it). One line, as a `"…"` string is.
    mutating func lexRawString() -> TokenKind {
        let start = pos
        let hashes = rawStringHashes()
        pos += hashes + 1
        var segments: [StringSegment] = []
        var text: [UInt8] = []
        func hashesFollow(_ at: Int) -> Bool { (0..<hashes).allSatisfy { at + $0 < bytes.count && bytes[at + $0] == UInt8(ascii: "#") } }
        while true {
            guard pos < bytes.count, bytes[pos] != UInt8(ascii: "\n") else {
                error(.unterminatedString, start, pos)
                break
            }
            let c = bytes[pos]
            if c == UInt8(ascii: "\""), hashesFollow(pos + 1) { pos += 1 + hashes; break }
            if c == UInt8(ascii: "\\"), hashesFollow(pos + 1), pos + 1 + hashes < bytes.count {
                // The escape is read as if the last `#` were its backslash.
                pos += hashes
                lexEscape(into: &text, segments: &segments)
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
