import ShortcutSyntax

/// The standard library's members, as the checker sees them (SPEC §3.2):
/// properties by type, and methods as the argument types they expect and the
/// result they give. The interpreter's `Library/` runs them.
enum LibraryTypes {
    /// The type of a property of a value of type `base`; nil when it has no such property.
    static func property(_ base: ScriptType, _ name: String) -> ScriptType? {
        // `xs.lazy.filter { … }.map { … }`: the collection itself here (SPEC §3.2: a no-op).
        if name == "lazy" {
            switch base {
            case .array, .set, .dictionary, .string, .substring, .range: return base
            default: return nil
            }
        }
        switch base {
        case .array(let e):
            switch name {
            case "count": return .int
            case "isEmpty": return .bool
            case "first", "last": return .optional(e)
            case "indices": return .range(closed: false)
            case "description", "debugDescription": return .string
            case "startIndex", "endIndex": return .int   // an array's positions are its Ints
            default: return nil
            }
        case .string, .substring:
            switch name {
            case "count": return .int
            case "isEmpty": return .bool
            case "first", "last": return .optional(.character)
            case "description", "debugDescription": return .string
            // The code units, as Ints (Swift's are UInt8 and UInt16 views).
            case "utf8", "utf16": return .array(.int)
            // Its scalars, each a one-scalar string (as `UnicodeScalar(code)` gives), and a scalar's code.
            case "unicodeScalars": return .array(.string)
            case "value": return .int
            case "capitalized": return .string   // Foundation's
            case "startIndex", "endIndex": return .stringIndex
            case "indices": return .array(.stringIndex)
            default: return nil
            }
        case .character:
            switch name {
            case "isLetter", "isNumber", "isUppercase", "isLowercase", "isWhitespace", "isPunctuation", "isASCII", "isNewline", "isSymbol",
                 "isMathSymbol", "isCurrencySymbol", "isHexDigit", "isWholeNumber", "isCased": return .bool
            case "asciiValue", "wholeNumberValue", "hexDigitValue": return .optional(.int)
            case "utf8", "utf16": return .array(.int)
            case "unicodeScalars": return .array(.string)
            case "description", "debugDescription": return .string
            default: return nil
            }
        case .dictionary(let k, let v):
            switch name {
            case "count": return .int
            case "isEmpty": return .bool
            case "keys": return .array(k)
            case "values": return .array(v)
            case "first": return .optional(.tuple([k, v], labels: ["key", "value"]))
            case "description", "debugDescription": return .string
            default: return nil
            }
        case .set(let e):
            switch name {
            case "count": return .int
            case "isEmpty": return .bool
            case "first": return .optional(e)
            default: return nil
            }
        case .range:
            switch name {
            case "count": return .int
            case "isEmpty": return .bool
            case "lowerBound", "upperBound": return .int
            case "first", "last": return .optional(.int)
            case "description", "debugDescription": return .string
            default: return nil
            }
        case .indexRange:
            switch name {
            case "isEmpty": return .bool
            case "lowerBound", "upperBound": return .stringIndex
            default: return nil
            }
        case .int:
            switch name {
            case "description": return .string   // no `debugDescription`: Int is not CustomDebugStringConvertible
            case "magnitude", "nonzeroBitCount", "leadingZeroBitCount", "trailingZeroBitCount", "bitWidth": return .int
            default: return nil
            }
        case .double:
            switch name {
            case "description", "debugDescription": return .string
            case "magnitude": return .double
            case "isNaN", "isFinite", "isInfinite": return .bool
            default: return nil
            }
        case .bool:
            return name == "description" ? .string : nil   // nor Bool
        case .date:
            switch name {
            case "isToday": return .bool
            case "timeIntervalSince1970": return .double
            case "year", "month", "day", "hour", "minute", "second", "weekday": return .int
            case "description": return .string
            default: return nil
            }
        case .uuid:
            return name == "uuidString" || name == "description" ? .string : nil
        case .error:
            return name == "localizedDescription" ? .string : nil
        case .tuple(let ts, let labels):
            if let i = Int(name), ts.indices.contains(i) { return ts[i] }
            if let i = labels.firstIndex(of: name), ts.indices.contains(i) { return ts[i] }
            return nil
        default:
            return nil
        }
    }

