import ShortcutSyntax

extension Interpreter {
    /// Runs a function's bytecode in the frame at `fp` (its registers): one loop, one `switch`.
    ///
    /// Each instruction does its node's work through the helpers of `Evaluate/` and `Library/`; the typed ones check
    /// their operands' tags and take the general path on any other value. Errors carry the site of the instruction that
    /// raised them (`Bytecode.sites`). `entry` is not retained: the caller keeps it (its `FunctionCode` holds it).
    func execute(_ entry: Unmanaged<Bytecode>, _ entryFrame: UnsafeMutablePointer<Value>) throws(ScriptError) -> Value {
        let globals = self.globals
        let state = self.state
        let entryTop = state.pointee.recordTop
        var current = entry
        // The running function's instructions; its other tables are read through `current` where used (five locals were
        // reloaded at every call and return). From `firstTemporary` up, registers are temporaries: an instruction that
        // stores one's value elsewhere takes it (leaving nil), so no next change of that value copies it.
        var fp = entryFrame
        var ip = entry._withUnsafeGuaranteedRef { $0.code }   // the next instruction: jumps move it by their offsets
        while true {
        do throws(ScriptError) {
            while true {
                let instruction = ip.pointee
                ip += 1
                switch instruction {
                case .move(let a, let b):
                    // A move from a temporary is compiled as a `take` (`BytecodeCompiler.takeTemporaries`).
                    (fp + a).set(from: fp + b, consuming: false)
                case .take(let a, let b):
                    (fp + a).set(from: fp + b, consuming: true)
                case .lend(let a, let b): (fp + a).copyBytes(from: fp + b)   // no retain, nothing let go of (`Handoff.lend`)
                case .constant(let a, let k):
                    (fp + a).set(from: current._withUnsafeGuaranteedRef { $0.constants } + Int(k), consuming: false)
                case .int(let a, let k):
                    (fp + a).setInt(Int(k))
                case .bool(let a, let b):
                    (fp + a).setBool(b)
                case .getGlobal(let a, let g):
                    (fp + a).set(from: globals + Int(g), consuming: false)
                case .setGlobal(let g, let a):
                    globals[Int(g)] = Interpreter.read(fp + a, consuming: a >= current._withUnsafeGuaranteedRef { $0.firstTemporary })
                case .newCell(let a):
                    (fp + a).set(.cell(Cell(.null)))
                case .setCell(let a, let b):
                    Interpreter.setCell(fp + a, to: Interpreter.read(fp + b, consuming: b >= current._withUnsafeGuaranteedRef { $0.firstTemporary }))
                case .getCell(let a, let b):
                    if case .cell(let c) = fp[b] { fp[a] = c.value } else { fp[a] = fp[b] }

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
                case .arithmetic(let op, let a, let b, let c):
                    // Untyped, but two Doubles or two Ints (a struct's fields, an array's elements) are common: done here.
                    if let x = (fp + b).double, let y = (fp + c).double, op.isNumeric {
                        (fp + a).setDouble(Interpreter.doubleArithmetic(op, x, y))
                    } else if let x = (fp + b).int, let y = (fp + c).int, let r = op.intResult(x, y) {
                        (fp + a).setInt(r)
                    } else {
                        (fp + a).set(try arithmetic(op, fp[b], fp[c], current.site(at: ip)))
                    }
                case .compareInt(let op, let a, let b, let c): try compareInts(op, fp, a, b, c, current.site(at: ip))
                case .compare(let op, let a, let b, let c): try compareNumbers(op, fp, a, b, c, current.site(at: ip))
                case .equal(let a, let b, let c, let negated):
                    (fp + a).setBool(Interpreter.equal(fp + b, fp + c) != negated)
                case .negate(let a, let b):
                    (fp + a).set(try negated(fp[b], current.site(at: ip)))
                case .compoundLocal(let op, let a, let b):
                    if let x = (fp + a).int, let y = (fp + b).int, let r = op.intResult(x, y) {
                        (fp + a).setInt(r)
                    } else {
                        let rhs = fp[b]
                        try compoundAssign(&fp[a], op, rhs, current.site(at: ip))
                    }
                case .addGlobal(let g, let b):
                    if let x = (globals + Int(g)).int, let y = (fp + b).int, case (let r, false) = x.addingReportingOverflow(y) {
                        (globals + Int(g)).setInt(r)
                    } else {
                        try compoundAssign(&globals[Int(g)], .add, fp[b], current.site(at: ip))
                    }
                case .compoundGlobal(let op, let g, let b):
                    if let x = (globals + Int(g)).int, let y = (fp + b).int, let r = op.intResult(x, y) {
                        (globals + Int(g)).setInt(r)
                    } else {
                        try compoundAssign(&globals[Int(g)], op, fp[b], current.site(at: ip))
                    }

                case .jump(let target):
                    ip = try jumped(by: target, from: ip, current)   // a jump back ends a loop's turn: counted
                case .jumpIfFalse(let r, let target):
                    if !(try condition(fp + r, current.site(at: ip))) { ip = try jumped(by: target, from: ip, current) }
                case .jumpIfTrue(let r, let target):
                    if try condition(fp + r, current.site(at: ip)) { ip = try jumped(by: target, from: ip, current) }
                case .jumpIfNull(let r, let target):
                    if (fp + r).isNull { ip = try jumped(by: target, from: ip, current) }
                case .jumpIfNotNull(let r, let target):
                    if (fp + r).isNull {} else { ip = try jumped(by: target, from: ip, current) }
                case .unwrapInto(let a, let b, let handoff, let target):
                    if (fp + b).isNull { ip += Int(target) } else { (fp + a).set(from: fp + b, handoff) }
                case .unwrapIntoBack(let a, let b, let handoff, let target):
                    if (fp + b).isNull {} else { (fp + a).set(from: fp + b, handoff); ip = try jumped(by: target, from: ip, current) }
                case .jumpUnless(let op, let a, let b, let target):
                    if !(try holds(op, fp + a, fp + b, current.site(at: ip))) { ip = try jumped(by: target, from: ip, current) }
                case .jumpUnlessConstant(let op, let a, let k, let target):
                    if !(try holds(op, fp + a, current._withUnsafeGuaranteedRef { $0.constants } + Int(k), current.site(at: ip))) { ip = try jumped(by: target, from: ip, current) }
                case .jumpUnlessIntConstant(let op, let a, let k, let target):
                    if !(try holds(op, fp + a, int: k, current.site(at: ip))) { ip = try jumped(by: target, from: ip, current) }
                case .jumpIfElement(let variable, let key, let when, let target):
                    if let i = (fp + key).int, let b = slot(of: variable, fp).elementPlace(i)?.bool {
                        if b == when { ip = try jumped(by: target, from: ip, current) }
                    } else if try elementIs(when, of: slot(of: variable, fp), fp + key, current.site(at: ip)) {
                        ip = try jumped(by: target, from: ip, current)
                    }
                case .jumpIfMatches(let p, let s, let target):
                    if let x = (fp + p).int, let y = (fp + s).int {
                        if x == y { ip += Int(target) }
                    } else if matches(fp[p], fp[s]) {
                        ip += Int(target)
                    }
                case .jumpIfCase(let s, let index, let target):
                    if case .enumCase(let c) = fp[s], c.index == Int(index) { ip += Int(target) }
                case .jumpIfPresent(let path, let key, let target):
                    if holds(current._withUnsafeGuaranteedRef { $0.paths[Int(path)] }, fp[key], fp) { ip += Int(target) }
                case .jumpUnlessCase(let s, let index, let target):
                    if case .enumCase(let c) = fp[s], c.index == Int(index) {} else { ip += Int(target) }
                case .tick:
                    state.pointee.ticks &-= 1
                    if state.pointee.ticks <= 0 { try checkDeadline(current.site(at: ip)) }

                case .rangeLoopStart(let counter, let last, let closed, let exit):
                    if try !rangeHasTurns(fp + counter, fp + last, closed: closed, current, current.pc(ip)) { ip += Int(exit) }
                case .rangeLoopNext(let counter, let last, let loop):
                    if let i = (fp + counter).int, let end = (fp + last).int, i < end {
                        (fp + counter).setInt(i + 1)
                        state.pointee.ticks &-= 1   // the turn counted here: `loop` is past the loop's `tick`
                        if state.pointee.ticks <= 0 { try checkDeadline(current.site(at: ip)) }
                        ip += Int(loop)
                    }
                case .sequenceLoopStart(let sequence, let position):
                    try startSequence(&fp[sequence], current.site(at: ip))
                    (fp + position).setInt(0)
                case .sequenceLoopNext(let element, let sequence, let position, let exit):
                    guard let i = (fp + position).int, Interpreter.nextElement(i, of: fp + sequence, into: fp + element) else {
                        ip += Int(exit)
                        continue
                    }
                    (fp + position).setInt(i &+ 1)
                case .sequenceLoopAgain(let element, let sequence, let position, let top):
                    if let i = (fp + position).int, Interpreter.nextElement(i, of: fp + sequence, into: fp + element) {
                        (fp + position).setInt(i &+ 1)
                        ip = try jumped(by: top, from: ip, current)
                    }

                case .subscriptGet(let a, let b, let c):
                    if let i = (fp + c).int, let element = (fp + b).elementPlace(i) {
                        (fp + a).set(from: element, consuming: false)   // over the array too: the element is copied first
                    } else {
                        (fp + a).set(try subscriptGet(fp[b], fp[c], current.site(at: ip)))
                    }
                case .subscriptGetGlobal(let a, let g, let c):
                    if let i = (fp + c).int, let element = (globals + Int(g)).elementPlace(i) {
                        (fp + a).set(from: element, consuming: false)
                    } else {
                        (fp + a).set(try subscriptGet(globals[Int(g)], fp[c], current.site(at: ip)))
                    }
                case .subscriptSet(let variable, let key, let value):
                    if !Interpreter.storedElement(slot(of: variable, fp), fp + key, from: fp + value, consuming: value >= current._withUnsafeGuaranteedRef { $0.firstTemporary }) {
                        let element = Interpreter.read(fp + value, consuming: value >= current._withUnsafeGuaranteedRef { $0.firstTemporary })
                        try setElement(slot(of: variable, fp), fp[key], element, current.site(at: ip))
                    }
                case .subscriptSetConstant(let variable, let key, let k):
                    if !Interpreter.storedElement(slot(of: variable, fp), fp + key, from: current._withUnsafeGuaranteedRef { $0.constants } + Int(k), consuming: false) {
                        try setElement(slot(of: variable, fp), fp[key], current._withUnsafeGuaranteedRef { $0.constants }[Int(k)], current.site(at: ip))
                    }
                case .dictionaryGet(let a, let b, let c, let missing):
                    guard case .dictionary(let d) = fp[b] else {
                        throw ScriptError.runtime(.cannotAssignThroughSubscript(type: fp[b].typeName), at: current.site(at: ip))
                    }
                    if let found = d.get(fp[c]) { (fp + a).set(found) } else { ip += Int(missing) }
                case .member(let a, let b, let name, let takesBase):
                    try readMember(into: fp + a, of: fp + b, name, current._withUnsafeGuaranteedRef { $0.memberCaches }, current, ip, takesBase: takesBase)
                case .memberIfPresent(let a, let b, let name, let takesBase):
                    if (fp + b).isNull { (fp + a).set(.null) } else { try readMember(into: fp + a, of: fp + b, name, current._withUnsafeGuaranteedRef { $0.memberCaches }, current, ip, takesBase: takesBase) }
                case .lendMember(let a, let b, let name, let ifPresent): try lendMember(into: fp + a, of: fp + b, name, ifPresent: ifPresent, current._withUnsafeGuaranteedRef { $0.memberCaches }, current, ip)
                case .memberElement(let a, let variable, let name, let key):
                    if let i = (fp + key).int, let value = slot(of: variable, fp).fieldElementPlace(current._withUnsafeGuaranteedRef { $0.memberCaches } + Int(name), i) {
                        (fp + a).set(from: value, consuming: false)   // over the variable too: the element is copied first
                    } else {
                        let container = try member(slot(of: variable, fp).pointee, name, of: current, current.site(at: ip))
                        (fp + a).set(try subscriptGet(container, fp[key], current.site(at: ip)))
                    }
                case .memberOfMember(let a, let variable, let outer, let inner):
                    try readMemberOfMember(into: fp + a, of: slot(of: variable, fp), outer, inner, current._withUnsafeGuaranteedRef { $0.memberCaches }, current, ip)
                case .elementMember(let a, let variable, let key, let name):
                    if let i = (fp + key).int, let value = slot(of: variable, fp).elementFieldPlace(i, current._withUnsafeGuaranteedRef { $0.memberCaches } + Int(name)) {
                        (fp + a).set(from: value, consuming: false)
                    } else {
                        let element = try subscriptGet(slot(of: variable, fp).pointee, fp[key], current.site(at: ip))
                        (fp + a).set(try member(element, name, of: current, current.site(at: ip)))
                    }
                case .makeArray(let a, let base, let count):
                    (fp + a).set(.array(Interpreter.values(fp + base, Int(count))))
                case .makeTuple(let a, let base, let count, let labels):
                    (fp + a).set(Interpreter.tuple(fp + base, Int(count), labels: labels < 0 ? nil : current._withUnsafeGuaranteedRef { $0.labelLists[Int(labels)] }))
                case .construct(let a, let type, let base, let count):
                    (fp + a).set(try construct(current._withUnsafeGuaranteedRef { $0.types[Int(type)] }, fp + base, Int(count), current.site(at: ip)))
                case .openStore(let a, let type, let target):
                    let (store, isNew) = try openStore(current._withUnsafeGuaranteedRef { $0.types[Int(type)] })
                    (fp + a).set(.store(store))
                    if !isNew { ip += Int(target) }
                case .blank(let a, let type):
                    (fp + a).set(try blank(current._withUnsafeGuaranteedRef { $0.types[Int(type)] }))
                case .initialize(let a, let function, let base, let count):
                    try initialize(&fp[a], with: current._withUnsafeGuaranteedRef { $0.functions[Int(function)] }, fp + base, Int(count), current.site(at: ip))
                case .fieldDefault(let a, let type, let field):
                    (fp + a).set(try fieldDefault(current._withUnsafeGuaranteedRef { $0.types[Int(type)] }, Int(field)))
                case .parameterDefault(let a, let function, let parameter):
                    (fp + a).set(try parameterDefault(current._withUnsafeGuaranteedRef { $0.functions[Int(function)] }, Int(parameter)))
                case .parameterDefaultOf(let a, let callee, let parameter):
                    guard case .function(let f) = fp[callee] else {
                        throw ScriptError.runtime(.notCallable(type: fp[callee].typeName), at: current.site(at: ip))
                    }
                    (fp + a).set(try parameterDefault(f.code, Int(parameter)))
                case .make(let a, let maker, let base, let count):
                    (fp + a).set(try make(Int(maker), of: current, fp + base, Int(count), fp))
                case .buildAppend(let slot, let child):
                    try appendChild(Interpreter.read(fp + child, consuming: child >= current._withUnsafeGuaranteedRef { $0.firstTemporary }), to: &fp[slot], current.site(at: ip))
                case .unwrap(let a):
                    if (fp + a).isNull { throw ScriptError.runtime(.unwrappedNil, at: current.site(at: ip)) }
                case .makeRange(let a, let b, let c, let closed):
                    (fp + a).set(try range(fp[b], fp[c], closed: closed, current.site(at: ip)))
                case .append(let variable, let element):
                    try append(fp + element, consuming: element >= current._withUnsafeGuaranteedRef { $0.firstTemporary }, to: slot(of: variable, fp), current, ip)
                case .assignPlace(let place, let r):
                    if !assignedField(Int(place), of: current, fp, from: fp + r, consuming: r >= current._withUnsafeGuaranteedRef { $0.firstTemporary }) {
                        _ = try change(Int(place), of: current, fp, .assign(Interpreter.read(fp + r, consuming: r >= current._withUnsafeGuaranteedRef { $0.firstTemporary })))
                    }
                case .compoundPlace(let op, let place, let r):
                    // A field of a variable's value, or of an element of its array: one tried, as the place's shape says.
                    let changed = current._withUnsafeGuaranteedRef { $0.places[Int(place)].shape } == .elementField
                        ? changedElementField(Int(place), of: current, fp, op, fp + r) : changedField(Int(place), of: current, fp, op, fp + r)
                    if !changed {
                        _ = try change(Int(place), of: current, fp, .compound(op, fp[r], current.site(at: ip)))
                    }
                case .callMutating(let a, let place, let method, let base, let count):
                    if let result = try mutatedArray(Int(place), of: current, fp, method: method, arguments: fp + base, count: Int(count), current.site(at: ip)) {
                        (fp + a).set(result)
                    } else {
                        let call = PlaceChange.mutating(method: method, of: current, arguments: fp + base, count: Int(count), current.site(at: ip))
                        (fp + a).set(try change(Int(place), of: current, fp, call))
                    }

                case .call(let a, let function, let base, let count, let typed, let lent, let inPlace):
                    let callee = current._withUnsafeGuaranteedRef { $0.callees }[Int(function)]
                    // Arguments lent: no retain, no release (a frame only where the callee has bytecode; else retained first).
                    if lent != 0, let frame = lentFrame(callee, fp + base, Int(count), lent, typed: typed, inPlace: inPlace, record: CallRecord(current, ip, fp, a, callee, lent: UInt16(lent))),
                       let target = callee.pointee.bytecode {
                        (current, fp, ip) = (target, frame, target._withUnsafeGuaranteedRef { $0.code })
                    } else if let target = callee.pointee.bytecode, let frame = typed   // lent arguments, if any, retained by now
                        ? try enterInLoop(callee, registers: fp + base, count: Int(count), typed: true, inPlace: inPlace, record: CallRecord(current, ip, fp, a, callee), site: current.site(at: ip))
                        : try enterInLoop(callee, registers: fp + base, count: Int(count), inPlace: inPlace, record: CallRecord(current, ip, fp, a, callee), site: current.site(at: ip)) {
                        (current, fp, ip) = (target, frame, target._withUnsafeGuaranteedRef { $0.code })
                    } else {
                        (fp + a).set(try call(current._withUnsafeGuaranteedRef { $0.functions[Int(function)] }, captures: [], registers: fp + base, count: Int(count), site: current.site(at: ip)))
                    }
                case .callTypedInPlace(let a, let function, let base, let count):
                    // fib's: nothing to check, nothing lent, nothing moved; moved into a new frame where the loop's records are used up.
                    let callee = current._withUnsafeGuaranteedRef { $0.callees }[Int(function)]
                    if let target = callee.pointee.bytecode, let frame = try enterInLoop(
                        callee, registers: fp + base, count: Int(count), typed: true, inPlace: true, record: CallRecord(current, ip, fp, a, callee), site: current.site(at: ip)) {
                        (current, fp, ip) = (target, frame, target._withUnsafeGuaranteedRef { $0.code })
                    } else {
                        (fp + a).set(try call(current._withUnsafeGuaranteedRef { $0.functions[Int(function)] }, captures: [], registers: fp + base, count: Int(count), site: current.site(at: ip)))
                    }
                case .callGlobal(let a, let g, let base, let count):
                    guard case .function(let f) = globals[Int(g)] else {
                        throw ScriptError.runtime(.notCallable(type: globals[Int(g)].typeName), at: current.site(at: ip))
                    }
                    let callee = f.code.callInfo
                    if let target = callee.pointee.bytecode,
                       let frame = try enterInLoop(callee, captures: f.captures, registers: fp + base, count: Int(count), record: CallRecord(current, ip, fp, a, callee), site: current.site(at: ip)) {
                        (current, fp, ip) = (target, frame, target._withUnsafeGuaranteedRef { $0.code })
                    } else {
                        (fp + a).set(try call(f.code, captures: f.captures, registers: fp + base, count: Int(count), site: current.site(at: ip)))
                    }
                case .callValue(let a, let c, let base, let count):
                    // A closure or function value, called in the loop from its register (no retain); a bound method, a type by `callValue`.
                    if let f = (fp + c).function, let callee = f._withUnsafeGuaranteedRef({ $0.receiver == nil ? $0.code.callInfo : nil }),
                       let target = callee.pointee.bytecode, let frame = f._withUnsafeGuaranteedRef({ $0.captures.isEmpty })
                        ? try enterInLoop(callee, registers: fp + base, count: Int(count), record: CallRecord(current, ip, fp, a, callee), site: current.site(at: ip))
                        : try enterInLoop(callee, captures: f.takeUnretainedValue().captures, registers: fp + base, count: Int(count),
                                          record: CallRecord(current, ip, fp, a, callee), site: current.site(at: ip)) {
                        (current, fp, ip) = (target, frame, target._withUnsafeGuaranteedRef { $0.code })
                    } else {
                        (fp + a).set(try callValue(fp[c], Interpreter.arguments(fp + base, Int(count)), current.site(at: ip)))
                    }
                case .callMethod(let a, let receiver, let method, let base, let count):
                    // A method of a struct or class of the script's: called in the loop, as `call` is (arguments lent, as `call`'s).
                    let callee = Bytecode.method(of: fp + receiver, in: current, at: Int(method), arguments: Int(count))
                    if let lent = current.lent(at: Int(method)), let frame = lentMethodFrame(callee, fp + receiver, fp + base, Int(count), lent, current, ip, fp, a), let target = callee?.pointee.bytecode {
                        (current, fp, ip) = (target, frame, target._withUnsafeGuaranteedRef { $0.code })
                    } else if let callee, let target = callee.pointee.bytecode,   // lent arguments, if any, retained by now
                              let frame = try enterInLoop(callee, registers: fp + base, count: Int(count),
                                                          record: CallRecord(current, ip, fp, a, callee, lent: callee.pointee.borrowsSelf ? CallRecord.lentSelf : 0), site: current.site(at: ip)) {
                        frame.initialize(receiver: fp + receiver, lent: callee.pointee.borrowsSelf)
                        (current, fp, ip) = (target, frame, target._withUnsafeGuaranteedRef { $0.code })
                    } else {
                        let (name, labels) = current._withUnsafeGuaranteedRef { $0.methods[Int(method)] }
                        (fp + a).set(try callMethod(fp[receiver], name, Interpreter.arguments(fp + base, Int(count)), labels, current.site(at: ip)))
                    }
                case .callBuiltin(let a, let builtin, let base, let count):
                    (fp + a).set(try callBuiltin(builtin, of: current, fp + base, count, current.site(at: ip)))
                case .callNumeric(let a, let builtin, let base, let count):
                    let which = current._withUnsafeGuaranteedRef { $0.builtins[Int(builtin)].builtin }
                    if let result = Interpreter.numeric(which, count: Int(count), Number(fp + base), Number(fp + base + 1)) {
                        (fp + a).setScalar(result)   // the arguments hold numbers: nothing to let go of
                    } else {   // one argument may be a variable's own register (`d.squareRoot()`): read, not taken
                        (fp + a).set(try callBuiltin(builtin, of: current, fp + base, count, consuming: base >= current._withUnsafeGuaranteedRef { $0.firstTemporary }, current.site(at: ip)))
                    }
                case .return(let r, let typed, let clean):
                    let top = state.pointee.recordTop
                    if top == entryTop { return r >= 0 ? (fp + r).take() : r == -1 ? .null : current._withUnsafeGuaranteedRef { $0.constants }[Instruction.returnedConstant(r)] }
                    let record = top - 1   // a call made in this loop: the result (checked) into the caller's register, then back
                    try returnChecked(r, typed: typed, clean: clean, lent: record.pointee.lent, from: fp, record, into: record.pointee.fp + record.pointee.destination, current)
                    state.pointee.recordTop = record
                    (current, fp, ip) = (record.pointee.caller, record.pointee.fp, record.pointee.ip)
                    state.pointee.sp = fp + current._withUnsafeGuaranteedRef { $0.frameEnd }   // the caller's top (its callee's frame may have begun lower: `inPlace`)
                case .returnTypedClean(let r):
                    let top = state.pointee.recordTop
                    if top == entryTop { return (fp + r).take() }
                    let record = top - 1
                    let lent = record.pointee.lent   // read once: the stores below might have changed it, as far as the optimiser knows
                    let destination = record.pointee.fp + record.pointee.destination
                    // fib's: nothing to check, to own or to let go of.
                    if lent == 0 { destination.set(returning: fp + r) } else { try returnChecked(r, typed: true, clean: true, lent: lent, from: fp, record, into: destination, current) }
                    state.pointee.recordTop = record
                    (current, fp, ip) = (record.pointee.caller, record.pointee.fp, record.pointee.ip)
                    state.pointee.sp = fp + current._withUnsafeGuaranteedRef { $0.frameEnd }   // as `return`'s
                case .coerce(let r, let annotation, let name):
                    (fp + r).set(try annotated(fp[r], current._withUnsafeGuaranteedRef { $0.annotations[Int(annotation)] }, current._withUnsafeGuaranteedRef { $0.strings[Int(name)] }, current.site(at: ip)))
                case .assertType(let r, let annotation, let name):
                    if assertsTypes {
                        (fp + r).set(try annotated(fp[r], current._withUnsafeGuaranteedRef { $0.annotations[Int(annotation)] }, current._withUnsafeGuaranteedRef { $0.strings[Int(name)] }, current.site(at: ip)))
                    }
                case .bind(let r, let bindings):
                    try bind(current._withUnsafeGuaranteedRef { $0.bindings[Int(bindings)] }, fp[r], fp, current.site(at: ip))
                case .jumpUnlessIs(let a, let type, let target):
                    if !program.isCastable(fp[a], to: current._withUnsafeGuaranteedRef { $0.typeTests[Int(type)] }) { ip += Int(target) }
                case .unpackTuple(let a, let b, let count, let target):
                    if !Interpreter.unpackTuple(fp + b, into: fp + a, count: Int(count)) { ip += Int(target) }
                case .payload(let a, let b, let count):
                    Interpreter.unpackPayload(of: fp[b], into: fp + a, count: Int(count))
                case .jumpIndirect(let r):
                    ip = try current._withUnsafeGuaranteedRef { $0.code } + cleanupExit(fp + r, current, current.pc(ip))
                case .rethrow(let r):
                    if case .native(let kept as PendingError) = fp[r] { throw kept.error }
                case .guardFellThrough:
                    throw ScriptError.runtime(.guardFellThrough, at: current.site(at: ip))
                case .switchUnmatched(let r):
                    throw ScriptError.runtime(.switchUnmatched(subject: fp[r].debugDescription), at: current.site(at: ip))
                case .scalarLoop:
                    let exit = runScalarLoop(current, fp, ip, entryTop: entryTop)
                    (current, fp, ip) = (exit.current, exit.fp, exit.ip)
                    if let error = exit.error { throw error }
                }
            }
        } catch {
            // A region that takes the error goes on at its code, here or in a caller (`unwind`).
            let (handler, frame, pc) = try unwind(error, at: current.pc(ip), in: current, fp, entryTop: entryTop)
            (current, fp) = (handler, frame)
            ip = current._withUnsafeGuaranteedRef { $0.code } + pc
        }
        }
    }
}
