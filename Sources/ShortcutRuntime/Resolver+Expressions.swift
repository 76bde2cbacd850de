import ShortcutSyntax

extension Resolver {
    func expr(_ e: Expr) -> Node {
        switch e.kind {
        case .integer(let i): return .constant(.int(i))
        case .double(let d): return .constant(.double(d))
        case .bool(let b): return .constant(.bool(b))
        case .nil: return .constant(.null)
        case .string(let parts):
            if parts.isEmpty { return .constant(.string("")) }
            if parts.count == 1, case .text(let t) = parts[0] { return .constant(.string(t)) }
            return .interpolate(parts.map { part in
                switch part {
                case .text(let t): return .constant(.string(t))
                case .interpolation(let x): return expr(x)
                }
            })
        case .identifier(let name):
            return identifier(name, at: e.range)
        case .dollarName(let name):
            if projection(name, at: e.range) != nil {
                error(.unknownMember("$\(name)", type: "parameter projection", suggestion: nil), at: e.range,
                      notes: ["use $\(name).requestValue(…), $\(name).requestDisambiguation(among:dialog:) or $\(name).needsValueError(…)"])
            }
            return .constant(.null)
        case .dollarIndex(let i):
            guard let local = lookupLocal("$\(i)") else {
                error(.shorthandOutsideClosure("$\(i)"), at: e.range)
                return .constant(.null)
            }
            return read(local.binding)
        case .self:
            guard let node = selfNode(at: e.range) else {
                error(.selfOutsideType, at: e.range)
                return .constant(.null)
            }
            return node
        case .implicitMember(let name):
            return implicitMember(name, at: e.range)
        case .member(let base, let name, let nameRange):
            return member(base, name, nameRange: nameRange, range: e.range)
        case .bindOptional(let base):
            return .bindOptional(expr(base), e.range)
        case .optionalChain(let inner):
            return .optionalChain(expr(inner))
        case .call(let callee, let args):
            return call(callee, args, range: e.range)
        case .subscript(let base, let args):
            return .subscriptGet(expr(base), subscriptIndex(args, e.range), e.range)
        case .forceUnwrap(let base):
            return .forceUnwrap(expr(base), e.range)
        case .unary(let op, let operand):
            let node = expr(operand)
            return op == .negate ? .negate(node, e.range) : .not(node, e.range)
        case .binary(let op, let l, let r):
            return binary(op, expr(l), expr(r), e.range)
        case .ternary(let c, let t, let f):
            return .ternary(expr(c), expr(t), expr(f), e.range)
        case .array(let elements):
            return .array(elements.map { expr($0) })
        case .dictionary(let pairs):
            return .dictionary(pairs.map { expr($0.key) }, pairs.map { expr($0.value) }, e.range)
        case .tuple(let elements):
            return .tuple(elements.map { expr($0) })
        case .closure(let c):
            return closure(c, builder: false, range: e.range)
        case .try(let inner, let optional):
            let node = expr(inner)
            return optional ? .tryOptional(node) : node
        case .await(let inner):
            return expr(inner)
        case .operatorReference(let op):
            let code = FunctionCode(name: "(\(op.rawValue))", parameterLabels: [nil, nil], parameterChecks: [nil, nil], defaults: [nil, nil],
                                    returnCheck: nil, hasSelf: false, isMutating: false, captureSlots: [], frameSize: 2,
                                    body: [.return(binary(op, .local(0), .local(1), e.range), e.range)], range: e.range)
            return .closure(code, [])
        case .run(let target):
            let node = expr(target)
            switch node {
            case .makeIntent: break
            case .construct(let r, _, _): error(.notAnIntent(r.name), at: target.range)
            case .callView(let v, _, _): error(.notAnIntent(v.name), at: target.range)
            default: break
            }
            return .run(node, e.range)
        }
    }

