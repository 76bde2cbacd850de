/// `defer`: its cleanup runs however the rest of its scope is left, as in Swift. The cleanup is compiled
/// once, after the scope's body, and ends in `jump-indirect` through a register each way in sets first:
///
/// - falling off the end: the register says "after the scope", and the cleanup follows;
/// - `break`, `continue`, `return`: the register of each scope the jump leaves, innermost first, says
///   "come back here", then a jump to that scope's cleanup (a `return`'s value is kept first in a register
///   below every cleanup's temporaries);
/// - an error: the body is a region of `Bytecode.handlers` whose handler keeps the error in a register; its
///   code runs the cleanup and throws the error on (`rethrow`).
///
/// The cleanup's code lies after its scope's body, so an error in it goes to the handlers around the scope,
/// not to the scope's own or to a `do` inside it — as in Swift, where it runs once the scope is left.
extension BytecodeCompiler {
    struct Cleanup {
        /// Where the cleanup goes when it is done (an instruction index, set before it is entered).
        let continuation: Register
        /// A function's result on its way out through this scope: reserved before the body, so no cleanup's
        /// temporaries overlap it.
        let result: Register
        /// The jumps into the cleanup from inside the body, pointed at it once it is compiled.
        var entries: [Int] = []
    }

    mutating func openControl(isLoop: Bool) {
        controls.append(Control(isLoop: isLoop, cleanupDepth: cleanups.count))
    }

    /// `defer { cleanup }` and the rest of its scope, `body`.
    mutating func deferred(_ body: [Statement], _ cleanup: [Statement]) {
        guard !body.isEmpty else { return statements(cleanup) }   // the last statement of its scope
        let kept = temporary(), continuation = temporary(), result = temporary()
        let start = Int(here)
        cleanups.append(Cleanup(continuation: continuation, result: result))
        statements(body)
        let scope = cleanups.removeLast()
        let end = Int(here)
        let fallThrough = emit(.int(continuation, -1))
        let entry = here
        statements(cleanup)
        emit(.jumpIndirect(continuation))
        let onError = Int(here)
        emit(.int(continuation, Int32(onError + 2)))
        emit(.jump(entry))
        emit(.rethrow(kept))
        output.instructions[fallThrough] = .int(continuation, here)
        patch(scope.entries, to: entry)
        output.handlers.append(Handler(start: start, end: end, target: onError, action: .cleanup(kept: kept)))
    }

    /// Through the cleanups of the scopes a jump leaves (those above `depth`), innermost first: each returns
    /// to the instruction after its entry.
    mutating func runCleanups(downTo depth: Int) {
        for i in stride(from: cleanups.count - 1, through: depth, by: -1) {
            emit(.int(cleanups[i].continuation, here + 2))
            cleanups[i].entries.append(emit(.jump(-1)))
        }
    }

    /// `return`, the value in `r` (none when negative): computed before the cleanups run, which may change the
    /// variable it was read from.
    mutating func returnFromFunction(_ r: Register, typed: Bool = false) {
        if !code.inoutReads.isEmpty { return returnWithInouts(r) }
        guard let outermost = cleanups.first else {
            emit(.return(r, typed: typed))
            return
        }
        if r >= 0 { emit(.move(outermost.result, r)) }
        runCleanups(downTo: 0)
        emit(.return(r >= 0 ? outermost.result : -1, typed: typed))
    }

    /// A function with `inout` parameters returns a tuple: its result (nil for none), then each `inout` parameter's
    /// value — read after the `defer`s have run, as Swift writes an `inout` argument back when the function ends.
    mutating func returnWithInouts(_ r: Register) {
        var result = r
        if let outermost = cleanups.first {
            if r >= 0 { emit(.move(outermost.result, r)) }
            runCleanups(downTo: 0)
            if r >= 0 { result = outermost.result }
        }
        let mark = nextTemporary
        defer { nextTemporary = mark }
        let base = temporary()
        if result >= 0 { emit(.move(base, result)) } else { emit(.constant(base, constant(.null))) }
        for read in code.inoutReads { value(read, into: temporary()) }
        let tuple = temporary()
        emit(.makeTuple(tuple, base, count: Int32(code.inoutReads.count + 1), labels: -1))
        emit(.return(tuple, typed: false))
    }
}
