import ShortcutSyntax

/// Array (and range) properties and methods (SPEC §3): the ones Swift users reach for first.
extension Interpreter {
    func arrayMethod(_ items: [Value], _ name: Name, _ args: Arguments, _ labels: [String?], _ site: SourceRange) throws(ScriptError) -> Value? {
        let label = labels.first ?? nil
        if label == "upTo" || label == "through" || label == "from" || label == "after" || label == "before",
           let position = try arrayPositionMethod(items, name.text, args, labels, site) { return position }
        switch name.member {
        case .contains:
            guard args.count == 1 else { return nil }
            if label == "where" {
                for item in items where try predicate(args[0], item, site) { return .bool(true) }
                return .bool(false)
            }
            for item in items where try valuesEqual(item, args[0], site) { return .bool(true) }
            return .bool(false)
        case .firstIndex, .lastIndex:
            guard args.count == 1 else { return nil }
            let indices = name.member == .firstIndex ? Array(items.indices) : items.indices.reversed()
            for i in indices {
                if label == "where" ? try predicate(args[0], items[i], site) : try valuesEqual(items[i], args[0], site) { return .int(i) }
            }
            return .null
        case .first, .last:
            guard args.count == 1, label == "where" else { return nil }
            let ordered = name.member == .first ? items : items.reversed()
            for item in ordered where try predicate(args[0], item, site) { return item }
            return .null
        case .map, .compactMap, .flatMap:
            guard args.count == 1 else { return nil }
            var out: [Value] = []
            out.reserveCapacity(items.count)
            for item in items {
                let v = try call(args[0], with: item, site: site)
                switch name.member {
                case .compactMap: if !v.isNull { out.append(v) }
                case .flatMap:
                    switch v {
                    case .array(let inner): out.append(contentsOf: inner)
                    case .string(let text): out.append(contentsOf: text.map { .string(String($0)) })   // its characters
                    case .null: break   // the older `flatMap` over optionals: `compactMap`
                    default: out.append(v)
                    }
                default: out.append(v)
                }
            }
            return .array(out)
        case .filter:
            guard args.count == 1 else { return nil }
            var out: [Value] = []
            for item in items where try predicate(args[0], item, site) { out.append(item) }
            return .array(out)
        case .forEach:
            guard args.count == 1 else { return nil }
            for item in items { _ = try call(args[0], with: item, site: site) }
            return .null
        case .allSatisfy:
            guard args.count == 1 else { return nil }
            for item in items where !(try predicate(args[0], item, site)) { return .bool(false) }
            return .bool(true)
        case .reduce:
            guard args.count == 2 else { return nil }
            if (labels.first ?? nil) == "into" {
                var result = args[0]
                for item in items { result = try callChangingFirst(args[1], result, item, site: site) }
                return result
            }
            var acc = args[0]
            for item in items { acc = try call(args[1], with: acc, item, site: site) }
            return acc
        case .split:
            return try split(items, args, labels, site)
        case .sorted:
            return .array(try sortedValues(items, by: args.first, site))
        case .reversed:
            return .array(items.reversed())
        case .joinedArrays:
            var joined: [Value] = []
            let separator: [Value] = if case .array(let s)? = args.first { s } else { [] }
            for (i, item) in items.enumerated() {
                if i > 0 { joined.append(contentsOf: separator) }
                if case .array(let part) = item { joined.append(contentsOf: part) }
            }
            return .array(joined)
        case .formatted:
            // `names.formatted()`, `names.formatted(.list(type: .or))`: the style's steps, as the checker wrote them.
            guard case .array(let steps)? = args.first else { return .string(FormatStyles.list(items.map(\.description), type: "and", width: "standard")) }
            return try FormatStyles.text(.array(items), steps, site: site).map(Value.string)
        case .joined:
            var parts: [String] = []
            for item in items { parts.append(item.description) }
            return .string(parts.joined(separator: args.first?.description ?? ""))
        case .enumerated:
            return .array(items.enumerated().map { .tuple(TupleStorage([.int($0.offset), $0.element], labels: ["offset", "element"])) })
        case .sum:
            var total: Value = .int(0)
            for item in items { total = try arithmetic(.add, total, item, site) }
            return total
        case .min, .max:
            // `min(by:)`/`max(by:)` order by the closure (`areInIncreasingOrder`), as Swift's do.
            guard var best = items.first else { return .null }
            let order = args.first
            for item in items.dropFirst() {
                let better: Bool
                switch (name.member == .min, order) {
                case (true, let f?): better = try predicate(f, item, best, site)
                case (false, let f?): better = try predicate(f, best, item, site)
                case (true, nil): better = try compare(.less, item, best, site)
                case (false, nil): better = try compare(.greater, item, best, site)
                }
                if better { best = item }
            }
            return best
        case .prefix where Interpreter.labels(labels, are: "while"), .drop where Interpreter.labels(labels, are: "while"):
            var n = 0
            while n < items.count, try predicate(args[0], items[n], site) { n += 1 }
            return .array(Array(name.member == .prefix ? items.prefix(n) : items.dropFirst(n)))
        case _ where name.text == "lexicographicallyPrecedes" && args.count == 1:
            var other: [Value] = []
            try iterate(args[0], site) { (v: Value) throws(ScriptError) -> Bool in other.append(v); return true }
            for (x, y) in zip(items, other) {   // the first place they differ decides
                if try compare(.less, x, y, site) { return .bool(true) }
                if try compare(.less, y, x, site) { return .bool(false) }
            }
            return .bool(items.count < other.count)
        case .starts, .elementsEqual:
            guard args.count == 1 else { return nil }
            var other: [Value] = []
            try iterate(args[0], site) { (v: Value) throws(ScriptError) -> Bool in other.append(v); return true }
            return .bool(name.member == .starts ? items.starts(with: other) : items == other)
        case .prefix, .suffix, .dropFirst, .dropLast:
            let n = try elementCount(args, of: name.text, site)
            switch name.member {
            case .prefix: return .array(Array(items.prefix(n)))
            case .suffix: return .array(Array(items.suffix(n)))
            case .dropFirst: return .array(Array(items.dropFirst(n)))
            default: return .array(Array(items.dropLast(n)))
            }
        case .randomElement:
            guard !items.isEmpty else { return .null }
            return items[Int.random(in: 0..<items.count, using: &random)]
        case .shuffled:
            return .array(items.shuffled(using: &random))
        case .union, .intersection, .subtracting, .isSubset, .sameElements, .symmetricDifference, .isSuperset, .isDisjoint:
            guard args.count == 1 else { return nil }
            let other = try uniqueElements(of: args[0], site)
            switch name.member {
            case .union:
                let out = DictionaryStorage(keys: items, values: items.map { _ in .null })
                for v in other.keys where out.get(v) == nil { out.set(v, .null) }
                return .array(out.keys)
            case .intersection: return .array(items.filter { other.get($0) != nil })
            case .subtracting: return .array(items.filter { other.get($0) == nil })
            case .isSubset: return .bool(items.allSatisfy { other.get($0) != nil })
            case .isDisjoint: return .bool(!items.contains { other.get($0) != nil })
            case .isSuperset, .symmetricDifference:
                let mine = try uniqueElements(of: .array(items), site)
                if name.member == .isSuperset { return .bool(other.keys.allSatisfy { mine.get($0) != nil }) }
                return .array(items.filter { other.get($0) == nil } + other.keys.filter { mine.get($0) == nil })
            default: return .bool(items.count == other.count && items.allSatisfy { other.get($0) != nil })
            }
        case .count where args.count == 1 && label == "where":
            var n = 0
            for item in items where try predicate(args[0], item, site) { n += 1 }
            return .int(n)
        default:
            return nil
        }
    }
}