    func binary(_ op: BinaryOp, _ l: Node, _ r: Node, _ range: SourceRange) -> Node {
        func arithmetic(_ a: ArithmeticOp) -> Node {
            switch (l, r) {
            case (.local(let s), .constant(.int(let k))): return .arithmeticLocalInt(a, s, k, range)
            case (.local(let x), .local(let y)): return .arithmeticLocals(a, x, y, range)
            default: return .arithmetic(a, l, r, range)
            }
        }
        func compare(_ c: ComparisonOp) -> Node {
            switch (l, r) {
            case (.local(let s), .constant(.int(let k))): return .compareLocalInt(c, s, k, range)
            case (.local(let x), .local(let y)): return .compareLocals(c, x, y, range)
            default: return .compare(c, l, r, range)
            }
        }
        switch op {
        case .add: return arithmetic(.add)
        case .subtract: return arithmetic(.subtract)
        case .multiply: return arithmetic(.multiply)
        case .divide: return arithmetic(.divide)
        case .remainder: return arithmetic(.remainder)
        case .halfOpenRange: return .makeRange(l, r, closed: false, range)
        case .closedRange: return .makeRange(l, r, closed: true, range)
        case .coalesce: return .coalesce(l, r)
        case .equal: return .equal(l, r, negated: false)
        case .notEqual: return .equal(l, r, negated: true)
        case .less: return compare(.less)
        case .lessEqual: return compare(.lessEqual)
        case .greater: return compare(.greater)
        case .greaterEqual: return compare(.greaterEqual)
        case .and: return .and(l, r, range)
        case .or: return .or(l, r, range)
        }
    }

    /// A plain name: a local, a member of `self`, a global, a type or a builtin.
    func identifier(_ name: String, at range: SourceRange) -> Node {
        if let local = lookupLocal(name) { return read(local.binding) }
        if let node = implicitSelfMember(name, at: range) { return node }
        if let entry = globals[name] {
            switch entry {
            case .variable(let slot, _, _):
                if context.kind == .topLevel, !declaredGlobals.contains(name) {
                    error(.unknownName(name, suggestion: nil), at: range, notes: ["'\(name)' is declared later in the file"])
                }
                return .global(slot)
            case .function(let slot, _, _): return .global(slot)
            case .record(let r, _, _): return .constant(.type(.record(r)))
            case .enumeration(let e, _, _): return .constant(.type(.enumeration(e)))
            case .intent(let i, _, _): return .constant(.type(.intent(i)))
            case .view(let v, _, _): return .constant(.type(.view(v)))
            }
        }
        if let builtin = BuiltinType(rawValue: name) { return .constant(.type(.builtin(builtin))) }
        unknownName(name, at: range)
        return .constant(.null)
    }

    /// `count` inside a struct method means `self.count`.
    func implicitSelfMember(_ name: String, at range: SourceRange) -> Node? {
        guard let kind = selfKind() else { return nil }
        let isMember: Bool
        switch kind {
        case .record(let r): isMember = r.fieldIndex[name] != nil || r.computed[name] != nil || r.methods[name] != nil
        case .enumeration(let e): isMember = e.computed[name] != nil || e.methods[name] != nil || name == "rawValue" || name == "title"
        case .intent(let i):
            isMember = i.parameterIndex[name] != nil || i.dependencies.contains { $0.name == name } || i.constants.contains { $0.name == name }
                || i.methods[name] != nil || intentDeclaresMember(i, name)
        }
        guard isMember, let selfNode = selfNode(at: range) else { return nil }
        return .member(selfNode, Name(name), range)
    }

    /// Constants and helpers are registered while the intent resolves; look at its syntax for the rest.
    func intentDeclaresMember(_ type: IntentType, _ name: String) -> Bool {
        guard case .intent(_, let decl, _)? = globals[type.name] else { return false }
        return decl.members.properties.contains { if case .variable(let v) = $0.kind { return v.name == name }; return false }
            || decl.members.functions.contains { $0.name == name }
    }

    /// `$name` inside an intent: the projection of a parameter (SPEC §5.3).
    /// Its only use is a request: `$name.requestValue(…)` and friends.
    func projection(_ name: String, at range: SourceRange) -> (IntentType, Int)? {
        guard case .intent(let type)? = selfKind() else {
            error(.dollarOutsideIntent(name), at: range)
            return nil
        }
        guard let index = type.parameterIndex[name] else {
            error(.unknownParameterProjection(name, intent: type.name), at: range,
                  notes: closestMatch(to: name, in: type.parameters.map(\.name)).map { ["did you mean '$\($0)'?"] } ?? [])
            return nil
        }
        return (type, index)
    }

