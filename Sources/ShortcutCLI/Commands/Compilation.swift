import ShortcutRuntime
import ShortcutSyntax

/// Loading a file for a command: read errors are usage errors (exit 2),
/// diagnostics are printed, errors among them mean exit 3.
enum Compilation {
    static func load(_ path: String, io: IO, color: Bool, json: Bool = false) -> Loader.Result? {
        var loader = Loader()
        loader.assertsTypes = io.environment("SHORTCUT_ASSERT_TYPES") == "1"   // the interpreter checks what its code asserts
        let loaded = loader.load(path: path)
        if let failure = loaded.readFailure {
            io.writeError("error: \(failure)\n")
            return nil
        }
        // With `--format json`, each diagnostic is also an event on standard output (SPEC §10).
        if json {
            for d in loaded.diagnostics { io.write(Compilation.event(d, files: loaded.files).text + "\n") }
        }
        if !loaded.diagnostics.isEmpty {
            let renderer = DiagnosticRenderer(files: loaded.files, color: color)
            io.writeError(renderer.render(loaded.diagnostics))
            let errors = loaded.diagnostics.filter(\.isError).count
            if errors > 0 { io.writeError("\(errors) error\(errors == 1 ? "" : "s") in \(path)\n") }
        }
        return loaded
    }

    /// A compile diagnostic as an event (SPEC §10), with its source line for a caret.
    static func event(_ d: Diagnostic, files: [SourceFile]) -> JSON {
        var pairs: [(String, JSON)] = [("event", .string("diagnostic")), ("severity", .string(d.isError ? "error" : "warning")),
                                       ("message", .string(d.message.text))]
        if files.indices.contains(Int(d.range.file)) {
            let file = files[Int(d.range.file)]
            let location = file.location(of: Int(d.range.start))
            pairs += [("file", .string(file.name)), ("line", .integer(location.line)), ("column", .integer(location.column)),
                      ("source", .string(file.lineText(location.line)))]
        }
        pairs.append(("notes", .array((d.notes + d.message.notes).map { .string($0) })))
        return .object(pairs)
    }
}
