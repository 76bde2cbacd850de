import ShortcutSyntax

extension Value {
    /// Whether the value fits `check` all the way down: an array's elements, a
    /// dictionary's keys and values, a record's fields. A record that still has
    /// its saved encoding was checked when it was made or last changed, and is
    /// not looked into again, so checking a store of 10 000 records costs little.
    func fits(_ check: ScriptType) -> Bool {
        switch (check, self) {
        case (.any, _), (.existential("Any"), _), (.optional, .null), (.void, .null), (.error, _), (.typeParameter, _):
            return true
        case (.optional(let inner), _):
            return fits(inner)
        // `()` is `Void`, which a function without a result gives as nil here.
        case (.void, .tuple(let t)): return t.elements.isEmpty
        case (.tuple(let types, _), .null): return types.isEmpty
        case (.int, .int), (.string, .string), (.character, .string), (.substring, .string), (.bool, .bool), (.date, .date), (.uuid, .uuid), (.double, .double), (.double, .int),
             (.stringIndex, .int):
            return true
        case (.array(.record(let type)), .array(let items)):
            // The common large case (a store's list of entries): most records kept their encoding.
            return items.withUnsafeBufferPointer { elements in
                for item in elements {
                    // A class's instances are references, checked where their fields are set.
                    if case .store(let s) = item, s.type.isSubclass(of: type) { continue }
                    guard case .record(let r) = item, r.type.isType(of: type) else { return false }
                    if r.encoded == nil, !item.fits(.record(type)) { return false }
                }
                return true
            }
        case (.array(let element), .array(let items)), (.set(let element), .array(let items)):
            return items.allSatisfy { $0.fits(element) }
        case (.dictionary(let key, let value), .dictionary(let d)):
            return d.keys.allSatisfy { $0.fits(key) } && d.values.allSatisfy { $0.fits(value) }
        case (.enumeration(let e), .enumCase(let c)):
            return c.isCase(of: e)
        case (.record(let type), .store(let s)):
            return s.type.isSubclass(of: type)
        // A range of Ints where a generic function takes the prelude's `ClosedRange<T>` or `Range<T>` (`converted(to:)`).
        case (.record(let type), .closedRange): return type.isRangeTemplate(closed: true)
        case (.record(let type), .range): return type.isRangeTemplate(closed: false)
        case (.record(let type), .record(let r)):
            guard r.type.isType(of: type) else { return false }
            if r.encoded != nil { return true }
            return zip(type.fields, r.fields).allSatisfy { field, v in field.type.map { v.fits($0) } ?? true }
        case (.function, .function), (.view, .view), (.intent, .intent), (.range(closed: false), .range), (.range(closed: true), .closedRange),
             (.indexRange(closed: false), .range), (.indexRange(closed: true), .closedRange):
            return true
        case (.framework(let name), .symbol(let held)):
            return name == held
        case (.framework("Task"), _):   // a `Task { … }` is held as its body's value (`Resolver.typedTaskMember`)
            return true
        case (.existential(let p), .record(let r)): return ScriptType.protocolParts(of: p).allSatisfy(r.type.protocols.contains)
        case (.existential(let p), .store(let s)): return ScriptType.protocolParts(of: p).allSatisfy(s.type.protocols.contains)
        case (.existential(let p), .enumCase(let c)): return ScriptType.protocolParts(of: p).allSatisfy(c.type.protocols.contains)
        case (.tuple(let types, _), .tuple(let t)):
            return types.count == t.elements.count && zip(t.elements, types).allSatisfy { $0.fits($1) }
        default:
            return false
        }
    }
}

/// A value's text in a message, at most `limit` characters (SPEC §10: a message
/// quotes at most 200 characters of any answer or value).
public func quoted(_ text: String, limit: Int = 200) -> String {
    text.count <= limit ? text : String(text.prefix(limit)) + "… (\(text.count - limit) more characters)"
}
