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

extension Interpreter {
    /// `prefix(n)`, `first(where:)`, `contains(where:)` and `allSatisfy` of a range or of a sequence of the program's
    /// own walk only as far as they need, so one without an end in sight (`(1...).first { $0 * $0 > 50 }`, whose end is
    /// Int.max; `sequence(first: 1) { $0 * 2 }`) answers as Swift's do. Nil for any other method.
    func walkedAsFarAsNeeded(_ range: Value, _ name: Name, _ args: Arguments, _ labels: [String?], _ site: SourceRange) throws(ScriptError) -> Value? {
        guard args.count == 1 else { return nil }
        let label = labels.first ?? nil
        if name.member == .prefix, label == nil, case .int(let n) = args[0], n >= 0 { return .array(try elements(of: range, atMost: n, site)) }
        if name.member == .first, label == "where" {
            var found = Value.null
            try iterate(range, site) { (v: Value) throws(ScriptError) -> Bool in
                if try predicate(args[0], v, site) { found = v; return false }
                return true
            }
            return found
        }
        // `contains(where:)` stops at the first that passes, `allSatisfy` at the first that does not.
        let walksContains = name.member == .contains && (label == nil || label == "where"), walksAll = name.text == "allSatisfy" && label == nil
        if walksContains || walksAll, case .function = args[0] {
            let wanted = name.member == .contains
            var answer = !wanted
            try iterate(range, site) { (v: Value) throws(ScriptError) -> Bool in
                if try predicate(args[0], v, site) == wanted { answer = wanted; return false }
                return true
            }
            return .bool(answer)
        }
        return nil
    }
}
