import ShortcutSyntax

/// Dictionary properties and methods (SPEC §3).
extension Interpreter {
    func dictionaryProperty(_ d: DictionaryStorage, _ name: Name) -> Value? {
        switch name.member {
        case .count: return .int(d.count)
        case .isEmpty: return .bool(d.count == 0)
        case .keys: return .array(d.keys)
        case .values: return .array(d.values)
        case .first: return d.count == 0 ? .null : .tuple(TupleStorage([d.keys[0], d.values[0]], labels: ["key", "value"]))
        case .description: return .string(Value.dictionary(d).debugDescription)
        default: return nil
        }
    }

    func dictionaryMethod(_ d: DictionaryStorage, _ name: Name, _ args: Arguments, _ labels: [String?], _ site: SourceRange) throws(ScriptError) -> Value? {
        switch name.member {
        case .filter:
            guard args.count == 1 else { return nil }
            let out = DictionaryStorage()
            for (k, v) in zip(d.keys, d.values) where try predicate(args[0], .tuple(TupleStorage([k, v], labels: ["key", "value"])), site) { out.set(k, v) }
            return .dictionary(out)
        default:
            // `merging(other, uniquingKeysWith:)`: a new dictionary; a key in both takes what the closure picks.
            if name.text == "merging", args.count == 2, case .dictionary(let other) = args[0] {
                let out = DictionaryStorage()
                for (k, v) in zip(d.keys, d.values) { out.set(k, v) }
                for (k, v) in zip(other.keys, other.values) {
                    if let mine = out.get(k) { out.set(k, try call(args[1], with: mine, v, site: site)) } else { out.set(k, v) }
                }
                return .dictionary(out)
            }
            if name.text == "mapValues" || name.text == "compactMapValues", args.count == 1 {
                let out = DictionaryStorage()
                for (k, v) in zip(d.keys, d.values) {
                    let mapped = try call(args[0], with: v, site: site)
                    if name.text == "mapValues" || !mapped.isNull { out.set(k, mapped) }
                }
                return .dictionary(out)
            }
            // Everything a sequence has, over the `(key:value:)` pairs (`max(by:)`, `count(where:)`, `first(where:)`…).
            let pairs = zip(d.keys, d.values).map { Value.tuple(TupleStorage([$0, $1], labels: ["key", "value"])) }
            return try arrayMethod(pairs, name, args, labels, site)
        }
    }
}
