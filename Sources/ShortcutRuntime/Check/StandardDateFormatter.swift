/// Foundation's `DateFormatter` and `ISO8601DateFormatter` (and a `Locale` to name), written in the language on
/// `Calendar` (`StandardTypes`): a `dateFormat` pattern's fields (`yyyy`, `MM`, `MMM`, `MMMM`, `d`, `HH`, `h`, `mm`,
/// `ss`, `SSS`, `a`, `EEE`, `EEEE`, `D`, `w`, `Q`, `z`, `Z`, `X`, quoted text) both ways (`string(from:)`,
/// `date(from:)`, nil for text that does not fit), `dateStyle` and `timeStyle` as this machine's Foundation writes them
/// (its locale is `en_001`: `14 Nov 2023`, `14/11/2023, 10:13 PM`), in the formatter's `timeZone`. A space stands
/// before AM and PM where ICU puts a narrow no-break space, as for `formatted()` (docs/Language.md).
extension StandardTypes {
    static let dateFormatterSource = #"""
    struct Locale: Equatable {
        let identifier: String
        init(identifier: String) { self.identifier = identifier }
        static var current: Locale { Locale(identifier: "en_001") }
        static var autoupdatingCurrent: Locale { current }
    }

    final class DateFormatter {
        enum Style { case none, short, medium, long, full }
        var dateFormat: String = ""
        var dateStyle: Style = .none
        var timeStyle: Style = .none
        var timeZone: TimeZone? = TimeZone.current
        var locale: Locale? = Locale.current
        init() {}
        static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

        private var calendar: Calendar {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone ?? .current
            calendar.firstWeekday = 2   // weeks as the locale (en_001) counts them
            return calendar
        }

        func string(from date: Date) -> String {
            if !dateFormat.isEmpty { return DateFormatter.text(date, dateFormat, calendar) }
            var datePart = ""
            switch dateStyle {
            case .none: datePart = ""
            case .short: datePart = DateFormatter.text(date, "dd/MM/yyyy", calendar)
            case .medium: datePart = DateFormatter.text(date, "d MMM yyyy", calendar)
            case .long: datePart = DateFormatter.text(date, "d MMMM yyyy", calendar)
            case .full: datePart = DateFormatter.text(date, "EEEE, d MMMM yyyy", calendar)
            }
            var timePart = ""
            switch timeStyle {
            case .none: timePart = ""
            case .short: timePart = DateFormatter.text(date, "h:mm a", calendar)
            case .medium: timePart = DateFormatter.text(date, "h:mm:ss a", calendar)
            case .long: timePart = DateFormatter.text(date, "h:mm:ss a z", calendar)
            case .full: timePart = DateFormatter.text(date, "h:mm:ss a zzzz", calendar)
            }
            if datePart.isEmpty || timePart.isEmpty { return datePart + timePart }
            return datePart + (dateStyle == .short ? ", " : " at ") + timePart
        }

