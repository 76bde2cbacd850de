@testable import ShortcutRuntime
import ShortcutSyntax
import Testing

/// Each function's bytecode as text (`shortcut check --dump-bytecode`): which instructions a
/// construct compiles to — typed where the checker proved Ints, fused compare-and-jumps, calls the
/// VM makes in its own loop, the regions that handle errors — is pinned here.
@Suite struct BytecodePrinterTests {
    func bytecode(_ source: String, asserting: Bool = false) -> String {
        let result = (asserting ? Loader.asserting : Loader()).load(source: source, name: "bytecode.shortcut")
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics)")
        return result.program.map { IRPrinter.print($0, bytecode: true) } ?? ""
    }

    /// The program's bytecode holds each of `lines`, and it prints `output`.
    func expectCode(_ source: String, holds lines: [String], prints output: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let text = bytecode(source)
        for line in lines { #expect(text.contains(line), "\(line)\n\(text)", sourceLocation: sourceLocation) }
        guard let program = Loader().load(source: source, name: "code.shortcut").program else { return }
        #expect(runProgram(program, options: Interpreter.Options()).0 == output, sourceLocation: sourceLocation)
    }

    /// Recursion with typed arithmetic and a fused test; a `for … where` over a range counted in a
    /// register, its test fused too (an element not known to be an Int: the instruction takes the general path
    /// for any other value), its turns after the first counted by `range-next`, which comes back past the `tick`; `while`
    /// tested before its first turn and then at its bottom (the test that holds jumps back, counting the turn), with
    /// `continue` out of a `defer`'s scope: the cleanup, compiled once, entered with the
    /// place to come back to (`jump-indirect`), from the `continue`, from the end of the scope and from the
    /// scope's handler, which throws the error on after it.
    @Test func functionsAndLoops() {
        #expect(bytecode("""
        func fib(_ n: Int) -> Int {
            if n < 2 { return n }
            return fib(n - 1) + fib(n - 2)
        }
        func total(_ xs: [Int]) -> Int {
            var sum = 0
            for i in 0..<xs.count where xs[i] > 0 { sum += xs[i] }
            var k = 0
            while k < 3 {
                k += 1
                defer { sum += 1 }
                if k == 2 { continue }
            }
            return sum
        }
        print(fib(10), total([1, -2, 3]))
        """) == """
        (func fib(_:) in g0:fib frame:1 (_: Int) -> Int
          (registers 6 keeps-parameters)
          0: scalar-loop
          1: jump-unless r0 <-int 2 → 3
          2: return-typed r0 clean
          3: subtract-int r3 r0 1
          4: call-typed r2 fib(_:) (r3) in-place
          5: subtract-int r5 r0 2
          6: call-typed r4 fib(_:) (r5) in-place
          7: add-int r1 r2 r4
          8: return-typed r1 clean)
        (func total(_:) in g1:total frame:4 (_: [Int]) -> Int
          (registers 7)
          (handler 13..<17 defer → 20 keeps r4)
           0: int r1 0
           1: int r2 0
           2: member r4 r0.count
           3: range-loop r2 ..< r4 exit → 10
           4: tick
           5: get-element r5 r0[r2]
           6: jump-unless r5 >-int 0 → 9
           7: get-element r6 r0[r2]
           8: + r1 r1 r6
           9: range-next r2 r4 → 5
          10: int r3 0
          11: jump-unless r3 <-int 3 → 24
          12: add-int r3 r3 1
          13: jump-unless r3 ==-int 2 → 17
          14: int r5 16
          15: jump → 18
          16: jump → 23
          17: int r5 23
          18: add-int r1 r1 1
          19: jump-indirect r5
          20: int r5 22
          21: jump → 18
          22: rethrow r4
          23: jump-unless r3 >=-int 3 → 12
          24: return-typed r1
          25: return)
        (top-level frame:0
          (registers 8)
          0: int r3 10
          1: call-typed r1 fib(_:) (r3) in-place
          2: int r5 1
          3: int r6 -2
          4: int r7 3
          5: array r4 (r5 r6 r7)
          6: call r2 total(_:) (r4) in-place
          7: call-builtin r0 print(_:_:) (r1 r2)
          8: return)

        """)
    }

    /// A call's frame begins at its arguments (`in-place`: none is moved) where the caller's registers past them hold no
    /// reference: not where an earlier statement's comparison left its string constant above them (`twice(2)`,
    /// `name(3)`), again once an Int is written over it (`twice(4)`). The result goes below the arguments.
    @Test func framesBeginAtTheirArguments() {
        let source = """
        func name(_ n: Int) -> String { "n\\(n)" }
        func twice(_ n: Int) -> Int { n * 2 }
        func show(_ s: String, _ n: Int) { print(s, n) }
        print(name(1) == "n1")
        print(twice(2))
        show(name(3), twice(4))
        """
        let text = bytecode(source)
        #expect(text.hasSuffix("""
        (top-level frame:0
          (registers 5)
           0: int r3 1
           1: call-typed r2 name(_:) (r3) in-place
           2: constant r4 "n1"
           3: == r1 r2 r4
           4: call-builtin r0 print(_:) (r1)
           5: int r2 2
           6: call-typed r1 twice(_:) (r2)
           7: call-builtin r0 print(_:) (r1)
           8: int r3 3
           9: call-typed r1 name(_:) (r3)
          10: int r4 4
          11: call-typed r2 twice(_:) (r4) in-place
          12: call r0 show(_:_:) (r1 r2) in-place
          13: return)

        """), "\(text)")
        guard let program = Loader().load(source: source, name: "code.shortcut").program else { return }
        #expect(runProgram(program, options: Interpreter.Options()).0 == ["true", "4", "n3 8"])
    }

    /// fib's call (typed, in place, lending nothing) and return (typed, clean, of a register) are cases of their own,
    /// `callTypedInPlace` and `returnTypedClean`, which the loop finds by the dispatch alone; they print as the `call`
    /// and `return` they stand for. A call that lends, or that moves its arguments, and a return of nil, stay general.
    @Test func fibsCallAndReturnAreCasesOfTheirOwn() {
        let source = """
        final class Box { var n = 0 }
        func fib(_ n: Int) -> Int {
            if n < 2 { return n }
            return fib(n - 1) + fib(n - 2)
        }
        func peek(_ b: Box) -> Int { b.n }
        func nothing() { return }
        let box = Box()
        print(fib(20), peek(box), fib(peek(box) + 3))
        nothing()
        """
        guard let program = Loader().load(source: source, name: "code.shortcut").program, let top = program.topLevel?.bytecode,
              let fib = top.functions.first(where: { $0.name.hasPrefix("fib") })?.bytecode else {
            Issue.record("no bytecode")
            return
        }
        let code = Array(UnsafeBufferPointer(start: fib.code, count: fib.count))
        let kinds = code.map { instruction -> String in
            switch instruction {
            case .callTypedInPlace: "call-typed-in-place"
            case .returnTypedClean: "return-typed-clean"
            case .call: "call"
            case .return: "return"
            case .scalarLoop: "scalar-loop"
            default: "other"
            }
        }
        #expect(kinds == ["scalar-loop", "other", "return-typed-clean", "other", "call-typed-in-place", "other", "call-typed-in-place", "other", "return-typed-clean"], "\(kinds)")
        let generalCalls = UnsafeBufferPointer(start: top.code, count: top.count).filter { if case .call = $0 { true } else { false } }
        #expect(!generalCalls.isEmpty, "the top level's calls that lend `box` or move their arguments stay `call`")
        #expect(runProgram(program, options: Interpreter.Options()).0 == ["6765 0 2"])
    }

    /// Instructions stay small and trivial: the loop copies one out per step, with no reference counting.
    /// Places changed directly (each remembers the field it changed last): a class instance's field and an
    /// element of its array field, an element's field; a deeper place is a path walked, its keys in registers.
    /// `var ps = ps` is the parameter's last use: its value is taken, so the changes need no copy of the array.
    /// The main file's variables that no declaration uses are registers of the top level's frame, as a function's
    /// locals are (a loop there uses the typed instructions); one a function uses, or one with observers, is a global.
    @Test func theMainFilesOwnVariablesAreRegisters() {
        let text = bytecode("""
        var sum = 0
        for i in 0..<10 { sum += i * i }
        var seen = 0
        func note() { seen += 1 }
        var watched = 0 { didSet { print(watched) } }
        watched = sum
        note()
        print(sum, seen)
        """)
        #expect(text.contains("add-int r0 r0 r") && !text.contains(":sum"), "\(text)")
        #expect(text.contains("set-global g") && text.contains(":seen"), "\(text)")
        #expect(text.contains("get-global r") && text.contains(":watched"), "\(text)")
    }

    @Test func places() {
        #expect(bytecode("""
        final class Packet { var a2 = [0, 0]; var id = 0 }
        struct P { var x = 0.0; var tags: [Int] = [] }
        func fill(_ packet: Packet, _ ps: [P]) -> [P] {
            var ps = ps
            packet.a2[1] = 7
            packet.id += 1
            ps[0].x -= 1.5
            ps[0].tags[0] = 2
            return ps
        }
        """).hasPrefix("""
        (func fill(_:_:) in g0:fill frame:3 (_: Packet, _: [P]) -> [P]
          (registers 6)
           0: take r2 r1
           1: int r3 1
           2: int r4 7
           3: assign r0.a2[r3] r4
           4: int r3 1
           5: += r0.id r3
           6: int r3 0
           7: constant r4 1.5
           8: -= r2[r3].x r4
           9: int r3 0
          10: int r4 0
          11: int r5 2
          12: assign r2[r3].tags[r4] r5
          13: return r2
          14: return)
        (class Packet
          (var a2: [Int] default frame:0
            (registers 3)
            0: int r1 0
            1: int r2 0
            2: array r0 (r1 r2)
            3: return r0 clean)
          (var id: Int default frame:0
            (registers 0)
            0: return 0 clean))
        (struct P
          (var x: Double default frame:0
            (registers 0)
            0: return 0.0 clean)
          (var tags: [Int] default frame:0
            (registers 1)
            0: array r0 ()
            1: return r0 clean))
        """))
    }

    /// A member of a class instance an expression yields is changed through the reference, read first (so
    /// `current!.state = f()` stops at the `!` before calling `f`, as Swift does): the common shape, not a path.
    @Test func placesThroughAnExpressionsInstance() {
        let source = """
        final class Task { var state = 0 }
        final class Scheduler {
            var current: Task?
            func f() -> Int { print("f"); return 1 }
            func hold() { current!.state = f() }
        }
        Scheduler().hold()
        """
        #expect(bytecode(source).contains("""
            0: member r1 r0.current
            1: unwrap r1
            2: call-method r2 r0.f ()
            3: assign r1.state r2
        """))
        guard let program = Loader().load(source: source, name: "order.shortcut").program else { return }
        let (lines, error) = runProgram(program, options: Interpreter.Options())
        #expect(lines.isEmpty)
        guard case .runtime(.unwrappedNil)? = error?.kind else {
            Issue.record("expected the unwrap to fail first, got \(String(describing: error?.message))")
            return
        }
    }

    /// A function's variable read for the last time gives its value away (`take`); the main file's top-level variables
    /// are Swift's globals, which live until the run ends, so theirs are copied (`move`): given away, the array below was
    /// destroyed element by element where the loop's register was next written (`CodeOptions.keepsSlots`).
    @Test func topLevelVariablesAreNeverGivenAway() {
        let loop = """
            var xs: [Int] = []
            for i in 0..<3 { xs.append(i) }
            var total = 0
            for x in xs { total += x }
            print(total)
            """
        let topLevel = bytecode(loop)
        #expect(topLevel.contains("move r4 r0") && !topLevel.contains("take r4 r0"), "\(topLevel)")
        let function = bytecode("func sum() {\n" + loop + "\n}\nsum()")
        #expect(function.contains("take r4 r0"), "\(function)")
        expectCode(loop, holds: ["sequence-loop"], prints: ["3"])
    }

    /// `xs[i].x` on a variable's array is one instruction: the element's field read where it is, at the
    /// subscript's site (an index out of range is reported there, as before); so is `self.cells[i]`.
    /// `%` by a constant is `%-int` holding the divisor's magnitude (an Int's remainder takes the dividend's sign, so
    /// `x % -3` is `x % 3`); 0, -1 and `Int32.min` keep the general instruction (a division by zero, an overflow, no
    /// magnitude that fits).
    @Test func remainderByAConstantHoldsItsMagnitude() {
        expectCode("""
        func r(_ x: Int) -> Int { x % -3 + x % 7 }
        print(r(-7), r(7), r(Int.min))
        """, holds: ["%-int r2 r0 3", "%-int r3 r0 7"], prints: ["-1 1 -3"])
        #expect(bytecode("func r(_ x: Int) -> Int { x % -1 }").contains("%-int r1 r0 -1"))   // the general one, as written
    }

    @Test func elementFieldsAreReadWhereTheyAre() {
        #expect(bytecode("""
        struct Body { var x = 0.0; var mass = 1.0 }
        var bodies = [Body(), Body()]
        func weight(_ i: Int, _ local: [Body]) -> Double { bodies[i].mass * local[i + 1].x }
        """).contains("""
          0: element-member r3 g0:bodies[r0].mass
          1: add-int r5 r0 1
          2: element-member r4 r1[r5].x
        """))
        #expect(bytecode("""
        final class Grid { var cells = [10, 20]; func at(_ i: Int) -> Int { cells[i] } }
        """).contains("0: member-element r2 r0.cells[r1]"))
    }

    /// A number read through a variable's field — an array field's count, a field's field — is read where the field is
    /// (`member-of-member`), not by a copy of the field (a retain and a release); a read between that is no stored
    /// property (a non-final class's, which a subclass may compute) is two `member`s. `run/member_of_member` runs them.
    @Test func numbersThroughAFieldAreReadWhereTheFieldIs() {
        let code = bytecode("""
        struct Point { var x = 1.5; var y = 2 }
        final class Parser { var chars: [Character] = []; var index = 0; var at = Point()
            func left() -> Int { chars.count - index }
            func x() -> Double { at.x } }
        class Open { var items = [1]; func n() -> Int { items.count } }
        """)
        #expect(code.contains("0: member-of-member r2 r0.chars.count"))
        #expect(code.contains("0: member-of-member r1 r0.at.x"))
        #expect(code.contains("0: member r2 r0.items\n    1: member r1 take r2.count"))
        // A global read before its `let` has run is nil: the error is the outer read's, where the two reads gave it.
        let early = """
        struct Box { var items = [1] }
        func peek() -> Int { box.items.count }
        print(peek())
        let box = Box()
        """
        guard let program = Loader().load(source: early, name: "early.shortcut").program else { return }
        let (_, error) = runProgram(program, options: Interpreter.Options())
        #expect(error?.message == "cannot read 'items' of nil (use '?.' to read through an optional)")
        #expect(error.map { [$0.range.start, $0.range.end] } == [52, 61], "\(String(describing: error?.range))")   // `box.items`
    }

    /// Values made by instructions of their own, in Swift's order: a memberwise initializer's arguments,
    /// then the defaults left out; an `init`'s arguments, then the blank value, then the `init`; an optional
    /// chain's jump to nil (its last link writing where the chain's value goes); `!`; a labelled tuple.
    @Test func madeValues() {
        #expect(bytecode("""
        struct S { var a = 1; var b: Int }
        final class C {
            var next: C?
            var y = 0
            init(_ y: Int, z: Int = 2) { self.y = y + z }
        }
        func make(_ c: C) -> (S, C, Int?, last: Int) {
            (S(b: 2), C(1), c.next?.y, last: c.next!.y)
        }
        """).hasPrefix("""
        (func make(_:) in g0:make frame:1 (_: C) -> (S, C, Int?, last: Int)
          (registers 13 keeps-parameters lends r11 r12)
           0: int r7 2
           1: field-default r6 S.a
           2: construct r2 S (r6 r7)
           3: int r8 1
           4: parameter-default r9 init(_:z:) 1
           5: blank r10 C
           6: init r10 init(_:z:) (r8 r9)
           7: take r3 r10
           8: lend-member r11 r0.next
           9: jump-if-nil r11 → 12
          10: member r4 r11.y
          11: jump → 13
          12: constant r4 nil
          13: lend-member r12 r0.next
          14: unwrap r12
          15: member r5 r12.y
          16: tuple r1 (r2 r3 r4 r5) labels (_ _ _ last)
          17: return r1)
        """))
    }

    /// A `defer`'s cleanup is compiled once however many ways lead out of its scope: in forty nested scopes,
    /// each left by a `return` that passes every cleanup around it, making each cleanup twenty statements
    /// longer costs each cleanup's twenty statements once (copies at every exit cost them hundreds of times).
    @Test func cleanupsAreCompiledOnce() {
        func instructions(statementsPerCleanup: Int) -> Int {
            let depth = 40
            var source = "func f(_ n: Int) -> Int {\n"
            for i in 0..<depth {
                source += "do {\ndefer { " + String(repeating: "print(\(i)); ", count: statementsPerCleanup) + "}\nif n == \(i) { return \(i) }\n"
            }
            source += String(repeating: "}\n", count: depth) + "return -1\n}\n"
            return bytecode(source).split(separator: "\n").filter { $0.drop(while: { $0 == " " }).first?.isNumber == true }.count
        }
        let small = instructions(statementsPerCleanup: 1), large = instructions(statementsPerCleanup: 21)
        // A `print(i)` is two instructions (`int`, `call-builtin`): forty cleanups, twenty more each, once.
        #expect(large - small == 40 * 20 * 2, "\(small) → \(large) instructions")
    }

    /// A frame left lets go of the registers up to the last one a write may leave a reference in
    /// (`BytecodeCompiler.referenceRegisterEnd`): none for Int arithmetic on an Int parameter; a String made in
    /// the last temporary, a String copied through temporaries, a caught error's registers, a call of a function
    /// whose result is not a scalar all count.
    @Test func framesLookOnlyAtRegistersThatMayHoldReferences() {
        let source = """
        enum Failure: Error { case bad }
        func fib(_ n: Int) -> Int {
            if n < 2 { return n }
            return fib(n - 1) + fib(n - 2)
        }
        func label(_ n: Int) -> String { "n: \\(n * 2)" }
        func relay(_ s: String, _ n: Int) -> Int {
            let t = s
            let m = n + 1
            return t.count + m
        }
        func attempt(_ n: Int) -> Int {
            do { if n > 0 { throw Failure.bad } } catch { return 1 }
            return 0
        }
        func named(_ n: Int) -> Int { label(n).count }
        struct Pair { var n: Int; var s: String }
        func sum(_ p: Pair) -> Int { p.n + p.n }
        func text(_ p: Pair) -> Int { p.s.count }
        print(fib(5), label(2), relay("a", 1), attempt(1), named(3), sum(Pair(n: 1, s: "a")), text(Pair(n: 1, s: "a")))
        """
        let program = Loader().load(source: source, name: "frames.shortcut").program
        func frame(_ name: String) -> (end: Int, mask: UInt64, registers: Int)? {
            guard let code = program?.functionSlots.first(where: { $0.code.name == name })?.code.bytecode else { return nil }
            return (code.referenceRegisters.end, code.referenceRegisters.mask, code.registerCount)
        }
        #expect(frame("fib(_:)").map { $0.end == 0 && $0.mask == 0 } == true)
        // `constant r2 "n: "`, `*-int r3 r0 2`, `make r1 interpolation (r2 r3)`: the Int in the last register is not
        // looked at, the Strings below it are — and not the Int parameter in r0.
        #expect(frame("label(_:)").map { $0.end == 3 && $0.mask == 0b110 && $0.registers == 4 } == true)
        // `s` and `t` are slots (always looked at); `m` is a slot too, but the Int temporaries above are not.
        #expect(frame("relay(_:_:)").map { $0.end > 1 && $0.end <= $0.registers } == true)
        #expect(frame("attempt(_:)").map { $0.end > 1 } == true)
        #expect(frame("named(_:)").map { $0.end > 1 } == true)
        // `member r2 r0.n` of a property declared `Int` stores a scalar: only the parameter is looked at; a `String`
        // property's count is read where the property is (`member-of-member r1 r0.s.count`): no register holds the
        // String, so none is lent.
        #expect(frame("sum(_:)").map { $0.end == 1 && $0.mask == 0b1 } == true)
        #expect(frame("text(_:)").map { $0.end == 1 && $0.mask == 0b1 } == true)
        #expect(program?.functionSlots.first { $0.code.name == "text(_:)" }?.code.bytecode?.referenceRegisters.lent == 0)
    }

    /// A `return` looks only at the registers that may still hold a reference there (`ReferenceRegisters.atReturn`):
    /// a call's arguments were moved into the callee's frame, a `take` emptied its source, the result is given back.
    @Test func aReturnLooksOnlyAtRegistersThatMayStillHoldReferences() {
        let source = """
        final class Element {
            var next: Element?
            init(next: Element?) { self.next = next }
        }
        func shorter(_ x: Element?, than y: Element?) -> Bool { x == nil && y != nil }
        func tail(_ x: Element?, _ y: Element?, _ z: Element?) -> Element? {
            if shorter(y, than: x) {
                return tail(tail(x?.next, y, z), tail(y?.next, z, x), tail(z?.next, x, y))
            }
            return z
        }
        func guarded(_ x: Element?) -> Int {
            do { _ = try [1].first.map { $0 } } catch {}
            return x == nil ? 0 : 1
        }
        print(tail(Element(next: nil), nil, nil) == nil, guarded(nil))
        """
        let program = Loader().load(source: source, name: "returns.shortcut").program
        func registers(_ name: String) -> ReferenceRegisters? {
            program?.functionSlots.first(where: { $0.code.name == name })?.code.bytecode?.referenceRegisters
        }
        // Most of `tail`'s registers may hold an element at some point; where it returns, only its parameters may.
        #expect(registers("tail(_:_:_:)").map { $0.mask.nonzeroBitCount > 10 && $0.atReturn == 0b111 } == true)
        // A function with an error region keeps the whole mask: an error taken goes on in the frame.
        #expect(registers("guarded(_:)").map { $0.atReturn == $0.mask } == true)
        #expect(program.map { runProgram($0, options: Interpreter.Options()).lines } == ["true 0"])
    }

    /// A method that only reads `self` is lent its receiver (`borrows-self`): one that returns `self`, gives it to
    /// a closure or is `mutating` is not, nor is a function.
    @Test func methodsThatOnlyReadSelfBorrowIt() {
        let text = bytecode("""
        final class Node {
            var value = 1
            var next: Node? = nil
            func sum() -> Int { value + (next?.sum() ?? 0) }
            func me() -> Node { self }
            func later() -> () -> Int { { self.value } }
            func bump() { value += 1 }
        }
        struct Point { var x = 0; func twice() -> Int { x * 2 }; mutating func move() { x += 1 } }
        func f(_ n: Node) -> Int { n.value }
        var p = Point()
        p.move()
        print(Node().sum(), Node().me().value, Node().later()(), p.twice(), f(Node()))
        """)
        func registersLine(_ head: String) -> String? {
            let lines = text.split(separator: "\n").map(String.init)
            guard let i = lines.firstIndex(where: { $0.contains(head) }) else { return nil }
            return lines[(i + 1)...].first { $0.contains("(registers") }
        }
        for borrowing in ["(method sum", "(method bump", "(method twice"] {
            #expect(registersLine(borrowing)?.contains("borrows-self") == true, "\(borrowing)")
        }
        for owning in ["(method me", "(method later", "(method move", "(func f("] {
            #expect(registersLine(owning).map { !$0.contains("borrows-self") } == true, "\(owning)")
        }
    }

    /// The numeric builtins' results have kinds (`Double(i)` a Double, `abs(n)` its argument's), as has an
    /// operation on two Double variables: the arithmetic on them is typed.
    @Test func numericBuiltinsAndDoubleVariablesMakeTypedArithmetic() {
        let text = bytecode("""
        func scale(_ i: Int, _ n: Int) -> Double {
            let a = 2.0, b = 0.5
            let c = Double(i) / Double(n)
            return a - b + c * sqrt(c) + Double(abs(i - n))
        }
        print(scale(1, 4))
        """)
        #expect(text.contains("/-double"), "\(text)")
        #expect(text.contains("*-double"), "\(text)")
        #expect(!text.split(separator: "\n").contains { $0.contains(": + ") || $0.contains(": - ") || $0.contains(": * ") || $0.contains(": / ") },
                "untyped arithmetic left: \(text)")
    }

    /// A numeric builtin with unlabelled arguments is a `call-numeric` (done in the loop on numbers); a labelled one,
    /// or one of three arguments, stays a `call-builtin`. One argument is read from its variable's own register (no
    /// move to a temporary): `abs(i)` of the parameter `r1`, `x.squareRoot()` of `r0`.
    @Test func numericBuiltinsAreCalledInTheLoop() {
        let text = bytecode("""
        func f(_ x: Double, _ i: Int) -> Double {
            let a = abs(i), b = max(x, 1.5), c = Int(exactly: x) ?? 0
            return Double(a + c) + b + max(x, x, x) + x.squareRoot()
        }
        print(f(2, -3))
        """)
        #expect(text.contains("call-numeric r2 abs(_:) (r1)"), "\(text)")
        #expect(text.contains("sqrt(_:) (r0)"), "\(text)")
        #expect(text.contains("max(_:_:) (r"), "\(text)")
        #expect(text.contains("call-numeric") && text.contains("sqrt(_:)") && !text.contains("call-method"), "\(text)")
        #expect(text.contains("call-builtin") && text.contains("Int(exactly:)") && text.contains("max(_:_:_:)"), "\(text)")
        #expect(!text.split(separator: "\n").contains { $0.contains("call-builtin") && ($0.contains("abs(") || $0.contains("max(_:_:) ")) },
                "\(text)")
    }

    /// A Double and a constant make one instruction, the constant its operand; on the left only where the
    /// operation commutes.
    @Test func doubleConstantsAreOperands() {
        let text = bytecode("""
        func f(_ x: Double) -> Double { 2.0 * x + x / 4.0 - (1.0 - x) }
        print(f(3))
        """)
        #expect(text.contains("*-double r3 r0 2.0") && text.contains("/-double r4 r0 4.0"), "\(text)")
        #expect(text.contains("constant r6 1.0") && text.contains("--double r5 r6 r0"), "\(text)")
        // `x - k` is `x + -k` (exactly, signed zeros too): `+`, `-` and `*` with a constant are a case each.
        expectCode("""
        func g(_ x: Double) -> Double { (x - 0.0) * 1.5 + (x - 2.5) }
        func h(_ x: Double) -> Double { 1 / (x - 0.0) }
        print(g(-0.0), g(2), g(.infinity), h(-0.0), h(0.0))
        """, holds: ["+-double r3 r0 -0.0", "*-double r2 r3 1.5", "+-double r4 r0 -2.5"], prints: ["-2.5 2.5 inf -inf inf"])
        let jumps = bytecode("""
        func g(_ x: Double, _ c: String) -> Int { x > 4.0 && c != " " ? 1 : 0 }
        print(g(5, "a"))
        """)
        #expect(jumps.contains("jump-unless r0 > 4.0") && jumps.contains(#"jump-unless r1 != " ""#), "\(jumps)")
    }

    /// A last copy becomes a `take` in a function up to `Limits.lastUseAnalysisInstructions` long; a longer one
    /// keeps its copies (the search from each copy is quadratic at worst).
    @Test func lastUsesAreTakenUpToTheLimit() {
        func source(prints: Int) -> String {
            "func f(_ xs: [Int]) -> Int {\n    var ys = xs\n    ys.append(1)\n"
                + String(repeating: "    print(ys.count)\n", count: prints) + "    return ys.count\n}\nprint(f([1]))\n"
        }
        let short = bytecode(source(prints: 10))
        #expect(short.contains("take r1 r0"), "\(short)")
        // Each `print(ys.count)` is two instructions: past the limit.
        let long = bytecode(source(prints: Limits.lastUseAnalysisInstructions / 2 + 1))
        #expect(long.contains("move r1 r0") && !long.contains("take "))
        #expect(Limits.lastUseAnalysisInstructions == 4_096)
    }

    @Test func instructionsAreSmallAndTrivial() {
        #expect(MemoryLayout<Instruction>.stride <= 24)
        #expect(_isPOD(Instruction.self))
    }

    /// A register operand is its distance in bytes from the frame's start: `fp + r` is the pointer's `+` of its index,
    /// `fp[r]` is that register's value in place, and the compiler's numbering (`index`, `r + n`) round-trips.
    @Test func registerOperandsAreOffsetsOfTheirIndices() {
        let registers = UnsafeMutablePointer<Value>.allocate(capacity: 8)
        registers.initialize(repeating: .null, count: 8)
        defer { registers.deinitialize(count: 8); registers.deallocate() }
        for i in 0..<8 {
            let r = Register(i)
            #expect(r.offset == Int32(i * MemoryLayout<Value>.stride))
            #expect(r.index == Int32(i) && Int(r) == i)
            #expect(registers + r == registers + i)
            registers[r] = .int(i * 10)
            #expect(registers[i] == .int(i * 10))
        }
        #expect(Register(2) + 3 == Register(5) && (Register(5) + 2).index == 7)
        #expect(Register(-1) < Register(0) && Register(0) >= 0 && Register(3) > 2)
        // `return`'s operand: a register, nil (-1), or a constant's index encoded below that.
        for k: Int32 in [0, 1, 41] {
            guard case .return(let r, let typed, let clean) = Instruction.returnConstant(k, typed: k == 1) else { Issue.record("not a return"); continue }
            #expect(r < -1 && Instruction.returnedConstant(r) == Int(k) && typed == (k == 1) && !clean)
        }
        // Every register of a frame the value stack can hold has its offset in an Int32; a larger number is clamped
        // (never wrapped round to another register), and its frame is refused before it runs.
        #expect(Limits.valueStackSlots * MemoryLayout<Value>.stride < Int(Int32.max))
        #expect(Register(Int(Int32.max)).offset == Int32.max)
    }

    /// The VM reads a register's scalar in place by `Value`'s layout: it is the one `ValueLayout` describes,
    /// and the reads agree with Swift's own pattern matching.
    @Test func registersAreReadByTheLayoutTheyHave() {
        #expect(ValueLayout.scalarsHold())
        #expect(ValueLayout.holds())
        #expect(FieldLayout.holds())
        #expect(ArrayLayout.holds, "Swift's array storage: count at 16, elements at 32")
        let type = RecordType(name: "Point", kind: .class)
        let record = Record.make(type: type, fields: [.int(1)]), instance = StoreInstance.make(type: type, fields: [], checks: [])
        let values: [Value] = [.null, .bool(true), .int(-7), .double(0.25), .date(3), .range(1, 4), .string("text"), .array([.int(1)]), .symbol("s"),
                               .record(record), .store(instance)]
        let registers = UnsafeMutablePointer<Value>.allocate(capacity: values.count)
        registers.initialize(from: values, count: values.count)
        defer { registers.deinitialize(count: values.count); registers.deallocate() }
        for (i, v) in values.enumerated() {
            let r = registers + i
            if case .int(let x) = v { #expect(r.int == x) } else { #expect(r.int == nil) }
            if case .double(let x) = v { #expect(r.double == x) } else { #expect(r.double == nil) }
            if case .bool(let x) = v { #expect(r.bool == x) } else { #expect(r.bool == nil) }
            #expect(r.isNull == v.isNull)
            if case .record(let x) = v { #expect(r.record?.takeUnretainedValue() === x) } else { #expect(r.record == nil) }
            if case .store(let x) = v { #expect(r.instance?.takeUnretainedValue() === x) } else { #expect(r.instance == nil) }
            if case .array(let items) = v {
                #expect(r.element(0).map { $0 == items[0] } == true)
                #expect(r.element(1) == nil && r.element(-1) == nil)
            } else {
                #expect(r.element(0) == nil)
            }
            switch v {
            case .null, .bool, .int, .double, .date, .range, .closedRange: #expect(r.holdsScalar)
            default: #expect(!r.holdsScalar)
            }
        }
    }

    /// A register holds nothing counted when it holds a scalar or an immortal string (small, or a literal): copied over
    /// one, or one copied, as bytes (`set(from:consuming:)`). A string made while running is counted: a copy shares its
    /// storage (Swift's `==` and the bytes agree), and a register overwritten lets go of it (a copy made after is still
    /// whole).
    @Test func immortalStringsAreCopiedAsBytes() {
        let made = String(repeating: "made while running, ", count: 3), small = String("sm" + "all")
        let values: [Value] = [.string("a literal long enough to be stored out of line"), .string(small), .string("é"), .int(4),
                               .string(made), .array([.int(1)]), .null]
        let uncounted = [true, true, true, true, false, false, true]
        let registers = UnsafeMutablePointer<Value>.allocate(capacity: values.count + 1)
        registers.initialize(from: values + [.null], count: values.count + 1)
        defer { registers.deinitialize(count: values.count + 1); registers.deallocate() }
        for (i, v) in values.enumerated() {
            #expect((registers + i).holdsUncounted == uncounted[i], "\(v)")
        }
        let scratch = registers + values.count
        for _ in 0..<1_000 {
            for (i, v) in values.enumerated() {
                scratch.set(from: registers + i, consuming: false)
                #expect(scratch.pointee == v && registers[i] == v)
            }
        }
        scratch.set(from: registers + 4, consuming: false)
        registers[4] = .null
        #expect(scratch.pointee == .string(made), "the copy holds the string its source let go of")
    }

    /// `holdsUniqueObject` reads an object's reference count where it is: it says what Swift's own
    /// `isKnownUniquelyReferenced` says — for a struct's value and an array's buffer held once, twice and many times, with a
    /// weak reference to it (the counts moved to a side table).
    @Test func uniquenessIsSwiftsOwn() {
        let type = RecordType(name: "Point", kind: .struct)
        let register = UnsafeMutablePointer<Value>.allocate(capacity: 1)
        defer { register.deallocate() }
        for make in [{ Value.record(Record.make(type: type, fields: [.int(1)])) }, { Value.array([.int(1), .int(2)]) }] {
            register.initialize(to: make())
            #expect(register.holdsUniqueObject, "held once")
            var copies = [register.pointee]
            #expect(!register.holdsUniqueObject, "held twice")
            copies += Array(repeating: register.pointee, count: 1_000)
            #expect(!register.holdsUniqueObject, "held 1 002 times")
            copies = []
            #expect(register.holdsUniqueObject, "held once again")
            weak var watcher: Record?
            if case .record(let r) = register.pointee { watcher = r }
            if watcher != nil {
                #expect(register.holdsUniqueObject, "held once, watched weakly (a side table)")
                copies = [register.pointee]
                #expect(!register.holdsUniqueObject, "held twice, watched weakly")
                copies = []
            }
            _ = copies
            register.deinitialize(count: 1)
        }
    }

    /// The typed instructions store a scalar as its payload and tag only (`setInt`, `setDouble`, `setBool`): over a
    /// register whose old value filled the payload area (a range's two bounds, a string, an object), what is read back
    /// — by Swift's pattern matching, `==`, a copy — is the scalar stored, and the object let go of.
    @Test func scalarsStoredOverOtherValuesReadAsThemselves() {
        let type = RecordType(name: "Point", kind: .class)
        weak var released: StoreInstance?
        let olds: () -> [Value] = {
            let instance = StoreInstance.make(type: type, fields: [], checks: [])
            released = instance
            return [.range(-1, -1), .closedRange(Int.max, Int.min), .string("a long string, stored out of line"), .store(instance), .null]
        }
        let stores: [(UnsafeMutablePointer<Value>) -> Void] = [{ $0.setInt(42) }, { $0.setDouble(-0.5) }, { $0.setBool(true) }, { $0.setBool(false) }]
        let expected: [Value] = [.int(42), .double(-0.5), .bool(true), .bool(false)]
        for (store, value) in zip(stores, expected) {
            for old in olds() {
                let r = UnsafeMutablePointer<Value>.allocate(capacity: 1)
                r.initialize(to: old)
                store(r)
                #expect(r.pointee == value && [r.pointee] == [value] && "\(r.pointee)" == "\(value)", "\(old) → \(r.pointee)")
                r.deinitialize(count: 1)
                r.deallocate()
            }
            #expect(released == nil, "the instance stored over was let go of")
        }
    }

    /// `!`, `&&` and `||` in a condition are jumps, not Bools: `b || n > 3` jumps into the body when `b`
    /// holds, and the Int comparison is fused into its jump.
    @Test func conditionsAreJumps() {
        #expect(bytecode("""
        func pick(_ a: Bool, _ b: Bool, _ n: Int) -> Int {
            if !a && (b || n > 3) { return 1 }
            return 0
        }
        """) == """
        (func pick(_:_:_:) in g0:pick frame:3 (_: Bool, _: Bool, _: Int) -> Int
          (registers 3 keeps-parameters)
          0: jump-if-true r0 → 4
          1: jump-if-true r1 → 3
          2: jump-unless r2 >-int 3 → 4
          3: return-typed 1 clean
          4: return-typed 0 clean)

        """)
    }

    /// A `switch` tries its patterns in order (an Int literal and a range by jumps of their own) and ends in
    /// an error when none matches; `&&` and `??` short-circuit; closures, dictionaries and interpolations are
    /// `make`s; a `defer` is a region that runs its cleanup on an error.
    @Test func switchesAndShortCircuits() {
        let text = bytecode("""
        func describe(_ n: Int?) -> String {
            let m = n ?? 0
            let small = m > 0 && m < 10
            switch m {
            case 0: return "zero"
            case 1...9 where small: return "small"
            default:
                let show: (Int) -> String = { "\\($0)" }
                return [m].map(show).joined() + show(m) + ["k": m].keys.joined() + String(["k": m]["j", default: 0])
            }
        }
        func noted() {
            defer { print("noted") }
            print(describe(5))
        }
        noted()
        """)
        #expect(text.contains("jump-if-not-nil"))
        // `case 0:` is a fused Int test that jumps to the next case, `case 1...9` a `~=` jump.
        #expect(text.contains("==-int 0 →") && text.contains("jump-if-matches r"))
        #expect(text.contains("switch-unmatched"))
        // The closure and the dictionary are made by instructions (the closure printed with its own code), a
        // closure in a variable is called by one, `d[k, default:]` jumps to its default; a `defer` is a handler
        // region that runs the cleanup and throws the error on.
        #expect(text.contains("closure ()") && text.contains("make r1 interpolation (r2)") && text.contains("dictionary ("))
        #expect(text.contains("call-value r") && text.contains("get-or-default r"))
        #expect(!text.contains("execute") && !text.contains("evaluate") && text.contains("defer → ") && text.contains("rethrow r"))
        #expect(text.contains("jump-unless r") && text.contains(">-int 0"))
    }

    /// Patterns are tests that jump to the next case when they fail, binding as they pass: an enum case and
    /// its payload (as one tuple too), a tuple's elements, `?`, a type; `catch` clauses are tested after the
    /// `do`'s body, the error thrown on when none takes it; `d[k, default: [:]][j, default: 0] += 1` is a
    /// path whose keys come first, then the value, then the defaults — each only when its key is missing,
    /// the inner first (Swift's order). A labelled tuple's element (`pair.w`) is read by its position.
    @Test func patternsAndCatches() {
        let text = bytecode("""
        enum Shape { case circle(Double), rect(w: Double, h: Double) }
        enum Failure: Error { case code(Int), other }
        func area(_ s: Shape) -> Double {
            switch s {
            case .circle(let r): return 3 * r * r
            case .rect(let w, _) where w > 100: return w
            case let .rect(pair): return pair.w * pair.h
            }
        }
        func classify(_ p: (Int, String?)) -> String {
            if case (0, let name?) = p { return name }
            return "other"
        }
        func attempt(_ n: Int) throws -> String {
            do {
                throw Failure.code(n)
            } catch let e as Failure {
                return "failure \\(e)"
            }
        }
        var counts: [String: [String: Int]] = [:]
        counts["a", default: [:]]["b", default: 0] += 1
        func size() -> Int { counts.count }   // a declaration uses it: a global
        """)
        for line in ["1: jump-unless-case r4 0 → 9", "2: payload (r5) r4", "3: bind r5 [r1]", "10: payload (r5 r6) r4", "16: payload-tuple r5 r4",
                     "25: switch-unmatched r4", "19: get-element r6 r3[r7]", "12: jump-unless r2 > 100.0 → 15",
                     "0: unpack-tuple (r2 r3) r0 else → 6", "1: jump-unless r2 ==-int 0 → 6", "2: jump-if-nil r3 → 6",
                     "(handler 0..<3 catch → 4 keeps r2 r3)", "4: jump-unless-is r3 Failure → 11", "11: rethrow r2",
                     "5: jump-if-present g3[r0] → 7", "7: jump-if-present g3[r0, default: r1][r2] → 9",
                     "9: += g3[r0, default: r1][r2, default: r3] r4"] {
            #expect(text.contains(line), "\(line)\n\(text)")
        }
    }

    /// `for x in xs` over an array of Ints or Doubles (a parameter's or a variable's type) binds `x` with that kind, so
    /// the body's arithmetic on it is typed, as a Double variable's `+=` is; an array of strings' elements are not (a
    /// string's `count` is an `Int`, and typed).
    @Test func arrayElementsTakeTheirArraysKind() {
        let text = bytecode("""
        func total(_ xs: [Int]) -> Int {
            var t = 0
            for x in xs { t += x * 2 }
            return t
        }
        func sum(_ n: Int) -> Double {
            let ds: [Double] = [1.5, Double(n)]
            var t = 0.0
            for d in ds { t += d }
            return t
        }
        func letters(_ ws: [String]) -> Int {
            var n = 0
            for w in ws { n = n + w.count }
            return n
        }
        func joined(_ ws: [String]) -> String {
            var s = ""
            for w in ws { s = s + w }
            return s
        }
        """)
        for line in ["*-int r5 r2 2", "add-int r1 r1 r5", "+-double r2 r2 r3", "member r5 r2.count\n  5: add-int r1 r1 r5", "+ r1 r1 r2"] {
            #expect(text.contains(line), "\(line)\n\(text)")
        }
    }

    /// A variable's type is asserted (for the test suite) where only the checker says what its value is, and not where
    /// the value shows it: a literal of the type, a comparison, a parameter of the type. The Int from `s.count` and the
    /// `Int?` made of an `Int` are asserted; the rest are not.
    @Test func valuesThatShowTheirTypeAreNotAsserted() {
        let text = bytecode("""
        func f(_ s: String, _ n: Int) -> Int {
            let a = 1, b = s, t = "t", d = 2.5
            var flag = a < n
            let c = s.count
            let m: Int? = n
            if flag { flag = false }
            return c + a + (m ?? 0) + t.count + b.count + Int(d)
        }
        """, asserting: true)
        let asserted = text.split(separator: "\n").filter { $0.contains("assert-type") }.map { $0.split(separator: " ").suffix(3).joined(separator: " ") }
        #expect(asserted == ["r7 c: Int", "r8 m: Int?"], "\(text)")
    }

    /// A global `let` given a literal is read as the literal (its constant's instructions: `&-int`, `==-int`); an Int
    /// constant on the right takes its instruction whatever the left is (a field); a jump to a jump goes where that
    /// one goes when no loop's turn is lost by it, and a jump to a `return` returns (the `if`'s jump over its `else`
    /// goes to the `while`'s test at its bottom, which jumps back). A global with a type written, or not a literal, is
    /// read from its slot.
    @Test func literalGlobalsAndJumpsToJumps() {
        let text = bytecode("""
        let limit = 3, scale = -2.5
        let typed: Double = 4
        final class Box { var state = 6 }
        func held(_ b: Box) -> Bool { (b.state & 4) != 0 || b.state == limit }
        func spin(_ n: Int) -> Double {
            var i = 0, odd = 0.0
            while i < n {
                i += 1
                if i % 2 == 1 {
                    odd += scale
                } else {
                    odd += typed
                }
            }
            return odd
        }
        """)
        for line in ["1: &-int r2 r3 4", "2: jump-unless r2 ==-int 0 → 5", "4: jump-unless r4 ==-int 3 → 7",
                     "5: bool r1 true", "6: return-typed r1", "7: bool r1 false", "8: return-typed r1",
                     "6: +-double r2 r2 -2.5", "7: jump → 10", "8: get-global r4 g2:typed", "10: jump-unless r1 >= r0 → 3"] {
            #expect(text.contains(line), "\(line)\n\(text)")
        }
    }

    /// A `let` global of Int arithmetic over literals and such globals declared before it is read as its value, as a
    /// literal one is (`Resolver.foldConstantGlobals`: Richards' `stateSuspendedRunnable = stateSuspended | stateRunnable`);
    /// one over a `var` is read from its slot, one that would overflow stops the program where it is declared — and
    /// every value is Swift's, smart shifts, wrapping operators and precedence included.
    @Test func constantGlobalsAreReadAsTheirValues() throws {
        let source = """
        let held = 4, runnable = 1, suspended = 2
        let suspendedRunnable = suspended | runnable
        let notHeld = ~held
        let big = 9223372036854775807
        let mixed = (suspendedRunnable << 2) - notHeld * 3 + 1 << 70 + (-held >> 1) + (big &+ 1) / -4 % 5
        var changing = 3
        let overVariable = changing + 1
        func check(_ state: Int) -> Bool { state == suspendedRunnable && (state & notHeld) != 0 && mixed != overVariable }
        print(check(3), suspendedRunnable, notHeld, mixed, overVariable, big &* 2)
        let overflowing = big + held
        print(overflowing)
        """
        let text = bytecode(source)
        for line in ["0: jump-unless r0 ==-int 3", "1: &-int r2 r0 -5", "3: int r3 27", "4: get-global r4 g8:overVariable"] {
            #expect(text.contains(line), "\(line)\n\(text)")
        }
        let program = try #require(Loader().load(source: source, name: "constants.shortcut").program)
        let (lines, error) = runProgram(program, options: Interpreter.Options())
        #expect(lines == ["true 3 -5 27 4 -2"])   // swift's, which then stops at the overflow too
        #expect(error?.message.contains("arithmetic overflow") == true && error?.range.start == 492, "\(String(describing: error?.range))")
    }

    /// A `guard`'s last condition jumps past the `else` when it holds, and a `guard let` binds there: the way on
    /// takes no jump over the `else`. `while true` tests nothing. The `break` is the `return -1` it jumps to, a
    /// constant returned in one step.
    @Test func guardsJumpPastTheirElse() {
        let text = bytecode("""
        final class E { var next: E? }
        func length(_ list: E?) -> Int {
            var n = 0, cur = list
            while true {
                guard let e = cur else { return n }
                guard n < 100 else { break }
                n += 1
                cur = e.next
            }
            return -1
        }
        """)
        for line in ["2: jump-if-not-nil r2 → 5", "3: return-typed r1", "4: guard-fell-through", "5: lend r3 r2",
                     "6: jump-unless r1 >=-int 100 → 9", "7: return-typed -1", "8: guard-fell-through", "9: add-int r1 r1 1",
                     "11: jump → 2"] {
            #expect(text.contains(line), "\(line)\n\(text)")
        }
    }

    /// `if let` and `while let` test and copy in one step: the copy takes the value when it is a temporary's or a
    /// variable's last use, and copies it when the variable is read again. A `while let` is tested again at its bottom,
    /// where the value goes round again (`… again`); a walk over what a parameter reaches (`while let e = cur { …; cur =
    /// e.next }`) lends each node (`lend-unwrapped`), the parameter keeping them all alive.
    @Test func optionalBindingsUnwrapInOneStep() {
        let source = """
        final class E { var next: E? }
        func f(_ a: Int?, _ b: [String: Int], _ list: E?) -> Int {
            if let x = a { return x + (a ?? 0) }
            if let y = b["k"], y > 1 { return y }
            var n = 0, cur = list
            while let e = cur { n += 1; cur = e.next }
            return n
        }
        print(f(2, [:], nil), f(nil, ["k": 5], nil), f(nil, ["k": 1], E()))
        """
        expectCode(source, holds: ["0: move-unwrapped r3 r0 else → 9", "11: take-unwrapped r4 r8 else → 17", "18: lend r6 r2",
                                   "19: lend-unwrapped r7 r6 else → 23", "21: lend-member r6 r7.next", "22: lend-unwrapped r7 r6 again → 20"],
                   prints: ["4 5 1"])
    }

    /// `n?.next` of a variable is one instruction, nil when the variable is; a longer chain jumps to its nil.
    @Test func anOptionalMemberOfAVariableIsOneInstruction() {
        let source = """
        final class N { var next: N?; var v = 1
            init(_ next: N?) { self.next = next } }
        func g(_ n: N?) -> N? { n?.next }
        func f(_ n: N?) -> Int? { n?.next?.v }
        print(g(nil) == nil, g(N(N(nil))) != nil, f(N(N(nil))) ?? -1, f(N(nil)) ?? -1, f(nil) ?? -2)
        """
        expectCode(source, holds: ["0: member r1 r0?.next", "0: jump-if-nil r0 → 5", "2: jump-if-nil r2 → 5", "5: constant r1 nil"],
                   prints: ["true true 1 -1 -2"])
    }

    /// A constant stored in an element (`flags[k] = false`) is the instruction's operand, not a register loaded first;
    /// an index out of range is still reported where the subscript is (`tail[3]`, at offset 216).
    @Test func aConstantStoredInAnElementIsTheInstructionsOperand() {
        let source = """
        func marks(_ n: Int) -> [Bool] {
            var flags = Array(repeating: true, count: n)
            flags[0] = false
            var names = ["a", "b"]
            names[1] = "z"
            print(names)
            return flags
        }
        print(marks(3))
        var tail = [1]
        tail[3] = 0
        """
        let text = bytecode(source)
        #expect(text.contains("set-element r1[r") && text.contains("] false") && text.contains("] \"z\""), "\(text)")
        guard let program = Loader().load(source: source, name: "elements.shortcut").program else { return }
        let (output, error) = runProgram(program, options: Interpreter.Options())
        #expect(output == ["[\"a\", \"z\"]", "[false, true, true]"])
        #expect(error?.message.contains("index 3 is out of range") == true && error?.range.start == 216, "\(String(describing: error?.message)) \(String(describing: error?.range))")
    }

    /// A call whose arguments the compiler proved of their parameters' scalar types checks none of them when it is made
    /// (`call-typed`), and a `return` of a value proved of the declared result type is not checked either
    /// (`return-typed`), nor a class's stored `Int` property returned as the `Int` it is declared; an optional, a `Double`
    /// given an `Int` (converted), a class are checked, and what they give is the same.
    @Test func provedArgumentsAndResultsAreNotChecked() {
        let source = """
        final class Box { var v = 2 }
        func twice(_ n: Int) -> Int { n * 2 }
        func maybe(_ n: Int?) -> Int? { n }
        func half(_ d: Double) -> Double { d / 2 }
        func open(_ b: Box) -> Int { b.v }
        func flag(_ n: Int) -> Bool { n > 1 }
        let k = 3
        let d: Double = 5
        print(twice(k), twice(twice(1)), maybe(k) ?? 0, half(d), open(Box()), flag(twice(1)))
        """
        expectCode(source, holds: ["0: *-int r1 r0 2\n  1: return-typed r1 clean", "(_: Int?) -> Int?\n  (registers 1 keeps-parameters)\n  0: return r0 clean)", "0: member r1 r0.v\n  1: return-typed r1)",
                                   "3: call-typed r3 twice(_:) (r9)", "5: call-typed r10 twice(_:) (r11)", "8: call r12 maybe(_:) (r13)",
                                   "14: call-typed r6 half(_:) (r14)", "17: call r7 open(_:) (r15)", "20: call-typed r8 flag(_:) (r17)"],
                   prints: ["6 4 3 2.5 2 true"])
    }

    /// A struct's or class's value (or an optional of one) is proved of its parameter's type where its declaration shows
    /// it (`declaredRecordType`): a parameter, a function's result, a stored property of one, `x?.friend` — a subclass's
    /// instance given to a superclass's parameter too — and the call checks none of them (`call-typed`), nor a return
    /// of one; a local variable's value is checked, as before. What it prints is Swift's.
    @Test func argumentsShownOfTheirClassByTheirDeclarationsAreNotChecked() {
        let source = """
        class Animal {
            var name: String
            var friend: Animal?
            init(_ name: String, friend: Animal? = nil) { self.name = name; self.friend = friend }
            func sound() -> String { "..." }
        }
        final class Dog: Animal { override func sound() -> String { "woof" } }
        struct Pair { var left: Animal; var right: Animal? }
        func describe(_ a: Animal) -> String { a.name + " " + a.sound() }
        func friendOf(_ a: Animal?) -> Animal? { a?.friend }
        func first(_ p: Pair) -> Animal { p.left }
        func walk(_ a: Animal?, _ d: Dog, _ p: Pair) -> String {
            let local = a
            return describe(d) + "/" + (friendOf(a)?.name ?? "-") + "/" + describe(first(p)) + "/" + (friendOf(p.right)?.name ?? "-") + "/" + (friendOf(local)?.name ?? "-")
        }
        let rex = Dog("rex")
        let kit = Animal("kit", friend: rex)
        print(walk(kit, rex, Pair(left: rex, right: kit)))
        """
        expectCode(source, holds: ["(_: Animal?) -> Animal?\n  (registers 2 keeps-parameters)\n  0: member r1 r0?.friend\n  1: return-typed r1)", "(_: Pair) -> Animal\n  (registers 2 keeps-parameters)\n  0: member r1 r0.left\n  1: return-typed r1)",
                                   "call-typed r12 describe(_:) (r13)", "call-typed r17 friendOf(_:) (r18)", "call-typed r21 first(_:) (r22)",
                                   "call-typed r20 describe(_:) (r21)", "call-typed r26 friendOf(_:) (r27)", "38: call r31 friendOf(_:) (r32)"],
                   prints: ["rex woof/rex/rex woof/rex/rex"])
    }

    /// A read of a stored property of a struct or class declared `Int`, `Double` or `Bool` is proved of that type: its
    /// arithmetic is typed and a call it is given to is `call-typed`. A generic type's property, a store's, an optional
    /// one are not proved (their instructions check, as before); what each gives is what Swift prints.
    @Test func storedPropertiesOfScalarTypesAreProved() {
        let source = """
        struct P { var x: Double; var n: Int; var on: Bool; var maybe: Int? }
        struct G<T> { var v: T }
        func twice(_ n: Int) -> Int { n * 2 }
        func not(_ b: Bool) -> Bool { !b }
        let p = P(x: 1.5, n: 4, on: true, maybe: 7), q = P(x: 0.25, n: 1, on: false, maybe: nil)
        let g = G(v: 5)
        print(p.x - q.x, twice(p.n), not(q.on), twice(g.v), p.maybe ?? 0)
        """
        expectCode(source, holds: ["--double r4 r9 r10", "call-typed r5 twice(_:) (r11)", "call-typed r6 not(_:) (r12)", "call r7 twice(_:) (r13)"],
                   prints: ["1.25 8 true 10 7"])
    }

    /// An index that is a stored property's read — of a struct or a `final` class, whose reads run no code — leaves the
    /// array where it is (`member-element`, no copy of it into a register); a class that is not `final` may be
    /// subclassed with a getter of its own, so its read is computed as any other. A string's or an array's `count` is an
    /// `Int`. What each gives is what swift prints.
    @Test func storedPropertiesReadAsIndicesLeaveTheArrayInPlace() {
        let source = """
        final class Parser { let chars: [Character] = Array("ab c"); var index = 2
            func at() -> Character { chars[index] } }
        class Open { var items = [10, 20, 30]; var i = 1
            func pick() -> Int { items[i] } }
        struct S { var items = [1, 2]; var i = 1
            func pick() -> Int { items[i] + items.count * 2 } }
        print(Parser().at(), Open().pick(), S().pick())
        """
        expectCode(source, holds: ["0: member r2 r0.index\n    1: member-element r1 r0.chars[r2]", "0: member r2 r0.items\n    1: member r3 r0.i\n    2: get-element r1 r2[r3]",
                                   "2: member-of-member r5 r0.items.count\n    3: *-int r4 r5 2"],
                   prints: ["  20 6"])
    }

    /// `if flags[i] && !columns[i]` tests each element where it is — a parameter's array and a global's — with no
    /// register between the subscript and the jump (`jump-if-element`); `run/element_conditions` runs the rest.
    @Test func conditionsOnElementsJumpWhereTheElementIs() {
        expectCode("""
        var columns = [false, true]
        func free(_ flags: [Bool], _ i: Int) -> Int { if flags[i] && !columns[i] { return 1 }; return 0 }
        print(free([true, true], 0), free([true, true], 1))
        """, holds: ["0: jump-if-element r0[r1] is false → 3\n  1: jump-if-element g0:columns[r1] is true → 3"], prints: ["1 0"])
    }

    /// A jump holds its target as an offset from the next instruction (the loop moves `ip` by it, with no base to add):
    /// negative back to a loop's top, which counts the turn. The printer shows the index it lands on.
    @Test func jumpsHoldOffsetsFromTheNextInstruction() {
        let source = """
        func count(_ n: Int) -> Int {
            var i = 0
            while i < n { i += 1 }
            return i
        }
        print(count(4))
        """
        guard let program = Loader().load(source: source, name: "jumps.shortcut").program,
              let code = program.functionSlots.first(where: { $0.code.name == "count(_:)" })?.code.bytecode else {
            Issue.record("no bytecode")
            return
        }
        var offsets: [Int32] = []
        for pc in 0..<code.count {
            if let offset = BytecodeCompiler.target(of: code.code[pc]) { offsets.append(offset) }
        }
        #expect(offsets.contains { $0 < 0 } && offsets.contains { $0 > 0 }, "\(offsets)")
        let text = bytecode(source)
        #expect(text.contains("1: jump-unless r1 < r0 → 4") && text.contains("3: jump-unless r1 >= r0 → 2"), "\(text)")
        #expect(runProgram(program, options: Interpreter.Options()).0 == ["4"])
    }

    /// A fused compare-and-jump of two Ints reads the outcome's bit in its test's raw value; each test holds exactly when
    /// Swift's operator does (of Ints and of Doubles), and its negation exactly when it does not.
    @Test func intTestsHoldAsSwiftsOperators() {
        let swift: [(IntTest, (Int, Int) -> Bool)] = [(.less, <), (.lessEqual, <=), (.greater, >), (.greaterEqual, >=), (.equal, ==), (.notEqual, !=)]
        let values = [Int.min, Int.min + 1, -3, 0, 2, Int.max - 1, Int.max]
        for (test, op) in swift {
            for x in values {
                for y in values {
                    #expect(test.holds(x, y) == op(x, y) && test.negated.holds(x, y) == !op(x, y), "\(test) \(x) \(y)")
                    #expect(test.holds(Double(x), Double(y)) == op(x, y) || Double(x) == Double(y), "\(test) \(x) \(y) as Doubles")
                }
            }
        }
    }
}
