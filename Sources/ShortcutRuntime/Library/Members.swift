import ShortcutSyntax

/// Properties and methods of values: the standard library of SPEC §3, plus
/// the members that declarations give their records, stores, enums and intents.
extension Interpreter {
    // MARK: Properties

    func member(_ value: Value, _ name: Name, _ site: SourceRange) throws(ScriptError) -> Value {
        // `x.self` is `x` (`T.self` where `T` is a type a call passed, `[User].self` among them).
        if name.member == .`self` { return value }
        // `xs.lazy`: the collection itself (the checker allows it on collections, strings and ranges).
        if name.member == .lazy {
            switch value {
            case .array, .dictionary, .string, .range, .closedRange: return value
            default: break
            }
        }
        switch value {
        case .array(let items):
            if let v = arrayProperty(items, name) { return v }
        case .string(let s):
            if let v = stringProperty(s, name) { return v }
        case .dictionary(let d):
            if let v = dictionaryProperty(d, name) { return v }
        case .range(let lo, let hi):
            if let v = try rangeProperty(lo, hi, closed: false, name, site) { return v }
        case .closedRange(let lo, let hi):
            if let v = try rangeProperty(lo, hi, closed: true, name, site) { return v }
        case .int, .double:
            if let v = numberProperty(value, name) { return v }
        case .symbol(let s) where ViewCatalog.styleValues.contains(String(s.prefix { $0 != "." })):
            // `Color(…).gradient`: a SwiftUI value, kept by name (SPEC §13).
            return .symbol(s + "." + name.text)
        case .date(let d):
            if let v = dateProperty(d, name) { return v }
        case .tuple(let t):
            if let i = Int(name.text), i >= 0, i < t.elements.count { return t.elements[i] }
            if let i = t.labels.firstIndex(of: name.text) { return t.elements[i] }
            if t.elements.count == 2, name.member == .offset || name.member == .key { return t.elements[0] }
            if t.elements.count == 2, name.member == .element || name.member == .value { return t.elements[1] }
        case .enumCase(let c):
            switch name.member {
            case .rawValue: return c.rawValue
            case .title: if c.type.computed["title"] == nil { return .string(c.title) }
            case .description: if c.type.computed["description"] == nil { return .string(c.name) }
            default: break
            }
            if let code = c.type.computed[name.text] { return try call(code, captures: [], selfValue: value, arguments: [], site: site) }
        case .record(let r):
            if let i = r.type.fieldIndex[name.text] { return r[field: i] }
            if let code = r.type.computed[name.text] { return try call(code, captures: [], selfValue: value, arguments: [], site: site) }
            if let code = r.type.methods[name.text] { return .function(Function(code: code, captures: [], receiver: value)) }
        case .store(let s):
            if let i = s.type.fieldIndex[name.text] { return s[field: i] }
            if let code = s.type.computed(name.text) { return try call(code, captures: [], selfValue: value, arguments: [], site: site) }
            if let code = s.type.method(name.text) { return .function(Function(code: code, captures: [], receiver: value)) }
        case .result(let r):
            // `try await intent.perform()`'s result: its value (`ReturnsValue`), its dialog (`ProvidesDialog`).
            if name.member == .value { return r.value ?? .null }
            if name.text == "dialog" { return r.dialog ?? .null }
        case .intent(let intent):
            if let i = intent.type.parameterIndex[name.text] { return intent.arguments[i] }
            if let dep = intent.type.dependencies.first(where: { $0.name == name.text }) { return .store(try storeInstance(dep.store)) }
            if let constant = intent.type.constants.first(where: { $0.name == name.text }) {
                if constant.isStored, let kept = intent.stored[name.text] { return kept }
                let result = try call(constant.code, captures: [], selfValue: constant.code.hasSelf ? value : nil, arguments: [], site: site)
                if constant.isStored { intent.stored[name.text] = result }
                return result
            }
            if name.member == .title { return .string(intent.type.title) }
        case .type(let t):
            return try staticMember(t, name, site)
        case .native(let o):
            return try o.member(name.text, site: site)
        case .uuid(let u):
            if name.member == .uuidString { return .string(u.uuidString) }
        case .option(let o):
            if name.member == .title { return o.title }
            if name.text == "style" { return .symbol(o.style.rawValue) }
        case .cell(let c):
            return try member(c.value, name, site)
        case .null:
            throw ScriptError.runtime(.nilBase(.read(name.text)), at: site)
        default:
            break
        }
        // `x.description`, `x.debugDescription` of a standard value the cases above leave (the checker asks that it has
        // them): as `print` and `debugPrint` show it — a Bool's, a UUID's, an implicit member no enum claims (a font's name).
        if name.member == .description { return .string(value.description) }
        if name.text == "debugDescription" { return .string(value.debugDescription) }
        // Any value may be thrown and caught as an `Error`: its description is its localized one.
        if name.text == "localizedDescription" {
            return .string(try localizedText(of: value, site: site) ?? Interpreter.defaultErrorDescription(value) ?? value.description)
        }
        if let code = extensionMember(of: value, name.text) { return try call(code, captures: [], selfValue: nil, arguments: Arguments(value), site: site) }
        // `x.hashValue` of a `Hashable` value (the checker asks that it is one): its hash, as Swift's another on each run.
        if name.text == "hashValue" { return .int(value.hashValue) }
        throw ScriptError.runtime(.noMember(type: value.typeName, name: name.text, known: memberNames(of: value)), at: site)
    }


