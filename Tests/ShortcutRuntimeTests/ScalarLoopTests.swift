@testable import ShortcutRuntime
import ShortcutSyntax
import Testing

/// The scalar loop (`Interpreter.runScalarLoop`): a function that calls and does only numeric work runs in a loop of its
/// own, which hands the program back to the main loop before any instruction it does not run. Results, errors with their
/// sites and traces, the limits and the frames left are the main loop's.
@Suite struct ScalarLoopTests {
    func load(_ source: String) throws -> Program {
        let loaded = Loader().load(source: source, name: "scalar.shortcut")
        #expect(loaded.diagnostics.filter { $0.severity == .error }.isEmpty, "\(loaded.diagnostics)")
        return try #require(loaded.program)
    }

    /// The printed bytecode of the function named `name` (`(func name…` up to the next function or the top level).
    func function(_ name: String, in program: Program) -> String {
        let text = IRPrinter.print(program, bytecode: true)
        guard let start = text.firstRange(of: "(func \(name)") else { return "" }
        let rest = text[start.lowerBound...].dropFirst()
        return String(text[start.lowerBound..<(rest.firstRange(of: "\n(")?.lowerBound ?? text.endIndex)])
    }

    func enters(_ name: String, in program: Program) -> Bool {
        function(name, in: program).contains("\n  0: scalar-loop\n")
    }

    /// The UTF-8 offset of the first `part` in `source` (an error's site).
    func offset(of part: String, in source: String) -> Int? {
        let text = Array(source.utf8), needle = Array(part.utf8)
        return text.indices.first { text[$0...].starts(with: needle) }
    }

    static let mixed = """
    func fib(_ n: Int) -> Int { n < 2 ? n : fib(n - 1) + fib(n - 2) }
    func show(_ n: Int) -> Int { print("show \\(n)"); return n * 10 }
    func mix(_ n: Int) -> Int { n < 1 ? 0 : show(n) + mix(n - 1) }
    func square(_ x: Double) -> Double { x * x }
    func hypotenuse(_ a: Double, _ b: Double) -> Double { (square(a) + square(b)).squareRoot() }
    var total = 0
    for i in 1...2 { total += mix(i) }
    print(total, mix(3))
    print([10, 20].map(fib), hypotenuse(3, 4))
    """

    /// Entered by functions that call and whose every instruction it runs; a function that calls nothing stays in the
    /// loop it is called from, one with a builtin or a string stays in the main loop.
    @Test func functionsThatCallAndStayNumericEnterIt() throws {
        let program = try load(Self.mixed)
        #expect(enters("fib", in: program), "\(function("fib", in: program))")
        #expect(enters("mix", in: program), "a call to a function the loop hands back in\n\(function("mix", in: program))")
        #expect(!enters("square", in: program), "calls nothing\n\(function("square", in: program))")
        #expect(!enters("show", in: program), "a string and a print\n\(function("show", in: program))")
        #expect(!enters("hypotenuse", in: program), "a builtin\n\(function("hypotenuse", in: program))")
        #expect(IRPrinter.print(program, bytecode: true).split(separator: "scalar-loop").count == 3, "fib's and mix's only")
    }

    /// `mix` calls `show`, whose first step the loop does not run: the main loop runs `show` and the rest of `mix` from
    /// there, and enters the loop again at `mix`'s next call. `map(fib)` calls `fib` from outside the loops, so the
    /// loop hands back its last return. Output as swiftc's.
    @Test func theLoopsHandTheProgramToEachOther() throws {
        let (lines, error) = runProgram(try load(Self.mixed), options: Interpreter.Options())
        #expect(error == nil, "\(String(describing: error?.message))")
        #expect(lines == ["show 1", "show 2", "show 1", "show 3", "show 2", "show 1", "40 60", "[55, 6765] 5.0"])
    }

    /// An overflow three calls deep stops the program at its site, with every call on the way in the trace.
    @Test func anErrorInTheLoopKeepsItsSiteAndItsCalls() throws {
        let source = """
        func climb(_ n: Int, _ top: Int) -> Int { n == 0 ? top : climb(n - 1, top) + 1 }
        print(climb(3, 9223372036854775806))
        """
        let program = try load(source)
        #expect(enters("climb", in: program))
        let (lines, error) = runProgram(program, options: Interpreter.Options())
        #expect(lines.isEmpty)
        #expect(error?.message == "arithmetic overflow: 9223372036854775807 + 1 does not fit in Int", "\(String(describing: error?.message))")
        let inner = offset(of: "climb(n - 1, top) + 1", in: source), outer = offset(of: "climb(3,", in: source)
        #expect(error.map { Int($0.range.start) } == inner)
        #expect(error?.trace.prefix(2).map(\.function) == ["climb(_:_:)", "climb(_:_:)"], "\(String(describing: error?.trace))")
        #expect(error?.trace.prefix(2).map { Int($0.callSite.start) } == [inner, outer].compactMap { $0 })
    }

    /// `--max-depth` and `--timeout` stop recursion that runs in the loop, as they stop the main loop's.
    @Test func theLimitsHoldInTheLoop() throws {
        let down = try load("func down(_ n: Int) -> Int { n == 0 ? 0 : 1 + down(n - 1) }\nprint(down(1000))")
        #expect(enters("down", in: down))
        var options = Interpreter.Options()
        options.maximumDepth = 100
        guard case .stackOverflow? = runProgram(down, options: options).error?.kind else {
            Issue.record("expected the depth's error")
            return
        }
        options.maximumDepth = 2000
        #expect(runProgram(down, options: options).lines == ["1000"])

        let spin = try load("func spin(_ n: Int) -> Int {\n    while n >= 0 {}\n    return spin(n)\n}\nprint(spin(1))")
        #expect(enters("spin", in: spin), "\(function("spin", in: spin))")
        options.timeout = 0.2
        guard case .timeout? = runProgram(spin, options: options).error?.kind else {
            Issue.record("expected a timeout")
            return
        }
    }
}
