/// A source file as the lexer sees it: a name for messages and its UTF-8 bytes.
///
/// Positions everywhere else are byte offsets into `bytes`; only the edge that
/// shows a position to a person turns an offset into `line:column`, through
/// the line table built here once.
public final class SourceFile: Sendable {
    /// The path or label used in diagnostics (`counter.shortcut`, `<repl>`).
    public let name: String
    /// The module Swift would name for this file: its name without folders or extension (`counter`).
    public var moduleName: String {
        let base = name.split(separator: "/").last.map(String.init) ?? name
        return base.split(separator: ".").first.map(String.init) ?? base
    }
    /// The file's bytes, with a leading byte order mark removed.
    public let bytes: [UInt8]
    /// Byte offsets at which each line starts; `lineStarts[0] == 0`.
    public let lineStarts: [Int]

    public init(name: String, bytes: [UInt8]) {
        self.name = name
        var bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        self.bytes = bytes
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == UInt8(ascii: "\n") { starts.append(i + 1) }
        self.lineStarts = starts
    }

    public convenience init(name: String, text: String) {
        self.init(name: name, bytes: Array(text.utf8))
    }

    /// One-based line and column (columns count characters, as editors do).
    public func location(of offset: Int) -> SourceLocation {
        let offset = max(0, min(offset, bytes.count))
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        let start = lineStarts[lo]
        let prefix = bytes[start..<offset]
        let column = String(decoding: prefix, as: UTF8.self).count + 1
        return SourceLocation(line: lo + 1, column: column)
    }

    /// The text of a one-based line, without its line break.
    public func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
    }

    /// The source text covered by a range.
    public func text(_ range: SourceRange) -> String {
        let lo = max(0, min(Int(range.start), bytes.count))
        let hi = max(lo, min(Int(range.end), bytes.count))
        return String(decoding: bytes[lo..<hi], as: UTF8.self)
    }

    /// The offset of the first byte that is not valid UTF-8, or nil when the file is valid.
    public static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x80 { i += 1; continue }
            let length: Int
            var minScalar: UInt32
            var scalar: UInt32
            switch b {
            case 0xC2...0xDF: length = 2; scalar = UInt32(b & 0x1F); minScalar = 0x80
            case 0xE0...0xEF: length = 3; scalar = UInt32(b & 0x0F); minScalar = 0x800
            case 0xF0...0xF4: length = 4; scalar = UInt32(b & 0x07); minScalar = 0x10000
            default: return i
            }
            if i + length > n { return i }
            for k in 1..<length {
                let c = bytes[i + k]
                if c & 0xC0 != 0x80 { return i }
                scalar = (scalar << 6) | UInt32(c & 0x3F)
            }
            if scalar < minScalar || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return i }
            i += length
        }
        return nil
    }
}

/// A one-based line and column.
public struct SourceLocation: Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) { self.line = line; self.column = column }
    public var description: String { "\(line):\(column)" }
}

/// A half-open byte range in one source file.
///
/// The file is named by its index in the program's file list, so a range is
/// 12 bytes and nodes stay small.
public struct SourceRange: Equatable, Hashable, Sendable {
    public var file: Int32
    public var start: Int32
    public var end: Int32

    public init(file: Int32, start: Int, end: Int) {
        self.file = file
        self.start = Int32(clamping: start)
        self.end = Int32(clamping: max(start, end))
    }

    /// A range covering both `self` and `other` (same file).
    public func union(_ other: SourceRange) -> SourceRange {
        SourceRange(file: file, start: Int(min(start, other.start)), end: Int(max(end, other.end)))
    }

    /// The range without its first byte: an attribute's name after its `@`, where swiftc points.
    public var droppingFirstByte: SourceRange { SourceRange(file: file, start: Int(start) + 1, end: Int(end)) }

    /// The range's first `length` bytes: a statement's keyword (`return`, `switch`), a prefix operator, a called name.
    public func prefix(_ length: Int) -> SourceRange { SourceRange(file: file, start: Int(start), end: Int(start) + length) }

    /// The range's last byte: a block's closing brace, a call's `)`, a force unwrap's `!`.
    /// What follows `part` to this range's end (`[0]` of `xs[0]`, where `part` is `xs`'s range).
    public func after(_ part: SourceRange) -> SourceRange { SourceRange(file: file, start: Int(part.end), end: Int(end)) }

    public var lastByte: SourceRange { SourceRange(file: file, start: Int(end) - 1, end: Int(end)) }

    /// An empty range, for things the system made rather than the source said.
    public static let none = SourceRange(file: -1, start: 0, end: 0)
}
