import ShortcutSyntax

/// String properties and methods (SPEC §3).
extension Interpreter {
    func stringMethod(_ s: String, _ name: Name, _ args: Arguments, _ labels: [String?], _ site: SourceRange) throws(ScriptError) -> Value? {
        func text(_ i: Int) throws(ScriptError) -> String {
            guard i < args.count, case .string(let t) = args[i] else {
                throw ScriptError.runtime(.badArgument(function: "'\(name.text)'", needs: "a String argument"), at: site)
            }
            return t
        }
        switch name.member {
        case .uppercased: return .string(s.uppercased())
        case .lowercased: return .string(s.lowercased())
        case .hasPrefix: return .bool(s.hasPrefix(try text(0)))
        case .trimmingPrefix:
            let prefix = try text(0)
            return .string(s.hasPrefix(prefix) ? String(s.dropFirst(prefix.count)) : s)
        case .hasSuffix: return .bool(s.hasSuffix(try text(0)))
        case .compare, .caseInsensitiveCompare, .localizedCompare, .localizedCaseInsensitiveCompare, .localizedStandardCompare:
            // `compare(_:options: .caseInsensitive)` is `caseInsensitiveCompare(_:)`.
            let options = args.count > 1 ? try stringOptions(args[1], among: ["caseInsensitive", "literal"], "compare(_:options:)", site) : []
            let how = options.contains("caseInsensitive") ? .caseInsensitiveCompare : name.member ?? .compare
            let order = TextOrder.compare(s, try text(0), how)
            return .symbol(order < 0 ? "orderedAscending" : order == 0 ? "orderedSame" : "orderedDescending")
        case .range where labels.first == "of":
            // `options:` one word or a list of them: `.caseInsensitive`, `.backwards`, `.literal` (others refused).
            let options = args.count > 1 ? try stringOptions(args[1], among: ["caseInsensitive", "backwards", "literal"], "range(of:options:)", site) : []
            return Interpreter.characterRange(of: try text(0), in: s, ignoringCase: options.contains("caseInsensitive"),
                                              last: options.contains("backwards")).map { .range($0.lowerBound, $0.upperBound) } ?? .null
        case .localizedCaseInsensitiveContains:
            // Foundation's, in en_US: the cases alike (as lower case; the accents still count).
            let needle = try text(0)
            return .bool(!needle.isEmpty && s.lowercased().contains(needle.lowercased()))
        case .contains:
            if labels.first == "where" {
                for c in s where try predicate(args[0], .string(String(c)), site) { return .bool(true) }
                return .bool(false)
            }
            let needle = try text(0)
            return .bool(needle.isEmpty || s.contains(needle))
        case .split, .components:
            if name.member == .components, let set = args.first.flatMap(CharacterSets.init) { return .array(set.components(s).map { .string($0) }) }
            // `maxSplits:` or `whereSeparator:`: split as a sequence of characters is, each run joined again.
            if name.member == .split, labels.contains("maxSplits") || labels.contains("whereSeparator"),
               case .array(let runs)? = try split(s.map { .string(String($0)) }, args, labels, site) {
                return .array(runs.map { run in
                    guard case .array(let characters) = run else { return run }
                    return .string(characters.map(\.description).joined())
                })
            }
            let separator = try text(0)
            guard !separator.isEmpty else { throw ScriptError.runtime(.emptySeparator, at: site) }
            let parts = s.splitting(by: separator)
            // `split` leaves out empty pieces unless told not to (`omittingEmptySubsequences: false`).
            let omitting = name.member == .split && !(labels.count > 1 && labels[1] == "omittingEmptySubsequences" && args[1] == .bool(false))
            return .array((omitting ? parts.filter { !$0.isEmpty } : parts).map { .string($0) })
        case .trimmingCharacters, .trimmed:
            return .string(args.first.flatMap(CharacterSets.init)?.trimming(s) ?? s.trimmingWhitespace())
        case _ where name.text == "replacingCharacters":
            var copy = s
            return try replaceCharacters(&copy, args[0], with: try text(1), "replacingCharacters(in:with:)", site) ?? .string(copy)
        case .replacingOccurrences:
            let target = try text(0), replacement = try text(1)
            guard !target.isEmpty else { return .string(s) }
            return .string(s.splitting(by: target).joined(separator: replacement))
        // Its characters last to first, as Swift's `[Character]` (`String(s.reversed())` makes a string of them again).
        case .reversed: return .array(s.reversed().map { .string(String($0)) })
        case .prefix where !Interpreter.labels(labels, are: "while"), .suffix, .dropFirst, .dropLast:
            let n = try elementCount(args, of: name.text, site)
            switch name.member {
            case .prefix: return .string(String(s.prefix(n)))
            case .suffix: return .string(String(s.suffix(n)))
            case .dropFirst: return .string(String(s.dropFirst(n)))
            default: return .string(String(s.dropLast(n)))
            }
        case .filter,
             .prefix where Interpreter.labels(labels, are: "while"),
             .drop where Interpreter.labels(labels, are: "while"):
            // A string's `filter`, `prefix(while:)` and `drop(while:)` are strings, as in Swift.
            guard case .array(let kept)? = try arrayMethod(s.map { .string(String($0)) }, name, args, labels, site) else { return nil }
            return .string(kept.map(\.description).joined())
        default:
            if let position = try stringIndexMethod(s, name.text, args, labels, site) { return position }
            if name.text == "padding", args.count == 3, case .int(let length) = args[0], case .string(let pad) = args[1], case .int(let start) = args[2] {
                return .string(try padded(s, toLength: length, with: pad, startingAt: start, site))
            }
            // Everything a sequence has, over its characters (one-character strings here); `firstIndex(of:)` and the
            // rest give a count of characters, which is what a `String.Index` is here.
            return try arrayMethod(s.map { .string(String($0)) }, name, args, labels, site)
        }
    }
}