extension Interpreter {
    func mutateArray(_ items: inout [Value], _ name: Name, _ args: Arguments, _ labels: [String?], _ site: SourceRange) throws(ScriptError) -> Value {
        switch name.member {
        case .setInsert:
            guard args.count == 1 else { break }
            if let member = items.first(where: { $0.keyEqual(args[0]) }) {
                return .tuple(TupleStorage([.bool(false), member], labels: ["inserted", "memberAfterInsert"]))
            }
            try reserve(items.count + 1, site)
            items.append(args[0])
            return .tuple(TupleStorage([.bool(true), args[0]], labels: ["inserted", "memberAfterInsert"]))
        case .setRemove:
            guard args.count == 1 else { break }
            guard let i = items.firstIndex(where: { $0.keyEqual(args[0]) }) else { return .null }
            return items.remove(at: i)
        case .append:
            guard args.count == 1 else { break }
            if labels.first == "contentsOf" {
                guard case .array(let more) = args[0] else { throw ScriptError.runtime(.badArgument(function: "append(contentsOf:)", needs: "an array"), at: site) }
                try reserve(items.count + more.count, site)
                items.append(contentsOf: more)
            } else {
                items.append(args[0])
            }
            return .null
        case .insert:
            guard args.count == 2, case .int(let i) = args[1] else { break }
            guard i >= 0, i <= items.count else { throw ScriptError.runtime(.indexOutOfRange(index: i, count: items.count, of: .array), at: site) }
            if labels.first == "contentsOf" {
                guard case .array(let more) = args[0] else { break }
                try reserve(items.count + more.count, site)
                items.insert(contentsOf: more, at: i)
            } else {
                items.insert(args[0], at: i)
            }
            return .null
        case .remove:
            guard args.count == 1, case .int(let i) = args[0] else { break }
            guard i >= 0, i < items.count else { throw ScriptError.runtime(.indexOutOfRange(index: i, count: items.count, of: .array), at: site) }
            return items.remove(at: i)
        case .removeFirst where args.count == 1, .removeLast where args.count == 1:
            // `removeFirst(k)`: Swift stops the program when k is negative or more than the count.
            guard case .int(let k) = args[0], k >= 0, k <= items.count else {
                throw ScriptError.runtime(.badArgument(function: "\(name.text)(_:)", needs: "a count from 0 to \(items.count), not \(args[0].description)"), at: site)
            }
            if name.member == .removeFirst { items.removeFirst(k) } else { items.removeLast(k) }
            return .null
        case .removeLast, .popLast:
            if items.isEmpty {
                if name.member == .popLast { return .null }
                throw ScriptError.runtime(.emptyCollection(operation: "removeLast()", of: .array), at: site)
            }
            return items.removeLast()
        case .removeFirst:
            if items.isEmpty { throw ScriptError.runtime(.emptyCollection(operation: "removeFirst()", of: .array), at: site) }
            return items.removeFirst()
        case .removeAll:
            if args.isEmpty || labels.first == "keepingCapacity" { items.removeAll(); return .null }
            var kept: [Value] = []
            for item in items where !(try predicate(args[0], item, site)) { kept.append(item) }
            items = kept
            return .null
        case .sort:
            items = try sortedValues(items, by: args.first, site)
            return .null
        case .reverse:
            items.reverse()
            return .null
        case .reserveCapacity:
            return .null   // storage is the runtime's to size
        case .shuffle:
            items.shuffle(using: &random)
            return .null
        case .swapAt:
            guard args.count == 2, case .int(let i) = args[0], case .int(let j) = args[1] else { break }
            guard items.indices.contains(i), items.indices.contains(j) else {
                throw ScriptError.runtime(.indexOutOfRange(index: items.indices.contains(i) ? j : i, count: items.count, of: .array), at: site)
            }
            items.swapAt(i, j)
            return .null
        default:
            if name.text == "partition", args.count == 1 { return .int(try partitioned(&items, by: args[0], site)) }
            if try changedArrayRange(&items, name.text, args, site) { return .null }
            // A set's `formUnion(_:)`, `formIntersection(_:)`, `subtract(_:)`, `formSymmetricDifference(_:)`: the
            // non-mutating one's result, kept.
            if let made = Interpreter.setAlgebraMade[name.text], let result = try arrayMethod(items, Name(made), args, labels, site),
               case .array(let changed) = result {
                items = changed
                return .null
            }
        }
        return try callMethod(.array(items), name, args, labels, site)
    }
}

