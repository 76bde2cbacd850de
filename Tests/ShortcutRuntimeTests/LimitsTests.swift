import ShortcutRuntime
import ShortcutSyntax
import Testing

/// Each limit of SPEC §12 is reached, and each gives a clean error.
@Suite struct LimitsTests {
    func run(_ source: String, options: Interpreter.Options = Interpreter.Options()) -> (output: [String], error: ScriptError?) {
        let loaded = Loader().load(source: source, name: "limits.shortcut")
        guard let program = loaded.program else {
            Issue.record("does not compile: \(loaded.diagnostics.map(\.message.text))")
            return ([], nil)
        }
        let (lines, error) = runProgram(program, options: options)
        return (lines, error)
    }

    let countdown = "func down(_ n: Int) -> Int { n == 0 ? 0 : 1 + down(n - 1) }\n"

    @Test func defaultDepthOf10000FramesWorks() {
        let result = run(countdown + "print(down(9_990))")
        #expect(result.error == nil)
        #expect(result.output == ["9990"])
        #expect(Limits.defaultMaximumDepth == 10_000)
    }

    @Test func goingPastTheDepthIsARuntimeError() {
        let result = run(countdown + "print(down(10_001))")
        guard case .stackOverflow(let overflow)? = result.error?.kind else {
            Issue.record("expected a stack overflow, got \(String(describing: result.error?.message))")
            return
        }
        #expect(overflow == .depthLimit(limit: 10000, function: "down(_:)"))
        #expect(overflow.message.contains("deeper than 10000 calls"))
    }

    /// The depth counts the calls the VM's loop makes (by their records) and the frames Swift enters (a closure `map`
    /// calls) alike: through a closure each level is two calls, so 5 000 levels are the 10 000 the limit allows, and
    /// the call past it fails — the closure's here, `down`'s when the outermost call is a closure's.
    @Test func theDepthCountsTheLoopsCallsAndSwiftsFramesAlike() {
        let mixed = "func down(_ n: Int) -> Int { n == 0 ? 0 : [n].map { 1 + down($0 - 1) }[0] }\n"
        #expect(run(mixed + "print(down(4_999))").output == ["4999"])
        #expect(run(mixed + "print([0].map { _ in down(4_998) }[0])").output == ["4998"])
        for (source, function) in [("print(down(5_000))", "closure"), ("print([0].map { _ in down(4_999) }[0])", "down(_:)")] {
            guard case .stackOverflow(let overflow)? = run(mixed + source).error?.kind else {
                Issue.record("expected a stack overflow from \(source)")
                continue
            }
            #expect(overflow == .depthLimit(limit: 10000, function: function))
        }
    }

    /// With the depth set to a million, runaway recursion stops on the native
    /// stack guard instead of crashing the process.
    @Test func aMillionFramesFailsCleanly() {
        var options = Interpreter.Options()
        options.maximumDepth = 1_000_000
        let result = run("func forever(_ n: Int) -> Int { forever(n + 1) }\nprint(forever(0))", options: options)
        guard case .stackOverflow? = result.error?.kind else {
            Issue.record("expected a clean stack overflow, got \(String(describing: result.error?.message))")
            return
        }
        #expect(Limits.largestMaximumDepth >= 1_000_000)
    }

    /// The VM makes calls in its own loop up to `inlineCallRecords` deep; deeper ones are native
    /// calls. A recursion past that depth gives the right answer.
    @Test func recursionDeeperThanTheVMsCallRecordsRuns() {
        let depth = Limits.inlineCallRecords + 5_000
        var options = Interpreter.Options()
        options.maximumDepth = depth + 10
        let vm = run(countdown + "print(down(\(depth)))", options: options)
        #expect(vm.error == nil, "\(String(describing: vm.error?.message))")
        #expect(vm.output == ["\(depth)"])
        #expect(Limits.inlineCallRecords >= Limits.defaultMaximumDepth)
    }

    @Test func timeoutStopsARunawayLoop() {
        var options = Interpreter.Options()
        options.timeout = 0.2
        let result = run("var i = 0\nwhile true { i += 1 }", options: options)
        guard case .timeout(let seconds)? = result.error?.kind else {
            Issue.record("expected a timeout, got \(String(describing: result.error?.message))")
            return
        }
        #expect(seconds == 0.2)
        #expect(Limits.timeoutCheckInterval > 0)
    }

