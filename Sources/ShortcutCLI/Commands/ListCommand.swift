import ShortcutRuntime
import ShortcutSyntax

/// `shortcut list FILE`: what a file declares, as a person would look for it.
enum ListCommand {
    static func main(_ arguments: [String], _ io: IO) -> ExitCode {
        let parsed: ParsedArguments
        do { parsed = try ParsedArguments(arguments, command: "list") } catch { return error.report(io) }
        guard parsed.operands.count == 1, let path = parsed.operands.first else {
            return UsageError("usage: shortcut list FILE").report(io)
        }
        guard let loaded = Compilation.load(path, io: io, color: false) else { return .usage }
        guard let program = loaded.program else { return .compile }
        io.write(render(program, path: path))
        return .success
    }

    static func render(_ program: Program, path: String) -> String {
        var out = "\(program.appName) (\(path))\n"
        func section(_ title: String, _ lines: [String]) {
            guard !lines.isEmpty else { return }
            out += "\n\(title)\n" + lines.map { "  \($0)\n" }.joined()
        }
        // Not the types the checker adds (`__AdoptingP`, the preludes' `__…`): no program names them.
        let order = program.declarationOrder.filter { !$0.hasPrefix("__") }
        let intents = order.compactMap { program.intents[$0] }
        func describe(_ intent: IntentType) -> String {
            let parameters = intent.parameters.map { "\($0.name): \($0.type)" }.joined(separator: ", ")
            let discoverable = intent.isDiscoverable ? "" : "  (not discoverable)"
            let modes = intent.supportedModes.map { "  (modes: \($0))" } ?? ""
            let policy = intent.authenticationPolicy.map { "  (authentication: \($0))" } ?? ""
            return "\(intent.name) — \"\(intent.title)\"" + (parameters.isEmpty ? "" : " (\(parameters))") + discoverable + modes + policy
        }
        section("Intents", intents.filter { !$0.isSnippet }.map(describe))
        section("Snippets", intents.filter(\.isSnippet).map(describe))
        section("Flows", program.flows.map { "\"\($0.title)\"" })
        section("Enums", order.compactMap { program.enums[$0] }.map { e in
            "\(e.name): " + e.cases.map { $0.title == titleCase($0.name) ? $0.name : "\($0.name) \"\($0.title)\"" }.joined(separator: ", ")
        })
        let records = order.compactMap { program.records[$0] }
        func fields(_ r: RecordType) -> String {
            r.fields.map { "\($0.name)\($0.type.map { ": \($0)" } ?? "")\($0.isConstant ? " (let)" : "")" }.joined(separator: ", ")
        }
        section("Entities", records.filter { $0.kind == .entity }.map { "\($0.name) (\(fields($0)))" })
        section("Stores", records.filter { $0.kind == .store }.map { "\($0.name) (\(fields($0)))" })
        section("Structs", records.filter { $0.kind == .struct }.map { "\($0.name) (\(fields($0)))" })
        section("Views", order.filter { program.views[$0] != nil })
        section("App Shortcuts", program.appShortcuts.map { s in
            "\(s.shortTitle ?? s.intent.title) → \(s.intent.name): " + s.phrases.map { "\"\(AppShortcutInfo.spelled($0))\"" }.joined(separator: ", ")
        })
        return out
    }

}
