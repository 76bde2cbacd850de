/// `Date.FormatStyle` as en_US writes it, in the `TZ` time zone (SPEC §9): `date.formatted(date: .long, time:
/// .omitted)` is `December 1, 2026`; `.dateTime.hour().minute()` is `4:05 PM`; `.dateTime.month().day()` is `Dec 1`.
/// A space stands where ICU puts a narrow no-break space before `PM`.
struct DateStyle {
    /// The fields a `.dateTime` chain names, each with its form (`"abbreviated"` when it gives none).
    private var fields: [String: String] = [:]
    /// `formatted(date:time:)`'s styles.
    private var dateStyle: String?
    private var timeStyle: String?

    static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// A weekday's name, 1 is `Sunday`, as `Platform.localTime` counts them.
    static func weekday(_ n: Int) -> String { weekdays[max(0, min(6, n - 1))] }

    init(_ steps: [Value]) {
        for s in steps.dropFirst() {
            guard let (name, arguments) = FormatStyles.step(s) else { continue }
            switch (name, arguments.first) {
            case ("date", .symbol(let style)?): dateStyle = style
            case ("time", .symbol(let style)?): timeStyle = style
            case (_, .symbol(let form)?): fields[name] = form
            case (_, let form?):
                // `.hour(.defaultDigits(amPM: .omitted))`: the form and its words, "defaultDigits omitted".
                guard let (form, words) = FormatStyles.step(form) else { continue }
                fields[name] = ([form] + words.compactMap { if case .symbol(let w) = $0 { w } else { nil } }).joined(separator: " ")
            case (_, nil): fields[name] = "abbreviated"
            }
        }
    }

    func text(_ seconds: Double) -> String {
        guard Limits.isRepresentableDate(seconds) else { return "(date out of range)" }
        let t = Platform.localTime(seconds)
        if dateStyle != nil || timeStyle != nil || fields.isEmpty {
            var date = dateStyle ?? "omitted", time = timeStyle ?? "omitted"
            if date == "omitted", time == "omitted" { (date, time) = ("numeric", "shortened") }
            return joined(presetDate(date, t), presetTime(time, t, seconds), numeric: date == "numeric")
        }
        return joined(fieldDate(t), fieldTime(t), numeric: isNumericMonth || fields["month"] == nil)
    }

    private var isNumericMonth: Bool { fields["month"].map { $0.hasSuffix("Digits") } ?? false }

    private func joined(_ date: String, _ time: String, numeric: Bool) -> String {
        if date.isEmpty || time.isEmpty { return date + time }
        // A weekday or a day alone before the time, as ICU joins them: `Tue 4:05 PM`, but `Tue, 4 PM` and `1, 4 PM`.
        if !fields.isEmpty, fields["month"] == nil, fields["year"] == nil { return date + (fields["minute"] != nil && fields["day"] == nil ? " " : ", ") + time }
        return date + (numeric ? ", " : " at ") + time
    }

    private typealias Parts = (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, weekday: Int)

    private func presetDate(_ style: String, _ t: Parts) -> String {
        let month = Formatting.monthName(t.month)
        switch style {
        case "omitted": return ""
        case "numeric": return "\(t.month)/\(t.day)/\(t.year)"
        case "abbreviated": return "\(month.prefix(3)) \(t.day), \(t.year)"
        case "long": return "\(month) \(t.day), \(t.year)"
        default: return "\(Self.weekday(t.weekday)), \(month) \(t.day), \(t.year)"   // complete
        }
    }

    private func presetTime(_ style: String, _ t: Parts, _ seconds: Double) -> String {
        let withSeconds = "\(DateFormatting.hour12(t.hour)):\(DateFormatting.pad(t.minute, 2)):\(DateFormatting.pad(t.second, 2)) \(t.hour < 12 ? "AM" : "PM")"
        switch style {
        case "omitted": return ""
        case "shortened": return DateFormatting.clock(hour: t.hour, minute: t.minute)
        case "standard": return withSeconds
        default: return withSeconds + " " + Self.zone(seconds)   // complete
        }
    }

    /// `GMT`, `GMT-5`, `GMT+5:30`.
    static func zone(_ seconds: Double) -> String {
        let offset = Platform.utcOffset(seconds)
        guard offset != 0 else { return "GMT" }
        let minutes = abs(offset) / 60
        return "GMT" + (offset < 0 ? "-" : "+") + String(minutes / 60) + (minutes % 60 == 0 ? "" : ":" + DateFormatting.pad(minutes % 60, 2))
    }

    private func fieldDate(_ t: Parts) -> String {
        let twoDigits = { (n: Int) in DateFormatting.pad(n % 100, 2) }
        var day = fields["day"].map { $0 == "twoDigits" ? twoDigits(t.day) : String(t.day) }
        let year = fields["year"].map { $0 == "twoDigits" ? twoDigits(t.year) : String(t.year) }
        var date: String
        if isNumericMonth {
            let month = fields["month"] == "twoDigits" ? twoDigits(t.month) : String(t.month)
            date = [month, day, year].compactMap { $0 }.joined(separator: "/")
        } else if let form = fields["month"] {
            let name = Formatting.monthName(t.month)
            var month = form == "wide" ? name : form == "narrow" ? String(name.prefix(1)) : String(name.prefix(3))
            if let d = day { month += " " + d; day = nil }
            date = [month, year].compactMap { $0 }.joined(separator: day == nil && fields["day"] != nil ? ", " : " ")
        } else {
            date = [day, year].compactMap { $0 }.joined(separator: " ")
        }
        if let form = fields["weekday"] {
            let name = Self.weekday(t.weekday)
            let weekday = form == "wide" ? name : form == "short" ? String(name.prefix(2)) : form == "narrow" ? String(name.prefix(1)) : String(name.prefix(3))
            date = date.isEmpty ? weekday : weekday + ", " + date
        }
        return date
    }

    private func fieldTime(_ t: Parts) -> String {
        let hourForm = fields["hour"] ?? ""
        let minute = fields["minute"] != nil, second = fields["second"] != nil
        guard fields["hour"] != nil else {
            if minute, second { return DateFormatting.pad(t.minute, 2) + ":" + DateFormatting.pad(t.second, 2) }
            return minute ? String(t.minute) : second ? String(t.second) : ""
        }
        let omitsHalf = hourForm.hasSuffix("omitted")
        let hour12 = DateFormatting.hour12(t.hour)
        // Without AM and PM the hour has two digits, as ICU writes it (`04:05`).
        var text = hourForm.hasPrefix("twoDigits") || omitsHalf ? DateFormatting.pad(hour12, 2) : String(hour12)
        if minute { text += ":" + DateFormatting.pad(t.minute, 2) }
        if second { text += ":" + DateFormatting.pad(t.second, 2) }
        return omitsHalf ? text : text + " " + (t.hour < 12 ? "AM" : "PM")
    }
}
