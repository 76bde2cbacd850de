import ShortcutRuntime
import ShortcutSyntax
import Testing

/// The resolved code as text (`shortcut check --dump-ir`): what each construct
/// lowers to is pinned here, as parsing is pinned by the AST dumps.
@Suite struct IRPrinterTests {
    func ir(_ source: String) -> String {
        let result = Loader().load(source: source, name: "ir.shortcut")
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics)")
        return result.program.map { IRPrinter.print($0) } ?? ""
    }

    /// Functions, loops, superinstructions, an `if`-chain of returns lowered to one
    /// expression, direct calls, the append fast path, closures and `if let`; the main file's variables that no
    /// declaration uses are the top level's own (a slot, or a cell a closure captures), not globals.
    @Test func functionsAndStatements() {
        #expect(ir("""
        func count(_ n: Int) -> Int {
            var total = 0
            for i in 0..<n where i % 2 == 0 { total += i }
            return total
        }
        func sign(_ x: Int) -> Int {
            if x < 0 { return -1 }
            if x == 0 { return 0 }
            return 1
        }
        var xs: [Int] = []
        xs.append(count(10))
        let add = { (a: Int) in a + xs.count }
        if let first = xs.first { print(first, add(1), sign(-3)) }
        """) == """
        (func count(_:) in g0:count frame:3 (_: Int) -> Int
          (init s1:total: Int 0)
          (for-each [s2] (..< 0 s0) where (== (%-local-int s2 2) 0)
            (+= s1 s2))
          (return s1))
        (func sign(_:) in g1:sign frame:1 (_: Int) -> Int
          (expression-body (? (<-local-int s0 0) -1 (? (== s0 0) 0 1))))
        (top-level frame:3
          (init c0:xs: [Int] (array))
          (append-to c0 (call-fn1 count(_:) 10))
          (init s1:add: (Int) -> Int (closure captures:[c0→s1] frame:2 (_)
            (expression-body (+ s0 (member c1 .count)))))
          (if-let (let s2 (member c0 .first))
            (then
              (call-builtin print s2 (call-value s1 1) (call-fn1 sign(_:) -3)))))

        """)
    }

    /// A store method (a reference: its fields change in place), a mutating struct
    /// method (the value goes in and comes back), an intent's perform, and a view
    /// built from a builder with its modifiers.
    @Test func typesIntentsAndViews() {
        #expect(ir("""
        store Counter {
            var count = 0
            func bump(by n: Int) { count += n }
        }
        struct Point {
            var x: Int
            mutating func move() { x += 1 }
        }
        intent Bump {
            @Parameter var amount: Int
            @Dependency var counter: Counter
            perform {
                counter.bump(by: amount)
                var p = Point(x: 1)
                p.move()
                return .result(value: counter.count + p.x)
            }
        }
        view Row(label: String) {
            HStack { Text(label).bold(); Spacer() }
        }
        """) == """
        (store Counter
          (var count: Int default frame:0
            (expression-body 0))
          (method bump frame:2 self (by: Int)
            (+= (member (reference s0) .count) s1)))
        (struct Point
          (var x: Int)
          (method move frame:1 self mutating
            (+= (member s0 .x) 1)))
        (intent Bump
          (parameter amount: Int required)
          (dependency counter: Counter)
          (perform frame:2 self
            (call-method (member s0 .counter) .bump by: (member s0 .amount))
            (init s1:p: Point (construct Point [1]))
            (call-mutating s1 .move)
            (return (result value: (+ (member (member s0 .counter) .count) (member s1 .x))))))
        (view Row frame:2 (label: String)
          (expression-body (build s1
            (build-append s1 (view HStack content: (closure captures:[c0→s1] frame:2
              (expression-body (build s0
                (build-append s0 (modifier (view Text c1) .bold))
                (build-append s0 (view Spacer))))))))))

        """)
    }

    /// A class's initialisers are printed with its fields and methods, in the order they are declared: what
    /// `Element(3)` runs is in the dump too.
    @Test func initializersArePrinted() {
        #expect(ir("""
        final class Element {
            var value: Int
            var next: Element?
            init(_ value: Int) { self.value = value }
            init(pair: Int) { value = pair * 2; next = Element(pair) }
        }
        """) == """
        (class Element
          (var value: Int)
          (var next: Element?)
          (init frame:2 self mutating (_: Int)
            (assign (member s0 .value) s1))
          (init frame:2 self mutating (pair: Int)
            (assign (member (reference s0) .value) (*-local-int s1 2))
            (assign (member (reference s0) .next) (init Element s1))))

        """)
    }

    /// Two top-level functions that call each other before either body is resolved:
    /// each call points at the other's code, declared first and completed once.
    @Test func mutualRecursionThroughLinks() {
        let text = ir("""
        func isEven(_ n: Int) -> Bool { n == 0 ? true : isOdd(n - 1) }
        func isOdd(_ n: Int) -> Bool { n == 0 ? false : isEven(n - 1) }
        print(isEven(10))
        """)
        #expect(text.contains("(call-fn1 isOdd(_:) (--local-int s0 1))"))
        #expect(text.contains("(call-fn1 isEven(_:) (--local-int s0 1))"))
    }
}
