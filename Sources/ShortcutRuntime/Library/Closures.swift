import ShortcutSyntax

/// Calling the closures that library methods take (`filter`, `sorted(by:)`, `removeAll(where:)`).
extension Interpreter {
    /// Calls a closure argument that must answer a Bool.
    func predicate(_ f: Value, _ element: Value, _ site: SourceRange) throws(ScriptError) -> Bool {
        let r = try call(f, with: element, site: site)
        guard case .bool(let b) = r else { throw ScriptError.runtime(.closureResultNotBool(type: r.typeName), at: site) }
        return b
    }

    func sortedValues(_ items: [Value], by comparator: Value?, _ site: SourceRange) throws(ScriptError) -> [Value] {
        var failure: ScriptError?
        let sorted = items.sorted { a, b in
            if failure != nil { return false }
            do {
                if let comparator { return try self.predicate(comparator, a, b, site) }
                return try self.compare(.less, a, b, site)
            } catch {
                failure = error as? ScriptError ?? ScriptError.runtime(.closureResultNotBool(type: "?"), at: site)
                return false
            }
        }
        if let failure { throw failure }
        return sorted
    }

    func predicate(_ f: Value, _ a: Value, _ b: Value, _ site: SourceRange) throws(ScriptError) -> Bool {
        let r = try call(f, with: a, b, site: site)
        guard case .bool(let result) = r else { throw ScriptError.runtime(.closureResultNotBool(type: r.typeName), at: site) }
        return result
    }
}
