import ShortcutSyntax

/// Where the scalar loop stopped: the running function, its frame and the instruction the main loop goes on with
/// (one the scalar loop does not run), or the error an instruction raised there.
struct ScalarLoopExit {
    let current: Unmanaged<Bytecode>
    let fp: UnsafeMutablePointer<Value>
    let ip: UnsafeMutablePointer<Instruction>
    let error: ScriptError?

    /// Before the instruction just read (`ip` is past it): the main loop runs it.
    @inline(__always)
    init(_ current: Unmanaged<Bytecode>, _ fp: UnsafeMutablePointer<Value>, before ip: UnsafeMutablePointer<Instruction>) {
        (self.current, self.fp, self.ip, error) = (current, fp, ip - 1, nil)
    }

    /// After the instruction that raised `error`, where the main loop looks for a region that takes it.
    @inline(__always)
    init(_ current: Unmanaged<Bytecode>, _ fp: UnsafeMutablePointer<Value>, after ip: UnsafeMutablePointer<Instruction>, _ error: ScriptError) {
        (self.current, self.fp, self.ip, self.error) = (current, fp, ip, error)
    }
}

extension Interpreter {
    /// Runs numeric code — Int and Double arithmetic and comparisons, jumps, typed calls in place (`callTypedInPlace`)
    /// and returns — from `ip` on, as the main loop (`execute`) runs it, until an instruction it does not run. The main
    /// loop is too large for the machine's registers: the running frame's `fp` and the running function live in its stack
    /// frame, reloaded at every step that uses them. In this loop, a tenth of the size, they stay in registers (so does
    /// `self`; `state` and the value stack's top are read through it, each a load, to leave the registers to those).
    ///
    /// The two loops share what a running program is — the frame, the running function, the next instruction and the
    /// call records — and make calls and returns alike (`frameInLoop`; the record popped, `sp` the caller's), so each
    /// hands the program to the other at any instruction: this one stops before one it does not run, before a call whose
    /// frame the main loop makes some other way (a limit near) and before the return out of `execute`'s own entry, and
    /// the main loop goes on there; an error raised here goes to the main loop with the frame it was raised in, which looks for a
    /// region that takes it and adds each call to its trace as it does for its own. Entered at `Instruction.scalarLoop`,
    /// the first instruction of a function that calls and does nothing this loop does not (`BytecodeCompiler
    /// .entersScalarLoop`): fib's recursion runs here from its first call to its last return.
    @inline(never)
    func runScalarLoop(_ entry: Unmanaged<Bytecode>, _ frame: UnsafeMutablePointer<Value>, _ start: UnsafeMutablePointer<Instruction>,
                       entryTop: UnsafeMutablePointer<CallRecord>) -> ScalarLoopExit {
        var (current, fp, ip) = (entry, frame, start)
        // `State.recordTop`, held here: stored at each call and return, never read back (a call's frame and a return's
        // record found without waiting for the last one's store). What the loop calls out to — a deinit, an operator of
        // the script's, the deadline's check — pushes and pops records of its own, so the top is as it was when it is back.
        var top = state.pointee.recordTop
        do throws(ScriptError) {
            while true {
                let instruction = ip.pointee
                ip += 1
                switch instruction {
                case .move(let a, let b): (fp + a).set(from: fp + b, consuming: false)
                case .take(let a, let b): (fp + a).set(from: fp + b, consuming: true)
                case .constant(let a, let k): (fp + a).set(from: current._withUnsafeGuaranteedRef { $0.constants } + Int(k), consuming: false)
                case .int(let a, let k): (fp + a).setInt(Int(k))
                case .bool(let a, let b): (fp + a).setBool(b)

                case .addInt(let a, let b, let c): try ints(.add, fp, a, b, c, current.site(at: ip)) { $0.addingReportingOverflow($1) }
                case .addIntConstant(let a, let b, let k): try ints(.add, fp, a, b, constant: Int(k), current.site(at: ip)) { $0.addingReportingOverflow($1) }
                case .subtractInt(let a, let b, let c): try ints(.subtract, fp, a, b, c, current.site(at: ip)) { $0.subtractingReportingOverflow($1) }
                case .subtractIntConstant(let a, let b, let k):
                    try ints(.subtract, fp, a, b, constant: Int(k), current.site(at: ip)) { $0.subtractingReportingOverflow($1) }
                case .multiplyInt(let a, let b, let c): try ints(.multiply, fp, a, b, c, current.site(at: ip)) { $0.multipliedReportingOverflow(by: $1) }
                case .remainderIntConstant(let a, let b, let k): try remainderInt(fp, a, b, constant: k, current.site(at: ip))
                case .arithmeticInt(let op, let a, let b, let c): try arithmeticInt(op, fp, a, b, c, current.site(at: ip))
                case .arithmeticIntConstant(let op, let a, let b, let k): try arithmeticInt(op, fp, a, b, constant: k, current.site(at: ip))
                case .addDouble(let a, let b, let c): try doubles(.add, fp, a, b, c, current.site(at: ip)) { $0 + $1 }
                case .subtractDouble(let a, let b, let c): try doubles(.subtract, fp, a, b, c, current.site(at: ip)) { $0 - $1 }
                case .multiplyDouble(let a, let b, let c): try doubles(.multiply, fp, a, b, c, current.site(at: ip)) { $0 * $1 }
                case .divideDouble(let a, let b, let c): try doubles(.divide, fp, a, b, c, current.site(at: ip)) { $0 / $1 }
                case .addDoubleConstant(let a, let b, let k): try doubles(.add, fp, a, b, constant: k, of: current, current.site(at: ip)) { $0 + $1 }
                case .multiplyDoubleConstant(let a, let b, let k):
                    try doubles(.multiply, fp, a, b, constant: k, of: current, current.site(at: ip)) { $0 * $1 }
                case .arithmeticDoubleConstant(let op, let a, let b, let k): try arithmeticDoubleConstant(op, fp, a, b, constant: k, of: current, current.site(at: ip))
                case .compareInt(let op, let a, let b, let c): try compareInts(op, fp, a, b, c, current.site(at: ip))
                case .compare(let op, let a, let b, let c): try compareNumbers(op, fp, a, b, c, current.site(at: ip))

                case .jump(let target):
                    ip = try jumped(by: target, from: ip, current)
                case .jumpIfFalse(let r, let target):
                    if !(try condition(fp + r, current.site(at: ip))) { ip = try jumped(by: target, from: ip, current) }
                case .jumpIfTrue(let r, let target):
                    if try condition(fp + r, current.site(at: ip)) { ip = try jumped(by: target, from: ip, current) }
                case .jumpUnless(let op, let a, let b, let target):
                    if !(try holds(op, fp + a, fp + b, current.site(at: ip))) { ip = try jumped(by: target, from: ip, current) }
                case .jumpUnlessIntConstant(let op, let a, let k, let target):
                    // `<` as itself (a recursion's base case, a loop's bound): a comparison and a jump where the outcome's bit
                    // in the test's mask (`IntTest.holds`) is six machine instructions more.
                    if op == .less, let x = (fp + a).int {
                        if !(x < Int(k)) { ip = try jumped(by: target, from: ip, current) }
                    } else if !(try holds(op, fp + a, int: k, current.site(at: ip))) {
                        ip = try jumped(by: target, from: ip, current)
                    }
                case .tick:
                    self.state.pointee.ticks &-= 1
                    if self.state.pointee.ticks <= 0 { try checkDeadline(current.site(at: ip)) }

                // A typed call in place (fib's) whose frame the loop can make as the main loop makes it; any other call, there.
                case .callTypedInPlace(let a, let function, let base, let count):
                    let callee = current._withUnsafeGuaranteedRef { $0.callees }[Int(function)]
                    guard let target = callee.pointee.bytecode,
                          let frame = frameInLoop(callee, fp + base, Int(count), typed: true, inPlace: true, record: CallRecord(current, ip, fp, a, callee), top: top)
                    else { return ScalarLoopExit(current, fp, before: ip) }
                    top += 1
                    (current, fp, ip) = (target, frame, target._withUnsafeGuaranteedRef { $0.scalarEntry })
                // A return to a call made in a loop, as the main loop's; the main loop returns from its own entry.
                case .return(let r, let typed, let clean):
                    if top == entryTop { return ScalarLoopExit(current, fp, before: ip) }
                    let record = top - 1
                    try returnChecked(r, typed: typed, clean: clean, lent: record.pointee.lent, from: fp, record, into: record.pointee.fp + record.pointee.destination, current)
                    (top, self.state.pointee.recordTop) = (record, record)
                    (current, fp, ip) = (record.pointee.caller, record.pointee.fp, record.pointee.ip)
                    self.state.pointee.sp = fp + current._withUnsafeGuaranteedRef { $0.frameEnd }
                case .returnTypedClean(let r):
                    if top == entryTop { return ScalarLoopExit(current, fp, before: ip) }
                    let record = top - 1
                    let lent = record.pointee.lent
                    let destination = record.pointee.fp + record.pointee.destination
                    if lent == 0 { destination.set(returning: fp + r) } else { try returnChecked(r, typed: true, clean: true, lent: lent, from: fp, record, into: destination, current) }
                    (top, self.state.pointee.recordTop) = (record, record)
                    (current, fp, ip) = (record.pointee.caller, record.pointee.fp, record.pointee.ip)
                    self.state.pointee.sp = fp + current._withUnsafeGuaranteedRef { $0.frameEnd }
                case .scalarLoop:
                    break

                case .lend, .getGlobal, .setGlobal, .getCell, .newCell, .setCell, .arithmetic, .equal, .negate, .compoundLocal,
                     .compoundGlobal, .addGlobal, .jumpIfNull, .jumpIfNotNull, .unwrapInto, .unwrapIntoBack, .jumpUnlessConstant,
                     .jumpIfMatches, .jumpIfElement, .jumpIfCase, .rangeLoopStart, .rangeLoopNext, .sequenceLoopStart,
                     .sequenceLoopNext, .sequenceLoopAgain, .subscriptGet, .subscriptGetGlobal, .subscriptSet, .subscriptSetConstant,
                     .dictionaryGet, .jumpIfPresent, .member, .memberIfPresent, .lendMember, .elementMember, .memberElement, .memberOfMember,
                     .makeArray, .makeTuple, .construct, .blank, .openStore, .initialize, .fieldDefault, .parameterDefault,
                     .parameterDefaultOf, .make, .buildAppend, .unwrap, .makeRange, .append, .assignPlace, .compoundPlace, .call,
                     .callGlobal, .callValue, .callMethod, .callMutating, .callBuiltin, .callNumeric, .coerce, .assertType, .bind,
                     .jumpUnlessIs, .jumpUnlessCase, .unpackTuple, .payload, .rethrow, .jumpIndirect, .guardFellThrough,
                     .switchUnmatched:
                    // Not run here (`Instruction.runsInScalarLoop`): the main loop goes on at it. Named one by one, so
                    // that the dispatch need not test the tag's range first, and a new instruction is decided here.
                    return ScalarLoopExit(current, fp, before: ip)
                }
            }
        } catch {
            return ScalarLoopExit(current, fp, after: ip, error)
        }
    }
}

extension Instruction {
    /// Whether `Interpreter.runScalarLoop` runs the instruction (it stops before any other).
    var runsInScalarLoop: Bool {
        switch self {
        case .move, .take, .constant, .int, .bool, .addInt, .addIntConstant, .subtractInt, .subtractIntConstant, .multiplyInt,
             .remainderIntConstant, .arithmeticInt, .arithmeticIntConstant, .addDouble, .subtractDouble, .multiplyDouble, .divideDouble,
             .addDoubleConstant, .multiplyDoubleConstant, .arithmeticDoubleConstant, .compareInt, .compare, .jump, .jumpIfFalse,
             .jumpIfTrue, .jumpUnless, .jumpUnlessIntConstant, .tick, .callTypedInPlace, .return, .returnTypedClean, .scalarLoop:
            return true
        default:
            return false
        }
    }
}
