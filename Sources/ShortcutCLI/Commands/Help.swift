/// Help text for every command, with examples.
enum Help {
    struct Command {
        var name: String
        var summary: String
        var usage: String
        var details: String
        var examples: [String]
        /// The options it takes, which parse its arguments and list themselves in its help.
        var options: [Option] { Help.options(of: name) }
    }

    /// The option table of a command (none for an unknown name): made for the command alone, not read from
    /// `commands`, whose help texts a run does not need (making them was 7 % of `hello`'s instructions).
    static func options(of command: String) -> [Option] {
        switch command {
        case "run": [.parameter] + Option.answers + Option.storeLocation + [.resetStore] + Option.limits + Option.output + [.verbose]
        case "check": [.flag("--dump-ast", "print each file's syntax tree"),
                       .flag("--dump-ir", "print the checked program as the interpreter runs it"),
                       .flag("--dump-bytecode", "print each function's bytecode, as the VM runs it")] + Option.output
        case "repl": Option.storeLocation + Option.limits + Option.output + [.verbose]
        case "test": [.value("--filter", "TEXT", "run only the tests whose name contains TEXT (any case)")]
        case "say": Option.answers + Option.storeLocation + Option.limits + Option.output + [.verbose]
        case "fmt": [.flag("--check", "change nothing; list the files that would change")]
        case "preview": [.value("--port", "N", "the port to listen on (default: a free one)")] + Option.storeLocation
        case "store": [.flag("--json", "show: the file as it is, unchecked"), .flag("--yes", aliases: ["-y"], "reset: do not ask"),
                       .value("--store", "PATH", "the store file, as for run")]
        default: []
        }
    }

    static let usageHint = "run 'shortcut help' for usage\n"

