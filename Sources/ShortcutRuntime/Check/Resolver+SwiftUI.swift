import ShortcutSyntax

/// SwiftUI's modifiers and their arguments, checked against `SwiftUICatalog` (SPEC §13): a known
/// modifier's form is chosen by its labels and each argument typed; what the catalog does not know
/// is a warning and kept in the view tree, never an error.
extension Resolver {
    /// `view.name(args)` where `view` is a view.
    func typedModifier(_ receiver: Node, _ name: String, nameRange: SourceRange, _ args: [Argument], range: SourceRange) -> Node {
        let labels = args.map(\.label)
        guard let forms = SwiftUICatalog.modifiers[name] else {
            warning(.unknownModifier(name, suggestion: closestMatch(to: name, in: SwiftUICatalog.modifierNames)), at: nameRange)
            return .modify(receiver, ModifierCall(name: name, labels: labels), args.map { uiArgument($0.value, .any) }, range)
        }
        let matching = forms.compactMap { assign(args, to: $0) }
        // `.padding(12)` and `.padding(.bottom)` share their labels: the arguments' look decides.
        guard let parameters = matching.first(where: { zip(args, $0).allSatisfy { isPlausible($0.value, $1.kind) } }) ?? matching.first else {
            let written = forms.map { form in compoundName(name, form.map(\.label)) }
            warning(.noModifierForm(name, forms: written), at: nameRange)
            return .modify(receiver, ModifierCall(name: name, labels: labels), args.map { uiArgument($0.value, .any) }, range)
        }
        let nodes = zip(args, parameters).map { uiArgument($0.value, $1.kind) }
        return .modify(receiver, ModifierCall(name: name, labels: labels, parameters: parameters.map(\.name)), nodes, range)
    }

    /// The parameter each argument goes to, in order, skipping parameters that may be left out; nil when
    /// the labels do not fit the form.
    func assign(_ args: [Argument], to form: SwiftUICatalog.Form) -> [SwiftUICatalog.Parameter]? {
        var assigned: [SwiftUICatalog.Parameter] = []
        var next = 0
        for a in args {
            var isClosure = false
            if case .closure = a.value.kind { isClosure = true }
            var found = false
            while next < form.count, !found {
                let p = form[next]
                next += 1
                if p.label == a.label || (isClosure && a.label == nil && p.kind == .content) {
                    assigned.append(p)
                    found = true
                } else if !p.isOptional {
                    return nil
                }
            }
            if !found { return nil }
        }
        return form[next...].allSatisfy(\.isOptional) ? assigned : nil
    }

    /// Whether an argument looks like one of a kind: a leading-dot word of the kind's set, a number for a number.
    func isPlausible(_ e: Expr, _ kind: SwiftUICatalog.Kind) -> Bool {
        let word = leadingWord(e)
        switch kind {
        case .word(let set): return word.map { SwiftUICatalog.words[set]?.contains($0) ?? false } ?? true
        case .number, .integer: return word.map { $0 == "infinity" } ?? true
        case .bool, .string: return word == nil
        case .view, .content, .any, .formatStyle: return true
        }
    }

    /// The word at the root of a leading-dot expression: `.title`, `.system(size: 20)`, `.title.bold()`.
    func leadingWord(_ e: Expr) -> String? {
        switch e.kind {
        case .implicitMember(let word): return word
        case .call(let callee, _): return leadingWord(callee)
        case .member(let base, _, _): return leadingWord(base)
        default: return nil
        }
    }

    /// One argument of a view or modifier, typed as its parameter wants.
    func uiArgument(_ e: Expr, _ kind: SwiftUICatalog.Kind) -> Node {
        switch kind {
        case .number:
            // `.infinity` and a whole number stay as written, so the JSON tree reads `"maxWidth":"infinity"`, `"spacing":12`.
            if leadingWord(e) == "infinity" { return .constant(.symbol("infinity")) }
            if case .integer(let n) = e.kind { return .constant(.int(n)) }
            return fit(typed(e, .double), to: .double, site: .argument, at: e.range)
        case .integer: return fit(typed(e, .optional(.int)), to: .optional(.int), site: .argument, at: e.range)
        case .bool: return fit(typed(e, .bool), to: .bool, site: .argument, at: e.range)
        case .string: return fit(typed(e, .string), to: .string, site: .argument, at: e.range)
        case .formatStyle: return formatStyle(e, for: nil)
        case .word(let set): return uiWord(e, set)
        case .view: return uiWord(e, "style")
        case .content:
            guard case .closure(let c) = e.kind else { return typed(e, .view).node }
            return .callValue(closure(c, builder: true, range: e.range), [], [], e.range)
        case .any:
            if case .closure(let c) = e.kind { return .callValue(closure(c, builder: true, range: e.range), [], [], e.range) }
            if let word = leadingWord(e) {
                typeWordArguments(e)
                return .constant(.symbol(word))
            }
            if let chain = styleValueChain(e) { return .constant(.symbol(chain)) }
            return typed(e, .any).node
        }
    }