    @Test func timeoutStopsRunawayRecursionToo() {
        var options = Interpreter.Options()
        options.timeout = 0.2
        options.maximumDepth = 100
        let result = run("func f(_ n: Int) -> Int { n == 0 ? 0 : f(n - 1) }\nwhile true { _ = f(50) }", options: options)
        if case .timeout? = result.error?.kind {} else { Issue.record("expected a timeout") }
    }

    /// Loops whose turns end in jumps to jumps (threaded by `BytecodeCompiler.threadJumps`) still count their turns.
    @Test(arguments: [
        "var i = 0\nwhile true { if i % 2 == 0 { i += 1 } else { i -= 1 } }",
        "var i = 0\nwhile true { i += 1; if i > 5 { continue } }",
        "var i = 0\nwhile true { if i > 3 { if i > 4 { i = 0 } else { i += 2 } } else { i += 1 } }",
        "var i = 0\nrepeat { if i > 3 { i = 0 } else { i += 1 } } while true",
        "var i = 0\nwhile true { if i > 5 { i = 0 } }",
    ])
    func timeoutStopsLoopsEndingInThreadedJumps(_ source: String) {
        expectTimeout(source)
    }

    /// `dump` of a deep value writes a long tree (each line indented by its depth): `--timeout` stops it as it writes.
    @Test func aLongDumpStopsAtTheTimeout() {
        expectTimeout("indirect enum L { case end; case node(Int, L) }\nvar l = L.end\nfor i in 0..<20000 { l = .node(i, l) }\ndump(l)", after: 1)
    }

    /// The run of `source` ends by `--timeout` (`seconds`): its loop's turns were counted.
    func expectTimeout(_ source: String, after seconds: Double = 0.2) {
        var options = Interpreter.Options()
        options.timeout = seconds
        let result = run(source, options: options)
        if case .timeout? = result.error?.kind {} else { Issue.record("expected a timeout, got \(String(describing: result.error?.message)) \(result.output)") }
    }

    /// A `while` whose conditions are tests is tested at its bottom, the test jumping back: each kind of test that may
    /// jump back (a fused Int test, one with a constant, a Double's, a Bool's, a nil test, `&&`, a `continue` to the
    /// test, a `while let` going round again) counts the turn it ends.
    @Test(arguments: [
        "func f() { var k = 0\nwhile k < 1 { k += 0 } }\nf()",
        "var k = 0\nwhile k < 1 { }",
        "var d = 0.5\nwhile d < 1.0 { d += 0 }",
        "var b = true\nwhile b { }",
        "var o: Int? = 1\nwhile o != nil { }",
        "var k = 0\nwhile k < 1 && k > -1 { k += 0 }",
        "var k = 0\nwhile k < 1 { if k == 0 { continue } }",
        "func f() { let o: Int? = 1\nwhile let x = o { _ = x } }\nf()",
        "func f() { let o: Int? = 1\nwhile let x = o { if x > 0 { continue } } }\nf()",
        "var k = 0\nrepeat { k += 0 } while k < 1",
        "var b = true\nrepeat { b = !(!b) } while b && true",
    ])
    func timeoutStopsWhileLoopsTestedAtTheirBottom(_ source: String) {
        expectTimeout(source)
    }

    /// A `for x in xs` goes round again from the test at its bottom (`sequence-next … again`), which counts the turn: a
    /// long loop meets a short `--timeout` (without the count it would finish, in some tens of milliseconds).
    @Test func timeoutStopsALongSequenceLoop() {
        expectTimeout("let xs = Array(repeating: 1, count: 3_000_000)\nvar t = 0\nfor x in xs { t += x }\nprint(t)", after: 0.001)
    }

    /// `if`s nested past `Limits.threadedJumps` end in a chain of jumps longer than is followed: each still lands where it should.
    @Test func longChainsOfJumpsLandWhereTheyShould() {
        let depth = Limits.threadedJumps + 3
        let opens = (0..<depth).map { "if n > \($0) { hits += 1\n" }.joined()
        let closes = (0..<depth).map { _ in "} else { misses += 1 }\n" }.joined()
        let source = "var hits = 0, misses = 0\nfor n in 0...\(depth) {\n" + opens + closes + "}\nprint(hits, misses)"
        // Below `depth`, n of the ifs hold and the next one's `else` counts a miss; at `depth`, all of them hold.
        let hits = (0..<depth).reduce(0, +) + depth
        #expect(run(source).output == ["\(hits) \(depth)"])
    }

