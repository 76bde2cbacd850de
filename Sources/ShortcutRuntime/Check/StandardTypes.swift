import ShortcutSyntax

/// Types of Swift's standard library written in the language itself, added to a program that names them and does not
/// declare them: `Result<Success, Failure>` (its cases, `get()`, `map`, `mapError`, `flatMap`, `init(catching:)`). The
/// unit is the file `Swift.shortcut`, so a value inside a collection prints as Swift prints it
/// (`Swift.Result<Swift.Int, main.E>.success(1)`). Its generic parameters have names of their own (`ResultSuccess`): a
/// generic parameter's name is the program's, and a program may well declare a `Success`.
enum StandardTypes {
    static let resultSource = """
    enum Result<ResultSuccess, ResultFailure: Error> {
        case success(ResultSuccess)
        case failure(ResultFailure)
        init(catching body: () throws -> ResultSuccess) {
            do { self = .success(try body()) } catch { self = .failure(error) }
        }
        func get() throws -> ResultSuccess {
            switch self {
            case .success(let value): return value
            case .failure(let error): throw error
            }
        }
        func map<ResultNewSuccess>(_ transform: (ResultSuccess) -> ResultNewSuccess) -> Result<ResultNewSuccess, ResultFailure> {
            switch self {
            case .success(let value): return .success(transform(value))
            case .failure(let error): return .failure(error)
            }
        }
        func mapError<ResultNewFailure: Error>(_ transform: (ResultFailure) -> ResultNewFailure) -> Result<ResultSuccess, ResultNewFailure> {
            switch self {
            case .success(let value): return .success(value)
            case .failure(let error): return .failure(transform(error))
            }
        }
        func flatMap<ResultNewSuccess>(_ transform: (ResultSuccess) -> Result<ResultNewSuccess, ResultFailure>) -> Result<ResultNewSuccess, ResultFailure> {
            switch self {
            case .success(let value): return transform(value)
            case .failure(let error): return .failure(error)
            }
        }
    }
    """

    /// A file of standard types: the words that make a program want it, the names it declares (a program that declares
    /// one of them goes without it), its text, and its name — its module is how Swift prints its values (`Swift.Result`).
    struct Prelude: Sendable {
        let wanted: [String], declared: [String], fileName: String
        /// Made when the prelude is wanted: interpolating the sixty math preludes' text at every start cost `hello` an
        /// eighth of its instructions.
        private let makeSource: @Sendable () -> String
        var source: String { makeSource() }

        init(wanted: [String], declared: [String], source: @autoclosure @escaping @Sendable () -> String, fileName: String) {
            (self.wanted, self.declared, self.makeSource, self.fileName) = (wanted, declared, source, fileName)
        }
    }

    static let preludes = basePreludes + mathPreludes
    /// The files preludes are read as (`Swift.shortcut`, `Foundation.shortcut`…): what a type they declare is known by.
    static let preludeFileNames = Set(preludes.map(\.fileName))

