import ShortcutSyntax

/// The arguments of a command with a few options of its own (`store`, `test`,
/// `fmt`, `list`): flags, options that take a value (`--name VALUE` or
/// `--name=VALUE`), and the operands in order. `--help`/`-h` asks for the
/// command's help; an unknown option is a usage error with a suggestion.
struct CommandArguments {
    private(set) var flags: Set<String> = []
    private(set) var values: [String: String] = [:]
    private(set) var operands: [String] = []

    /// Whether any of `names` (a flag and its aliases) was given.
    func has(_ names: String...) -> Bool { names.contains(where: flags.contains) }

    /// - Parameters:
    ///   - flags: the options that stand alone, aliases included.
    ///   - options: the options that take a value, each with what it needs ("a path").
    init(_ arguments: [String], command: String, flags knownFlags: [String] = [], options knownOptions: [String: String] = [:]) throws(UsageError) {
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
            if name == "--help" || name == "-h" { throw UsageError(help: command) }
            if inline == nil, knownFlags.contains(name) {
                flags.insert(name)
            } else if let needs = knownOptions[name] {
                if let inline {
                    values[name] = inline
                } else {
                    guard i < arguments.count else { throw UsageError("\(name) needs \(needs)") }
                    values[name] = arguments[i]
                    i += 1
                }
            } else {
                let hint = didYouMean(name, in: knownFlags + knownOptions.keys.sorted() + ["--help"])
                throw UsageError("unknown option '\(argument)' for '\(command)'\(hint)")
            }
        }
    }
}
