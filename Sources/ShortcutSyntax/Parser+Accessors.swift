/// A property's accessors: a computed property's `get` and `set`, a stored property's `willSet` and `didSet`.
extension Parser {
    /// A computed property's body: the getter's statements, or `{ get { … } set { … } }` — the setter naming the
    /// new value `newValue`, or as written (`set(value) { … }`).
    mutating func parseAccessors() throws(Abort) -> (getter: Block, setter: ValueBlock?) {
        let builds = takeViewBuilder()
        // `get async throws { … }` (an entity's `@DeferredProperty`): the effects are the getter's; nothing waits here.
        var effects = 0
        while [.identifier("async"), .identifier("throws")].contains(peekToken(2 + effects).kind) { effects += 1 }
        guard check(.lbrace), peekToken().kind == .identifier("get"), peekToken(2 + effects).kind == .punct(.lbrace) else {
            return (Parser.viewBuilt(try parseBlock(), builds), nil)
        }
        let open = advance()
        for _ in 0...effects { advance() }
        let getter = Parser.viewBuilt(try parseBlock(), builds)
        var setter: ValueBlock?
        if checkWord("set") {
            advance()
            let parameter = try parseAccessorParameter(default: "newValue")
            setter = (parameter, try parseBlock())
        }
        try expectClose(.rbrace, open: open)
        return (getter, setter)
    }

    /// The body of a function or computed property: as written, or, after `@ViewBuilder`, a `Group` of the views its
    /// statements build (`if`s and several views, as SwiftUI's result builder takes them) when it is more than one view.
    static func viewBuilt(_ body: Block, _ builds: Bool) -> Block {
        guard builds else { return body }
        if body.statements.count == 1, case .expression = body.statements[0].kind { return body }
        let r = body.range
        let content = Expr(.closure(ClosureExpr(parameters: [], parameterRanges: [], body: body)), r)
        return Block([Stmt(.expression(Expr(.call(Expr(.identifier("Group"), r), [Argument(label: nil, labelRange: nil, value: content)]), r)), r)], r)
    }

    /// Whether `@ViewBuilder` stands before the declaration being read; taken, so it marks no other.
    mutating func takeViewBuilder() -> Bool {
        defer { sawViewBuilder = false }
        return sawViewBuilder
    }

    /// The method names a type's `subscript` is kept under: `x[i]` calls the getter, `x[i] = v` the setter.
    public static let subscriptGetter = "subscript", subscriptSetter = "subscript(set)"

    /// `subscript(row: Int, column: Int) -> Double { … }` or `{ get { … } set { … } }`, added to the members: its getter as
    /// a method of the parameters, and its setter as one of the parameters and the new value (mutating for a value type).
    /// A parameter has no argument label unless one is written before its name, as in Swift. False when none is next.
    mutating func parseSubscriptIfPresent(into members: inout Members, mutating: Bool) throws(Abort) -> Bool {
        guard checkWord("subscript"), peekToken().kind == .punct(.lparen) else { return false }
        let start = advance().range
        var parameters = try parseParameters()
        for i in parameters.indices where parameters[i].label == parameters[i].name { parameters[i].label = nil }
        _ = try expect(.arrow, "'->' and the subscript's type")
        let type = try parseType()
        let (getter, setter) = try parseAccessors()
        members.functions.append(Decl(.function(FunctionDecl(name: Parser.subscriptGetter, parameters: parameters, returnType: type, body: getter,
                                                             isMutating: false, isThrowing: false)), range: range(from: start), nameRange: start))
        if let setter {
            let value = Parameter(label: nil, name: setter.parameter, type: type, defaultValue: nil, range: setter.body.range)
            members.functions.append(Decl(.function(FunctionDecl(name: Parser.subscriptSetter, parameters: parameters + [value], returnType: nil,
                                                                 body: setter.body, isMutating: mutating, isThrowing: false)),
                                          range: range(from: start), nameRange: start))
        }
        return true
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
