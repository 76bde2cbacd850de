import ShortcutSyntax

/// Where swiftc reports a problem with an expression's value (a conversion that fails, an optional not unwrapped): the
/// expression's own location, which is not always where it starts — a member's name (`t.a`), a call's callee's
/// location (`t.f()` at `f`), a subscript's `[`, a binary or ternary operator, a cast's `as`, a force unwrap's `!`.
/// `typed` notes it for every expression whose location is not its start; `fit` reports there.
extension Resolver {
    /// The source text of a range, for messages that quote the program.
    func sourceText(_ range: SourceRange) -> String {
        let i = Int(range.file)
        guard program.files.indices.contains(i) else { return "…" }
        return program.files[i].text(range)
    }

    /// The line a range starts on, for messages that name another declaration's line.
    func line(of range: SourceRange) -> Int {
        let i = Int(range.file)
        guard program.files.indices.contains(i) else { return 0 }
        return program.files[i].location(of: Int(range.start)).line
    }

    /// Where a parameter written at `range` has its name: after its label when it has one (`_ a: Int` at `a`), where
    /// swiftc reports it; `range` when the text does not show it.
    func nameRange(of name: String, in range: SourceRange) -> SourceRange {
        let text = Array(sourceText(range).utf8), word = Array(name.utf8)
        guard let colon = text.firstIndex(of: UInt8(ascii: ":")) else { return range }
        var at = colon
        while at > 0, text[at - 1] == UInt8(ascii: " ") { at -= 1 }
        guard at >= word.count, text[(at - word.count)..<at].elementsEqual(word) else { return range }
        return SourceRange(file: range.file, start: Int(range.start) + at - word.count, end: Int(range.start) + at)
    }

    /// The offset swiftc gives expression `e`'s value.
    func swiftLocation(of e: Expr) -> Int {
        switch e.kind {
        case .member(_, _, let nameRange): return Int(nameRange.start)
        case .call(let callee, _): return swiftLocation(of: callee)
        case .try(let inner, _, _), .await(let inner), .optionalChain(let inner): return swiftLocation(of: inner)
        case .subscript(let base, _): return firstNonBlank(after: base, in: e)
        case .binary(let op, let l, let r): return Int(operatorRange(op.rawValue, after: l, before: r).start)
        case .ternary(let condition, _, _), .cast(let condition, _, _): return firstNonBlank(after: condition, in: e)
        case .forceUnwrap: return max(Int(e.range.start), Int(e.range.end) - 1)
        default: return Int(e.range.start)
        }
    }

    /// The first character after `part` inside `whole` that is not a space or a tab.
    private func firstNonBlank(after part: Expr, in whole: Expr) -> Int {
        let gap = sourceText(whole.range.after(part.range))
        return min(Int(whole.range.end), Int(part.range.end) + gap.utf8.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count)
    }

    /// Notes where swiftc reports expression `e`'s value, when that is not where it starts.
    func noteSwiftLocation(of e: Expr) {
        let at = swiftLocation(of: e)
        if at != Int(e.range.start) { valueLocations[e.range] = at }
    }

    /// Where swiftc places an error about an expression's value, from its location (`swiftLocation`) to its end: a
    /// member read's name (`a.b.count` at `count`), a subscript's `[` (`d["a"] + 1`), else its start.
    func anchor(of e: Expr) -> SourceRange {
        SourceRange(file: e.range.file, start: swiftLocation(of: e), end: Int(e.range.end))
    }

    /// The range to report a problem with the value written at `range`: from swiftc's location for it.
    func valueRange(_ range: SourceRange) -> SourceRange {
        guard let at = valueLocations[range] else { return range }
        return SourceRange(file: range.file, start: at, end: Int(range.end))
    }

    /// Where the operator of `lhs op rhs` stands, for the caret (Swift points at the operator).
    func operatorRange(_ op: BinaryOp, _ lhs: Expr, _ rhs: Expr) -> SourceRange {
        let i = Int(lhs.range.file)
        guard program.files.indices.contains(i) else { return lhs.range.union(rhs.range) }
        let bytes = program.files[i].bytes
        let text = Array(op.rawValue.utf8)
        var at = Int(lhs.range.end)
        let limit = min(Int(rhs.range.start), bytes.count)
        while at + text.count <= limit {
            if bytes[at..<at + text.count].elementsEqual(text) { return SourceRange(file: lhs.range.file, start: at, end: at + text.count) }
            at += 1
        }
        return lhs.range.union(rhs.range)
    }
}
