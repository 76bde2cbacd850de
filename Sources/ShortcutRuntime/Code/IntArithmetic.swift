import ShortcutSyntax

/// Int arithmetic as Swift does it — for the VM's instructions and the library's (`intResult`) and for the checker's
/// constants (`Resolver.foldConstantGlobals`), which must give the same values.
extension ArithmeticOp {
    /// The arithmetic a binary operator does; nil for a comparison, a range, `??` and the logical ones.
    init?(_ op: BinaryOp) {
        switch op {
        case .add: self = .add
        case .subtract: self = .subtract
        case .multiply: self = .multiply
        case .divide: self = .divide
        case .remainder: self = .remainder
        case .bitAnd: self = .bitAnd
        case .bitOr: self = .bitOr
        case .bitXor: self = .bitXor
        case .shiftLeft: self = .shiftLeft
        case .shiftRight: self = .shiftRight
        case .wrappingAdd: self = .wrappingAdd
        case .wrappingSubtract: self = .wrappingSubtract
        case .wrappingMultiply: self = .wrappingMultiply
        case .maskingShiftLeft: self = .maskingShiftLeft
        case .maskingShiftRight: self = .maskingShiftRight
        case .halfOpenRange, .closedRange, .coalesce, .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual,
             .identical, .notIdentical, .patternMatch, .and, .or:
            return nil
        }
    }

    /// `x op y` when it has a result — no overflow, no division by zero (`intError` says why not) — as
    /// Swift works it out.
    @inline(__always)
    func intResult(_ x: Int, _ y: Int) -> Int? {
        let result: (partialValue: Int, overflow: Bool)
        switch self {
        case .add: result = x.addingReportingOverflow(y)
        case .subtract: result = x.subtractingReportingOverflow(y)
        case .multiply: result = x.multipliedReportingOverflow(by: y)
        case .divide:
            if y == 0 { return nil }
            result = x.dividedReportingOverflow(by: y)
        case .remainder:
            if y == 0 { return nil }
            result = x.remainderReportingOverflow(dividingBy: y)
        case .bitAnd: return x & y   // the flags' tests and sets (Richards): here, not a call
        case .bitOr: return x | y
        case .bitXor, .shiftLeft, .shiftRight, .wrappingAdd, .wrappingSubtract, .wrappingMultiply, .maskingShiftLeft, .maskingShiftRight:
            return ArithmeticOp.bitwise(self, x, y)
        }
        return result.overflow ? nil : result.partialValue
    }

    /// Bitwise and wrapping operators never overflow; shifts are Swift's smart shifts (64 or more places give 0 or -1),
    /// masking shifts shift by the amount modulo 64 (`&<<`, `&>>`).
    /// Kept out of line so the arithmetic the hot loops do stays small.
    @inline(never)
    static func bitwise(_ op: ArithmeticOp, _ x: Int, _ y: Int) -> Int {
        switch op {
        case .bitAnd: return x & y
        case .bitOr: return x | y
        case .bitXor: return x ^ y
        case .shiftLeft: return x << y
        case .shiftRight: return x >> y
        case .wrappingAdd: return x &+ y
        case .wrappingSubtract: return x &- y
        case .wrappingMultiply: return x &* y
        case .maskingShiftLeft: return x &<< y
        case .maskingShiftRight: return x &>> y
        case .add, .subtract, .multiply, .divide, .remainder: return 0
        }
    }
}
