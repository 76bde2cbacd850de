import ShortcutSyntax

/// Loads a program from disk: reads the main file, follows `import "…"`
/// (each file once, cycles reported), parses, and resolves.
public struct Loader {
    public struct Result {
        /// The checked program, when there are no errors.
        public var program: Program?
        /// Every diagnostic of every file, errors and warnings.
        public var diagnostics: [Diagnostic]
        public var files: [SourceFile]
        /// The syntax of every file (main first), for `--dump-ast` and `fmt`.
        public var units: [SourceUnit]
        /// The main file could not be read (`missing file` is a usage error, not a compile error).
        public var readFailure: String?

        public var hasErrors: Bool { diagnostics.contains { $0.isError } }
    }

    /// Reads a file's bytes; tests inject one.
    public var readFile: (String) -> Swift.Result<[UInt8], FileSystem.ReadError>
    /// The program's code asserts the types the checker proved (`Program.assertsTypes`), for a test suite or
    /// `SHORTCUT_ASSERT_TYPES=1`; its interpreter checks them with `Interpreter.Options.assertsTypes`.
    public var assertsTypes = false

    public init(readFile: @escaping (String) -> Swift.Result<[UInt8], FileSystem.ReadError> = { FileSystem.read($0, maximumBytes: Limits.maximumSourceBytes) }) {
        self.readFile = readFile
    }

    /// The app name a file gets when it declares none: `caffeine.shortcut` → `caffeine`, `Trails.swift` (the Swift form) →
    /// `Trails`.
    public static func defaultAppName(for path: String) -> String {
        // The last component (`path.split(separator: "/").last`, without the array of every component).
        var rest = Substring(path)
        while rest.last == "/" { rest.removeLast() }
        var name = String(rest.lastIndex(of: "/").map { rest[rest.index(after: $0)...] } ?? rest)
        if name.isEmpty { name = path }
        for ending in [".shortcut", ".swift"] where name.hasSuffix(ending) && name.count > ending.count { name.removeLast(ending.count) }
        return name.isEmpty ? "app" : name
    }

    /// The app a file names (`app "Caffeine Pal"`), else the name its file gives it:
    /// what a REPL on the file keys its store by, as `run` does.
    public func appName(path: String) -> String {
        let parsed = parse(path: path)
        for item in parsed.units.first?.items ?? [] {
            if case .declaration(let d) = item.kind, case .app(let name) = d.kind { return name }
        }
        return Loader.defaultAppName(for: path)
    }

    /// Reads, parses and resolves a file and everything it imports. Each of these entry points runs on a large stack
    /// (`LargeStack`: in place when the caller is on one, as the command is), as lexing, parsing and checking recurse
    /// with the source's nesting: 200 levels of parentheses took 8 MB of a debug build's stack, all a thread pool's had.
    public func load(path: String) -> Result {
        LargeStack.run { [self] in
            let parsed = parse(path: path)
            return parsed.readFailure == nil ? finish(parsed, appName: Loader.defaultAppName(for: path)) : parsed
        }
    }

    /// Reads and parses a file and its imports, without resolving them: the
    /// units (main first) numbered from `firstFileIndex`, so a live program
    /// (the REPL's `:load`) can resolve them as its next files.
    public func parse(path: String, firstFileIndex: Int32 = 0) -> Result {
        LargeStack.run { [self] in parsed(path: path, firstFileIndex: firstFileIndex) }
    }

    private func parsed(path: String, firstFileIndex: Int32) -> Result {
        var result = Result(program: nil, diagnostics: [], files: [], units: [], readFailure: nil)
        switch readFile(path) {
        case .success(let bytes):
            result.units = parse(path: path, bytes: bytes, firstFileIndex: firstFileIndex, diagnostics: &result.diagnostics)
            result.files = result.units.map(\.file)
        case .failure(let error):
            result.readFailure = describe(error, path: path)
        }
        return result
    }

    /// Loads source text that is not on disk (tests). Its imports are relative to the folder of `name`.
    public func load(source: String, name: String) -> Result {
        LargeStack.run { [self] in
            var result = Result(program: nil, diagnostics: [], files: [], units: [], readFailure: nil)
            result.units = parse(path: name, bytes: Array(source.utf8), firstFileIndex: 0, diagnostics: &result.diagnostics)
            result.files = result.units.map(\.file)
            return finish(result, appName: Loader.defaultAppName(for: name))
        }
    }