    /// `.single`: an enum case when exactly one enum has it, else a symbol that a type turns into a case.
    func implicitMember(_ name: String, at range: SourceRange) -> Node {
        let owners = program.enums.values.filter { $0.caseIndex[name] != nil }
        if owners.count == 1, let c = owners[0].lookup(name) { return .constant(.enumCase(c)) }
        if name == "now" { return .callMethod(.constant(.type(.builtin(.date))), Name("now"), [], [], range) }
        return .constant(.symbol(name))
    }

    func member(_ base: Expr, _ name: String, nameRange: SourceRange, range: SourceRange) -> Node {
        if case .identifier(let typeName) = base.kind, lookupLocal(typeName) == nil, implicitSelfMember(typeName, at: base.range) == nil {
            switch globals[typeName] {
            case .enumeration(let e, _, _)?:
                if let c = e.lookup(name) { return .constant(.enumCase(c)) }
                if name == "allCases" { return .constant(.array(e.cases.map { .enumCase($0) })) }
                if name != "init" {
                    error(.unknownMember(name, type: typeName, suggestion: closestMatch(to: name, in: e.cases.map(\.name) + ["allCases"])), at: nameRange)
                }
            case .record(let r, _, _)? where r.kind == .store:
                if name == "shared" { return .storeShared(r) }
                error(.unknownMember(name, type: typeName, suggestion: "shared"), at: nameRange,
                      notes: ["a store's fields are reached through its one instance: \(typeName).shared.\(name)"])
                return .constant(.null)
            default:
                break
            }
        }
        return .member(expr(base), Name(name), range)
    }

    // MARK: Calls

    func call(_ callee: Expr, _ args: [Argument], range: SourceRange) -> Node {
        let labels = args.map(\.label)
        switch callee.kind {
        case .identifier(let name):
            if let local = lookupLocal(name) {
                return .callValue(read(local.binding), args.map { expr($0.value) }, labels, range)
            }
            if let selfMethod = implicitSelfMethodCall(name, args, range: range) { return selfMethod }
            if let entry = globals[name] {
                return callGlobal(entry, name: name, args, calleeRange: callee.range, range: range)
            }
            if let builtin = Builtin(rawValue: name) {
                return .callBuiltin(builtin, args.map { expr($0.value) }, labels, range)
            }
            if ViewCatalog.views.contains(name) {
                return makeView(name, args, range: range)
            }
            if let system = SystemFunction(rawValue: name) {
                if system == .expect, let first = args.first, case .binary(let op, let l, let r) = first.value.kind,
                   [.equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual].contains(op) {
                    let info = ExpectInfo(op: op, lhsText: sourceText(l.range), rhsText: sourceText(r.range))
                    return .expectComparison(info, expr(l), expr(r), args.count > 1 ? expr(args[1].value) : nil, range)
                }
                return .system(system, args.map { expr($0.value) }, labels, range)
            }
            if name.first?.isUppercase == true, context.builderSlot != nil {
                error(.unknownView(name, known: ViewCatalog.views), at: callee.range)
            } else {
                unknownName(name, at: callee.range)
            }
            for a in args { _ = expr(a.value) }
            return .constant(.null)
        case .implicitMember(let name):
            if name == "result" {
                let known = ["value", "opensIntent", "dialog", "view", "snippetIntent"]
                for a in args where !(a.label.map { known.contains($0) } ?? false) {
                    error(.unknownArgument(label: a.label ?? "_", callee: ".result", kind: "argument", known: known,
                                           suggestion: a.label.flatMap { closestMatch(to: $0, in: known) }), at: a.labelRange ?? a.value.range)
                }
                return .result(args.map { expr($0.value) }, labels, range)
            }
            for a in args { _ = expr(a.value) }
            return implicitMember(name, at: callee.range)
        case .member(let base, let name, let nameRange):
            return methodCall(base, name, nameRange: nameRange, args, range: range)
        default:
            return .callValue(expr(callee), args.map { expr($0.value) }, labels, range)
        }
    }

