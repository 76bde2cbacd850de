/// The parts of Foundation's format styles that `FormatStyles` formats, by family: what each step is called, the
/// arguments it takes, and the family of the steps that may follow it. Written as a leading-dot chain where a style
/// is wanted — `x.formatted(_:)`, `Text(_:format:)`, `"\(x, format: …)"`.
enum FormatStyleCatalog {
    /// What an argument of a step is.
    enum Kind {
        /// A length limit: an `Int`, `1...3`, `2...`, `...2`.
        case limits
        case string, bool
        /// A leading-dot word of these, of the type Swift names in a message.
        case words([String], type: String)
        /// A step of another family (`.precision(.fractionLength(2))`).
        case step(String)
        /// Read and ignored (`.locale(Locale(identifier: "fr_FR"))`: formatted in en_US, SPEC §9).
        case ignored
    }

    /// One way to write a step: its labels and their kinds, and the family that may follow it (nil: none).
    struct Form {
        let labels: [String?]
        let kinds: [Kind]
        var next: String?

        init(_ labels: [String?] = [], _ kinds: [Kind] = [], next: String? = nil) {
            (self.labels, self.kinds, self.next) = (labels, kinds, next)
        }
    }

    struct Family {
        /// The type Swift names in a message.
        let type: String
        let steps: [String: [Form]]
        /// What Swift's type has that this does not format: refused by name (`unsupportedFormatStyle`), not as a misspelling.
        var unsupported: Set<String> = []
    }

    private static let listTypes = ["and", "or"]
    private static let numberModifiers = "numberModifiers"
    private static let dateModifiers = "dateModifiers"

    static let families: [String: Family] = [
        "numberStyle": Family(type: "FormatStyle", steps: [
            "number": [Form(next: numberModifiers)],
            "percent": [Form(next: numberModifiers)],
            "currency": [Form(["code"], [.string], next: numberModifiers)],
        ], unsupported: ["byteCount", "measurement", "list", "name", "url", "attributed", "interval", "components", "offset", "units",
                          "timeDuration"]),
        numberModifiers: Family(type: "FormatStyle", steps: [
            "precision": [Form([nil], [.step("precision")], next: numberModifiers)],
            "grouping": [Form([nil], [.words(["automatic", "never"], type: "NumberFormatStyleConfiguration.Grouping")], next: numberModifiers)],
            "sign": [Form(["strategy"], [.step("sign")], next: numberModifiers)],
            "locale": [Form([nil], [.ignored], next: numberModifiers)],
        ], unsupported: ["notation", "rounded", "decimalSeparator", "scale", "presentation", "attributed"]),
        "precision": Family(type: "NumberFormatStyleConfiguration.Precision", steps: [
            "fractionLength": [Form([nil], [.limits])],
            "significantDigits": [Form([nil], [.limits])],
            "integerLength": [Form([nil], [.limits])],
            "integerAndFractionLength": [Form(["integer", "fraction"], [.limits, .limits]),
                                         Form(["integerLimits", "fractionLimits"], [.limits, .limits])],
        ]),
        "sign": Family(type: "NumberFormatStyleConfiguration.SignDisplayStrategy", steps: [
            "automatic": [Form()], "never": [Form()], "always": [Form(), Form(["includingZero"], [.bool])],
        ]),
        // `names.formatted(.list(type: .and))`: a list of strings as a sentence names them.
        "listStyle": Family(type: "ListFormatStyle<StringStyle, [String]>", steps: [
            "list": [Form(["type"], [.words(listTypes, type: "ListFormatStyle<StringStyle, [String]>.ListType")]),
                     Form(["type", "width"], [.words(listTypes, type: "ListFormatStyle<StringStyle, [String]>.ListType"),
                                              .words(["standard", "short", "narrow"], type: "ListFormatStyle<StringStyle, [String]>.Width")])],
        ]),
        "dateStyle": Family(type: "Date.FormatStyle", steps: [
            "dateTime": [Form(next: dateModifiers)],
            "iso8601": [Form()],
        ], unsupported: ["relative", "timeDuration", "interval", "components", "offset", "verbatim", "http"]),
        dateModifiers: Family(type: "Date.FormatStyle", steps: [
            "year": [Form(next: dateModifiers), Form([nil], [.words(["defaultDigits", "twoDigits"], type: "Date.FormatStyle.Symbol")], next: dateModifiers)],
            "month": [Form(next: dateModifiers),
                      Form([nil], [.words(["abbreviated", "wide", "narrow", "twoDigits", "defaultDigits"], type: "Date.FormatStyle.Symbol.Month")], next: dateModifiers)],
            "day": [Form(next: dateModifiers), Form([nil], [.words(["defaultDigits", "twoDigits"], type: "Date.FormatStyle.Symbol")], next: dateModifiers)],
            "weekday": [Form(next: dateModifiers), Form([nil], [.words(["abbreviated", "wide", "narrow", "short"], type: "Date.FormatStyle.Symbol.Weekday")], next: dateModifiers)],
            "hour": [Form(next: dateModifiers), Form([nil], [.step("hour")], next: dateModifiers)],
            "minute": [Form(next: dateModifiers), Form([nil], [.words(["defaultDigits", "twoDigits"], type: "Date.FormatStyle.Symbol")], next: dateModifiers)],
            "second": [Form(next: dateModifiers), Form([nil], [.words(["defaultDigits", "twoDigits"], type: "Date.FormatStyle.Symbol")], next: dateModifiers)],
            "locale": [Form([nil], [.ignored], next: dateModifiers)],
        ], unsupported: ["era", "quarter", "week", "dayOfYear", "timeZone", "secondFraction", "attributed"]),
        "hour": Family(type: "Date.FormatStyle.Symbol.Hour", steps: [
            "defaultDigits": [Form(["amPM"], [.words(["abbreviated", "omitted", "narrow", "wide"], type: "Date.FormatStyle.Symbol.Hour.AMPMStyle")])],
            "twoDigits": [Form(["amPM"], [.words(["abbreviated", "omitted", "narrow", "wide"], type: "Date.FormatStyle.Symbol.Hour.AMPMStyle")])],
        ]),
    ]

    /// `formatted(date:time:)`'s words.
    static let dateStyles = ["omitted", "numeric", "abbreviated", "long", "complete"]
    static let timeStyles = ["omitted", "shortened", "standard", "complete"]
}