    static let basePreludes = [
        Prelude(wanted: ["Result"], declared: ["Result"], source: resultSource, fileName: "Swift.shortcut"),
        Prelude(wanted: ["Measurement"] + unitTypes, declared: ["Measurement", "Dimension"] + unitTypes, source: measurementSource, fileName: "Foundation.shortcut"),
        Prelude(wanted: ["Calendar", "DateComponents", "TimeZone"] + dateFormatters + numberFormatters, declared: ["Calendar", "DateComponents", "TimeZone"],
                source: calendarSource, fileName: "Foundation.shortcut"),
        Prelude(wanted: dateFormatters + numberFormatters, declared: dateFormatters + ["Locale"], source: dateFormatterSource, fileName: "Foundation.shortcut"),
        Prelude(wanted: numberFormatters, declared: numberFormatters, source: numberFormatterSource, fileName: "Foundation.shortcut"),
        Prelude(wanted: ["UserDefaults"], declared: ["UserDefaults", "UserDefaultsStore"], source: userDefaultsSource, fileName: "Foundation.shortcut"),
        Prelude(wanted: ["Progress", "ProgressReportingIntent"], declared: ["Progress"], source: progressSource, fileName: "Foundation.shortcut"),
        Prelude(wanted: ["withTaskGroup", "withThrowingTaskGroup", "TaskGroup", "ThrowingTaskGroup"],
                declared: ["TaskGroup", "ThrowingTaskGroup", "TaskGroupIterator", "TaskPriority", "withTaskGroup", "withThrowingTaskGroup"],
                source: taskGroupSource, fileName: "Swift.shortcut"),
        Prelude(wanted: ["CancellationError"], declared: ["CancellationError"], source: cancellationErrorSource, fileName: "Swift.shortcut"),
        Prelude(wanted: ["withCheckedContinuation", "withCheckedThrowingContinuation", "CheckedContinuation"],
                declared: ["CheckedContinuation", "withCheckedContinuation", "withCheckedThrowingContinuation"], source: continuationSource, fileName: "Swift.shortcut"),
        Prelude(wanted: ["AsyncStream"], declared: ["AsyncStream", "AsyncStreamContinuation", "AsyncStreamIterator"], source: asyncStreamSource,
                fileName: "Swift.shortcut"),
        Prelude(wanted: ["URL", "OpenURLIntent", "URLComponents"], declared: ["URL"], source: urlSource, fileName: "Foundation.shortcut"),
        Prelude(wanted: ["URLComponents", "URLQueryItem"], declared: ["URLComponents", "URLQueryItem"], source: urlComponentsSource, fileName: "Foundation.shortcut"),
        Prelude(wanted: ["OpenURLIntent"], declared: ["OpenURLIntent"], source: openURLIntentSource, fileName: "AppIntents.shortcut"),
        Prelude(wanted: ["NSError"], declared: ["NSError", "NSLocalizedDescriptionKey"], source: nsErrorSource, fileName: "Foundation.shortcut"),
        Prelude(wanted: ["NSLocalizedString"], declared: ["NSLocalizedString"], source: localizedStringSource, fileName: "Foundation.shortcut"),
        Prelude(wanted: ["UnicodeScalar"], declared: ["UnicodeScalar"], source: unicodeScalarSource, fileName: "Swift.shortcut"),
        Prelude(wanted: ["Hasher"], declared: ["Hasher"], source: hasherSource, fileName: "Swift.shortcut"),
        Prelude(wanted: ["AnyIterator"], declared: ["AnyIterator"], source: anyIteratorSource, fileName: "Swift.shortcut"),
        Prelude(wanted: ["IndexingIterator", "makeIterator()"], declared: ["IndexingIterator"], source: indexingIteratorSource, fileName: "Swift.shortcut"),
        // Wanted by a range's operator too (`wantedWords`): `0.0...1.0` is a value of it.
        Prelude(wanted: ["ClosedRange", "Range", "...", "..<"], declared: ["ClosedRange", "Range"], source: boundsRangeSource, fileName: "Swift.shortcut"),
        // Wanted by a body's variable with observers or a setter (`Resolver.localWithAccessors`), found as it is resolved.
        Prelude(wanted: localVariableTypes, declared: localVariableTypes, source: localVariablesSource, fileName: "Swift.shortcut"),
        Prelude(wanted: ["weak", "unowned"], declared: [PropertyWrappers.weakWrapper, PropertyWrappers.unownedWrapper], source: weakSource,
                fileName: "Swift.shortcut"),
        Prelude(wanted: ["sequence(first"], declared: ["UnfoldFirstSequence", "sequence"], source: sequenceSource, fileName: "Swift.shortcut"),
        Prelude(wanted: ["repeatElement"], declared: ["repeatElement"], source: repeatElementSource, fileName: "Swift.shortcut"),
        Prelude(wanted: ["Decimal", "NSDecimalNumber"], declared: ["Decimal", "NSDecimalNumber"], source: decimalSource, fileName: "Foundation.shortcut"),
        // `text.data(using: .utf8)` wants it by that call, not by the word `data` (a common name: the file would cost start-up).
        Prelude(wanted: ["Data", "JSONEncoder", "JSONDecoder", "DecodingError", "data(using"],
                declared: ["Data", "JSONEncoder", "JSONDecoder", "DecodingError", "OutputFormatting"], source: jsonSource, fileName: "Foundation.shortcut"),
    ]

