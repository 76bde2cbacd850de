import ShortcutSyntax

/// What members a type has, to the checker: a program's type's fields, computed properties and methods, an intent's
/// parameters, a protocol's (`Resolver+Existentials`), the standard library's.
extension Resolver {
    /// The type of member `name` of a value of type `base`: a field, a computed
    /// property, a method (as a function value), an intent's parameter or
    /// dependency, or a standard-library property. Nil when the type has no
    /// such member; `.any` when the checker does not know.
    func memberType(_ base: ScriptType, _ name: String) -> ScriptType? {
        // `x.hashValue` of any `Hashable` value.
        if name == "hashValue", !base.isUnknown, conformsToStandard(base, "Hashable") { return .int }
        switch base {
        case .any: return .any
        case .record(let r):
            if let t = lazyPropertyType(r, name) { return t }
            if let i = r.fieldIndex[name] { return r.fields[i].type ?? .any }
            if let t = r.memberTypes.computed[name] { return givingAssociatedTypes(t, r.memberTypes.computedRefs[name], of: base, name) }
            if let m = r.memberTypes.methods[name] { return m.type }
            return name == "localizedDescription" && r.isError ? .string : nil
        case .enumeration(let e):
            switch name {
            case "rawValue": return e.rawType   // none without a raw type, as in Swift
            case "description": return .string
            case "title": return e.memberTypes.computed["title"] ?? .string
            default: break
            }
            if let t = e.memberTypes.computed[name] { return givingAssociatedTypes(t, e.memberTypes.computedRefs[name], of: base, name) }
            if let m = e.memberTypes.methods[name] { return m.type }
            return name == "localizedDescription" && e.isError ? .string : nil
        case .intent(let i):
            if let p = i.parameterIndex[name] { return i.parameters[p].type }
            if let d = i.dependencies.first(where: { $0.name == name }) { return .record(d.store) }
            if let t = i.memberTypes.computed[name] { return t }
            if let m = i.memberTypes.methods[name] { return m.type }
            return name == "title" ? .string : nil
        case .typeParameter:
            // What its constraints give; an integer's or a floating-point number's many members are taken on trust.
            let protocols = base.typeParameterProtocols ?? []
            switch name {
            case "description" where protocols.contains("CustomStringConvertible"): return .string
            case "magnitude" where protocols.contains("Numeric"): return .any
            default: return protocols.isSubset(of: TypeParameters.closed) ? nil : .any
            }
        case .existential(let p):
            let members = existentialMembers(p)
            if let t = members.types.computed[name] { return t }
            if let m = members.types.methods[name] { return m.type }
            return members.untyped.contains(name) ? .any : nil
        case .framework("IntentChoiceOption"): return ["title": .string, "style": .any][name]   // the option `requestChoice` gives
        default:
            return LibraryTypes.property(base, name)
        }
    }

    /// What the engine may rely on of a read of member `name` of a value of type `base` (`Name.kind`, `Name.isPureRead`,
    /// `Name.isConstant`).
    /// A stored property of a struct or class of the program's (not generic, not lazy) declared `Int`, `Double` or `Bool`
    /// gives one: every value stored there was checked of that type (an initializer's argument, an assignment) — not a
    /// store's fields (they come from a file) nor a generic type's (its code sees its parameters as `Any`). Reading a
    /// stored property runs no code unless a subclass may override it (a class not `final`); an array's, a string's, a
    /// dictionary's or a set's `count` is an `Int` and `isEmpty` a `Bool`, read with no code of the program's. A pure
    /// read of a `let` is constant: no assignment can change it once its value is made.
    func provenRead(ofMember name: String, of base: ScriptType) -> ProvenRead {
        switch base {
        case .array, .string, .substring, .dictionary, .set:
            switch name {
            case "count": return ProvenRead(kind: .int, isPure: true)
            case "isEmpty": return ProvenRead(kind: .bool, isPure: true)
            default: return ProvenRead()
            }
        case .record(let r) where r.keepsDeclaredTypes:
            guard lazyPropertyType(r, name) == nil, let i = r.fieldIndex[name], let type = r.fields[i].type else { return ProvenRead() }
            let isPure = r.kind == .struct || r.isFinal
            let kind: ScalarKind = switch type {
            case .int: .int
            case .double: .double
            case .bool: .bool
            default: .other
            }
            return ProvenRead(kind: kind, isPure: isPure, isConstant: isPure && r.fields[i].isConstant)
        default:
            return ProvenRead()
        }
    }

