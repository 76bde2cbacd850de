import ShortcutRuntime

/// The options of the commands that load and run a program (`run`, `say`,
/// `repl`, `check`), read from a command line through the command's option
/// table (`Help.commands`), each value checked once here.
struct RunOptions {
    var file: String?
    var target: String?
    var files: [String] = []
    var maximumDepth = Limits.defaultMaximumDepth
    var timeout: Double?
    var seed: UInt64?
    var maximumMemory = Limits.defaultMaximumMemory
    var color: Bool?
    var ascii = false
    var verbose = false
    var dumpAST = false
    var dumpIR = false
    var dumpBytecode = false
    /// `--input FILE`: scripted answers.
    var inputFile: String?
    var json = false
    /// `--store PATH`
    var storePath: String?
    var ephemeral = false
    var resetStore = false
    /// `--param NAME=VALUE`, in order.
    var parameters: [(name: String, value: String)] = []

    /// What the interpreter is told: its depth limit, timeout and random seed; and, when the
    /// environment sets SHORTCUT_ASSERT_TYPES=1 (the test suite does), to assert the checker's types.
    func interpreterOptions(_ io: IO) -> Interpreter.Options {
        var out = Interpreter.Options()
        out.assertsTypes = io.environment("SHORTCUT_ASSERT_TYPES") == "1"
        out.maximumDepth = maximumDepth
        out.timeout = timeout
        out.seed = seed
        out.maximumMemory = maximumMemory
        out.verbose = verbose
        return out
    }

    /// Parses a command's arguments by its option table; a bad value is a usage error saying what fits.
    static func parse(_ arguments: [String], command: String, allowsMultipleFiles: Bool = false) -> Result<RunOptions, UsageError> {
        do throws(UsageError) {
            let parsed = try ParsedArguments(arguments, command: command, options: Help.options(of: command))
            return .success(try RunOptions(parsed, allowsMultipleFiles: allowsMultipleFiles))
        } catch {
            return .failure(error)
        }
    }

    /// The defaults: nothing given.
    init() {}

    init(_ parsed: ParsedArguments, allowsMultipleFiles: Bool) throws(UsageError) {
        if let v = parsed.value("--max-depth") {
            guard let n = Int(v), n >= 1, n <= Limits.largestMaximumDepth else {
                throw UsageError("--max-depth takes a whole number from 1 to \(Limits.largestMaximumDepth)")
            }
            maximumDepth = n
        }
        if let v = parsed.value("--timeout") {
            guard let s = Double(v), s > 0, s.isFinite else { throw UsageError("--timeout takes a number of seconds greater than 0") }
            timeout = s
        }
        if let v = parsed.value("--seed") {
            guard let n = UInt64(v) else { throw UsageError("--seed takes a whole number from 0 to \(UInt64.max)") }
            seed = n
        }
        if let v = parsed.value("--max-memory") {
            guard let bytes = RunOptions.bytes(v), bytes >= Limits.smallestMaximumMemory else {
                throw UsageError("--max-memory takes a size of at least 64M, as 512M, 4G or 1073741824")
            }
            maximumMemory = bytes
        }
        if parsed.has("--color") { color = true }
        if parsed.has("--no-color") { color = false }
        ascii = parsed.has("--ascii")
        verbose = parsed.has("--verbose")
        dumpAST = parsed.has("--dump-ast")
        dumpIR = parsed.has("--dump-ir")
        dumpBytecode = parsed.has("--dump-bytecode")
        storePath = parsed.value("--store")
        ephemeral = parsed.has("--ephemeral")
        resetStore = parsed.has("--reset-store")
        inputFile = parsed.value("--input")
        if let v = parsed.value("--format") {
            guard v == "text" || v == "json" else { throw UsageError("--format takes 'text' or 'json'") }
            json = v == "json"
        }
        for v in parsed.all("--param") {
            guard let eq = v.firstIndex(of: "="), eq != v.startIndex else { throw UsageError("--param takes NAME=VALUE") }
            parameters.append((String(v[..<eq]), String(v[v.index(after: eq)...])))
        }
        let positional = parsed.operands
        if allowsMultipleFiles {
            files = positional
        } else {
            file = positional.first
            if positional.count > 1 { target = positional[1] }
            if positional.count > 2 { throw UsageError("unexpected argument '\(positional[2])'") }
        }
    }

    /// `512M`, `4G`, `1.5G`, `65536K`, `1073741824` (bytes); K, M, G and T are powers of 1024,
    /// and a trailing `B` or `iB` is allowed. Nil when it is none of these or too large.
    static func bytes(_ text: String) -> Int? {
        var digits = text.uppercased()
        for suffix in ["IB", "B"] where digits.hasSuffix(suffix) && digits.count > suffix.count {
            digits.removeLast(suffix.count)
            break
        }
        let scale: Double
        switch digits.last {
        case "K": scale = 1024
        case "M": scale = 1_048_576
        case "G": scale = 1_073_741_824
        case "T": scale = 1_099_511_627_776
        default: scale = 1
        }
        if scale > 1 { digits.removeLast() }
        guard let number = Double(digits), number.isFinite, number > 0 else { return nil }
        let bytes = number * scale
        return bytes < 9e18 ? Int(bytes) : nil
    }
}
