@testable import ShortcutRuntime
import Testing

/// Typed `Int` instructions store their result without a look at the register's old value where the compiler proved it
/// holds no reference (`BytecodeCompiler.checkIntDestinations`), and look first — the general typed form — elsewhere.
@Suite struct IntDestinationTests {
    /// Each instruction of the function named `name` (or of the top level), by kind: the specialised typed Int cases,
    /// which store without looking, as `clean`; the general typed forms, which look, as `checked`.
    func kinds(_ source: String, function name: String? = nil) -> [String]? {
        guard let program = Loader().load(source: source, name: "code.shortcut").program, let top = program.topLevel?.bytecode else { return nil }
        guard let bytecode = name.map({ name in top.functions.first(where: { $0.name.hasPrefix(name) })?.bytecode }) ?? top else { return nil }
        return UnsafeBufferPointer(start: bytecode.code, count: bytecode.count).compactMap { instruction -> String? in
            switch instruction {
            case .addInt, .addIntConstant, .subtractInt, .subtractIntConstant, .multiplyInt, .remainderIntConstant: "clean"
            case .arithmeticInt, .arithmeticIntConstant: "checked"
            default: nil
            }
        }
    }

    @Test func fibsArithmeticStoresWithoutLooking() {
        let source = """
        func fib(_ n: Int) -> Int {
            if n < 2 { return n }
            return fib(n - 1) + fib(n - 2)
        }
        print(fib(20))
        """
        #expect(kinds(source, function: "fib") == ["clean", "clean", "clean"])
    }

    /// The 10M loop's: its variables are the top level's registers, written only with Ints.
    @Test func aLoopsArithmeticStoresWithoutLooking() {
        let source = """
        var s = 0
        for i in 0..<100 {
            s += i * i % 7
        }
        print(s)
        """
        #expect(kinds(source) == ["clean", "clean", "clean"])
    }

    /// A register that held a string (a temporary, then an argument) takes an Int later: that store looks, and lets go
    /// of the string; the output is Swift's.
    @Test func aRegisterThatHeldAReferenceIsLookedAt() {
        let source = """
        func f(_ s: String, _ n: Int) -> Int {
            print(s + "!")
            return (n * 3) + (n * 5)
        }
        print(f("a", 2))
        """
        let found = kinds(source, function: "f") ?? []
        #expect(found.contains("checked"), "\(found)")
        guard let program = Loader().load(source: source, name: "code.shortcut").program else { return }
        #expect(runProgram(program, options: Interpreter.Options()).0 == ["a!", "16"])
    }
}
