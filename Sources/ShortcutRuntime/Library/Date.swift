import ShortcutSyntax

/// Date properties and methods (SPEC §3): components in the `TZ` time zone, `formatted()`, intervals.
extension Interpreter {
    func dateProperty(_ d: Double, _ name: Name) -> Value? {
        switch name.member {
        case .isToday:
            let now = Platform.localTime(Platform.now()), then = Platform.localTime(d)
            return .bool(now.year == then.year && now.month == then.month && now.day == then.day)
        case .timeIntervalSince1970: return .double(d)
        case .year: return .int(Platform.localTime(d).year)
        case .month: return .int(Platform.localTime(d).month)
        case .day: return .int(Platform.localTime(d).day)
        case .hour: return .int(Platform.localTime(d).hour)
        case .minute: return .int(Platform.localTime(d).minute)
        case .second: return .int(Platform.localTime(d).second)
        case .weekday: return .int(Platform.localTime(d).weekday)
        case .description: return .string(DateFormatting.iso8601(d))
        default: return nil
        }
    }

    func dateMethod(_ d: Double, _ name: Name, _ args: Arguments, _ site: SourceRange) throws(ScriptError) -> Value? {
        switch name.member {
        case .formatted:
            // `formatted(date:time:)` and `formatted(.dateTime.hour())` alike: a style's steps, as the checker wrote them.
            guard case .array(let steps)? = args.first else { return .string(DateFormatting.short(d)) }
            return try FormatStyles.text(.date(d), steps, site: site).map(Value.string)
        case .addingTimeInterval:
            guard args.count == 1, let s = args[0].asDouble else { return nil }
            return try date(d + s, site)
        case .timeIntervalSince:
            guard args.count == 1, case .date(let other) = args[0] else { return nil }
            return .double(d - other)
        default: return nil
        }
    }
}