    func subscriptGet(_ base: Value, _ key: Value, _ site: SourceRange) throws(ScriptError) -> Value {
        switch (base, key) {
        case (.array(let items), .int(let i)):
            guard i >= 0, i < items.count else {
                throw ScriptError.runtime(.indexOutOfRange(index: i, count: items.count, of: .array), at: site)
            }
            return items[i]
        case (.array(let items), .range(let lo, let hi)), (.array(let items), .closedRange(let lo, let hi)):
            let end: Int
            if case .closedRange = key { end = hi == Int.max ? hi : hi + 1 } else { end = hi }   // Int.max is out of bounds either way
            guard lo >= 0, end <= items.count else { throw ScriptError.runtime(.rangeOutOfBounds(range: key.description, count: items.count), at: site) }
            return .array(Array(items[lo..<end]))
        case (.dictionary(let d), _):
            return d.get(key) ?? .null
        case (.string(let s), .int(let i)):
            guard i >= 0, i < s.count else { throw ScriptError.runtime(.indexOutOfRange(index: i, count: s.count, of: .string), at: site) }
            return .string(String(s[s.index(s.startIndex, offsetBy: i)]))
        case (.string(let s), .range(let lo, let hi)), (.string(let s), .closedRange(let lo, let hi)):
            // `s[start..<end]` with `String.Index` bounds (counts of characters here): the substring, a string.
            var end = hi
            if case .closedRange = key, hi < Int.max { end = hi + 1 }
            let count = s.count
            guard lo >= 0, lo <= end, end <= count else { throw ScriptError.runtime(.rangeOutOfBounds(range: key.description, count: count), at: site) }
            return .string(String(s.dropFirst(lo).prefix(end - lo)))
        case (.tuple(let t), .int(let i)):
            guard i >= 0, i < t.elements.count else { throw ScriptError.runtime(.indexOutOfRange(index: i, count: t.elements.count, of: .tuple), at: site) }
            return t.elements[i]
        case (.null, _):
            throw ScriptError.runtime(.nilBase(.subscripting), at: site)
        default:
            throw ScriptError.runtime(.cannotSubscript(type: base.typeName, with: key.typeName), at: site)
        }
    }

    // MARK: Methods

    /// A method call that may change its receiver: `xs.append(1)`, `counter.bump()`.
    func callMutatingMethod(_ receiver: inout Value, _ name: Name, _ args: Arguments, _ labels: [String?], _ site: SourceRange) throws(ScriptError) -> Value {
        if var items = receiver.takeArray() {
            defer { receiver = .array(items) }
            return try mutateArray(&items, name, args, labels, site)
        }
        if var s = receiver.takeString() {
            defer { receiver = .string(s) }
            return try mutateString(&s, name, args, site)
        }
        if let d = receiver.takeDictionary() {
            defer { receiver = .dictionary(d) }
            switch name.member {
            case .removeValue where args.count == 1:
                return d.remove(args[0]) ?? .null
            case .updateValue where args.count == 2:
                let old = d.get(args[1]) ?? .null
                d.set(args[1], args[0])
                return old
            case .removeAll:
                d.removeAll()
                return .null
            case .merge where args.count == 2:
                // `merge(other, uniquingKeysWith:)`: a key in both takes what the closure picks.
                guard case .dictionary(let other) = args[0] else { break }
                for (k, v) in zip(other.keys, other.values) {
                    if let mine = d.get(k) { d.set(k, try call(args[1], with: mine, v, site: site)) } else { d.set(k, v) }
                }
                return .null
            default:
                break
            }
            return try callMethod(.dictionary(d), name, args, labels, site)
        }
        // A struct's own mutating method, or an enum's (`mutating func toggle() { self = … }`): the new value written back.
        if let code = Interpreter.mutatingMethod(name.text, of: receiver) {
            return try callMutatingMethod(code, receiver: &receiver, arguments: try arranged(args, labels, for: code), site: site)
        }
        switch receiver {
        case .bool(let b) where name.text == "toggle" && args.isEmpty:
            receiver = .bool(!b)
            return .null
        case .int where name.text == "negate" && args.isEmpty, .double where name.text == "negate" && args.isEmpty:
            // `Int.min.negate()` overflows, as `-Int.min` does: the same runtime error (`negated`).
            receiver = try negated(receiver, site)
            return .null
        case .cell(let c):
            return try callMutatingMethod(&c.value, name, args, labels, site)
        default:
            return try callMethod(receiver, name, args, labels, site)
        }
    }


