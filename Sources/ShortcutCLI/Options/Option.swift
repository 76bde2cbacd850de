import ShortcutRuntime
import ShortcutSyntax

/// One option a command takes: its name (and short aliases), what value it
/// needs if any, and one line of help. A command's table of these drives
/// parsing, its `--help` and the suggestion for a mistyped option.
struct Option {
    let name: String
    var aliases: [String] = []
    /// What the option takes (`SECS`, `PATH`), or nil for a flag.
    var value: String?
    let help: String

    static func flag(_ name: String, aliases: [String] = [], _ help: String) -> Option {
        Option(name: name, aliases: aliases, value: nil, help: help)
    }

    static func value(_ name: String, _ value: String, _ help: String) -> Option {
        Option(name: name, value: value, help: help)
    }

    /// The help line: `  --timeout SECS   stop a run that takes longer than SECS seconds`.
    var helpLine: String {
        let left = ([name] + aliases).joined(separator: ", ") + (value.map { " " + $0 } ?? "")
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        var out = "  " + left.padding(20) + lines[0] + "\n"
        for more in lines.dropFirst() { out += String(repeating: " ", count: 22) + more + "\n" }
        return out
    }
}

/// The options every command shares, and the groups that several commands take.
extension Option {
    static let help = Option.flag("--help", aliases: ["-h"], "show this help")

    static let output: [Option] = [
        .flag("--no-color", "no ANSI colour (also: NO_COLOR=1)"),
        .flag("--color", "ANSI colour even when standard output is not a terminal"),
        .flag("--ascii", "draw with ASCII instead of Unicode"),
    ]

    static let verbose = Option.flag("--verbose", aliases: ["-v"], "say what a device would have done: Logger lines, widget reloads,\ndonations (on standard error)")

    /// The limits of a run. `--max-depth`'s numbers are written out, not interpolated: a number's text is made by code
    /// no other part of a run needs, mapped at every start for this line (`CLITests.helpGivesTheLimitsOfARun` keeps them `Limits`').
    static let limits: [Option] = [
        .value("--max-depth", "N", "deepest call nesting allowed (default 10000, at most 10000000)"),
        .value("--timeout", "SECS", "stop a run that takes longer than SECS seconds"),
        .value("--seed", "N", "make Int.random, shuffled() and UUID() repeatable"),
        .value("--max-memory", "SIZE", "memory a run may use, as 512M or 4G (default: the smaller of\n4 GiB and half the machine's memory)"),
    ]

    static let storeLocation: [Option] = [
        .value("--store", "PATH", "the store file (default: $SHORTCUT_STORE_DIR, $XDG_DATA_HOME\nor ~/.local/share, under shortcut/stores/<app>.json)"),
        .flag("--ephemeral", "keep the store in memory only"),
    ]

    static let answers: [Option] = [
        .value("--input", "FILE", "scripted answers, one a line (also: piped standard input)"),
        .value("--format", "text|json", "json: JSON Lines events on standard output"),
    ]

    static let parameter = Option.value("--param", "NAME=VALUE", "set an intent parameter (enum case name, title or number,\nentity id, true/false, numbers, text, ISO dates)")
    static let resetStore = Option.flag("--reset-store", "delete the saved store before running")
}

/// A command line split by a command's option table: flags given, option
/// values in order (an option may repeat, as `--param` does), and operands.
struct ParsedArguments {
    private(set) var flags: Set<String> = []
    private(set) var values: [String: [String]] = [:]
    private(set) var operands: [String] = []

    /// Whether the flag was given (by its name or an alias).
    func has(_ name: String) -> Bool { flags.contains(name) }

    /// The last value given for an option.
    func value(_ name: String) -> String? { values[name]?.last }

    /// Every value given for an option, in order.
    func all(_ name: String) -> [String] { values[name] ?? [] }

    /// Parses `arguments` against `options`: `--name VALUE`, `--name=VALUE`,
    /// flags, `--help`/`-h` (thrown as a request for the command's help), and
    /// operands. An unknown option is a usage error naming the closest known one.
    /// Parses by the command's own table (`Help.commands`).
    init(_ arguments: [String], command: String) throws(UsageError) {
        try self.init(arguments, command: command, options: Help.options(of: command))
    }

    init(_ arguments: [String], command: String, options: [Option]) throws(UsageError) {
        let table = options + [.help]
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            i += 1
            guard argument.hasPrefix("-"), argument != "-" else {
                operands.append(argument)
                continue
            }
            var name = argument
            var inline: String?
            if argument.hasPrefix("--"), let eq = argument.firstIndex(of: "=") {
                name = String(argument[..<eq])
                inline = String(argument[argument.index(after: eq)...])
            }
            guard let option = table.first(where: { $0.name == name || $0.aliases.contains(name) }) else {
                let hint = didYouMean(name, in: table.map(\.name))
                throw UsageError("unknown option '\(name)' for '\(command)'\(hint)")
            }
            if option.name == Option.help.name { throw UsageError(help: command) }
            guard let needs = option.value else {
                if inline != nil { throw UsageError("\(option.name) takes no value") }
                flags.insert(option.name)
                continue
            }
            if let inline {
                values[option.name, default: []].append(inline)
            } else {
                guard i < arguments.count else { throw UsageError("\(option.name) needs \(needs)") }
                values[option.name, default: []].append(arguments[i])
                i += 1
            }
        }
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

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
