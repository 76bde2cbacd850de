/// Property wrappers of the program's own, lowered as Swift lowers them: in a struct or class,
///
///     @Clamped(0, 10) var level: Int = 5
///
/// becomes the storage `var _level: Clamped = Clamped(wrappedValue: 5, 0, 10)` and the computed property
/// `var level: Int { get { _level.wrappedValue } set { _level.wrappedValue = newValue } }`; with a `projectedValue`,
/// `$level` reads `_level.projectedValue`. The memberwise initialiser takes `level:` and wraps it (`Resolver+Calls`). A
/// wrapper type is a struct or class with a `wrappedValue` property (`@propertyWrapper` itself changes nothing).
public enum PropertyWrappers {
    /// The units with every wrapped property of a type lowered, and a diagnostic for each attribute before a property
    /// that names no wrapper type.
    /// `known`: wrapper types declared before (a REPL's earlier inputs).
    public static func lowered(_ units: [SourceUnit], known: [String: TypeDecl] = [:]) -> (units: [SourceUnit], diagnostics: [Diagnostic]) {
        var wrappers = known.filter { property("wrappedValue", of: $0.value) != nil }
        for unit in units {
            for item in unit.items {
                if case .declaration(let d) = item.kind, case .type(let t) = d.kind, t.kind == .struct || t.kind == .class,
                   property("wrappedValue", of: t) != nil { wrappers[t.name] = t }
            }
        }
        var units = units
        var diagnostics: [Diagnostic] = []
        for u in units.indices {
            for i in units[u].items.indices {
                guard case .declaration(var d) = units[u].items[i].kind, case .type(var t) = d.kind else { continue }
                if wrappers[weakWrapper] != nil { t.members.properties = t.members.properties.map(weakAsWrapped) }
                for case .variable(let v) in t.members.properties.map(\.kind) {
                    if let use = v.wrapper, wrappers[use.name] == nil { diagnostics.append(Diagnostic(.unknownAttribute(use.name), at: use.range.droppingFirstByte)) }
                }
                guard t.members.properties.contains(where: { isWrapped($0, by: wrappers) }) else { continue }
                t.members.properties = t.members.properties.flatMap { lowered($0, wrappers) }
                d.kind = .type(t)
                units[u].items[i].kind = .declaration(d)
            }
        }
        return (units, diagnostics)
    }

    /// The prelude's wrapper a `weak var` is (`StandardTypes.weakSource`): what it holds does not keep the instance alive,
    /// so the property reads nil once the instance's last other reference has gone, as Swift's does.
    public static let weakWrapper = "__Weak"
    /// An `unowned var`'s (a closure's `[unowned self]`): the same, but of the variable's own type, and an error to read
    /// once the instance has gone (`Resolver.weakLocal`).
    public static let unownedWrapper = "__Unowned"

    /// A wrapped variable's storage: `_level` for `@Clamped var level`; `__weak_parent` for `weak var parent` (a name no
    /// program writes: it may have a `_parent` of its own).
    public static func storageName(of name: String, wrappedBy wrapper: String) -> String {
        ([weakWrapper, unownedWrapper].contains(wrapper) ? "__weak_" : "_") + name
    }

    /// `weak var parent: Node?` as `@__Weak var parent: Node? = nil`: its storage `__weak_parent`, the property computed. The storage keeps `weak`, for the checker's
    /// test of the property's type (`ownership`).
    public static func weakAsWrapped(_ s: Stmt) -> Stmt {
        guard case .variable(var v) = s.kind, v.ownership == "weak", v.wrapper == nil, v.getter == nil, !v.isConstant else { return s }
        v.wrapper = PropertyWrapperUse(name: weakWrapper, arguments: [], range: v.nameRange)
        // Nil to start with, as an optional variable starts (one of another type is the checker's error: not two).
        if v.initializer == nil, case .optional? = v.type?.kind { v.initializer = Expr(.nil, v.nameRange) }
        return Stmt(.variable(v), s.range)
    }

    static func isWrapped(_ s: Stmt, by wrappers: [String: TypeDecl]) -> Bool {
        if case .variable(let v) = s.kind, let w = v.wrapper, w.wrapped == nil, wrappers[w.name] != nil { return true }
        return false
    }

    /// A type's stored or computed property of this name.
    static func property(_ name: String, of t: TypeDecl) -> VarDecl? {
        for case .variable(let v) in t.members.properties.map(\.kind) where v.name == name { return v }
        return nil
    }

