import ShortcutSyntax

/// Properties and methods of values: the standard library of SPEC §3, plus
/// the members that declarations give their records, stores, enums and intents.
extension Interpreter {
    // MARK: Properties

    func member(_ value: Value, _ name: Name, _ site: SourceRange) throws(ScriptError) -> Value {
        switch value {
        case .array(let items):
            switch name.member {
            case .count: return .int(items.count)
            case .isEmpty: return .bool(items.isEmpty)
            case .first: return items.first ?? .null
            case .last: return items.last ?? .null
            case .description: return .string(value.debugDescription)
            default: break
            }
        case .string(let s):
            switch name.member {
            case .count: return .int(s.count)
            case .isEmpty: return .bool(s.isEmpty)
            case .first: return s.first.map { .string(String($0)) } ?? .null
            case .last: return s.last.map { .string(String($0)) } ?? .null
            case .description: return value
            default: break
            }
        case .dictionary(let d):
            switch name.member {
            case .count: return .int(d.count)
            case .isEmpty: return .bool(d.count == 0)
            case .keys: return .array(d.keys)
            case .values: return .array(d.values)
            case .first: return d.count == 0 ? .null : .tuple(TupleStorage([d.keys[0], d.values[0]], labels: ["key", "value"]))
            default: break
            }
        case .range(let lo, let hi), .closedRange(let lo, let hi):
            let closed: Bool
            if case .closedRange = value { closed = true } else { closed = false }
            switch name.member {
            case .count: return .int(hi - lo + (closed ? 1 : 0))
            case .isEmpty: return .bool(!closed && lo == hi)
            case .lowerBound: return .int(lo)
            case .upperBound: return .int(hi)
            case .first: return (!closed && lo == hi) ? .null : .int(lo)
            case .last: return (!closed && lo == hi) ? .null : .int(closed ? hi : hi - 1)
            default: break
            }
        case .int(let i):
            switch name.member {
            case .description: return .string(String(i))
            case .magnitude: return i == Int.min ? .double(-Double(i)) : .int(abs(i))
            default: break
            }
        case .double(let d):
            switch name.member {
            case .description: return .string(formatDouble(d))
            case .magnitude: return .double(abs(d))
            default: break
            }
        case .bool(let b):
            if name.member == .description { return .string(b ? "true" : "false") }
        case .date(let d):
            switch name.member {
            case .isToday:
                let now = Platform.localTime(Platform.now()), then = Platform.localTime(d)
                return .bool(now.year == then.year && now.month == then.month && now.day == then.day)
            case .timeIntervalSince1970: return .double(d)
            case .year: return .int(Platform.localTime(d).year)
            case .month: return .int(Platform.localTime(d).month)
            case .day: return .int(Platform.localTime(d).day)
            case .hour: return .int(Platform.localTime(d).hour)
            case .minute: return .int(Platform.localTime(d).minute)
            case .second: return .int(Platform.localTime(d).second)
            case .weekday: return .int(Platform.localTime(d).weekday)
            case .description: return .string(DateFormatting.iso8601(d))
            default: break
            }
        case .tuple(let t):
            if let i = Int(name.text), i >= 0, i < t.elements.count { return t.elements[i] }
            if let i = t.labels.firstIndex(of: name.text) { return t.elements[i] }
            if t.elements.count == 2, name.member == .offset || name.member == .key { return t.elements[0] }
            if t.elements.count == 2, name.member == .element || name.member == .value { return t.elements[1] }
        case .enumCase(let c):
            switch name.member {
            case .rawValue: return c.rawValue
            case .title: if c.type.computed["title"] == nil { return .string(c.title) }
            case .description: return .string(c.name)
            default: break
            }
            if let code = c.type.computed[name.text] { return try call(code, captures: [], selfValue: value, arguments: [], site: site) }
        case .record(let r):
            if let i = r.type.fieldIndex[name.text] { return r.fields[i] }
            if let code = r.type.computed[name.text] { return try call(code, captures: [], selfValue: value, arguments: [], site: site) }
            if let code = r.type.methods[name.text] { return .function(Function(code: code, captures: [], receiver: value)) }
        case .store(let s):
            if let i = s.type.fieldIndex[name.text] { return s.fields[i] }
            if let code = s.type.computed[name.text] { return try call(code, captures: [], selfValue: value, arguments: [], site: site) }
            if let code = s.type.methods[name.text] { return .function(Function(code: code, captures: [], receiver: value)) }
        case .intent(let intent):
            if let i = intent.type.parameterIndex[name.text] { return intent.arguments[i] }
            if let dep = intent.type.dependencies.first(where: { $0.name == name.text }) { return .store(try storeInstance(dep.store)) }
            if let constant = intent.type.constants.first(where: { $0.name == name.text }) {
                return try call(constant.code, captures: [], selfValue: constant.code.hasSelf ? value : nil, arguments: [], site: site)
            }
            if name.member == .title { return .string(intent.type.title) }
        case .type(let t):
            return try staticMember(t, name, site)
        case .session(let s):
            return try sessionMember(s, name, site)
        case .symbol(let s):
            // `.title` on an implicit member that no enum claims is just the name (fonts, colours).
            if name.member == .description { return .string(s) }
        case .cell(let c):
            return try member(c.value, name, site)
        case .null:
            throw ScriptError.runtime("cannot read '\(name.text)' of nil (use '?.' to read through an optional)", at: site)
        default:
            break
        }
        throw ScriptError.runtime("'\(value.typeName)' has no member '\(name.text)'", at: site)
    }