    /// The program's `mutating` method of this name on a struct's value or an enum's case, if it has one.
    static func mutatingMethod(_ name: String, of value: Value) -> FunctionCode? {
        let code: FunctionCode?
        switch value {
        case .record(let r): code = r.type.methods[name]
        case .enumCase(let c): code = c.type.methods[name]
        default: code = nil
        }
        return code?.isMutating == true ? code : nil
    }

    /// `name(args)` of a struct value or class instance that has no such method: the closure a property of it holds,
    /// called (`transform(v)`, `k.describe()`), or for a sequence of the program's own a library method walked only as
    /// far as it needs (`Resolver.walkingMethods`); nil for anything else.
    private func heldOrWalked(_ receiver: Value, _ type: RecordType, _ name: Name, _ args: Arguments, _ labels: [String?],
                              _ site: SourceRange) throws(ScriptError) -> Value? {
        if type.fieldIndex[name.text] != nil || type.computed[name.text] != nil || type.lazyProperties[name.text] != nil {
            return try call(try member(receiver, name, site), args, site: site)
        }
        if let walked = try walkedAsFarAsNeeded(receiver, name, args, labels, site) { return walked }
        // Any other library method of a sequence of the program's (`s.reduce(0, +)` where `s` is a generic `S: Sequence`):
        // the method of the array of its elements, made as `Array(s)` makes it.
        guard type.methods["makeIterator"] != nil || type.methods["next"] != nil else { return nil }
        return try arrayMethod(try elements(of: receiver, atMost: .max, site), name, args, labels, site)
    }

    /// A method call on a value; nothing is changed in place.
    func callMethod(_ receiver: Value, _ name: Name, _ args: Arguments, _ labels: [String?], _ site: SourceRange) throws(ScriptError) -> Value {
        switch receiver {
        case .array(let items):
            if let v = try arrayMethod(items, name, args, labels, site) { return v }
        case .range, .closedRange:
            // A range answers `contains` itself; other methods see its elements as an array.
            if name.member == .contains, args.count == 1, (labels.first ?? nil) == nil { return .bool(matches(receiver, args[0])) }
            if let v = try walkedAsFarAsNeeded(receiver, name, args, labels, site) { return v }
            if let v = try arrayMethod(try elements(of: receiver, site), name, args, labels, site) { return v }
        case .string(let s):
            if let v = try stringMethod(s, name, args, labels, site) { return v }
        case .dictionary(let d):
            if let v = try dictionaryMethod(d, name, args, labels, site) { return v }
        case .int, .double:
            if let v = try numberMethod(receiver, name, args, site) { return v }
        case .date(let d):
            if let v = try dateMethod(d, name, args, site) { return v }
        case .record(let r):
            if let code = r.type.method(name.text, labels: labels) {
                if code.isMutating { throw ScriptError.runtime(.mutatingOnConstant(method: name.text, type: r.type.name), at: site) }
                return try call(code, captures: [], selfValue: receiver, arguments: try arranged(args, labels, for: code), site: site)
            }
            if let held = try heldOrWalked(receiver, r.type, name, args, labels, site) { return held }
        case .store(let s):
            if let code = s.type.method(name.text, labels: labels) {
                return try call(code, captures: [], selfValue: receiver, arguments: try arranged(args, labels, for: code), site: site)
            }
            if let held = try heldOrWalked(receiver, s.type, name, args, labels, site) { return held }
        case .enumCase(let c):
            if let code = FunctionCode.overload(name.text, labels: labels, among: c.type.memberTypes.overloads, { c.type.methods[$0] }) {
                return try call(code, captures: [], selfValue: receiver, arguments: try arranged(args, labels, for: code), site: site)
            }
        case .intent(let intent):
            if let code = intent.type.methods[name.text] { return try call(code, captures: [], selfValue: receiver, arguments: args, site: site) }
            // `try await intent.perform()`: its body alone, as a test calls it (no parameters asked, no dialog shown).
            if name.text == "perform", args.isEmpty, let code = intent.type.perform {
                return try call(code, captures: [], selfValue: receiver, arguments: args, site: site)
            }
        case .type(let t):
            return try callStatic(t, name, args, labels, site)
        case .native(let o):
            return try o.call(name.text, args, site: site)
        case .view:
            // A modifier on a view the checker did not see as one: kept by its labels (SPEC §13).
            return try modify(receiver, ModifierCall(name: name.text, labels: labels), args, site)
        case .function:
            if name.member == .`self` { return receiver }
        case .cell(let c):
            return try callMethod(c.value, name, args, labels, site)
        case .null:
            throw ScriptError.runtime(.nilBase(.call(name.text)), at: site)
        default:
            break
        }
        if let code = extensionMember(of: receiver, name.text) {
            return try call(code, captures: [], selfValue: nil, arguments: Arguments([receiver] + Array(args)), site: site)
        }
        // `s.makeIterator()` of a collection where the checker saw only a `Sequence` (`S` of a generic function): the
        // standard iterator over its elements, the prelude the call's name brought in, as the checker makes it elsewhere.
        // A type that is its own iterator (`Sequence, IteratorProtocol` with a `next()`) is, as Swift's default gives it.
        if name.text == "makeIterator", args.isEmpty {
            if let iterator = program.records["IndexingIterator"], receiver.isStandardSequence {
                return try callType(.record(iterator), Arguments(.array(try elements(of: receiver, site))), ["__elements"], site)
            }
            if case .record(let r) = receiver, r.type.method("next", labels: []) != nil { return receiver }
            if case .store(let s) = receiver, s.type.method("next", labels: []) != nil { return receiver }
        }
        throw ScriptError.runtime(.noMethod(type: receiver.typeName, name: name.text, arguments: describe(labels)), at: site)
    }