    /// Swift's error for work that was given up (`throw CancellationError()`, `catch is CancellationError`); nothing is
    /// cancelled here, so `Task.checkCancellation()` never throws it.
    static let cancellationErrorSource = """
    struct CancellationError: Error {}
    """

    /// `UnicodeScalar(code)`: the character of that code, as a one-character string (a `Character` here); nil for a code
    /// that is no scalar (a surrogate, past U+10FFFF), as Swift's `init?(_: Int)` gives.
    static let unicodeScalarSource = """
    func UnicodeScalar(_ code: Int) -> String? {
        guard (0...0x10FFFF).contains(code), !(0xD800...0xDFFF).contains(code) else { return nil }
        return String(format: "%c", code)
    }
    """

    /// Swift's `AnyIterator { … }`: an iterator (and a sequence of itself) whose `next()` is the closure given.
    static let anyIteratorSource = """
    struct AnyIterator<Element>: IteratorProtocol, Sequence {
        let __next: () -> Element?
        init(_ body: @escaping () -> Element?) { __next = body }
        mutating func next() -> Element? { __next() }
    }
    """

    /// Swift's `IndexingIterator`, what `xs.makeIterator()` gives: the elements one at a time. Written `IndexingIterator<[T]>`
    /// (of the collection, as Swift's is), it is this iterator of `T` (`Resolver+TypeNames`).
    static let indexingIteratorSource = """
    struct IndexingIterator<Element>: IteratorProtocol, Sequence {
        let __elements: [Element]
        var __position = 0
        init(__elements: [Element]) { self.__elements = __elements }
        mutating func next() -> Element? {
            guard __position < __elements.count else { return nil }
            __position += 1
            return __elements[__position - 1]
        }
    }
    """

    /// Swift's `ClosedRange` and `Range` of bounds that are not `Int`s (`0.0...1.0`, `"a"..<"n"`): their bounds, `contains`,
    /// printed as Swift prints them. A range of `Int`s (or of a string's positions) is a value of its own
    /// (`ScriptType.range`), which `ClosedRange<Int>` names (`Resolver+TypeNames`).
    static let boundsRangeSource = """
    struct ClosedRange<Bound: Comparable>: CustomStringConvertible, CustomDebugStringConvertible, Equatable {
        let lowerBound: Bound
        let upperBound: Bound
        var isEmpty: Bool { false }
        func contains(_ value: Bound) -> Bool { lowerBound <= value && value <= upperBound }
        var description: String { "\\(lowerBound)...\\(upperBound)" }
        var debugDescription: String { "ClosedRange(\\(String(reflecting: lowerBound))...\\(String(reflecting: upperBound)))" }
    }
    struct Range<Bound: Comparable>: CustomStringConvertible, CustomDebugStringConvertible, Equatable {
        let lowerBound: Bound
        let upperBound: Bound
        var isEmpty: Bool { lowerBound == upperBound }
        func contains(_ value: Bound) -> Bool { lowerBound <= value && value < upperBound }
        var description: String { "\\(lowerBound)..<\\(upperBound)" }
        var debugDescription: String { "Range(\\(String(reflecting: lowerBound))..<\\(String(reflecting: upperBound)))" }
    }
    """