        /// The fields of a date a pattern names (`yyyy-MM-dd HH:mm`), letters in runs, text in quotes kept as it is.
        static func text(_ date: Date, _ pattern: String, _ calendar: Calendar) -> String {
            let f = calendar.fields(date)
            let (year, month, day, hour, minute, second, weekday) = (f[0], f[1], f[2], f[3], f[4], f[5], f[6])
            func padded(_ n: Int, _ width: Int) -> String {
                let digits = String(Swift.abs(n))
                return (n < 0 ? "-" : "") + String(repeating: "0", count: Swift.max(0, width - digits.count)) + digits
            }
            let offset = calendar.timeZone.secondsFromGMT(for: date)
            func zone(_ width: Int, colon: Bool, zeroIsZ: Bool) -> String {
                if offset == 0 && zeroIsZ { return "Z" }
                let sign = offset < 0 ? "-" : "+"
                return sign + padded(Swift.abs(offset) / 3600, 2) + (colon ? ":" : "") + padded(Swift.abs(offset) % 3600 / 60, 2)
            }
            let chars = Array(pattern)
            var out = ""
            var i = 0
            while i < chars.count {
                let c = chars[i]
                if c == "'" {
                    var j = i + 1
                    if j < chars.count && chars[j] == "'" { out += "'"; i += 2; continue }
                    while j < chars.count && chars[j] != "'" { out.append(chars[j]); j += 1 }
                    i = j + 1
                    continue
                }
                guard c.isLetter else { out.append(c); i += 1; continue }
                var n = 1
                while i + n < chars.count && chars[i + n] == c { n += 1 }
                i += n
                switch c {
                case "y": out += n == 2 ? padded(year % 100, 2) : padded(year, n)
                case "M", "L":
                    if n >= 5 { out += String(months[month - 1].prefix(1)) }
                    else if n == 4 { out += months[month - 1] }
                    else if n == 3 { out += String(months[month - 1].prefix(3)) }
                    else { out += padded(month, n) }
                case "d": out += padded(day, n)
                case "D": out += padded(Calendar.days(year, month, day) - Calendar.days(year, 1, 1) + 1, n)
                case "E", "e", "c":
                    let name = weekdays[weekday - 1]
                    if (c == "e" || c == "c") && n <= 2 { out += padded(weekday, n) }
                    else { out += n == 4 ? name : n >= 5 ? String(name.prefix(1)) : n == 6 ? String(name.prefix(2)) : String(name.prefix(3)) }
                case "H": out += padded(hour, n)
                case "k": out += padded(hour == 0 ? 24 : hour, n)
                case "K": out += padded(hour % 12, n)
                case "h": out += padded(hour % 12 == 0 ? 12 : hour % 12, n)
                case "m": out += padded(minute, n)
                case "s": out += padded(second, n)
                case "S":
                    let t = date.timeIntervalSince1970
                    let fraction = Int(((t - t.rounded(.down)) * 1000).rounded(.down))
                    out += String(padded(fraction, 3).prefix(n)) + String(repeating: "0", count: Swift.max(0, n - 3))
                case "a": out += hour < 12 ? "AM" : "PM"
                case "Q", "q": out += n >= 3 ? (n == 3 ? "Q" : "") + (n == 4 ? ["1st", "2nd", "3rd", "4th"][(month - 1) / 3] + " quarter" : "\((month - 1) / 3 + 1)") : padded((month - 1) / 3 + 1, n)
                case "w": out += padded(calendar.component(.weekOfYear, from: date), n)
                case "z": out += offset == 0 ? (n == 4 ? "Greenwich Mean Time" : "GMT") : "GMT" + zone(4, colon: true, zeroIsZ: false)
                case "Z": out += n == 5 ? zone(5, colon: true, zeroIsZ: true) : zone(4, colon: false, zeroIsZ: false)
                case "X", "x": out += n == 1 ? (offset == 0 && c == "X" ? "Z" : zone(2, colon: false, zeroIsZ: c == "X")) : zone(n, colon: n == 3 || n == 5, zeroIsZ: c == "X")
                default: out += String(repeating: String(c), count: n)
                }
            }
            return out
        }

