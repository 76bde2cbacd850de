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

    /// The source line and a caret underline below the range.
    func excerpt(file: SourceFile, range: SourceRange, location: SourceLocation) -> String {
        let line = file.lineText(location.line)
        let chars = Array(line)
        let startCol = min(location.column - 1, chars.count)
        let endLoc = file.location(of: Int(range.end))
        let endCol = endLoc.line == location.line ? min(max(endLoc.column - 1, startCol + 1), max(chars.count, startCol + 1)) : max(chars.count, startCol + 1)
        var marker = ""
        for c in chars[0..<startCol] { marker.append(c == "\t" ? "\t" : " ") }
        marker += "^" + String(repeating: "~", count: max(0, endCol - startCol - 1))
        return line + "\n" + marker + "\n"
    }
}
