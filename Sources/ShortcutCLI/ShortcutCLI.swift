import ShortcutRuntime
import ShortcutSyntax

/// The `shortcut` command. The executable is one line that calls `main`.
public enum ShortcutCLI {
    public static let version = "0.1.0"

    /// Runs one command line and returns its exit code.
    public static func main(arguments: [String], io: IO = StandardIO()) -> Int32 {
        defer { io.flush() }
        if io is StandardIO { CrashReport.install() }
        // The whole command runs with a large stack: checking a 30 000-term
        // expression, or freeing a list nested 60 000 deep, recurses that deep.
        return LargeStack.run { run(arguments, io).rawValue }
    }

    static func run(_ arguments: [String], _ io: IO) -> ExitCode {
        guard let first = arguments.first else {
            // At a terminal, `shortcut` alone is the REPL; from a pipe it is a usage error (SPEC §10).
            if io.stdinIsTerminal { return REPLCommand.main([], io) }
            io.writeError(Help.overview)
            return .usage
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "--version", "-V", "version":
            io.write("shortcut \(version) (Shortcut Script language v1)\n")
            return .success
        case "help", "--help", "-h":
            return Help.show(rest.first, io)
        case "run":
            return RunCommand.main(rest, io)
        case "check":
            return CheckCommand.main(rest, io)
        case "repl":
            return REPLCommand.main(rest, io)
        case "store":
            return StoreCommand.main(rest, io)
        case "list":
            return ListCommand.main(rest, io)
        case "test":
            return TestCommand.main(rest, io)
        case "say":
            return RunCommand.main(rest, io, saying: true)
        case "fmt":
            return FormatCommand.main(rest, io)
        case "preview":
            return PreviewCommand.main(rest, io)
        default:
            if first.hasPrefix("-") {
                io.writeError("error: unknown option '\(first)'\n\(Help.usageHint)")
                return .usage
            }
            // `shortcut FILE …` is `shortcut run FILE …`.
            if first.hasSuffix(".shortcut") || first.contains("/") {
                return RunCommand.main(arguments, io)
            }
            let suggestion = didYouMean(first, in: Help.commands.map(\.name))
            io.writeError("error: unknown command '\(first)'\(suggestion)\n\(Help.usageHint)")
            return .usage
        }
    }
}
