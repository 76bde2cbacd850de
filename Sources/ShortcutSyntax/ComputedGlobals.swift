/// Top-level variables with accessors, as Swift has them in a program's main file:
///
/// - `var total: Int { score * 10 }`, get-only: a function of no arguments (`func total() -> Int`) that each read of the
///   name calls (`Resolver`'s getter keys, as for a static computed property);
/// - `var score = 0 { didSet { … } }` (observers) and `var level: Int { get { … } set { … } }` (a setter), and a static
///   property with either (`boxedStatics`): the
///   property of a hidden class of its own (`boxName`), whose one instance the global holds. The checker reads and
///   changes the global as that property (`Resolver.boxedGlobals`), so every way a place changes — `=`, `+=`, a mutating
///   method, an element, `inout` — goes through the property's observers or setter, as a stored property's do; the
///   instance is made where the variable is declared, so its initial value is computed in the main file's order.
public enum ComputedGlobals {
    /// The class whose property a top-level variable with observers or a setter is: a name no program can write.
    public static func boxName(_ name: String) -> String { "var \(name)" }

    /// How a member's code is named in messages (`Type.name`): of a hidden class, by the variable's own name
    /// (`level.set`, `Config.level.didSet`), not the class's (`var level.level.set`).
    public static func functionName(_ owner: String, _ member: String) -> String {
        guard owner.hasPrefix(boxName("")) else { return "\(owner).\(member)" }
        let key = owner.dropFirst(boxName("").count)
        let property = key.split(separator: ".").last.map(String.init) ?? String(key)
        return member.hasPrefix(property) ? String(key + member.dropFirst(property.count)) : "\(key).\(member)"
    }

    /// The units with each top-level computed variable a function or a boxed property; the names of the first, and of the
    /// second each with its property's (its own).
    public static func lowered(_ units: [SourceUnit]) -> (units: [SourceUnit], getters: Set<String>, boxed: [String: String]) {
        var getters: Set<String> = [], boxed: [String: String] = [:]
        let lowered = units.map { unit in
            var unit = unit
            unit.items = unit.items.flatMap { item -> [Stmt] in
                guard case .variable(let v) = item.kind, case .name(let name, let nameRange) = v.pattern else { return [item] }
                if let getter = v.getter, v.setter == nil, !v.isObserved {
                    getters.insert(name)
                    let f = FunctionDecl(name: name, parameters: [], returnType: v.type, body: getter, isMutating: false, isThrowing: false)
                    return [Stmt(.declaration(Decl(.function(f), range: item.range, nameRange: nameRange)), item.range)]
                }
                guard let (box, global) = ComputedGlobals.boxed(item, name: name) else { return [item] }
                // A second declaration of the name is only the variable (the checker says it is declared twice).
                guard boxed.updateValue(name, forKey: name) == nil else { return [global] }
                return [Stmt(.declaration(box), item.range), global]
            }
            return unit
        }
        return (lowered, getters, boxed)
    }

    /// The types' static properties with observers or a setter, each holding an instance of a hidden class of its own;
    /// their keys (`Type.name`) each with its property's name, and the type each hidden class's code is in the static
    /// context of (its bare names find that type's statics, as the accessors' did).
    public static func boxedStatics(_ units: [SourceUnit]) -> (units: [SourceUnit], keys: [String: String], owners: [String: String]) {
        var keys: [String: String] = [:], owners: [String: String] = [:]
        func boxing(_ members: inout Members, of type: String) -> [Stmt] {
            var boxes: [Stmt] = []
            members.staticProperties = members.staticProperties.map { p in
                guard case .variable(let v) = p.kind, let (box, global) = boxed(p, name: "\(type).\(v.name)") else { return p }
                keys["\(type).\(v.name)"] = v.name
                owners[box.name] = type
                boxes.append(Stmt(.declaration(box), p.range))
                return global
            }
            return boxes
        }
        let lowered = units.map { unit in
            var unit = unit
            unit.items = unit.items.flatMap { item -> [Stmt] in
                guard case .declaration(var d) = item.kind else { return [item] }
                let boxes: [Stmt]
                switch d.kind {
                case .type(var t) where t.generics.isEmpty:
                    boxes = boxing(&t.members, of: t.name)
                    d.kind = .type(t)
                case .enumeration(var e) where e.generics.isEmpty:
                    boxes = boxing(&e.members, of: e.name)
                    d.kind = .enumeration(e)
                default: return [item]
                }
                return boxes.isEmpty ? [item] : [Stmt(.declaration(d), item.range)] + boxes
            }
            return unit
        }
        return (lowered, keys, owners)
    }

    /// A variable with observers or a setter (`item`) as the property of a hidden class, and the variable that holds
    /// the class's instance in its place; nil for any other.
    static func boxed(_ item: Stmt, name: String) -> (box: Decl, holder: Stmt)? {
        guard case .variable(let v) = item.kind, !v.isConstant, v.setter != nil || v.isObserved else { return nil }
        // Observers need a value to start from: an initial one, or nil (the checker says so of any other).
        if v.isObserved, v.initializer == nil, v.getter == nil, !(v.type.map { if case .optional = $0.kind { true } else { false } } ?? false) { return nil }
        var members = Members()
        members.properties = [item]
        let box = Decl(.type(TypeDecl(kind: .class, name: boxName(name), members: members, query: nil)), range: item.range, nameRange: v.nameRange)
        let made = Expr(.call(Expr(.identifier(boxName(name)), v.nameRange), []), v.nameRange)
        let holder = VarDecl(isConstant: false, pattern: v.pattern, type: nil, initializer: made, nameRange: v.nameRange)
        return (box, Stmt(.variable(holder), item.range))
    }
}
