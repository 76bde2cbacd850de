#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ShortcutRuntime

/// `shortcut preview FILE [TARGET] [--port N] [--store PATH | --ephemeral]` (SPEC §14): serves the program
/// to a page on 127.0.0.1, prints the one URL to open, and runs until Ctrl-C (exit 0). A port in use is a
/// usage error (exit 2). It starts even when FILE does not compile: the page shows the errors.
enum PreviewCommand {
    static func main(_ arguments: [String], _ io: IO) -> ExitCode {
        let parsed: ParsedArguments
        do { parsed = try ParsedArguments(arguments, command: "preview", options: Help.options(of: "preview")) } catch { return error.report(io) }
        guard let file = parsed.operands.first, parsed.operands.count <= 2 else {
            return UsageError("usage: shortcut preview FILE [TARGET] [--port N] [--store PATH | --ephemeral]").report(io)
        }
        if case .failure = FileSystem.read(file) {
            io.writeError("error: cannot read \(file)\n")
            return .usage
        }
        var port: UInt16 = 0
        if let text = parsed.value("--port") {
            guard let n = UInt16(text), n > 0 else { return UsageError("--port takes a port number from 1 to 65535").report(io) }
            port = n
        }
        var storeArguments: [String] = []
        if let path = parsed.value("--store") { storeArguments = ["--store", path] }
        if parsed.has("--ephemeral") { storeArguments = ["--ephemeral"] }
        let server = PreviewServer(session: PreviewSession(file: file, storeArguments: storeArguments))
        let url: String
        do throws(HTTPServer.StartFailure) { url = try server.start(port: port) } catch {
            io.writeError("error: \(error.message)\n")
            return .usage
        }
        io.write(url + "\n")
        io.flush()
        if parsed.operands.count == 2 { try? server.session.run(parsed.operands[1]) }
        // Until Ctrl-C: the server's threads do the work.
        let restore = Interrupt.interruptsCode()
        defer { restore() }
        while !Interrupt.flag.take() { usleep(100_000) }
        server.stop()
        return .success
    }
}