    /// Swift's `sequence(first:next:)`: the first value, then each the closure makes of the one before, until it gives nil —
    /// made one at a time, as they are asked for (so `sequence(first: 1) { $0 * 2 }.prefix(5)` ends).
    static let sequenceSource = """
    struct UnfoldFirstSequence<Element>: Sequence, IteratorProtocol {
        let __first: Element
        let __step: (Element) -> Element?
        var __current: Element?
        var __started = false
        init(__first: Element, __step: @escaping (Element) -> Element?) {
            self.__first = __first
            self.__step = __step
            __current = nil
        }
        mutating func next() -> Element? {
            if !__started {
                __started = true
                __current = __first
                return __first
            }
            guard let current = __current, let made = __step(current) else {
                __current = nil
                return nil
            }
            __current = made
            return made
        }
    }
    func sequence<T>(first: T, next: @escaping (T) -> T?) -> UnfoldFirstSequence<T> { UnfoldFirstSequence(__first: first, __step: next) }
    """

    /// Swift's `repeatElement(_:count:)`: the value that many times (an array here; Swift's is a `Repeated` collection).
    static let repeatElementSource = """
    func repeatElement<T>(_ element: T, count: Int) -> [T] { Array(repeating: element, count: count) }
    """

    /// Foundation's `NSLocalizedString`: the key, as an app with no translation of it shows it.
    static let localizedStringSource = """
    func NSLocalizedString(_ key: String, tableName: String? = nil, bundle: Any? = nil, value: String = "", comment: String) -> String {
        value.isEmpty ? key : value
    }
    """

    /// Foundation's `NSError`: its domain, code and user info; its `localizedDescription` the user info's description or
    /// Foundation's words, and its text as this machine's Foundation prints it.
    static let nsErrorSource = """
    let NSLocalizedDescriptionKey = "NSLocalizedDescription"
    struct NSError: LocalizedError, CustomStringConvertible {
        let domain: String
        let code: Int
        let userInfo: [String: Any]
        init(domain: String, code: Int, userInfo: [String: Any]? = nil) {
            self.domain = domain
            self.code = code
            self.userInfo = userInfo ?? [:]
        }
        var errorDescription: String? {
            (userInfo[NSLocalizedDescriptionKey] as? String) ?? "The operation could not be completed. (\\(domain) error \\(code).)"
        }
        var description: String {
            let info = userInfo.keys.sorted().map { key in "\\(key)=\\(userInfo[key]!)" }.joined(separator: ", ")
            return "Error Domain=\\(domain) Code=\\(code) \\"(null)\\"" + (info.isEmpty ? "" : "UserInfo={\\(info)}")
        }
    }
    """

    /// Swift's `Hasher`, as a type's own `func hash(into hasher: inout Hasher)` feeds it: the values it combines are what
    /// a `Set` or a dictionary's key hashes that type's values by (`RecordType.keyHash`).
    static let hasherSource = """
    final class Hasher {
        var __parts: [Any] = []
        init() {}
        func combine<H: Hashable>(_ value: H) { __parts.append(value) }
    }
    """

    /// Foundation's `Progress`, as a `ProgressReportingIntent`'s `progress` reports its work (its counts are `Int64`s,
    /// which are `Int`s here).
    static let progressSource = """
    final class Progress {
        var totalUnitCount = 0
        var completedUnitCount = 0
        var localizedDescription = ""
        init() {}
        init(totalUnitCount: Int) { self.totalUnitCount = totalUnitCount }
        var fractionCompleted: Double { totalUnitCount > 0 ? Double(completedUnitCount) / Double(totalUnitCount) : 0 }
        var isFinished: Bool { totalUnitCount > 0 && completedUnitCount >= totalUnitCount }
    }
    """

    /// The formatters `dateFormatterSource` declares (on `calendarSource`'s `Calendar`).
    static let dateFormatters = ["DateFormatter", "ISO8601DateFormatter"]
    /// What `numberFormatterSource` declares: it needs `Locale`, with the date formatters' prelude and theirs.
    static let numberFormatters = ["NumberFormatter", "NSNumber"]

    /// The unit types `measurementSource` declares.
    static let unitTypes = ["UnitLength", "UnitMass", "UnitDuration", "UnitTemperature", "UnitSpeed", "UnitVolume", "UnitEnergy",
                            "UnitAngle", "UnitArea", "UnitPower", "UnitPressure"]

