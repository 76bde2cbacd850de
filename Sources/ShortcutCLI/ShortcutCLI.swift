import ShortcutRuntime
import ShortcutSyntax

/// The `shortcut` command. The executable is one line that calls `main`.
public enum ShortcutCLI {
    public static let version = "0.1.0"

    /// Runs one command line and returns its exit code.
    public static func main(arguments: [String], io: IO = StandardIO()) -> Int32 {
        defer { io.flush() }
        return run(arguments, io).rawValue
    }

    static func run(_ arguments: [String], _ io: IO) -> ExitCode {
        guard let first = arguments.first else {
            io.write(Help.overview)
            return .success
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
        default:
            if first.hasPrefix("-") {
                io.writeError("error: unknown option '\(first)'\n\(Help.usageHint)")
                return .usage
            }
            if Help.plannedCommands.contains(first) {
                io.writeError("error: 'shortcut \(first)' is not available in this version yet\n\(Help.usageHint)")
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

/// Command-line options shared by the commands that run code.
struct RunOptions {
    var file: String?
    var target: String?
    var maximumDepth = Limits.defaultMaximumDepth
    var timeout: Double?
    var seed: UInt64?
    var color: Bool?
    var ascii = false
    var dumpAST = false
    var files: [String] = []
    /// `--input FILE`: scripted answers.
    var inputFile: String?
    var json = false
    /// `--store PATH`
    var storePath: String?
    var ephemeral = false
    var resetStore = false
    /// `--param NAME=VALUE`, in order.
    var parameters: [(name: String, value: String)] = []

    /// What the interpreter is told: its depth limit, timeout and random seed.
    var interpreterOptions: Interpreter.Options {
        var out = Interpreter.Options()
        out.maximumDepth = maximumDepth
        out.timeout = timeout
        out.seed = seed
        return out
    }

    /// Parses options; returns an error message for bad ones.
    static func parse(_ arguments: [String], command: String, allowsMultipleFiles: Bool = false) -> Result<RunOptions, UsageError> {
        var options = RunOptions()
        var i = 0
        var positional: [String] = []
        func value(_ name: String) -> Result<String, UsageError> {
            i += 1
            guard i < arguments.count else { return .failure(UsageError("option '\(name)' needs a value")) }
            return .success(arguments[i])
        }
        while i < arguments.count {
            let argument = arguments[i]
            var name = argument
            var inline: String?
            if argument.hasPrefix("--"), let eq = argument.firstIndex(of: "=") {
                name = String(argument[..<eq])
                inline = String(argument[argument.index(after: eq)...])
            }
            func take() -> Result<String, UsageError> { inline.map { .success($0) } ?? value(name) }
            switch name {
            case "--max-depth":
                guard case .success(let v) = take(), let n = Int(v), n >= 1, n <= Limits.largestMaximumDepth else {
                    return .failure(UsageError("--max-depth takes a whole number from 1 to \(Limits.largestMaximumDepth)"))
                }
                options.maximumDepth = n
            case "--timeout":
                guard case .success(let v) = take(), let s = Double(v), s > 0, s.isFinite else {
                    return .failure(UsageError("--timeout takes a number of seconds greater than 0"))
                }
                options.timeout = s
            case "--seed":
                guard case .success(let v) = take(), let n = UInt64(v) else {
                    return .failure(UsageError("--seed takes a whole number from 0 to \(UInt64.max)"))
                }
                options.seed = n
            case "--no-color":
                options.color = false
            case "--color":
                options.color = true
            case "--ascii":
                options.ascii = true
            case "--dump-ast" where command == "check":
                options.dumpAST = true
            case "--store" where command == "run" || command == "repl" || command == "say":
                guard case .success(let v) = take() else { return .failure(UsageError("--store needs a file path")) }
                options.storePath = v
            case "--ephemeral" where command == "run" || command == "repl" || command == "say":
                options.ephemeral = true
            case "--reset-store" where command == "run":
                options.resetStore = true
            case "--input" where command == "run" || command == "say":
                guard case .success(let v) = take() else { return .failure(UsageError("--input needs a file of answers")) }
                options.inputFile = v
            case "--format" where command == "run" || command == "say":
                guard case .success(let v) = take(), v == "text" || v == "json" else {
                    return .failure(UsageError("--format takes 'text' or 'json'"))
                }
                options.json = v == "json"
            case "--param" where command == "run":
                guard case .success(let v) = take(), let eq = v.firstIndex(of: "="), eq != v.startIndex else {
                    return .failure(UsageError("--param takes NAME=VALUE"))
                }
                options.parameters.append((String(v[..<eq]), String(v[v.index(after: eq)...])))
            case "--help", "-h":
                return .failure(UsageError(help: command))
            default:
                if argument.hasPrefix("-"), argument != "-" {
                    let known = ["--max-depth", "--timeout", "--seed", "--no-color", "--ascii", "--help"] + (command == "check" ? ["--dump-ast"] : [])
                        + (command == "run" ? ["--input", "--format", "--param", "--store", "--ephemeral", "--reset-store"] : [])
                    let hint = didYouMean(name, in: known)
                    return .failure(UsageError("unknown option '\(name)' for '\(command)'\(hint)"))
                }
                positional.append(argument)
            }
            i += 1
        }
        if allowsMultipleFiles {
            options.files = positional
        } else {
            options.file = positional.first
            if positional.count > 1 { options.target = positional[1] }
            if positional.count > 2 {
                return .failure(UsageError("unexpected argument '\(positional[2])'"))
            }
        }
        return .success(options)
    }
}

struct UsageError: Error {
    var message: String
    /// Set when the "error" is a request for a command's help.
    var help: String?
    init(_ message: String) { self.message = message }
    init(help command: String) {
        self.message = ""
        self.help = command
    }

    /// Prints the message (or the help that was asked for) and gives the exit code.
    func report(_ io: IO) -> ExitCode {
        if let help { return Help.show(help, io) }
        io.writeError("error: \(message)\n\(Help.usageHint)")
        return .usage
    }
}

/// Colour and Unicode choices for text output (SPEC §9).
struct Style {
    var color: Bool
    var unicode: Bool

    static func from(_ options: RunOptions, _ io: IO) -> Style {
        let noColor = io.environment("NO_COLOR").map { !$0.isEmpty } ?? false
        let color = options.color ?? (io.stdoutIsTerminal && !noColor && io.environment("TERM") != "dumb")
        return Style(color: color && !noColor || options.color == true, unicode: !options.ascii)
    }
}