    @Test func tooManyGlobalsIsADiagnostic() {
        let source = (0...Limits.maximumGlobals).map { "let g\($0) = 0" }.joined(separator: "\n")
        let loaded = Loader().load(source: source, name: "globals.shortcut")
        #expect(loaded.diagnostics.contains { $0.message == .tooManyGlobals(limit: Limits.maximumGlobals) })
    }

    /// A chain of type aliases is followed once, however long (20 000 renames took minutes when each alias was resolved
    /// anew); aliases nested inside types past `ParserLimits.maximumNestingDepth` are an error, not a deep recursion.
    @Test func typeAliasChainsAreFollowedOnce() {
        let renames = 20_000
        let chain = (0..<renames).map { "typealias A\($0) = A\($0 + 1)" }.joined(separator: "\n") + "\ntypealias A\(renames) = Int\nlet x: A0 = 5\nprint(x)"
        #expect(run(chain).output == ["5"])
        let depth = ParserLimits.maximumNestingDepth + 10
        let nested = (0..<depth).map { "typealias N\($0) = [N\($0 + 1)]" }.joined(separator: "\n") + "\ntypealias N\(depth) = Int"
        let loaded = Loader().load(source: nested, name: "nested.shortcut")
        #expect(loaded.program == nil)
        #expect(loaded.diagnostics.contains { $0.notes.contains { $0.contains("nests too deeply") } })
    }

    /// Each `f(&n)` adds a call and its write-back to the bytecode's tables; before `Array.appendingIndex` every
    /// addition copied them (12 000 calls: 30 s in a debug build; now 2 s).
    @Test func manyInoutCallsCompileInLinearTime() {
        let calls = 12_000
        let source = "func f(_ x: inout Int) { x += 1 }\nvar n = 0\n" + String(repeating: "f(&n)\n", count: calls) + "print(n)"
        #expect(run(source).output == ["\(calls)"])
    }

    /// A case of many patterns is checked in time linear in their number: asking of each name it binds whether every other
    /// pattern binds it too made it quadratic (20 000 patterns took 26 s in a release build; now well under a second). The
    /// one pattern without the name is still found.
    @Test func manyCasePatternsCheckInLinearTime() {
        let count = 8_000
        let patterns = (0..<count).map { $0 % 2 == 0 ? ".a(let x)" : ".b(let x)" }
        let source = { (alternatives: [String]) in "enum E { case a(Int), b(Int), c }\nlet e = E.b(7)\nswitch e { case \(alternatives.joined(separator: ", ")): print(x); default: break }" }
        #expect(run(source(patterns)).output == ["7"])
        let loaded = Loader().load(source: source(patterns + [".c"]), name: "cases.shortcut")
        #expect(loaded.diagnostics.map(\.message) == [.bindingNotInEveryPattern("x")])
    }

    /// Generic method calls nested in each other's closures are checked in time polynomial in their depth:
    /// `genericMethodResult` looks at a call's arguments a second time to bind `U`, and a look inside a look doubled the
    /// work at each level (18 levels took 49 s in a debug build; 30 now take a fraction of a second).
    @Test func nestedGenericMethodCallsCheckInPolynomialTime() {
        let depth = 30
        let nested = (0..<depth).reduce("1") { inner, _ in "b.map { _ in \(inner) }.v" }
        let source = "struct Box<T> { var v: T; func map<U>(_ f: (T) -> U) -> Box<U> { Box<U>(v: f(v)) } }\nlet b = Box(v: 0)\nprint(\(nested))"
        #expect(run(source).output == ["1"])
    }

    /// Nested cases of a generic enum (`Tree.node(Tree.node(…), .leaf(1))`) are checked in time polynomial in their depth:
    /// each level's arguments were typed to infer its use, then again against it, and the look inside a look doubled at each
    /// level (22 levels took 27 s in a release build). A case typed only for the type it gives is not typed again
    /// (`Resolver.inferringArguments`).
    @Test func nestedGenericEnumCasesCheckInPolynomialTime() {
        let depth = 40
        let nested = (0..<depth).reduce("Tree.leaf(1)") { inner, _ in "Tree.node(\(inner), .leaf(1))" }
        let source = """
            indirect enum Tree<T> { case leaf(T); case node(Tree<T>, Tree<T>) }
            func count<T>(_ t: Tree<T>) -> Int { switch t { case .leaf: return 1; case .node(let a, let b): return count(a) + count(b) } }
            print(count(\(nested)))
            """
        #expect(run(source).output == ["\(depth + 1)"])
    }

