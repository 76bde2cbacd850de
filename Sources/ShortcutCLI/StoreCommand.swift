import ShortcutRuntime
import ShortcutSyntax

/// Where an app's store lives (SPEC §8).
enum StoreLocation {
    /// `Caffeine Pal` → `caffeine-pal`.
    static func slug(_ appName: String) -> String {
        var out = ""
        for c in appName.lowercased() {
            if c.isLetter || c.isNumber { out.append(c) } else if !out.hasSuffix("-") { out.append("-") }
        }
        while out.hasSuffix("-") { out.removeLast() }
        while out.hasPrefix("-") { out.removeFirst() }
        return out.isEmpty ? "app" : out
    }

    /// `--store PATH`, else `$SHORTCUT_STORE_DIR/<slug>.json`, else
    /// `$XDG_DATA_HOME/shortcut/stores/<slug>.json`, else `~/.local/share/shortcut/stores/<slug>.json`.
    static func path(appName: String, explicit: String?, io: IO) -> String {
        if let explicit { return explicit }
        let file = slug(appName) + ".json"
        if let dir = io.environment("SHORTCUT_STORE_DIR"), !dir.isEmpty { return dir + "/" + file }
        if let data = io.environment("XDG_DATA_HOME"), !data.isEmpty { return data + "/shortcut/stores/" + file }
        let home = io.environment("HOME") ?? "."
        return home + "/.local/share/shortcut/stores/" + file
    }
}

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
            let text: String?
            do { text = try file.read() } catch {
                io.writeError("error: \(error.message)\n")
                return .store
            }
            guard let text else {
                io.write(json ? "null\n" : "\(program.appName) has no saved store yet (\(path))\n")
                return .success
            }
            guard let document = try? JSON.parse(text) else {
                io.writeError("error: the store \(path) is not valid JSON; move it aside: mv '\(path)' '\(path).broken'\n")
                return .store
            }
            if json {
                io.write(document.text + "\n")
                return .success
            }
            // The readable form checks the file against the script as a perform would; `--json` shows it as it is.
            let interpreter = Interpreter(program: program, host: RecordingHost())
            interpreter.persistence = Persistence(file: file, appName: program.appName)
            do throws(ScriptError) {
                try interpreter.prepare()
                try interpreter.loadAllStores()
            } catch {
                io.writeError(ErrorReport(files: program.files, color: false).render(error))
                return ErrorReport.exitCode(for: error)
            }
            io.write("\(program.appName) — \(path)\n")
            if case .object(let stores)? = document["stores"] {
                for (name, fields) in stores {
                    io.write("\(name)\n")
                    if case .object(let pairs) = fields {
                        for (field, value) in pairs { io.write("  \(field): \(value.text)\n") }
                    }
                }
            }
            return .success
        default:
            if !yes {
                guard io.stdinIsTerminal else {
                    io.writeError("error: 'store reset' deletes \(path); add --yes to confirm\n")
                    return .usage
                }
                io.write("Delete \(path)? [y/N]: ")
                guard let answer = io.readLine(), ["y", "yes"].contains(answer.trimmingBlanks().lowercased()) else {
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
