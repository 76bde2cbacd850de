/// `defer`: its cleanup runs however the rest of its scope is left, as in Swift.
///
/// - Falling off the end: the cleanup follows the body.
/// - `break`, `continue`, `return`: a copy of the cleanup of each scope the jump leaves, innermost first,
///   before the jump (a `return`'s value is computed before them).
/// - An error: the body is a region of `Bytecode.handlers` whose handler keeps the error in a register,
///   runs the cleanup and throws the error on (`rethrow`).
///
/// A copy made at a jump runs after its scope's body, as far as errors go: it is a hole in the regions of
/// that scope and of the `do`s and `defer`s inside it — an error there goes to the handlers around the scope.
extension BytecodeCompiler {
    struct Cleanup {
        let statements: [Statement]
        /// The number `openHandler()` gave the scope's handler.
        let opened: Int
    }

    /// A copy of a cleanup at a jump: outside the handlers numbered `from..<before`.
    struct Hole {
        let range: Range<Int>
        let from: Int
        let before: Int
    }

    /// Numbers a `do` or `defer` handler as it opens: a hole applies to the handlers opened inside its scope.
    mutating func openHandler() -> Int {
        handlersOpened += 1
        return handlersOpened - 1
    }

    /// The holes in the region `range` of the handler numbered `opened`.
    func holes(in range: Range<Int>, opened: Int) -> [Range<Int>] {
        holes.filter { $0.from <= opened && opened < $0.before && range.contains($0.range.lowerBound) }.map(\.range)
    }

    mutating func openControl(isLoop: Bool) {
        controls.append(Control(isLoop: isLoop, cleanupDepth: cleanups.count))
    }

    /// `defer { cleanup }` and the rest of its scope, `body`.
    mutating func deferred(_ body: [Statement], _ cleanup: [Statement]) {
        guard !body.isEmpty else { return statements(cleanup) }   // the last statement of its scope
        let kept = temporary()
        let opened = openHandler(), start = Int(here)
        cleanups.append(Cleanup(statements: cleanup, opened: opened))
        statements(body)
        cleanups.removeLast()
        let end = Int(here)
        statements(cleanup)
        let past = emit(.jump(-1))
        let onError = Int(here)
        statements(cleanup)
        emit(.rethrow(kept))
        patch(past, to: here)
        output.handlers.append(Handler(start: start, end: end, target: onError, action: .cleanup(kept: kept),
                                       holes: holes(in: start..<end, opened: opened)))
    }

    /// Copies of the cleanups of the scopes a jump leaves (those above `depth`), innermost first.
    mutating func runCleanups(downTo depth: Int) {
        let open = cleanups
        for i in stride(from: open.count - 1, through: depth, by: -1) {
            // Code in a cleanup is outside its own scope.
            cleanups = Array(open[..<i])
            let mark = nextTemporary, start = Int(here), before = handlersOpened
            statements(open[i].statements)
            nextTemporary = mark
            holes.append(Hole(range: start..<Int(here), from: open[i].opened, before: before))
        }
        cleanups = open
    }

    /// `return`, the value in `r` (none when negative): computed before the cleanups run, which may change the
    /// variable it was read from.
    mutating func returnFromFunction(_ r: Register) {
        guard !cleanups.isEmpty else {
            emit(.return(r))
            return
        }
        var result = r
        if r >= 0 {
            result = temporary()
            emit(.move(result, r))
        }
        runCleanups(downTo: 0)
        emit(.return(result))
    }
}
