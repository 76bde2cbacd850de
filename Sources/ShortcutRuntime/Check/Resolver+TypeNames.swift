import ShortcutSyntax

/// Written types (`[String: Int]`, `Celsius`, `Request.Status`) as the checker's types.
extension Resolver {
    /// The type alias `name` names: a chain of renames followed in a loop, the type at its end resolved once and kept for
    /// every name on the way; a cycle, or aliases nested past `ParserLimits.maximumNestingDepth`, is an error.
    func resolveAlias(_ name: String, _ alias: TypeRef, at range: SourceRange) -> ScriptType {
        if let known = resolvedAliases[name] { return known }
        var chain = [name], seen: Set<String> = [name], target = alias
        while case .named(let next) = target.kind, let further = typeAliases[next] {
            guard seen.insert(next).inserted, !aliasesResolving.contains(next) else {
                error(.unknownType(next, suggestion: nil), at: range, notes: ["'\(next)' is a type alias that refers to itself"])
                return .any
            }
            chain.append(next)
            target = further
        }
        guard !aliasesResolving.contains(name), aliasesResolving.count < ParserLimits.maximumNestingDepth else {
            error(.unknownType(name, suggestion: nil), at: range, notes: ["'\(name)' is a type alias that refers to itself, or nests too deeply"])
            return .any
        }
        aliasesResolving.formUnion(chain)
        let errors = diagnostics.count
        let type = resolveType(target)
        aliasesResolving.subtract(chain)
        // Kept only when it resolved cleanly: one resolved quietly (errors dropped) must report them when asked again.
        if diagnostics.count == errors { for n in chain { resolvedAliases[n] = type } }
        return type
    }

    /// Swift's integers of other widths, each an `Int` here (with a warning that says so).
    static let sizedIntegers: Set<String> = ["Int8", "Int16", "Int32", "UInt", "UInt8", "UInt16", "UInt32", "UInt64"]

    /// `UInt8(x)`, `Int32(d)`, `UInt8(ascii: "A")` (the character's ASCII code): an `Int`'s conversion, said; `Int64(x)`,
    /// which is an `Int` on every device Apple ships, without a word.
    func typedSizedIntegerConversion(_ callee: Expr, _ args: [Argument], expected: ScriptType?, range: SourceRange) -> Typed? {
        guard case .identifier(let name) = callee.kind, globals[name] == nil else { return nil }
        if name == "Int64" { return typedBuiltin(.int, args, expected: expected, range: range) }
        guard Resolver.sizedIntegers.contains(name), lookupLocal(name) == nil else { return nil }
        warning(.sizedIntegerIsInt(name), at: callee.range)
        if args.count == 1, args[0].label == "ascii" {
            // `UInt8(ascii: "a")`: the character's code (`("a" as Character).asciiValue!`).
            let value = args[0].value, character = Expr(.cast(value, TypeRef(.named("Character"), value.range), .plain), value.range)
            return typed(Expr(.forceUnwrap(Expr(.member(character, "asciiValue", nameRange: value.range), value.range)), range))
        }
        return typedBuiltin(.int, args, expected: expected, range: range)
    }

    /// `UInt8.max`, `Int32.min`, `UInt16.bitWidth`: the width's own bounds, each an `Int` here; nil for anything else. A
    /// 64-bit unsigned maximum no `Int` holds is an error, not a wrong number.
    func sizedIntegerStatic(_ base: Expr, _ name: String, range: SourceRange) -> Typed? {
        // `Int64.max`: an `Int`'s, without a word (an `Int` is 64 bits on every device Apple ships).
        if case .identifier("Int64") = base.kind, globals["Int64"] == nil, lookupLocal("Int64") == nil, ["max", "min", "bitWidth", "zero"].contains(name) {
            return typed(Expr(.member(Expr(.identifier("Int"), base.range), name, nameRange: range), range))
        }
        guard case .identifier(let type) = base.kind, Resolver.sizedIntegers.contains(type), globals[type] == nil, lookupLocal(type) == nil,
              ["max", "min", "bitWidth", "zero"].contains(name) else { return nil }
        let bits = ["Int8": 8, "UInt8": 8, "Int16": 16, "UInt16": 16, "Int32": 32, "UInt32": 32][type] ?? 64, unsigned = type.hasPrefix("U")
        warning(.sizedIntegerIsInt(type), at: base.range)
        switch name {
        case "max" where unsigned && bits == 64:
            error(.expected("a value an Int holds", found: "'\(type).max' (18446744073709551615)"), at: range)
            return Typed(.constant(.int(Int.max)), .int)
        case "max": return Typed(.constant(.int(unsigned ? (1 << bits) - 1 : (1 << (bits - 1)) - 1)), .int)
        case "min": return Typed(.constant(.int(unsigned ? 0 : bits == 64 ? Int.min : -(1 << (bits - 1)))), .int)
        case "bitWidth": return Typed(.constant(.int(bits)), .int)
        default: return Typed(.constant(.int(0)), .int)
        }
    }

