import ShortcutSyntax

/// `private` members, as Swift has them in one file: a member written `private` is its type's own — its methods, its
/// properties' defaults, its statics and its extensions' code may use it; code elsewhere is told, in swiftc's words,
/// that it is inaccessible. `private(set)` lets anyone read and only the type set; a `private init` lets only the
/// type make its values (`static let shared = Single()`). `fileprivate` is the whole file: one program is one module
/// here, so it changes nothing, as `internal` and `public` do not.
extension Resolver {
    /// Runs `body` as the code of type `name` (its members and statics).
    func owning(_ name: String, _ body: () -> Void) {
        let outer = accessOwner
        accessOwner = name
        defer { accessOwner = outer }
        body()
    }

    /// The members the program declared for the type named `name`: a struct's, a class's or an enum's.
    private func declaredAccess(_ name: String) -> Members? {
        switch globals[name] {
        case .record(_, let decl, _)?: return decl.members
        case .enumeration(_, let decl, _)?: return decl.members
        default: return nil
        }
    }

    /// Whether the code being resolved is type `name`'s own, or a type's declared inside it.
    private func isInside(_ name: String) -> Bool {
        var current: [String] = [accessOwner, staticOwner].compactMap { $0 }
        switch selfKind() {
        case .record(let r)?: current.append(r.root.name)
        case .enumeration(let e)?: current.append(e.root.name)
        default: break
        }
        return current.contains { $0 == name || declaredAccess($0)?.enclosingTypes.contains(name) == true }
    }

    /// The name of the type that declares member `name` of a value of `type` (a class's, or a superclass's) with
    /// `names` (its private ones, or its privately set ones) listing it.
    private func ownerName(_ type: ScriptType, _ name: String, in names: (Members) -> Set<String>) -> String? {
        switch type {
        case .record(let r): return sequence(first: r, next: \.superclass).first { declaredAccess($0.root.name).map(names)?.contains(name) == true }?.root.name
        case .enumeration(let e): return e.root.name
        default: return nil
        }
    }

    /// `s.secret`, `s.hidden()`: reported when member `name` of a value of `type` is private and this is not its type's code.
    func checkAccess(_ type: ScriptType, _ name: String, at range: SourceRange) {
        guard let owner = ownerName(type.wrapped ?? type, name, in: \.privateNames) else { return }
        checkAccess(owner: owner, name, at: range)
    }

    /// `S.key`, `Single()`: the same for a static member or an initialiser (`name` `init(…)` with the call's labels) of the
    /// type named `owner`.
    func checkAccess(owner: String, _ name: String, at range: SourceRange) {
        guard let members = declaredAccess(owner), members.privateNames.contains(name), !isInside(owner) else { return }
        error(name.hasPrefix("init(") ? .inaccessible(owner, part: "initializer") : .inaccessible(name, part: ""), at: range)
    }

    /// `Counter.count = 5` for a `static private(set) var count`, outside its type's code.
    func checkStaticSetterAccess(owner: String, _ name: String, at range: SourceRange) {
        guard let members = declaredAccess(owner), members.privateSetters.contains(name), !isInside(owner) else { return }
        error(.inaccessible(name, part: "setter"), at: range)
    }

    /// `t.count = 5` for a `private(set) var count`, outside its type's code; for a `private var count`, the property
    /// itself is out of reach there.
    func checkSetterAccess(_ type: ScriptType, _ name: String, at range: SourceRange) {
        if ownerName(type.wrapped ?? type, name, in: \.privateNames) != nil { return checkAccess(type, name, at: range) }
        guard let owner = ownerName(type.wrapped ?? type, name, in: \.privateSetters), let members = declaredAccess(owner), members.privateSetters.contains(name),
              !isInside(owner) else { return }
        error(.inaccessible(name, part: "setter"), at: range)
    }
}
