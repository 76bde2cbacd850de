import ShortcutSyntax

extension Interpreter {
    // MARK: Expressions

    /// Evaluates an expression. The hottest cases are here; the rest are in
    /// `evalOther`, so this function stays small and its calls stay cheap
    /// (a large switch makes every call pay for a large stack frame).
    func eval(_ node: Node, _ fp: UnsafeMutablePointer<Value>) throws(ScriptError) -> Value {
        switch node {
        case .constant(let v):
            return v
        case .local(let s):
            return fp[s]
        case .cell(let s):
            if case .cell(let c) = fp[s] { return c.value }
            return fp[s]
        case .global(let i):
            return globals[i]
        case .arithmetic(let op, let l, let r, let site):
            let a = try eval(l, fp)
            let b = try eval(r, fp)
            if case .int(let x) = a, case .int(let y) = b { return try intArithmetic(op, x, y, site) }
            return try arithmetic(op, a, b, site)
        case .arithmeticLocalInt(let op, let s, let k, let site):
            if case .int(let x) = fp[s] { return try intArithmetic(op, x, k, site) }
            return try arithmetic(op, fp[s], .int(k), site)
        case .arithmeticLocals(let op, let a, let b, let site):
            if case .int(let x) = fp[a], case .int(let y) = fp[b] { return try intArithmetic(op, x, y, site) }
            return try arithmetic(op, fp[a], fp[b], site)
        case .compareLocalInt(let op, let s, let k, let site):
            if case .int(let x) = fp[s] { return .bool(Interpreter.compareInts(op, x, k)) }
            return .bool(try compare(op, fp[s], .int(k), site))
        case .compareLocals(let op, let a, let b, let site):
            if case .int(let x) = fp[a], case .int(let y) = fp[b] { return .bool(Interpreter.compareInts(op, x, y)) }
            return .bool(try compare(op, fp[a], fp[b], site))
        case .compare(let op, let l, let r, let site):
            let a = try eval(l, fp)
            let b = try eval(r, fp)
            if case .int(let x) = a, case .int(let y) = b { return .bool(Interpreter.compareInts(op, x, y)) }
            return .bool(try compare(op, a, b, site))
        case .equal(let l, let r, let negated):
            let a = try eval(l, fp)
            let b = try eval(r, fp)
            return .bool((a == b) != negated)
        case .and(let l, let r, let site):
            guard try condition(l, fp, site) else { return .bool(false) }
            return .bool(try condition(r, fp, site))
        case .or(let l, let r, let site):
            if try condition(l, fp, site) { return .bool(true) }
            return .bool(try condition(r, fp, site))
        case .not(let operand, let site):
            return .bool(!(try condition(operand, fp, site)))
        case .coalesce(let l, let r):
            let a = try eval(l, fp)
            if case .null = a { return try eval(r, fp) }
            return a
        case .ternary(let c, let t, let f, let site):
            return try condition(c, fp, site) ? try eval(t, fp) : try eval(f, fp)
        case .callFunction(let code, let args, let site):
            return try call(code, captures: [], arguments: args, callerFrame: fp, site: site)
        case .callFunction1(let code, let argument, let site):
            let value = try eval(argument, fp)
            let frame = try enterFrame(code, site: site)
            defer { leaveFrame(frame, code.registerCount) }
            try store(value, parameter: 0, of: code, into: frame + (code.hasSelf ? 1 : 0), site: site)
            return try runBody(code, frame, site: site)
        case .callGlobal(let slot, let args, let site):
            guard case .function(let f) = globals[slot] else {
                throw ScriptError.runtime(.notCallable(type: globals[slot].typeName), at: site)
            }
            return try call(f.code, captures: f.captures, arguments: args, callerFrame: fp, site: site)
        case .member(let base, let name, let site):
            return try member(try eval(base, fp), name, site)
        case .subscriptGet(let base, let index, let site):
            let b = try eval(base, fp)
            return try subscriptGet(b, try eval(index, fp), site)
        default:
            return try evalOther(node, fp)
        }
    }

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

