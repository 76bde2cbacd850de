/// What a Swift developer writes around declarations that changes nothing here (modules, access modifiers), and the
/// generic parameters that have no meaning here.
extension Parser {
    /// Apple's modules that App Intents code imports (SPEC §13): what they bring is built in.
    static let knownModules = ["AppIntents", "SwiftUI", "Foundation", "WidgetKit", "SwiftData", "UIKit", "Observation", "OSLog", "Swift"]

    /// Access and inheritance modifiers a Swift developer writes out of habit, and `indirect` (read back by
    /// `precededBy` for `RecursiveValueTypes`: values are held by reference here whatever it says).
    /// `weak` and `unowned` change nothing a program can see here: nothing observes when an instance goes away.
    static let ignoredModifiers: Set<String> = ["private", "fileprivate", "internal", "public", "open", "final", "nonisolated", "indirect", "required", "convenience",
                                                "weak", "unowned"]

    /// Skips `private`, `private(set)`, `public`, `final`…: accepted and ignored, as one program is
    /// one module here (docs/Language.md). Only before a keyword or a name on the same line, so a
    /// variable called `open` is still a variable.
    mutating func skipModifiers() {
        // What a member's modifiers say stays until `parseCommonMember` takes it, though a look for `override` skipped them.
        let before = index
        let earlier = access
        access = (false, false)
        while skipAttributes() || skipModifierWords() {}
        if index == before { access = earlier }
    }

    /// `lazy` before `var`: skipped, and whether it was there.
    mutating func skipLazy() -> Bool {
        guard checkWord("lazy"), peekToken().kind == .keyword(.var) else { return false }
        advance()
        return true
    }

    /// `lazy var` outside a type, reported and skipped: a global is lazy already (swiftc's error; a statement of the
    /// top level is parsed at depth 1), and a local one is not supported here.
    mutating func skipLazyOutsideType() {
        guard checkWord("lazy"), peekToken().kind == .keyword(.var) else { return }
        error(depth == 1 ? .lazyGlobal : .swiftism(found: "lazy var", suggestion: "a local variable is not lazy here: leave out 'lazy', or declare it where it is first needed"),
              at: current.range)
        advance()
    }

    /// Whether `final` is among the modifiers just before the current token (`final class`, `public final func`).
    func precededByFinal() -> Bool { precededBy("final") }

    /// Whether modifier `modifier` is among those just before the current token: `indirect enum`, `indirect case`,
    /// `required override init` (`override` read by `parseOverrideIfPresent`).
    func precededBy(_ modifier: String) -> Bool {
        var i = index - 1
        while i >= 0, case .identifier(let word) = tokens[i].kind, Parser.ignoredModifiers.contains(word) || word == "override" {
            if word == modifier { return true }
            i -= 1
        }
        return false
    }

    /// A type's `async let x = …` (at its `let`): swiftc's error, the `let` read as any other.
    mutating func refuseAsyncLetMember() {
        guard index > 0, case .identifier("async") = tokens[index - 1].kind else { return }
        error(.asyncLet(.notLocal), at: tokens[index - 1].range)
    }

    /// `skipModifiers` for the words alone; returns whether it skipped any.
    @discardableResult
    mutating func skipModifierWords() -> Bool {
        var skipped = false
        // `async let a = f()`: everything runs in order here, so it is `let a = await f()` (SPEC §13).
        if checkWord("async"), [.keyword(.let), .keyword(.var)].contains(peekToken().kind), !peekToken().atLineStart {
            advance()
            asyncLet = true
            skipped = true
        }
        while case .identifier(let word) = current.kind, Parser.ignoredModifiers.contains(word) {
            // `private(set)`, `unowned(unsafe)`.
            if peekToken().kind == .punct(.lparen), peekToken(3).kind == .punct(.rparen),
               peekToken(2).kind == .identifier("set") || word == "unowned" && [.identifier("unsafe"), .identifier("safe")].contains(peekToken(2).kind) {
                if word == "private" { access.privateSetter = true }
                for _ in 0..<4 { advance() }
                skipped = true
                continue
            }
            let next = peekToken()
            guard !next.atLineStart else { return skipped }
            switch next.kind {
            case .keyword, .identifier, .attribute:
                if word == "private" { access.isPrivate = true }
                // `open struct S`: only a class and what a subclass may override can be open (swiftc's error).
                if word == "open", case .identifier(let kind) = next.kind, ["struct", "enum", "protocol", "extension", "actor", "typealias"].contains(kind) {
                    error(.openNonClass, at: current.range)
                }
                advance()
                skipped = true
            default: return skipped
            }
        }
        return skipped
    }

