/// Foundation's `Calendar`, `DateComponents` and `TimeZone`, written in the language (`StandardTypes`): a calendar's
/// components of a date (`component(_:from:)`, `dateComponents(_:from:)`), the date of components (`date(from:)`, out of
/// range ones normalised), arithmetic (`date(byAdding:value:to:)`, `date(byAdding:to:)`, a month's end kept as
/// Foundation keeps it), `date(bySettingHour:minute:second:of:)`, `range(of:in:for:)` (the days of a month), `startOfDay(for:)`,
/// `isDateInToday(_:)` and its kin, and the whole units between two dates
/// (`dateComponents(_:from:to:)`). `Calendar.current` is Gregorian in the local time zone (`TZ`), as the date's own
/// fields are; a calendar's `timeZone` may be a fixed one (`TimeZone(identifier: "UTC")`, `TimeZone(secondsFromGMT:)`).
/// A week holds January 1 to be the year's first, and starts on Sunday, or on Monday for `current`, as this machine's
/// Foundation counts. Checked against `swift` in three time zones, across a daylight-saving change.
extension StandardTypes {
    static let calendarSource = #"""
    struct TimeZone: Equatable, CustomStringConvertible {
        let identifier: String
        let fixedOffset: Int?
        init?(identifier: String) {
            switch identifier {
            case "UTC", "GMT", "Etc/UTC", "Etc/GMT": self.init(named: identifier, offset: 0)
            default: return nil
            }
        }
        init?(secondsFromGMT seconds: Int) {
            guard Swift.abs(seconds) <= 18 * 3600 else { return nil }
            let sign = seconds < 0 ? "-" : "+"
            let h = Swift.abs(seconds) / 3600, m = Swift.abs(seconds) % 3600 / 60
            self.init(named: "GMT" + sign + (h < 10 ? "0" : "") + "\(h)" + (m < 10 ? "0" : "") + "\(m)", offset: seconds)
        }
        init(named identifier: String, offset: Int?) {
            self.identifier = identifier
            self.fixedOffset = offset
        }
        static var current: TimeZone { TimeZone(named: "current", offset: nil) }
        static var autoupdatingCurrent: TimeZone { current }
        static let gmt = TimeZone(named: "GMT", offset: 0)
        var description: String { identifier }
        func secondsFromGMT(for date: Date = Date()) -> Int {
            if let fixedOffset { return fixedOffset }
            let whole = Int((date.timeIntervalSince1970).rounded(.down))
            return Calendar.civilSeconds(date.year, date.month, date.day, date.hour, date.minute, date.second) - whole
        }
    }

    struct DateComponents: Equatable {
        var year: Int? = nil
        var month: Int? = nil
        var day: Int? = nil
        var hour: Int? = nil
        var minute: Int? = nil
        var second: Int? = nil
        var nanosecond: Int? = nil
        var weekday: Int? = nil
    }

    struct Calendar: Equatable {
        enum Identifier { case gregorian, iso8601 }
        enum Component { case era, year, month, day, hour, minute, second, nanosecond, weekday, weekOfYear, calendar, timeZone }
        var identifier: Identifier
        var timeZone: TimeZone = .current
        /// 1 is Sunday. A calendar made by its identifier starts weeks on Sunday; `current` on Monday, as this machine's
        /// Foundation does (its locale is `en_001`).
        var firstWeekday = 1
        init(identifier: Identifier) { self.identifier = identifier }
        static var current: Calendar {
            var calendar = Calendar(identifier: .gregorian)
            calendar.firstWeekday = 2
            return calendar
        }
        static var autoupdatingCurrent: Calendar { current }