extension Interpreter {
    /// Foundation's `padding(toLength:withPad:startingAt:)`: cut to `length` characters, or filled from the pad, cycled
    /// from its character at `start` (out of its range, or an empty pad, is a runtime error where Foundation raises).
    func padded(_ s: String, toLength length: Int, with pad: String, startingAt start: Int, _ site: SourceRange) throws(ScriptError) -> String {
        let count = s.count
        if length <= count { return String(s.prefix(max(length, 0))) }
        let fill = Array(pad)
        guard !fill.isEmpty, start >= 0, start < fill.count else {
            throw ScriptError.runtime(.badArgument(function: "padding(toLength:withPad:startingAt:)", needs: "a pad with a character at startingAt"), at: site)
        }
        try reserve(length, site)
        var out = s
        for i in 0..<(length - count) { out.append(fill[(start + i) % fill.count]) }
        return out
    }

    /// The characters of `s` in `range` (a range of `String.Index`es: counts of characters) replaced by `text`; nil, or a
    /// runtime error for a range outside the string (Swift stops the program).
    func replaceCharacters(_ s: inout String, _ range: Value, with text: String, _ function: String, _ site: SourceRange) throws(ScriptError) -> Value? {
        let count = s.count
        let bounds: (Int, Int)
        switch range {
        case .range(let lo, let hi): bounds = (lo, hi)
        case .closedRange(let lo, let hi) where hi < Int.max: bounds = (lo, hi + 1)
        default: throw ScriptError.runtime(.badArgument(function: function, needs: "a range of String.Index positions"), at: site)
        }
        guard bounds.0 >= 0, bounds.0 <= bounds.1, bounds.1 <= count else {
            throw ScriptError.runtime(.rangeOutOfBounds(range: "\(bounds.0)..<\(bounds.1)", count: count, of: .string), at: site)
        }
        try reserve(s.utf8.count + text.utf8.count, of: 1, site)
        let lower = s.index(s.startIndex, offsetBy: bounds.0), upper = s.index(lower, offsetBy: bounds.1 - bounds.0)
        s.replaceSubrange(lower..<upper, with: text)
        return nil
    }