    /// The type a literal gives the property a generic wrapper wraps, as Swift infers it (`@Logged var score = 0`: `Int`).
    static func literalType(_ e: Expr) -> TypeRef? {
        let name: String
        switch e.kind {
        case .integer: name = "Int"
        case .double: name = "Double"
        case .bool: name = "Bool"
        case .string: name = "String"
        case .unary(.negate, let operand): return literalType(operand)
        default: return nil
        }
        return TypeRef(.named(name), e.range)
    }

    /// A wrapped property's setter with its observers, as Swift runs them: `willSet` (its value named as it says), the
    /// store, `didSet` with the value before (`weak var delegate: D? { didSet { … } }`).
    static func observed(_ v: VarDecl, storing store: Stmt, from wrapped: Expr) -> [Stmt] {
        let r = v.nameRange
        func named(_ name: String, _ value: Expr) -> Stmt {
            Stmt(.variable(VarDecl(isConstant: true, pattern: .name(name, r), type: v.type, initializer: value, nameRange: r)), r)
        }
        var statements: [Stmt] = []
        if v.didSet != nil { statements.append(named("__old_" + v.name, wrapped)) }
        if let willSet = v.willSet {
            let value = willSet.parameter == "newValue" ? [] : [named(willSet.parameter, Expr(.identifier("newValue"), r))]
            statements.append(Stmt(.block(Block(value + willSet.body.statements, willSet.body.range)), willSet.body.range))
        }
        statements.append(store)
        if let didSet = v.didSet {
            let old = named(didSet.parameter, Expr(.identifier("__old_" + v.name), r))
            statements.append(Stmt(.block(Block([old] + didSet.body.statements, didSet.body.range)), didSet.body.range))
        }
        return statements
    }

    /// The storage, the property and (with a `projectedValue`) its projection for one wrapped property.
    static func lowered(_ s: Stmt, _ wrappers: [String: TypeDecl]) -> [Stmt] {
        guard isWrapped(s, by: wrappers), case .variable(let v) = s.kind, let use = v.wrapper, let wrapper = wrappers[use.name] else { return [s] }
        let r = v.nameRange, storageName = storageName(of: v.name, wrappedBy: use.name)
        // `Clamped(wrappedValue: 5, 0, 10)`; without a value, `Clamped(0, 10)` when arguments are written (else the
        // memberwise initialiser gives it).
        let made = v.initializer != nil || !use.arguments.isEmpty ? use.made(wrapping: v.initializer, at: r) : nil
        let valueType = v.type ?? (wrapper.generics.isEmpty ? property("wrappedValue", of: wrapper)?.type : v.initializer.flatMap(literalType))
        var storageType: TypeRef?
        if wrapper.generics.isEmpty {
            storageType = TypeRef(.named(use.name), use.range)
        } else if wrapper.generics.count == 1, let valueType {
            storageType = TypeRef(.generic(use.name, [valueType]), use.range)
        }
        var storage = VarDecl(isConstant: false, pattern: .name(storageName, r), type: storageType, initializer: made, nameRange: r)
        storage.wrapper = PropertyWrapperUse(name: use.name, arguments: use.arguments, range: use.range, wrapped: (v.name, valueType))
        storage.ownership = v.ownership
        var result = [Stmt(.variable(storage), s.range)]
        guard let valueType else { return result }   // a computed property needs its type: left to the checker's message
        let wrapped = Expr(.member(Expr(.identifier(storageName), r), "wrappedValue", nameRange: r), r)
        var computed = VarDecl(isConstant: false, pattern: .name(v.name, r), type: valueType, initializer: nil,
                               getter: Block([Stmt(.expression(wrapped), r)], r), nameRange: r)
        computed.setter = ("newValue", Block(observed(v, storing: Stmt(.assign(wrapped, .assign, Expr(.identifier("newValue"), r)), r), from: wrapped), r))
        result.append(Stmt(.variable(computed), s.range))
        if let projected = property("projectedValue", of: wrapper), let type = projected.type {
            let read = Expr(.member(Expr(.identifier(storageName), r), "projectedValue", nameRange: r), r)
            let projection = VarDecl(isConstant: false, pattern: .name("$" + v.name, r), type: type, initializer: nil,
                                     getter: Block([Stmt(.expression(read), r)], r), nameRange: r)
            result.append(Stmt(.variable(projection), s.range))
        }
        return result
    }
}