    func implicitSelfMethodCall(_ name: String, _ args: [Argument], range: SourceRange) -> Node? {
        guard let kind = selfKind() else { return nil }
        let hasMethod: Bool
        switch kind {
        case .record(let r): hasMethod = r.methods[name] != nil || r.fieldIndex[name] != nil
        case .enumeration(let e): hasMethod = e.methods[name] != nil
        case .intent(let i): hasMethod = i.methods[name] != nil || intentDeclaresMember(i, name)
        }
        guard hasMethod, let local = lookupLocal("self") else { return nil }
        let labels = args.map(\.label)
        let nodes = args.map { expr($0.value) }
        if context.isMutating, case .slot(let s) = local.binding, context.kind != .closure {
            return .callMutating(.local(s), Name(name), nodes, labels, range)
        }
        return .callMethod(read(local.binding), Name(name), nodes, labels, range)
    }

    func callGlobal(_ entry: GlobalEntry, name: String, _ args: [Argument], calleeRange: SourceRange, range: SourceRange) -> Node {
        switch entry {
        case .variable(let slot, _, _):
            return .callValue(.global(slot), args.map { expr($0.value) }, args.map(\.label), range)
        case .function(let slot, let decl, _):
            let parameters = decl.parameters.map { (label: $0.label, hasDefault: $0.defaultValue != nil) }
            guard let ordered = matchPositional(args, parameters: parameters, callee: name, range: range) else {
                return .constant(.null)
            }
            if !allowsRedefinition, let code = functionCodes[name] {
                if ordered.count == 1, let only = ordered[0] { return .callFunction1(code, only, range) }
                return .callFunction(code, ordered, range)
            }
            return .callGlobal(slot, ordered, range)
        case .record(let r, _, _):
            if r.kind == .store {
                error(.swiftism(found: "\(name)()", suggestion: "a store has exactly one instance: use \(name).shared"), at: range)
                return .storeShared(r)
            }
            let fields = r.fields.filter { !$0.isConstant || !$0.hasDefault }
            var nodes = [Node?](repeating: nil, count: r.fields.count)
            for a in args {
                guard let label = a.label, let i = r.fieldIndex[label], !(r.fields[i].isConstant && r.fields[i].hasDefault) else {
                    error(.unknownArgument(label: a.label ?? "_", callee: name, kind: "property", known: fields.map(\.name),
                                           suggestion: a.label.flatMap { closestMatch(to: $0, in: fields.map(\.name)) }), at: a.labelRange ?? a.value.range)
                    _ = expr(a.value)
                    continue
                }
                nodes[i] = expr(a.value)
            }
            for (i, f) in r.fields.enumerated() where nodes[i] == nil && !hasImplicitValue(r, i) {
                error(.missingArgument(label: f.name, callee: name), at: range)
            }
            return .construct(r, nodes, range)
        case .enumeration(let e, _, _):
            return .callMethod(.constant(.type(.enumeration(e))), Name("init"), args.map { expr($0.value) }, args.map(\.label), range)
        case .intent(let type, _, _):
            var nodes = [Node?](repeating: nil, count: type.parameters.count)
            let known = type.parameters.map(\.name)
            for a in args {
                guard let label = a.label, let i = type.parameterIndex[label] else {
                    error(.unknownArgument(label: a.label ?? "_", callee: name, kind: "parameter", known: known,
                                           suggestion: a.label.flatMap { closestMatch(to: $0, in: known) }), at: a.labelRange ?? a.value.range)
                    _ = expr(a.value)
                    continue
                }
                if nodes[i] != nil { error(.duplicateDeclaration(label, previousLine: line(of: range)), at: a.labelRange ?? range) }
                nodes[i] = expr(a.value)
            }
            return .makeIntent(type, nodes, range)
        case .view(let type, let decl, _):
            let parameters = decl.parameters.map { (label: Optional($0.label ?? $0.name), hasDefault: $0.defaultValue != nil) }
            guard let ordered = matchPositional(args, parameters: parameters, callee: name, range: range, kind: "parameter") else {
                return .constant(.null)
            }
            return .callView(type, ordered, range)
        }
    }

