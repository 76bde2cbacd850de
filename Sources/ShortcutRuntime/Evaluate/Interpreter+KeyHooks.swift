import ShortcutSyntax

/// A type's own `static func ==` and `func hash(into hasher: inout Hasher)` wherever Swift uses them: a set's elements and
/// a dictionary's keys are equal and hash as the type says (`Set<User>` keeps one user of an id when `==` and
/// `hash(into:)` look at the id alone), as `==`, `contains(_:)` and `firstIndex(of:)` already were. `Value`'s `==` and
/// hashing ask the type's hooks, which run the program's code in the interpreter that installed them.
extension Interpreter {
    /// How deep a hook may run inside another (a `==` that puts its operands in a set): past it, the values' own equality
    /// and hashing, never an unbounded recursion.
    static let maximumKeyHookDepth = 16

    /// Gives each struct or class that declares `==` or `hash(into:)` hooks that run them here.
    func installKeyHooks() {
        for type in program.records.values where type.equals != nil || type.hashInto != nil {
            if let equals = type.equals {
                type.keyEquals = { [weak self] a, b in
                    guard case .bool(let equal)? = self?.runKeyHook({ (i: Interpreter) throws(ScriptError) -> Value in
                        try i.call(equals, captures: [], selfValue: nil, arguments: Arguments(a, b), site: equals.range)
                    }) else { return nil }
                    return equal
                }
            }
            if let hashInto = type.hashInto, let hasherType = program.records["Hasher"], let parts = hasherType.fieldIndex["__parts"] {
                type.keyHash = { [weak self] value in
                    self?.runKeyHook { (i: Interpreter) throws(ScriptError) -> Value in
                        let hasher = try i.blank(hasherType)
                        _ = try i.call(hashInto, captures: [], selfValue: value, arguments: Arguments(hasher), site: hashInto.range)
                        guard case .store(let s) = hasher else { return .null }
                        return s[field: parts]
                    }
                }
            }
        }
    }

    /// The hook's value, or nil when hooks run too deep or it fails (the values' own equality or hashing then stands).
    private func runKeyHook(_ body: (Interpreter) throws(ScriptError) -> Value) -> Value? {
        guard keyHookDepth < Interpreter.maximumKeyHookDepth else { return nil }
        keyHookDepth += 1
        defer { keyHookDepth -= 1 }
        return try? body(self)
    }
}