    /// Which generic functions pass types (`GenericMetatypes`: a body that uses a generic parameter as a value, or calls a
    /// function that does) is found in time linear in the program: a chain of generic functions, each calling the one before,
    /// the first using `T.zero` and declared last, gives each its own type to pass on. Found by asking each function about each function
    /// found so far, again until nothing changed, it took time cubic in their number.
    @Test func functionsPassingTypesAreFoundInLinearTime() {
        let count = 600
        // Declared last first: each found only after the one it calls, as a pass in the written order meets them.
        var source = ""
        for i in (1..<count).reversed() { source += "func f\(i)<T: Numeric>(_ x: T) -> T { f\(i - 1)(x) }\n" }
        source += "func f0<T: Numeric>(_ x: T) -> T { T.zero + x }\nprint(f\(count - 1)(2), f\(count - 1)(0.5))"
        #expect(run(source).output == ["2 0.5"])
    }

    /// Nested calls of a generic function with an `inout` parameter that passes a type (`acc(acc(1, &a), &b)` of one using
    /// `T.zero`) are checked in time polynomial in their depth: each level typed its arguments to bind `T`, then again for
    /// the call, and the look inside a look doubled (25 levels took over a minute in a debug build).
    @Test func nestedTypePassingInoutCallsCheckInPolynomialTime() {
        let depth = 25
        let nested = (0..<depth).reduce("1") { inner, i in "acc(\(inner), &v\(i))" }
        let variables = (0..<depth).map { "var v\($0) = 0" }.joined(separator: "\n")
        let source = "func acc<T: Numeric>(_ x: T, _ a: inout T) -> T { a += x; return T.zero + a }\n\(variables)\nprint(\(nested))"
        #expect(run(source).output == ["1"])
    }

    /// A chain of a declared operator (`a <> b <> c …`) — a type's static one, a standard type's extension's, overloaded
    /// top-level ones — is checked in time linear in its length: each operand was typed twice at each level (a look ahead,
    /// then for real), 2^n in all (18 uses of a type's `<>` took 9 s in a debug build).
    @Test func operatorChainsCheckInLinearTime() {
        let uses = 400
        let chain = { (operand: String) in Array(repeating: operand, count: uses).joined(separator: " <> ") }
        let statics = """
            infix operator <>
            struct C { var x: Int; static func <> (a: C, b: C) -> C { C(x: a.x + b.x) } }
            extension Double { static func <> (a: Double, b: Double) -> Double { a + b } }
            print((\(chain("C(x: 1)"))).x, \(chain("1.0")))
            """
        #expect(run(statics).output == ["\(uses) \(Double(uses))"])
        let overloads = """
            infix operator <>
            func <> (a: Int, b: Int) -> Int { a + b }
            func <> (a: String, b: String) -> String { a + b }
            print(\(chain("1")), (\(chain("\"a\""))).count)
            """
        #expect(run(overloads).output == ["\(uses) \(uses)"])
    }

    /// A value of a `CustomStringConvertible` type deep inside arrays prints in time linear in its depth (asking at each
    /// level whether anything below describes itself made it quadratic: 5 000 levels took 6 s in a debug build).
    @Test func deeplyNestedDescriptionsPrintInLinearTime() {
        let depth = 5_000
        let source = """
            struct P: CustomStringConvertible { var description: String { "p" } }
            var a: [Any] = [P()]
            for _ in 0..<\(depth) { a = [a] }
            let text = "\\(a)"
            print(text.count, text.prefix(3), text.filter { $0 == "p" }.count)
            """
        #expect(run(source).output == ["\(2 * depth + 3) [[[ 1"])
    }

    /// Past `hugePageArrayElements` an append grows the array itself (`Interpreter.grown`), moving its values as bytes:
    /// strings (references) and a copy that shares the buffer must come through whole.
    @Test func largeArraysGrowWithTheirValuesWhole() {
        let n = Limits.hugePageArrayElements * 2 + 3
        let source = """
            var xs: [String] = []
            var kept: [String] = []
            for i in 0..<\(n) {
                xs.append("s\\(i)")
                if i == \(Limits.hugePageArrayElements) { kept = xs }
            }
            print(xs.count, xs[0], xs[\(n - 1)], kept.count, kept.last ?? "", xs[\(Limits.hugePageArrayElements + 1)])
            """
        let k = Limits.hugePageArrayElements
        #expect(run(source).output == ["\(n) s0 s\(n - 1) \(k + 1) s\(k) s\(k + 1)"])
    }

