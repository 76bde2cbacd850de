import ShortcutSyntax

/// Format styles written where they are used (`FormatStyleCatalog`): checked step by step and written as the array of
/// steps `FormatStyles` reads — `[[.number], [.precision, [.fractionLength, 2]]]`.
extension Resolver {
    /// `x.formatted(.number.precision(.fractionLength(2)))`, `date.formatted(date: .long, time: .omitted)`,
    /// `date.formatted(.dateTime.hour())`: a string; nil for any other call (`x.formatted()` is the library's).
    func formattedCall(_ base: Expr, _ receiver: Typed, _ name: String, nameRange: SourceRange, _ args: [Argument],
                       range: SourceRange) -> Typed? {
        guard name == "formatted", !args.isEmpty else { return nil }
        // Foundation's `Decimal` (`StandardDecimal`): its number, formatted as a Double's is.
        if case .record(let r) = receiver.type, r.name == "Decimal", case .record(_, _, let declared)? = globals["Decimal"], StandardTypes.isStandard(declared, program) {
            let number = Expr(.member(base, "__value", nameRange: nameRange), base.range)
            return typed(Expr(.call(Expr(.member(number, name, nameRange: nameRange), range), args), range))
        }
        let style: Node
        switch (receiver.type, args.map(\.label)) {
        case (.int, [nil]), (.double, [nil]), (.date, [nil]), (.array, [nil]):
            style = formatStyle(args[0].value, for: receiver.type)
        case (.date, ["date", "time"]):
            let words = [FormatStyleCatalog.dateStyles, FormatStyleCatalog.timeStyles]
            let steps = zip(args, words).map { a, known in
                Node.array([.constant(.symbol(a.label ?? "")), styleWord(a.value, known, type: a.label == "date" ? "Date.FormatStyle.DateStyle" : "Date.FormatStyle.TimeStyle")])
            }
            style = .array([.array([.constant(.symbol("dateTime"))])] + steps)
        default:
            return nil
        }
        return Typed(callOn(base, receiver.node, name, nameRange: nameRange, [style], [nil], range: range, runtimeName: nil), .string)
    }

    /// The style `e` writes for a value of `valueType` (nil where the value's type is not at hand, as in `Text(x, format:)`).
    func formatStyle(_ e: Expr, for valueType: ScriptType?) -> Node {
        switch valueType {
        case nil, .int?, .double?, .date?, .array(.string)?: break
        case let other? where other.isUnknown: break
        case let other?: error(.expected("an Int, a Double, a Date or a [String] to format with a style", found: "'\(other.description)'"), at: e.range)
        }
        guard let chain = styleChain(e), let root = chain.first else {
            let t = typed(e)
            // A style kept in a variable is not followed: only a chain written where it is used is read (docs/Language.md).
            if !t.type.isUnknown { error(.cannotConvert(actual: t.type.description, expected: typeName(family(of: valueType, root: nil), valueType), site: .argument), at: e.range) }
            return t.node
        }
        var family = family(of: valueType, root: root.name)
        var nodes: [Node] = []
        for (i, step) in chain.enumerated() {
            guard let (node, next) = formatStep(step, in: family, valueType: valueType) else { return .array(nodes) }
            nodes.append(node)
            if i + 1 < chain.count {
                guard let next else {
                    error(.unknownMember(chain[i + 1].name, type: typeName(family, valueType), suggestion: nil), at: chain[i + 1].range)
                    return .array(nodes)
                }
                family = next
            }
        }
        return .array(nodes)
    }

    /// The family of a style's root: by the value's type, or where that is not known, by the root's name.
    private func family(of valueType: ScriptType?, root: String?) -> String {
        if let valueType, !valueType.isUnknown {
            switch valueType {
            case .date: return "dateStyle"
            case .array: return "listStyle"
            default: return "numberStyle"
            }
        }
        return root.map { FormatStyleCatalog.families["dateStyle"]?.steps[$0] != nil } == true ? "dateStyle" : "numberStyle"
    }

