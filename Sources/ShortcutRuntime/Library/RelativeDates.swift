/// SwiftUI's `Text(date, style: .relative / .offset / .timer)`: a date told by its distance from now, as Apple's
/// documentation shows them — `2 hours, 23 minutes`, `+2 hours`, `36:59:01`. A device redraws them as the clock
/// moves; a terminal draws them once, when the view is made.
enum RelativeDates {
    /// The calendar's difference between two moments in local time, largest unit first: years, months, days,
    /// hours, minutes, seconds (as `Calendar.dateComponents(_:from:to:)` counts them, borrowing across months).
    static func difference(from earlier: Double, to later: Double) -> [(count: Int, unit: String)] {
        let a = Platform.localTime(earlier), b = Platform.localTime(later)
        var parts = [b.year - a.year, b.month - a.month, b.day - a.day, b.hour - a.hour, b.minute - a.minute, b.second - a.second]
        let limits = [Int.max, 12, daysInMonth(before: b.year, b.month), 24, 60, 60]
        for i in stride(from: parts.count - 1, to: 0, by: -1) where parts[i] < 0 {
            parts[i] += limits[i]
            parts[i - 1] -= 1
        }
        return zip(parts, ["year", "month", "day", "hour", "minute", "second"]).map { ($0, $1) }
    }

    /// The calendar's difference between the two, the time between them counted in whole seconds first (so the
    /// moment the view is drawn, a little after `now` was read, does not move a second).
    static func difference(between date: Double, and now: Double) -> [(count: Int, unit: String)] {
        let start = min(date, now).rounded(.down)
        return difference(from: start, to: start + abs(date - now).rounded())
    }

    /// `2 hours, 23 minutes`: the two largest units that are not zero (`0 seconds` for now).
    static func relative(_ date: Double, now: Double) -> String {
        let parts = difference(between: date, and: now).filter { $0.count > 0 }
        guard !parts.isEmpty else { return "0 seconds" }
        return parts.prefix(2).map(spelled).joined(separator: ", ")
    }

    /// `+2 hours`, `-3 months`: the largest unit, signed (a date to come is `+`).
    static func offset(_ date: Double, now: Double) -> String {
        guard let first = difference(between: date, and: now).first(where: { $0.count > 0 }) else { return "0 seconds" }
        return (date > now ? "+" : "-") + spelled(first)
    }

    /// `2:32`, `36:59:01`: the time between the two as a clock counts it.
    static func timer(_ date: Double, now: Double) -> String {
        let seconds = Int(abs(date - now).rounded().clamped(to: 0...9e15))
        let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
        return h > 0 ? "\(h):\(DateFormatting.pad(m, 2)):\(DateFormatting.pad(s, 2))" : "\(m):\(DateFormatting.pad(s, 2))"
    }

    private static func spelled(_ part: (count: Int, unit: String)) -> String {
        "\(part.count) \(part.unit)\(part.count == 1 ? "" : "s")"
    }

    /// The days of the month before `month` of `year` (what a borrowed month is worth).
    private static func daysInMonth(before year: Int, _ month: Int) -> Int {
        let (y, m) = month == 1 ? (year - 1, 12) : (year, month - 1)
        let (ny, nm) = m == 12 ? (y + 1, 1) : (y, m + 1)
        return DateFormatting.days(fromCivil: ny, nm, 1) - DateFormatting.days(fromCivil: y, m, 1)
    }
}

extension Double {
    fileprivate func clamped(to range: ClosedRange<Double>) -> Double { Swift.min(Swift.max(self, range.lowerBound), range.upperBound) }
}