    /// Property names of a type, for "did you mean".
    static func propertyNames(_ base: ScriptType) -> [String] {
        ["count", "isEmpty", "first", "last", "indices", "lazy", "description", "debugDescription", "localizedDescription", "keys", "values", "lowerBound", "upperBound", "magnitude",
         "isLetter", "isNumber", "isUppercase", "isLowercase", "isWhitespace", "isPunctuation", "isASCII", "asciiValue", "wholeNumberValue",
         "isNewline", "isSymbol", "isMathSymbol", "isCurrencySymbol", "isHexDigit", "isWholeNumber", "isCased", "hexDigitValue", "utf8", "utf16", "unicodeScalars",
         "isNaN", "isFinite", "isInfinite", "isToday", "timeIntervalSince1970", "year", "month", "day", "hour", "minute", "second", "weekday", "uuidString"]
            .filter { property(base, $0) != nil }
    }

    /// A method of the standard library: what each argument should be (by position), and how the result follows from the arguments' types.
    struct Method {
        /// The argument labels, `nil` for none. A trailing closure takes the last one.
        var labels: [String?]
        /// The type each argument is checked against; `nil`: typed on its own.
        var parameters: [ScriptType?]
        /// The result, given the arguments' types as they were checked.
        var result: ([ScriptType]) -> ScriptType
        var isMutating = false
        /// The closure argument's first parameter is the method's own value, given to the closure to change
        /// (Swift's `inout`, `reduce(into:_:)`): typed as the first argument, and a variable in the closure.
        var closureChangesFirstParameter = false
    }

    /// A method whose result follows from its arguments' types.
    private static func m(_ labels: [String?], _ parameters: [ScriptType?], mutating: Bool = false,
                          _ result: @escaping ([ScriptType]) -> ScriptType) -> Method {
        Method(labels: labels, parameters: parameters, result: result, isMutating: mutating)
    }

    /// A method with a result of one type.
    private static func fixed(_ labels: [String?], _ parameters: [ScriptType?], _ type: ScriptType, mutating: Bool = false) -> Method {
        m(labels, parameters, mutating: mutating) { _ in type }
    }

    /// What a function argument returns.
    private static func resultOf(_ t: ScriptType?) -> ScriptType {
        if case .function(_, let r)? = t { return r }
        return .any
    }