    static let commands: [Command] = [
        Command(name: "run", summary: "run a file's top-level code, a flow or an intent",
                usage: "shortcut run FILE [TARGET] [options]\n       shortcut FILE [TARGET] [options]",
                details: """
                TARGET is an intent name or a flow title. Without one, the file's
                top-level statements run; if it has none, its only flow runs; if it
                has none, its only discoverable intent runs. Otherwise the choices
                are listed.
                """,
                examples: ["shortcut run Examples/tour.shortcut", "shortcut Examples/caffeine.shortcut LogEspressoIntent --param shots=double",
                           "shortcut run Examples/flow.shortcut \"Morning Coffee\" --input answers.txt",
                           "shortcut run Examples/caffeine.shortcut GetCaffeineIntent --format json --ephemeral"]),
        Command(name: "check", summary: "parse and check files; print every diagnostic; run nothing",
                usage: "shortcut check FILE... [--dump-ast] [--dump-ir] [--dump-bytecode]",
                details: """
                Every error in every file is reported, each with its source line and
                a caret. Exit status 3 when any file has an error.
                """,
                examples: ["shortcut check Examples/*.shortcut", "shortcut check counter.shortcut --dump-ast",
                           "shortcut check counter.shortcut --dump-ir", "shortcut check bench/fib.shortcut --dump-bytecode"]),
        Command(name: "repl", summary: "an interactive session (with a file's declarations loaded)",
                usage: "shortcut repl [FILE]",
                details: """
                Type statements, declarations and expressions; an expression's value
                is printed. Input with an open brace, bracket or string continues on
                the next line. Declarations may be redefined. Errors never end the
                session. `run X()` performs an intent, snippets included.

                At a terminal: left/right, Home/End, backspace/delete, Ctrl-A/E/K/U/W,
                history with up/down (kept in ~/.shortcut_history), Ctrl-C clears the
                line, Ctrl-D on an empty line quits. Standard input may be a pipe, so
                sessions can be scripted.

                Commands: :help, :list, :run TARGET, :store, :reset, :load FILE,
                :type EXPR, :record FILE (answers and taps, for --input), :quit
                """,
                examples: ["shortcut repl", "shortcut repl Examples/tour.shortcut", "echo '1 + 2' | shortcut repl"]),
        Command(name: "test", summary: "run test blocks; one line a test, then \"N passed, N failed\"",
                usage: "shortcut test [FILE|DIR]... [--filter TEXT]",
                details: """
                Each test starts from fresh, in-memory stores: nothing on disk is read or
                written. In a test, run X() performs an intent, open(X()) opens its
                snippet (text, buttons, tap(_:), toggle(_:), done()), answer(…) queues
                answers for requests, expect(cond, "message") and expectError { … }
                check. A request with no answer queued fails the test at once.
                Without a path, every .shortcut file below the current folder is tested.
                Exit status 1 when a test fails.
                """,
                examples: ["shortcut test Examples", "shortcut test Examples/caffeine.shortcut --filter double"]),
        Command(name: "say", summary: "run the intent whose App Shortcut phrase matches what you say",
                usage: "shortcut say FILE \"phrase\" [run options]",
                details: """
                Case and punctuation do not matter; \\(.applicationName) is the app's name; a
                \\(parameter) slot matches an enum case's or entity's title and sets that
                parameter. When no phrase matches, the phrases are listed (exit status 1).
                """,
                examples: ["shortcut say Examples/caffeine.shortcut \"log a double in Caffeine Pal\""]),
        Command(name: "fmt", summary: "format files in the one canonical layout",
                usage: "shortcut fmt FILE... [--check]",
                details: """
                Four-space indents; in intents, metadata first, then attributes, then
                perform; long modifier chains one modifier per line; comments stay where
                they were. --check changes nothing: it names the files that would change
                and exits 1 if there are any.
                """,
                examples: ["shortcut fmt Examples/*.shortcut", "shortcut fmt --check Examples/*.shortcut"]),
        Command(name: "preview", summary: "the app in a browser: snippets drawn as iOS draws them, live",
                usage: "shortcut preview FILE [TARGET] [--port N] [--store PATH | --ephemeral]",
                details: """
                Serves the program on 127.0.0.1 and prints the URL to open (it carries a token made
                for this process; the page needs it). Click an intent to run it; answer requests,
                tap buttons and toggles as on a phone. Every perform is a transaction on the same
                store as run. Ctrl-C stops it.
                """,
                examples: ["shortcut preview Examples/counter.shortcut FirstIntent"]),
        Command(name: "list", summary: "list a file's intents, snippets, flows, enums, entities and stores",
                usage: "shortcut list FILE",
                details: "Intents show their title, their parameters with types, and whether they are discoverable.",
                examples: ["shortcut list Examples/caffeine.shortcut"]),
        Command(name: "store", summary: "show, locate or delete an app's saved store",
                usage: "shortcut store show|path|reset FILE [--json] [--yes] [--store PATH]",
                details: """
                show prints every store's saved fields after checking them against
                the script's types as a run would (exit 6 when they do not fit);
                --json prints the file as it is, unchecked. path prints where the
                store lives; reset deletes it after asking (--yes skips the question).
                """,
                examples: ["shortcut store show Examples/caffeine.shortcut", "shortcut store reset Examples/counter.shortcut --yes"]),
        Command(name: "help", summary: "show help for a command", usage: "shortcut help [COMMAND]", details: "",
                examples: ["shortcut help run"]),
    ]

    static var overview: String {
        var s = """
        shortcut — run, check and explore Shortcut Script (.shortcut) files

        Usage: shortcut COMMAND [ARGUMENTS]
               shortcut FILE [TARGET]        same as 'shortcut run'

        Commands:

        """
        for c in commands { s += "  " + c.name.padding(8) + c.summary + "\n" }
        s += """

        Options:
          --version     print the version
          --help, -h    show help (also 'shortcut COMMAND --help')

        Exit status: 0 success, 1 the script failed, 2 usage, 3 compile errors,
        4 input needed, 5 cancelled, 6 store error.

        Examples:
          shortcut Examples/tour.shortcut
          shortcut check Examples/*.shortcut
          shortcut help run

        """
        return s
    }

    static func show(_ name: String?, _ io: IO) -> ExitCode {
        guard let name, name != "--help", name != "-h" else {
            if name != nil { return show("help", io) }
            io.write(overview)
            return .success
        }
        guard let c = commands.first(where: { $0.name == name }) else {
            io.writeError("error: no help for '\(name)': there is no such command\n\(usageHint)")
            return .usage
        }
        var s = "shortcut \(c.name) — \(c.summary)\n\nUsage: \(c.usage)\n"
        if !c.details.isEmpty { s += "\n" + c.details + "\n" }
        s += "\nOptions:\n" + (c.options + [.help]).map(\.helpLine).joined()
        if !c.examples.isEmpty { s += "\nExamples:\n" + c.examples.map { "  \($0)\n" }.joined() }
        io.write(s)
        return .success
    }
}
