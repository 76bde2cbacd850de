import ShortcutRuntime
import Testing

/// Every fixture under Tests/Fixtures runs and matches the oracle written in it.
@Suite struct FixtureTests {
    static let runFixtures = shortcutFiles(in: "Tests/Fixtures/run")
    static let errorFixtures = shortcutFiles(in: "Tests/Fixtures/errors")

    @Test func fixturesExist() {
        #expect(FixtureTests.runFixtures.count >= 15)
        #expect(FixtureTests.errorFixtures.count >= 5)
    }

    @Test(arguments: runFixtures)
    func run(_ path: String) throws {
        Fixture(path: path, source: try readText(path)).check()
    }

    /// Every program a fixture runs also prints: its IR and bytecode (`check --dump-ir`, `--dump-bytecode`) name every
    /// function, and no table the printers read is shorter than its function's parameters (a local function declared
    /// ahead of its statement printed past its defaults' end once, found by `fuzz/run check`).
    @Test(arguments: runFixtures)
    func printsItsCode(_ path: String) throws {
        guard let program = Loader().load(source: try readText(path), name: path).program else { return }
        let ir = IRPrinter.print(program), bytecode = IRPrinter.print(program, bytecode: true)
        #expect(!ir.isEmpty && bytecode.contains("(registers"), "\(path)")
    }

    @Test(arguments: errorFixtures)
    func diagnostics(_ path: String) throws {
        let fixture = Fixture(path: path, source: try readText(path))
        #expect(!fixture.expectations.diagnostics.isEmpty, "an error fixture must name the diagnostics it expects")
        // Where a message points matters as much as what it says: every one gives its column.
        for d in fixture.expectations.diagnostics where d.column == nil {
            Issue.record("\(path):\(d.line): give the column, as '// \(d.severity)@COL: …'")
        }
        fixture.check()
    }
}

func readText(_ path: String) throws -> String {
    guard case .success(let bytes) = FileSystem.read(path) else { throw DirectoryError() }
    return String(decoding: bytes, as: UTF8.self)
}
