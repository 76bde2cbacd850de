import ShortcutSyntax

/// Foundation's format styles as a device in en_US formats them (SPEC §13): `x.formatted(.number.precision(
/// .fractionLength(2)))`, `Text(x, format: .currency(code: "USD"))`, `date.formatted(.dateTime.hour().minute())`.
///
/// The checker writes a style as the steps of its chain (`FormatStyleCatalog`), each `[.symbol(name), arguments…]`,
/// an argument that is itself a style (`.fractionLength(2)`) a step in turn; this reads them and formats.
enum FormatStyles {
    /// Why a style could not format: what its step needs (Swift traps on a negative length).
    struct Refusal: Error {
        let step: String
        let needs: String
    }

    /// The text of `value` in the style `steps` describe; nil when the style does not fit the value.
    static func text(_ value: Value, _ steps: [Value]) throws(Refusal) -> String? {
        guard case .array(let root)? = steps.first, case .symbol(let name)? = root.first else { return nil }
        switch (name, value) {
        case ("number", .int), ("number", .double), ("percent", .int), ("percent", .double), ("currency", .int), ("currency", .double):
            return try NumberStyle(steps).text(value)
        case ("dateTime", .date(let d)):
            return DateStyle(steps).text(d)
        case ("iso8601", .date(let d)):
            return DateFormatting.iso8601(d)
        case ("list", .array(let items)):
            let words = root.dropFirst().compactMap { if case .symbol(let w) = $0 { w } else { nil } }
            return list(items.map(\.description), type: words.first ?? "and", width: words.dropFirst().first ?? "standard")
        default:
            return nil
        }
    }

    /// `["a", "b", "c"]` as Foundation names a list in en_US (checked against this machine's): "a, b, and c"; `.or`
    /// "a, b or c"; the `.short` width "a, b and c"; `.narrow` "a, b, c" (`.or`: "a, b or c"); two are "a and b", one
    /// is itself.
    static func list(_ items: [String], type: String, width: String) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        let last: String
        switch (type, width) {
        case ("or", _): last = " or "
        case (_, "narrow"): last = ", "
        case (_, "short"): last = " and "
        default: last = items.count > 2 ? ", and " : " and "
        }
        return items.dropLast().joined(separator: ", ") + last + items[items.count - 1]
    }

    /// `text`, a refusal the runtime error it is.
    static func text(_ value: Value, _ steps: [Value], site: SourceRange) throws(ScriptError) -> String? {
        do { return try text(value, steps) } catch {
            throw ScriptError.runtime(.badArgument(function: error.step, needs: error.needs), at: site)
        }
    }

    /// A step's name and arguments.
    static func step(_ value: Value) -> (name: String, arguments: [Value])? {
        guard case .array(let parts) = value, case .symbol(let name)? = parts.first else { return nil }
        return (name, Array(parts.dropFirst()))
    }

    /// `2`, `1...3`, `2...` (a range to `Int.max`): the bounds a length limit gives; nil for an empty range.
    static func limits(_ value: Value, of step: String) throws(Refusal) -> ClosedRange<Int>? {
        let bounds: ClosedRange<Int>
        switch value {
        case .int(let n): bounds = n...max(n, 0)
        case .closedRange(let a, let b) where a <= b: bounds = a...b
        case .range(let a, let b) where a < b: bounds = a...(b - 1)
        default: return nil
        }
        guard bounds.lowerBound >= 0 else { throw Refusal(step: step + "(_:)", needs: "lengths of zero or more") }
        return bounds
    }
}

/// `IntegerFormatStyle` / `FloatingPointFormatStyle` with `.percent` and `.currency(code:)`.
struct NumberStyle {
    enum Kind { case number, percent, currency(String) }
    enum Sign { case automatic, never, always(includingZero: Bool) }
    enum Precision { case fraction(ClosedRange<Int>), significant(ClosedRange<Int>), integerAndFraction(ClosedRange<Int>, ClosedRange<Int>?) }

    /// The most digits a length limit may ask for, ICU's: past it the precision is passed over, as on a device.
    static let maximumDigits = 999

    var kind: Kind = .number
    var precision: Precision?
    var grouping = true
    var sign = Sign.automatic

    /// `.number`: up to six digits after the point, grouped.
    init() {}