    /// A class takes up to `inheritedStaticFunctions` of its superclasses' static functions that depend on the class they
    /// are called on as its own (`Resolver.staticMembers(of:)`): those run with it as `self`, as Swift's do; past the
    /// limit, the nearest class that took one is `self` (a chain of classes each declaring one stays linear to check).
    @Test func aClassTakesItsSuperclassesStaticFunctionsUpToTheLimit() {
        let k = Limits.inheritedStaticFunctions
        #expect(k == 32)
        var source = "class C0 { required init() {}; class func f0() -> String { \"\\(self)\" } }\n"
        for i in 1...(k + 1) { source += "class C\(i): C\(i - 1) { class func f\(i)() -> String { \"\\(self)\" } }\n" }
        source += "print(C\(k + 1).f\(k + 1)(), C\(k + 1).f1(), C\(k + 1).f0(), C\(k).f0())\n"
        #expect(run(source).output == ["C\(k + 1) C\(k + 1) C\(k) C\(k)"])
    }

    /// Either side of `shortRepeatedArray`, `Array(repeating:count:)` is built a different way (`Interpreter.repeated`):
    /// both give the count asked for, each element its own copy of a struct, and a shared class instance.
    @Test func repeatedArraysAreWholeEitherSideOfTheShortLimit() {
        let k = Limits.shortRepeatedArray
        let source = """
            struct S { var x = 1 }
            final class C { var y = 2 }
            let c = C()
            for n in [0, 1, \(k - 1), \(k), \(k + 1)] {
                var xs = [S](repeating: S(), count: n)
                let cs = Array(repeating: c, count: n)
                if n > 0 { xs[n - 1].x = 5; cs[0].y += 1 }
                print(xs.count, xs.first?.x ?? 0, xs.last?.x ?? 0, cs.count, [Int](repeating: n, count: n).reduce(0, +))
            }
            print(c.y)
            """
        #expect(run(source).output == ["0 0 0 0 0", "1 5 5 1 1", "\(k - 1) 1 5 \(k - 1) \((k - 1) * (k - 1))",
                                       "\(k) 1 5 \(k) \(k * k)", "\(k + 1) 1 5 \(k + 1) \((k + 1) * (k + 1))", "6"])
    }

    @Test func valueStackIsSizedForTheDeepestRecursion() {
        // Every frame of a 10 000-deep recursion needs at least one slot.
        #expect(Limits.valueStackSlots > Limits.defaultMaximumDepth * 64)
        #expect(Limits.nativeStackReserve < Limits.nativeStackBytes / 16)
    }

    /// A date may lie up to `maximumDateSeconds` from 1970, either side, and no farther.
    @Test func datesStopAtTheirLimit() {
        #expect(Limits.maximumDateSeconds == 1e13)
        let inside = run("let d = Date(timeIntervalSince1970: -1e13); print(d.timeIntervalSince1970); print(d.isToday)")
        #expect(inside.error == nil)
        #expect(inside.output == ["-10000000000000.0", "false"])
        let outside = run("print(Date(timeIntervalSince1970: 1e13) + 1)")
        #expect(outside.error?.message.contains("out of range") == true, "\(String(describing: outside.error?.message))")
    }

    @Test func overflowAndBadConversionsNeverTrap() {
        let cases = [
            // Values the checker does not fold (a top-level `let`), so these fail when they run.
            "let m = Int.max; print(m * 2)", "let m = Int.min; print(m / -1)", "let m = Int.min; print(m % -1)", "let m = Int.min; print(-m)",
            "print(abs(Int.min))",
            "print(Int(1e300))", "print(Int(Double.infinity))", "print([1][3])", "print([Int]()[0])", "print(Array(\"ab\")[5])",
            "var a = [1]; a.removeLast(); a.removeLast()", "let z = 0; print(1 % z)", "print(Int.random(in: 5..<5))",
            "print(stride(from: 0, to: 10, by: 0))", "let d: [String: Int] = [:]; print(d[\"x\"]!)",
            "print(Date(timeIntervalSince1970: 1e300).isToday)", "print(Date().addingTimeInterval(1e308))",
            "print(Date(timeIntervalSince1970: 0.0 / 0.0))", "print(Date() + 1e20)",
            "print(String(repeating: \"ab\", count: -1))", "print(Array(repeating: 0, count: 1_000_000_000).count)",
            "print(Array(repeating: 0, count: -2))", "print(String(repeating: \"abc\", count: Int.max).count)",
        ]
        for source in cases {
            let result = run(source)
            #expect(result.error != nil, "\(source) should fail cleanly")
        }
    }
}
