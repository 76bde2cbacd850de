#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension BytecodeCompiler {
    /// Whether functions enter the scalar loop: `SHORTCUT_NO_SCALAR_LOOP=1` runs every one in the main loop, to compare
    /// the two loops' results (`BinaryTests.bothLoopsGiveTheSameResults`) and to train the profile-guided build's main
    /// loop on fib's calls and returns, as its profile did before fib moved (`bench/build`).
    static let entersScalarLoops = getenv("SHORTCUT_NO_SCALAR_LOOP").map { String(cString: $0) != "1" } ?? true

    /// Puts `scalar-loop` first in a function that makes a call and runs only instructions the scalar loop runs
    /// (`Instruction.runsInScalarLoop`, `Interpreter.runScalarLoop`), with no region taking errors: called from the
    /// main loop, it goes on in that one. A function that calls nothing is left to the loop it is called from: going
    /// from one loop to the other costs a call of a Swift function, more than such a function's few steps gain.
    mutating func entersScalarLoop() {
        guard BytecodeCompiler.entersScalarLoops, output.handlers.isEmpty, output.instructions.allSatisfy(\.runsInScalarLoop),
              output.instructions.contains(where: { if case .callTypedInPlace = $0 { true } else { false } }) else { return }
        output.instructions = [.scalarLoop] + output.instructions.map { BytecodeCompiler.retargeted($0) { $0 + 1 } ?? $0 }
        output.sites.insert(code.range, at: 0)
    }
}