        /// The date a text gives by the pattern, every field read back; nil when the text does not fit it.
        func date(from string: String) -> Date? {
            let pattern = Array(dateFormat.isEmpty ? "dd/MM/yyyy" : dateFormat)
            let text = Array(string)
            var c = DateComponents(year: 2000, month: 1, day: 1, hour: 0, minute: 0, second: 0)
            var pm: Bool? = nil
            var zoneOffset: Int? = nil
            var i = 0, j = 0
            func number(_ maxDigits: Int) -> Int? {
                var digits = ""
                var sign = 1
                if j < text.count && (text[j] == "-" || text[j] == "+") && maxDigits > 4 { sign = text[j] == "-" ? -1 : 1; j += 1 }
                while j < text.count && text[j].isNumber && digits.count < maxDigits { digits.append(text[j]); j += 1 }
                return Int(digits).map { $0 * sign }
            }
            while i < pattern.count {
                let p = pattern[i]
                if p == "'" {
                    var k = i + 1
                    while k < pattern.count && pattern[k] != "'" {
                        guard j < text.count, text[j] == pattern[k] else { return nil }
                        j += 1
                        k += 1
                    }
                    i = k + 1
                    continue
                }
                guard p.isLetter else {
                    guard j < text.count, text[j] == p else { return nil }
                    i += 1
                    j += 1
                    continue
                }
                var n = 1
                while i + n < pattern.count && pattern[i + n] == p { n += 1 }
                i += n
                switch p {
                case "y":
                    guard let y = number(n == 2 ? 2 : 9) else { return nil }
                    c.year = n == 2 ? 2000 + y : y
                case "M", "L":
                    if n >= 3 {
                        let rest = String(text[j...]).lowercased()
                        guard let m = DateFormatter.months.firstIndex(where: { rest.hasPrefix(n == 4 ? $0.lowercased() : String($0.prefix(3)).lowercased()) }) else { return nil }
                        j += n == 4 ? DateFormatter.months[m].count : 3
                        c.month = m + 1
                    } else {
                        guard let m = number(2), m >= 1, m <= 12 else { return nil }
                        c.month = m
                    }
                case "d":
                    guard let d = number(2), d >= 1, d <= 31 else { return nil }
                    c.day = d
                case "H", "k", "h", "K":
                    guard let h = number(2), h <= 24 else { return nil }
                    c.hour = h
                case "m":
                    guard let m = number(2), m < 60 else { return nil }
                    c.minute = m
                case "s":
                    guard let s = number(2), s < 61 else { return nil }
                    c.second = s
                case "S":
                    guard let fraction = number(n) else { return nil }
                    c.nanosecond = fraction * Int(Swift.pow(10.0, Double(9 - n)))
                case "a":
                    let rest = String(text[j...]).uppercased()
                    if rest.hasPrefix("AM") { pm = false } else if rest.hasPrefix("PM") { pm = true } else { return nil }
                    j += 2
                case "E":
                    let rest = String(text[j...]).lowercased()
                    guard let w = DateFormatter.weekdays.first(where: { rest.hasPrefix(n == 4 ? $0.lowercased() : String($0.prefix(3)).lowercased()) }) else { return nil }
                    j += n == 4 ? w.count : 3
                case "Z", "X", "x":
                    if j < text.count && text[j] == "Z" { zoneOffset = 0; j += 1; break }
                    guard j < text.count, text[j] == "+" || text[j] == "-" else { return nil }
                    let sign = text[j] == "-" ? -1 : 1
                    j += 1
                    guard let h = number(2) else { return nil }
                    if j < text.count && text[j] == ":" { j += 1 }
                    let m = number(2) ?? 0
                    zoneOffset = sign * (h * 3600 + m * 60)
                default:
                    return nil
                }
            }
            guard j == text.count else { return nil }
            if let pm, let h = c.hour { c.hour = h % 12 + (pm ? 12 : 0) }
            var calendar = self.calendar
            if let zoneOffset { calendar.timeZone = TimeZone(secondsFromGMT: zoneOffset) ?? calendar.timeZone }
            return calendar.date(from: c)
        }
    }

    final class ISO8601DateFormatter {
        var timeZone: TimeZone? = TimeZone(identifier: "UTC")
        init() {}
        func string(from date: Date) -> String {
            let f = DateFormatter()
            f.timeZone = timeZone
            f.dateFormat = "yyyy-MM-dd'T'HH:mm:ssXXXXX"
            return f.string(from: date)
        }
        func date(from string: String) -> Date? {
            let f = DateFormatter()
            f.timeZone = timeZone
            f.dateFormat = "yyyy-MM-dd'T'HH:mm:ssXXXXX"
            return f.date(from: string)
        }
    }
    """#
}