    func staticMember(_ t: TypeValue, _ name: Name, _ site: SourceRange) throws(ScriptError) -> Value {
        switch t {
        case .builtin(.int):
            if name.text == "max" { return .int(Int.max) }
            if name.text == "min" { return .int(Int.min) }
            if name.member == .`self` { return .type(t) }
        case .builtin(.double):
            if name.text == "pi" { return .double(Double.pi) }
            if name.text == "infinity" { return .double(Double.infinity) }
            if name.member == .`self` { return .type(t) }
        case .builtin(.date):
            if name.member == .now { return .date(Platform.now()) }
            if name.member == .`self` { return .type(t) }
        case .builtin:
            if name.member == .`self` { return .type(t) }
        case .enumeration(let e):
            if let c = e.lookup(name.text) { return .enumCase(c) }
            if name.member == .allCases { return .array(e.cases.map { .enumCase($0) }) }
            if name.member == .`self` { return .type(t) }
        case .record, .intent, .view:
            if name.member == .`self` { return .type(t) }
        }
        throw ScriptError.runtime("'\(t.name)' has no member '\(name.text)'", at: site)
    }

    func subscriptGet(_ base: Value, _ key: Value, _ site: SourceRange) throws(ScriptError) -> Value {
        switch (base, key) {
        case (.array(let items), .int(let i)):
            guard i >= 0, i < items.count else {
                throw ScriptError.runtime("index \(i) is out of range for an array of \(items.count) element\(items.count == 1 ? "" : "s")", at: site)
            }
            return items[i]
        case (.array(let items), .range(let lo, let hi)), (.array(let items), .closedRange(let lo, let hi)):
            let end: Int
            if case .closedRange = key { end = hi + 1 } else { end = hi }
            guard lo >= 0, end <= items.count else { throw ScriptError.runtime("range \(key.debugDescription) is out of bounds for an array of \(items.count) elements", at: site) }
            return .array(Array(items[lo..<end]))
        case (.dictionary(let d), _):
            return d.get(key) ?? .null
        case (.string(let s), .int(let i)):
            guard i >= 0, i < s.count else { throw ScriptError.runtime("index \(i) is out of range for a string of \(s.count) characters", at: site) }
            return .string(String(s[s.index(s.startIndex, offsetBy: i)]))
        case (.tuple(let t), .int(let i)):
            guard i >= 0, i < t.elements.count else { throw ScriptError.runtime("index \(i) is out of range for a tuple", at: site) }
            return t.elements[i]
        case (.null, _):
            throw ScriptError.runtime("cannot subscript nil (use '?[' to read through an optional)", at: site)
        default:
            throw ScriptError.runtime("cannot subscript a '\(base.typeName)' with a '\(key.typeName)'", at: site)
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
            default:
                return try callMethod(.dictionary(d), name, args, labels, site)
            }
        }
        switch receiver {
        case .record(let r):
            if let code = r.type.methods[name.text], code.isMutating {
                return try callMutatingMethod(code, receiver: &receiver, arguments: args, site: site)
            }
            return try callMethod(receiver, name, args, labels, site)
        case .cell(let c):
            return try callMutatingMethod(&c.value, name, args, labels, site)
        default:
            return try callMethod(receiver, name, args, labels, site)
        }
    }

    func mutateArray(_ items: inout [Value], _ name: Name, _ args: Arguments, _ labels: [String?], _ site: SourceRange) throws(ScriptError) -> Value {
        switch name.member {
        case .append:
            guard args.count == 1 else { break }
            if labels.first == "contentsOf" {
                guard case .array(let more) = args[0] else { throw ScriptError.runtime("append(contentsOf:) needs an array", at: site) }
                items.append(contentsOf: more)
            } else {
                items.append(args[0])
            }
            return .null
        case .insert:
            guard args.count == 2, case .int(let i) = args[1] else { break }
            guard i >= 0, i <= items.count else { throw ScriptError.runtime("insert index \(i) is out of range for an array of \(items.count) elements", at: site) }
            items.insert(args[0], at: i)
            return .null
        case .remove:
            guard args.count == 1, case .int(let i) = args[0] else { break }
            guard i >= 0, i < items.count else { throw ScriptError.runtime("remove(at: \(i)) is out of range for an array of \(items.count) elements", at: site) }
            return items.remove(at: i)
        case .removeLast, .popLast:
            if items.isEmpty {
                if name.member == .popLast { return .null }
                throw ScriptError.runtime("removeLast() on an empty array", at: site)
            }
            return items.removeLast()
        case .removeFirst:
            if items.isEmpty { throw ScriptError.runtime("removeFirst() on an empty array", at: site) }
            return items.removeFirst()
        case .removeAll:
            if args.isEmpty { items.removeAll(); return .null }
            var kept: [Value] = []
            for item in items where !(try predicate(args[0], item, site)) { kept.append(item) }
            items = kept
            return .null
        case .sort:
            items = try sortedValues(items, by: args.first, site)
            return .null
        case .reverse:
            items.reverse()
            return .null
        default:
            break
        }
        return try callMethod(.array(items), name, args, labels, site)
    }

    func mutateString(_ s: inout String, _ name: Name, _ args: Arguments, _ site: SourceRange) throws(ScriptError) -> Value {
        switch name.member {
        case .append:
            guard args.count == 1 else { break }
            s += args[0].description
            return .null
        case .removeLast:
            guard let c = s.popLast() else { throw ScriptError.runtime("removeLast() on an empty string", at: site) }
            return .string(String(c))
        case .removeFirst:
            guard !s.isEmpty else { throw ScriptError.runtime("removeFirst() on an empty string", at: site) }
            return .string(String(s.removeFirst()))
        case .removeAll:
            s = ""
            return .null
        default:
            break
        }
        return try callMethod(.string(s), name, args, [], site)
    }

    /// A method call on a value; nothing is changed in place.
    func callMethod(_ receiver: Value, _ name: Name, _ args: Arguments, _ labels: [String?], _ site: SourceRange) throws(ScriptError) -> Value {
        switch receiver {
        case .array(let items):
            if let v = try arrayMethod(items, name, args, labels, site) { return v }
        case .range, .closedRange:
            var items: [Value] = []
            try iterate(receiver, site) { (v: Value) throws(ScriptError) -> Bool in items.append(v); return true }
            if name.member == .contains, args.count == 1, (labels.first ?? nil) == nil { return .bool(matches(receiver, args[0])) }
            if let v = try arrayMethod(items, name, args, labels, site) { return v }
        case .string(let s):
            if let v = try stringMethod(s, name, args, labels, site) { return v }
        case .dictionary(let d):
            if let v = try dictionaryMethod(d, name, args, site) { return v }
        case .int(let i):
            switch name.member {
            case .formatted: return .string(NumberFormatting.grouped(i))
            case .isMultiple:
                guard args.count == 1, case .int(let m) = args[0] else { break }
                return .bool(m == 0 ? i == 0 : i % m == 0)
            case .description: return .string(String(i))
            default: break
            }
        case .double(let d):
            switch name.member {
            case .formatted: return .string(NumberFormatting.grouped(d))
            case .rounded: return .double(d.rounded())
            case .squareRoot: return .double(d.squareRoot())
            default: break
            }
        case .date(let d):
            switch name.member {
            case .formatted: return .string(DateFormatting.short(d))
            case .addingTimeInterval:
                guard args.count == 1, let s = args[0].asDouble else { break }
                return try date(d + s, site)
            case .timeIntervalSince:
                guard args.count == 1, case .date(let other) = args[0] else { break }
                return .double(d - other)
            default: break
            }
        case .record(let r):
            if let code = r.type.methods[name.text] {
                if code.isMutating { throw ScriptError.runtime("cannot call mutating method '\(name.text)' on a constant '\(r.type.name)'", at: site) }
                return try call(code, captures: [], selfValue: receiver, arguments: args, site: site)
            }
            if r.type.fieldIndex[name.text] != nil || r.type.computed[name.text] != nil {
                return try call(try member(receiver, name, site), args, site: site)
            }
        case .store(let s):
            if let code = s.type.methods[name.text] { return try call(code, captures: [], selfValue: receiver, arguments: args, site: site) }
        case .enumCase(let c):
            if let code = c.type.methods[name.text] { return try call(code, captures: [], selfValue: receiver, arguments: args, site: site) }
        case .intent(let intent):
            if let code = intent.type.methods[name.text] { return try call(code, captures: [], selfValue: receiver, arguments: args, site: site) }
        case .type(let t):
            return try callStatic(t, name, args, labels, site)
        case .session(let s):
            return try sessionMethod(s, name, args, site)
        case .view(let v):
            return .view(ViewNode(kind: v.kind, properties: v.properties, children: v.children,
                                  modifiers: v.modifiers + [(name.text, Array(zip(labels, args)).map { (label: $0.0, value: $0.1) })]))
        case .function:
            if name.member == .`self` { return receiver }
        case .cell(let c):
            return try callMethod(c.value, name, args, labels, site)
        case .null:
            throw ScriptError.runtime("cannot call '\(name.text)' on nil (use '?.' to call through an optional)", at: site)
        default:
            break
        }
        throw ScriptError.runtime("'\(receiver.typeName)' has no method '\(name.text)' taking \(describe(labels))", at: site)
    }

    func describe(_ labels: [String?]) -> String {
        labels.isEmpty ? "no arguments" : "(" + labels.map { ($0 ?? "_") + ":" }.joined() + ")"
    }

    /// Calls a closure argument that must answer a Bool.
    func predicate(_ f: Value, _ element: Value, _ site: SourceRange) throws(ScriptError) -> Bool {
        let r = try call(f, Arguments(element), site: site)
        guard case .bool(let b) = r else { throw ScriptError.runtime("the closure must return a Bool, not '\(r.typeName)'", at: site) }
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
                failure = error as? ScriptError ?? ScriptError.runtime("comparison failed", at: site)
                return false
            }
        }
        if let failure { throw failure }
        return sorted
    }

    func predicate(_ f: Value, _ a: Value, _ b: Value, _ site: SourceRange) throws(ScriptError) -> Bool {
        let r = try call(f, Arguments(a, b), site: site)
        guard case .bool(let result) = r else { throw ScriptError.runtime("the comparison must return a Bool, not '\(r.typeName)'", at: site) }
        return result
    }

    func arrayMethod(_ items: [Value], _ name: Name, _ args: Arguments, _ labels: [String?], _ site: SourceRange) throws(ScriptError) -> Value? {
        let label = labels.first ?? nil
        switch name.member {
        case .contains:
            guard args.count == 1 else { return nil }
            if label == "where" {
                for item in items where try predicate(args[0], item, site) { return .bool(true) }
                return .bool(false)
            }
            return .bool(items.contains(args[0]))
        case .firstIndex, .lastIndex:
            guard args.count == 1 else { return nil }
            let indices = name.member == .firstIndex ? Array(items.indices) : items.indices.reversed()
            for i in indices {
                if label == "where" ? try predicate(args[0], items[i], site) : items[i] == args[0] { return .int(i) }
            }
            return .null
        case .first, .last:
            guard args.count == 1, label == "where" else { return nil }
            let ordered = name.member == .first ? items : items.reversed()
            for item in ordered where try predicate(args[0], item, site) { return item }
            return .null
        case .map, .compactMap, .flatMap:
            guard args.count == 1 else { return nil }
            var out: [Value] = []
            out.reserveCapacity(items.count)
            for item in items {
                let v = try call(args[0], Arguments(item), site: site)
                switch name.member {
                case .compactMap: if !v.isNull { out.append(v) }
                case .flatMap: if case .array(let inner) = v { out.append(contentsOf: inner) } else { out.append(v) }
                default: out.append(v)
                }
            }
            return .array(out)
        case .filter:
            guard args.count == 1 else { return nil }
            var out: [Value] = []
            for item in items where try predicate(args[0], item, site) { out.append(item) }
            return .array(out)
        case .forEach:
            guard args.count == 1 else { return nil }
            for item in items { _ = try call(args[0], Arguments(item), site: site) }
            return .null
        case .allSatisfy:
            guard args.count == 1 else { return nil }
            for item in items where !(try predicate(args[0], item, site)) { return .bool(false) }
            return .bool(true)
        case .reduce:
            guard args.count == 2 else { return nil }
            var acc = args[0]
            for item in items { acc = try call(args[1], Arguments(acc, item), site: site) }
            return acc
        case .sorted:
            return .array(try sortedValues(items, by: args.first, site))
        case .reversed:
            return .array(items.reversed())
        case .joined:
            var parts: [String] = []
            for item in items { parts.append(item.description) }
            return .string(parts.joined(separator: args.first?.description ?? ""))
        case .enumerated:
            return .array(items.enumerated().map { .tuple(TupleStorage([.int($0.offset), $0.element], labels: ["offset", "element"])) })
        case .sum:
            var total: Value = .int(0)
            for item in items { total = try arithmetic(.add, total, item, site) }
            return total
        case .min, .max:
            guard var best = items.first else { return .null }
            for item in items.dropFirst() {
                let better = name.member == .min ? try compare(.less, item, best, site) : try compare(.greater, item, best, site)
                if better { best = item }
            }
            return best
        case .prefix, .suffix, .dropFirst, .dropLast:
            var n = 1
            if let a = args.first { guard case .int(let k) = a, k >= 0 else { throw ScriptError.runtime("'\(name.text)' needs a count of 0 or more", at: site) }; n = k }
            switch name.member {
            case .prefix: return .array(Array(items.prefix(n)))
            case .suffix: return .array(Array(items.suffix(n)))
            case .dropFirst: return .array(Array(items.dropFirst(n)))
            default: return .array(Array(items.dropLast(n)))
            }
        case .randomElement:
            guard !items.isEmpty else { return .null }
            return items[Int.random(in: 0..<items.count, using: &random)]
        case .shuffled:
            return .array(items.shuffled(using: &random))
        case .count where args.count == 1 && label == "where":
            var n = 0
            for item in items where try predicate(args[0], item, site) { n += 1 }
            return .int(n)
        default:
            return nil
        }
    }

    func stringMethod(_ s: String, _ name: Name, _ args: Arguments, _ labels: [String?], _ site: SourceRange) throws(ScriptError) -> Value? {
        func text(_ i: Int) throws(ScriptError) -> String {
            guard i < args.count, case .string(let t) = args[i] else {
                throw ScriptError.runtime("'\(name.text)' needs a String argument", at: site)
            }
            return t
        }
        switch name.member {
        case .uppercased: return .string(s.uppercased())
        case .lowercased: return .string(s.lowercased())
        case .hasPrefix: return .bool(s.hasPrefix(try text(0)))
        case .hasSuffix: return .bool(s.hasSuffix(try text(0)))
        case .contains:
            if labels.first == "where" {
                for c in s where try predicate(args[0], .string(String(c)), site) { return .bool(true) }
                return .bool(false)
            }
            let needle = try text(0)
            return .bool(needle.isEmpty || s.contains(needle))
        case .split, .components:
            let separator = try text(0)
            guard !separator.isEmpty else { throw ScriptError.runtime("the separator must not be empty", at: site) }
            let parts = s.splitting(by: separator)
            return .array((name.member == .split ? parts.filter { !$0.isEmpty } : parts).map { .string($0) })
        case .trimmingCharacters, .trimmed:
            return .string(s.trimmingWhitespace())
        case .replacingOccurrences:
            let target = try text(0), replacement = try text(1)
            guard !target.isEmpty else { return .string(s) }
            return .string(s.splitting(by: target).joined(separator: replacement))
        case .reversed: return .string(String(s.reversed()))
        case .prefix, .suffix, .dropFirst, .dropLast:
            var n = 1
            if let a = args.first { guard case .int(let k) = a, k >= 0 else { throw ScriptError.runtime("'\(name.text)' needs a count of 0 or more", at: site) }; n = k }
            switch name.member {
            case .prefix: return .string(String(s.prefix(n)))
            case .suffix: return .string(String(s.suffix(n)))
            case .dropFirst: return .string(String(s.dropFirst(n)))
            default: return .string(String(s.dropLast(n)))
            }
        case .map, .filter, .forEach, .allSatisfy, .reduce, .enumerated, .sorted, .firstIndex, .compactMap:
            return try arrayMethod(s.map { .string(String($0)) }, name, args, labels, site)
        default:
            return nil
        }
    }

    func dictionaryMethod(_ d: DictionaryStorage, _ name: Name, _ args: Arguments, _ site: SourceRange) throws(ScriptError) -> Value? {
        let pairs = zip(d.keys, d.values).map { Value.tuple(TupleStorage([$0, $1], labels: ["key", "value"])) }
        switch name.member {
        case .map, .forEach, .contains, .allSatisfy, .sorted, .reduce, .first, .compactMap:
            return try arrayMethod(pairs, name, args, args.count == 1 && name.member != .map && name.member != .forEach && name.member != .compactMap && name.member != .sorted ? ["where"] : [nil], site)
        case .filter:
            guard args.count == 1 else { return nil }
            let out = DictionaryStorage()
            for (k, v) in zip(d.keys, d.values) where try predicate(args[0], .tuple(TupleStorage([k, v], labels: ["key", "value"])), site) { out.set(k, v) }
            return .dictionary(out)
        default:
            if name.text == "mapValues", args.count == 1 {
                let out = DictionaryStorage()
                for (k, v) in zip(d.keys, d.values) { out.set(k, try call(args[0], Arguments(v), site: site)) }
                return .dictionary(out)
            }
            return nil
        }
    }

    /// `Int.random(in:)`, `EspressoShot(rawValue:)`, `Date.now`.
    func callStatic(_ t: TypeValue, _ name: Name, _ args: Arguments, _ labels: [String?], _ site: SourceRange) throws(ScriptError) -> Value {
        switch (t, name.text) {
        case (.builtin(.int), "random"):
            guard args.count == 1 else { break }
            switch args[0] {
            case .range(let lo, let hi) where lo < hi: return .int(Int.random(in: lo..<hi, using: &random))
            case .closedRange(let lo, let hi): return .int(Int.random(in: lo...hi, using: &random))
            default: throw ScriptError.runtime("Int.random(in:) needs a non-empty range", at: site)
            }
        case (.builtin(.double), "random"):
            guard args.count == 1 else { break }
            switch args[0] {
            case .range(let lo, let hi) where lo < hi: return .double(Double.random(in: Double(lo)..<Double(hi), using: &random))
            case .closedRange(let lo, let hi): return .double(Double.random(in: Double(lo)...Double(hi), using: &random))
            default: throw ScriptError.runtime("Double.random(in:) needs a non-empty range", at: site)
            }
        case (.builtin(.bool), "random"):
            return .bool(Bool.random(using: &random))
        case (.builtin(.date), "now"):
            return .date(Platform.now())
        case (.intent, "reload") where args.isEmpty:
            // The snippet on screen is performed again after every interaction (SPEC §6),
            // so asking for it is already answered; outside a snippet it does nothing (§5.4).
            return .null
        case (.enumeration(let e), "init"):
            guard args.count == 1, labels.first == "rawValue" else { break }
            return e.cases.first { $0.rawValue == args[0] }.map { .enumCase($0) } ?? .null
        default:
            break
        }
        if case .builtin(let b) = t, name.text == "init" { return try callType(.builtin(b), args, labels, site) }
        throw ScriptError.runtime("'\(t.name)' has no method '\(name.text)' taking \(describe(labels))", at: site)
    }

    /// A type called like a function: `Date()`, `UUID()`.
    func callType(_ t: TypeValue, _ args: Arguments, _ labels: [String?], _ site: SourceRange) throws(ScriptError) -> Value {
        switch t {
        case .builtin(let b):
            if let builtin = Builtin(rawValue: b.rawValue) { return try callBuiltin(builtin, args, labels, site) }
        case .enumeration(let e):
            return try callStatic(.enumeration(e), Name("init"), args, labels, site)
        default:
            break
        }
        throw ScriptError.runtime("'\(t.name)' cannot be called like this", at: site)
    }
}