        /// Days from 1970-01-01 to a proleptic Gregorian date (any month, normalised).
        static func days(_ year: Int, _ month: Int, _ day: Int) -> Int {
            let m0 = month - 1
            let y = year + (m0 >= 0 ? m0 / 12 : (m0 - 11) / 12)
            let m = (m0 % 12 + 12) % 12 + 1
            let yy = m <= 2 ? y - 1 : y
            let era = (yy >= 0 ? yy : yy - 399) / 400
            let yoe = yy - era * 400
            let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5
            let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
            return era * 146097 + doe - 719468 + day - 1
        }
        static func civilSeconds(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int, _ s: Int) -> Int {
            days(y, mo, d) * 86400 + h * 3600 + mi * 60 + s
        }
        /// The calendar fields of a moment in this calendar's time zone: year, month, day, hour, minute, second, weekday.
        func fields(_ date: Date) -> [Int] {
            guard let offset = timeZone.fixedOffset else {
                return [date.year, date.month, date.day, date.hour, date.minute, date.second, date.weekday]
            }
            let t = Int(date.timeIntervalSince1970.rounded(.down)) + offset
            let z = (t >= 0 ? t / 86400 : (t - 86399) / 86400)
            let secs = t - z * 86400
            let shifted = z + 719468
            let era = (shifted >= 0 ? shifted : shifted - 146096) / 146097
            let doe = shifted - era * 146097
            let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
            let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
            let mp = (5 * doy + 2) / 153
            let day = doy - (153 * mp + 2) / 5 + 1
            let month = mp < 10 ? mp + 3 : mp - 9
            let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
            let weekday = ((z % 7 + 7) % 7 + 4) % 7 + 1
            return [year, month, day, secs / 3600, secs % 3600 / 60, secs % 60, weekday]
        }
        func component(_ component: Component, from date: Date) -> Int {
            let f = fields(date)
            switch component {
            case .era: return 1
            case .year: return f[0]
            case .month: return f[1]
            case .day: return f[2]
            case .hour: return f[3]
            case .minute: return f[4]
            case .second: return f[5]
            case .weekday: return f[6]
            case .nanosecond:
                let t = date.timeIntervalSince1970
                return Int(((t - t.rounded(.down)) * 1_000_000_000).rounded())
            case .weekOfYear:
                // Weeks from `firstWeekday`, the first one holding January 1 (`minimumDaysInFirstWeek` 1).
                let dayOfYear = Calendar.days(f[0], f[1], f[2]) - Calendar.days(f[0], 1, 1)
                let daysInYear = Calendar.days(f[0] + 1, 1, 1) - Calendar.days(f[0], 1, 1)
                if dayOfYear - (f[6] - firstWeekday + 7) % 7 + 6 >= daysInYear { return 1 }
                let january1 = ((Calendar.days(f[0], 1, 1) % 7 + 7) % 7 + 4) % 7 + 1
                return (dayOfYear + (january1 - firstWeekday + 7) % 7) / 7 + 1
            case .calendar, .timeZone: return 0
            }
        }
        func dateComponents(_ components: Set<Component>, from date: Date) -> DateComponents {
            var c = DateComponents()
            if components.contains(.year) { c.year = component(.year, from: date) }
            if components.contains(.month) { c.month = component(.month, from: date) }
            if components.contains(.day) { c.day = component(.day, from: date) }
            if components.contains(.hour) { c.hour = component(.hour, from: date) }
            if components.contains(.minute) { c.minute = component(.minute, from: date) }
            if components.contains(.second) { c.second = component(.second, from: date) }
            if components.contains(.nanosecond) { c.nanosecond = component(.nanosecond, from: date) }
            if components.contains(.weekday) { c.weekday = component(.weekday, from: date) }
            return c
        }
        /// The moment of local calendar fields (any of them out of range, normalised as Foundation does).
        func date(from c: DateComponents) -> Date? {
            let naive = Calendar.civilSeconds(c.year ?? 1, c.month ?? 1, c.day ?? 1, c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
            let fraction = Double(c.nanosecond ?? 0) / 1_000_000_000
            guard timeZone.fixedOffset == nil else { return Date(timeIntervalSince1970: Double(naive - (timeZone.fixedOffset ?? 0)) + fraction) }
            let first = naive - timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(naive)))
            let second = naive - timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(first)))
            return Date(timeIntervalSince1970: Double(second) + fraction)
        }
        func date(byAdding component: Component, value: Int, to date: Date) -> Date? {
            var c = DateComponents()
            switch component {
            case .year: c.year = value
            case .month: c.month = value
            case .day: c.day = value
            case .hour: c.hour = value
            case .minute: c.minute = value
            case .second: c.second = value
            case .weekOfYear: c.day = 7 * value
            case .nanosecond: c.nanosecond = value
            default: return nil
            }
            return self.date(byAdding: c, to: date)
        }
        func date(byAdding c: DateComponents, to date: Date) -> Date? {
            let f = fields(date)
            let t = date.timeIntervalSince1970
            var month = f[1] + (c.month ?? 0)
            var year = f[0] + (c.year ?? 0)
            year += (month - 1 >= 0 ? (month - 1) / 12 : (month - 12) / 12)
            month = ((month - 1) % 12 + 12) % 12 + 1
            let last = Calendar.days(year, month + 1, 1) - Calendar.days(year, month, 1)
            let day = Swift.min(f[2], last) + (c.day ?? 0)
            var moved = DateComponents(year: year, month: month, day: day, hour: f[3], minute: f[4], second: f[5])
            moved.nanosecond = Int(((t - t.rounded(.down)) * 1_000_000_000).rounded())
            guard let base = self.date(from: moved) else { return nil }
            let seconds = Double((c.hour ?? 0) * 3600 + (c.minute ?? 0) * 60 + (c.second ?? 0)) + Double(c.nanosecond ?? 0) / 1_000_000_000
            return base.addingTimeInterval(seconds)
        }
        /// `range(of: .day, in: .month, for: date)`: the values the smaller unit takes in the larger one around the date.
        func range(of smaller: Component, in larger: Component, for date: Date) -> Range<Int>? {
            let f = fields(date)
            switch (smaller, larger) {
            case (.day, .month): return 1..<(Calendar.days(f[0], f[1] + 1, 1) - Calendar.days(f[0], f[1], 1) + 1)
            case (.day, .year): return 1..<(Calendar.days(f[0] + 1, 1, 1) - Calendar.days(f[0], 1, 1) + 1)
            case (.month, .year): return 1..<13
            case (.hour, .day): return 0..<24
            case (.minute, .hour), (.second, .minute): return 0..<60
            case (.weekday, .weekOfYear): return 1..<8
            default: return nil
            }
        }
        /// The date on the same day with the time of day given (`date(bySettingHour: 9, minute: 0, second: 0, of: now)`).
        func date(bySettingHour hour: Int, minute: Int, second: Int, of date: Date) -> Date? {
            guard (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second) else { return nil }
            let f = fields(date)
            return self.date(from: DateComponents(year: f[0], month: f[1], day: f[2], hour: hour, minute: minute, second: second))
        }
        func startOfDay(for date: Date) -> Date {
            let f = fields(date)
            return self.date(from: DateComponents(year: f[0], month: f[1], day: f[2]))!
        }
        func isDate(_ a: Date, inSameDayAs b: Date) -> Bool {
            let x = fields(a), y = fields(b)
            return x[0] == y[0] && x[1] == y[1] && x[2] == y[2]
        }
        func isDateInToday(_ date: Date) -> Bool { isDate(date, inSameDayAs: Date()) }
        func isDateInYesterday(_ date: Date) -> Bool { isDate(date, inSameDayAs: self.date(byAdding: .day, value: -1, to: Date())!) }
        func isDateInTomorrow(_ date: Date) -> Bool { isDate(date, inSameDayAs: self.date(byAdding: .day, value: 1, to: Date())!) }
        func isDateInWeekend(_ date: Date) -> Bool { let w = component(.weekday, from: date); return w == 1 || w == 7 }
        /// Whole units from one moment to another, the largest first, as Foundation counts them (a later unit borrows).
        func dateComponents(_ components: Set<Component>, from start: Date, to end: Date) -> DateComponents {
            var c = DateComponents()
            var cursor = start
            let forward = end >= start
            func count(_ unit: Component) -> Int {
                var n = 0
                while let next = date(byAdding: unit, value: forward ? n + 1 : -(n + 1), to: start == cursor ? start : cursor),
                      forward ? next <= end : next >= end {
                    n += 1
                    if n > 100_000 { break }
                }
                if let moved = date(byAdding: unit, value: forward ? n : -n, to: cursor) { cursor = moved }
                return forward ? n : -n
            }
            if components.contains(.year) { c.year = count(.year) }
            if components.contains(.month) { c.month = count(.month) }
            var rest = Int((end.timeIntervalSince(cursor)).rounded(.towardZero))
            if components.contains(.day) {
                let whole = rest / 86400
                c.day = whole
                cursor = date(byAdding: .day, value: whole, to: cursor) ?? cursor
                rest = Int((end.timeIntervalSince(cursor)).rounded(.towardZero))
            }
            if components.contains(.hour) { c.hour = rest / 3600; rest -= (rest / 3600) * 3600 }
            if components.contains(.minute) { c.minute = rest / 60; rest -= (rest / 60) * 60 }
            if components.contains(.second) { c.second = rest }
            return c
        }
    }
    """#
}