    /// An annotation's type, reporting nothing (it is reported where the declaration itself is resolved).
    func resolveTypeQuietly(_ t: TypeRef) -> ScriptType {
        quietly { resolveType(t) }
    }

    /// Turns an annotation into a check. Unknown types are diagnosed and checked as `Any`.
    func resolveType(_ t: TypeRef) -> ScriptType {
        switch t.kind {
        case .named(let name):
            if let substituted = typeSubstitutions[name] { return substituted }
            // `C.Item`, `S.Element` of a generic parameter: an associated type, checked as `Any` here.
            if let dot = name.firstIndex(of: "."), let owner = Optional(String(name[..<dot])),
               typeSubstitutions[owner] != nil || typeAliases[owner].map({ if case .named("Any") = $0.kind { true } else { false } }) == true { return .any }
            switch name {
            case "Int", "Int64": return .int   // the same 64-bit integer on every device Apple ships
            case "Double", "CGFloat", "TimeInterval": return .double   // CGFloat is a Double on a 64-bit device; TimeInterval is Double
            case "Float":
                // A 32-bit number prints and rounds otherwise (`0.33333334`): said, so a Double in its place is no silent difference.
                warning(.floatIsDouble, at: t.range)
                return .double
            case _ where Resolver.sizedIntegers.contains(name) && isUndeclared(name):
                // `UInt8`, `Int32`…: an `Int`, said (a byte's arithmetic, `asciiValue`'s, is the common use).
                warning(.sizedIntegerIsInt(name), at: t.range)
                return .int
            case "String": return .string
            case "Character": return .character
            case "Substring": return .substring
            case "LocalizedStringResource", "IntentDialog": return .string   // Apple's texts are text here (SPEC §13)
            case "DisplayRepresentation" where isUndeclared(name): return .string   // its title (`displayTitle`), as an entity shows it
            case "ComparisonResult" where isUndeclared("ComparisonResult"): return .any   // its cases by name (`TextOrder`)
            case "Bool": return .bool
            case "String.Index" where isUndeclared("String"): return .stringIndex
            case "Date": return .date
            case "UUID": return .uuid
            case "Void": return .void
            case "Set": return .set(.any)
            case "Error": return .error
            // `Never` (`Result<Int, Never>`, `CheckedContinuation<T, Never>`): a failure that cannot happen, an `Error` here.
            case "Never" where isUndeclared("Never"): return .error
            case "Any":
                // Written in the program, a value of any type, which must be cast to be used as one; the parser's stand-in
                // for a generic parameter (`T`), and the preludes' own, are the checker's unknown.
                return sourceText(t.range) == "Any" && !StandardTypes.isStandard(t.range, program) ? .existential("Any") : .any
            case "AnyObject" where isUndeclared(name): return .any   // any class's instance (`weak var owner: AnyObject?`)
            case "View", "some View": return .view
            case "Logger" where isUndeclared(name): return .framework(name)
            case "IntentChoiceOption" where isUndeclared(name): return .framework(name)   // `requestChoice`'s options (SPEC §5.3)
            case "Self" where requirementsOf != nil: return .existential(requirementsOf.unsafelyUnwrapped)
            case "Self" where lookupLocal("Self") == nil:
                // Inside a type, the type itself: in a body (`selfType`), among its members' types, in a static.
                if selfKind() != nil { return selfType() }
                if let owner = declaringType ?? staticOwner.map({ resolveType(TypeRef(.named($0), t.range)) }) { return owner }
            default: break
            }
            // A protocol of the program's: a value of any type that conforms (`Resolver+Existentials`); `Named & Aged`, of
            // both (the standard protocols in a composition, `Hashable`, `AnyObject`, ask nothing more here).
            if protocolNames.contains(name) { return .existential(name) }
            // `some Equatable`, `any Hashable`: a standard protocol as a type is a value of any type that conforms.
            if TypeDecl.conformances.contains(name) || Resolver.collectionProtocols.contains(name), name != "Error", isUndeclared(name) { return .any }
            if name.contains(" & ") {
                let parts = ScriptType.protocolParts(of: name).filter(protocolNames.contains).sorted()   // swiftc's order
                return parts.isEmpty ? .any : .existential(parts.joined(separator: " & "))
            }
            // `typealias Celsius = Double`: the type it names, worked out once (one that names itself is an error, not a loop).
            if let alias = typeAliases[name] { return resolveAlias(name, alias, at: t.range) }
            // `Base.Type`: a metatype — a value of the type or a subclass's, whose statics, class methods and `init`s are
            // found when the program runs (`t.init()`, `t.name()`), as a protocol's metatype's are.
            if name.hasSuffix(".Type"), globals[String(name.dropLast(5))] != nil { return .any }
            // `Request.Status` names a nested type (hoisted to the top level); `Book.ID` an entity's id type.
            if globals[name] == nil, let dot = name.lastIndex(of: "."), case .record(let outer, _, _)? = globals[String(name[..<dot])] ?? globals[String(name.prefix { $0 != "." })] {
                let inner = String(name[name.index(after: dot)...])
                if inner == "ID" { return outer.fieldIndex["id"].flatMap { outer.fields[$0].type } ?? outer.memberTypes.computed["id"] ?? .any }
                return resolveType(TypeRef(.named(inner), t.range))
            }
            switch globals[name] {
            case .enumeration(let e, _, _)?: return .enumeration(e)
            case .record(let r, _, _)?: return .record(r)
            case .intent(let i, _, _)?: return .intent(i)
            case .view?: return .view
            default:
                let known = ["Int", "Double", "String", "Bool", "Date", "UUID", "Void", "Any"] + Array(program.enums.keys) + Array(program.records.keys) + Array(program.intents.keys)
                error(.unknownType(name, suggestion: closestMatch(to: name, in: known)), at: t.range)
                return .any
            }
        case .generic(let name, var arguments):
            if name == "Set", arguments.count == 1 { return .set(hashableElement(resolveType(arguments[0]), at: t.range)) }
            // `some Sequence<Int>`, `any Collection<String>` (a protocol with its primary associated type): a value of any
            // type that conforms, as `some Sequence` is — its elements are checked where they are used, as a generic's are.
            if Resolver.collectionProtocols.contains(name) || name == "Sequence" || name == "IteratorProtocol", arguments.count == 1, isUndeclared(name) {
                _ = resolveType(arguments[0])
                return .any
            }
            // `AsyncStream<Int>.Continuation`: the prelude's continuation of that stream.
            if name == "AsyncStream.Continuation", isPreludeType("AsyncStreamContinuation") {
                return resolveType(TypeRef(.generic("AsyncStreamContinuation", arguments), t.range))
            }
            // `ArraySlice<T>`: a slice is an array here (docs/Language.md).
            if name == "ArraySlice", arguments.count == 1, isUndeclared(name) { return .array(resolveType(arguments[0])) }
            // `IndexingIterator<[T]>`, as Swift writes it (of the collection): the prelude's iterator of `T`.
            if name == "IndexingIterator", arguments.count == 1, case .array(let element) = arguments[0].kind { arguments = [element] }
            // `Range<Int>`, `ClosedRange<Int>`: `0..<n` and `1...n` (ranges here are of `Int`s).
            if name == "Range" || name == "ClosedRange", arguments.count == 1, isUndeclared(name) || isPreludeType(name) {
                switch resolveType(arguments[0]) {
                case .int: return .range(closed: name == "ClosedRange")
                case .stringIndex: return .indexRange(closed: name == "ClosedRange")   // `Range<String.Index>`
                default: break
                }
            }
            // `KeyPath<Root, Value>`: a key path (`\.name`) is a function from its root to its value here, read by
            // `root[keyPath: path]` (`Resolver+KeyPaths`); a writable one is read as one too.
            if ["KeyPath", "WritableKeyPath", "ReferenceWritableKeyPath"].contains(name), arguments.count == 2, isUndeclared(name) {
                return .function([resolveType(arguments[0])], resolveType(arguments[1]))
            }
            // A `DynamicOptionsProvider`'s `ItemCollection<T>`: its options, a `[T]` here (`Resolver+ItemCollections`).
            if Resolver.itemCollectionNames.contains(name), arguments.count == 1, isUndeclared(name) { return .array(resolveType(arguments[0])) }
            // `Stack<Int>`: a use of a generic type of the program's (`Resolver+GenericTypes`), with as many arguments as it has parameters.
            let parameters: Int? = switch globals[name] {
            case .record(_, let decl, _)?: decl.generics.count
            case .enumeration(_, let decl, _)?: decl.generics.count
            default: nil
            }
            if let parameters, parameters != arguments.count {
                error(.genericArgumentCount(type: name, expected: parameters, got: arguments.count), at: t.range)
                return .any
            }
            switch globals[name] {
            case .record(let r, _, _)?:
                return .record(specialized(r, arguments.map { resolveType($0) }, at: t.range, written: true))
            case .enumeration(let e, _, _)?:
                return .enumeration(specialized(e, arguments.map { resolveType($0) }, at: t.range, written: true))
            default: break
            }
            error(.unknownType("\(name)<…>", suggestion: name == "Set" ? nil : closestMatch(to: name, in: ["Set", "Array", "Dictionary", "Optional"])), at: t.range,
                  notes: ["the generic types are Set<T>, Array<T>, Dictionary<K, V>, Optional<T> and the program's own"])
            return .any
        case .array(let e): return .array(resolveType(e))
        case .dictionary(let k, let v):
            return .dictionary(hashableElement(resolveType(k), at: t.range), resolveType(v))
        case .optional(let w): return .optional(resolveType(w))
        case .function(let ps, let r):
            return .function(ps.map { $0.isInout ? .inoutParameter(resolveType($0)) : resolveType($0) }, resolveType(r))
        case .tuple(let ts, let labels):
            return .tuple(ts.map { resolveType($0) }, labels: labels.contains { $0 != nil } ? labels : [])
        }
    }
}

