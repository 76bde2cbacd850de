/// Foundation's `NumberFormatter` and `NSNumber`, written in the language (`StandardTypes`), as this machine's Foundation
/// (ICU, locale `en_001`) writes numbers: the styles `.none`, `.decimal`, `.percent`, `.currency`, `.ordinal` and
/// `.spellOut`; each style's fraction digits unless set (`minimumFractionDigits`, `maximumFractionDigits`), rounded half
/// to even on the number's shortest decimal text (`2.25` → `2.2`, `0.0005` → `0`); `minimumIntegerDigits`,
/// `usesGroupingSeparator`; a currency's symbol by its code in the formatter's locale (`US$` in `en_001`, `$` in `en_US`,
/// `¤` with no code); `string(from:)`, `string(for:)` and `number(from:)`.
extension StandardTypes {
    static let numberFormatterSource = #"""
    struct NSNumber: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, CustomStringConvertible, Equatable {
        let doubleValue: Double
        let integer: Int?
        init(integerLiteral value: Int) { doubleValue = Double(value); integer = value }
        init(floatLiteral value: Double) { doubleValue = value; integer = nil }
        init(value: Int) { doubleValue = Double(value); integer = value }
        init(value: Double) { doubleValue = value; integer = nil }
        init(value: Bool) { doubleValue = value ? 1 : 0; integer = value ? 1 : 0 }
        var intValue: Int { integer ?? (doubleValue.isFinite && abs(doubleValue) < 9.2e18 ? Int(doubleValue) : 0) }
        var boolValue: Bool { doubleValue != 0 }
        var stringValue: String { integer.map { String($0) } ?? "\(doubleValue)" }
        var description: String { stringValue }
        /// The magnitude's decimal digits, the point after the first `point` of them (`0.0005`: [5], point -3).
        var decimalDigits: (digits: [Int], point: Int) {
            let text = integer.map { String($0.magnitude) } ?? "\(abs(doubleValue))"
            let parts = text.split(separator: "e")
            let mantissa = String(parts[0])
            var exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
            if let dot = mantissa.firstIndex(of: ".") { exponent += mantissa.distance(from: mantissa.startIndex, to: dot) } else { exponent += mantissa.count }
            var digits = mantissa.compactMap { $0.wholeNumberValue }
            while let first = digits.first, first == 0 { digits.removeFirst(); exponent -= 1 }
            return (digits, exponent)
        }
    }

    final class NumberFormatter {
        enum Style { case none, decimal, currency, percent, scientific, spellOut, ordinal, currencyISOCode, currencyPlural, currencyAccounting }
        var numberStyle: Style = .none
        var locale: Locale = Locale.current
        private var code: String? = nil
        var minimumIntegerDigits = 1
        var groupingSeparator: String = ","
        var decimalSeparator: String = "."
        private var fractionLimits: (Int?, Int?) = (nil, nil)
        private var grouping: Bool? = nil
        init() {}

        var usesGroupingSeparator: Bool {
            get { grouping ?? (numberStyle == .decimal || numberStyle == .percent || numberStyle == .currency) }
            set { grouping = newValue }
        }
        /// The locale's currency unless set (`en_US`'s dollars; `en_001` has none).
        var currencyCode: String! {
            get { code ?? (locale.identifier == "en_US" ? "USD" : nil) }
            set { code = newValue }
        }
        private var currencyDigits: Int { currencyCode == "JPY" || currencyCode == "KRW" ? 0 : 2 }
        var minimumFractionDigits: Int {
            get { fractionLimits.0 ?? (numberStyle == .currency ? currencyDigits : 0) }
            set { fractionLimits.0 = newValue; if maximumFractionDigits < newValue { fractionLimits.1 = newValue } }
        }
        var maximumFractionDigits: Int {
            get { fractionLimits.1 ?? (numberStyle == .currency ? currencyDigits : numberStyle == .decimal ? 3 : 0) }
            set { fractionLimits.1 = newValue; if minimumFractionDigits > newValue { fractionLimits.0 = newValue } }
        }
        var currencySymbol: String {
            guard let code = currencyCode else { return "¤" }
            let us = locale.identifier == "en_US"
            switch code {
            case "USD": return us ? "$" : "US$"
            case "EUR": return "€"
            case "GBP": return "£"
            case "JPY": return us ? "¥" : "JP¥"
            case "INR": return "₹"
            case "CAD": return us ? "CA$" : "CA$"
            case "AUD": return "A$"
            default: return code + "\u{A0}"
            }
        }

        func string(for value: Any?) -> String? {
            if let n = value as? NSNumber { return string(from: n) }
            if let i = value as? Int { return string(from: NSNumber(value: i)) }
            if let d = value as? Double { return string(from: NSNumber(value: d)) }
            return nil
        }