    /// The methods named `name` of a value of type `base`, one per way of calling it.
    static func methods(_ base: ScriptType, _ name: String) -> [Method] {
        switch base {
        case .array(let e):
            return sequenceMethods(e, name, collection: { .array($0) }) + {
                switch name {
                case "append": return [fixed([nil], [e], .void, mutating: true), fixed(["contentsOf"], [.array(e)], .void, mutating: true)]
                case "insert": return [fixed([nil, "at"], [e, .int], .void, mutating: true), fixed(["contentsOf", "at"], [.array(e), .int], .void, mutating: true)]
                case "remove": return [fixed(["at"], [.int], e, mutating: true)]
                case "removeAll": return [fixed([], [], .void, mutating: true), fixed(["where"], [.function([e], .bool)], .void, mutating: true),
                                          fixed(["keepingCapacity"], [.bool], .void, mutating: true)]
                case "reserveCapacity": return [fixed([nil], [.int], .void, mutating: true)]
                case "removeLast", "removeFirst": return [fixed([], [], e, mutating: true), fixed([nil], [.int], .void, mutating: true)]
                case "popLast": return [fixed([], [], .optional(e), mutating: true)]
                // A list of strings as a sentence (`ListFormatStyle`); a style's chain is read by `Resolver.formattedCall`.
                case "formatted" where { if case .string = e { true } else { e.isUnknown } }(): return [fixed([], [], .string), fixed([nil], [nil], .string)]
                case "index": return [fixed(["after"], [.int], .int), fixed(["before"], [.int], .int), fixed([nil, "offsetBy"], [.int, .int], .int)]
                case "prefix": return [fixed(["upTo"], [.int], .array(e)), fixed(["through"], [.int], .array(e))]
                case "suffix": return [fixed(["from"], [.int], .array(e))]
                // A range of positions: `a..<b` or `a...b` (an Int range either way here).
                case "removeSubrange": return [fixed([nil], [nil], .void, mutating: true)]
                case "replaceSubrange": return [fixed([nil, "with"], [nil, .array(e)], .void, mutating: true)]
                case "sort":
                    return (e.isComparable ? [fixed([], [], .void, mutating: true)] : []) + [fixed(["by"], [.function([e, e], .bool)], .void, mutating: true)]
                case "reverse", "shuffle": return [fixed([], [], .void, mutating: true)]
                case "swapAt": return [fixed([nil, nil], [.int, .int], .void, mutating: true)]
                // Reorders so those that pass come last; the position of the first of them.
                case "partition": return [fixed(["by"], [.function([e], .bool)], .int, mutating: true)]
                // Each run an array (Swift's are `ArraySlice`s).
                case "split":
                    let runs = ScriptType.array(.array(e)), test = ScriptType.function([e], .bool)
                    return [fixed(["separator"], [e], runs), fixed(["separator", "maxSplits"], [e, .int], runs),
                            fixed(["separator", "omittingEmptySubsequences"], [e, .bool], runs),
                            fixed(["separator", "maxSplits", "omittingEmptySubsequences"], [e, .int, .bool], runs),
                            fixed(["whereSeparator"], [test], runs), fixed(["maxSplits", "whereSeparator"], [.int, test], runs),
                            fixed(["omittingEmptySubsequences", "whereSeparator"], [.bool, test], runs),
                            fixed(["maxSplits", "omittingEmptySubsequences", "whereSeparator"], [.int, .bool, test], runs)]
                case "firstIndex", "lastIndex":
                    return (e.conformsToEquatable ? [fixed(["of"], [e], .optional(.int))] : []) + [fixed(["where"], [.function([e], .bool)], .optional(.int))]
                case "joined" where e.agrees(with: .string) || e.agrees(with: .substring): return [fixed([], [], .string), fixed(["separator"], [.string], .string)]
                // `[[1, 2], [3]].joined()`: the arrays one after another, as `Array(xs.joined())` gives them.
                // `[[1, 2], [3]].joined(separator: [0])`: with the separator's elements between them.
                case "joined": if case .array(let inner) = e { return [fixed([], [], .array(inner)), fixed(["separator"], [.array(inner)], .array(inner))] } else { return [] }
                case "sum" where e.isNumeric || e.isUnknown: return [fixed([], [], e)]
                default: return []
                }
            }()
        case .range:
            return sequenceMethods(.int, name, collection: { .array($0) })
        case .set(let e):
            switch name {
            // Swift's `(inserted: Bool, memberAfterInsert: Element)`, which a statement may leave unused.
            case "insert": return [fixed([nil], [e], .tuple([.bool, e], labels: ["inserted", "memberAfterInsert"]), mutating: true)]
            case "remove": return [fixed([nil], [e], .optional(e), mutating: true)]
            case "removeAll": return [fixed([], [], .void, mutating: true)]
            // Any sequence of the same elements: another set or an array (chosen by the argument's type).
            case "union", "intersection", "subtracting", "symmetricDifference": return [fixed([nil], [.set(e)], .set(e)), fixed([nil], [.array(e)], .set(e))]
            case "formUnion", "formIntersection", "subtract", "formSymmetricDifference":
                return [fixed([nil], [.set(e)], .void, mutating: true), fixed([nil], [.array(e)], .void, mutating: true)]
            case "isSubset", "isSuperset": return [fixed(["of"], [.set(e)], .bool), fixed(["of"], [.array(e)], .bool)]
            case "isDisjoint": return [fixed(["with"], [.set(e)], .bool), fixed(["with"], [.array(e)], .bool)]
            case "filter": return [fixed([nil], [.function([e], .bool)], .set(e))]
            default: return sequenceMethods(e, name, collection: { .array($0) })
            }
        case .string, .substring:
            let text = ScriptType.anyText, test = ScriptType.function([.character], .bool)
            switch name {
            case "uppercased", "lowercased", "trimmed": return [fixed([], [], .string)]
            case "trimmingPrefix": return [fixed([nil], [text], .substring)]   // the text without that prefix, where it starts so
            case "hasPrefix", "hasSuffix", "localizedCaseInsensitiveContains": return [fixed([nil], [text], .bool)]
            case "contains": return [fixed([nil], [.character], .bool), fixed([nil], [text], .bool), fixed(["where"], [test], .bool)]
            case "split":
                // By a character or by a text; each part a `Substring`.
                let parts = ScriptType.array(.substring)
                return [ScriptType.character, text].flatMap { separator in
                    [fixed(["separator"], [separator], parts), fixed(["separator", "omittingEmptySubsequences"], [separator, .bool], parts),
                     fixed(["separator", "maxSplits"], [separator, .int], parts),
                     fixed(["separator", "maxSplits", "omittingEmptySubsequences"], [separator, .int, .bool], parts)]
                } + [fixed(["whereSeparator"], [test], parts), fixed(["maxSplits", "whereSeparator"], [.int, test], parts)]
            case "components": return [fixed(["separatedBy"], [text], .array(.string))]
            case "padding": return [fixed(["toLength", "withPad", "startingAt"], [.int, text, .int], .string)]
            case "trimmingCharacters": return [fixed(["in"], [nil], .string)]
            case "replacingOccurrences": return [fixed(["of", "with"], [text, text], .string)]
            case "append": return [fixed([nil], [.character], .void, mutating: true), fixed([nil], [.string], .void, mutating: true),
                                   fixed(["contentsOf"], [text], .void, mutating: true), fixed(["contentsOf"], [.array(.character)], .void, mutating: true)]
            case "removeLast", "removeFirst": return [fixed([], [], .character, mutating: true)]
            case "removeAll": return [fixed([], [], .void, mutating: true), fixed(["where"], [test], .void, mutating: true)]
            // Positions (`String.Index`).
            case "index":
                return [fixed(["after"], [.stringIndex], .stringIndex), fixed(["before"], [.stringIndex], .stringIndex),
                        fixed([nil, "offsetBy"], [.stringIndex, .int], .stringIndex),
                        fixed([nil, "offsetBy", "limitedBy"], [.stringIndex, .int, .stringIndex], .optional(.stringIndex))]
            case "distance": return [fixed(["from", "to"], [.stringIndex, .stringIndex], .int)]
            // `s.range(of: "x")`, `options: .caseInsensitive`: where the text first is — a `Range<String.Index>`; what one
            // changes or replaces (`replaceSubrange(_:with:)`, `removeSubrange(_:)`, `replacingCharacters(in:with:)`).
            // Foundation's comparisons: a `ComparisonResult` case (`.orderedAscending`), compared by its name here.
            case "compare": return [fixed([nil], [text], .any), fixed([nil, "options"], [text, nil], .any)]
            case "caseInsensitiveCompare", "localizedCompare", "localizedCaseInsensitiveCompare", "localizedStandardCompare":
                return [fixed([nil], [text], .any)]
            case "range": return [fixed(["of"], [text], .optional(.indexRange(closed: false))), fixed(["of", "options"], [text, nil], .optional(.indexRange(closed: false)))]
            case "replaceSubrange": return [fixed([nil, "with"], [nil, text], .void, mutating: true)]
            case "removeSubrange": return [fixed([nil], [nil], .void, mutating: true)]
            case "replacingCharacters": return [fixed(["in", "with"], [nil, text], .string)]
            case "firstIndex", "lastIndex":
                return [fixed(["of"], [.character], .optional(.stringIndex)), fixed(["where"], [test], .optional(.stringIndex))]
            case "insert":
                return [fixed([nil, "at"], [.character, .stringIndex], .void, mutating: true), fixed(["contentsOf", "at"], [text, .stringIndex], .void, mutating: true)]
            case "remove": return [fixed(["at"], [.stringIndex], .character, mutating: true)]
            case "starts": return [fixed(["with"], [text], .bool)]
            case "elementsEqual", "lexicographicallyPrecedes": return [fixed([nil], [text], .bool)]
            default:
                // A sequence of characters: `filter` gives a `String`, the slices `Substring`s, the rest arrays (`sorted()`,
                // and `reversed()`, Swift's `ReversedCollection`, which a `String(…)` or a `[Character]` takes).
                let slices: Set<String> = ["prefix", "suffix", "dropFirst", "dropLast", "drop"]
                return sequenceMethods(.character, name, collection: { name == "filter" ? .string : slices.contains(name) ? .substring : .array($0) })
            }
        case .character:
            return ["uppercased", "lowercased"].contains(name) ? [fixed([], [], .string)] : []
        case .dictionary(let k, let v):
            let pair = ScriptType.tuple([k, v], labels: ["key", "value"])
            switch name {
            case "removeValue": return [fixed(["forKey"], [k], .optional(v), mutating: true)]
            case "updateValue": return [fixed([nil, "forKey"], [v, k], .optional(v), mutating: true)]
            case "removeAll": return [fixed([], [], .void, mutating: true)]
            case "mapValues": return [m([nil], [.function([v], .any)]) { .dictionary(k, resultOf($0.first)) }]
            case "compactMapValues": return [m([nil], [.function([v], .any)]) { let r = resultOf($0.first); return .dictionary(k, r.wrapped ?? r) }]
            case "filter": return [fixed([nil], [.function([pair], .bool)], .dictionary(k, v))]
            case "merge": return [m([nil, "uniquingKeysWith"], [.dictionary(k, v), .function([v, v], v)], mutating: true) { _ in .void }]
            case "merging": return [fixed([nil, "uniquingKeysWith"], [.dictionary(k, v), .function([v, v], v)], .dictionary(k, v))]
            default: return sequenceMethods(pair, name, collection: { .array($0) })
            }
        case .int:
            switch name {
            case "isMultiple": return [fixed(["of"], [.int], .bool)]
            case "signum": return [fixed([], [], .int)]
            case "negate": return [fixed([], [], .void, mutating: true)]
            case "formatted": return [fixed([], [], .string)]
            case "distance": return [fixed(["to"], [.int], .int)]
            case "advanced": return [fixed(["by"], [.int], .int)]
            case "addingReportingOverflow", "subtractingReportingOverflow": return [fixed([nil], [.int], LibraryTypes.reportingOverflow)]
            case "multipliedReportingOverflow", "dividedReportingOverflow": return [fixed(["by"], [.int], LibraryTypes.reportingOverflow)]
            case "remainderReportingOverflow": return [fixed(["dividingBy"], [.int], LibraryTypes.reportingOverflow)]
            case "quotientAndRemainder": return [fixed(["dividingBy"], [.int], .tuple([.int, .int], labels: ["quotient", "remainder"]))]
            default: return []
            }
        case .bool:
            return name == "toggle" ? [fixed([], [], .void, mutating: true)] : []
        case .double:
            switch name {
            case "squareRoot": return [fixed([], [], .double)]
            // `x.rounded(.down)`: a rounding rule by name (`FloatingPointRoundingRule`'s cases).
            case "rounded": return [fixed([], [], .double), fixed([nil], [nil], .double)]
            case "truncatingRemainder", "remainder": return [fixed(["dividingBy"], [.double], .double)]
            case "negate": return [fixed([], [], .void, mutating: true)]
            case "formatted": return [fixed([], [], .string)]
            default: return []
            }
        case .date:
            switch name {
            case "formatted": return [fixed([], [], .string), fixed([nil], [nil], .string), fixed(["date", "time"], [nil, nil], .string)]
            case "addingTimeInterval": return [fixed([nil], [.double], .date)]
            case "timeIntervalSince": return [fixed([nil], [.date], .double)]
            default: return []
            }
        default:
            return []
        }
    }

