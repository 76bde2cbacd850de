/// `static let`, `static var` and `static func` in a type's body (SPEC §3.2).
extension Parser {
    /// A static member, added to the type's statics; false (nothing read) when the next member is not static. A static
    /// computed property (`static var all: [Level] { … }`) becomes a static function that a read of its name calls;
    /// one with a setter stays a property.
    /// In a class, `class func` and a computed `class var` are static members too (a subclass has them, but does not
    /// override them here); a stored `class var` is Swift's error.
    mutating func parseStaticMemberIfPresent(into members: inout Members, inClass: Bool = false) throws(Abort) -> Bool {
        var afterStatic = 1
        while case .identifier(let word) = peekToken(afterStatic).kind, Parser.ignoredModifiers.contains(word) || word == "prefix" || word == "postfix" {
            afterStatic += 1
            // `static private(set) var count`: the modifier's `(set)` too.
            if peekToken(afterStatic).kind == .punct(.lparen), peekToken(afterStatic + 2).kind == .punct(.rparen) { afterStatic += 3 }
        }
        let isClassMember = inClass && checkWord("class")
        let kinds: [TokenKind] = isClassMember ? [.keyword(.var), .keyword(.func)] : [.keyword(.let), .keyword(.var), .keyword(.func)]
        guard checkWord("static") || isClassMember, kinds.contains(peekToken(afterStatic).kind) else { return false }
        advance()
        var inner = Members()
        guard try parseCommonMember(into: &inner) else { return false }
        for p in inner.properties {
            // `static var all: [Level] { … }`: a function of no arguments that a read of `Level.all` calls.
            // One with a setter stays a property, which the checker gives a hidden class of its own (`ComputedGlobals`).
            guard case .variable(let v) = p.kind, let getter = v.getter, v.setter == nil else {
                if isClassMember, case .variable(let v) = p.kind, v.getter == nil { error(.classStoredProperty, at: v.nameRange) }
                members.staticProperties.append(p)
                continue
            }
            let function = FunctionDecl(name: v.name, parameters: [], returnType: v.type, body: getter, isMutating: false, isThrowing: false)
            members.staticFunctions.append(Decl(.function(function), range: p.range, nameRange: v.nameRange))
            members.staticGetters.insert(v.name)
        }
        members.staticFunctions += inner.functions
        // `static private(set) var count`: set only by the type's own code, as an instance's `private(set)` property is.
        members.privateSetters.formUnion(inner.privateSetters)
        members.privateNames.formUnion(inner.privateNames)
        return true
    }

    /// `override func f`, `override var x`, `override init`, `override class var x`: the member, with its name noted in
    /// `overrides` or `staticOverrides` (an `init` is not noted: a subclass's initialisers are its own). False, with nothing read, when the next word is not `override`.
    mutating func parseOverrideIfPresent(into members: inout Members, overrides: inout [String: SourceRange],
                                         staticOverrides: inout [String: SourceRange]) throws(Abort) -> Bool {
        skipModifiers()
        guard checkWord("override"), !peekToken().atLineStart else { return false }
        let range = advance().range
        let (functions, properties) = (members.functions.count, members.properties.count)
        let (statics, staticProperties) = (members.staticFunctions.count, members.staticProperties.count)
        // `override class var sides: Int { 3 }`: a subclass's own class member, found by `Self.sides` on its instances.
        guard try parseCommonMember(into: &members, allowsStatic: true, inClass: true) else { try fail(expected: "a method, a property or an 'init' after 'override'") }
        for f in members.functions[functions...] { overrides[f.name] = range }
        for p in members.properties[properties...] { if case .variable(let v) = p.kind { overrides[v.name] = range } }
        for f in members.staticFunctions[statics...] { staticOverrides[f.name] = range }
        for p in members.staticProperties[staticProperties...] { if case .variable(let v) = p.kind { staticOverrides[v.name] = range } }
        return true
    }
}