    /// Whether a declaration at `range` is one of them.
    static func isStandard(_ range: SourceRange, _ program: Program) -> Bool {
        program.files.indices.contains(Int(range.file)) && preludes.contains { $0.fileName == program.files[Int(range.file)].name }
    }

    /// The units with the standard types they name added, each file as one more unit (last), when they do not declare them.
    static func added(to units: [SourceUnit], alsoWanted: Set<String> = []) -> [SourceUnit] {
        var all = units
        let named = units.reduce(into: alsoWanted) { $0.formUnion(wantedWords(in: $1.file.bytes)) }
        guard !named.isEmpty else { return units }   // no prelude wanted: the preludes are not made
        for prelude in preludes where prelude.wanted.contains(where: named.contains) && !prelude.declared.contains(where: { declares(units, $0) }) {
            let (unit, _) = Parser.parse(SourceFile(name: prelude.fileName, text: prelude.source), fileIndex: Int32(all.count))
            all.append(unit)
        }
        return all
    }

    /// The files of standard types that text wants (it names one of their words) and a program does not have yet.
    /// `inOnePass`: the REPL's, which resolves an input once, so what a second resolution would find wanted is wanted by
    /// the text (its start-up is not measured): any range's operator the range prelude (a range of two `Double`
    /// variables), and an accessor's keyword the boxes of a body's variables with accessors.
    static func wanted(by bytes: [UInt8], inOnePass: Bool = false, missing: (String) -> Bool) -> [Prelude] {
        var named = wantedWords(in: bytes)
        if inOnePass, bytes.indices.dropFirst().contains(where: { bytes[$0] == UInt8(ascii: ".") && bytes[$0 - 1] == UInt8(ascii: ".") }) {
            named.formUnion(["...", "..<"])
        }
        if inOnePass, ["willSet", "didSet", "set"].contains(where: { bytes.firstRange(of: Array($0.utf8)) != nil }) {
            named.formUnion(localVariableTypes)
        }
        return preludes.filter { p in p.wanted.contains(where: named.contains) && p.declared.allSatisfy(missing) }
    }

    /// Every word a prelude wants (`Prelude.wanted`; a range's operator apart: `wantedWords` finds it itself), each once,
    /// sorted by their bytes, a space or a line between. `wantedWords` reads this text, so a run that wants no prelude
    /// never makes the preludes, nor a table of their words (`hello`: 0.2 M of its 1.03 M instructions, callgrind).
    /// `PreludeTests.theWordListIsEveryWordThePreludesWant` keeps it equal to the preludes' words.
    static let wantedWordList: StaticString = """
        AnyIterator AsyncStream Calendar CancellationError CheckedContinuation ClosedRange Data DateComponents
        DateFormatter Decimal DecodingError Hasher ISO8601DateFormatter IndexingIterator JSONDecoder JSONEncoder M_1_PI
        M_2_PI M_E M_LN10 M_LN2 M_PI M_PI_2 M_PI_4 M_SQRT2 Measurement NSDecimalNumber NSError NSLocalizedString
        NSNumber NumberFormatter OpenURLIntent Progress ProgressReportingIntent Range Result TaskGroup ThrowingTaskGroup
        TimeZone URL URLComponents URLQueryItem UnicodeScalar UnitAngle UnitArea UnitDuration UnitEnergy UnitLength
        UnitMass UnitPower UnitPressure UnitSpeed UnitTemperature UnitVolume UserDefaults __ComputedVariable
        __ObservedVariable acos acosh asin asinh atan atan2 atanh cbrt copysign cos cosh data(using erf erfc exp exp2
        expm1 fmax fmin fmod hypot lgamma log log10 log1p log2 makeIterator() remainder repeatElement sequence(first sin
        sinh tan tanh tgamma trunc unowned weak withCheckedContinuation withCheckedThrowingContinuation withTaskGroup
        withThrowingTaskGroup
        """