    func mutateString(_ s: inout String, _ name: Name, _ args: Arguments, _ site: SourceRange) throws(ScriptError) -> Value {
        switch name.member {
        case .append:
            guard args.count == 1 else { break }
            // `append(contentsOf: chars)` of an array of characters: their text.
            let more = if case .array(let items) = args[0] { items.map(\.description).joined() } else { args[0].description }
            try reserve(s.utf8.count + more.utf8.count, of: 1, site)
            s += more
            return .null
        case .removeLast:
            guard let c = s.popLast() else { throw ScriptError.runtime(.emptyCollection(operation: "removeLast()", of: .string), at: site) }
            return .string(String(c))
        case .removeFirst:
            guard !s.isEmpty else { throw ScriptError.runtime(.emptyCollection(operation: "removeFirst()", of: .string), at: site) }
            return .string(String(s.removeFirst()))
        case .removeAll:
            if args.isEmpty { s = ""; return .null }
            var kept = ""   // `removeAll(where:)`: the characters the test does not take
            for c in s where !(try predicate(args[0], .string(String(c)), site)) { kept.append(c) }
            s = kept
            return .null
        case _ where name.text == "removeSubrange" && args.count == 1:
            return try replaceCharacters(&s, args[0], with: "", "removeSubrange(_:)", site) ?? .null
        case _ where name.text == "replaceSubrange" && args.count == 2:
            return try replaceCharacters(&s, args[0], with: args[1].description, "replaceSubrange(_:with:)", site) ?? .null
        default:
            // `insert(_:at:)`, `insert(contentsOf:at:)`, `remove(at:)` at a `String.Index` (a count of characters).
            guard name.text == "insert" || name.text == "remove", case .int(let i)? = args.last else { break }
            let count = s.count
            guard i >= 0, i < count || (name.text == "insert" && i == count) else {
                throw ScriptError.runtime(.indexOutOfRange(index: i, count: count, of: .string), at: site)
            }
            let at = s.index(s.startIndex, offsetBy: i)
            if name.text == "remove" { return .string(String(s.remove(at: at))) }
            s.insert(contentsOf: args[0].description, at: at)
            return .null
        }
        return try callMethod(.string(s), name, args, [], site)
    }
}
extension Interpreter {
    func stringProperty(_ s: String, _ name: Name) -> Value? {
        switch name.member {
        case .count: return .int(s.count)
        case .isEmpty: return .bool(s.isEmpty)
        case .first: return s.first.map { .string(String($0)) } ?? .null
        case .last: return s.last.map { .string(String($0)) } ?? .null
        case .description: return .string(s)
        default:
            // The code units, as Ints (Swift's are views of UInt8 and UInt16).
            switch name.text {
            case "utf8": return .array(s.utf8.map { .int(Int($0)) })
            case "utf16": return .array(s.utf16.map { .int(Int($0)) })
            case "unicodeScalars": return .array(s.unicodeScalars.map { .string(String($0)) })
            case "value":
                // A scalar's code (`for u in s.unicodeScalars { u.value }`): of a string of one scalar.
                guard s.unicodeScalars.count == 1, let scalar = s.unicodeScalars.first else { return nil }
                return .int(Int(scalar.value))
            case "capitalized": return .string(s.capitalizedWords)
            case "startIndex": return .int(0)
            case "endIndex": return .int(s.count)
            case "indices": return .array((0..<s.count).map { .int($0) })
            default: return characterProperty(s, name.text)
            }
        }
    }

    /// A `Character`'s property, of a one-character string (here a `Character` is one): of a longer string, whether
    /// every character has it (`isLetter`), or nil for a value (`asciiValue`).
    func characterProperty(_ s: String, _ name: String) -> Value? {
        func every(_ test: (Character) -> Bool) -> Value { .bool(!s.isEmpty && s.allSatisfy(test)) }
        switch name {
        case "isLetter": return every(\.isLetter)
        case "isNumber": return every(\.isNumber)
        case "isUppercase": return every(\.isUppercase)
        case "isLowercase": return every(\.isLowercase)
        case "isWhitespace": return every(\.isWhitespace)
        case "isPunctuation": return every(\.isPunctuation)
        case "isASCII": return every(\.isASCII)
        case "isNewline": return every(\.isNewline)
        case "isSymbol": return every(\.isSymbol)
        case "isMathSymbol": return every(\.isMathSymbol)
        case "isCurrencySymbol": return every(\.isCurrencySymbol)
        case "isHexDigit": return every(\.isHexDigit)
        case "isWholeNumber": return every(\.isWholeNumber)
        case "isCased": return every(\.isCased)
        case "hexDigitValue": return s.count == 1 ? s.first?.hexDigitValue.map { .int($0) } ?? .null : .null
        case "asciiValue": return s.count == 1 ? s.first?.asciiValue.map { .int(Int($0)) } ?? .null : .null
        case "wholeNumberValue": return s.count == 1 ? s.first?.wholeNumberValue.map { .int($0) } ?? .null : .null
        default: return nil
        }
    }
}

extension String {
    /// Foundation's `capitalized`: each word's first letter upper-cased and the rest lower-cased (`"hELLO wORLD"` →
    /// `"Hello World"`); a word starts after anything that is not a letter (`"3rd"` → `"3Rd"`, as Foundation gives it).
    var capitalizedWords: String {
        var out = ""
        var inWord = false
        for c in self {
            out += inWord ? c.lowercased() : c.uppercased()
            inWord = c.isLetter || c == "'"
        }
        return out
    }

