import Foundation
@testable import ShortcutCLI
import ShortcutRuntime
import Testing

/// The command line, in process: every exit code of SPEC §10 that this version produces.
@Suite struct CLITests {
    /// A store's file is named by its app's slug; an ASCII name is read byte by byte, as Characters would give it.
    @Test func storeSlugs() {
        #expect(StoreLocation.slug("Caffeine Pal") == "caffeine-pal")
        #expect(StoreLocation.slug("  Hello, World!! 2 ") == "hello-world-2")
        #expect(StoreLocation.slug("---") == "app")
        #expect(StoreLocation.slug("") == "app")
        #expect(StoreLocation.slug("Café Olé") == "café-olé")
        let printable = (32...126).map { String(UnicodeScalar(UInt8($0))) }
        let names = printable + ["a\r\nb", "\tTab\tName\n", "MiXeD_case-42", "x" + printable.joined() + "y", "9 Lives", "_", "A--B"]
        for name in names { #expect(StoreLocation.slug(name) == StoreLocation.slug(characters: name), "\(name)") }
    }

    /// `--max-depth`'s help gives the limits a run has: its numbers are written out in the table (`Option.limits`).
    @Test func helpGivesTheLimitsOfARun() {
        let line = "deepest call nesting allowed (default \(Limits.defaultMaximumDepth), at most \(Limits.largestMaximumDepth))"
        #expect(cli(["help", "run"]).out.contains(line))
        #expect(cli(["repl", "--help"]).out.contains(line))
    }

    /// One option parser: a table per command drives parsing, help and suggestions.
    /// Flags with aliases, `--name VALUE` and `--name=VALUE`, repeated options, operands in order.
    @Test func optionTables() throws {
        let table: [Option] = [.flag("--yes", aliases: ["-y"], "yes"), .flag("--json", "json"), .value("--store", "PATH", "store"),
                               .value("--param", "NAME=VALUE", "param")]
        let parsed = try ParsedArguments(["show", "-y", "--store=/a", "f.shortcut", "--param", "a=1", "--param=b=2"], command: "store", options: table)
        #expect(parsed.operands == ["show", "f.shortcut"])
        #expect(parsed.has("--yes") && !parsed.has("--json"))
        #expect(parsed.value("--store") == "/a")
        #expect(parsed.all("--param") == ["a=1", "b=2"])
        #expect(throws: (any Error).self) { try ParsedArguments(["--store"], command: "store", options: table) }
        // Every command's help lists every option of its table, and the suggestions come from the same table.
        for command in Help.commands where command.name != "help" {
            let help = cli([command.name, "--help"]).out
            for option in command.options { #expect(help.contains("  " + option.name), "\(command.name) --help lists \(option.name)") }
        }
        #expect(cli(["run", "x.shortcut", "--timout", "2"]).err.contains("unknown option '--timout' for 'run' (did you mean '--timeout'?)"))
        #expect(cli(["check", "x.shortcut", "--dump-irr"]).err.contains("(did you mean '--dump-ir'?)"))
        #expect(cli(["run", "x.shortcut", "--max-depth=0"]).err.contains("--max-depth takes a whole number from 1 to"))
        #expect(cli(["store", "show", "--store"]).err.contains("--store needs PATH"))
        #expect(cli(["store", "show", "--jsn", "f.shortcut"]).err.contains("unknown option '--jsn' for 'store' (did you mean '--json'?)"))
        #expect(cli(["fmt", "--check=yes", "f.shortcut"]).code == 2, "a flag takes no value")
        #expect(cli(["list", "--help"]).out.contains("Usage: shortcut list"))
        #expect(cli(["list", "-x", "f.shortcut"]).code == 2)
        let path = try temporaryScript("test \"one\" { expect(1 == 1) }\ntest \"two\" { expect(2 == 2) }")
        #expect(cli(["test", path, "--filter=two"]).out.hasSuffix("1 passed, 0 failed\n"))
    }

    /// `check --dump-ir` prints the resolved program, then the verdict.
    /// `--timeout` holds for a flow of performs that each spend their time in one long library call
    /// (the deadline is checked at every perform, not only every so many interpreter steps).
    @Test func theTimeoutStopsAFlowOfHeavyPerforms() throws {
        let script = try temporaryScript("""
        intent Heavy { perform { _ = String(repeating: "ab", count: 20_000_000).count } }
        shortcut "Many" {
            for _ in 0..<500 { run Heavy() }
        }
        """)
        let started = Date()
        let r = cli(["run", script, "--timeout", "1", "--ephemeral"])
        #expect(r.err.contains("the run took longer than 1 s and was stopped (--timeout)"), "\(r.err)")
        #expect(Date().timeIntervalSince(started) < 20)
    }

    @Test func checkDumpsTheIR() {
        let r = cli(["check", packageRoot + "/bench/fib.shortcut", "--dump-ir"])
        #expect(r.code == 0)
        #expect(r.out.hasPrefix("""
        (func fib(_:) in g0:fib frame:1 (_: Int) -> Int
          (expression-body (? (<-local-int s0 2) s0 (+ (call-fn1 fib(_:) (--local-int s0 1)) (call-fn1 fib(_:) (--local-int s0 2))))))
        (top-level frame:0
          (call-builtin print (call-fn1 fib(_:) 30)))
        """))
        #expect(r.out.hasSuffix("fib.shortcut: ok\n"))
    }

    @Test func runPrintsOutput() throws {
        let path = try temporaryScript("print(\"hi\")\nshow \"done\"")
        let r = cli(["run", path])
        #expect(r.code == 0)
        #expect(r.out == "hi\n💬 done\n")
        #expect(cli([path]).out == "hi\n💬 done\n", "'shortcut FILE' is 'shortcut run FILE'")
        #expect(cli([path, "--ascii"]).out == "hi\n> done\n")
    }

    /// A protocol extension no type adopts is checked in a hidden type that adopts it (`Protocols+Unadopted`): its
    /// errors are reported, and `list` shows the program's own structs, not that one.
    @Test func anUnadoptedProtocolExtensionIsCheckedAndHidden() throws {
        let path = try temporaryScript("""
        protocol Greeter { var name: String { get } }
        extension Greeter { func greet() -> Int { "Hello, \\(name)" } }
        struct Point { var x = 0 }
        """)
        let checked = cli(["check", path])
        #expect(checked.code == 3)
        #expect(checked.err.contains(":2:43: error: cannot convert return expression of type 'String' to return type 'Int'"), "\(checked.err)")
        let fixed = try temporaryScript("protocol Greeter { var name: String { get } }\nextension Greeter { func greet() -> String { name } }\nstruct Point { var x = 0 }\n")
        let list = cli(["list", fixed])
        #expect(list.code == 0)
        #expect(list.out.contains("Point (x: Int)") && !list.out.contains("__"), "\(list.out)")
    }

    /// `terminator:` as Swift's `print` writes it: the line left open, several lines in one, nothing added at the end;
    /// under `--format json` each of its lines is a `print` event.
    @Test func printWritesItsTerminatorAsSwiftDoes() throws {
        let path = try temporaryScript("""
        for i in 0..<3 { print(i, terminator: " ") }
        print()
        print("a", "b", separator: "-", terminator: "!\\n")
        print("x", terminator: "\\ny\\n")
        print("end", terminator: "")
        """)
        let r = cli(["run", path])
        #expect(r.code == 0)
        #expect(r.out == "0 1 2 \na-b!\nx\ny\nend")
        let events = cli(["run", path, "--format", "json"]).out.split(separator: "\n").filter { $0.contains("\"print\"") }
        #expect(events == [#"{"event":"print","text":"0 "}"#, #"{"event":"print","text":"1 "}"#, #"{"event":"print","text":"2 "}"#,
                           #"{"event":"print","text":""}"#, #"{"event":"print","text":"a-b!"}"#, #"{"event":"print","text":"x"}"#,
                           #"{"event":"print","text":"y"}"#, #"{"event":"print","text":"end"}"#])
    }

    @Test func runtimeErrorIsExit1WithPositionAndTrace() throws {
        let path = try temporaryScript("func f(_ n: Int) -> Int { 10 / n }\nprint(f(0))")
        let r = cli(["run", path])
        #expect(r.code == 1)
        #expect(r.err == """
        \(path):1:27: error: division by zero
        func f(_ n: Int) -> Int { 10 / n }
                                  ^~~~~~
        note: in f(_:), called from \(path):2:7

        """)
    }

    /// The accessors of a top-level variable and of a static property are named in the trace by the variable's name
    /// (`total.didSet`, `Meter.level.set`), not by the hidden class each is a property of.
    @Test func accessorsOutsideAnInstanceAreNamedByTheirVariable() throws {
        let path = try temporaryScript("""
        var total = 1 { didSet { print(10 / total) } }
        enum Meter { static var level: Int { get { 0 } set { print(10 / newValue) } } }
        Meter.level = 2
        total = 0
        """)
        let r = cli(["run", path])
        #expect(r.code == 1 && r.out == "5\n")
        #expect(r.err == """
        \(path):1:32: error: division by zero
        var total = 1 { didSet { print(10 / total) } }
                                       ^~~~~~~~~~
        note: in total.didSet, called from \(path):4:1

        """, "\(r.err)")
        let setter = try temporaryScript("enum Meter { static var level: Int { get { 0 } set { print(10 / newValue) } } }\nMeter.level = 0")
        #expect(cli(["run", setter]).err.contains("note: in Meter.level.set, called from"))
    }

    /// A body's variable's accessors are named so too (`d.didSet`, `d.set`), called from the change, with no frame of the
    /// box they are closures of.
    @Test func accessorsOfABodysVariableAreNamedByTheirVariable() throws {
        let path = try temporaryScript("""
        func f() {
            var d = 1 { didSet { print(10 / d) } }
            d = 0
        }
        f()
        """)
        let r = cli(["run", path])
        #expect(r.code == 1 && r.out == "")
        #expect(r.err.hasSuffix("""
        note: in d.didSet, called from \(path):3:5
        note:   from f(), called from \(path):5:1

        """), "\(r.err)")
        let setter = try temporaryScript("func g() { var a = 1; var d: Int { get { a } set { a = 10 / newValue } }; d = 0 }\ng()")
        #expect(cli(["run", setter]).err.contains("note: in d.set, called from \(setter):1:75"))
    }

    /// A closure a library method calls (`filter`'s, each element in turn) is a frame of the trace too, called from the
    /// method's call; its captures and its parameters' types are kept on the way.
    @Test func closureOfALibraryMethodIsInTheTrace() throws {
        let path = try temporaryScript("""
        func pick(_ xs: [Int]) -> [Int] { xs.filter { 10 / $0 > 1 } }
        let base = 3
        print([1, 2].map { $0 + base }, [3, 1, 2].sorted { $0 > $1 }, [1, nil].map { (n: Int?) -> Int in n ?? base })
        print(pick([1, 2, 0]))
        """)
        let r = cli(["run", path])
        #expect(r.code == 1)
        #expect(r.out == "[4, 5] [3, 2, 1] [1, 3]\n")
        #expect(r.err == """
        \(path):1:47: error: division by zero
        func pick(_ xs: [Int]) -> [Int] { xs.filter { 10 / $0 > 1 } }
                                                      ^~~~~~~
        note: in closure, called from \(path):1:35
        note:   from pick(_:), called from \(path):4:7

        """)
    }

    /// The runtime's messages name no flag; the CLI adds the option that sets the limit passed.
    @Test func limitErrorsNameTheirOption() throws {
        let deep = try temporaryScript("func down(_ n: Int) -> Int { n == 0 ? 0 : 1 + down(n - 1) }\nprint(down(100))")
        let r = cli(["run", deep, "--max-depth", "50"])
        #expect(r.code == 1)
        #expect(r.err.contains("error: recursion went deeper than 50 calls in down(_:) (--max-depth)"))
        let json = cli(["run", deep, "--max-depth", "50", "--format", "json"])
        #expect(json.out.contains(#""kind":"stackOverflow","message":"recursion went deeper than 50 calls in down(_:) (--max-depth)""#))
        let slow = try temporaryScript("var i = 0\nwhile true { i += 1 }")
        let t = cli(["run", slow, "--timeout", "0.2"])
        #expect(t.code == 1)
        #expect(t.err.contains("error: the run took longer than 0.2 s and was stopped (--timeout)"))
    }

    @Test func compileErrorsAreExit3AndAllReported() throws {
        let path = try temporaryScript("print(a)\nprint(b)")
        let r = cli(["run", path])
        #expect(r.code == 3)
        #expect(r.err.components(separatedBy: "error: cannot find").count == 3)
        #expect(r.err.hasSuffix("2 errors in \(path)\n"))
        #expect(r.out.isEmpty)
    }

    @Test func usageErrorsAreExit2() throws {
        #expect(cli(["run", "/no/such/file.shortcut"]).code == 2)
        #expect(cli(["run", "/no/such/file.shortcut"]).err == "error: no such file: /no/such/file.shortcut\n")
        #expect(cli(["frobnicate"]).code == 2)
        #expect(cli(["chek"]).err.contains("did you mean 'check'?"))
        #expect(cli(["run"]).code == 2)
        let path = try temporaryScript("print(1)")
        #expect(cli(["run", path, "--max-depth", "0"]).code == 2)
        #expect(cli(["run", path, "--timeout", "-1"]).code == 2)
        #expect(cli(["run", path, "--sed", "1"]).err.contains("did you mean '--seed'?"))
    }

    @Test func targetsAreChosenAsTheSpecSays() throws {
        let flows = try temporaryScript("""
        shortcut "Morning" { print("morning") }
        shortcut "Evening" { print("evening") }
        """)
        let listed = cli(["run", flows])
        #expect(listed.code == 2)
        #expect(listed.err.contains("\"Morning\"") && listed.err.contains("\"Evening\""))
        #expect(cli(["run", flows, "Evening"]).out == "evening\n")
        let unknown = cli(["run", flows, "Evenin"])
        #expect(unknown.code == 2)
        #expect(unknown.err.contains("did you mean 'Evening'?"))
        let oneIntent = try temporaryScript("intent Hello { perform { return .result(dialog: \"Hello!\") } }")
        #expect(cli(["run", oneIntent]).out == "💬 Hello!\n")
        #expect(cli(["run", oneIntent, "Hello"]).out == "💬 Hello!\n")
    }

    @Test func checkReportsAndRunsNothing() throws {
        let good = try temporaryScript("print(\"should not run\")")
        let r = cli(["check", good])
        #expect(r.code == 0)
        #expect(r.out == "\(good): ok\n")
        let bad = try temporaryScript("let x = y")
        #expect(cli(["check", good, bad]).code == 3)
        #expect(cli(["check"]).code == 2)
        let dumped = cli(["check", good, "--dump-ast"])
        #expect(dumped.out.contains("(call print \"should not run\")"))
    }

    @Test func optionsReachTheInterpreter() throws {
        let deep = try temporaryScript("func d(_ n: Int) -> Int { n == 0 ? 0 : 1 + d(n - 1) }\nprint(d(500))")
        #expect(cli(["run", deep, "--max-depth", "100"]).code == 1)
        #expect(cli(["run", deep, "--max-depth", "1000"]).out == "500\n")
        let random = try temporaryScript("print(Int.random(in: 0..<1_000_000), UUID().uuidString)")
        let a = cli(["run", random, "--seed", "7"]).out, b = cli(["run", random, "--seed", "7"]).out
        #expect(a == b)
        #expect(a != cli(["run", random, "--seed", "8"]).out)
        let loop = try temporaryScript("while true { }")
        let timedOut = cli(["run", loop, "--timeout", "0.2"])
        #expect(timedOut.code == 1)
        #expect(timedOut.err.contains("longer than 0.2 s"))
    }

    @Test func listShowsWhatAFileDeclares() {
        let r = cli(["list", packageRoot + "/Examples/caffeine.shortcut"])
        #expect(r.code == 0)
        #expect(r.out == """
        Caffeine Pal (\(packageRoot)/Examples/caffeine.shortcut)

        Intents
          LogEspressoIntent — "Log Espresso Shot" (shots: EspressoShot?)
          GetCaffeineIntent — "Get Caffeine Intake"
          LogShotIntent — "Log Caffeine Amount" (amount: Int)  (not discoverable)

        Snippets
          ShowCaffeineIntakeSnippetIntent — "Caffeine Snippet"  (not discoverable)

        Flows
          "Morning Coffee"

        Enums
          EspressoShot: single, double, triple

        Stores
          CaffeineStore (entries: [Entry], dailyLimit: Double (let))

        Structs
          Entry (date: Date, mg: Double)

        Views
          CaffeineIntakeSnip

        App Shortcuts
          Log Espresso → LogEspressoIntent: "Log espresso in \\(.applicationName)", "Log a \\(shots) in \\(.applicationName)"
          Caffeine Today → GetCaffeineIntent: "How much caffeine have I had in \\(.applicationName)"

        """)
        #expect(cli(["list"]).code == 2)
    }

    @Test func helpAndVersion() {
        #expect(cli(["--version"]).out.hasPrefix("shortcut \(ShortcutCLI.version)"))
        // From a pipe, `shortcut` alone is a usage error with the overview (at a terminal it is the REPL).
        let overview = cli([])
        #expect(overview.code == 2 && overview.err.contains("Usage: shortcut COMMAND"))
        #expect(cli(["help"]).code == 0 && cli(["help"]).out.contains("Usage: shortcut COMMAND"))
        for command in ["run", "check", "repl", "help", "list", "store"] {
            let help = cli(["help", command])
            #expect(help.code == 0)
            #expect(help.out.contains("Usage: shortcut \(command)"))
            #expect(help.out.contains("Examples:"))
        }
        #expect(cli(["run", "--help"]).out.contains("Usage: shortcut run"))
        #expect(cli(["check", "-h"]).out.contains("Usage: shortcut check"))
        #expect(cli(["help", "nope"]).code == 2)
        #expect(cli(["help", "--help"]).out.contains("Usage: shortcut help"))
        #expect(cli(["run", "x.shortcut", "--max-depth", "99999999999"]).code == 2)
    }

    /// A file the REPL loads may have top-level and static variables with observers, setters or a getter, as a run's
    /// does; so may what is typed at the prompt (declared again, the new one's observers are the ones called).
    @Test func replKeepsObserversAndComputedVariables() throws {
        let file = try temporaryScript("""
        var score = 0 { didSet { print("score", oldValue, "->", score) } }
        enum Meter { static var level = 1 { didSet { print("level", level) } } }
        var doubled: Int { score * 2 }
        """)
        let r = cli(["repl", file], input: "score += 3\nMeter.level = 9\ndoubled\nvar w = 1 { didSet { print(\"w\", w) } }\nw = 5\n"
                     + "var w = 2 { didSet { print(\"again\", w) } }\nw = 6\n")
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out == "score 0 -> 3\nlevel 9\n6\nw 5\nagain 6\n", "\(r.out)")
    }

    /// A property wrapper declared in a file the REPL loads, or at an earlier prompt, wraps a property typed later; an
    /// attribute that names none is reported there.
    @Test func replLowersPropertyWrappers() throws {
        let file = try temporaryScript("""
        @propertyWrapper struct Twice {
            var stored: Int
            var wrappedValue: Int { get { stored } set { stored = newValue * 2 } }
            init(wrappedValue: Int) { stored = wrappedValue }
        }
        """)
        let r = cli(["repl", file], input: "struct S { @Twice var n: Int = 1 }\nvar s = S()\ns.n = 5\nprint(s.n, S(n: 4).n)\n"
                     + "struct T { @Nope var z = 1 }\n")
        #expect(r.out == "10 4\n", "\(r.out)")
        #expect(r.err.contains("unknown attribute 'Nope'"), "\(r.err)")
    }

    /// A range of two `Double` variables at the prompt is a value, as in a file (the REPL adds the range prelude for any
    /// range's operator: it resolves an input once).
    @Test func replTakesRangesOfDoubles() {
        let r = cli(["repl"], input: "let lo = 1.0, hi = 2.0\nlet span = lo...hi\nprint(span.contains(1.5), span, (lo..<hi).isEmpty)\n")
        #expect(r.out == "true 1.0...2.0 false\n", "\(r.out) \(r.err)")
    }

    /// A function's variable with observers or a setter wants its box's prelude, which the REPL adds by the input's words;
    /// one with a property wrapper is the wrapper's value.
    @Test func replTakesObserversOnAFunctionsVariables() {
        let r = cli(["repl"], input: "func f() { var n = 1 { didSet { print(oldValue, n) } }; n += 1 }\nf()\n"
                     + "func g() -> Int { var b = 2; var h: Int { get { b * 2 } set { b = newValue } }; h = 5; return h }\ng()\n"
                     + "@propertyWrapper struct Twice { var v: Int; var wrappedValue: Int { get { v } set { v = newValue * 2 } }; init(wrappedValue: Int) { v = wrappedValue } }\n"
                     + "func w() -> Int { @Twice var x = 1; x = 5; return x }\nw()\n")
        #expect(r.out == "1 2\n10\n10\n", "\(r.out) \(r.err)")
    }

    /// A generic type first used with new arguments in a later input keeps its properties' defaults (they were nil).
    @Test func replKeepsAGenericTypesDefaultsInLaterInputs() {
        let r = cli(["repl"], input: "final class K<T> { var a = false; var b: T; init(_ b: T) { self.b = b } }\nprint(K(1).a)\nprint(K(\"s\").a)\n"
                     + "var it = [7, 8].makeIterator()\nprint(it.next()!)\n")
        #expect(r.out == "false\nfalse\n7\n", "\(r.out) \(r.err)")
    }

    @Test func replEvaluatesPipedInput() {
        let r = cli(["repl"], input: """
        1 + 2
        var xs = [1, 2]
        xs.append(3)
        xs
        func f(_ x: Int) -> Int {
            x * 10
        }
        f(4)
        print(nope)
        "still alive"
        :help
        :quit
        print("not reached")
        """)
        #expect(r.code == 1, "one input failed")
        #expect(r.out.hasPrefix("3\n[1, 2, 3]\n40\n\"still alive\"\n"))
        #expect(r.out.contains(":quit"))
        #expect(!r.out.contains("not reached"))
        #expect(r.err.contains("cannot find 'nope' in scope"))
    }

    /// The REPL keys its store by the file's `app`, as `run` does, and `:load` of a file
    /// of another app switches to that app's store and says so.
    @Test func theREPLSharesTheAppsStore() throws {
        let dir = temporaryStoreDirectory()
        let script = try temporaryScript("app \"Shared App\"\nstore S { var n = 0 }\nintent Bump { @Dependency var s: S; perform { s.n += 1 } }",
                                         name: "shared_file_name.shortcut")
        let other = try temporaryScript("app \"Other App\"\nstore T { var m = 5 }", name: "other.shortcut")
        let environment = ["SHORTCUT_STORE_DIR": dir]
        #expect(cli(["run", script, "Bump"], environment: environment).code == 0)
        #expect(cli(["run", script, "Bump"], environment: environment).code == 0)
        let r = cli(["repl", script], input: "S.shared.n\n:load \(other)\nT.shared.m\n", environment: environment)
        #expect(r.out.hasPrefix("2\n"), "\(r.out) \(r.err)")
        #expect(r.out.contains("now using Other App's store (\(dir)/other-app.json)"))
        #expect(r.out.hasSuffix("5\n"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/shared_file_name.json"))
    }

    /// Piped, the REPL's exit status says whether every input went well (SPEC §11).
    @Test func pipedREPLExitsWithFailure() {
        #expect(cli(["repl", "--ephemeral"], input: "1 + 1\nprint(2)\n").code == 0)
        #expect(cli(["repl", "--ephemeral"], input: "print(nope)\n1 + 1\n").code == 1)
        #expect(cli(["repl", "--ephemeral"], input: "[1][3]\n").code == 1)
        #expect(cli(["repl", "--ephemeral"], input: ":nope\n").code == 1)
    }

    /// A message quotes at most 200 characters of an answer (a 20 MB answer was echoed whole);
    /// control characters in source show escaped, never as raw bytes.
    @Test func answersAndSourceAreQuotedSafely() throws {
        let path = packageRoot + "/Tests/Fixtures/requests.shortcut"
        let long = String(repeating: "q", count: 100_000)
        let r = cli(["run", path, "LogIntent"], input: long + "\n")
        #expect(r.code == 4)
        #expect(r.err.count < 1_000, "\(r.err.count) characters")
        #expect(r.err.contains(String(repeating: "q", count: 200) + "… (99800 more characters)"))
        let control = try temporaryScript("let a = \u{0}\u{1B}[31m\n")
        let c = cli(["check", control])
        #expect(c.code == 3)
        #expect(c.err.contains("unexpected character '\\0'") && c.err.contains("unexpected character '\\u{1B}'"))
        #expect(!c.err.contains("\u{0}") && !c.err.contains("\u{1B}"))
        // A C1 control character (U+009B, a terminal's CSI) is escaped too, in the message and the excerpt.
        let c1 = try temporaryScript("let b = \u{9B}31m\n")
        let d = cli(["check", c1])
        #expect(d.code == 3)
        #expect(d.err.contains("\\u{9B}") && !d.err.contains("\u{9B}"), "\(d.err)")
    }

    /// `:type` runs its expression once, even when it fails; `%=` continues on the next line as `+=` does.
    @Test func replTypeRunsOnceAndOperatorsContinue() {
        let r = cli(["repl"], input: """
        var calls = 0
        func f() -> Int { calls += 1; return 10 / (calls - calls) }
        :type f()
        calls
        var x = 10
        x %=
        4
        x
        """)
        #expect(r.out == "1\n2\n", "\(r.out)")
        #expect(r.err.components(separatedBy: "division by zero").count == 2)
    }

    /// `:type` gives the static type (SPEC §3.1); `nil` is echoed; a `Void` call is not.
    @Test func replTypesAreStaticAndNilIsShown() {
        let r = cli(["repl"], input: """
        :type [1: "a"]
        :type [2.5, 1]
        let maybe: Int? = nil
        maybe
        :type maybe
        print("hi")
        func nothing() { }
        nothing()
        :type nothing
        """)
        #expect(r.out == "[Int: String]\n[Double]\nnil\nInt?\nhi\n() -> ()\n", "\(r.out)")
    }

    /// `:record` writes every answer and tap; replaying the file with `--input` reaches the same state.
    @Test func replRecordsASessionThatReplays() throws {
        let counter = packageRoot + "/Examples/counter.shortcut"
        let recording = scratchRoot.appendingPathComponent("rec-\(UUID().uuidString).txt").path
        let session = cli(["repl", counter], input: ":record \(recording)\n:run FirstIntent\n2\n2\n1\n\n:store\n")
        #expect(session.code == 0, "\(session.err)")
        #expect(session.out.contains("SnippetModel\n  count: 1\n"))
        #expect(try String(contentsOfFile: recording, encoding: .utf8) == "2\n2\n1\n\n")
        let replay = cli(["run", counter, "FirstIntent", "--input", recording])
        #expect(replay.code == 0)
        #expect(replay.out.hasSuffix("""
        │         Count: 1          │
        │       [1 ⊖]   [2 ⊕]       │
        │                           │
        ╰───────────────────────────╯
        Tap 1–2, or press Return when done: \n
        """))
    }

    @Test func replCommands() throws {
        let counter = packageRoot + "/Examples/counter.shortcut"
        let r = cli(["repl", counter], input: ":list\n:type 1.5\n:store\nrun IncrementCountIntent(current: 4)\n:store\n:reset\n:store\n:load \(packageRoot)/Examples/tour.shortcut\ngreet(\"Ada\")\n:run Nope\n:lst\n:help\n")
        #expect(r.out.contains("Intents\n  FirstIntent"))
        #expect(r.out.contains("Double\n(no store has been used yet)\n"))
        #expect(r.out.contains("SnippetModel\n  count: 5\n"))
        #expect(r.out.contains("the stores start again from their defaults\n(no store has been used yet)\n"))
        #expect(r.out.contains("\"Hi, Ada.\""))
        #expect(r.out.contains(":record FILE"))
        #expect(r.err.contains("no intent or flow named 'Nope'"))
        #expect(r.err.contains("did you mean :list?"))
    }

    @Test func replLoadsAFilesDeclarations() throws {
        let path = try temporaryScript("func triple(_ x: Int) -> Int { x * 3 }\nlet base = 2\nprint(\"top-level code does not run\")")
        let r = cli(["repl", path], input: "triple(base)\n")
        #expect(r.out == "6\n")
    }

    @Test func colourFollowsTheEnvironment() throws {
        let path = try temporaryScript("let x = y")
        #expect(!cli(["check", path]).err.contains("\u{1B}["))
        #expect(cli(["check", path, "--color"]).err.contains("\u{1B}["))
        #expect(!cli(["check", path, "--color", "--no-color"]).err.contains("\u{1B}["))
    }
}
