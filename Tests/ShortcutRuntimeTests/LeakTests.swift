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

    /// The VM counts some references by hand: a method's receiver shared by one retain, a frame's objects let go
    /// of by one release, a closure called from its register without a retain. After many such calls an
    /// instance and a closure go as soon as the script lets go of them — not kept by a count left too high, and
    /// not freed early (which would crash the calls after).
    @Test func objectsTheVMCountsByHandGoWhenTheScriptLetsGo() {
        weak var instance: StoreInstance?
        weak var closure: Function?
        let session = Session(host: RecordingHost())
        let source = """
        final class B { var x = 1; var items = [1, 2]; func f() -> Int { x + items.count } ; func me() -> B { self } }
        struct S { var b: B; func g() -> Int { b.f() } }
        var b: B? = B()
        var add: ((Int) -> Int)? = { (n: Int) -> Int in n + 1 }
        var total = 0
        for i in 0..<2_000 {
            let s = S(b: b!)
            total += b!.f() + s.g() + b!.me().x + add!(i)
        }
        """
        guard case .ran = session.evaluate(source) else { Issue.record("the script did not run"); return }
        if case .ran(let value?, _) = session.evaluate("b!"), case .store(let s) = value { instance = s }
        if case .ran(let value?, _) = session.evaluate("add!"), case .function(let f) = value { closure = f }
        #expect(instance != nil && closure != nil)
        if case .ran(let value?, _) = session.evaluate("total") { #expect(value == .int(2_000 * 7 + 2_000 * 2_001 / 2)) }
        _ = session.evaluate("b = nil")
        _ = session.evaluate("add = nil")
        #expect(instance == nil, "an instance outlives the script's last reference to it")
        #expect(closure == nil, "a closure outlives the script's last reference to it")
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