    /// Splits on every occurrence of a separator, keeping empty pieces.
    func splitting(by separator: String) -> [String] {
        var parts: [String] = []
        var rest = self[...]
        while let r = rest.range(of: separator) {
            parts.append(String(rest[..<r.lowerBound]))
            rest = rest[r.upperBound...]
        }
        parts.append(String(rest))
        return parts
    }

    /// The text without leading and trailing white space (line breaks included).
    public func trimmingWhitespace() -> String {
        var s = self[...]
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}

extension Substring {
    /// The first range of `needle` (no Foundation).
    func range(of needle: String) -> Range<Index>? {
        guard !needle.isEmpty else { return nil }
        var i = startIndex
        while i < endIndex {
            if self[i...].hasPrefix(needle) {
                return i..<(self.index(i, offsetBy: needle.count, limitedBy: endIndex) ?? endIndex)
            }
            i = index(after: i)
        }
        return nil
    }
}

extension Interpreter {
    /// Where `needle` first (or, `last`, last) is in `s`, in characters from its start (a `String.Index` here); nil when it is not.
    static func characterRange(of needle: String, in s: String, ignoringCase: Bool, last: Bool) -> Range<Int>? {
        let fold = { (c: Character) in ignoringCase ? c.lowercased() : String(c) }
        let hay = s.map(fold), pin = needle.map(fold)
        guard !pin.isEmpty, pin.count <= hay.count else { return nil }
        let starts = Array(0...(hay.count - pin.count))
        for start in last ? starts.reversed() : starts where hay[start..<(start + pin.count)].elementsEqual(pin) {
            return start..<(start + pin.count)
        }
        return nil
    }
}

/// `String.Index` (a count of characters from the string's start here): the methods that make and measure one.
extension Interpreter {
    func stringIndexMethod(_ s: String, _ name: String, _ args: Arguments, _ labels: [String?], _ site: SourceRange) throws(ScriptError) -> Value? {
        func position(_ value: Value) throws(ScriptError) -> Int {
            guard case .int(let i) = value else { throw ScriptError.runtime(.badArgument(function: "'\(name)'", needs: "a String.Index"), at: site) }
            return i
        }
        let count = s.count
        /// Swift stops a program that moves an index out of its string; here it is a runtime error. (An index made
        /// from an Int by a cast may be anything: moving it is checked for overflow too.)
        func checked(_ i: Int, _ step: Int) throws(ScriptError) -> Value {
            let (moved, overflow) = i.addingReportingOverflow(step)
            guard !overflow, moved >= 0, moved <= count else {
                throw ScriptError.runtime(.indexOutOfRange(index: overflow ? i : moved, count: count, of: .string), at: site)
            }
            return .int(moved)
        }
        switch (name, labels.count, args.count) {
        case ("index", 1, 1) where labels[0] == "after": return try checked(try position(args[0]), 1)
        case ("index", 1, 1) where labels[0] == "before": return try checked(try position(args[0]), -1)
        case ("index", 2, 2) where labels[1] == "offsetBy":
            return try checked(try position(args[0]), try position(args[1]))
        case ("index", 3, 3) where labels[1] == "offsetBy" && labels[2] == "limitedBy":
            let (start, distance, limit) = (try position(args[0]), try position(args[1]), try position(args[2]))
            let (sum, overflow) = start.addingReportingOverflow(distance)
            // Nil when the limit lies between the start and where the offset would go.
            if overflow || (distance >= 0 ? limit >= start && limit < sum : limit <= start && limit > sum) { return .null }
            return try checked(start, distance)
        case ("distance", 2, 2) where labels[0] == "from" && labels[1] == "to":
            let (d, overflow) = try position(args[1]).subtractingReportingOverflow(try position(args[0]))
            if overflow { throw ScriptError.runtime(.overflow(expression: "distance(from:to:)"), at: site) }
            return .int(d)
        default: return nil
        }
    }
}

extension Interpreter {
    /// A string method's `options:` (`.caseInsensitive` or `[.caseInsensitive, .backwards]`), each one of `known`.
    func stringOptions(_ value: Value, among known: [String], _ function: String, _ site: SourceRange) throws(ScriptError) -> [String] {
        let options: [String]
        switch value {
        case .symbol(let word): options = [word]
        case .array(let words): options = words.compactMap { if case .symbol(let w) = $0 { w } else { nil } }
        default: options = []
        }
        if let other = options.first(where: { !known.contains($0) }) {
            throw ScriptError.runtime(.badArgument(function: function, needs: "options among .\(known.joined(separator: ", .")), not .\(other)"), at: site)
        }
        return options
    }
}
