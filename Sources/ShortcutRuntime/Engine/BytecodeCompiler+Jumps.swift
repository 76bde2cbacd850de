// MARK: Jumps to jumps

extension BytecodeCompiler {
    /// Jumps whose target is a `jump` go to where that one goes, and a `jump` to a `return` returns itself: an
    /// `if` at the end of a loop's body went to its end and then to the loop's top, a `? true : false` to the
    /// function's end and then out. No instruction moves (regions and sites stay as they are), and no turn of a
    /// loop goes uncounted: a `jump` back counts a turn (`--timeout`), so a chain that went back somewhere is
    /// threaded only to a target behind the jump, and a conditional jump (which counts nothing) only forward.
    mutating func threadJumps() {
        let code = output.instructions
        for i in code.indices {
            if case .jump(let t) = code[i] {
                if case .return = code[Int(t)], handlers(covering: i) == handlers(covering: Int(t)) {
                    output.instructions[i] = code[Int(t)]
                    output.sites[i] = output.sites[Int(t)]
                    continue
                }
                let (target, wentBack) = chainEnd(from: Int(t), in: code, backward: true)
                if target != Int(t), target <= i || !(wentBack || Int(t) <= i) { patch(i, to: Int32(target)) }
            } else if let t = BytecodeCompiler.target(of: code[i]) {
                let (target, _) = chainEnd(from: Int(t), in: code, backward: false)
                if target != Int(t) { output.instructions[i] = BytecodeCompiler.retargeted(code[i]) { _ in Int32(target) } ?? code[i] }
            }
        }
    }

    /// Where a chain of `jump`s starting at `start` ends (forward ones only unless `backward`), and whether it went back.
    private func chainEnd(from start: Int, in code: [Instruction], backward: Bool) -> (Int, Bool) {
        var target = start
        var wentBack = false
        for _ in 0..<Limits.threadedJumps {
            guard case .jump(let next) = code[target], Int(next) != target, backward || Int(next) > target else { break }
            if Int(next) < target { wentBack = true }
            target = Int(next)
        }
        return (target, wentBack)
    }

    /// The jump target of an instruction `patch` can point elsewhere, or nil.
    static func target(of instruction: Instruction) -> Int32? {
        var found: Int32?
        _ = retargeted(instruction) { t in
            found = t
            return t
        }
        return found
    }

    /// The regions whose errors an instruction's go to: a `return` moved into other regions would throw elsewhere.
    private func handlers(covering pc: Int) -> [Int] {
        output.handlers.indices.filter { output.handlers[$0].covers(pc) }
    }
}
