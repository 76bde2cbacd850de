import ShortcutSyntax

/// `let` globals known before the program runs. A literal one (`let dataSize = 4`) is read as its value wherever it is
/// used (`literalGlobals`); so is one whose initializer is Int arithmetic over literals and such globals declared before
/// it — Richards' `let stateSuspendedRunnable = stateSuspended | stateRunnable`, `let stateNotHeld = ~stateHeld` —
/// worked out as the program would work it out (`ArithmeticOp.intResult`, Swift's smart shifts). One that would overflow
/// or divide by zero is left to run (and stop there, as before); so is one whose operator the program declares for
/// `Int` itself (`userOperatorKey`). The global is still set when its declaration runs; only its reads change, from a
/// `get-global` to a constant the compiler can fold into a typed instruction (`jump-unless-int-constant`).
extension Resolver {
    /// Notes the untyped `let` globals of the units that are literals, or Int arithmetic over constants, in
    /// `literalGlobals`, in the order they are declared (the order `declare` took the units in); any other global declared
    /// again (the REPL) is no longer one.
    func foldConstantGlobals(_ units: [SourceUnit]) {
        var declared = Set<String>(literalGlobals.keys)   // those of the REPL's earlier inputs
        for unit in units.reversed() {
            for item in unit.items {
                guard case .variable(let v) = item.kind, case .name(let name, _) = v.pattern else { continue }
                literalGlobals[name] = v.isConstant && v.type == nil && v.getter == nil
                    ? Resolver.literal(v.initializer) ?? constantInt(v.initializer, declared: declared).map(Value.int) : nil
                declared.insert(name)
            }
        }
    }

    /// The value of an Int expression of literals and constant globals among `declared`; nil for any other expression,
    /// or one that would stop the program.
    func constantInt(_ expression: Expr?, declared: Set<String>) -> Int? {
        guard let expression else { return nil }
        switch expression.kind {
        case .integer(let n):
            return n
        case .identifier(let name):
            guard declared.contains(name), case .int(let n)? = literalGlobals[name] else { return nil }
            return n
        case .unary(let op, let operand):
            guard let x = constantInt(operand, declared: declared), userOperatorKey("prefix" + op.rawValue, [.int]) == nil else { return nil }
            switch op {
            case .negate: return x == .min ? nil : -x
            case .bitNot: return ~x
            case .plus: return x
            case .not: return nil
            }
        case .binary(let op, let l, let r):
            guard let arithmetic = ArithmeticOp(op), let x = constantInt(l, declared: declared), let y = constantInt(r, declared: declared),
                  userOperatorKey(op.rawValue, [.int, .int]) == nil else { return nil }
            return arithmetic.intResult(x, y)
        default:
            return nil
        }
    }
}
