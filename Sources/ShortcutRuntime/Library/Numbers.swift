import ShortcutSyntax

/// Int and Double properties and methods (SPEC §3).
extension Interpreter {
    func numberProperty(_ value: Value, _ name: Name) -> Value? {
        switch (value, name.member) {
        case (.int(let i), .description?): return .string(String(i))
        case (.int(let i), .magnitude?): return i == Int.min ? .double(-Double(i)) : .int(abs(i))
        case (.int(let i), nil):
            switch name.text {
            case "nonzeroBitCount": return .int(i.nonzeroBitCount)
            case "leadingZeroBitCount": return .int(i.leadingZeroBitCount)
            case "trailingZeroBitCount": return .int(i.trailingZeroBitCount)
            case "bitWidth": return .int(i.bitWidth)
            default: return nil
            }
        case (.double(let d), .description?): return .string(formatDouble(d))
        case (.double(let d), .magnitude?): return .double(abs(d))
        case (.double(let d), nil):
            switch name.text {
            case "isNaN": return .bool(d.isNaN)
            case "isFinite": return .bool(d.isFinite)
            case "isInfinite": return .bool(d.isInfinite)
            default: return nil
            }
        default: return nil
        }
    }

    func numberMethod(_ value: Value, _ name: Name, _ args: Arguments, _ site: SourceRange) throws(ScriptError) -> Value? {
        switch (value, name.member) {
        case (.int, .formatted?), (.double, .formatted?):
            // `x.formatted(.number.precision(.fractionLength(2)))`: the style's steps, as the checker wrote them.
            guard case .array(let steps)? = args.first else { return .string(NumberStyle().text(value) ?? value.description) }
            return try FormatStyles.text(value, steps, site: site).map(Value.string)
        case (.int(let i), .isMultiple?):
            guard args.count == 1, case .int(let m) = args[0] else { return nil }
            return .bool(m == 0 ? i == 0 : i % m == 0)
        case (.int(let i), .distance?):
            guard args.count == 1, case .int(let j) = args[0] else { return nil }
            let (d, overflow) = j.subtractingReportingOverflow(i)
            return overflow ? nil : .int(d)
        case (.int(let i), .description?): return .string(String(i))
        case (.double(let d), .rounded?):
            guard let rule = args.first else { return .double(d.rounded()) }
            guard args.count == 1, case .symbol(let name) = rule, let r = RoundingRules.byName[name] else { return nil }
            return .double(d.rounded(r))
        case (.double(let d), .squareRoot?): return .double(d.squareRoot())
        case (.int(let i), nil) where name.text == "signum" && args.isEmpty: return .int(i.signum())
        case (.int(let i), nil):
            guard args.count == 1, case .int(let y) = args[0] else { return nil }
            return try intPair(i, name.text, y, site)
        case (.double(let d), nil) where name.text == "truncatingRemainder" || name.text == "remainder":
            guard args.count == 1, let divisor = args[0].asDouble else { return nil }
            return .double(name.text == "remainder" ? d.remainder(dividingBy: divisor) : d.truncatingRemainder(dividingBy: divisor))
        default: return nil
        }
    }
}

extension Interpreter {
    /// `addingReportingOverflow(_:)` and the rest of its family (Swift's wrapped result and whether it overflowed; a
    /// division by zero gives the dividend and true, as Swift's does), and `quotientAndRemainder(dividingBy:)`, which
    /// traps in Swift where `/` does: the same runtime error as `/` (`intError`).
    func intPair(_ x: Int, _ name: String, _ y: Int, _ site: SourceRange) throws(ScriptError) -> Value? {
        let result: (partialValue: Int, overflow: Bool)
        switch name {
        case "addingReportingOverflow": result = x.addingReportingOverflow(y)
        case "subtractingReportingOverflow": result = x.subtractingReportingOverflow(y)
        case "multipliedReportingOverflow": result = x.multipliedReportingOverflow(by: y)
        case "dividedReportingOverflow": result = x.dividedReportingOverflow(by: y)
        case "remainderReportingOverflow": result = x.remainderReportingOverflow(dividingBy: y)
        case "advanced":   // `x + y`, and its overflow the same runtime error
            guard let sum = ArithmeticOp.add.intResult(x, y) else { throw intError(.add, x, y, site) }
            return .int(sum)
        case "quotientAndRemainder":
            guard ArithmeticOp.divide.intResult(x, y) != nil else { throw intError(.divide, x, y, site) }
            let (q, r) = x.quotientAndRemainder(dividingBy: y)
            return .tuple(TupleStorage([.int(q), .int(r)], labels: ["quotient", "remainder"]))
        default: return nil
        }
        return .tuple(TupleStorage([.int(result.partialValue), .bool(result.overflow)], labels: ["partialValue", "overflow"]))
    }

    /// `stride(from:to:by:)` (or `through:`) over Doubles, as Swift's: each value is `from + i × by` (fused), not a running
    /// sum whose rounding would add up; `through` ends with the bound only when a value lands on it exactly.
    func strideOfDoubles(from: Double, to: Double, by: Double, through: Bool, _ site: SourceRange) throws(ScriptError) -> [Double] {
        guard by != 0, by.isFinite, from.isFinite, !to.isNaN else {
            throw ScriptError.runtime(.badArgument(function: "stride(from:to:by:)", needs: "finite numbers and a non-zero step"), at: site)
        }
        // The array is made now: an end it would never reach (`to: .infinity`) is an error, not a hang.
        let span = ((to - from) / by).rounded(.down)
        guard span.isFinite else {
            throw ScriptError.runtime(.badArgument(function: "stride(from:to:by:)", needs: "an end the steps reach"), at: site)
        }
        if span >= 0 { try reserve(Int(min(span, Double(Int.max / 2))) + 1, site) }
        var values: [Double] = []
        var i = 0.0
        while true {
            let value = from.addingProduct(i, by)   // one rounding, as Swift's stride makes it
            if by > 0 ? (through ? value > to : value >= to) : (through ? value < to : value <= to) { break }
            values.append(value)
            i += 1
        }
        return values
    }
}
