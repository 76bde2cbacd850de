/// Widths in terminal columns (SPEC §9): East Asian wide characters and emoji
/// take two, combining marks and joiners none. The table is Unicode 15's East
/// Asian Width (W and F) and Emoji_Presentation data, shipped here rather than
/// read from the C library, whose `wcwidth` depends on the locale.
enum TerminalWidth {
    /// The columns a text takes.
    ///
    /// A text of scalars that always stand alone — printable ASCII, the common case, and the symbols
    /// cards draw (`☐`, `─`, `→`) — is measured scalar by scalar; any other a character at a time, as
    /// grapheme clusters (`LayoutTests` checks that both ways agree).
    static func of(_ text: String) -> Int {
        // Read from the UTF-8 bytes where the string keeps them in one piece (native and small strings).
        if let width = text.utf8.withContiguousStorageIfAvailable(scalarWidths) { return width ?? characterWidths(text) }
        var width = 0
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v >= 0x20, v < 0x7F {
                width += 1
            } else if standsAlone(v) {
                width += of(scalar)
            } else {
                return characterWidths(text)
            }
        }
        return width
    }

    /// The width of valid UTF-8 whose scalars all stand alone, decoded here; nil when one does not.
    static func scalarWidths(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var width = 0
        var i = 0
        let n = bytes.count
        while i < n {
            let lead = UInt32(bytes[i])
            if lead >= 0x20, lead < 0x7F {
                width += 1
                i += 1
                continue
            }
            // A lead byte and its continuation bytes (a String's UTF-8 is valid).
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
            guard length > 1, i + length <= n else { return nil }
            var v = lead & (0x7F >> UInt32(length))
            for k in 1..<length { v = v << 6 | UInt32(bytes[i + k] & 0x3F) }
            guard standsAlone(v), let scalar = Unicode.Scalar(v) else { return nil }
            width += of(scalar)
            i += length
        }
        return width
    }

    /// A scalar that is its own grapheme cluster whatever is next to it, as long as its neighbours are
    /// such scalars too: none of them extends, joins or combines with another.
    static func standsAlone(_ v: UInt32) -> Bool {
        (0xA0..<0x300).contains(v) || (0x2010..<0x2028).contains(v) || (0x2030..<0x2060).contains(v)
            || (0x2070..<0x20D0).contains(v) || (0x2100..<0x2E80).contains(v)
    }

    /// Punctuation, symbols and arrows with no combining mark or format character among them (the
    /// symbols cards draw), so measuring them needs no lookup of their Unicode category.
    static func isNeverMark(_ v: UInt32) -> Bool {
        (0x2010..<0x2028).contains(v) || (0x2030..<0x2060).contains(v) || (0x2070..<0x20D0).contains(v)
            || (0x2100..<0x2CEF).contains(v)
    }

    static func characterWidths(_ text: String) -> Int {
        var width = 0
        for character in text { width += of(character) }
        return width
    }

    /// A character (a grapheme cluster) takes the width of its widest scalar: `é` written as `e` and a
    /// combining accent is one column, a ZWJ family of emoji two. The emoji presentation selector
    /// (U+FE0F) makes a text-style symbol two (`☺️`), and a pair of regional indicators (a flag) is two.
    static func of(_ character: Character) -> Int {
        var width = 0
        for scalar in character.unicodeScalars {
            width = scalar.value == 0xFE0F ? 2 : max(width, of(scalar))
        }
        return width
    }

    static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x20 || (0x7F..<0xA0).contains(v) { return 0 }
        if v < 0x300 { return 1 }
        if !isNeverMark(v) {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format: return 0
            default: break
            }
        }
        if (0x1F1E6...0x1F1FF).contains(v) { return 2 }
        // Binary search over the sorted, disjoint ranges.
        var low = 0
        var high = wide.count - 1
        while low <= high {
            let mid = (low + high) / 2
            if v < wide[mid].lowerBound {
                high = mid - 1
            } else if v > wide[mid].upperBound {
                low = mid + 1
            } else {
                return 2
            }
        }
        return 1
    }

    /// The code points drawn two columns wide.
    static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3, 0x25FD...0x25FE,
        0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE,
        0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA,
        0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755,
        0x2757...0x2757, 0x2795...0x2797, 0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
        0x2E80...0x2E99, 0x2E9B...0x2EF3, 0x2F00...0x2FD5, 0x2FF0...0x3029, 0x3030...0x303E, 0x3041...0x3096, 0x309B...0x30FF,
        0x3105...0x312F, 0x3131...0x318E, 0x3190...0x31E3, 0x31EF...0x321E, 0x3220...0x3247, 0x3250...0x4DBF, 0x4E00...0xA48C,
        0xA490...0xA4C6, 0xA960...0xA97C, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE52, 0xFE54...0xFE66,
        0xFE68...0xFE6B, 0xFF01...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE3, 0x17000...0x187F7, 0x18800...0x18CD5,
        0x18D00...0x18D08, 0x1AFF0...0x1AFF3, 0x1AFF5...0x1AFFB, 0x1AFFD...0x1AFFE, 0x1B000...0x1B122, 0x1B132...0x1B132,
        0x1B150...0x1B152, 0x1B155...0x1B155, 0x1B164...0x1B167, 0x1B170...0x1B2FB, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF,
        0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251,
        0x1F260...0x1F265, 0x1F300...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C, 0x1F37E...0x1F393, 0x1F3A0...0x1F3CA,
        0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4, 0x1F3F8...0x1F3FA, 0x1F400...0x1F43E, 0x1F440...0x1F440,
        0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A...0x1F57A, 0x1F595...0x1F596,
        0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7,
        0x1F6DC...0x1F6DF, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB, 0x1F7F0...0x1F7F0, 0x1F90C...0x1F93A,
        0x1F93C...0x1F945, 0x1F947...0x1F9FF, 0x1FA70...0x1FA7C, 0x1FA80...0x1FA88, 0x1FA90...0x1FABD, 0x1FABF...0x1FAC5,
        0x1FACE...0x1FADB, 0x1FAE0...0x1FAE8, 0x1FAF0...0x1FAF8, 0x20000...0x2FFFD, 0x30000...0x3FFFD
    ]

    /// The longest prefix of `text` that fits in `columns`.
    static func prefix(_ text: String, columns: Int) -> String {
        var out = ""
        var used = 0
        for character in text {
            let w = of(character)
            if used + w > columns { break }
            out.append(character)
            used += w
        }
        return out
    }
}
