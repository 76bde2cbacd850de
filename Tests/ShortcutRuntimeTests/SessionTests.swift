import ShortcutRuntime
import ShortcutSyntax
import Testing

@Suite struct SessionTests {
    @Test func expressionsHaveValuesAndDeclarationsAccumulate() {
        let host = RecordingHost()
        let session = Session(host: host)
        guard case .ran(let v, _) = session.evaluate("1 + 2") else { Issue.record("did not run"); return }
        #expect(v == .int(3))
        _ = session.evaluate("var total = 10")
        _ = session.evaluate("func double(_ x: Int) -> Int { x * 2 }")
        guard case .ran(let w, _) = session.evaluate("double(total)") else { Issue.record("did not run"); return }
        #expect(w == .int(20))
    }

    /// Swift's `Result` and Foundation's `Measurement` come into the session with the first input that names them, as
    /// into a program; a generic type's `init` made in one input is run in later ones.
    @Test func standardTypesComeWithTheFirstInputThatNamesThem() {
        let host = RecordingHost()
        let session = Session(host: host)
        _ = session.evaluate("let m = Measurement(value: 2, unit: UnitLength.meters)")
        _ = session.evaluate("print(m + m, m.converted(to: .centimeters))")
        _ = session.evaluate("let r = Result<Int, Error> { 7 }")
        _ = session.evaluate("print(r, (try? r.get()) ?? 0)")
        #expect(host.lines == ["4.0 m 200.0 cm", "success(7) 7"], "\(host.lines)")
    }

    /// Global slots are made as the program grows (a run touches only its own, not the room for
    /// `Limits.maximumGlobals`): many globals declared one input at a time each hold their value.
    @Test func globalsDeclaredLaterHoldTheirValues() {
        let session = Session(host: RecordingHost())
        for i in 0..<300 { _ = session.evaluate("var g\(i) = \(i)") }
        _ = session.evaluate("func sum() -> Int { g0 + g150 + g299 }")
        guard case .ran(let v, _) = session.evaluate("sum() + g42") else { Issue.record("did not run"); return }
        #expect(v == .int(0 + 150 + 299 + 42))
    }

    /// A protocol, its conformances and generic functions, each typed in its own input.
    @Test func protocolsAndGenericsAcrossInputs() {
        let session = Session(host: RecordingHost())
        _ = session.evaluate("protocol Shape { func area() -> Double }")
        _ = session.evaluate("struct Square: Shape { var side: Double; func area() -> Double { side * side } }")
        _ = session.evaluate("func first<T>(_ xs: [T]) -> T { xs[0] }")
        _ = session.evaluate("func both<T>(_ x: T) -> [T] { [x, x] }")
        guard case .ran(let v, _) = session.evaluate("first(both(Square(side: 3) as Shape)).area()") else { Issue.record("did not run"); return }
        #expect(v == .double(9))
        guard case .ran(let conforms, _) = session.evaluate("Square(side: 1) is Shape") else { Issue.record("did not run"); return }
        #expect(conforms == .bool(true))
        guard case .diagnostics(let diagnostics) = session.evaluate("struct Circle: Shape {}") else { Issue.record("a missing requirement was accepted"); return }
        #expect(diagnostics.contains { $0.message == .doesNotConform(type: "Circle", protocol: "Shape") })
    }

    /// A class and its subclass, each typed in its own input: the subclass inherits, overrides and calls `super`.
    @Test func inheritanceAcrossInputs() {
        let session = Session(host: RecordingHost())
        _ = session.evaluate("class Animal { let name: String; init(name: String) { self.name = name }; func speak() -> String { \"...\" } }")
        _ = session.evaluate("class Dog: Animal { override func speak() -> String { super.speak() + \"Woof\" } }")
        guard case .ran(let v, _) = session.evaluate("(Dog(name: \"Rex\") as Animal).speak()") else { Issue.record("did not run"); return }
        #expect(v == .string("...Woof"))
        guard case .ran(let isAnimal, _) = session.evaluate("Dog(name: \"a\") is Animal") else { Issue.record("did not run"); return }
        #expect(isAnimal == .bool(true))
        guard case .diagnostics(let diagnostics) = session.evaluate("class Cat: Animal { func speak() -> String { \"meow\" } }") else {
            Issue.record("an override without 'override' was accepted"); return
        }
        #expect(diagnostics.contains { $0.message == .overrideRequired("speak") })
    }