    /// A leading-dot word of a set (`.title` for a font), checked against the set; a ternary of words;
    /// or an expression of the framework (`Color.red`, a view, a style the program declares).
    func uiWord(_ e: Expr, _ set: String) -> Node {
        if case .ternary(let condition, let a, let b) = e.kind {
            return .ternary(fit(typed(condition, .bool), to: .bool, site: .argument, at: condition.range), uiWord(a, set), uiWord(b, set), e.range)
        }
        if let word = leadingWord(e) {
            let known = SwiftUICatalog.words[set] ?? []
            if !known.contains(word) {
                warning(.unknownViewWord(word, kind: SwiftUICatalog.describe(set), suggestion: closestMatch(to: word, in: known), known: known.sorted()),
                        at: e.range)
            }
            typeWordArguments(e)
            return .constant(.symbol(word))
        }
        if let chain = styleValueChain(e) { return .constant(.symbol(chain)) }
        let t = typed(e, .any)
        switch t.type {
        case .int, .double, .string, .bool, .array, .dictionary, .set, .tuple, .date, .intent, .enumeration, .function, .void:
            error(.cannotConvert(actual: t.type.description, expected: SwiftUICatalog.typeName(set), site: .argument), at: e.range)
        default:
            break
        }
        return t.node
    }

    /// `Color.red`, `Color(uiColor: .secondarySystemBackground)`, `RoundedRectangle(cornerRadius: 8).fill(.blue)`:
    /// a SwiftUI value a terminal does not draw, kept by its path ("Color.red"); nil for anything else.
    func styleValueChain(_ e: Expr) -> String? {
        switch e.kind {
        case .identifier(let name):
            guard ViewCatalog.styleValues.contains(name), lookupLocal(name) == nil, globals[name] == nil else { return nil }
            return name
        case .member(let base, let name, _):
            return styleValueChain(base).map { $0 + "." + name }
        case .call(let callee, let args):
            guard let chain = styleValueChain(callee) else { return nil }
            for a in args { _ = uiArgument(a.value, .any) }
            return chain
        default:
            return nil
        }
    }

    /// `\(x, specifier: "%.1f")`, `\(date, style: .date)`, `\(x, format: .number)`, `\(placeholder: .int)`: text.
    func typedFormattedInterpolation(_ args: [Argument], range: SourceRange) -> Typed {
        let known = ["specifier", "style", "format", "placeholder", "privacy"]
        var nodes: [Node] = []
        var labels: [String?] = []
        var valueType: ScriptType?
        for a in args {
            switch a.label {
            case nil:
                let t = typed(a.value)
                valueType = t.type
                nodes.append(t.node)
            case "style":
                // A date style formats a date only.
                if let v = valueType, !v.isUnknown, v.description != "Date" {
                    error(.cannotConvert(actual: v.description, expected: "Date", site: .argument), at: args[0].value.range)
                }
                nodes.append(formatWord(a.value, "dateStyle", type: "Text.DateStyle"))
            case "specifier": nodes.append(fit(typed(a.value, .string), to: .string, site: .argument, at: a.value.range))
            case "format": nodes.append(formatStyle(a.value, for: valueType))
            // `\(x, privacy: .public)` in a `Logger` message: who may read the log, not what it says.
            case "placeholder", "privacy": nodes.append(uiArgument(a.value, .any))
            case let label?:
                error(.unknownArgument(label: label, callee: "a string interpolation", kind: "argument", known: known,
                                       suggestion: closestMatch(to: label, in: known)), at: a.labelRange ?? a.value.range)
                nodes.append(typed(a.value).node)
            }
            labels.append(a.label)
        }
        // `\(placeholder: .int)` stands alone; the others format the value written first.
        if let first = labels.first, let label = first, label != "placeholder" || labels.count != 1 {
            error(.expected("the value to format first in the interpolation", found: "'\(label):'"), at: range)
        } else if labels.count > 2 {
            error(.expected("one 'specifier:', 'style:' or 'format:' in the interpolation", found: "\(labels.count - 1)"), at: range)
        }
        if labels.first == "placeholder" { return Typed(.constant(.string("#")), .string) }
        return Typed(.callBuiltin(.formatted, nodes, labels, range), .string)
    }

    /// A leading-dot word of a formatted interpolation: one a string cannot use is an error, as in Swift.
    func formatWord(_ e: Expr, _ set: String, type: String) -> Node {
        if let word = leadingWord(e), let known = SwiftUICatalog.words[set], !known.contains(word) {
            error(.unknownMember(word, type: type, suggestion: closestMatch(to: word, in: known)), at: e.range)
            return .constant(.symbol(word))
        }
        return uiWord(e, set)
    }

    /// The arguments inside a leading-dot chain (`.system(size: 20, weight: .bold)`) are checked for what they are.
    func typeWordArguments(_ e: Expr) {
        switch e.kind {
        case .call(let callee, let args):
            typeWordArguments(callee)
            for a in args { _ = uiArgument(a.value, .any) }
        case .member(let base, _, _):
            typeWordArguments(base)
        default:
            break
        }
    }

    /// Whether a node certainly yields a view (for the modifier check).
    func isViewNode(_ node: Node) -> Bool {
        switch node {
        case .makeView, .callView, .modify: return true
        default: return false
        }
    }
}
