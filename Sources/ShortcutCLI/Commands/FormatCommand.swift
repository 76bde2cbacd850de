import ShortcutRuntime
import ShortcutSyntax

/// `shortcut fmt FILE... [--check]`: the canonical layout, in place.
enum FormatCommand {
    static func main(_ arguments: [String], _ io: IO) -> ExitCode {
        let parsed: ParsedArguments
        do { parsed = try ParsedArguments(arguments, command: "fmt") } catch { return error.report(io) }
        let files = parsed.operands, check = parsed.has("--check")
        guard !files.isEmpty else { return UsageError("'fmt' needs at least one .shortcut file").report(io) }
        var worst = ExitCode.success
        var changed: [String] = []
        for path in files {
            let bytes: [UInt8]
            switch FileSystem.read(path) {
            case .success(let b): bytes = b
            case .failure:
                io.writeError("error: cannot read \(path)\n")
                worst = .usage
                continue
            }
            let source = String(decoding: bytes, as: UTF8.self)
            switch Formatter.format(source, name: path) {
            case .failure(.syntax(let diagnostics)):
                let file = SourceFile(name: path, bytes: bytes)
                io.writeError(DiagnosticRenderer(files: [file]).render(diagnostics))
                io.writeError("\(path) was not formatted: fix its errors first\n")
                if worst == .success { worst = .compile }
            case .success(let formatted):
                guard formatted != source else { continue }
                changed.append(path)
                if !check {
                    do { try StoreFile(path: path).write(formatted) } catch {
                        io.writeError("error: cannot write \(path): \(error.message)\n")
                        worst = .usage
                    }
                }
            }
        }
        if check {
            for path in changed { io.write("\(path) is not formatted\n") }
            if !changed.isEmpty, worst == .success { worst = .failure }
        } else {
            for path in changed { io.write("formatted \(path)\n") }
        }
        return worst
    }
}
