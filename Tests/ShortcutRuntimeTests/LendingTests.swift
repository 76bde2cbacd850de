import Testing
@testable import ShortcutRuntime

/// Lent registers (`BytecodeCompiler.lendRegisters`): a function that only walks what its parameters reach holds what it
/// walks with no reference count of its own — and every object is still let go of exactly once.
@Suite struct LendingTests {
    static let walks = """
    final class Node {
        let name: String
        var next: Node?
        init(_ name: String, next: Node? = nil) { self.name = name; self.next = next }
        func count() -> Int {
            var n = 0
            var cur: Node? = self
            while let e = cur { n += 1; cur = e.next }
            return n
        }
    }
    struct Path { var stops: [String]; var name: String }
    func length(_ list: Node?) -> Int {
        var n = 0
        var cur = list
        while let e = cur { n += 1; cur = e.next }
        return n
    }
    func isShorter(_ x: Node?, than y: Node?) -> Bool {
        var a = x, b = y
        while let yb = b {
            guard let xa = a else { return true }
            a = xa.next
            b = yb.next
        }
        return false
    }
    func secondNameLength(_ list: Node?) -> Int { list?.next?.name.count ?? -1 }
    func nameLength(_ path: Path) -> Int { path.name.count }
    """

    /// The walks lend: each node moved into a register as its bytes (`lend`, `lend-member`, `lend-unwrapped`), the frame
    /// forgetting those registers when it is left. A method lends from its `self`, a struct's read from its parameter.
    @Test func walksThatChangeNothingLend() throws {
        let text = IRPrinter.print(try #require(Loader().load(source: Self.walks, name: "walks.shortcut").program), bytecode: true)
        for line in ["lend r2 r0", "lend-unwrapped r3 r2 else", "lend-member r2 r3.next", "lend-unwrapped r3 r2 again",
                     "lend r3 r1", "lend r5 r2", "lend-member r3 r4.next", "lend-member r2 r0.name", "lend r2 r0"] {
            #expect(text.contains(line), "\(line)\n\(text)")
        }
        #expect(text.contains("(registers 4 lends r2 r3)"), "length(_:)\n\(text)")
        #expect(text.contains("(registers 6 lends r2 r3 r4 r5)"), "isShorter(_:than:)\n\(text)")
    }

    /// The same walks, a thousand times each over one list, give Swift's answers, and the list is held once afterwards:
    /// a lent register that let go of what it held would free the nodes under the next walk, one that kept a count
    /// would leave them held twice.
    @Test func walksLeaveEveryCountAsTheyFoundIt() throws {
        let source = Self.walks + """

        func make(_ n: Int) -> Node? {
            var head: Node? = nil
            for i in 0..<n { head = Node("n\\(i)", next: head) }
            return head
        }
        var list = make(50)
        func walkAll() -> Int {
            var total = 0
            for _ in 0..<1000 {
                total += length(list) + list!.count() + secondNameLength(list) + nameLength(Path(stops: ["a"], name: "route"))
                if isShorter(list, than: list?.next) { total += 1 }
                if isShorter(list?.next, than: list) { total += 1_000_000 }
            }
            return total
        }
        print(walkAll())
        print(length(nil), secondNameLength(nil), isShorter(nil, than: nil))
        """
        let program = try #require(Loader.asserting.load(source: source, name: "walks.shortcut").program)
        let host = RecordingHost()
        let interpreter = Interpreter(program: program, host: host, options: Interpreter.Options())
        let error: ScriptError? = interpreter.withStack {
            do throws(ScriptError) {
                try interpreter.prepare(for: .topLevel)
                try interpreter.runTopLevel()
                return nil
            } catch {
                return error
            }
        }
        #expect(error == nil)
        // Each turn: 50 + 50 nodes counted, "n48".count, "route".count, and the shorter list found.
        let turn = 50 + 50 + 3 + 5 + 1_000_000
        #expect(host.lines == [String(1000 * turn), "0 -1 false"])
        #expect(interpreter.referencesLeftOnStack == 0)
        let slot = try #require(program.globalNames.firstIndex(of: "list"))
        #expect((interpreter.globals + slot).holdsUniqueObject, "the list's head is held by the global alone")
    }

    /// What keeps a function from lending: a call, a field stored, a read that runs code (a computed property), the walked
    /// value returned, a REPL's kept variables. Each still runs as Swift does.
    @Test func aFunctionThatMayChangeSomethingDoesNotLend() throws {
        let source = """
        final class Node {
            var value = 0
            var next: Node?
            var doubled: Int { value * 2 }
            init(_ value: Int, next: Node? = nil) { self.value = value; self.next = next }
        }
        func tally(_ n: Node) -> Int { n.value }
        func callsOut(_ list: Node?) -> Int {
            var total = 0, cur = list
            while let e = cur { total += tally(e); cur = e.next }
            return total
        }
        func stores(_ list: Node?) -> Int {
            var cur = list
            while let e = cur { e.value += 1; cur = e.next }
            return 0
        }
        func computed(_ list: Node?) -> Int {
            var total = 0, cur = list
            while let e = cur { total += e.doubled; cur = e.next }
            return total
        }
        func last(_ list: Node?) -> Node? {
            var cur = list
            while let n = cur?.next { cur = n }
            return cur
        }
        let list = Node(1, next: Node(2))
        print(callsOut(list), stores(list), computed(list), last(list)!.value)
        """
        let text = IRPrinter.print(try #require(Loader().load(source: source, name: "unlent.shortcut").program), bytecode: true)
        #expect(!text.contains("lend"), "\(text)")
        let program = try #require(Loader().load(source: source, name: "unlent.shortcut").program)
        #expect(runProgram(program, options: Interpreter.Options()).lines == ["3 0 10 3"])
    }
}
