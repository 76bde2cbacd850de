import ShortcutRuntime
import ShortcutSyntax

/// Loading a file for a command: read errors are usage errors (exit 2),
/// diagnostics are printed, errors among them mean exit 3.
enum Compilation {
    static func load(_ path: String, io: IO, color: Bool) -> Loader.Result? {
        let loaded = Loader().load(path: path)
        if let failure = loaded.readFailure {
            io.writeError("error: \(failure)\n")
            return nil
        }
        if !loaded.diagnostics.isEmpty {
            let renderer = DiagnosticRenderer(files: loaded.files, color: color)
            io.writeError(renderer.render(loaded.diagnostics))
            let errors = loaded.diagnostics.filter(\.isError).count
            if errors > 0 { io.writeError("\(errors) error\(errors == 1 ? "" : "s") in \(path)\n") }
        }
        return loaded
    }
}