    /// What every sequence offers: arrays, ranges, strings (of characters) and dictionaries (of pairs).
    private static func sequenceMethods(_ e: ScriptType, _ name: String, collection: @escaping (ScriptType) -> ScriptType) -> [Method] {
        let predicate = ScriptType.function([e], .bool)
        switch name {
        case "contains":
            return (e.conformsToEquatable ? [fixed([nil], [e], .bool)] : []) + [fixed(["where"], [predicate], .bool)]
        case "first", "last": return [fixed(["where"], [predicate], .optional(e))]
        case "allSatisfy": return [fixed([nil], [predicate], .bool)]
        case "count": return [fixed(["where"], [predicate], .int)]
        case "filter": return [fixed([nil], [predicate], collection(e))]
        case "map":
            return [m([nil], [.function([e], .any)]) { .array(resultOf($0.first)) }]
        case "compactMap":
            return [m([nil], [.function([e], .any)]) { types in
                let r = resultOf(types.first)
                return .array(r.wrapped ?? r)
            }]
        case "flatMap":
            // Of what each result holds: an array's or a set's elements, a string's characters, an optional's value (the
            // older `flatMap` that is `compactMap`).
            return [m([nil], [.function([e], .any)]) { types in
                switch resultOf(types.first) {
                case .array(let inner), .set(let inner), .optional(let inner): return .array(inner)
                case .string: return .array(.character)
                default: return .array(.any)
                }
            }]
        case "forEach": return [fixed([nil], [.function([e], .void)], .void)]
        case "reduce":
            return [m([nil, nil], [nil, .function([.any, e], .any)]) { $0.first ?? .any },
                    Method(labels: ["into", nil], parameters: [nil, .function([.any, e], .void)], result: { $0.first ?? .any },
                           closureChangesFirstParameter: true)]
        case "sorted":
            return (e.isComparable ? [fixed([], [], collection(e))] : []) + [fixed(["by"], [.function([e, e], .bool)], collection(e))]
        case "min", "max":
            return (e.isComparable ? [fixed([], [], .optional(e))] : []) + [fixed(["by"], [.function([e, e], .bool)], .optional(e))]
        case "reversed", "shuffled": return [fixed([], [], collection(e))]
        case "enumerated": return [fixed([], [], .array(.tuple([.int, e], labels: ["offset", "element"])))]
        case "randomElement": return [fixed([], [], .optional(e))]
        case "prefix", "suffix", "dropFirst", "dropLast":
            return [fixed([nil], [.int], collection(e))] + (name.hasPrefix("drop") ? [fixed([], [], collection(e))] : [])
                + (name == "prefix" ? [fixed(["while"], [predicate], collection(e))] : [])
        case "drop": return [fixed(["while"], [predicate], collection(e))]
        case "starts": return e.conformsToEquatable ? [fixed(["with"], [collection(e)], .bool)] : []
        case "elementsEqual": return e.conformsToEquatable ? [fixed([nil], [collection(e)], .bool)] : []
        case "lexicographicallyPrecedes": return e.isComparable ? [fixed([nil], [collection(e)], .bool)] : []
        default: return []
        }
    }