    /// The source text of a range, for messages that quote the program.
    func sourceText(_ range: SourceRange) -> String {
        let i = Int(range.file)
        guard program.files.indices.contains(i) else { return "…" }
        return program.files[i].text(range)
    }

    /// Subscripts take exactly one index (`xs[i]`, `d["k"]`).
    func subscriptIndex(_ args: [Argument], _ range: SourceRange) -> Node {
        guard args.count == 1, args[0].label == nil else {
            error(.wrongArgumentCount(callee: "subscript", expected: 1, got: args.count), at: range)
            for a in args { _ = expr(a.value) }
            return .constant(.null)
        }
        return expr(args[0].value)
    }

    /// Inside a snippet's perform, a write whose root is a store gets a warning (SPEC §6).
    func warnIfSnippetWrites(_ target: Expr, detail: String) {
        guard let snippet = snippetPerform, context.selfKind != nil || context.kind == .closure else { return }
        var root = target
        while true {
            switch root.kind {
            case .member(let b, _, _), .subscript(let b, _), .forceUnwrap(let b), .bindOptional(let b), .optionalChain(let b):
                if storeType(of: root) != nil { return report() }
                root = b
                continue
            default:
                if storeType(of: root) != nil { report() }
                return
            }
        }
        func report() {
            warning(.snippetWritesStore(snippet: snippet.name, detail: detail), at: target.range)
        }
    }

    /// The store an expression names: a dependency, or `Store.shared`.
    func storeType(of e: Expr) -> RecordType? {
        switch e.kind {
        case .identifier(let name):
            if lookupLocal(name) != nil { return nil }
            if case .intent(let i)? = selfKind() { return i.dependencies.first { $0.name == name }?.store }
            return nil
        case .member(let b, "shared", _):
            if case .identifier(let n) = b.kind, case .record(let r, _, _)? = globals[n], r.kind == .store { return r }
            return nil
        default:
            return nil
        }
    }

    /// A field that may be left out of a memberwise initialiser: it has a default or is optional.
    func hasImplicitValue(_ r: RecordType, _ i: Int) -> Bool {
        let f = r.fields[i]
        if f.hasDefault { return true }
        if case .optional? = f.type { return true }
        return false
    }

    /// Matches arguments to parameters in order, as Swift does. Returns nil after reporting a mismatch.
    /// A `nil` entry means "use the default".
    func matchPositional(_ args: [Argument], parameters: [(label: String?, hasDefault: Bool)], callee: String,
                         range: SourceRange, kind: String = "argument") -> [Node?]? {
        var result: [Node?] = []
        var a = 0
        var ok = true
        for p in parameters {
            if a < args.count {
                let arg = args[a]
                let isTrailingClosure: Bool
                if case .closure = arg.value.kind, arg.label == nil { isTrailingClosure = true } else { isTrailingClosure = false }
                if arg.label == p.label || (isTrailingClosure && a == args.count - 1) {
                    result.append(expr(arg.value))
                    a += 1
                    continue
                }
            }
            if p.hasDefault {
                result.append(nil)
                continue
            }
            if a < args.count, args[a].label != nil || p.label != nil {
                let found = args[a].label.map { "'\($0):'" } ?? "no label"
                let expected = p.label.map { "'\($0):'" } ?? "no label"
                if args[a].label != nil, !parameters.contains(where: { $0.label == args[a].label }) {
                    let known = parameters.compactMap(\.label)
                    error(.unknownArgument(label: args[a].label ?? "_", callee: callee, kind: kind, known: known,
                                           suggestion: args[a].label.flatMap { closestMatch(to: $0, in: known) }), at: args[a].labelRange ?? args[a].value.range)
                } else {
                    error(.wrongArgumentLabel(callee: callee, expected: expected, got: found), at: args[a].labelRange ?? args[a].value.range)
                }
            } else {
                error(.missingArgument(label: p.label ?? "_", callee: callee), at: range)
            }
            ok = false
            break
        }
        if ok, a < args.count {
            let skippedLabel = parameters.enumerated().first { i, p in p.hasDefault && p.label != nil && i < result.count && result[i] == nil }?.element.label
            if args[a].label == nil, let skippedLabel {
                error(.wrongArgumentLabel(callee: callee, expected: "'\(skippedLabel):'", got: "no label"), at: args[a].value.range)
            } else if let label = args[a].label, !parameters.contains(where: { $0.label == label }) {
                let known = parameters.compactMap(\.label)
                error(.unknownArgument(label: label, callee: callee, kind: kind, known: known, suggestion: closestMatch(to: label, in: known)),
                      at: args[a].labelRange ?? args[a].value.range)
            } else {
                error(.wrongArgumentCount(callee: callee, expected: parameters.count, got: args.count), at: range)
            }
            ok = false
        }
        if !ok {
            for arg in args { _ = expr(arg.value) }
            return nil
        }
        return result
    }

