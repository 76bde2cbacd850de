@testable import ShortcutRuntime
import Testing

/// Compiling code must not leak: a long REPL session would grow.
@Suite struct LeakTests {
    /// A recursive function's code reaches itself through its own call; the
    /// program breaks that cycle when it goes (found by the leak sanitizer).
    @Test func recursiveFunctionsGoWithTheirProgram() {
        weak var code: FunctionCode?
        weak var other: FunctionCode?
        do {
            let source = """
            func f(_ n: Int) -> Int { n == 0 ? 0 : f(n - 1) }
            func even(_ n: Int) -> Bool { n == 0 ? true : odd(n - 1) }
            func odd(_ n: Int) -> Bool { n == 0 ? false : even(n - 1) }
            print(f(3), even(4))
            """
            let program = Loader().load(source: source, name: "leaks.shortcut").program
            code = program?.functionSlots.first { $0.code.name == "f(_:)" }?.code
            other = program?.functionSlots.first { $0.code.name == "even(_:)" }?.code
            #expect(code != nil && other != nil)
        }
        #expect(code == nil, "the code of a recursive function outlives its program")
        #expect(other == nil, "mutually recursive functions outlive their program")
    }

    @Test func aSessionsRedefinedFunctionsGoWithIt() {
        weak var code: FunctionCode?
        do {
            let session = Session(host: RecordingHost())
            _ = session.evaluate("func f(_ n: Int) -> Int { n == 0 ? 0 : f(n - 1) }")
            code = session.program.declaredFunctions.first
            _ = session.evaluate("func f(_ n: Int) -> Int { n <= 0 ? 1 : f(n - 2) }")
            _ = session.evaluate("f(4)")
            #expect(code != nil)
        }
        #expect(code == nil)
    }
}
