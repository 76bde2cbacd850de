import ShortcutSyntax

/// The typed arithmetic and comparisons of the VM's instructions: the proven types done in the loop, anything else
/// by the general operators (`Interpreter+Operators`).
extension Interpreter {
    /// Whether `a op b` holds of the values at two places (registers, or a register and a constant): Ints and
    /// Doubles compared here (a NaN as Swift compares it), and `==` or `!=` of two strings whose bits tell
    /// (`equalStringBits`: `c == "{"` of a JSON parser's characters); anything else by `test`. In the loop's code.
    @_transparent
    func holds(_ op: IntTest, _ a: UnsafeMutablePointer<Value>, _ b: UnsafeMutablePointer<Value>,
               _ site: @autoclosure () -> SourceRange) throws(ScriptError) -> Bool {
        if let x = a.int, let y = b.int { return op.holds(x, y) }
        if let x = a.double, let y = b.double { return op.holds(x, y) }
        if a.tag == ValueLayout.stringTag, b.tag == ValueLayout.stringTag, op == .equal || op == .notEqual,
           let equal = Interpreter.equalStringBits(a, b) {
            return equal == (op == .equal)
        }
        return try test(op, a, b, site())
    }

    /// `test` of the values at two places (registers, a register and a constant): `==` and `!=` as the `equal`
    /// instruction compares (`Interpreter.equal`: Ints and strings where they are).
    func test(_ op: IntTest, _ a: UnsafeMutablePointer<Value>, _ b: UnsafeMutablePointer<Value>, _ site: SourceRange) throws(ScriptError) -> Bool {
        switch op {
        case .equal: return Interpreter.equal(a, b)
        case .notEqual: return !Interpreter.equal(a, b)
        default: return try test(op, a.pointee, b.pointee, site)
        }
    }

    /// A typed comparison met by values of other types: as `==`, `!=` or the ordering operator does it.
    func test(_ op: IntTest, _ a: Value, _ b: Value, _ site: SourceRange) throws(ScriptError) -> Bool {
        switch op {
        case .less: return try compare(.less, a, b, site)
        case .lessEqual: return try compare(.lessEqual, a, b, site)
        case .greater: return try compare(.greater, a, b, site)
        case .greaterEqual: return try compare(.greaterEqual, a, b, site)
        case .equal: return a == b
        default: return a != b
        }
    }

    /// A typed Int instruction, `a = b op c` by `operation` (Swift's overflow, reported, is a runtime error); any other
    /// values by the general path. `a` holds no reference here (`BytecodeCompiler.checkScalarDestinations`): an Int is
    /// stored over it as it is.
    @inline(__always)
    func ints(_ op: ArithmeticOp, _ fp: UnsafeMutablePointer<Value>, _ a: Register, _ b: Register, _ c: Register,
              _ site: @autoclosure () -> SourceRange, _ operation: (Int, Int) -> (partialValue: Int, overflow: Bool)) throws(ScriptError) {
        if let x = (fp + b).int, let y = (fp + c).int {
            let (r, overflow) = operation(x, y)
            if overflow { (fp + a).set(try intArithmetic(op, x, y, site())) } else { (fp + a).storeInt(r) }
        } else {
            (fp + a).set(try arithmetic(op, fp[b], fp[c], site()))
        }
    }

    /// `ints` with a constant right operand.
    @inline(__always)
    func ints(_ op: ArithmeticOp, _ fp: UnsafeMutablePointer<Value>, _ a: Register, _ b: Register, constant k: Int,
              _ site: @autoclosure () -> SourceRange, _ operation: (Int, Int) -> (partialValue: Int, overflow: Bool)) throws(ScriptError) {
        if let x = (fp + b).int {
            let (r, overflow) = operation(x, k)
            if overflow { (fp + a).set(try intArithmetic(op, x, k, site())) } else { (fp + a).storeInt(r) }
        } else {
            (fp + a).set(try arithmetic(op, fp[b], .int(k), site()))
        }
    }

    /// A typed Double instruction, `a = b op c` by `operation`; any other values by the general path. `a` holds no
    /// reference here, as in `ints`.
    @inline(__always)
    func doubles(_ op: ArithmeticOp, _ fp: UnsafeMutablePointer<Value>, _ a: Register, _ b: Register, _ c: Register,
                 _ site: @autoclosure () -> SourceRange, _ operation: (Double, Double) -> Double) throws(ScriptError) {
        if let x = (fp + b).double, let y = (fp + c).double {
            (fp + a).storeDouble(operation(x, y))
        } else {
            (fp + a).set(try arithmetic(op, fp[b], fp[c], site()))
        }
    }

    /// `doubles` with a constant of the code's table on the right.
    @inline(__always)
    func doubles(_ op: ArithmeticOp, _ fp: UnsafeMutablePointer<Value>, _ a: Register, _ b: Register, constant k: Int32,
                 of code: Unmanaged<Bytecode>, _ site: @autoclosure () -> SourceRange, _ operation: (Double, Double) -> Double) throws(ScriptError) {
        let constant = code._withUnsafeGuaranteedRef { $0.constants } + Int(k)
        if let x = (fp + b).double, let y = constant.double {
            (fp + a).storeDouble(operation(x, y))
        } else {
            (fp + a).set(try arithmetic(op, fp[b], constant.pointee, site()))
        }
    }

    /// `+ - * / %` on two Doubles (the bitwise operators are Int only: the callers never ask).
    @inline(__always)
    static func doubleArithmetic(_ op: ArithmeticOp, _ x: Double, _ y: Double) -> Double {
        switch op {
        case .add: return x + y
        case .subtract: return x - y
        case .multiply: return x * y
        case .divide: return x / y
        case .remainder: return x.truncatingRemainder(dividingBy: y)
        case .bitAnd, .bitOr, .bitXor, .shiftLeft, .shiftRight, .wrappingAdd, .wrappingSubtract, .wrappingMultiply,
             .maskingShiftLeft, .maskingShiftRight: return .nan
        }
    }
}
