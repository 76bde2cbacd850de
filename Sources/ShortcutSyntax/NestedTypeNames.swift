/// Types declared inside other types are named as Swift names them: `A.Kind` for `enum Kind` declared in `struct A`, so
/// two types may each declare their own `Kind` (or `CodingKeys`), and a value prints as Swift prints it (`main.A.Kind.x`).
/// A type's `typealias ID = String` is one of its nested names (`A.ID`) too.
///
/// Done on the tokens, before parsing, as Swift's name lookup sees the text: inside a type's braces (its extensions' too,
/// and the types nested in it) a bare `Kind` is the innermost enclosing type's `Kind`; anywhere, `A.Kind` written out is
/// one name. Each becomes one identifier token `A.Kind` (its range the text's), so the parser, the checker and the
/// runtime see a type of that name, which `NestedTypes` then hoists to the top level. A name the file does not declare
/// inside a type is left as it is; so is a type declared in a function's body (hoisted under its own name).
public enum NestedTypeNames {
    /// The words that declare a type whose braces may declare types (`extension` reopens one).
    static let declaringWords: Set<String> = ["struct", "enum", "class", "actor", "intent", "entity", "extension"]

    /// The tokens with nested types' names qualified; unchanged when the file declares no type inside another.
    static func qualified(_ tokens: [Token]) -> [Token] {
        let declared = declaredNestedTypes(tokens)
        guard !declared.nested.isEmpty else { return tokens }
        var scopes = Scopes()
        scopes.simpleNames = Set(declared.nested.map { String($0[$0.index(after: $0.lastIndex(of: ".") ?? $0.startIndex)...]) })
        return rewritten(tokens, declared, &scopes)
    }

    /// What the file declares: the types inside types, and each type's first inherited name (a class's superclass,
    /// whose nested types it inherits: `Color` inside `class Child: Node` is `Node.Color`).
    struct Declared {
        var nested: Set<String> = []
        var supertypes: [String: String] = [:]

        /// The type named `simple` declared in `owner` or inherited from its superclass (`Child.Color` is `Node.Color`).
        func nestedType(_ simple: String, in owner: String) -> String? {
            var owner = owner
            for _ in 0...ParserLimits.maximumNestingDepth {   // a cycle of superclasses (an error swiftc reports) ends here
                if nested.contains(owner + "." + simple) { return owner + "." + simple }
                guard let next = supertypes[owner] else { return nil }
                owner = next
            }
            return nil
        }
    }

    /// The braces met so far: for each, the type it is the body of, or nil for any other brace.
    struct Scopes {
        var stack: [TypeScope?] = []
        /// The qualified name the next `{` opens the body of, once a declaration's header has named it.
        var pending: String?
        /// The innermost enclosing type's body, if any.
        var innermost: TypeScope?
        /// The nested types' own names (`Kind` of `A.Kind`): no other name is looked up.
        var simpleNames: Set<String> = []

        /// The qualified name a type declared here gets: inside a type's own braces, that type's name and its own.
        func qualifiedName(of name: String) -> String {
            if let last = stack.last, let outer = last { return outer.name + "." + name }
            return name
        }

        /// Opens a brace; false past `ParserLimits.maximumNestingDepth` (the parser refuses such a file).
        mutating func open() -> Bool {
            let scope = pending.map { TypeScope(name: $0, parent: innermost) }
            stack.append(scope)
            if let scope { innermost = scope }
            pending = nil
            return stack.count <= ParserLimits.maximumNestingDepth
        }

        mutating func close() {
            if let last = stack.popLast(), let scope = last { innermost = scope.parent }
            pending = nil
        }

        /// The nested type a bare `name` means here: the innermost enclosing type's (or a type it is nested in).
        func resolve(_ name: String, in declared: Declared) -> String? {
            simpleNames.contains(name) ? innermost?.resolve(name, in: declared) : nil
        }
    }

    /// A type's body: the names met in it resolved once (a hostile file's deep nesting costs its depth once a name).
    final class TypeScope {
        let name: String
        /// The type whose braces this body is inside.
        let parent: TypeScope?
        var resolved: [String: String?] = [:]

        init(name: String, parent: TypeScope?) {
            self.name = name
            self.parent = parent
        }

        func resolve(_ simple: String, in declared: Declared) -> String? {
            if let known = resolved[simple] { return known }
            var found: String?
            var owner = name
            // Its own name's prefixes (`A.B.X`, then `A.X`), as far as the enclosing type's chain does not already look.
            while found == nil {
                if let type = declared.nestedType(simple, in: owner) { found = type; break }
                guard let dot = owner.lastIndex(of: "."), String(owner[..<dot]) != parent?.name else { break }
                owner = String(owner[..<dot])
            }
            if found == nil { found = parent?.resolve(simple, in: declared) }
            resolved[simple] = found
            return found
        }
    }

