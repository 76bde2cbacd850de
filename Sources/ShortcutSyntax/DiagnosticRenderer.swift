/// Draws diagnostics in the familiar compiler form:
///
///     counter.shortcut:12:18: error: unknown parameter 'shot' for 'LogShotIntent'
///             Button(intent: LogShotIntent(shot: 1)) {
///                                          ^~~~
///     note: LogShotIntent has parameters: amount
///
/// This is the only place diagnostics become text.
public struct DiagnosticRenderer: Sendable {
    public var files: [SourceFile]
    /// Colour the severity word (for terminals).
    public var color: Bool

    public init(files: [SourceFile], color: Bool = false) {
        self.files = files
        self.color = color
    }

    public func file(of range: SourceRange) -> SourceFile? {
        let index = Int(range.file)
        return files.indices.contains(index) ? files[index] : nil
    }

    /// `file:line:col` for a range, or nil for system-made ranges.
    public func position(_ range: SourceRange) -> (file: String, location: SourceLocation)? {
        guard let file = file(of: range) else { return nil }
        return (file.name, file.location(of: Int(range.start)))
    }

    public func render(_ diagnostic: Diagnostic) -> String {
        let severity = diagnostic.severity.rawValue
        let word = color ? (diagnostic.isError ? "\u{1B}[1;31m\(severity)\u{1B}[0m" : "\u{1B}[1;35m\(severity)\u{1B}[0m") : severity
        var out = ""
        if let file = file(of: diagnostic.range) {
            let loc = file.location(of: Int(diagnostic.range.start))
            out += "\(file.name):\(loc.line):\(loc.column): \(word): \(diagnostic.message.text)\n"
            out += excerpt(file: file, range: diagnostic.range, location: loc)
        } else {
            out += "\(word): \(diagnostic.message.text)\n"
        }
        for note in diagnostic.notes { out += "note: \(note)\n" }
        return out
    }

    public func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map(render).joined()
    }

    /// How much of a source line an excerpt shows: a longer line is cut around the caret.
    public static let maximumExcerptWidth = 160

    /// The source line and a caret underline below the range. Control characters (C0, DEL and C1, which some
    /// terminals take as the start of an escape sequence) show as `�` (never raw bytes on a terminal); a long
    /// line shows the part around the range, with `…` where it was cut.
    func excerpt(file: SourceFile, range: SourceRange, location: SourceLocation) -> String {
        let line = file.lineText(location.line)
        var chars = Array(line).map { c -> Character in
            c == "\t" || !(c.unicodeScalars.first.map(isControl) ?? false) ? c : "\u{FFFD}"
        }
        var startCol = min(location.column - 1, chars.count)
        let endLoc = file.location(of: Int(range.end))
        var endCol = endLoc.line == location.line ? min(max(endLoc.column - 1, startCol + 1), max(chars.count, startCol + 1)) : max(chars.count, startCol + 1)
        let width = DiagnosticRenderer.maximumExcerptWidth
        if chars.count > width {
            let from = max(0, min(startCol - width / 3, chars.count - width))
            let to = min(chars.count, from + width)
            chars = (from > 0 ? ["…"] : []) + Array(chars[from..<to]) + (to < chars.count ? ["…"] : [])
            let shift = from > 0 ? from - 1 : 0
            startCol -= shift
            endCol = min(endCol - shift, chars.count)
        }
        var marker = ""
        for c in chars[0..<startCol] { marker.append(c == "\t" ? "\t" : " ") }
        marker += "^" + String(repeating: "~", count: max(0, endCol - startCol - 1))
        return String(chars) + "\n" + marker + "\n"
    }
}

/// A C0 control character, DEL, or a C1 control character (U+0080–U+009F: `U+009B` is a terminal's CSI).
func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
}

/// Text with control characters written as Swift writes them in a string
/// literal (`\0`, `\t`, `\u{1B}`), so a message never puts raw control bytes on a terminal.
public func escapingControls(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
        switch scalar.value {
        case 0: out += "\\0"
        case 9: out += "\\t"
        case 10: out += "\\n"
        case 13: out += "\\r"
        case _ where isControl(scalar): out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}