        func string(from number: NSNumber) -> String? {
            let negative = number.doubleValue < 0 || (number.integer ?? 0) < 0
            if number.integer == nil && !number.doubleValue.isFinite { return number.doubleValue.isNaN ? "NaN" : (negative ? "-∞" : "∞") }
            switch numberStyle {
            case .spellOut:
                let words = NumberFormatter.spelled(number)
                return negative ? "minus " + words : words
            case .ordinal:
                let n = abs(number.intValue)
                let suffix = (n % 100 >= 11 && n % 100 <= 13) ? "th" : n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th"
                return (negative ? "-" : "") + String(n) + suffix
            default:
                var (digits, point) = number.decimalDigits
                if numberStyle == .percent { point += 2 }
                let text = fixed(digits, point)
                let sign = negative ? "-" : ""
                switch numberStyle {
                case .percent: return sign + text + "%"
                case .currency, .currencyAccounting, .currencyISOCode, .currencyPlural: return sign + currencySymbol + text
                default: return sign + text
                }
            }
        }

        /// The digits rounded half to even at `maximumFractionDigits`, then written with the integer and fraction digits
        /// the formatter asks for.
        private func fixed(_ digits: [Int], _ point: Int) -> String {
            var digits = digits, point = point
            let keep = point + maximumFractionDigits
            if keep < digits.count {
                let next = keep >= 0 ? digits[keep] : 0
                let rest = keep + 1 < digits.count && digits[max(keep + 1, 0)...].contains { $0 != 0 }
                let previous = keep > 0 ? digits[keep - 1] : 0
                let up = keep >= 0 && (next > 5 || (next == 5 && (rest || previous % 2 == 1)))
                digits = keep > 0 ? Array(digits[..<keep]) : []
                if up {
                    var i = digits.count - 1
                    while i >= 0 && digits[i] == 9 { digits[i] = 0; i -= 1 }
                    if i >= 0 { digits[i] += 1 } else { digits.insert(1, at: 0); point += 1 }
                }
            }
            var integer = point > 0 ? digits.prefix(point).map { String($0) }.joined() + String(repeating: "0", count: max(0, point - digits.count)) : ""
            var fraction = point < 0 ? String(repeating: "0", count: -point) : ""
            fraction += digits.dropFirst(max(point, 0)).map { String($0) }.joined()
            while fraction.count > minimumFractionDigits && fraction.hasSuffix("0") { fraction.removeLast() }
            while fraction.count < minimumFractionDigits { fraction += "0" }
            while integer.count < minimumIntegerDigits { integer = "0" + integer }
            if usesGroupingSeparator && integer.count > 3 {
                var grouped = ""
                for (i, c) in integer.enumerated() {
                    if i > 0 && (integer.count - i) % 3 == 0 { grouped += groupingSeparator }
                    grouped.append(c)
                }
                integer = grouped
            }
            return fraction.isEmpty ? integer : integer + decimalSeparator + fraction
        }

        func number(from string: String) -> NSNumber? {
            var text = string.replacingOccurrences(of: groupingSeparator, with: "")
            if numberStyle == .percent {
                guard text.hasSuffix("%") else { return nil }
                text.removeLast()
            }
            if let i = Int(text) { return numberStyle == .percent ? NSNumber(value: Double(i) / 100) : NSNumber(value: i) }
            if let d = Double(text), d.isFinite { return NSNumber(value: numberStyle == .percent ? d / 100 : d) }
            return nil
        }

        static let ones = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
                           "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
        static let tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
        static let scales = [(1_000_000_000_000, "trillion"), (1_000_000_000, "billion"), (1_000_000, "million"), (1_000, "thousand")]

        /// A whole number's English words, as ICU spells them (`one thousand two hundred thirty-four`).
        static func words(_ n: Int) -> String {
            if n < 20 { return ones[n] }
            if n < 100 { return tens[n / 10] + (n % 10 == 0 ? "" : "-" + ones[n % 10]) }
            if n < 1000 { return ones[n / 100] + " hundred" + (n % 100 == 0 ? "" : " " + words(n % 100)) }
            for (scale, name) in scales where n >= scale {
                return words(n / scale) + " " + name + (n % scale == 0 ? "" : " " + words(n % scale))
            }
            return String(n)
        }

        /// The magnitude's words, its fraction's digits after `point` (`two point five`).
        static func spelled(_ number: NSNumber) -> String {
            let (digits, point) = number.decimalDigits
            let whole = point > 0 ? Int(digits.prefix(point).map { String($0) }.joined() + String(repeating: "0", count: max(0, point - digits.count))) ?? 0 : 0
            let fraction = (point < 0 ? Array(repeating: 0, count: -point) : []) + Array(digits.dropFirst(max(point, 0)))
            return words(whole) + (fraction.isEmpty ? "" : " point " + fraction.map { ones[$0] }.joined(separator: " "))
        }
    }
    """#
}