    /// `wantedWordList`'s bytes, where the literal keeps them.
    static var wantedWordBytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: wantedWordList.utf8Start, count: wantedWordList.utf8CodeUnitCount)
    }

    /// What stands between two words of `wantedWordList`.
    static func isSeparator(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") }

    /// Where in `wantedWordList` the words that begin with each byte are: from `wantedBlocks[b]` up to
    /// `wantedBlocks[b + 1]` (the list is sorted, so they stand together).
    static let wantedBlocks: [Int] = {
        let list = wantedWordBytes
        var blocks = [Int](repeating: list.count + 1, count: 257)
        var next = 0   // the first byte whose block has no start yet
        for i in list.indices where i == 0 || isSeparator(list[i - 1]) {
            while next <= Int(list[i]) { blocks[next] = i; next += 1 }
        }
        return blocks
    }()

    /// The preludes' words that stand in the bytes as words of their own (`Result<`, not `IntentResult`): one pass, each
    /// word's start compared with the words of `wantedWordList` that begin with its byte (a file costs one read however
    /// many preludes there are).
    static func wantedWords(in bytes: [UInt8]) -> Set<String> {
        var found: Set<String> = []
        // A range's operator stands between its bounds, not as a word of its own: wanted beside a bound that is a
        // `Double` or `String` literal (`0.0...1.0`, `"a"..<"n"`). A range of `Int`s, the common one, does not pay for
        // the prelude at start-up (2.3 M instructions, 0.3 ms).
        var dots = 0
        for (i, b) in bytes.enumerated() {
            dots = b == UInt8(ascii: ".") ? dots + 1 : 0
            let end = dots == 3 ? i + 1 : dots == 2 && i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "<") ? i + 2 : nil
            if let end, literalBoundBeside(bytes, operatorFrom: i + 1 - dots, to: end) { found.insert(end == i + 1 ? "..." : "..<") }
        }
        let list = wantedWordBytes
        let blocks = wantedBlocks
        for i in bytes.indices where i == 0 || !Lexer.isWordByte(bytes[i - 1]) {
            var word = blocks[Int(bytes[i])]
            let blockEnd = min(blocks[Int(bytes[i]) + 1], list.count)
            while word < blockEnd {
                var end = word
                while end < list.count, !isSeparator(list[end]) { end += 1 }
                let n = end - word
                if i + n <= bytes.count, bytes[i..<i + n].elementsEqual(list[word..<end]),
                   i + n == bytes.count || !Lexer.isWordByte(bytes[i + n]) {
                    found.insert(String(decoding: list[word..<end], as: UTF8.self))
                }
                word = end + 1
            }
        }
        return found
    }

    /// Whether a `Double` literal (`1.5`) or a string literal ends just before the range operator at `start..<end` or
    /// starts just after it.
    static func literalBoundBeside(_ bytes: [UInt8], operatorFrom start: Int, to end: Int) -> Bool {
        let quote = UInt8(ascii: "\""), dot = UInt8(ascii: ".")
        func isDigit(_ i: Int) -> Bool { i >= 0 && i < bytes.count && (bytes[i] >= 48 && bytes[i] <= 57 || bytes[i] == UInt8(ascii: "_")) }
        if start > 0, bytes[start - 1] == quote { return true }
        if end < bytes.count, bytes[end] == quote { return true }
        var i = start - 1
        while isDigit(i) { i -= 1 }
        if i < start - 1, i >= 1, bytes[i] == dot, isDigit(i - 1) { return true }   // `…1.5...`
        var j = end
        while isDigit(j) { j += 1 }
        return j > end && j + 1 < bytes.count && bytes[j] == dot && isDigit(j + 1)   // `...2.5…`
    }

    /// Whether the program declares `name` at its top level — a type, a function or a variable (`let log = …`), which
    /// stands for the standard one of that name, as a module's own name does for Foundation's.
    private static func declares(_ units: [SourceUnit], _ name: String) -> Bool {
        units.contains { unit in
            unit.items.contains { item in
                switch item.kind {
                case .declaration(let d): d.name == name
                case .variable(let v): Resolver.patternNames(v.pattern, v.nameRange).contains { $0.0 == name }
                default: false
                }
            }
        }
    }
}