    @inline(never)
    func evalOther(_ node: Node, _ fp: UnsafeMutablePointer<Value>) throws(ScriptError) -> Value {
        switch node {
        case .constant, .local, .cell, .global, .arithmetic, .arithmeticLocalInt, .arithmeticLocals, .compareLocalInt, .compareLocals, .compare, .equal, .and, .or, .not, .coalesce, .ternary, .callFunction, .callFunction1, .callGlobal, .member, .subscriptGet:
            return try eval(node, fp)
        case .subscriptDefault(let base, let index, let value, let site):
            let b = try eval(base, fp)
            guard case .dictionary(let d) = b else { throw ScriptError.runtime(.cannotAssignThroughSubscript(type: b.typeName), at: site) }
            if let found = d.get(try eval(index, fp)) { return found }
            return try eval(value, fp)
        case .negate(let operand, let site):
            return try negated(try eval(operand, fp), site)
        case .makeRange(let l, let r, let closed, let site):
            let lower = try eval(l, fp)
            return try range(lower, try eval(r, fp), closed: closed, site)
        case .array(let elements):
            var out: [Value] = []
            out.reserveCapacity(elements.count)
            for e in elements { out.append(try eval(e, fp)) }
            return .array(out)
        case .tuple(let elements):
            var out: [Value] = []
            for e in elements { out.append(try eval(e, fp)) }
            return .tuple(TupleStorage(out))
        case .labeledTuple(let elements, let labels):
            var out: [Value] = []
            for e in elements { out.append(try eval(e, fp)) }
            return .tuple(TupleStorage(out, labels: labels))
        case .callValue(let callee, let args, _, let site):
            return try callValue(try eval(callee, fp), args, fp, site)
        case .callBuiltin(let builtin, let args, let labels, let site):
            var values = Arguments()
            for a in args { values.append(try eval(a, fp)) }
            return try callBuiltin(builtin, values, labels, site)
        case .callMethod(let receiverNode, let name, let args, let labels, let site):
            let receiver = try eval(receiverNode, fp)
            var values = Arguments()
            for a in args { values.append(try eval(a, fp)) }
            return try callMethod(receiver, name, values, labels, site)
        case .appendToVariable(let place, let node, let site):
            let element = try eval(node, fp)
            let slot: UnsafeMutablePointer<Value>
            switch place {
            case .local(let s): slot = fp + s
            case .global(let g): slot = globals + g
            default: slot = fp
            }
            if case .cell = place {
                try modify(place, fp) { (v: inout Value) throws(ScriptError) in _ = try self.callMutatingMethod(&v, Name("append"), Arguments(element), [nil], site) }
            } else {
                try append(element, to: slot, site)
            }
            return .null
        case .callMutating(let place, let name, let args, let labels, let site):
            var values = Arguments()
            for a in args { values.append(try eval(a, fp)) }
            var result: Value = .null
            try modify(place, fp) { (v: inout Value) throws(ScriptError) in
                result = try self.callMutatingMethod(&v, name, values, labels, site)
            }
            return result
        case .forceUnwrap(let base, let site):
            let v = try eval(base, fp)
            if case .null = v { throw ScriptError.runtime(.unwrappedNil, at: site) }
            return v
        case .bindOptional(let base, _):
            // Only met outside a chain's spine (the resolver puts it there): nil goes on as nil.
            return try eval(base, fp)
        case .optionalChain(let inner):
            return try evalChain(inner, fp) ?? .null
        case .tryOptional(let inner):
            do {
                return try eval(inner, fp)
            } catch {
                if case .thrown = error.kind { return .null }
                throw error
            }
        case .construct(let type, let args, let site):
            // As Swift's memberwise initializer: the arguments given, in order; then, inside the initializer,
            // the defaults of the fields left out.
            var values = Array(repeating: Value.null, count: args.count)
            for (i, a) in args.enumerated() { if let a { values[i] = try eval(a, fp) } }
            for i in args.indices where args[i] == nil { values[i] = try fieldDefault(type, i) }
            return try construct(type, values, site)
        case .initRecord(let type, let code, let args, let site):
            // As Swift: the arguments first, then the properties' initial values, then the `init`'s body.
            let values = try initArguments(code, args, fp)
            var receiver = try blank(type)
            try initialize(&receiver, with: code, values, site)
            try checkInitialized(receiver, site: site)
            return receiver
        case .storeInit(let type, let code, let args, let site):
            let (store, isNew) = try openStore(type)
            var receiver = Value.store(store)
            if isNew { try initialize(&receiver, with: code, try initArguments(code, args, fp), site) }
            return receiver
        case .callView(let type, let args, let site):
            // With every argument given it is made as the VM makes it (`make`).
            if let (maker, operands) = node.maker { return try make(maker, operands, fp) }
            guard let code = type.code else { return .null }
            let children = try call(code, captures: [], arguments: args, callerFrame: fp, site: site)
            return .view(ViewNode.wrap(children, as: type.name))
        case .interpolate, .makeEnumCase, .closure, .makeIntent, .makeView, .modify, .result, .cast, .dictionary, .relabel, .storeShared, .run, .system,
             .parameterRequest, .sliceFrom, .expectComparison:
            guard let (maker, operands) = node.maker else { return .null }
            return try make(maker, operands, fp)
        case .build(let slot, let statements):
            fp[slot] = .array([])
            _ = try exec(statements, fp)
            return fp[slot]
        }
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

    @inline(__always)
    static func compareInts(_ op: ComparisonOp, _ x: Int, _ y: Int) -> Bool {
        switch op {
        case .less: return x < y
        case .lessEqual: return x <= y
        case .greater: return x > y
        case .greaterEqual: return x >= y
        }
    }

    /// Evaluates a condition, which must be a Bool (no truthiness).
    @inline(__always)
    func condition(_ node: Node, _ fp: UnsafeMutablePointer<Value>, _ site: SourceRange) throws(ScriptError) -> Bool {
        // Comparisons of Ints answer directly, without a `Value` in between.
        switch node {
        case .compareLocalInt(let op, let s, let k, _):
            if case .int(let x) = fp[s] { return Interpreter.compareInts(op, x, k) }
        case .compareLocals(let op, let a, let b, _):
            if case .int(let x) = fp[a], case .int(let y) = fp[b] { return Interpreter.compareInts(op, x, y) }
        default:
            break
        }
        let v = try eval(node, fp)
        if case .bool(let b) = v { return b }
        throw ScriptError.runtime(.conditionNotBool(type: v.typeName), at: site)
    }

}
