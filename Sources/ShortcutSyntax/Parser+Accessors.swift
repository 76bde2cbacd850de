/// A property's accessors: a computed property's `get` and `set`, a stored property's `willSet` and `didSet`.
extension Parser {
    /// A computed property's body: the getter's statements, or `{ get { … } set { … } }` — the setter naming the
    /// new value `newValue`, or as written (`set(value) { … }`).
    mutating func parseAccessors() throws(Abort) -> (getter: Block, setter: ValueBlock?) {
        guard check(.lbrace), peekToken().kind == .identifier("get"), peekToken(2).kind == .punct(.lbrace) else { return (try parseBlock(), nil) }
        let open = advance()
        advance()
        let getter = try parseBlock()
        var setter: ValueBlock?
        if checkWord("set") {
            advance()
            let parameter = try parseAccessorParameter(default: "newValue")
            setter = (parameter, try parseBlock())
        }
        try expectClose(.rbrace, open: open)
        return (getter, setter)
    }

    /// `{ willSet …` or `{ didSet …`: a stored property's observers follow.
    func startsObservers() -> Bool {
        guard check(.lbrace) else { return false }
        let next = peekToken().kind
        return (next == .identifier("willSet") || next == .identifier("didSet")) && [.punct(.lbrace), .punct(.lparen)].contains(peekToken(2).kind)
    }

    /// `{ willSet { … } didSet(old) { … } }`: each at most once, in either order, naming its value `newValue`
    /// and `oldValue` unless a name is written.
    mutating func parseObservers() throws(Abort) -> (willSet: ValueBlock?, didSet: ValueBlock?) {
        let open = advance()
        var willSet: ValueBlock?, didSet: ValueBlock?
        while case .identifier(let word) = current.kind, word == "willSet" || word == "didSet" {
            let wordRange = advance().range
            let parameter = try parseAccessorParameter(default: word == "willSet" ? "newValue" : "oldValue")
            let body = try parseBlock()
            if let earlier = word == "willSet" ? willSet : didSet {
                error(.duplicateDeclaration(word, previousLine: file.location(of: Int(earlier.body.range.start)).line), at: wordRange)
            }
            if word == "willSet" { willSet = (parameter, body) } else { didSet = (parameter, body) }
        }
        try expectClose(.rbrace, open: open)
        return (willSet, didSet)
    }

    /// An accessor's `(name)` for its value (`set(k)`, `didSet(old)`), or `defaultName` when none is written.
    mutating func parseAccessorParameter(default defaultName: String) throws(Abort) -> String {
        guard check(.lparen) else { return defaultName }
        let paren = advance()
        guard case .identifier(let name) = current.kind else { try fail(expected: "the value's name") }
        advance()
        try expectClose(.rparen, open: paren)
        return name
    }
}