extension Interpreter {
    /// A set's mutating algebra, by the method whose result it keeps.
    static let setAlgebraMade = ["formUnion": "union", "formIntersection": "intersection", "subtract": "subtracting",
                                 "formSymmetricDifference": "symmetricDifference"]

    func arrayProperty(_ items: [Value], _ name: Name) -> Value? {
        switch name.member {
        case .count: return .int(items.count)
        case .isEmpty: return .bool(items.isEmpty)
        case .first: return items.first ?? .null
        case .last: return items.last ?? .null
        case .description: return .string(Value.array(items).debugDescription)
        default:
            switch name.text {
            case "indices": return .range(0, items.count)
            case "startIndex": return .int(0)
            case "endIndex": return .int(items.count)
            default: return nil
            }
        }
    }

    /// How many Ints a range holds, or nil when that does not fit in an Int (`Int.min..<Int.max`).
    static func rangeCount(_ lo: Int, _ hi: Int, closed: Bool) -> Int? {
        let (span, overflow) = hi.subtractingReportingOverflow(lo)
        let (count, overflowAgain) = span.addingReportingOverflow(closed ? 1 : 0)
        return overflow || overflowAgain ? nil : count
    }

    /// How many Ints a range value holds (Int.max when that does not fit in an Int); nil for any other value.
    static func rangeCount(of value: Value) -> Int? {
        switch value {
        case .range(let lo, let hi): return rangeCount(lo, hi, closed: false) ?? .max
        case .closedRange(let lo, let hi): return rangeCount(lo, hi, closed: true) ?? .max
        default: return nil
        }
    }

    func rangeProperty(_ lo: Int, _ hi: Int, closed: Bool, _ name: Name, _ site: SourceRange) throws(ScriptError) -> Value? {
        switch name.member {
        case .count:
            // Swift traps on a count that does not fit in Int; here it is an error.
            guard let count = Interpreter.rangeCount(lo, hi, closed: closed) else {
                throw ScriptError.runtime(.overflow(expression: "(\(lo)\(closed ? "..." : "..<")\(hi)).count"), at: site)
            }
            return .int(count)
        case .isEmpty: return .bool(!closed && lo == hi)
        case .lowerBound: return .int(lo)
        case .upperBound: return .int(hi)
        case .first: return (!closed && lo == hi) ? .null : .int(lo)
        case .last: return (!closed && lo == hi) ? .null : .int(closed ? hi : hi - 1)
        default: return nil
        }
    }
}

