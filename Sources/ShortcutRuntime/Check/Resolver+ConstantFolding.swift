import ShortcutSyntax

/// What Swift's compiler works out of Int arithmetic before anything runs, and refuses: a division by a value that is 0
/// (`n / 0`, `x % (w - 10)` with `let w = 10` in a function), and an operation of known values that overflows
/// (`Int.max + 1`, `-Int.min`, `Int.min / -1`). Known values are literals, `Int.max` and `Int.min`, arithmetic of
/// them, and a function's `let` given one; a global is not one (Swift does not fold the top level's variables either).
extension Resolver {
    /// How deep `foldedInt` looks into an expression.
    static let foldingDepth = 32

    /// The value of `e` when Swift folds it; nil when it is not known (or its arithmetic overflows, reported there).
    func foldedInt(_ e: Expr, depth: Int = 0) -> Int? {
        guard depth < Resolver.foldingDepth else { return nil }
        switch e.kind {
        case .integer(let i): return i
        case .identifier(let name): return lookupLocal(name)?.foldedValue
        case .member(let base, let name, _):
            guard case .identifier("Int") = base.kind, isUndeclared("Int") else { return nil }
            return name == "max" ? Int.max : name == "min" ? Int.min : nil
        case .unary(.negate, let x):
            return foldedInt(x, depth: depth + 1).flatMap { Resolver.folded(.subtract, 0, $0) }
        case .binary(let op, let l, let r):
            guard let a = foldedInt(l, depth: depth + 1), let b = foldedInt(r, depth: depth + 1) else { return nil }
            return Resolver.folded(op, a, b)
        default:
            return nil
        }
    }

    /// `a op b` for the arithmetic operators, nil when it overflows, divides by zero, or `op` is another.
    static func folded(_ op: BinaryOp, _ a: Int, _ b: Int) -> Int? {
        let (value, overflow): (Int, Bool)
        switch op {
        case .add: (value, overflow) = a.addingReportingOverflow(b)
        case .subtract: (value, overflow) = a.subtractingReportingOverflow(b)
        case .multiply: (value, overflow) = a.multipliedReportingOverflow(by: b)
        case .divide where b != 0: (value, overflow) = a.dividedReportingOverflow(by: b)
        case .remainder where b != 0: (value, overflow) = a.remainderReportingOverflow(dividingBy: b)
        default: return nil
        }
        return overflow ? nil : value
    }

    /// `lhs op rhs` of Ints: swiftc's error where its divisor is known to be 0, or both sides are known and it overflows.
    func checkFoldedArithmetic(_ op: BinaryOp, _ lhs: Expr, _ rhs: Expr) {
        guard let b = foldedInt(rhs) else { return }
        let isDivision = op == .divide || op == .remainder
        if isDivision, b == 0 { return error(.divisionByZero, at: operatorRange(op, lhs, rhs)) }
        guard let a = foldedInt(lhs), Resolver.folded(op, a, b) == nil else { return }
        error(.constantOverflow(operation: "\(a) \(op.rawValue) \(b)", type: isDivision ? nil : "type 'Int'"), at: operatorRange(op, lhs, rhs))
    }

    /// `-x` of an Int known to be `Int.min`: swiftc's overflow, at the `-`.
    func checkFoldedNegation(_ operand: Expr, range: SourceRange) {
        guard let x = foldedInt(operand), x == Int.min else { return }
        error(.constantOverflow(operation: "0 - \(x)", type: "signed 64-bit integer type"), at: range.prefix(1))
    }

    /// A function's `let name = value` of an Int Swift folds: the local keeps the value, for arithmetic on it to fold.
    func noteFoldedLet(_ name: String, _ initializer: Expr?, isConstant: Bool, type: ScriptType) {
        guard isConstant, context.kind != .topLevel, case .int = type, let initializer, let value = foldedInt(initializer) else { return }
        context.scopes[context.scopes.count - 1][name]?.foldedValue = value
    }
}