    /// `<T, U: Equatable>` after a function's or a type's name: each parameter is `Any` here (`SourceUnit.genericNames`,
    /// `Protocols`); a function's call infers them from its arguments (`Resolver+Generics`), by what is returned here.
    @discardableResult
    mutating func parseGenericParameters() throws(Abort) -> [GenericParameter] {
        guard check(.less) else { return [] }
        let open = advance()
        var parameters: [GenericParameter] = []
        repeat {
            let name = try expectIdentifier("a generic parameter's name").0
            genericNames.insert(name)
            var constraints: [String] = []
            if match(.colon) {
                constraints.append(try parseType().description)
                while match(.ampersand) { constraints.append(try parseType().description) }
            }
            parameters.append(GenericParameter(name: name, constraints: constraints))
        } while match(.comma)
        guard matchClosingAngle() else { try fail(expected: "'>' to close '<' from line \(file.location(of: Int(open.range.start)).line)") }
        return parameters
    }

    /// `where T: Equatable, Element == Int` before a body: a generic parameter's `T: P` constraints are added to
    /// `generics`; those of other names (an enclosing type's parameters, in a method's clause) are added to `outer`,
    /// where a same-type requirement (`Element == Int`) is the constraint `==` (no protocol): the rest is skipped.
    mutating func skipWhereClause(_ generics: inout [GenericParameter], outer: inout [GenericParameter]) {
        guard checkWord("where") else { return }
        advance()
        func add(_ constraint: String, to name: String, _ generics: inout [GenericParameter], _ outer: inout [GenericParameter]) {
            if let i = generics.firstIndex(where: { $0.name == name }) { generics[i].constraints.append(constraint); return }
            if let i = outer.firstIndex(where: { $0.name == name }) { outer[i].constraints.append(constraint); return }
            outer.append(GenericParameter(name: name, constraints: [constraint]))
        }
        while !check(.lbrace), !atEnd {
            // `S.Element == Int`: kept for the call's check (`FunctionDecl.sameTypeRequirements`).
            if case .identifier(let name) = current.kind, peekToken(-1).kind != .punct(.dot), peekToken(1).kind == .punct(.dot),
               case .identifier(let associated) = peekToken(2).kind, peekToken(3).kind == .punct(.equal) {
                for _ in 0..<4 { advance() }
                if let type = try? parseType() { sameTypeRequirements.append(SameTypeRequirement(parameter: name, associated: associated, type: type)) }
                continue
            }
            if case .identifier(let name) = current.kind, peekToken(-1).kind != .punct(.dot) {
                if case .punct(.colon) = peekToken(1).kind, case .identifier(let constraint) = peekToken(2).kind {
                    add(constraint, to: name, &generics, &outer)
                    advance(); advance()
                    // `T: Comparable & Hashable`: each part.
                    while case .punct(.ampersand) = peekToken(1).kind, case .identifier(let more) = peekToken(2).kind {
                        add(more, to: name, &generics, &outer)
                        advance(); advance()
                    }
                } else if case .punct(.equal) = peekToken(1).kind {
                    add("==", to: name, &generics, &outer)
                }
            }
            advance()
        }
    }

    /// `skipWhereClause(_:outer:)` where only the declaration's own parameters are kept.
    mutating func skipWhereClause(_ generics: inout [GenericParameter]) {
        var outer: [GenericParameter] = []
        skipWhereClause(&generics, outer: &outer)
    }

    /// `where …` before a type's body: skipped.
    mutating func skipWhereClause() {
        var none: [GenericParameter] = []
        skipWhereClause(&none)
    }
}