    func methodCall(_ base: Expr, _ name: String, nameRange: SourceRange, _ args: [Argument], range: SourceRange) -> Node {
        let labels = args.map(\.label)
        if case .dollarName(let parameter) = base.kind {
            guard let (type, index) = projection(parameter, at: base.range) else {
                for a in args { _ = expr(a.value) }
                return .constant(.null)
            }
            guard let kind = ParameterRequestKind(rawValue: name) else {
                let known = ["requestValue", "requestDisambiguation", "needsValueError"]
                error(.unknownMember(name, type: "$\(parameter)", suggestion: closestMatch(to: name, in: known)), at: nameRange)
                return .constant(.null)
            }
            return .parameterRequest(kind, type, index, args.map { expr($0.value) }, labels, range)
        }
        // Static calls on a type name: `Int.random(in:)`, `EspressoShot(rawValue:)` arrives as a call on the type.
        let baseNode = member(base, name, nameRange: nameRange, range: range)
        guard case .member(let receiver, _, _) = baseNode else {
            // `Store.shared(…)`, `Enum.case(…)`: not callable.
            return .callValue(baseNode, args.map { expr($0.value) }, labels, range)
        }
        if isViewNode(receiver), !ViewCatalog.modifiers.contains(name) {
            error(.unknownModifier(name, known: ViewCatalog.modifiers), at: nameRange)
        }
        let nodes = args.map { expr($0.value) }
        if mutatingMethodNames.contains(name) { warnIfSnippetWrites(base, detail: "'\(name)'") }
        if let store = storeType(of: base), storeMethodsThatWrite[store.name]?.contains(name) == true {
            warnIfSnippetWrites(base, detail: "'\(store.name).\(name)' changes its fields")
        }
        if mutatingMethodNames.contains(name), let place = lvalue(base, reportErrors: false), isMutablePlace(base) {
            if name == "append", nodes.count == 1, labels == [nil] {
                switch place {
                case .local, .global, .cell: return .appendToVariable(place, nodes[0], range)
                default: break
                }
            }
            return .callMutating(place, Name(name), nodes, labels, range)
        }
        return .callMethod(receiver, Name(name), nodes, labels, range)
    }

    /// Whether a node certainly yields a view (for the modifier check).
    func isViewNode(_ node: Node) -> Bool {
        switch node {
        case .makeView, .callView: return true
        case .callMethod(let receiver, let name, _, _, _): return ViewCatalog.modifiers.contains(name.text) && isViewNode(receiver)
        default: return false
        }
    }

    /// A place rooted in a `var` (a `let` root may only call non-mutating methods, or methods of references).
    func isMutablePlace(_ e: Expr) -> Bool {
        switch e.kind {
        case .identifier(let name):
            if let local = lookupLocal(name) { return !local.isConstant }
            if implicitSelfMember(name, at: e.range) != nil {
                return context.isMutating || selfIsReference()
            }
            if case .variable(_, let isConstant, _)? = globals[name] { return !isConstant }
            return false
        case .self: return context.isMutating
        case .member(let b, _, _), .subscript(let b, _), .forceUnwrap(let b), .bindOptional(let b), .optionalChain(let b):
            return isMutablePlace(b) || isReferenceRoot(b)
        default: return false
        }
    }

