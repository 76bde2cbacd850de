import ShortcutRuntime
import ShortcutSyntax

/// `shortcut store show|path|reset FILE`.
enum StoreCommand {
    static func main(_ arguments: [String], _ io: IO) -> ExitCode {
        let parsed: ParsedArguments
        do { parsed = try ParsedArguments(arguments, command: "store") } catch { return error.report(io) }
        let positional = parsed.operands
        let json = parsed.has("--json"), yes = parsed.has("--yes")
        let explicit = parsed.value("--store")
        guard positional.count == 2, ["show", "path", "reset"].contains(positional[0]) else {
            return UsageError("usage: shortcut store show|path|reset FILE").report(io)
        }
        guard let loaded = Compilation.load(positional[1], io: io, color: false) else { return .usage }
        guard let program = loaded.program else { return .compile }
        let path = StoreLocation.path(appName: program.appName, explicit: explicit, io: io)
        let file = StoreFile(path: path)
        switch positional[0] {
        case "path":
            io.write(path + "\n")
            return .success
        case "show":
            // The one reader of the format serves both forms: `--json` shows the file as it
            // is; the readable form is what a run would see, checked against the script.
            let store = Persistence(file: file, appName: program.appName)
            let interpreter = Interpreter(program: program, host: RecordingHost(), store: store)
            do throws(ScriptError) {
                try store.load()
                guard let document = store.document else {
                    io.write(json ? "null\n" : "\(program.appName) has no saved store yet (\(path))\n")
                    return .success
                }
                if json {
                    io.write(document.text + "\n")
                    return .success
                }
                try interpreter.prepare(for: .target)
                try interpreter.loadAllStores()
            } catch {
                io.writeError(ErrorReport(files: program.files, color: false).render(error))
                return ErrorReport.exitCode(for: error)
            }
            io.write("\(program.appName) — \(path)\n" + StoreCommand.listing(interpreter.storeContents()))
            return .success
        default:
            if !yes {
                guard io.stdinIsTerminal else {
                    io.writeError("error: 'store reset' deletes \(path); add --yes to confirm\n")
                    return .usage
                }
                io.write("Delete \(path)? [y/N]: ")
                // Ctrl-C at the question cancels (exit 5), as at any question the command asks.
                guard case .line(let answer) = AnswerSource.readCancellable(io), ["y", "yes"].contains(answer.trimmingWhitespace().lowercased()) else {
                    io.write("kept\n")
                    return .cancelled
                }
            }
            do {
                try file.remove()
            } catch {
                io.writeError("error: \(error.message)\n")
                return .store
            }
            io.write("deleted \(path)\n")
            return .success
        }
    }
}

extension StoreCommand {
    /// Each store and its fields, one a line, as `store show` and the REPL's `:store` print them.
    static func listing(_ contents: [(store: String, fields: [(name: String, value: Value)])]) -> String {
        contents.map { store in "\(store.store)\n" + store.fields.map { "  \($0.name): \($0.value.debugDescription)\n" }.joined() }.joined()
    }
}