    @Test func declarationsCanBeRedefined() {
        let session = Session(host: RecordingHost())
        _ = session.evaluate("func f() -> Int { 1 }")
        _ = session.evaluate("func f() -> Int { 2 }")
        guard case .ran(let v, _) = session.evaluate("f()") else { Issue.record("did not run"); return }
        #expect(v == .int(2))
        _ = session.evaluate("let x = 1")
        guard case .ran = session.evaluate("let x = 5") else { Issue.record("redefinition failed"); return }
        guard case .ran(let x, _) = session.evaluate("x") else { Issue.record("did not run"); return }
        #expect(x == .int(5))
    }

    /// A REPL's functions may be redefined, so a call finds its function in the global slot when it runs —
    /// and an argument left out, that function's default: the one defined last.
    @Test func leftOutArgumentsTakeTheDefaultOfTheFunctionDefinedLast() {
        let session = Session(host: RecordingHost())
        _ = session.evaluate("func g(_ a: Int, b: Int = 5) -> Int { a + b }")
        _ = session.evaluate("func twice() -> Int { g(1) + g(1, b: 2) }")
        guard case .ran(let v, _) = session.evaluate("twice()") else { Issue.record("did not run"); return }
        #expect(v == .int(6 + 3))
        _ = session.evaluate("func g(_ a: Int, b: Int = 50) -> Int { a * b }")
        guard case .ran(let w, _) = session.evaluate("twice()") else { Issue.record("did not run"); return }
        #expect(w == .int(50 + 2))
    }

    @Test func errorsDoNotEndTheSession() {
        let session = Session(host: RecordingHost())
        guard case .diagnostics = session.evaluate("print(nope)") else { Issue.record("expected diagnostics"); return }
        guard case .failed = session.evaluate("[1][3]") else { Issue.record("expected a runtime error"); return }
        guard case .ran(let v, _) = session.evaluate("\"still here\"") else { Issue.record("session died"); return }
        #expect(v == .string("still here"))
    }

    @Test func statePersistsAcrossInputs() {
        let host = RecordingHost()
        let session = Session(host: host)
        _ = session.evaluate("store Counter { var n = 0 }")
        _ = session.evaluate("Counter.shared.n += 1")
        _ = session.evaluate("Counter.shared.n += 1")
        _ = session.evaluate("print(Counter.shared.n)")
        #expect(host.lines == ["2"])
    }

    @Test func incompleteInputContinues() {
        #expect(!Session.isComplete("func f() {"))
        #expect(!Session.isComplete("let xs = [1,"))
        #expect(!Session.isComplete("let s = \"\"\"\nabc"))
        #expect(!Session.isComplete("let a = 1 +"))
        #expect(Session.isComplete("let a = 1"))
        #expect(Session.isComplete("func f() { }"))
        // An unterminated one-line string is an error to show, not a reason to wait.
        #expect(Session.isComplete("print(\"oops)"))
        // The parser decides, so every compound assignment continues alike (`%=` was left out of a list),
        // as does anything the end of input cuts short; an error before the end is complete input to report.
        for cut in ["var x = 1\nx %=", "x +=", "x *=", "x /=", "x -=", "x ??", "f(1,", "xs.", "if ok {", "let d = [1:", "x ? 1 :", "/* open"] {
            #expect(!Session.isComplete(cut), "\(cut)")
        }
        for whole in ["var x = 1\nx %= 3", "x.y", ")", "let = 3", "}"] {
            #expect(Session.isComplete(whole), "\(whole)")
        }
    }

    /// `:load` reads and parses each file once, as the session's next files: a file is read
    /// once, and a diagnostic in an import points into that import, not into an earlier input.
    @Test func loadParsesEachFileOnceAsTheSessionsNextFiles() {
        var reads: [String] = []
        let files = ["main.shortcut": "import \"lib.shortcut\"\nlet y = twice(2)",
                     "lib.shortcut": "func twice(_ x: Int) -> Int { x * 2 }",
                     "bad.shortcut": "let a = 1\nlet b = (2 +"]
        let loader = Loader { path in
            reads.append(path)
            guard let text = files[path] else { return .failure(.notFound) }
            return .success(Array(text.utf8))
        }
        let session = Session(host: RecordingHost())
        _ = session.evaluate("let x = 1")
        guard case .ran = session.load(path: "main.shortcut", loader: loader) else { Issue.record("did not load"); return }
        #expect(reads == ["main.shortcut", "lib.shortcut"])
        guard case .ran(let y, _) = session.evaluate("y") else { Issue.record("did not run"); return }
        #expect(y == .int(4))
        guard case .diagnostics(let diagnostics) = session.load(path: "bad.shortcut", loader: loader), let first = diagnostics.first else {
            Issue.record("expected a syntax error"); return
        }
        #expect(session.files[Int(first.range.file)].name == "bad.shortcut")
        #expect(session.files[Int(first.range.file)].location(of: Int(first.range.start)).line == 2)
    }
}
