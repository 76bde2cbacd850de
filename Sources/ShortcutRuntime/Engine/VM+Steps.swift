import ShortcutSyntax

/// The work of the instructions both loops run (`execute`, `runScalarLoop`), written once: inlined by the mandatory
/// inliner (`@_transparent`; `@inline(__always)` is not honoured in callers as large as the loops).
extension Interpreter {
    /// `remainder-int a b k`: `k` is the divisor's magnitude, never 0 (`Instruction.int(_:_:_:constant:)`: `x % k` is
    /// `x % |k|`, the remainder taking the dividend's sign). Written so the optimiser sees a divisor from 1 to 2³² —
    /// `k - 1` widened, plus one — which needs neither Swift's test for zero nor the one for `Int.min % -1`.
    @_transparent
    func remainderInt(_ fp: UnsafeMutablePointer<Value>, _ a: Register, _ b: Register, constant k: Int32,
                      _ site: @autoclosure () -> SourceRange) throws(ScriptError) {
        if let x = (fp + b).int {
            (fp + a).storeInt(x % (Int(UInt32(bitPattern: k) &- 1) &+ 1))   // over no reference, as `ints`
        } else {
            (fp + a).set(try arithmetic(.remainder, fp[b], .int(Int(k)), site()))
        }
    }

    /// `arithmetic-int op a b c`: an operator without an instruction of its own, on two Ints.
    @_transparent
    func arithmeticInt(_ op: ArithmeticOp, _ fp: UnsafeMutablePointer<Value>, _ a: Register, _ b: Register, _ c: Register,
                       _ site: @autoclosure () -> SourceRange) throws(ScriptError) {
        if let x = (fp + b).int, let y = (fp + c).int, let r = op.intResult(x, y) {
            (fp + a).setInt(r)
        } else {
            (fp + a).set(try arithmetic(op, fp[b], fp[c], site()))
        }
    }

    /// `arithmetic-int op a b k`, of an Int and a constant.
    @_transparent
    func arithmeticInt(_ op: ArithmeticOp, _ fp: UnsafeMutablePointer<Value>, _ a: Register, _ b: Register, constant k: Int32,
                       _ site: @autoclosure () -> SourceRange) throws(ScriptError) {
        if let x = (fp + b).int, let r = op.intResult(x, Int(k)) {
            (fp + a).setInt(r)
        } else {
            (fp + a).set(try arithmetic(op, fp[b], .int(Int(k)), site()))
        }
    }

    /// `arithmetic-double op a b k`, of a Double and the running function's constant `k` — written out: `doubles`'s
    /// closure over `op` was left a call in the main loop.
    @_transparent
    func arithmeticDoubleConstant(_ op: ArithmeticOp, _ fp: UnsafeMutablePointer<Value>, _ a: Register, _ b: Register, constant k: Int32,
                                  of current: Unmanaged<Bytecode>, _ site: @autoclosure () -> SourceRange) throws(ScriptError) {
        if let x = (fp + b).double, let y = (current._withUnsafeGuaranteedRef { $0.constants } + Int(k)).double {
            (fp + a).setDouble(Interpreter.doubleArithmetic(op, x, y))
        } else {
            (fp + a).set(try arithmetic(op, fp[b], current._withUnsafeGuaranteedRef { $0.constants }[Int(k)], site()))
        }
    }

    /// `compare-int op a b c`.
    @_transparent
    func compareInts(_ op: IntTest, _ fp: UnsafeMutablePointer<Value>, _ a: Register, _ b: Register, _ c: Register,
                     _ site: @autoclosure () -> SourceRange) throws(ScriptError) {
        if let x = (fp + b).int, let y = (fp + c).int { (fp + a).setBool(op.holds(x, y)) } else { (fp + a).setBool(try test(op, fp[b], fp[c], site())) }
    }

    /// `compare op a b c`, untyped: two Doubles or two Ints here.
    @_transparent
    func compareNumbers(_ op: ComparisonOp, _ fp: UnsafeMutablePointer<Value>, _ a: Register, _ b: Register, _ c: Register,
                        _ site: @autoclosure () -> SourceRange) throws(ScriptError) {
        if let x = (fp + b).double, let y = (fp + c).double {
            (fp + a).setBool(op.holds(x, y))
        } else if let x = (fp + b).int, let y = (fp + c).int {
            (fp + a).setBool(IntTest(op).holds(x, y))
        } else {
            (fp + a).setBool(try compare(op, fp[b], fp[c], site()))
        }
    }

    /// Whether `a op k` holds, `a` an Int register and `k` an Int (`jump-unless r <-int k`).
    @_transparent
    func holds(_ op: IntTest, _ a: UnsafeMutablePointer<Value>, int k: Int32, _ site: @autoclosure () -> SourceRange) throws(ScriptError) -> Bool {
        if let x = a.int { return op.holds(x, Int(k)) }
        return try test(op, a.pointee, .int(Int(k)), site())
    }

    /// The Bool a `jump-if-false` or `jump-if-true` tests; a condition of another type is an error.
    @_transparent
    func condition(_ r: UnsafeMutablePointer<Value>, _ site: @autoclosure () -> SourceRange) throws(ScriptError) -> Bool {
        guard let b = r.bool else { throw ScriptError.runtime(.conditionNotBool(type: r.pointee.typeName), at: site()) }
        return b
    }
}
