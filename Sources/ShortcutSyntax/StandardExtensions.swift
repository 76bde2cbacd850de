/// `extension Int { var isEven: Bool { … } }`, `extension Array where Element == Int { func total() -> Int { … } }`
/// (docs/Language.md): each computed property and method of an extension of a standard type becomes a top-level
/// function named `Int@isEven` whose first parameter is `self`; the checker calls it for `n.isEven` on a value of
/// that type, and inside it a bare member name is one of `self`'s. A collection's `Element` (a dictionary's `Key`
/// and `Value`) is `Any` here, as a generic parameter is.
enum StandardExtensions {
    /// The value `self` is in an extension of each standard type, written as a type.
    static func selfType(of name: String, at range: SourceRange) -> (type: TypeRef, generics: [String]) {
        let element = TypeRef(.named("Element"), range)
        switch name {
        case "Array", "Collection", "Sequence", "RandomAccessCollection", "BidirectionalCollection", "MutableCollection":
            return (TypeRef(.array(element), range), ["Element"])
        case "Set": return (TypeRef(.generic("Set", [element]), range), ["Element"])
        case "Dictionary": return (TypeRef(.dictionary(TypeRef(.named("Key"), range), TypeRef(.named("Value"), range)), range), ["Key", "Value"])
        case "StringProtocol": return (TypeRef(.named("String"), range), [])
        case "BinaryInteger": return (TypeRef(.named("Int"), range), [])
        case "FloatingPoint", "BinaryFloatingPoint": return (TypeRef(.named("Double"), range), [])
        case "Numeric", "Comparable", "Equatable", "Hashable": return (TypeRef(.named("Any"), range), [])
        case "Optional": return (TypeRef(.optional(TypeRef(.named("Wrapped"), range)), range), ["Wrapped"])
        default: return (TypeRef(.named(name), range), [])
        }
    }

    /// The functions an extension of a standard type becomes, or the diagnostics for what it may not hold.
    /// A static member (`static let brand = Color.green`, `static func random() -> Int`) stays the type's static, read as
    /// `Color.brand`: the extension is kept holding those alone.
    static func lowered(_ e: ExtensionDecl, at range: SourceRange) -> (functions: [Decl], statics: ExtensionDecl?, generics: [String], diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let (type, generics) = selfType(of: e.name, at: range)
        let selfParameter = Parameter(label: nil, name: "self", type: type, defaultValue: nil, range: range)
        var functions: [Decl] = []
        for p in e.members.properties {
            guard case .variable(let v) = p.kind, let getter = v.getter, v.setter == nil else {
                diagnostics.append(Diagnostic(.expected("a computed property (get-only) in an extension of '\(e.name)'", found: "a stored property"), at: p.range))
                continue
            }
            var f = FunctionDecl(name: "\(e.name)@\(v.name)", parameters: [selfParameter], returnType: v.type, body: getter, isMutating: false, isThrowing: false)
            f.isComputedProperty = true
            f.outerRequirements = e.requirements   // `where Element: Numeric`: what a call's value must meet
            functions.append(Decl(.function(f), range: p.range, nameRange: v.nameRange))
        }
        for d in e.members.functions {
            guard case .function(var f) = d.kind else { continue }
            if f.isMutating {
                diagnostics.append(Diagnostic(.swiftism(found: "mutating func \(f.name)", suggestion: "a mutating method of a standard type is not supported here: return the changed value instead"),
                                              at: d.nameRange))
                continue
            }
            f.name = "\(e.name)@\(f.name)"
            f.parameters.insert(selfParameter, at: 0)
            f.outerRequirements += e.requirements
            functions.append(Decl(.function(f), range: d.range, nameRange: d.nameRange))
        }
        let unsupported = [(e.initializers.first?.body.range, "an initialiser"), (e.members.nestedTypes.first?.range, "a nested type")]
        for case (let place?, let what) in unsupported {
            diagnostics.append(Diagnostic(.expected("properties and methods in an extension of '\(e.name)'", found: what), at: place))
        }
        // Kept with the conformances it lists too (`extension Int: Shape`), which `Protocols` checks and the checker records.
        let statics = e.members.hasStatics || !e.conformances.isEmpty
            ? ExtensionDecl(name: e.name, members: e.members.staticsOnly, initializers: [], conformances: e.conformances) : nil
        return (functions, statics, generics, diagnostics)
    }
}
