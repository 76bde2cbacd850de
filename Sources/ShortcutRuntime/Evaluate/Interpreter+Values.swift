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
        case .record, .enumCase, .array: return try customText(of: value, site: site)
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

    /// `text(of:)` for the values that may describe themselves, kept out of the common path.
    @inline(never)
    func customText(of value: Value, site: SourceRange) throws(ScriptError) -> String {
        switch value {
        case .record(let r) where r.type.display != nil: return try displayTitle(value, site: site)
        case .record(let r) where r.type.describesItself:
            if let code = r.type.computed["description"] { return try call(code, captures: [], selfValue: value, arguments: [], site: site).description }
        case .enumCase(let c) where c.type.describesItself:
            if let code = c.type.computed["description"] { return try call(code, captures: [], selfValue: value, arguments: [], site: site).description }
        case .array(let items) where items.contains(where: \.describesItself):
            var parts: [String] = []
            for item in items { parts.append(item.describesItself ? try text(of: item, site: site) : item.debugDescription) }
            return "[" + parts.joined(separator: ", ") + "]"
        default: break
        }
        return value.description
    }
}