    private func parse(path: String, bytes: [UInt8], firstFileIndex: Int32, diagnostics: inout [Diagnostic]) -> [SourceUnit] {
        var indexByPath: [String: Int] = [:]
        var units: [SourceUnit] = []
        var stack: [String] = []
        load(path: path, bytes: bytes, importedAt: nil, firstFileIndex: firstFileIndex, units: &units, indexByPath: &indexByPath,
             stack: &stack, diagnostics: &diagnostics)
        return units
    }

    func finish(_ partial: Result, appName: String) -> Result {
        var result = partial
        // Every file is parsed and resolved, so one run reports every error.
        var resolver = Resolver(appName: appName)
        resolver.program.assertsTypes = assertsTypes
        var program = resolver.resolve(units: result.units)
        if !resolver.missedPreludes.isEmpty {
            // A prelude the text did not show it wants (`lo...hi` of two Doubles): once more, with it.
            let missed = resolver.missedPreludes
            resolver = Resolver(appName: appName)
            (resolver.alsoWanted, resolver.program.assertsTypes) = (missed, assertsTypes)
            program = resolver.resolve(units: result.units)
        }
        result.diagnostics += resolver.diagnostics
        result.diagnostics = Loader.ordered(result.diagnostics)
        if !result.hasErrors { result.program = program }
        return result
    }

    /// Diagnostics in file and position order, duplicates removed.
    static func ordered(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var seen: [Diagnostic] = []
        for d in diagnostics where !seen.contains(d) { seen.append(d) }
        return seen.enumerated().sorted { a, b in
            (a.element.range.file, a.element.range.start, a.offset) < (b.element.range.file, b.element.range.start, b.offset)
        }.map(\.element)
    }

    func describe(_ error: FileSystem.ReadError, path: String) -> String {
        switch error {
        case .notFound: return "no such file: \(path)"
        case .isDirectory: return "\(path) is a folder, not a .shortcut file"
        case .unreadable(let why): return "cannot read \(path): \(why)"
        case .tooLarge(let bytes): return "\(path) holds \(formatBytes(bytes)), more than the \(formatBytes(Limits.maximumSourceBytes)) a source file may"
        }
    }

    private func load(path: String, bytes: [UInt8], importedAt: SourceRange?, firstFileIndex: Int32, units: inout [SourceUnit],
                      indexByPath: inout [String: Int], stack: inout [String], diagnostics: inout [Diagnostic]) {
        let position = units.count
        let index = firstFileIndex + Int32(position)
        let file = SourceFile(name: path, bytes: bytes)
        indexByPath[path] = position
        units.append(SourceUnit(file: file, fileIndex: index, items: []))
        let (unit, parseDiagnostics) = Parser.parse(file, fileIndex: index)
        units[position] = unit
        diagnostics += parseDiagnostics
        stack.append(path)
        defer { stack.removeLast() }
        for item in unit.items {
            guard case .declaration(let d) = item.kind, case .importFile(let relative) = d.kind else { continue }
            let target = FileSystem.join(FileSystem.directory(of: path), relative)
            if let cycleStart = stack.firstIndex(of: target) {
                diagnostics.append(Diagnostic(.importCycle(Array(stack[cycleStart...]) + [target]), at: d.nameRange))
                continue
            }
            if indexByPath[target] != nil { continue }
            switch readFile(target) {
            case .success(let importedBytes):
                load(path: target, bytes: importedBytes, importedAt: d.nameRange, firstFileIndex: firstFileIndex, units: &units,
                     indexByPath: &indexByPath, stack: &stack, diagnostics: &diagnostics)
            case .failure(let error):
                if error == .notFound {
                    diagnostics.append(Diagnostic(.importNotFound(relative), at: d.nameRange))
                } else {
                    diagnostics.append(Diagnostic(.importNotFound(relative), at: d.nameRange, notes: [describe(error, path: target)]))
                }
            }
        }
    }
}
