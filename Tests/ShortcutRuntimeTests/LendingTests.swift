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
    /// forgetting those registers when it is left. A method lends from its `self`.
    @Test func walksThatChangeNothingLend() throws {
        let text = IRPrinter.print(try #require(Loader().load(source: Self.walks, name: "walks.shortcut").program), bytecode: true)
        for line in ["lend r2 r0", "lend-unwrapped r3 r2 else", "lend-member r2 r3.next", "lend-unwrapped r3 r2 again",
                     "lend r3 r1", "lend-member r3 r4.next", "lend r2 r0",
                     // a struct parameter's String read for its count where it is: lent to no register
                     "0: member-of-member r1 r0.name.count",
                     // `guard let xa = a …; a = xa.next` reads through the copy, which goes (`readThroughLentCopies`)
                     "6: lend-member r2 r2.next", "7: lend-member r3 r4.next", "8: lend-unwrapped r4 r3 again → 3"] {
            #expect(text.contains(line), "\(line)\n\(text)")
        }
        #expect(text.contains("(registers 4 keeps-parameters lends r2 r3)"), "length(_:)\n\(text)")
        #expect(text.contains("(registers 6 keeps-parameters lends r2 r3 r4)"), "isShorter(_:than:)\n\(text)")
        // A method that walks from its `self` is lent the receiver, and lends what it walks.
        #expect(text.contains("(registers 4 borrows-self lends r2 r3)"), "Node.count()\n\(text)")
        // A search: an Int read and a node read shared a register; the node read moves to one of its own and is lent
        // (`splitLendableTemporaries`), the Int compared with a parameter proved an Int.
        let search = IRPrinter.print(try #require(Loader().load(path: packageRoot + "/Tests/Fixtures/run/lent_walks.shortcut").program), bytecode: true)
        #expect(search.contains("(method contains frame:4 self (_: Int) -> Bool\n    (registers 7 borrows-self keeps-parameters lends r2 r3 r6)"), "\(search)")
        #expect(search.contains("jump-unless r1 == r4"), "\(search)")
        // A copy read again after the step (`total += n.value`) stays.
        #expect(search.contains("   5: lend r3 r1\n   6: lend-member r1 r3.left\n   7: member r4 r3.value"), "\(search)")
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
        let result = try run(source)
        #expect(result.error == nil)
        // Each turn: 50 + 50 nodes counted, "n48".count, "route".count, and the shorter list found.
        let turn = 50 + 50 + 3 + 5 + 1_000_000
        #expect(result.lines == [String(1000 * turn), "0 -1 false"])
        #expect(result.unique, "the list's head is held by the global alone")
    }

    /// A register lent a field's value across code that may change what holds it (`BytecodeCompiler+Holders`): where
    /// the field, the register its object is in, or any field (a call, an observer, a setter, a subscript, an operator
    /// of the program's own, a closure) may change before the register's last read, it is not lent; a `let` field of a
    /// parameter is lent across calls (one that throws too: the frame the error leaves forgets it), and a read finished
    /// before the field changes is lent. Each gives Swift's answer, and the list the boxes shared is held by its global
    /// alone afterwards.
    @Test func lentRegistersEndWhereWhatHoldsThemMayChange() throws {
        let path = packageRoot + "/Tests/Fixtures/run/lent_regions.shortcut"
        let text = IRPrinter.print(try #require(Loader().load(path: path).program), bytecode: true)
        let lines = text.split(separator: "\n")
        /// Whether the function's registers line says it lends a register.
        func lends(_ function: String) -> Bool? {
            lines.firstIndex { $0.hasPrefix("(func \(function)(") }.map { lines[$0 + 1].contains(" lends ") }
        }
        /// Whether the function's first read of an item (`it`, read before what holds it may change) is lent.
        func lendsItsItem(_ function: String) -> Bool? {
            guard let start = lines.firstIndex(where: { $0.hasPrefix("(func \(function)(") }) else { return nil }
            return lines[(start + 1)...].first { $0.contains(".item") }.map { $0.contains("lend-") }
        }
        for function in ["assigned", "called", "observed", "setter", "subscripted", "compared", "operated", "captured", "structure",
                         "global"] {
            #expect(lendsItsItem(function) == false, "\(function)\n\(text)")
        }
        #expect(lends("copied") == false, "\(text)")
        // A `mutating` method's `self`, read back when it returns, is never lent (it was: `lend-member r0 r1.deck`).
        let adopt = try #require(lines.firstIndex { $0.hasPrefix("  (method adopt(") || $0.hasPrefix("  (method adopt ") })
        #expect(!lines[adopt + 1].contains(" lends ") && lines[adopt + 2].contains("member r0 r1.deck"), "\(text)")
        for function in ["constant", "wrapped", "quiet", "lentAcross"] { #expect(lends(function) == true, "\(function)\n\(text)") }
        #expect(text.contains("0: lend-member r1 r0.fixed\n   1: call-method r2 r0.drop ()"), "\(text)")
        let result = try run(try readText(path))
        #expect(result.error == nil)
        #expect(result.lines == ["1 2 3 4", "-2 6 8", "0 10 10 0 13", "140 15 33 12", "61 223", "339860"])   // swift's
        #expect(result.unique, "the list's head is held by the global alone")
    }

    /// A temporary the compiler gives one value after another — `release(_:)`'s r4: an array's element given away, then
    /// `current` read only to compare priorities, then `current` returned; `hold()`'s r1 and r2 — has each value it could
    /// lend moved to a register of its own past the frame's (`splitLendableTemporaries`), and lent there; the values
    /// given away stay where they were. Swift's answer, and no reference left on the value stack.
    @Test func aTemporarysValuesAreLentOneByOne() throws {
        let source = """
        final class Block {
            let priority: Int
            var state = 0
            var link: Block?
            init(_ priority: Int) { self.priority = priority }
        }
        final class Scheduler {
            var current: Block?
            var blocks: [Block?] = [Block(1), Block(5)]
            var holds = 0
            func release(_ id: Int) -> Block? {
                guard let block = blocks[id] else { return nil }
                block.state = block.state & 3
                if let current, block.priority > current.priority { return block }
                return current
            }
            func hold() -> Block? {
                holds += 1
                current!.state = current!.state | 4
                return current!.link
            }
        }
        let s = Scheduler()
        s.current = s.blocks[0]
        s.current!.link = s.blocks[1]
        var total = 0
        for i in 0..<1000 { total += s.release(i % 2)!.priority + s.hold()!.priority + s.current!.state }
        print(total, s.holds, s.blocks[0]!.state, s.blocks[1]!.state)
        """
        let program = try #require(Loader().load(source: source, name: "webs.shortcut").program)
        let text = IRPrinter.print(program, bytecode: true)
        for line in ["(registers 8 borrows-self lends r3 r7)", "4: take r2 r4", "6: &-int r4 r5 3", "8: lend-member r7 r0.current",
                     "9: lend-unwrapped r3 r7 else → 15", "15: member r4 r0.current", "16: return r4",
                     "(registers 7 borrows-self lends r4 r5 r6)", "2: lend-member r5 r0.current", "8: assign r5.state r2",
                     "9: lend-member r6 r0.current", "11: member r1 r6.link", "12: return r1"] {
            #expect(text.contains(line), "\(line)\n\(text)")
        }
        #expect(runProgram(program, options: Interpreter.Options()).lines == ["12000 1000 4 0"])   // swift's
    }

    /// What keeps a function from lending registers: a call, a field stored, a read that runs code (a computed property),
    /// the walked value returned. Each still runs as Swift does.
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
        #expect(!text.contains(" lends "), "\(text)")
        let program = try #require(Loader().load(source: source, name: "unlent.shortcut").program)
        #expect(runProgram(program, options: Interpreter.Options()).lines == ["3 0 10 3"])
    }

    /// Runs a program on an interpreter of its own, with `options` (`runProgram`: no reference left on the value stack);
    /// what it printed, how it failed, and whether the global `list` then holds its list alone (no count left behind,
    /// none let go of twice).
    func run(_ source: String, options: Interpreter.Options = Interpreter.Options()) throws -> (lines: [String], error: ScriptError?, unique: Bool) {
        let program = try #require(Loader.asserting.load(source: source, name: "lending.shortcut").program)
        let slot = try #require(program.globalNames.firstIndex(of: "list"))
        var unique = false
        let (lines, error) = runProgram(program, options: options) { unique = ($0.globals + slot).holdsUniqueObject }
        return (lines, error, unique)
    }

    static let calls = walks + """

    func make(_ n: Int) -> Node? {
        var head: Node? = nil
        for i in 0..<n { head = Node("n\\(i)", next: head) }
        return head
    }
    func tail(_ x: Node?, _ y: Node?, _ z: Node?) -> Node? {
        if isShorter(y, than: x) {
            return tail(tail(x?.next, y, z), tail(y?.next, z, x), tail(z?.next, x, y))
        }
        return z
    }
    func skip(_ n: Node?) -> Node? {   // gives its parameter's value away: not lent to
        var m = n
        m = m?.next
        return m
    }
    func depth(_ n: Node?, _ k: Int) -> Int { k == 0 ? length(n) : depth(n, k - 1) }
    var list = make(12)
    func use() -> Int { length(list) }
    """

    /// A call lends the caller's variables (`lending`): the callee keeps its parameters and forgets them, a parameter it
    /// returns is retained first (`tail`'s `return z`), a callee that gives one away (`skip`) is given its own count.
    @Test func callsLendTheirVariables() throws {
        let text = IRPrinter.print(try #require(Loader().load(source: Self.calls, name: "calls.shortcut").program), bytecode: true)
        for line in ["call-typed r3 isShorter(_:than:) (r4 r5) lending r4 r5", "lend r4 r1", "lending r11 r12", "lending r17 r18"] {
            #expect(text.contains(line), "\(line)\n\(text)")
        }
        let result = try run(Self.calls + """

        var total = 0
        for _ in 0..<20 { total += length(tail(make(12), make(8), make(4))) }
        print(total, length(skip(list)), length(skip(skip(list))), length(tail(list, list?.next, list)), depth(list, 50))
        """)
        #expect(result.error == nil)
        #expect(result.lines == ["100 11 10 11 12"])   // swift's
        #expect(result.unique, "the list is held by the global alone")
    }

    /// A method is lent its caller's variables as a function is (`call-method … lending`): one that keeps its parameters
    /// — reads them, changes a field through one (`relink`), returns one (`same`: retained first), unwraps one into a
    /// variable it lends (`check`) — forgets them; one that gives a parameter away (`give`) or takes one `inout`
    /// (`swapFirst`) is given them retained, as is a method that throws with them lent. A struct's method is lent them too.
    @Test func methodsAreLentTheirCallersVariables() throws {
        let source = Self.calls + """

        enum Missing: Error { case node }
        final class Walker {
            var seen = 0
            func visit(_ n: Node?) -> Int { seen += 1; return length(n) }
            func same(_ n: Node?) -> Node? { n }
            func give(_ n: Node?) -> Node? { var m = n; m = m?.next; return m }
            func relink(_ a: Node, _ b: Node?) { a.next = b }
            func deep(_ n: Node?, _ k: Int) -> Int { k == 0 ? visit(n) : deep(n, k - 1) }
            func check(_ n: Node?) throws -> Int { guard let n else { throw Missing.node }; return n.name.count }
            func swapFirst(_ a: inout Node?, _ b: Node?) { a = b }
        }
        struct Counter {
            let step: Int
            func count(_ n: Node?, _ m: Node?) -> Int { (length(n) + length(m)) * step }
        }
        let w = Walker()
        let c = Counter(step: 2)
        var total = 0
        for _ in 0..<100 {
            let local = list
            total += w.visit(local) + c.count(local, local?.next)
            total += w.visit(w.same(local)) + w.visit(w.give(local))
        }
        let spare = Node("spare")
        w.relink(spare, list)
        var hole: Node? = nil
        do { total += try w.check(hole) } catch { total += 1000 }
        total += try! w.check(list)
        w.swapFirst(&hole, list)
        print(total, w.seen, w.deep(list, 50), length(spare), length(hole))
        spare.next = nil
        hole = nil
        """
        let text = IRPrinter.print(try #require(Loader().load(source: source, name: "methods.shortcut").program), bytecode: true)
        let lines = text.split(separator: "\n")
        for method in ["visit", "same", "give", "check"] {
            #expect(lines.contains { $0.contains("call-method") && $0.contains(".\(method)(") && $0.contains(" lending ") }, "\(method)\n\(text)")
        }
        /// Whether the method's registers line says it keeps its parameters.
        func keeps(_ method: String) -> Bool? {
            lines.firstIndex { $0.hasPrefix("  (method \(method) ") }.map { lines[$0 + 1].contains("keeps-parameters") }
        }
        for method in ["visit", "same", "relink", "count frame:3", "check"] { #expect(keeps(method) == true, "\(method)\n\(text)") }
        for method in ["give", "swapFirst"] { #expect(keeps(method) == false, "\(method)\n\(text)") }
        let result = try run(source)
        #expect(result.error == nil)
        #expect(result.lines == ["9103 300 12 13 12"])   // swift's
        #expect(result.unique, "the list is held by the global alone")
    }

    /// A method's eighth argument is never lent: its register (8) is the one the record's bit for a lent `self` stands
    /// for (`CallRecord.lentSelf`): a `return` of it was not retained first (`own(_:_:lentBy:)` looks at the argument bits),
    /// and with nothing else lent the frame would forget `self` and let go of the argument it never owned. Returned, alone,
    /// and past seven lent ones, every count is as it was.
    @Test func aMethodsEighthArgumentIsNotLent() throws {
        let source = Self.calls + """

        final class Eight {
            func last(_ a: Node?, _ b: Node?, _ c: Node?, _ d: Node?, _ e: Node?, _ f: Node?, _ g: Node?, _ h: Node?) -> Node? {
                length(a) > 0 ? h : nil
            }
            func only(_ a: Int, _ b: Int, _ c: Int, _ d: Int, _ e: Int, _ f: Int, _ g: Int, _ h: Node?) -> Int { length(h) }
            func seven(_ a: Node?, _ b: Node?, _ c: Node?, _ d: Node?, _ e: Node?, _ f: Node?, _ g: Node?, _ k: Int, _ h: Node?) -> Int {
                length(g) + k
            }
        }
        let eight = Eight()
        var total = 0
        for _ in 0..<100 {
            let l = list, m = list?.next
            total += length(eight.last(l, m, l, m, l, m, l, m)) + eight.only(1, 2, 3, 4, 5, 6, 7, l) + eight.seven(l, l, l, l, l, l, m, 1, l)
        }
        print(total)
        """
        let text = IRPrinter.print(try #require(Loader().load(source: source, name: "eight.shortcut").program), bytecode: true)
        #expect(!text.split(separator: "\n").contains { $0.contains("call-method") && $0.contains(".only(") && $0.contains(" lending ") }, "\(text)")
        let result = try run(source)
        #expect(result.error == nil)
        #expect(result.lines == ["3500"])   // swift's
        #expect(result.unique, "the list is held by the global alone")
    }

    /// A return is `clean` (it looks at none of the frame's registers) only where no register may hold a reference of
    /// the frame's own: a function given lent references is not — its parameters are in its mask, and what was lent is
    /// forgotten by its record — nor is one that keeps a reference; one of Ints is.
    @Test func onlyAFrameThatHoldsNoReferenceReturnsClean() throws {
        let source = Self.calls + """

        func both(_ a: Node?, _ b: Node?) -> Bool { a != nil && b != nil }
        func firstName(_ n: Node) -> Int { let s = n.name; return s.count }
        func bump(_ n: Int) -> Int { if n > 3 { return n + 1 }; return 0 }
        var found = 0
        for _ in 0..<1_000 { if both(list, list) { found += 1 } }
        print(found, both(list, nil), firstName(list!), bump(1), bump(4))
        """
        let text = IRPrinter.print(try #require(Loader().load(source: source, name: "clean.shortcut").program), bytecode: true)
        /// The printed function `name`: its lines up to the next declaration's.
        func function(_ name: String) -> String {
            text.split(separator: "\n(").map(String.init).first { $0.hasPrefix("func " + name) || $0.hasPrefix("(func " + name) } ?? ""
        }
        for name in ["both", "firstName"] {
            #expect(function(name).contains("return") && !function(name).contains(" clean"), "\(function(name))")
        }
        #expect(function("bump").split(separator: " clean").count == 3, "both of bump's returns\n\(function("bump"))")
        #expect(text.contains("both(_:_:) (r") && text.contains("lending"), "\(text)")
        let result = try run(source)
        #expect(result.error == nil)
        #expect(result.lines == ["1000 false 3 0 5"])   // swift's
        #expect(result.unique, "the list is held by the global alone")
    }

    /// Past the depth limit a lent call is made the general way (its arguments retained first) and fails there: the
    /// error unwinds every frame, forgetting what was lent and letting go of the rest, once.
    @Test func aLentCallPastTheDepthLimitLeavesNothingBehind() throws {
        var options = Interpreter.Options()
        options.maximumDepth = 200
        let result = try run(Self.calls + "\nprint(depth(list, 1_000))", options: options)
        #expect(result.error != nil)
        #expect(result.lines.isEmpty)
        #expect(result.unique, "the list is held by the global alone")
    }
}

