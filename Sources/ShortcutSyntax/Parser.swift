/// A recursive-descent parser for Shortcut Script.
///
/// Design:
/// - Newlines are not tokens; each token knows whether it starts a line. A
///   statement ends at a line break or `;`. Inside `(` and `[` line breaks do
///   not matter; inside `{` they do again (SPEC §2). A line that starts with
///   `.`, `&&`, `||`, `??` or `?` continues the expression above it, so
///   SwiftUI-style modifier chains work.
/// - Contextual words (`intent`, `view`, `run`, …) start a declaration only
///   where a declaration can start and the next token fits; elsewhere they are
///   names.
/// - Errors are recorded and the parser resynchronises at the next statement
///   or declaration, so one run reports every syntax error (panic mode).
/// - Every loop consumes a token or stops, and nesting is bounded by
///   `ParserLimits.maximumNestingDepth`, so no input can hang or overflow it.
public struct Parser {
    var tokens: [Token]
    var index = 0
    let file: SourceFile
    let fileIndex: Int32
    let docComments: [Int32: String]
    public internal(set) var diagnostics: [Diagnostic] = []
    /// Whether line breaks end expressions here (false inside `(` and `[`).
    var newlineSignificant: [Bool] = [true]
    /// False while parsing an `if`/`while`/`for`/`guard`/`switch` head, where `{` opens the body.
    var allowTrailingClosure = true
    var depth = 0
    /// Links counted by `link()` along the statements being parsed.
    var links = 0
    /// Set once nesting overflowed: the rest of the file is skipped.
    var abandoned = false
    /// After `var a = 1, b = 2`: the bindings after the first, which `parseStatementList` hands on.
    var laterBindings: [Stmt] = []
    /// The `let` being read was written `async let`: its value is awaited where it is declared.
    var asyncLet = false
    /// The same-type requirements of the `where` clause just read (`S.Element == Int`), for the function it ends.
    var sameTypeRequirements: [SameTypeRequirement] = []
    /// The access modifiers `skipModifiers` skipped last: `private`, `private(set)` (`Members.privateNames`).
    var access = (isPrivate: false, privateSetter: false)
    /// `@ViewBuilder` was just read: the function or computed property that follows builds its view from its statements
    /// (`viewBuilt`).
    var sawViewBuilder = false
    /// Where the attribute a declaration takes was just read (a token's index; -1 for none): a schema macro
    /// (`@AppIntent(schema: .photos.createAlbum)`) for the type that follows, or a property wrapper (`@Clamped(0, 10)`)
    /// for the `var` — each read there by its taker (`takeSchema`, `wrapperUse`). One index for both, not a value:
    /// the parser's size is every recursive call's cost (a second `Int32` made each nesting level 1.3 KB deeper in a
    /// debug build, past a thread pool's stack at the deepest nesting allowed).
    var attributeToken: Int32 = -1
    /// The generic parameters declared so far (`SourceUnit.genericNames`).
    var genericNames: Set<String> = []
    /// `Named & Aged` in a type is one name of its parts (a value of both protocols' type); not in an opaque result,
    /// whose parts a perform's result protocols are (`some IntentResult & ProvidesDialog`).
    var joinsProtocols = true

    struct Abort: Error {}

    public init(file: SourceFile, fileIndex: Int32) {
        var lexer = Lexer(file: file, fileIndex: fileIndex)
        let tokens = lexer.tokenize()
        self.file = file
        self.fileIndex = fileIndex
        self.docComments = lexer.docComments
        self.diagnostics = lexer.diagnostics
        // The file's own operators' declarations read and taken out (the formatter keeps them: it reads the lexer's tokens).
        // Types nested in types named as Swift names them (`A.Kind`).
        self.tokens = NestedTypeNames.qualified(CustomOperators.resolve(tokens, diagnostics: &diagnostics))
    }

    /// Parses tokens that were lexed elsewhere (string interpolations).
    init(tokens: [Token], file: SourceFile, fileIndex: Int32, depth: Int) {
        self.tokens = tokens.isEmpty ? [Token(.eof, .none, atLineStart: true)] : tokens
        self.file = file
        self.fileIndex = fileIndex
        self.docComments = [:]
        self.depth = depth
        self.newlineSignificant = [false]
    }

    /// Parses a whole file.
    public static func parse(_ file: SourceFile, fileIndex: Int32) -> (SourceUnit, [Diagnostic]) {
        var parser = Parser(file: file, fileIndex: fileIndex)
        let items = parser.parseItems()
        var unit = SourceUnit(file: file, fileIndex: fileIndex, items: items)
        unit.genericNames = parser.genericNames
        return (unit, parser.diagnostics)
    }