    /// What `addingReportingOverflow(_:)` and its family give: Swift's labelled pair.
    static var reportingOverflow: ScriptType { .tuple([.int, .bool], labels: ["partialValue", "overflow"]) }

    /// Method names of a type, for "did you mean".
    static func methodNames(_ base: ScriptType) -> [String] {
        ["append", "insert", "remove", "removeAll", "removeLast", "removeFirst", "popLast", "sort", "reverse", "shuffle", "swapAt", "partition", "firstIndex",
         "lastIndex", "joined", "sum", "contains", "first", "last", "allSatisfy", "count", "filter", "map", "compactMap", "flatMap",
         "forEach", "reduce", "sorted", "min", "max", "reversed", "shuffled", "enumerated", "randomElement", "prefix", "suffix",
         "dropFirst", "dropLast", "drop", "starts", "elementsEqual", "lexicographicallyPrecedes", "compactMapValues", "uppercased", "lowercased", "trimmed", "trimmingPrefix", "hasPrefix", "hasSuffix", "localizedCaseInsensitiveContains", "split", "components",
         "trimmingCharacters", "replacingOccurrences", "removeValue", "updateValue", "mapValues", "merge", "merging", "isMultiple", "formatted", "advanced",
         "distance", "rounded", "squareRoot", "truncatingRemainder", "addingTimeInterval", "timeIntervalSince", "union", "intersection", "subtracting", "isSubset",
         "symmetricDifference", "isSuperset", "isDisjoint", "range", "padding", "removeSubrange", "replaceSubrange", "formUnion", "formIntersection", "subtract", "formSymmetricDifference", "signum", "negate",
         "compare", "caseInsensitiveCompare", "localizedCompare", "localizedCaseInsensitiveCompare", "localizedStandardCompare"]
            .filter { !methods(base, $0).isEmpty }
    }
}