    /// A place's member `name` of a value of type `base`, with `Name.isPlainStore` when an assignment to it only stores —
    /// a stored property (not lazy) of a struct or a final class, with no observers — and then the kind of value it holds.
    func placeMemberName(_ name: String, of base: ScriptType) -> Name {
        guard case .record(let r) = base, r.keepsDeclaredTypes, r.kind == .struct || r.isFinal, lazyPropertyType(r, name) == nil,
              let i = r.fieldIndex[name], r.fields[i].type != nil, !r.fields[i].isObserved, r.observers[name] == nil else { return Name(name) }
        return Name(name, kind: provenRead(ofMember: name, of: base).kind, isPlainStore: true)
    }

    /// A collection of the standard library, whose run-time members are a little wider than the checker's table.
    func isLibraryType(_ t: ScriptType) -> Bool {
        switch t {
        case .string, .substring, .array, .dictionary: return true
        default: return false
        }
    }

    /// Member names of a type, for "did you mean".
    func memberNames(_ base: ScriptType) -> [String] {
        switch base {
        case .record(let r): return r.fields.map(\.name) + Array(r.memberTypes.computed.keys) + Array(r.memberTypes.methods.keys)
        case .enumeration(let e): return (e.rawType == nil ? [] : ["rawValue"]) + Array(e.memberTypes.computed.keys) + Array(e.memberTypes.methods.keys)
        case .intent(let i):
            return i.parameters.map(\.name) + i.dependencies.map(\.name) + Array(i.memberTypes.computed.keys) + Array(i.memberTypes.methods.keys)
        case .existential(let p):
            let members = existentialMembers(p)
            return Array(members.types.computed.keys) + Array(members.types.methods.keys) + Array(members.untyped)
        default: return LibraryTypes.propertyNames(base) + LibraryTypes.methodNames(base)
        }
    }

    /// The member's type, reporting a member the type does not have and an optional used without unwrapping.
    func checkedMemberType(_ base: ScriptType, _ name: String, nameRange: SourceRange, base written: Expr? = nil) -> ScriptType {
        if let wrapped = base.wrapped, !wrapped.isUnknown {
            if memberType(wrapped, name) != nil {
                reportOptionalBase(base, wrapped, member: name, at: nameRange, base: written)
                return .any
            }
        }
        if let t = memberType(base, name) { return t }
        if case .record(let r) = base, globals[Resolver.staticKey(r.name, name)] != nil {
            error(.staticMemberOnInstance(name, type: r.name), at: written?.range ?? nameRange)
        } else if case .function(let ps, let result) = base, ps.isEmpty, case .identifier(let function)? = written?.kind, memberType(result, name) != nil {
            error(.functionUsedAsProperty(function), at: written?.range ?? nameRange)   // `u.isEmpty` of `let u = s.uppercased`
        } else if knowsAllMembers(base), Member(rawValue: name) == nil || !isLibraryType(base) {
            error(.unknownMember(name, type: base.description, suggestion: closestMatch(to: name, in: memberNames(base)), ofValue: true), at: nameRange)
        }
        return .any
    }

    /// Whether the checker knows every member of the type, so a missing one is an error.
    func knowsAllMembers(_ base: ScriptType) -> Bool {
        switch base {
        case .any, .view: return false
        default: return true
        }
    }

    /// The methods and computed properties a type of the program declares.
    func declaredMembers(of type: ScriptType) -> MemberTypes? {
        switch type {
        case .record(let r): return r.memberTypes
        case .enumeration(let e): return e.memberTypes
        case .intent(let i): return i.memberTypes
        case .existential(let p): return existentialMembers(p).types
        default: return nil
        }
    }
}