extension Interpreter {
    /// The count `prefix`, `suffix`, `dropFirst` and `dropLast` take (of an array or a
    /// string): 1 when none is given, else an `Int` of 0 or more.
    func elementCount(_ args: Arguments, of function: String, _ site: SourceRange) throws(ScriptError) -> Int {
        guard let a = args.first else { return 1 }
        guard case .int(let k) = a, k >= 0 else {
            throw ScriptError.runtime(.badArgument(function: "'\(function)'", needs: "a count of 0 or more"), at: site)
        }
        return k
    }
}

extension Interpreter {
    /// A sequence's elements without repeats, in the order they first came, as the keys of an index found by hash (a
    /// search of the elements so far for each one made `Set(0..<100_000)` take minutes).
    func uniqueElements(of sequence: Value, _ site: SourceRange) throws(ScriptError) -> DictionaryStorage {
        let seen = DictionaryStorage()
        try iterate(sequence, site) { (v: Value) throws(ScriptError) -> Bool in
            if seen.get(v) == nil { seen.set(v, .null) }
            return true
        }
        return seen
    }

    /// A sequence's elements, all of them: an array's as they are, a range's counted against `--max-memory` before they
    /// are walked.
    func elements(of sequence: Value, _ site: SourceRange) throws(ScriptError) -> [Value] {
        if case .array(let items) = sequence { return items }
        var items: [Value] = []
        if let count = Interpreter.rangeCount(of: sequence) {
            try reserve(count, site)
            items.reserveCapacity(count)
        }
        try iterate(sequence, site) { (v: Value) throws(ScriptError) -> Bool in items.append(v); return true }
        return items
    }

    /// A sequence's first `limit` elements (all of them, when it has fewer): only those are asked for, so a sequence
    /// without an end in sight (`1...`, one of the program's own) gives them.
    func elements(of sequence: Value, atMost limit: Int, _ site: SourceRange) throws(ScriptError) -> [Value] {
        if case .string(let text) = sequence, limit >= text.utf8.count, let items = Interpreter.asciiCharacters(of: text) { return items }
        var items: [Value] = []
        if limit > 0 { try iterate(sequence, site) { (v: Value) throws(ScriptError) -> Bool in items.append(v); return items.count < limit } }
        return items
    }
}

extension Interpreter {
    /// `xs.split(separator: 0)`, with `maxSplits:` and `omittingEmptySubsequences:`, or `split(whereSeparator:)`: the
    /// runs between separators, by Swift's algorithm (an empty run left out unless told not to; at most `maxSplits`
    /// splits, the rest one run). Each run is an array (Swift's are `ArraySlice`s).
    func split(_ items: [Value], _ args: Arguments, _ labels: [String?], _ site: SourceRange) throws(ScriptError) -> Value? {
        var maxSplits = Int.max, omitting = true
        var separator: Value?, isSeparator: Value?
        for i in 0..<args.count {
            switch (labels.indices.contains(i) ? labels[i] : nil, args[i]) {
            case ("separator", let v): separator = v
            case ("whereSeparator", let f): isSeparator = f
            case ("maxSplits", .int(let n)) where n >= 0: maxSplits = n
            case ("maxSplits", _): throw ScriptError.runtime(.badArgument(function: "split", needs: "zero or more splits"), at: site)
            case ("omittingEmptySubsequences", .bool(let b)): omitting = b
            default: return nil
            }
        }
        guard (separator == nil) != (isSeparator == nil) else { return nil }
        func separates(_ item: Value) throws(ScriptError) -> Bool {
            if let separator { return try valuesEqual(item, separator, site) }
            return try predicate(isSeparator.unsafelyUnwrapped, item, site)
        }
        var parts: [Value] = []
        var start = 0
        func appendRun(to end: Int) -> Bool {
            if start == end && omitting { return false }
            parts.append(.array(Array(items[start..<end])))
            return true
        }
        if maxSplits == 0 || items.isEmpty {
            _ = appendRun(to: items.count)
            return .array(parts)
        }
        var end = 0
        while end < items.count {
            if try separates(items[end]) {
                let appended = appendRun(to: end)
                end += 1
                start = end
                if appended && parts.count == maxSplits { break }
                continue
            }
            end += 1
        }
        if start != items.count || !omitting { parts.append(.array(Array(items[start...]))) }
        return .array(parts)
    }
}
