#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ShortcutRuntime
import ShortcutSyntax

/// `shortcut test [FILE|DIR]... [--filter TEXT]`: runs `test` blocks (SPEC §5.11).
enum TestCommand {
    static func main(_ arguments: [String], _ io: IO) -> ExitCode {
        let parsed: ParsedArguments
        do { parsed = try ParsedArguments(arguments, command: "test") } catch { return error.report(io) }
        let filter = parsed.value("--filter")
        var files: [String] = []
        for path in parsed.operands.isEmpty ? ["."] : parsed.operands {
            if isDirectory(path) { files += shortcutFiles(under: path) } else { files.append(path) }
        }
        let style = Style.from(RunOptions(), io)
        var passed = 0, failed = 0, broken = false
        for file in files {
            guard let loaded = Compilation.load(file, io: io, color: style.color) else { return .usage }
            guard let program = loaded.program else {
                broken = true
                continue
            }
            let renderer = DiagnosticRenderer(files: loaded.files, color: false)
            for result in TestRunner.run(program, filter: filter, options: RunOptions().interpreterOptions(io)) {
                let mark = result.passed ? (style.unicode ? "✔" : "PASS") : (style.unicode ? "✘" : "FAIL")
                io.write("\(mark) \(file): \(result.name)\n")
                for failure in result.failures {
                    io.write("    \(place(failure.range, renderer)): \(failure.message)\n")
                }
                if let error = result.error {
                    io.write("    \(place(error.range, renderer)): \(error.message)\n")
                }
                if result.passed { passed += 1 } else { failed += 1 }
            }
        }
        io.write("\(passed) passed, \(failed) failed\n")
        if broken { return .compile }
        return failed > 0 ? .failure : .success
    }

    static func place(_ range: SourceRange, _ renderer: DiagnosticRenderer) -> String {
        renderer.position(range).map { "\($0.file):\($0.location)" } ?? "test"
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Every `.shortcut` file below a folder, in name order (hidden folders and `.build` skipped).
    static func shortcutFiles(under path: String) -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { p in
                p.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        var out: [String] = []
        for name in names.sorted() {
            let full = path == "." ? name : path + "/" + name
            if isDirectory(full) { out += shortcutFiles(under: full) } else if name.hasSuffix(".shortcut") { out.append(full) }
        }
        return out
    }
}
