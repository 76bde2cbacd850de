import ShortcutSyntax

extension Interpreter {
    /// Where the loop goes on after `error` at the instruction before `pc`: the innermost region around it that
    /// takes the error (`Handler.Action`), in this function or — a call made in the loop ending with the error,
    /// its frame added to the trace as `runBody` does — in a caller; else the error leaves `execute`.
    func unwind(_ error: ScriptError, at pc: Int, in current: Unmanaged<Bytecode>, _ fp: UnsafeMutablePointer<Value>,
                entryTop: UnsafeMutablePointer<CallRecord>) throws(ScriptError) -> (Unmanaged<Bytecode>, UnsafeMutablePointer<Value>, Int) {
        var (current, fp, pc) = (current, fp, pc)
        var pending = error
        while true {
            if let handler = current._withUnsafeGuaranteedRef({ $0.handler(at: pc &- 1) }) {
                switch (handler.action, pending.kind) {
                case (.cleanup(let kept), _):
                    fp[kept] = .native(PendingError(pending))
                case (.tryOptional(let register), .thrown):
                    fp[register] = .null
                case (.keepError(let register), .thrown):
                    fp[register] = .native(PendingError(pending))
                case (.tryForced(let site), .thrown(let value)):
                    // Swift stops the program: a runtime error, which the regions around this one see (a `defer` runs).
                    pending = ScriptError.runtime(.forcedTryThrew(error: value.description), at: site)
                    pc = handler.end &+ 1
                    continue
                case (.catch(let kept, let thrown), .thrown(let value)):
                    fp[kept] = .native(PendingError(pending))
                    fp[thrown] = value
                case (.catch(let kept, let thrown), .cancelled(catchable: true)):
                    // A declined confirmation or a `.cancel` choice (SPEC §5.3), caught as `userCancelled`.
                    fp[kept] = .native(PendingError(pending))
                    fp[thrown] = .symbol("userCancelled")
                default:
                    // Not one it takes: the search goes on from the region's end, in the regions around it.
                    pc = handler.end &+ 1
                    continue
                }
                // The instances the frames the error left let go of are deinitialised before the region's code goes on
                // (a `catch`, a `try?`'s nil, a `defer`), as Swift deinitialises them while the error leaves the frames.
                try runDeinitializers()
                return (current, fp, handler.target)
            }
            let top = state.pointee.recordTop
            guard top > entryTop else { throw pending }
            let record = (top - 1).pointee
            state.pointee.recordTop = top - 1
            let callee = record.callee.pointee
            pending.addFrame(callee.function?.takeUnretainedValue().name ?? "", record.caller._withUnsafeGuaranteedRef { $0.sites[record.pc &- 1] })
            leaveFrame(fp, of: record)
            current = record.caller
            fp = record.fp
            pc = record.pc
            state.pointee.sp = fp + current._withUnsafeGuaranteedRef { $0.frameEnd }   // as a `return` leaves it
        }
    }

    /// Where a `defer`'s cleanup goes back to (`jump-indirect`): the place its register holds. The compiler sets the
    /// register before every entry into the cleanup; anything else is its bug.
    func cleanupExit(_ register: UnsafeMutablePointer<Value>, _ current: Unmanaged<Bytecode>, _ pc: Int) throws(ScriptError) -> Int {
        guard let target = register.int, target >= 0, target < current._withUnsafeGuaranteedRef({ $0.count }) else {
            throw ScriptError.runtime(.checkerBug(value: register.pointee.typeName, type: "Int", variable: "a cleanup's way out"), at: current.site(pc))
        }
        return target
    }

    /// `for i in lo..<hi` starting: whether it has a turn (a half-open range's last value kept in `last`); a bound that is
    /// no Int, or a lower bound past the upper, is Swift's trap, a runtime error here.
    @inline(__always)
    func rangeHasTurns(_ counter: UnsafeMutablePointer<Value>, _ last: UnsafeMutablePointer<Value>, closed: Bool, _ current: Unmanaged<Bytecode>,
                       _ pc: Int) throws(ScriptError) -> Bool {
        guard let lo = counter.int, let hi = last.int else { throw ScriptError.runtime(.rangeBoundsNotInt, at: current.site(pc)) }
        if lo > hi { throw ScriptError.runtime(.invalidRange(lower: lo, upper: hi), at: current.site(pc)) }
        if closed { return true }
        if lo == hi { return false }
        last.pointee = .int(hi - 1)
        return true
    }
}
