import ShortcutRuntime
import ShortcutSyntax

/// `shortcut check FILE...`: parse and check, print every diagnostic, run nothing.
enum CheckCommand {
    static func main(_ arguments: [String], _ io: IO) -> ExitCode {
        let options: RunOptions
        switch RunOptions.parse(arguments, command: "check", allowsMultipleFiles: true) {
        case .success(let o): options = o
        case .failure(let e): return e.report(io)
        }
        guard !options.files.isEmpty else {
            io.writeError("error: 'check' needs at least one .shortcut file\n\(Help.usageHint)")
            return .usage
        }
        let style = Style.from(options, io)
        var worst = ExitCode.success
        for path in options.files {
            guard let loaded = Compilation.load(path, io: io, color: style.color) else {
                worst = .usage
                continue
            }
            if options.dumpAST {
                for unit in loaded.units { io.write("; \(unit.file.name)\n" + ASTPrinter.print(unit)) }
            }
            if options.dumpIR, let program = loaded.program { io.write(IRPrinter.print(program)) }
            if options.dumpBytecode, let program = loaded.program { io.write(IRPrinter.print(program, bytecode: true)) }
            if loaded.hasErrors {
                if worst == .success { worst = .compile }
            } else {
                let warnings = loaded.diagnostics.count
                io.write("\(path): ok\(warnings > 0 ? " (\(warnings) warning\(warnings == 1 ? "" : "s"))" : "")\n")
            }
        }
        return worst
    }
}