    func describe(_ labels: [String?]) -> String {
        labels.isEmpty ? "no arguments" : "(" + labels.map { ($0 ?? "_") + ":" }.joined() + ")"
    }


}



extension Interpreter {
    /// The properties a value has, for "did you mean" when a name is not one of them.
    func memberNames(of value: Value) -> [String] {
        switch value {
        case .array: return ["count", "isEmpty", "first", "last", "description"]
        case .string: return ["count", "isEmpty", "first", "last", "description"]
        case .dictionary: return ["count", "isEmpty", "keys", "values", "first"]
        case .range, .closedRange: return ["count", "isEmpty", "lowerBound", "upperBound", "first", "last"]
        case .int, .double: return ["description", "magnitude"]
        case .date: return ["isToday", "timeIntervalSince1970", "year", "month", "day", "hour", "minute", "second", "weekday", "description"]
        case .uuid: return ["uuidString", "description"]
        case .option: return ["title", "style"]
        case .enumCase(let c): return ["rawValue", "title", "description"] + c.type.computed.keys.sorted()
        case .record(let r): return r.type.fields.map(\.name) + r.type.computed.keys.sorted() + r.type.methods.keys.sorted()
        case .store(let s): return s.type.fields.map(\.name) + s.type.computed.keys.sorted() + s.type.methods.keys.sorted()
        case .intent(let i): return i.type.parameters.map(\.name) + i.type.dependencies.map(\.name) + i.type.constants.map(\.name)
        case .cell(let c): return memberNames(of: c.value)
        default: return []
        }
    }
}

extension Value {
    /// The standard type of a value an extension may add to (`ScriptType.extensionOwners`); nil for any other.
    var standardType: ScriptType? {
        switch self {
        case .int: return .int
        case .double: return .double
        case .string: return .string
        case .bool: return .bool
        case .array: return .array(.any)
        case .dictionary: return .dictionary(.any, .any)
        case .date: return .date
        case .uuid: return .uuid
        case .view: return .view
        default: return nil
        }
    }
}

extension Interpreter {
    /// The function an extension of a standard type made for this member of values of this value's type
    /// (`Program.extensionMembers`), for a value the checker knew only as `Any`.
    func extensionMember(of value: Value, _ name: String) -> FunctionCode? {
        guard !program.extensionMembers.isEmpty, let type = value.standardType else { return nil }
        for owner in type.extensionOwners { if let code = program.extensionMembers["\(owner)@\(name)"] { return code } }
        return nil
    }
}

extension Value {
    /// An array (a set is one here), a string, a dictionary or a range: a value the standard library walks itself.
    var isStandardSequence: Bool {
        switch self {
        case .array, .string, .dictionary, .range, .closedRange: true
        default: false
        }
    }
}