    func selfIsReference() -> Bool {
        switch selfKind() {
        case .record(let r)?: return r.kind == .store
        default: return false
        }
    }

    /// `Store.shared`, a dependency: changes go to the one instance.
    func isReferenceRoot(_ e: Expr) -> Bool {
        switch e.kind {
        case .member(let b, "shared", _):
            if case .identifier(let n) = b.kind, case .record(let r, _, _)? = globals[n], r.kind == .store { return true }
            return false
        case .identifier(let name):
            if case .intent(let i)? = selfKind(), i.dependencies.contains(where: { $0.name == name }) { return true }
            return false
        default: return false
        }
    }

    func makeView(_ name: String, _ args: [Argument], range: SourceRange) -> Node {
        var nodes: [Node] = []
        var labels: [String?] = []
        var content: Node?
        for (i, a) in args.enumerated() {
            if case .closure(let c) = a.value.kind, a.label == nil || a.label == "content" || a.label == "label", i == args.count - 1 {
                content = closure(c, builder: true, range: a.value.range)
            } else {
                nodes.append(expr(a.value))
                labels.append(a.label)
            }
        }
        return .makeView(name, nodes, labels, content: content, range)
    }

    /// A closure literal. Shorthand `$0`… become its parameters; a builder closure collects views.
    func closure(_ c: ClosureExpr, builder: Bool, range: SourceRange) -> Node {
        var parameters = zip(c.parameters, c.parameterRanges).map { (name: $0.0, range: $0.1) }
        if parameters.isEmpty {
            let count = ShorthandScanner.highestIndex(in: c.body.statements) + 1
            parameters = (0..<count).map { (name: "$\($0)", range: range) }
        }
        let (layout, body, captures) = withFunction(kind: .closure, name: "closure", selfKind: nil, parameters: parameters, scanning: c.body.statements) {
            if builder { return [.return(builderBlock(c.body.statements), range)] }
            return functionBody(c.body)
        }
        let code = FunctionCode(name: "closure", parameterLabels: parameters.map { _ in nil }, parameterChecks: parameters.map { _ in nil },
                                defaults: parameters.map { _ in nil }, returnCheck: nil, hasSelf: false, isMutating: false,
                                captureSlots: layout.captureSlots, frameSize: layout.frameSize, body: body, range: range)
        return .closure(code, captures)
    }

    // MARK: Places

    /// The place an assignment or mutating call changes. Reports what cannot be assigned.
    func lvalue(_ e: Expr, reportErrors: Bool = true) -> LValue? {
        switch e.kind {
        case .identifier(let name):
            if let local = lookupLocal(name) {
                if local.isConstant, reportErrors { error(.assignToConstant(name), at: e.range) }
                switch local.binding {
                case .slot(let s): return .local(s)
                case .cell(let s): return .cell(s)
                case .discard: return nil
                }
            }
            if implicitSelfMember(name, at: e.range) != nil, let selfLocal = lookupLocal("self") {
                if case .record(let r)? = selfKind(), r.kind != .store, !context.isMutating, reportErrors {
                    error(.mutatingInNonMutating(name), at: e.range)
                }
                let root: LValue
                switch selfLocal.binding {
                case .slot(let s): root = selfIsReference() || !context.isMutating ? .reference(.local(s), e.range) : .local(s)
                case .cell(let s): root = .reference(.cell(s), e.range)
                case .discard: return nil
                }
                return .member(root, Name(name), e.range)
            }
            if case .variable(let slot, let isConstant, _)? = globals[name] {
                if isConstant, reportErrors { error(.assignToConstant(name), at: e.range) }
                return .global(slot)
            }
            if reportErrors { unknownName(name, at: e.range) }
            return nil
        case .self:
            guard let selfLocal = lookupLocal("self"), case .slot(let s) = selfLocal.binding else {
                if reportErrors { error(.selfOutsideType, at: e.range) }
                return nil
            }
            return .local(s)
        case .member(let base, let name, _):
            if isReferenceRoot(base) {
                return .member(.reference(expr(base), base.range), Name(name), e.range)
            }
            if let root = lvalue(base, reportErrors: false), isMutablePlace(base) {
                return .member(root, Name(name), e.range)
            }
            if case .identifier(let n) = base.kind, let local = lookupLocal(n), local.isConstant {
                // Through a `let`: fine for references (stores), an error for values — decided when it runs.
                return .member(.reference(read(local.binding), base.range), Name(name), e.range)
            }
            return .member(.reference(expr(base), base.range), Name(name), e.range)
        case .subscript(let base, let args):
            guard let root = lvalue(base, reportErrors: reportErrors) else { return nil }
            return .subscript(root, subscriptIndex(args, e.range), e.range)
        case .forceUnwrap(let base):
            guard let root = lvalue(base, reportErrors: reportErrors) else { return nil }
            return .forceUnwrap(root, e.range)
        case .bindOptional(let base):
            guard let root = lvalue(base, reportErrors: reportErrors) else { return nil }
            return .optional(root, e.range)
        case .optionalChain(let inner):
            return lvalue(inner, reportErrors: reportErrors)
        default:
            if reportErrors { error(.invalidAssignmentTarget, at: e.range) }
            return nil
        }
    }
}

