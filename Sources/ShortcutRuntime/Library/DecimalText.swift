/// A number as decimal digits, rounded and laid out as a number format style does: the digits of a `Double`'s
/// shortest text (what `print` shows), so `2.675` rounds to `2.68` — the decimal the person wrote — and ties go to
/// the even digit (`0.125` → `0.12`), as ICU's number formatter does on a device.
struct DecimalText {
    /// The significant digits (0–9), no leading or trailing zero; empty for zero.
    private(set) var digits: [UInt8]
    /// How many of the digits come before the decimal point (negative: zeros after the point first).
    private(set) var point: Int
    /// The sign bit: `-0.0` is negative, as ICU shows it.
    let negative: Bool

    init(_ i: Int) {
        negative = i < 0
        digits = String(i.magnitude).utf8.map { $0 - 48 }
        point = digits.count
        trim()
    }

    /// Nil for an infinity or NaN.
    init?(_ d: Double) {
        guard d.isFinite else { return nil }
        negative = d.sign == .minus
        // `1e+16`, `2.5e-07`, `1234.5`: the mantissa's digits, the point where the text puts it, moved by the exponent.
        let text = "\(d.magnitude)"
        let parts = text.split(separator: "e", maxSplits: 1)
        var digits: [UInt8] = []
        var point: Int?
        for c in parts[0].utf8 {
            if c == UInt8(ascii: ".") { point = digits.count } else { digits.append(c - 48) }
        }
        self.digits = digits
        self.point = (point ?? digits.count) + (parts.count > 1 ? Int(parts[1]) ?? 0 : 0)
        trim()
    }

    var isZero: Bool { digits.isEmpty }

    /// Multiplied by a power of ten (a percent is the value times 100), exactly.
    mutating func scale(byPowerOfTen k: Int) {
        if !digits.isEmpty { point += k }
    }

    /// Rounded, half to even, to `places` digits after the point.
    mutating func round(fractionDigits places: Int) {
        round(keeping: point + places)
    }

    /// Rounded, half to even, to `count` significant digits.
    mutating func round(significantDigits count: Int) {
        round(keeping: count)
    }

    /// The digits as text: at least `integers.lowerBound` integer digits (the highest cut past `integers.upperBound`),
    /// at least `minimumFraction` digits after the point, grouped by thousands when `grouping`. (A most of 0 is no most, as in ICU.)
    func text(integers: ClosedRange<Int>, minimumFraction: Int, grouping: Bool) -> String {
        var whole: [UInt8] = point > 0 ? Array(digits.prefix(point)) + Array(repeating: 0, count: max(0, point - digits.count)) : []
        if integers.upperBound > 0, whole.count > integers.upperBound { whole.removeFirst(whole.count - integers.upperBound) }
        while let first = whole.first, first == 0, whole.count > integers.lowerBound { whole.removeFirst() }
        if whole.count < integers.lowerBound { whole.insert(contentsOf: repeatElement(0, count: integers.lowerBound - whole.count), at: 0) }
        var fraction: [UInt8] = point < 0 ? Array(repeating: 0, count: -point) + digits : Array(digits.dropFirst(max(0, point)))
        if fraction.count < minimumFraction { fraction += repeatElement(0, count: minimumFraction - fraction.count) }
        var out = ""
        for (n, d) in whole.enumerated() {
            if grouping, n > 0, (whole.count - n) % 3 == 0 { out.append(",") }
            out.unicodeScalars.append(Unicode.Scalar(48 + d))
        }
        if !fraction.isEmpty {
            out.append(".")
            for d in fraction { out.unicodeScalars.append(Unicode.Scalar(48 + d)) }
        }
        return out
    }

    /// How many digits the text shows after the point so that `minimum` significant digits show (`7` with two is `7.0`).
    func fractionDigits(showingSignificant minimum: Int) -> Int {
        let shown = max(0, digits.count - max(0, point)) + (point < 0 ? -point : 0)
        let significant = isZero ? 1 : point > 0 ? max(point, digits.count) : digits.count
        return shown + max(0, minimum - significant)
    }

    /// Keeps the digits before index `end` of `digits` (counted from the first significant digit), rounding half to even.
    private mutating func round(keeping end: Int) {
        guard end < digits.count else { return }
        guard end >= 0 else { digits = []; trim(); return }
        let first = digits[end]
        let tail = digits[(end + 1)...].contains { $0 != 0 }
        let up = first > 5 || (first == 5 && (tail || (end > 0 && digits[end - 1] % 2 == 1)))
        digits.removeLast(digits.count - end)
        if up {
            var i = digits.count - 1
            while i >= 0, digits[i] == 9 { digits[i] = 0; i -= 1 }
            if i >= 0 { digits[i] += 1 } else { digits.insert(1, at: 0); point += 1 }
        }
        trim()
    }

    private mutating func trim() {
        while let last = digits.last, last == 0 { digits.removeLast() }
        var leading = 0
        while leading < digits.count, digits[leading] == 0 { leading += 1 }
        if leading > 0 { digits.removeFirst(leading); point -= leading }
        if digits.isEmpty { point = 0 }
    }
}
