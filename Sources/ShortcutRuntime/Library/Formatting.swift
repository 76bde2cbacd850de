import ShortcutSyntax

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Formatted text (SPEC §13): `"\(x, specifier: "%.1f")"`, `"\(date, style: .date)"`,
/// `Text(x, format: .number)` (`FormatStyles`). What a device formats with the locale, formatted here in
/// en_US style, as dates are (SPEC §9).
enum Formatting {
    /// The text of `value` formatted as a label says (`specifier`, `style`, `format`), or nil when
    /// the pair is not one this knows (the caller reports it).
    static func text(_ value: Value, label: String, _ how: Value, site: SourceRange) throws(ScriptError) -> String? {
        switch (label, how) {
        case ("specifier", .string(let spec)): return printf(spec, value)
        case ("style", .symbol(let style)):
            guard case .date(let d) = value else { return nil }
            switch style {
            case "date": return longDate(d)
            case "time": return time(d)
            case "relative", "offset", "timer":
                guard Limits.isRepresentableDate(d) else { return "(date out of range)" }
                let now = Platform.now()
                return style == "relative" ? RelativeDates.relative(d, now: now)
                    : style == "offset" ? RelativeDates.offset(d, now: now) : RelativeDates.timer(d, now: now)
            default: return DateFormatting.short(d)
            }
        case ("format", .array(let steps)): return try FormatStyles.text(value, steps, site: site)
        case ("placeholder", _): return "#"
        case ("privacy", _): return value.description
        default: return nil
        }
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                             "November", "December"]

    /// A month's name, 1 is `January` (a month out of 1…12 is read as the nearest).
    static func monthName(_ month: Int) -> String { monthNames[max(0, min(11, month - 1))] }

    /// `December 1, 2026`
    static func longDate(_ seconds: Double) -> String {
        guard Limits.isRepresentableDate(seconds) else { return "(date out of range)" }
        let t = Platform.localTime(seconds)
        return "\(monthName(t.month)) \(t.day), \(t.year)"
    }

    /// `4:05 PM`
    static func time(_ seconds: Double) -> String {
        guard Limits.isRepresentableDate(seconds) else { return "(date out of range)" }
        let t = Platform.localTime(seconds)
        return DateFormatting.clock(hour: t.hour, minute: t.minute)
    }

    /// A printf specifier with one conversion (`%d`, `%.1f`, `%5.2f`, `%x`, `%c`, `%@`, `%%` for a percent
    /// sign), the text around it kept. Nil when it has no conversion, more than one, or one this does not know.
    static func printf(_ spec: String, _ value: Value) -> String? {
        guard let parts = pieces(spec), parts.count(where: \.isConversion) == 1 else { return nil }
        return format(parts, [value])
    }

    /// `String(format:)`: each conversion takes the next value; nil when the counts differ or a value does not fit.
    static func format(_ spec: String, _ values: [Value]) -> String? {
        pieces(spec).flatMap { format($0, values) }
    }

    private static func format(_ parts: [Piece], _ values: [Value]) -> String? {
        var values = values[...]
        var out = ""
        for part in parts {
            switch part {
            case .text(let text): out += text
            case .conversion(let c, let flags, let width, let precision):
                guard let value = values.popFirst(), let piece = convert(c, value, flags: flags, width: width, precision: precision) else { return nil }
                out += piece
            }
        }
        return values.isEmpty ? out : nil
    }

    /// A format's text and conversions, in order.
    enum Piece {
        case text(String)
        case conversion(Character, flags: String, width: Int, precision: Int?)

        var isConversion: Bool { if case .conversion = self { true } else { false } }
    }

    /// The format read into pieces; nil when a conversion is one this does not know (or its width or precision is
    /// past three digits or 20 places).
    static func pieces(_ spec: String) -> [Piece]? {
        var parts: [Piece] = []
        var text = ""
        var chars = Array(spec)[...]
        while let c = chars.popFirst() {
            guard c == "%" else { text.append(c); continue }
            if chars.first == "%" { chars.removeFirst(); text.append("%"); continue }
            var flags = ""
            while let f = chars.first, "-+0 #".contains(f) { flags.append(f); chars.removeFirst() }
            var width = ""
            while let d = chars.first, d.isASCII, d.isNumber { width.append(d); chars.removeFirst() }
            var precision: Int?
            if chars.first == "." {
                chars.removeFirst()
                var digits = ""
                while let d = chars.first, d.isASCII, d.isNumber { digits.append(d); chars.removeFirst() }
                precision = Int(digits) ?? 0
            }
            while let l = chars.first, "lhqLjzt".contains(l) { chars.removeFirst() }
            guard let conversion = chars.popFirst(), "diufFeEgGxXoc@s".contains(conversion), width.count <= 3, (precision ?? 0) <= 20 else { return nil }
            if !text.isEmpty { parts.append(.text(text)); text = "" }
            parts.append(.conversion(conversion, flags: flags, width: Int(width) ?? 0, precision: precision))
        }
        if !text.isEmpty { parts.append(.text(text)) }
        return parts
    }

    static func convert(_ conversion: Character, _ value: Value, flags: String, width: Int, precision: Int?) -> String? {
        let number: Double? = value.asDouble
        var body: String
        switch conversion {
        case "d", "i", "u":
            guard let n = number, n.isFinite, abs(n) < 9e18 else { return nil }
            let i = Int(n)
            body = (flags.contains("+") && i >= 0 ? "+" : "") + String(i)
        case "f", "F", "e", "E", "g", "G":
            guard let n = number else { return nil }
            // Flags, width and precision are checked digits and flag characters: the format string is safe.
            let format = "%" + flags + (width > 0 ? String(width) : "") + (precision.map { ".\($0)" } ?? "") + String(conversion)
            return withVaList([n]) { args in
                var buffer = [CChar](repeating: 0, count: 512)
                let written = vsnprintf(&buffer, buffer.count, format, args)
                guard written >= 0 else { return nil }
                return String(decoding: buffer.prefix(min(Int(written), buffer.count - 1)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        case "x", "X", "o":
            guard let n = number, n.isFinite, abs(n) < 9e18 else { return nil }
            body = String(Int(n), radix: conversion == "o" ? 8 : 16, uppercase: conversion == "X")
        case "c":
            // A character by its code (`%c` of 65 is `A`), as C prints one.
            guard let n = number, n.isFinite, n >= 0, n < 0x110000, let scalar = Unicode.Scalar(UInt32(n)) else { return nil }
            body = String(Character(scalar))
        case "@", "s":
            body = value.description
            if let precision { body = String(body.prefix(precision)) }
        default:
            return nil
        }
        guard body.count < width else { return body }
        let fill = String(repeating: flags.contains("0") && !flags.contains("-") && conversion != "@" && conversion != "s" ? "0" : " ",
                          count: width - body.count)
        if flags.contains("-") { return body + String(repeating: " ", count: width - body.count) }
        if fill.hasPrefix("0"), body.hasPrefix("-") || body.hasPrefix("+") { return body.prefix(1) + fill + body.dropFirst() }
        return fill + body
    }
}