    /// The qualified names of the types declared inside other types' braces (`A.Kind`, `A.B.Key`).
    static func declaredNestedTypes(_ tokens: [Token]) -> Declared {
        var scopes = Scopes()
        var declared = Declared()
        var i = 0
        while i < tokens.count {
            switch tokens[i].kind {
            case .punct(.lbrace): if !scopes.open() { return Declared() }
            case .punct(.rbrace): scopes.close()
            case .identifier("typealias") where !isMemberName(tokens, i):
                // A type's alias is one of its nested names (`S.ID`); it opens no braces.
                guard let (name, _) = declaredName(tokens, after: i) else { break }
                let qualified = scopes.qualifiedName(of: name)
                if qualified.contains(".") { declared.nested.insert(qualified) }
            case .identifier(let word) where declaringWords.contains(word) && !isMemberName(tokens, i):
                guard let (name, end) = declaredName(tokens, after: i) else { break }
                let qualified = word == "extension" ? name : scopes.qualifiedName(of: name)
                if word != "extension", qualified.contains(".") { declared.nested.insert(qualified) }
                if word != "extension", let supertype = firstInherited(tokens, at: end) { declared.supertypes[qualified] = supertype }
                scopes.pending = qualified
                i = end
                continue
            default: break
            }
            i += 1
        }
        return declared
    }

    /// The first name after the `:` of a declaration's header (`class Child: Node`, `class Box<T>: Base`), as written.
    static func firstInherited(_ tokens: [Token], at i: Int) -> String? {
        var j = i
        if j < tokens.count, tokens[j].kind == .punct(.less) {
            while j < tokens.count, tokens[j].kind != .punct(.greater), tokens[j].kind != .punct(.lbrace) { j += 1 }
            j += 1
        }
        guard j < tokens.count, tokens[j].kind == .punct(.colon) else { return nil }
        return declaredName(tokens, after: j)?.0
    }

    /// The name a declaration word declares (`enum Kind`, `extension A.Kind`), and where its header goes on from.
    static func declaredName(_ tokens: [Token], after i: Int) -> (String, Int)? {
        guard i + 1 < tokens.count, case .identifier(var name) = tokens[i + 1].kind, !tokens[i + 1].atLineStart else { return nil }
        var j = i + 2
        while j + 1 < tokens.count, tokens[j].kind == .punct(.dot), case .identifier(let more) = tokens[j + 1].kind {
            name += "." + more
            j += 2
        }
        return (name, j)
    }

    /// Whether the word at `i` is a member's name (`x.struct`, `.enum`) rather than a declaration's.
    static func isMemberName(_ tokens: [Token], _ i: Int) -> Bool {
        i > 0 && (tokens[i - 1].kind == .punct(.dot) || tokens[i - 1].kind == .punct(.optionalDot))
    }

    /// The tokens with each name of a nested type (bare where it is in scope, or written out) one qualified identifier.
    static func rewritten(_ tokens: [Token], _ declared: Declared, _ scopes: inout Scopes) -> [Token] {
        var out: [Token] = []
        out.reserveCapacity(tokens.count)
        var i = 0
        while i < tokens.count {
            var token = tokens[i]
            switch token.kind {
            case .punct(.lbrace): _ = scopes.open()
            case .punct(.rbrace): scopes.close()
            case .string(let segments):
                token.kind = .string(segments.map { segment in
                    guard case .interpolation(let inner, let range) = segment else { return segment }
                    var innerScopes = scopes
                    return .interpolation(rewritten(inner, declared, &innerScopes), range: range)
                })
            case .identifier(let word) where declaringWords.contains(word) && !isMemberName(tokens, i):
                // The header names the body the next brace opens (as `declaredNestedTypes` read it).
                if let (name, _) = declaredName(tokens, after: i) {
                    scopes.pending = word == "extension" ? qualifiedWrittenName(name, scopes, declared) : scopes.qualifiedName(of: name)
                }
            case .identifier(let name) where !isMemberName(tokens, i):
                var qualified = scopes.resolve(name, in: declared) ?? name
                var end = i
                // `A.Kind`, `Kind.Key` written out: one name while the next part names a nested type.
                while end + 2 < tokens.count, tokens[end + 1].kind == .punct(.dot), tokens[end + 1].range.start == tokens[end].range.end,
                      case .identifier(let part) = tokens[end + 2].kind, let type = declared.nestedType(part, in: qualified) {
                    qualified = type
                    end += 2
                }
                if qualified != name {
                    token.kind = .identifier(qualified)
                    token.range.end = tokens[end].range.end
                    i = end
                }
            default: break
            }
            out.append(token)
            i += 1
        }
        return out
    }

    /// The type `extension Kind` (inside `A`'s braces) or `extension A.Kind` reopens, as the rewritten tokens name it.
    static func qualifiedWrittenName(_ name: String, _ scopes: Scopes, _ declared: Declared) -> String {
        let first = String(name.prefix { $0 != "." })
        guard let resolved = scopes.resolve(first, in: declared) else { return name }
        return resolved + name.dropFirst(first.count)
    }
}
