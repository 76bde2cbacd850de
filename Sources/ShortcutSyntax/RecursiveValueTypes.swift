/// Swift's rule that a value type holds its stored values inline, so none may contain itself: a struct whose stored
/// property holds the struct — directly, through an optional or a tuple, or through another struct or enum that does —
/// has no size, nor has an enum whose case holds the enum unless the enum or the case is `indirect`. An array, a
/// dictionary, a set, a function and a class instance hold what they refer to elsewhere, so the search stops at them.
/// Every value is held by reference here, so such a type would run; these are swiftc's errors, reported where it
/// reports them (a struct's first such property, an enum's name).
public enum RecursiveValueTypes {
    /// The errors for the value types the units declare.
    public static func diagnostics(_ units: [SourceUnit]) -> [Diagnostic] {
        var graph = Graph()
        for unit in units {
            for item in unit.items {
                guard case .declaration(let d) = item.kind else { continue }
                switch d.kind {
                case .type(let t) where t.kind == .struct || t.kind == .entity:
                    let stored = t.members.properties.compactMap { p -> (TypeRef, SourceRange)? in
                        guard case .variable(let v) = p.kind, v.getter == nil, !v.isLazy, let type = v.type else { return nil }
                        return (type, v.nameRange)
                    }
                    graph.structs.append((t.name, stored))
                    graph.edges[t.name] = stored.flatMap { inline($0.0) }
                case .enumeration(let e):
                    let held = e.isIndirect ? [] : e.cases.filter { !$0.isIndirect }.flatMap { ($0.payload ?? []).flatMap { inline($0.type) } }
                    graph.enums.append((e.name, d.nameRange, held))
                    graph.edges[e.name] = held
                default:
                    continue
                }
            }
        }
        var diagnostics: [Diagnostic] = []
        for (name, stored) in graph.structs {
            if let property = stored.first(where: { inline($0.0).contains { graph.reaches($0, name) } }) {
                diagnostics.append(Diagnostic(.recursiveValueType(name, isEnum: false), at: property.1))
            }
        }
        for (name, range, held) in graph.enums where held.contains(where: { graph.reaches($0, name) }) {
            diagnostics.append(Diagnostic(.recursiveValueType(name, isEnum: true), at: range))
        }
        return diagnostics
    }

    /// The declared types a value of `type` holds inline.
    static func inline(_ type: TypeRef) -> [String] {
        switch type.kind {
        case .named(let n): return [n]
        case .optional(let t): return inline(t)
        case .generic("Optional", let args) where args.count == 1: return inline(args[0])
        case .tuple(let elements, _): return elements.flatMap(inline)
        default: return []
        }
    }

    /// Which value types hold which others inline.
    struct Graph {
        var structs: [(name: String, stored: [(TypeRef, SourceRange)])] = []
        var enums: [(name: String, range: SourceRange, held: [String])] = []
        var edges: [String: [String]] = [:]

        /// Whether a value of type `start` holds one of type `target` inline (is it, or holds it at any depth).
        func reaches(_ start: String, _ target: String) -> Bool {
            var seen: Set<String> = [], pending = [start]
            while let next = pending.popLast() {
                if next == target { return true }
                if seen.insert(next).inserted { pending += edges[next] ?? [] }
            }
            return false
        }
    }
}
