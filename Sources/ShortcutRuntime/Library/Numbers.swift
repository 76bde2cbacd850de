import ShortcutSyntax

/// Numbers as a person reads them: `1,234`, `1,234.5`.
enum NumberFormatting {
    static func grouped(_ i: Int) -> String {
        let digits = String(i.magnitude)
        var out = ""
        for (n, c) in digits.enumerated() {
            if n > 0, (digits.count - n) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return (i < 0 ? "-" : "") + out
    }

    static func grouped(_ d: Double) -> String {
        guard d.isFinite else { return formatDouble(d) }
        let scaled = (abs(d) * 1_000_000).rounded()
        guard scaled < 9e18 else { return formatDouble(d) }
        let whole = Int(scaled) / 1_000_000
        var fraction = String(Int(scaled) % 1_000_000)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let sign = d < 0 && scaled > 0 ? "-" : ""
        return sign + grouped(whole) + (fraction.isEmpty ? "" : "." + fraction)
    }
}

/// Int and Double properties and methods (SPEC §3).
extension Interpreter {
    func numberProperty(_ value: Value, _ name: Name) -> Value? {
        switch (value, name.member) {
        case (.int(let i), .description?): return .string(String(i))
        case (.int(let i), .magnitude?): return i == Int.min ? .double(-Double(i)) : .int(abs(i))
        case (.double(let d), .description?): return .string(formatDouble(d))
        case (.double(let d), .magnitude?): return .double(abs(d))
        case (.double(let d), nil):
            switch name.text {
            case "isNaN": return .bool(d.isNaN)
            case "isFinite": return .bool(d.isFinite)
            case "isInfinite": return .bool(d.isInfinite)
            default: return nil
            }
        default: return nil
        }
    }

    func numberMethod(_ value: Value, _ name: Name, _ args: Arguments) -> Value? {
        switch (value, name.member) {
        case (.int(let i), .formatted?): return .string(NumberFormatting.grouped(i))
        case (.int(let i), .isMultiple?):
            guard args.count == 1, case .int(let m) = args[0] else { return nil }
            return .bool(m == 0 ? i == 0 : i % m == 0)
        case (.int(let i), .distance?):
            guard args.count == 1, case .int(let j) = args[0] else { return nil }
            let (d, overflow) = j.subtractingReportingOverflow(i)
            return overflow ? nil : .int(d)
        case (.int(let i), .description?): return .string(String(i))
        case (.double(let d), .formatted?): return .string(NumberFormatting.grouped(d))
        case (.double(let d), .rounded?): return .double(d.rounded())
        case (.double(let d), .squareRoot?): return .double(d.squareRoot())
        case (.double(let d), nil) where name.text == "truncatingRemainder":
            guard args.count == 1, let divisor = args[0].asDouble else { return nil }
            return .double(d.truncatingRemainder(dividingBy: divisor))
        default: return nil
        }
    }
}
