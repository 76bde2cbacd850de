import ShortcutSyntax

/// An array's positions as Swift's `Array` has them — its Ints from `startIndex` (0) to `endIndex` (its count):
/// `index(after:)`, `prefix(upTo:)`, `suffix(from:)`, and the changes of a range of them (`removeSubrange`,
/// `replaceSubrange(_:with:)`). A position out of bounds is the runtime error Swift's trap is.
extension Interpreter {
    /// The value of one of these calls, or nil when the call is none of them.
    func arrayPositionMethod(_ items: [Value], _ name: String, _ args: Arguments, _ labels: [String?], _ site: SourceRange) throws(ScriptError) -> Value? {
        guard let label = labels.first ?? nil, case .int(let i)? = args.first else { return nil }
        func within(_ bound: Int) throws(ScriptError) -> Int {
            guard bound >= 0, bound <= items.count else { throw ScriptError.runtime(.indexOutOfRange(index: bound, count: items.count, of: .array), at: site) }
            return bound
        }
        switch (name, label) {
        case ("index", "after"):
            guard let next = ArithmeticOp.add.intResult(i, 1) else { throw intError(.add, i, 1, site) }
            return .int(next)
        case ("index", "before"):
            guard let previous = ArithmeticOp.subtract.intResult(i, 1) else { throw intError(.subtract, i, 1, site) }
            return .int(previous)
        case ("prefix", "upTo"): return .array(Array(items[..<(try within(i))]))
        case ("prefix", "through"):
            guard i < items.count else { throw ScriptError.runtime(.indexOutOfRange(index: i, count: items.count, of: .array), at: site) }
            return .array(Array(items[...(try within(i))]))
        case ("suffix", "from"): return .array(Array(items[(try within(i))...]))
        default: return nil
        }
    }

    /// `removeSubrange(r)` and `replaceSubrange(r, with: xs)` on the array where it is; false when the call is neither.
    /// `partition(by:)`: those that pass moved after those that do not, by Swift's own steps (so the order within each
    /// part is Swift's too); the position of the first that passes.
    func partitioned(_ items: inout [Value], by test: Value, _ site: SourceRange) throws(ScriptError) -> Int {
        var lo = 0, hi = items.count
        while true {
            while true {
                if lo == hi { return lo }
                if try predicate(test, items[lo], site) { break }
                lo += 1
            }
            while true {
                hi -= 1
                if lo == hi { return lo }
                if !(try predicate(test, items[hi], site)) { break }
            }
            items.swapAt(lo, hi)
            lo += 1
        }
    }

    func changedArrayRange(_ items: inout [Value], _ name: String, _ args: Arguments, _ site: SourceRange) throws(ScriptError) -> Bool {
        guard name == "removeSubrange" || name == "replaceSubrange", let range = args.first else { return false }
        let (lo, end): (Int, Int)
        switch range {
        case .range(let a, let b): (lo, end) = (a, b)
        case .closedRange(let a, let b) where b < Int.max: (lo, end) = (a, b + 1)
        default: throw ScriptError.runtime(.rangeOutOfBounds(range: range.description, count: items.count), at: site)
        }
        guard lo >= 0, lo <= end, end <= items.count else {
            throw ScriptError.runtime(.rangeOutOfBounds(range: range.description, count: items.count), at: site)
        }
        if name == "removeSubrange" {
            items.removeSubrange(lo..<end)
            return true
        }
        guard args.count == 2, case .array(let replacement) = args[1] else {
            throw ScriptError.runtime(.badArgument(function: "replaceSubrange(_:with:)", needs: "an array to put in"), at: site)
        }
        try reserve(items.count - (end - lo) + replacement.count, site)
        items.replaceSubrange(lo..<end, with: replacement)
        return true
    }
}
