import ShortcutSyntax

/// Values the instructions make with a rule of their own: a negation, a range, a value as text.
extension Interpreter {
    func negated(_ value: Value, _ site: SourceRange) throws(ScriptError) -> Value {
        switch value {
        case .int(let x):
            let (r, overflow) = (0).subtractingReportingOverflow(x)
            if overflow { throw ScriptError.runtime(.overflow(expression: "-(\(x))"), at: site) }
            return .int(r)
        case .double(let d): return .double(-d)
        case let v: throw ScriptError.runtime(.cannotNegate(type: v.typeName), at: site)
        }
    }

    /// `lo..<hi`, `lo...hi`: Int bounds, the lower not above the upper.
    func range(_ lower: Value, _ upper: Value, closed: Bool, _ site: SourceRange) throws(ScriptError) -> Value {
        guard case .int(let lo) = lower, case .int(let hi) = upper else { throw ScriptError.runtime(.rangeBoundsNotInt, at: site) }
        if lo > hi { throw ScriptError.runtime(.invalidRange(lower: lo, upper: hi), at: site) }
        return closed ? .closedRange(lo, hi) : .range(lo, hi)
    }

    /// A value as text in a string or printed: an entity shows its `display:` title, a
    /// `CustomStringConvertible` value its `description` (inside an array too, as Swift prints it).
    func text(of value: Value, site: SourceRange) throws(ScriptError) -> String {
        switch value {
        case .record, .store, .enumCase, .array, .dictionary, .tuple: return try customText(of: value, site: site)
        default: return value.description
        }
    }

    /// An error's text as a device shows it: `localizedStringResource` (Apple's
    /// `CustomLocalizedStringResourceConvertible`) or `errorDescription` (Foundation's `LocalizedError`), when its type declares one.
    func localizedText(of value: Value, site: SourceRange) throws(ScriptError) -> String? {
        let computed: [String: FunctionCode]
        switch value {
        case .record(let r): computed = r.type.computed
        case .enumCase(let c): computed = c.type.computed
        default: return nil
        }
        guard let code = computed["localizedStringResource"] ?? computed["errorDescription"] else { return nil }
        let text = try call(code, captures: [], selfValue: value, arguments: [], site: site)
        return text.isNull ? nil : text.description
    }

    /// Foundation's `localizedDescription` of an error that gives none of its own (no `errorDescription`): "The operation
    /// could not be completed. (main.E error 2.)", with Swift's code for it — an enum case's place among its enum's cases
    /// with associated values first, then the others; 1 for a struct or class. Nil for any other value.
    static func defaultErrorDescription(_ value: Value) -> String? {
        let (module, name, code): (String, String, Int)
        switch value {
        case .enumCase(let c):
            let withValues = c.type.cases.filter { $0.payloadTypes != nil }
            let without = c.type.cases.filter { $0.payloadTypes == nil }
            let place = (withValues + without).firstIndex { $0.name == c.name } ?? 0
            (module, name, code) = (c.type.module, c.type.name, place)
        case .record(let r): (module, name, code) = (r.type.module, r.type.name, 1)
        case .store(let s) where s.type.kind == .class: (module, name, code) = (s.type.module, s.type.name, 1)
        default: return nil
        }
        return "The operation could not be completed. (\(module).\(name) error \(code).)"
    }

    /// `text(of:)` for the values that may describe themselves, kept out of the common path: a `CustomStringConvertible`
    /// value of the program's by its `description`, also inside arrays, dictionaries, tuples and structs, as Swift prints them.
    /// Whether anything inside describes itself is asked once, where printing starts (`nested` is false): below it, each
    /// part is rendered here as it is met, so a deep value costs its size, not its size times its depth.
    @inline(never)
    func customText(of value: Value, site: SourceRange, nested: Bool = false) throws(ScriptError) -> String {
        var computed: [String: FunctionCode]? = nil
        switch value {
        case .record(let r) where r.type.display != nil && !nested: return try displayTitle(value, site: site)
        case .record(let r) where r.type.describesItself: computed = r.type.computed
        case .store(let s) where s.type.describesItself: computed = s.type.computed
        case .enumCase(let c) where c.type.describesItself: computed = c.type.computed
        case _ where !nested && !Interpreter.describesItselfInside(value): return value.description
        case .array(let items):
            var parts: [String] = []
            for item in items { parts.append(try elementText(item, site: site)) }
            return "[" + parts.joined(separator: ", ") + "]"
        case .dictionary(let d) where d.count > 0:
            var parts: [String] = []
            for (key, item) in zip(d.keys, d.values) { parts.append(try elementText(key, site: site) + ": " + elementText(item, site: site)) }
            return "[" + parts.joined(separator: ", ") + "]"
        case .tuple(let t):
            var parts: [String] = []
            for (label, item) in zip(t.labels, t.elements) { parts.append((label.map { "\($0): " } ?? "") + (try elementText(item, site: site))) }
            return "(" + parts.joined(separator: ", ") + ")"
        case .record(let r):
            var parts: [String] = []
            for (field, item) in zip(r.type.fields, r.fields) { parts.append(field.name + ": " + (try elementText(item, site: site))) }
            return (nested ? r.type.qualifiedName : r.type.plainName) + "(" + parts.joined(separator: ", ") + ")"
        default: break
        }
        // Inside a collection and for `debugPrint` a `debugDescription` first (`CustomDebugStringConvertible`), else the
        // `description`; printed plainly, the other way round.
        let names = nested ? ["debugDescription", "description"] : ["description", "debugDescription"]
        if let code = names.lazy.compactMap({ computed?[$0] }).first {
            return try call(code, captures: [], selfValue: value, arguments: [], site: site).description
        }
        return nested ? value.debugDescription : value.description
    }

    /// A value inside a printed collection — or given to `debugPrint`, which shows every value so (Swift's
    /// `String(reflecting:)`): by its own `description` when it has one, a collection or struct part by part, anything
    /// else as Swift shows an element (a string quoted).
    func elementText(_ value: Value, site: SourceRange) throws(ScriptError) -> String {
        switch value {
        case .array, .dictionary, .tuple, .record, .store, .enumCase: return try customText(of: value, site: site, nested: true)
        default: return value.debugDescription
        }
    }

    /// Whether a value of a `CustomStringConvertible` type of the program's is somewhere inside this one.
    static func describesItselfInside(_ value: Value) -> Bool {
        switch value {
        case .array(let items): return items.contains(where: describesItselfInside)
        case .dictionary(let d): return d.keys.contains(where: describesItselfInside) || d.values.contains(where: describesItselfInside)
        case .tuple(let t): return t.elements.contains(where: describesItselfInside)
        case .record(let r): return r.type.describesItself || r.fields.contains(where: describesItselfInside)
        default: return value.describesItself
        }
    }
}
