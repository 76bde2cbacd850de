extension RecordType {
    /// The field that holds the number, when this is Foundation's `Decimal` as `StandardTypes.decimalSource` declares it:
    /// how the runtime knows one (its JSON is a number; an answer typed in is one).
    var decimalField: Int? { name == "Decimal" && fields.count == 1 ? fieldIndex["__value"] : nil }
}

/// Foundation's `Decimal`, written in the language (`StandardTypes.preludes`): a price (`var price: Decimal`), literals
/// (`let p: Decimal = 4.5`), `Decimal(3)`, `Decimal(string:)`, arithmetic, comparison, and Foundation's text of it — the
/// number in plain decimal notation (`13.5`, `3`, `0.000001`, `100000000000000000000`). It holds a `Double` here, each
/// value rounded to 15 significant digits, so `0.1 + 0.2` is `0.3` and equals `0.3`, as Foundation's; Foundation's keeps
/// 38 (`1 / 3` shows 15 threes here, 38 there) — docs/Swift.md says so.
extension StandardTypes {
    static let decimalSource = """
    struct Decimal: CustomStringConvertible, Hashable, Comparable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, Codable {
        var __value: Double
        init(__value: Double) { self.__value = Decimal.rounded(__value) }
        init(_ value: Int) { __value = Decimal.rounded(Double(value)) }
        init(_ value: Double) {
            precondition(!value.isInfinite, "Decimal cannot represent infinity")   // Foundation's stops the program too
            __value = Decimal.rounded(value)
        }
        init(integerLiteral value: Int) { __value = Decimal.rounded(Double(value)) }
        init(floatLiteral value: Double) { __value = Decimal.rounded(value) }
        init?(string: String) {
            guard let value = Double(string.trimmingCharacters(in: .whitespaces)) else { return nil }
            __value = Decimal.rounded(value)
        }
        static let zero = Decimal(__value: 0)
        var isZero: Bool { __value == 0 }
        var isNaN: Bool { __value.isNaN }
        var description: String { Decimal.text(__value) }
        func formatted() -> String { __value.formatted() }

        static func + (a: Decimal, b: Decimal) -> Decimal { Decimal(__value: a.__value + b.__value) }
        static func - (a: Decimal, b: Decimal) -> Decimal { Decimal(__value: a.__value - b.__value) }
        static func * (a: Decimal, b: Decimal) -> Decimal { Decimal(__value: a.__value * b.__value) }
        static func / (a: Decimal, b: Decimal) -> Decimal { Decimal(__value: a.__value / b.__value) }
        static prefix func - (a: Decimal) -> Decimal { Decimal(__value: -a.__value) }
        static func += (a: inout Decimal, b: Decimal) { a = a + b }
        static func -= (a: inout Decimal, b: Decimal) { a = a - b }
        static func *= (a: inout Decimal, b: Decimal) { a = a * b }
        static func /= (a: inout Decimal, b: Decimal) { a = a / b }
        static func < (a: Decimal, b: Decimal) -> Bool { a.__value < b.__value }

        /// A `Double` rounded to 15 significant digits (what a `Decimal` holds here).
        static func rounded(_ value: Double) -> Double {
            value.isFinite ? Double(String(format: "%.15g", value)) ?? value : value
        }

        /// The number rounded to 15 significant digits, in plain decimal notation.
        static func text(_ value: Double) -> String {
            if value.isNaN || value.isInfinite { return "NaN" }   // a Decimal holds no infinity
            if value == 0 { return "0" }   // nor a negative zero
            let text = String(format: "%.15g", value)
            guard let e = text.firstIndex(of: "e") else { return text }
            let exponent = Int(text[text.index(after: e)...]) ?? 0
            var mantissa = String(text[..<e])
            let negative = mantissa.hasPrefix("-")
            if negative { mantissa.removeFirst() }
            let digits = mantissa.replacingOccurrences(of: ".", with: "")
            let point = (mantissa.firstIndex(of: ".").map { mantissa.distance(from: mantissa.startIndex, to: $0) } ?? mantissa.count) + exponent
            let plain: String
            if point <= 0 {
                plain = "0." + String(repeating: "0", count: -point) + digits
            } else if point >= digits.count {
                plain = digits + String(repeating: "0", count: point - digits.count)
            } else {
                plain = String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
            }
            return (negative ? "-" : "") + plain
        }
    }

    /// `NSDecimalNumber(decimal: price).doubleValue`: the way out of a `Decimal` into a `Double`.
    final class NSDecimalNumber {
        let decimalValue: Decimal
        init(decimal: Decimal) { decimalValue = decimal }
        init(value: Int) { decimalValue = Decimal(value) }
        init(value: Double) { decimalValue = Decimal(value) }
        var doubleValue: Double { decimalValue.__value }
        var intValue: Int { Int(decimalValue.__value) }
        var stringValue: String { decimalValue.description }
    }
    """
}