    // MARK: Token access

    var current: Token { tokens[index] }
    var previous: Token { tokens[max(0, index - 1)] }
    func peekToken(_ offset: Int = 1) -> Token { tokens[min(index + offset, tokens.count - 1)] }
    var atEnd: Bool { current.kind == .eof }

    @discardableResult
    mutating func advance() -> Token {
        let token = tokens[index]
        if index < tokens.count - 1 { index += 1 }
        return token
    }

    func check(_ p: Punct) -> Bool { current.kind == .punct(p) }
    func check(_ k: Keyword) -> Bool { current.kind == .keyword(k) }
    func checkWord(_ word: String) -> Bool { current.kind == .identifier(word) }

    mutating func match(_ p: Punct) -> Bool {
        if check(p) { advance(); return true }
        return false
    }

    mutating func match(_ k: Keyword) -> Bool {
        if check(k) { advance(); return true }
        return false
    }

    /// The current token touches the previous one (no blank between): `x!`, `x?.y`.
    var touchesPrevious: Bool { index > 0 && current.range.start == previous.range.end && !current.atLineStart }

    mutating func error(_ message: DiagnosticMessage, at range: SourceRange, notes: [String] = []) {
        diagnostics.append(Diagnostic(message, at: range, notes: notes))
    }

    mutating func warning(_ message: DiagnosticMessage, at range: SourceRange) {
        diagnostics.append(Diagnostic(message, at: range, severity: .warning))
    }

    /// Records "expected X, found Y" at the current token and unwinds.
    mutating func fail(expected what: String) throws(Abort) -> Never {
        error(.expected(what, found: current.described), at: current.range)
        throw Abort()
    }

    mutating func expect(_ p: Punct, _ what: String? = nil) throws(Abort) -> Token {
        if check(p) { return advance() }
        try fail(expected: what ?? "'\(p.rawValue)'")
    }

    /// Expects the closing token of a pair, naming where it was opened (Lua's `check_match`).
    mutating func expectClose(_ close: Punct, open: Token) throws(Abort) {
        if match(close) { return }
        let openText: String
        if case .punct(let p) = open.kind { openText = p.rawValue } else { openText = open.described }
        // At the end of the file, point just after the last token rather than at an empty line.
        let at = atEnd ? SourceRange(file: fileIndex, start: Int(previous.range.end), end: Int(previous.range.end)) : current.range
        error(.expectedToClose(close.rawValue, open: openText, line: file.location(of: Int(open.range.start)).line),
              at: at, notes: ["found \(current.described)"])
        throw Abort()
    }

    mutating func expectIdentifier(_ what: String = "a name") throws(Abort) -> (String, SourceRange) {
        if case .identifier(let name) = current.kind {
            let token = advance()
            return (name, token.range)
        }
        try fail(expected: what)
    }

    func range(from start: SourceRange) -> SourceRange {
        SourceRange(file: fileIndex, start: Int(start.start), end: Int(max(start.end, previous.range.end)))
    }

    /// Guards against runaway nesting. Deep input gets one diagnostic, and the rest of the file is skipped.
    mutating func enter() throws(Abort) {
        depth += 1
        if depth > ParserLimits.maximumNestingDepth { try abandon(.nestingTooDeep(limit: ParserLimits.maximumNestingDepth)) }
    }

    /// Past a limit: one diagnostic for the whole file, and the rest of it is skipped.
    mutating func abandon(_ message: DiagnosticMessage) throws(Abort) -> Never {
        if !abandoned {
            error(message, at: current.range)
            abandoned = true
        }
        throw Abort()
    }

    mutating func leave() { depth -= 1 }

    /// Counts one more link of a chain (a binary operator, a call, a member, a
    /// subscript, an `else if`): chains are built by loops, not by nesting, so
    /// `enter` does not see them, but every pass after the parser recurses once
    /// per link. The count runs over a statement and the statements around it,
    /// so it bounds how deep any tree of the file can be.
    mutating func link() throws(Abort) {
        links += 1
        if links > ParserLimits.maximumChainLinks { try abandon(.chainTooLong(limit: ParserLimits.maximumChainLinks)) }
    }

    // MARK: Recovery

    /// Skips to a point where a statement or declaration can start.
    mutating func synchronize() {
        if abandoned {
            while !atEnd { advance() }
            return
        }
        var braceDepth = 0
        let start = index
        while !atEnd {
            if index != start, current.atLineStart, braceDepth <= 0 { return }
            switch current.kind {
            case .punct(.semicolon) where braceDepth <= 0:
                advance()
                return
            case .punct(.lbrace): braceDepth += 1
            case .punct(.rbrace):
                // A `}` at this level closes the enclosing block: leave it for the caller.
                if braceDepth <= 0 { return }
                braceDepth -= 1
            default: break
            }
            advance()
        }
    }