    /// A refusal for a negative length; a step this does not know is passed over (the checker let none through).
    init(_ steps: [Value]) throws(FormatStyles.Refusal) {
        for s in steps {
            guard let (name, arguments) = FormatStyles.step(s) else { continue }
            switch (name, arguments.first) {
            case ("number", nil): kind = .number
            case ("percent", nil): kind = .percent
            case ("currency", .string(let code)?): kind = .currency(code.uppercased())
            case ("precision", let p?):
                guard let (how, limits) = FormatStyles.step(p) else { continue }
                precision = try Self.precision(how, limits)
            case ("grouping", .symbol(let g)?): grouping = g != "never"
            case ("sign", let strategy?):
                switch FormatStyles.step(strategy) {
                case ("never", _)?: sign = .never
                case ("always", let arguments)?:
                    if case .bool(let zero)? = arguments.first { sign = .always(includingZero: zero) } else { sign = .always(includingZero: true) }
                default: sign = .automatic
                }
            default: break   // `.locale(_:)`: formatted in en_US whatever the locale (SPEC §9)
            }
        }
    }

    /// A precision; nil — the style's own — where ICU passes over one: a least length past `maximumDigits`, no significant digit.
    private static func precision(_ how: String, _ arguments: [Value]) throws(FormatStyles.Refusal) -> Precision? {
        var limits: [ClosedRange<Int>] = []
        for a in arguments {
            guard let l = try FormatStyles.limits(a, of: how), l.lowerBound <= maximumDigits else { return nil }
            limits.append(l.lowerBound...min(l.upperBound, maximumDigits))   // `2...` is two or more
        }
        switch (how, limits.count) {
        case ("fractionLength", 1): return .fraction(limits[0])
        case ("significantDigits", 1): return limits[0].upperBound > 0 ? .significant(limits[0]) : nil
        case ("integerLength", 1): return .integerAndFraction(limits[0], nil)
        case ("integerAndFractionLength", 2): return .integerAndFraction(limits[0], limits[1])
        default: return nil
        }
    }

    /// The fraction digits a style shows when no precision is set: up to six; a currency's two (none for a yen).
    private var defaultFraction: ClosedRange<Int> {
        guard case .currency(let code) = kind else { return 0...6 }
        return Currency.wholeUnits.contains(code) ? 0...0 : 2...2
    }

    func text(_ value: Value) -> String? {
        var decimal: DecimalText
        switch value {
        case .int(let i): decimal = DecimalText(i)
        case .double(let d):
            guard let finite = DecimalText(d) else { return decorate(d.isNaN ? "NaN" : "∞", negative: d < 0, zero: false) }
            decimal = finite
            if case .percent = kind { decimal.scale(byPowerOfTen: 2) }   // an Int's percent is the number itself, as in Swift
        default: return nil
        }
        var integers = 1...Int.max
        var minimumFraction: Int
        switch precision ?? .fraction(defaultFraction) {
        case .fraction(let f):
            decimal.round(fractionDigits: f.upperBound)
            minimumFraction = f.lowerBound
        case .significant(let s):
            decimal.round(significantDigits: s.upperBound)
            minimumFraction = decimal.fractionDigits(showingSignificant: s.lowerBound)
        case .integerAndFraction(let i, let f):
            let fraction = f ?? defaultFraction
            decimal.round(fractionDigits: fraction.upperBound)
            minimumFraction = fraction.lowerBound
            integers = i
        }
        let body = decimal.text(integers: integers, minimumFraction: minimumFraction, grouping: grouping)
        return decorate(body, negative: decimal.negative, zero: decimal.isZero)
    }

    /// The sign, a currency's symbol before the digits, a percent sign after them.
    private func decorate(_ body: String, negative: Bool, zero: Bool) -> String {
        var sign = negative ? "-" : ""
        switch self.sign {
        case .automatic: break
        case .never: sign = ""
        case .always(let includingZero): if !negative, includingZero || !zero { sign = "+" }
        }
        switch kind {
        case .number: return sign + body
        case .percent: return sign + body + "%"
        case .currency(let code): return sign + Currency.prefix(code) + body
        }
    }
}

/// Currency symbols as en_US writes them.
enum Currency {
    static let symbols: [String: String] = [
        "USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "CAD": "CA$", "AUD": "A$", "NZD": "NZ$", "HKD": "HK$", "MXN": "MX$",
        "BRL": "R$", "CNY": "CN¥", "INR": "₹", "KRW": "₩", "ILS": "₪", "VND": "₫", "TWD": "NT$", "PHP": "₱", "XAF": "FCFA",
    ]
    /// Currencies without minor units: no digits after the point.
    static let wholeUnits: Set<String> = ["JPY", "KRW", "VND", "CLP", "ISK", "XAF", "XOF", "UGX", "PYG"]

    /// `$`, or the code and a no-break space (`CHF 1,234.50`) for a currency without a symbol of its own.
    static func prefix(_ code: String) -> String { symbols[code] ?? code + "\u{A0}" }
}
