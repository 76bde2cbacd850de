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

    /// A frame lets go of the registers that may hold a reference by a bit each for the first 64
    /// (`ReferenceRegisters`) and by looking at every one above: an instance held in a register past the mask goes
    /// when the script lets go of it, not kept by the frame left behind.
    @Test func framesLetGoOfObjectsPastTheirMask() {
        weak var instance: StoreInstance?
        let session = Session(host: RecordingHost())
        let locals = (0..<70).map { "    let a\($0) = \($0)" }.joined(separator: "\n")
        let source = """
        final class C { var x = 1 }
        var keep: C? = C()
        func wide(_ c: C) -> Int {
        \(locals)
            let held = c
            return held.x + a0 + a69
        }
        var total = 0
        for _ in 0..<10 { total += wide(keep!) }
        """
        guard case .ran = session.evaluate(source) else { Issue.record("the script did not run"); return }
        if case .ran(let value?, _) = session.evaluate("total") { #expect(value == .int(10 * 70)) }
        if case .ran(let value?, _) = session.evaluate("keep!"), case .store(let s) = value { instance = s }
        #expect(instance != nil)
        _ = session.evaluate("keep = nil")
        #expect(instance == nil, "an instance in a register past the frame's mask outlives the script's last reference")
    }

    /// A method that only reads `self` runs with the receiver lent from the caller's register (no retain, no
    /// release: `BytecodeCompiler.borrowsSelf`). Lent to a method that returns another object into the receiver's
    /// own variable, that throws out of its frame, that gives `self` to another object's field, that recurses, and
    /// from a temporary that goes right after the call: every instance goes when the script lets go, none early.
    @Test func receiversLentToMethodsGoWhenTheScriptLetsGo() {
        weak var instance: StoreInstance?
        weak var owner: StoreInstance?
        let session = Session(host: RecordingHost())
        let source = """
        enum Stop: Error { case now }
        final class Owner { var held: Node? = nil }
        final class Node {
            var value: Int
            var next: Node?
            init(_ value: Int, next: Node? = nil) { self.value = value; self.next = next }
            func step() -> Node { next ?? Node(value + 1) }
            func depth() -> Int { next == nil ? 1 : 1 + next!.depth() }
            func check(_ limit: Int) throws -> Int { if value > limit { throw Stop.now }; return value }
            func give(to owner: Owner) -> Int { owner.held = self; return value }
        }
        struct Pair { var node: Node; func sum() -> Int { node.value + node.depth() } }
        var keep: Node? = Node(0, next: Node(1, next: Node(2)))
        let holder: Owner? = Owner()
        var total = 0
        for i in 0..<500 {
            var cur = keep!
            cur = cur.step()
            cur = cur.step()
            total += cur.value + Node(i).depth() + keep!.depth() + Pair(node: keep!).sum()
            do { total += try Node(i).check(250) } catch { total += 1 }
            total += keep!.give(to: holder!)
        }
        """
        guard case .ran = session.evaluate(source) else { Issue.record("the script did not run"); return }
        if case .ran(let value?, _) = session.evaluate("keep!"), case .store(let s) = value { instance = s }
        if case .ran(let value?, _) = session.evaluate("holder!"), case .store(let s) = value { owner = s }
        #expect(instance != nil && owner != nil)
        // step twice: 2; a fresh node's depth 1; depth 3; Pair: 0 + 3; check: i up to 250, else 1; give: 0.
        let expected = 500 * (2 + 1 + 3 + 3) + (0...250).reduce(0, +) + 249
        if case .ran(let value?, _) = session.evaluate("total") { #expect(value == .int(expected)) }
        _ = session.evaluate("keep = nil")
        #expect(instance != nil, "freed while the owner's field still holds it")
        _ = session.evaluate("holder!.held = nil")
        #expect(instance == nil, "an instance lent to its methods outlives the script's last reference to it")
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

extension LeakTests {
    /// A run that ends the process (`Options.endsTheProcess`, `shortcut run`'s) leaves its top level's frame as it is —
    /// the array it built still held on the value stack — and prints what it would have; any other lets go of it all.
    @Test func aRunThatEndsTheProcessKeepsItsTopLevel() throws {
        let source = "var xs = [[1]]\nfor i in 0..<1_000 { xs.append([i]) }\nprint(xs.count)"
        let program = try #require(Loader().load(source: source, name: "ends.shortcut").program)
        for ends in [false, true] {
            var options = Interpreter.Options()
            options.endsTheProcess = ends
            var frameKept = false
            let (lines, error) = runProgram(program, options: options) { frameKept = $0.state.pointee.sp > $0.stackBase }
            #expect(error == nil)
            #expect(lines == ["1001"])
            #expect(frameKept == ends, "the frame is still there: \(ends)")
        }
    }
}

extension LeakTests {
    /// An array that grows past `Limits.hugePageArrayElements` by appends is moved to a new buffer and the old one
    /// emptied by its count (`ArrayLayout`): every element — Ints, strings, class instances — is where it was, and an
    /// array that shares the buffer when it grows keeps its own (a copy is moved, not the shared one).
    @Test func anArrayGrownPastTheHugePageLimitKeepsEveryElementOnce() throws {
        let n = Limits.hugePageArrayElements * 2 + 3
        let source = """
        final class Item { let n: Int; init(_ n: Int) { self.n = n } }
        var xs: [Item] = [], ys: [Any] = []
        for i in 0..<\(n) { xs.append(Item(i)); ys.append(i % 2 == 0 ? "s\\(i)" : i) }
        var total = 0
        for x in xs { total += x.n }
        print(total, xs[\(n - 1)].n, ys[\(n - 1)], ys[\(n - 2)], xs.count)
        let kept = xs
        xs.append(Item(-1))
        print(kept.count, xs.count, xs[0] === kept[0])
        """
        let program = try #require(Loader().load(source: source, name: "grown.shortcut").program)
        let (lines, error) = runProgram(program, options: Interpreter.Options())
        #expect(error == nil)
        #expect(lines == ["\(n * (n - 1) / 2) \(n - 1) s\(n - 1) \(n - 2) \(n)", "\(n) \(n + 1) true"])
    }
}

extension LeakTests {
    /// `Interpreter.grown` moves the elements of the array it was given and empties that buffer by its count
    /// (`ArrayLayout`) — the caller's own when nothing else holds it, else a copy made first: an array that shares the
    /// buffer keeps every element, and each string is held by both arrays, none let go of twice.
    @Test func growingASharedArrayLeavesTheOtherAsItWas() {
        let n = Limits.hugePageArrayElements
        var shared: [Value] = []
        for i in 0..<n { shared.append(.string("a long string, stored out of line, number \(i)")) }
        let other = shared
        let grown = Interpreter.grown(shared)
        #expect(grown.count == n && grown.capacity >= 2 * n)
        #expect(other.count == n && shared.count == n)
        for i in [0, 1, n / 2, n - 1] {
            #expect(grown[i] == .string("a long string, stored out of line, number \(i)"))
            #expect(other[i] == grown[i] && shared[i] == grown[i])
        }
        var unique: [Value] = []
        for i in 0..<n { unique.append(.int(i)) }
        let moved = Interpreter.grown(unique)
        #expect(moved.count == n && moved[n - 1] == .int(n - 1))
    }
}