    // MARK: Items and blocks

    /// program = { item } ;   item = declaration | statement ;
    mutating func parseItems() -> [Stmt] {
        var items: [Stmt] = []
        while !atEnd {
            let before = index
            do {
                items += try parseStatementList()
                try endStatement()
            } catch {
                synchronize()
            }
            if index == before, !atEnd { advance() }   // always make progress
            if check(.rbrace) {
                error(.expected("a declaration or statement", found: "'}'"), at: current.range)
                advance()
            }
        }
        return items
    }

    /// After a statement: `;`, a line break, `}`, the end of the file, or the next `case` or `default` of a switch
    /// (`switch n { case 1: "one" default: "other" }`, as Swift allows). Anything else on the line is reported where
    /// the statement ends, as swiftc does (`declarations`: in a type's body, which swiftc words so), and parsed as the
    /// next statement.
    mutating func endStatement(declarations: Bool = false) throws(Abort) {
        if match(.semicolon) { return }
        if current.atLineStart || check(.rbrace) || atEnd || check(.case) || check(.default) { return }
        if current.kind == .invalid { throw Abort() }   // the lexer has said what is wrong
        let end = Int(previous.range.end)
        error(declarations ? .consecutiveDeclarations : .consecutiveStatements, at: SourceRange(file: previous.range.file, start: end, end: end))
    }

    /// block = "{" { statement } "}" ;
    mutating func parseBlock() throws(Abort) -> Block {
        let open = try expect(.lbrace, "'{'")
        try enter()
        defer { leave() }
        newlineSignificant.append(true)
        let savedTrailing = allowTrailingClosure
        allowTrailingClosure = true
        defer {
            newlineSignificant.removeLast()
            allowTrailingClosure = savedTrailing
        }
        let statements = try parseStatements(open: open)
        return Block(statements, range(from: open.range))
    }

    /// Statements up to the `}` that closes `open`, which is consumed.
    mutating func parseStatements(open: Token) throws(Abort) -> [Stmt] {
        var statements: [Stmt] = []
        try recoveringList(until: [.rbrace]) { (p: inout Parser) throws(Abort) in statements += try p.parseStatementList() }
        try expectClose(.rbrace, open: open)
        return statements
    }

    /// Parses elements (each ended like a statement) until one of `stops`,
    /// recovering after an error at the next statement, and always making progress.
    /// `declarations`: the elements are a type's members (for `endStatement`'s words).
    mutating func recoveringList(until stops: [Token.Stop], declarations: Bool = false, _ element: (inout Parser) throws(Abort) -> Void) throws(Abort) {
        while !atEnd, !stops.contains(where: { $0.matches(current) }) {
            let before = index
            sawViewBuilder = false   // `@ViewBuilder` marks only the declaration it stands before
            do {
                try element(&self)
                try endStatement(declarations: declarations)
            } catch {
                if abandoned { throw Abort() }
                synchronize()
            }
            if index == before, !check(.rbrace), !atEnd { advance() }
        }
    }
}

/// Limits of the parser, each with the reason for its value.
public enum ParserLimits {
    /// How deeply blocks, expressions and closures may nest. Real programs stay
    /// under 30; the bound keeps hostile input from exhausting the native stack
    /// (each level costs several Swift frames).
    public static let maximumNestingDepth = 200
    /// How many links (binary operators, calls, members, subscripts, `else if`s)
    /// a statement and the statements around it may chain. Each link is a level
    /// of every tree walk after parsing (checking, running, printing, freeing);
    /// measured: a 1 000 000-term sum needs about 400 MB of the 1 GiB stack the
    /// commands run on, and a debug build several times that, so the limit keeps
    /// a wide margin while far longer than real code (the SPEC asks for 30 000).
    public static let maximumChainLinks = 100_000
}

extension Token {
    /// A token that ends a list of statements.
    enum Stop {
        case rbrace
        case keyword(Keyword)
        /// An attribute that starts the next clause (`@unknown default:` in a `switch`).
        case attribute(String)

        func matches(_ token: Token) -> Bool {
            switch self {
            case .rbrace: return token.kind == .punct(.rbrace)
            case .keyword(let k): return token.kind == .keyword(k)
            case .attribute(let name): return token.kind == .attribute(name)
            }
        }
    }
}
