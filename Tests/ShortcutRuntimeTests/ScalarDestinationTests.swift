@testable import ShortcutRuntime
import Testing

/// Typed `Int` and `Double` instructions store their result without a look at the register's old value where the
/// compiler proved it holds no reference (`BytecodeCompiler.checkScalarDestinations`), and look first — the general
/// form — elsewhere.
@Suite struct ScalarDestinationTests {
    /// Each instruction of the function named `name` (or of the top level), by kind: the specialised typed Int cases,
    /// which store without looking, as `clean`; the general typed forms, which look, as `checked`.
    func kinds(_ source: String, function name: String? = nil) -> [String]? {
        guard let program = Loader().load(source: source, name: "code.shortcut").program, let top = program.topLevel?.bytecode else { return nil }
        guard let bytecode = name.map({ name in top.functions.first(where: { $0.name.hasPrefix(name) })?.bytecode }) ?? top else { return nil }
        return UnsafeBufferPointer(start: bytecode.code, count: bytecode.count).compactMap { instruction -> String? in
            switch instruction {
            case .addInt, .addIntConstant, .subtractInt, .subtractIntConstant, .multiplyInt, .remainderIntConstant,
                 .addDouble, .subtractDouble, .multiplyDouble, .divideDouble, .addDoubleConstant, .multiplyDoubleConstant: "clean"
            case .arithmeticInt, .arithmeticIntConstant, .arithmetic, .arithmeticDoubleConstant: "checked"
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

    /// NBody's shape: Doubles read from the fields of an array's elements (proved Doubles) and combined in temporaries
    /// store without looking; the last, into the register that held the body whose `vx` was changed, looks.
    @Test func doublesReadFromFieldsStoreWithoutLooking() {
        let source = """
        final class Body { var x = 1.5, vx = 0.25, mass = 2.0 }
        let bodies = [Body(), Body()]
        func step(_ dt: Double) -> Double {
            let dx = bodies[0].x - bodies[1].x
            let d2 = dx * dx + 0.5
            bodies[0].vx -= dx * bodies[1].mass * dt
            return d2 / dt
        }
        print(step(0.5), bodies[0].vx)
        """
        let found = kinds(source, function: "step") ?? []
        #expect(found == ["clean", "clean", "clean", "clean", "clean", "checked"], "\(found)")
        guard let program = Loader().load(source: source, name: "code.shortcut").program else { return }
        #expect(runProgram(program, options: Interpreter.Options()).0 == ["1.0 0.25"])
    }

    /// A Double stored where a string was: the untyped instruction, which lets the string go; Swift's output.
    @Test func aDoubleOverAReferenceIsLookedAt() {
        let source = """
        func f(_ s: String, _ d: Double) -> Double {
            print(s + "!")
            return (d * 3.0) + (d * d)
        }
        print(f("a", 2.0))
        """
        let found = kinds(source, function: "f") ?? []
        #expect(found.contains("checked"), "\(found)")
        guard let program = Loader().load(source: source, name: "code.shortcut").program else { return }
        #expect(runProgram(program, options: Interpreter.Options()).0 == ["a!", "10.0"])
    }

    /// `max` of two class instances gives one of them: its register holds a reference, which the function lets go of
    /// when it returns (the instance's `deinit` runs), where a number's would need nothing.
    @Test func maxOfInstancesIsAReference() {
        let source = """
        final class Box: Comparable {
            let v: Int
            init(_ v: Int) { self.v = v }
            deinit { print("deinit \\(v)") }
            static func < (a: Box, b: Box) -> Bool { a.v < b.v }
            static func == (a: Box, b: Box) -> Bool { a.v == b.v }
        }
        func pick() -> Int {
            let b = max(Box(1), Box(2))
            let n = b.v * 10
            return n
        }
        print(pick())
        print("end")
        """
        guard let program = Loader().load(source: source, name: "code.shortcut").program else {
            Issue.record("does not compile")
            return
        }
        let lines = runProgram(program, options: Interpreter.Options()).0
        #expect(lines.filter { $0.hasPrefix("deinit") }.sorted() == ["deinit 1", "deinit 2"], "\(lines)")
        #expect(lines.last == "end" && lines.contains("20"), "\(lines)")
    }
}