/// Finds the highest `$n` a closure body uses (not counting nested closures).
enum ShorthandScanner {
    static func highestIndex(in statements: [Stmt]) -> Int {
        var highest = -1
        for s in statements { scan(s, &highest) }
        return highest
    }

    static func scan(_ s: Stmt, _ h: inout Int) {
        switch s.kind {
        case .expression(let e), .show(let e), .throw(let e): scan(e, &h)
        case .assign(let a, _, let b): scan(a, &h); scan(b, &h)
        case .variable(let v): if let i = v.initializer { scan(i, &h) }
        case .if(let cs, let body, let e):
            for c in cs { if case .expression(let x) = c { scan(x, &h) } else if case .binding(_, _, _, let v?) = c { scan(v, &h) } }
            for st in body.statements { scan(st, &h) }
            if let e { scan(e, &h) }
        case .guard(let cs, let body), .while(let cs, let body):
            for c in cs { if case .expression(let x) = c { scan(x, &h) } else if case .binding(_, _, _, let v?) = c { scan(v, &h) } }
            for st in body.statements { scan(st, &h) }
        case .forIn(_, let seq, _, let body): scan(seq, &h); for st in body.statements { scan(st, &h) }
        case .repeat(let body, let c): scan(c, &h); for st in body.statements { scan(st, &h) }
        case .switch(let subject, let cases):
            scan(subject, &h)
            for c in cases { for st in c.body.statements { scan(st, &h) } }
        case .return(let e): if let e { scan(e, &h) }
        case .block(let b): for st in b.statements { scan(st, &h) }
        case .do(let b, _, let c):
            for st in b.statements { scan(st, &h) }
            for st in c?.statements ?? [] { scan(st, &h) }
        case .break, .continue, .declaration: break
        }
    }

    static func scan(_ e: Expr, _ h: inout Int) {
        switch e.kind {
        case .dollarIndex(let i): h = max(h, i)
        case .closure: break
        case .string(let parts): for p in parts { if case .interpolation(let x) = p { scan(x, &h) } }
        case .member(let b, _, _), .bindOptional(let b), .optionalChain(let b), .forceUnwrap(let b), .unary(_, let b),
             .try(let b, _), .await(let b), .run(let b):
            scan(b, &h)
        case .call(let c, let args), .subscript(let c, let args):
            scan(c, &h)
            for a in args { scan(a.value, &h) }
        case .binary(_, let a, let b): scan(a, &h); scan(b, &h)
        case .ternary(let a, let b, let c): scan(a, &h); scan(b, &h); scan(c, &h)
        case .array(let xs), .tuple(let xs): for x in xs { scan(x, &h) }
        case .dictionary(let ps): for p in ps { scan(p.key, &h); scan(p.value, &h) }
        default: break
        }
    }
}