extension Resolver {
    /// A set's element or a dictionary's key, which must be `Hashable` (`Set<P>` of a struct that is not: swiftc's
    /// "type 'P' does not conform to protocol 'Hashable'"; a type parameter as its constraints say).
    func hashableElement(_ type: ScriptType, at range: SourceRange) -> ScriptType {
        if !conformsToStandard(type, "Hashable") { error(.doesNotConform(type: type.description, protocol: "Hashable"), at: range) }
        return type
    }

    /// A name that denotes a type here (not hidden by a local or a member of `self`).
    func isTypeName(_ name: String) -> Bool {
        guard lookupLocal(name) == nil, implicitSelfMember(name, at: .none) == nil else { return false }
        switch globals[name] {
        case .record?, .enumeration?, .intent?, .view?: return true
        case .variable?, .function?: return false
        case nil: return BuiltinType(rawValue: name) != nil
        }
    }

    /// An expression that spells a type: `Int`, `[Int]`, `[String: [Int]]`.
    func typeRef(from e: Expr) -> TypeRef? {
        switch e.kind {
        case .identifier(let name) where lookupLocal(name) == nil: return TypeRef(.named(name), e.range)
        case .typeValue(let ref): return ref
        case .array(let items) where items.count == 1:
            return typeRef(from: items[0]).map { TypeRef(.array($0), e.range) }
        case .dictionary(let pairs) where pairs.count == 1:
            guard let k = typeRef(from: pairs[0].key), let v = typeRef(from: pairs[0].value) else { return nil }
            return TypeRef(.dictionary(k, v), e.range)
        case .tuple(let items) where items.count > 1:   // `(Int, String).self`
            let refs = items.compactMap { typeRef(from: $0) }
            return refs.count == items.count ? TypeRef(.tuple(refs, labels: refs.map { _ in nil }), e.range) : nil
        default: return nil
        }
    }
}

extension Resolver {
    /// The standard library's collection protocols, which a value's type may be written as (`any Collection<Int>`).
    static let collectionProtocols: Set = ["Collection", "BidirectionalCollection", "RandomAccessCollection", "MutableCollection",
                                           "RangeReplaceableCollection", "StringProtocol"]

    /// A type the standard library's prelude declared (`StandardTypes`), not the program.
    func isPreludeType(_ name: String) -> Bool {
        guard case .record(_, _, let range)? = globals[name], Int(range.file) < program.files.count else { return false }
        return StandardTypes.preludeFileNames.contains(program.files[Int(range.file)].name)
    }
}

extension Resolver {
    /// `Float(x)`, `Float.pi`, `Float.random(in:)`: a `Float` is a `Double` here, its statics `Double`'s (said, as the type
    /// name is).
    func floatAsDouble(_ base: Expr) -> Expr? {
        guard case .identifier("Float") = base.kind, globals["Float"] == nil, lookupLocal("Float") == nil else { return nil }
        warning(.floatIsDouble, at: base.range)
        return Expr(.identifier("Double"), base.range)
    }
}
