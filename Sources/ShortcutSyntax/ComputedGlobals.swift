/// `var total: Int { score * 10 }` at the top level: a global computed variable, as Swift has them in a program's main
/// file — a function of no arguments (`func total() -> Int`) that each read of the name calls (`Resolver`'s getter
/// keys, as for a static computed property). One with a setter or observers is not lowered (the checker says so).
public enum ComputedGlobals {
    /// The units with each top-level computed variable a function, and the names of those variables.
    public static func lowered(_ units: [SourceUnit]) -> (units: [SourceUnit], names: Set<String>) {
        var names: Set<String> = []
        let lowered = units.map { unit in
            var unit = unit
            unit.items = unit.items.map { item in
                guard case .variable(let v) = item.kind, let getter = v.getter, v.setter == nil, !v.isObserved, case .name(let name, let nameRange) = v.pattern else {
                    return item
                }
                names.insert(name)
                let f = FunctionDecl(name: name, parameters: [], returnType: v.type, body: getter, isMutating: false, isThrowing: false)
                return Stmt(.declaration(Decl(.function(f), range: item.range, nameRange: nameRange)), item.range)
            }
            return unit
        }
        return (lowered, names)
    }
}