    /// One step of a chain, checked against its family: its node and the family of the steps that may follow.
    private func formatStep(_ step: (name: String, args: [Argument]?, range: SourceRange), in familyName: String,
                            valueType: ScriptType?) -> (Node, next: String?)? {
        guard let family = FormatStyleCatalog.families[familyName] else { return nil }
        let type = typeName(familyName, valueType)
        guard let forms = family.steps[step.name] else {
            if family.unsupported.contains(step.name) {
                error(.unsupportedFormatStyle(step.name, type: type, supported: family.steps.keys.sorted()), at: step.range)
            } else {
                error(.unknownMember(step.name, type: type, suggestion: closestMatch(to: step.name, in: family.steps.keys)), at: step.range)
            }
            return nil
        }
        let args = step.args ?? []
        guard let form = forms.first(where: { $0.labels == args.map(\.label) }) else {
            let written = forms.map { f in step.name + (f.labels.isEmpty ? "" : "(" + f.labels.map { ($0 ?? "_") + ":" }.joined() + ")") }
            error(.noMatchingCall(callee: step.name, forms: written), at: step.range)
            return nil
        }
        var nodes: [Node] = [.constant(.symbol(step.name))]
        for (a, kind) in zip(args, form.kinds) {
            switch kind {
            case .limits: nodes.append(formatLimits(a.value))
            case .string: nodes.append(fit(typed(a.value, .string), to: .string, site: .argument, at: a.value.range))
            case .bool: nodes.append(fit(typed(a.value, .bool), to: .bool, site: .argument, at: a.value.range))
            case .words(let known, let wordType): nodes.append(styleWord(a.value, known, type: wordType))
            case .ignored: _ = typed(a.value); nodes.append(.constant(.null))
            case .step(let inner):
                guard let chain = styleChain(a.value), chain.count == 1 else {
                    let t = typed(a.value)
                    if !t.type.isUnknown { error(.cannotConvert(actual: t.type.description, expected: typeName(inner, valueType), site: .argument), at: a.value.range) }
                    return nil
                }
                guard let (node, _) = formatStep(chain[0], in: inner, valueType: valueType) else { return nil }
                nodes.append(node)
            }
        }
        return (.array(nodes), form.next)
    }

    /// `2`, `1...3`, `2...`, `...2`: a length limit (an integer, or a range of them).
    private func formatLimits(_ e: Expr) -> Node {
        if case .partialRange(nil, let upper?, let closed) = e.kind {
            return .makeRange(.constant(.int(0)), fit(typed(upper, .int), to: .int, site: .argument, at: upper.range), closed: closed, e.range)
        }
        let t = typed(e, .int)
        switch t.type {
        case .int, .range: return t.node
        case let other where other.isUnknown: return t.node
        default:
            error(.cannotConvert(actual: t.type.description, expected: "Int", site: .argument), at: e.range)
            return t.node
        }
    }

    /// A leading-dot word of `known` (`.never`, `.wide`).
    private func styleWord(_ e: Expr, _ known: [String], type: String) -> Node {
        guard case .implicitMember(let word) = e.kind else {
            let t = typed(e)
            if !t.type.isUnknown { error(.cannotConvert(actual: t.type.description, expected: type, site: .argument), at: e.range) }
            return t.node
        }
        if !known.contains(word) {   // at the name after the dot, as swiftc points
            error(.unknownMember(word, type: type, suggestion: closestMatch(to: word, in: known)), at: e.range.droppingFirstByte)
        }
        return .constant(.symbol(word))
    }

    /// The steps of a leading-dot chain from its root: `.number.precision(.fractionLength(2))` is `number`, then
    /// `precision` with its argument; nil for anything else.
    private func styleChain(_ e: Expr) -> [(name: String, args: [Argument]?, range: SourceRange)]? {
        switch e.kind {
        case .implicitMember(let word):
            return [(word, nil, e.range)]
        case .member(let base, let name, let nameRange):
            guard let steps = styleChain(base) else { return nil }
            return steps + [(name, nil, nameRange)]
        case .call(let callee, let args):
            guard var steps = styleChain(callee), let last = steps.popLast(), last.args == nil else { return nil }
            return steps + [(last.name, args, last.range)]
        default:
            return nil
        }
    }

    /// The type Swift names for a family's style: `FloatingPointFormatStyle<Double>` for a `Double`'s number style.
    private func typeName(_ family: String, _ valueType: ScriptType?) -> String {
        if family == "numberStyle" || family == "numberModifiers" {
            if case .int? = valueType { return "IntegerFormatStyle<Int>" }
            if case .double? = valueType { return "FloatingPointFormatStyle<Double>" }
        }
        return FormatStyleCatalog.families[family]?.type ?? "FormatStyle"
    }
}
