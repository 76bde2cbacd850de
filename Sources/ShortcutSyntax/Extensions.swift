/// `extension X { … }` (SPEC §13): its members are added to X's own declaration, in whichever
/// file of the program X is declared, before anything is resolved — so the rest of the pipeline
/// sees one declaration per type. An intent's initialisers must only set its parameters (an intent
/// is made from them by label anyway); conformances listed on an extension join the type's.
public enum Extensions {
    /// The standard library's types an extension may add computed properties and methods to (`StandardExtensions`).
    static let standardTypes: Set<String> = ["Int", "Double", "Float", "String", "Character", "Bool", "Array", "Dictionary", "Set", "Date",
                                             "UUID", "Sequence", "Collection", "Numeric", "Comparable", "Equatable", "Hashable", "BinaryInteger",
                                             "FloatingPoint", "BinaryFloatingPoint", "StringProtocol", "RandomAccessCollection",
                                             "BidirectionalCollection", "MutableCollection", "View", "Optional"]
    /// Apple's types whose extensions may add static members (`extension Color { static let brand = Color.green }`,
    /// `extension Logger { static let intents = Logger(subsystem: …, category: …) }`).
    static let frameworkTypes: Set<String> = ["Color", "Font", "Logger"]
    /// Those that cannot be extended here (docs/Language.md).
    static let closedTypes: Set<String> = ["Range", "ClosedRange"]

    public static func merged(_ units: [SourceUnit]) -> (units: [SourceUnit], diagnostics: [Diagnostic]) {
        var extensions: [(decl: ExtensionDecl, range: SourceRange, unit: Int)] = []
        var units = units
        // A protocol's extensions stay for `Protocols`, which gives their members to the conforming types.
        let protocols = Protocols.names(in: units)
        for u in units.indices {
            units[u].items.removeAll { item in
                guard case .declaration(let d) = item.kind, case .extension(let e) = d.kind, !protocols.contains(e.name) else { return false }
                extensions.append((e, d.nameRange, u))
                return true
            }
        }
        guard !extensions.isEmpty else { return (units, []) }
        var diagnostics: [Diagnostic] = []
        for (e, range, unit) in extensions {
            // An instance's storage is declared with its type: an extension adds computed properties only, as in Swift.
            for case .variable(let v) in e.members.properties.map(\.kind) where v.getter == nil {
                diagnostics.append(Diagnostic(.storedPropertyInExtension, at: v.nameRange))
            }
            var found = false
            for u in units.indices where !found {
                for i in units[u].items.indices where !found {
                    guard case .declaration(var d) = units[u].items[i].kind, d.name == e.name, let merged = merge(e, into: d.kind, &diagnostics) else { continue }
                    d.kind = merged
                    units[u].items[i].kind = .declaration(d)
                    found = true
                }
            }
            if found {
                continue
            } else if Extensions.closedTypes.contains(e.name) {
                diagnostics.append(Diagnostic(.swiftism(found: "extension \(e.name)", suggestion: "'\(e.name)' cannot be extended here: write a function that takes the value"), at: range))
            } else if Extensions.standardTypes.contains(e.name) || Extensions.frameworkTypes.contains(e.name) {
                if Extensions.frameworkTypes.contains(e.name), let member = e.members.properties.first?.range ?? e.members.functions.first?.range {
                    diagnostics.append(Diagnostic(.expected("static members in an extension of '\(e.name)'", found: "an instance member"), at: member))
                    continue
                }
                let (functions, statics, generics, problems) = StandardExtensions.lowered(e, at: range)
                units[unit].items += functions.map { Stmt(.declaration($0), $0.range) }
                // Its statics stay an extension, which the resolver declares as the type's statics (`Color.brand`).
                if let statics { units[unit].items.append(Stmt(.declaration(Decl(.extension(statics), range: range, nameRange: range)), range)) }
                units[unit].genericNames.formUnion(generics)
                diagnostics += problems
            } else {
                diagnostics.append(Diagnostic(.unknownType(e.name, suggestion: nil), at: range, notes: ["an extension adds to a type the program declares"]))
            }
        }
        return (units, diagnostics)
    }

    /// The declaration with the extension's members added, or nil when it is not a type an extension can add to.
    static func merge(_ e: ExtensionDecl, into kind: DeclKind, _ diagnostics: inout [Diagnostic]) -> DeclKind? {
        switch kind {
        case .intent(var i):
            i.members.add(e.members)
            for initializer in e.initializers {
                if let extra = Parser.extraWork(in: initializer) {
                    diagnostics.append(Diagnostic(.expected("only 'self.name = name' for its parameters in an initialiser of intent '\(i.name)'",
                                                            found: "another statement"), at: extra.range,
                                                  notes: ["an intent is made from its parameters by label; other work belongs in 'perform'"]))
                }
            }
            return .intent(i)
        case .type(var t):
            t.members.add(e.requiringItsClause())
            t.conformances += e.conformances
            t.members.initializers += e.initializers.map { f in var f = f; f.outerRequirements += e.requirements; return f }
            return .type(t)
        case .enumeration(var en):
            en.members.add(e.members)
            en.conformances += e.conformances
            en.applyCaseTitles(&diagnostics)
            unsupportedInitializers(e, &diagnostics)
            return .enumeration(en)
        case .view(var v) where v.members != nil:
            // `extension LandmarkView { var header: some View { … } }`: helpers its body sees, as its own are.
            v.members?.add(e.members)
            unsupportedInitializers(e, &diagnostics)
            return .view(v)
        default:
            return nil
        }
    }

    static func unsupportedInitializers(_ e: ExtensionDecl, _ diagnostics: inout [Diagnostic]) {
        for initializer in e.initializers {
            diagnostics.append(Diagnostic(.expected("a property or a function in extension '\(e.name)'", found: "an initialiser"),
                                          at: initializer.body.range, notes: ["a struct is made by its memberwise initialiser here"]))
        }
    }
}

extension Members {
    /// Adds another body's members (an extension's) after these.
    mutating func add(_ other: Members) {
        metadata += other.metadata
        initializers += other.initializers
        properties += other.properties
        functions += other.functions
        staticProperties += other.staticProperties
        staticFunctions += other.staticFunctions
        staticGetters.formUnion(other.staticGetters)
        nestedTypes += other.nestedTypes
        // `private` in an extension: the type's code sees it (the extension's is the type's now), nothing else.
        privateNames.formUnion(other.privateNames)
        privateSetters.formUnion(other.privateSetters)
    }

    /// Whether there are static properties or functions.
    var hasStatics: Bool { !staticProperties.isEmpty || !staticFunctions.isEmpty }

    /// The static members alone (what stays of a query struct or of an extension of a standard type).
    var staticsOnly: Members {
        var statics = Members()
        (statics.staticProperties, statics.staticFunctions, statics.staticGetters) = (staticProperties, staticFunctions, staticGetters)
        return statics
    }
}

extension ExtensionDecl {
    /// Its members, each noting what the extension's `where` clause requires (`extension Stack where Element: Equatable`),
    /// which its body may rely on when the members join the type's own.
    func requiringItsClause() -> Members {
        guard !requirements.isEmpty else { return members }
        var members = members
        for i in members.functions.indices {
            guard case .function(var f) = members.functions[i].kind else { continue }
            f.outerRequirements += requirements
            members.functions[i].kind = .function(f)
        }
        for i in members.properties.indices {
            guard case .variable(var v) = members.properties[i].kind else { continue }
            v.outerRequirements += requirements
            members.properties[i].kind = .variable(v)
        }
        return members
    }
}