extension String {
    /// Splits on every occurrence of a separator, keeping empty pieces.
    func splitting(by separator: String) -> [String] {
        var parts: [String] = []
        var rest = self[...]
        while let r = rest.range(of: separator) {
            parts.append(String(rest[..<r.lowerBound]))
            rest = rest[r.upperBound...]
        }
        parts.append(String(rest))
        return parts
    }

    func trimmingWhitespace() -> String {
        var s = self[...]
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}

extension Substring {
    /// The first range of `needle` (no Foundation).
    func range(of needle: String) -> Range<Index>? {
        guard !needle.isEmpty else { return nil }
        var i = startIndex
        while i < endIndex {
            if self[i...].hasPrefix(needle) {
                return i..<(self.index(i, offsetBy: needle.count, limitedBy: endIndex) ?? endIndex)
            }
            i = index(after: i)
        }
        return nil
    }
}

/// Numbers as a person reads them: `1,234`, `1,234.5`.
enum NumberFormatting {
    static func grouped(_ i: Int) -> String {
        let digits = String(i.magnitude)
        var out = ""
        for (n, c) in digits.enumerated() {
            if n > 0, (digits.count - n) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return (i < 0 ? "-" : "") + out
    }

    static func grouped(_ d: Double) -> String {
        guard d.isFinite else { return formatDouble(d) }
        let scaled = (abs(d) * 1_000_000).rounded()
        guard scaled < 9e18 else { return formatDouble(d) }
        let whole = Int(scaled) / 1_000_000
        var fraction = String(Int(scaled) % 1_000_000)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let sign = d < 0 && scaled > 0 ? "-" : ""
        return sign + grouped(whole) + (fraction.isEmpty ? "" : "." + fraction)
    }
}
