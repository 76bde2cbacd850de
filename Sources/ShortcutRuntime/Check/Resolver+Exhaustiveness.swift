import ShortcutSyntax

/// Whether a `switch`'s patterns cover every value of its subject, nested ones too (`case .failure(.empty)` with
/// `case .failure(.notANumber(let s))` covers `.failure`), as Swift decides it: the rows of patterns are split by each
/// value's constructor (an enum's case, `true` and `false`, an optional's `nil` and `.some`) column by column, and every
/// constructor must be covered by the rows that match it; a value of any other type only by a pattern that matches
/// anything.
extension Resolver {
    /// A constructor of a value: its name, as a missing case is spelt, and its parts' types.
    struct Constructor {
        var name: String
        var parts: [ScriptType]
    }

    /// The constructors of `type`'s values, or nil where they are too many to list (`Int`, `String`, a struct).
    func constructors(of type: ScriptType) -> [Constructor]? {
        switch type {
        case .enumeration(let e): return e.cases.map { Constructor(name: "." + $0.name, parts: $0.payloadTypes ?? []) }
        case .bool: return [Constructor(name: "true", parts: []), Constructor(name: "false", parts: [])]
        case .optional(let wrapped): return [Constructor(name: ".some(_)", parts: [wrapped]), Constructor(name: "nil", parts: [])]
        case .tuple(let parts, _): return [Constructor(name: "(_)", parts: parts)]
        default: return nil
        }
    }

    /// A pattern that matches any value of `type`.
    func matchesAnything(_ p: CasePattern, _ type: ScriptType) -> Bool {
        switch p {
        case .bind, .wildcard: return true
        case .tuple(let parts, _):
            guard case .tuple(let types, _) = type, types.count == parts.count else { return parts.allSatisfy { matchesAnything($0, .any) } }
            return zip(parts, types).allSatisfy { matchesAnything($0, $1) }
        case .cast(let inner, let ref, _): return !type.isUnknown && resolveTypeQuietly(ref).agrees(with: type) && matchesAnything(inner, type)
        default: return false
        }
    }

    /// The parts' patterns of `p` when it matches values made by `c` (of `type`); nil when it matches none of them.
    /// A pattern that matches anything matches each part with anything.
    func specialize(_ p: CasePattern, by c: Constructor, of type: ScriptType) -> [CasePattern]? {
        if matchesAnything(p, type) { return c.parts.map { _ in .wildcard(.none) } }
        switch (p, type) {
        case (.enumCase(_, let name, let arguments, _), _) where "." + name == c.name || (name == "some" && c.name == ".some(_)"):
            // One pattern for several associated values matches them as a tuple (`case .pair(let both)`).
            if arguments.count == 1, c.parts.count > 1 {
                if case .tuple(let parts, _) = arguments[0].pattern, parts.count == c.parts.count { return parts }
                return matchesAnything(arguments[0].pattern, .tuple(c.parts)) ? c.parts.map { _ in .wildcard(.none) } : nil
            }
            if arguments.count == c.parts.count { return arguments.map(\.pattern) }
            // None, or a count the case does not have (reported where the pattern is): taken as matching the case.
            return arguments.allSatisfy({ matchesAnything($0.pattern, .any) }) ? c.parts.map { _ in .wildcard(.none) } : nil
        case (.some(let inner, _), .optional) where c.name == ".some(_)": return [inner]
        case (.tuple(let parts, _), .tuple) where parts.count == c.parts.count: return parts
        case (.value(let e), _):
            switch e.kind {
            // `.circle` matches the case whatever its associated values.
            case .implicitMember(let n), .member(_, let n, _):
                let names = "." + n == c.name || (n == "none" && c.name == "nil") || (n == "some" && c.name == ".some(_)")
                return names ? c.parts.map { _ in .wildcard(.none) } : nil
            case .bool(let b): return (b ? "true" : "false") == c.name ? [] : nil
            case .nil: return c.name == "nil" ? [] : nil
            default: return nil
            }
        default: return nil
        }
    }

    /// The first value the rows of patterns (one per column, of `types`) leave unmatched, spelt for a note (`.failure`
    /// for a case whose values are only partly matched); nil when they match every value.
    func unmatched(_ rows: [[CasePattern]], _ types: [ScriptType], depth: Int = 0) -> String? {
        guard let first = types.first else { return rows.isEmpty ? "_" : nil }
        let rest = Array(types.dropFirst())
        let anything = rows.filter { matchesAnything($0[0], first) }
        // No row left: a value is unmatched. Only patterns that match anything in this column: the rest decide (a
        // value of a type that holds itself, `indirect enum Tree`, is not taken apart for ever).
        guard !rows.isEmpty else { return constructors(of: first)?.first?.name ?? "default" }
        // Nested patterns past this depth are taken as matching: a refusal must be sure.
        guard depth < ParserLimits.maximumNestingDepth, anything.count < rows.count, let all = constructors(of: first) else {
            return unmatched(anything.map { Array($0.dropFirst()) }, rest, depth: depth + 1).map { _ in "default" }
        }
        for c in all {
            let specialized = rows.compactMap { row in specialize(row[0], by: c, of: first).map { $0 + row.dropFirst() } }
            if unmatched(specialized, c.parts + rest, depth: depth + 1) != nil { return c.name }
        }
        return nil
    }
}
