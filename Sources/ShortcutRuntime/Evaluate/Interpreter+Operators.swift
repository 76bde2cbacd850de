import ShortcutSyntax

extension Interpreter {
    /// Int arithmetic: overflow and division by zero are errors, never a wrap or a trap.
    @inline(__always)
    func intArithmetic(_ op: ArithmeticOp, _ x: Int, _ y: Int, _ site: SourceRange) throws(ScriptError) -> Value {
        if let r = op.intResult(x, y) { return .int(r) }
        throw intError(op, x, y, site)
    }

    /// Why `x op y` has no result.
    @inline(never)
    func intError(_ op: ArithmeticOp, _ x: Int, _ y: Int, _ site: SourceRange) -> ScriptError {
        switch op {
        case .divide where y == 0: return ScriptError.runtime(.divisionByZero, at: site)
        case .remainder where y == 0: return ScriptError.runtime(.remainderByZero, at: site)
        default: return ScriptError.runtime(.overflow(expression: "\(x) \(op.symbol) \(y)"), at: site)
        }
    }

    func arithmetic(_ op: ArithmeticOp, _ a: Value, _ b: Value, _ site: SourceRange) throws(ScriptError) -> Value {
        switch (a, b) {
        case (.int(let x), .int(let y)):
            return try intArithmetic(op, x, y, site)
        case (.date(let d), _) where op == .add || op == .subtract:
            guard let seconds = b.asDouble else { break }
            return try date(op == .add ? d + seconds : d - seconds, site)
        case (.double, _), (_, .double):
            guard op.isNumeric, let x = a.asDouble, let y = b.asDouble else { break }
            return .double(Interpreter.doubleArithmetic(op, x, y))
        case (.string(let x), .string(let y)) where op == .add:
            try reserve(x.utf8.count + y.utf8.count, of: 1, site)
            return .string(x + y)
        case (.array(let x), .array(let y)) where op == .add:
            try reserve(x.count + y.count, site)
            return .array(x + y)
        case (.view(let x), .view(let y)) where op == .add && x.kind == .text && y.kind == .text:
            // `Text("a") + Text("b")`: one text, the two runs' words joined (each run's own modifiers are not drawn).
            let joined = (x.property("text")?.description ?? "") + (y.property("text")?.description ?? "")
            try reserve(joined.utf8.count, of: 1, site)
            return .view(ViewNode(kind: .text, name: x.name, properties: [("text", .string(joined))], site: x.site))
        default:
            break
        }
        throw ScriptError.runtime(.cannotApply(op: op.symbol, lhs: a.typeName, rhs: b.typeName), at: site)
    }

    /// A date value, refused when it lies beyond `Limits.maximumDateSeconds` (or is not a number).
    func date(_ seconds: Double, _ site: SourceRange) throws(ScriptError) -> Value {
        guard Limits.isRepresentableDate(seconds) else {
            throw ScriptError.runtime(.dateOutOfRange(seconds: seconds), at: site)
        }
        return .date(seconds)
    }

    func compare(_ op: ComparisonOp, _ a: Value, _ b: Value, _ site: SourceRange) throws(ScriptError) -> Bool {
        let order: Int
        switch (a, b) {
        case (.int(let x), .int(let y)): order = x < y ? -1 : (x > y ? 1 : 0)
        case (.string(let x), .string(let y)): order = x < y ? -1 : (x > y ? 1 : 0)
        case (.date(let x), .date(let y)): order = x < y ? -1 : (x > y ? 1 : 0)
        case (.enumCase(let x), .enumCase(let y)) where x.typeIdentifier == y.typeIdentifier && x.type.lessThan != nil:
            return try userOrder(op, a, b, x.type.lessThan, site)
        case (.record(let x), .record(let y)) where x.type.isType(of: y.type) && x.type.lessThan != nil:
            return try userOrder(op, a, b, x.type.lessThan, site)
        case (.store(let x), .store) where x.type.lessThan != nil:
            // Class instances: by the `<` their class declares or inherits (`inheritMembers` gives a subclass its superclass's).
            return try userOrder(op, a, b, x.type.lessThan, site)
        case (.enumCase(let x), .enumCase(let y)) where x.typeIdentifier == y.typeIdentifier && x.index == y.index && x.fieldCount > 0:
            // The same case: its associated values in order, as Swift's synthesised `<` compares them.
            return try compare(op, .tuple(TupleStorage(x.payload)), .tuple(TupleStorage(y.payload)), site)
        case (.enumCase(let x), .enumCase(let y)) where x.typeIdentifier == y.typeIdentifier: order = x.index < y.index ? -1 : (x.index > y.index ? 1 : 0)
        case (.tuple(let x), .tuple(let y)) where x.elements.count == y.elements.count:
            // Tuples compare element by element, as Swift's do.
            for (p, q) in zip(x.elements, y.elements) where p != q {
                return try compare(op == .lessEqual ? .less : op == .greaterEqual ? .greater : op, p, q, site)
            }
            return op == .lessEqual || op == .greaterEqual
        default:
            guard let x = a.asDouble, let y = b.asDouble else {
                throw ScriptError.runtime(.cannotCompare(op: op.symbol, lhs: a.typeName, rhs: b.typeName), at: site)
            }
            if x.isNaN || y.isNaN { return false }
            order = x < y ? -1 : (x > y ? 1 : 0)
        }
        switch op {
        case .less: return order < 0
        case .lessEqual: return order <= 0
        case .greater: return order > 0
        case .greaterEqual: return order >= 0
        }
    }

    /// Equality as Swift's `==` gives it: a type's own `static func ==` when it declares one, else the values'.
    func valuesEqual(_ a: Value, _ b: Value, _ site: SourceRange) throws(ScriptError) -> Bool {
        var equals: FunctionCode?
        switch (a, b) {
        case (.record(let x), .record(let y)) where x.type.isType(of: y.type): equals = x.type.equals
        case (.store(let x), .store(let y)) where x.type.isType(of: y.type): equals = x.type.equals
        case (.enumCase(let x), .enumCase(let y)) where x.typeIdentifier == y.typeIdentifier: equals = x.type.equals
        default: break
        }
        guard let equals else { return a == b }
        guard case .bool(let result) = try call(equals, captures: [], selfValue: nil, arguments: Arguments(a, b), site: site) else {
            throw ScriptError.runtime(.closureResultNotBool(type: "nil"), at: site)
        }
        return result
    }

    /// An order a type gives itself with `static func <` (Comparable): the others follow from it.
    func userOrder(_ op: ComparisonOp, _ a: Value, _ b: Value, _ lessThan: FunctionCode?, _ site: SourceRange) throws(ScriptError) -> Bool {
        guard let lessThan else { return false }
        func less(_ x: Value, _ y: Value) throws(ScriptError) -> Bool {
            guard case .bool(let result) = try call(lessThan, captures: [], selfValue: nil, arguments: Arguments(x, y), site: site) else {
                throw ScriptError.runtime(.closureResultNotBool(type: "nil"), at: site)
            }
            return result
        }
        switch op {
        case .less: return try less(a, b)
        case .greater: return try less(b, a)
        case .lessEqual: return !(try less(b, a))
        case .greaterEqual: return !(try less(a, b))
        }
    }

    /// Checks a value against an annotation where it crosses one; promotes `Int`
    /// to `Double` and turns a symbol (`.single`) into the enum's case.
    /// `what` names the declaration for the message; it is only built when the check fails.
    @inline(__always)
    func coerce(_ value: Value, to check: ScriptType, what: @autoclosure () -> String, site: SourceRange) throws(ScriptError) -> Value {
        if let v = value.converted(to: check) { return v }
        throw ScriptError.runtime(.typeMismatch(type: value.typeName, expected: "\(check)", context: what()), at: site)
    }
}

extension Value {
    /// The value as a number, when it is one.
    public var asDouble: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .double(let d): return d
        default: return nil
        }
    }

    /// The value as the annotation wants it, or nil when it does not fit.
    func converted(to check: ScriptType) -> Value? {
        switch (check, self) {
        case (.any, _), (.error, _), (.existential, _), (.typeParameter, _): return self   // a protocol's value: the checker proved it conforms
        case (.optional, .null): return self
        case (.optional(let inner), _): return converted(to: inner)
        case (.int, .int), (.double, .double), (.string, .string), (.bool, .bool), (.date, .date), (.uuid, .uuid), (.stringIndex, .int): return self
        case (.character, .string), (.substring, .string): return self   // strings when the program runs
        case (.void, .tuple(let t)) where t.elements.isEmpty: return self   // `()` is `Void`
        case (.tuple(let types, _), .null) where types.isEmpty: return self
        case (.double, .int(let i)): return .double(Double(i))
        case (.array(let element), .array(let items)):
            // Shallow when nothing needs converting: element checks would make every call O(n).
            switch element {
            case .double, .enumeration, .optional:
                var out: [Value] = []
                out.reserveCapacity(items.count)
                for item in items {
                    guard let c = item.converted(to: element) else { return nil }
                    out.append(c)
                }
                return .array(out)
            default:
                return self
            }
        case (.dictionary, .dictionary): return self
        case (.set(let element), .array): return converted(to: .array(element))
        case (.function, .function): return self
        case (.tuple(let types, let labels), .tuple(let t)):
            guard t.elements.count == types.count else { return nil }
            // `(lo, hi)` returned as `(min: Int, max: Int)` takes the type's labels, as in Swift.
            guard !labels.isEmpty, labels != t.labels else { return self }
            return .tuple(TupleStorage(t.elements, labels: t.labels.indices.map { ScriptType.label(labels, $0) ?? t.labels[$0] }))
        case (.range(closed: false), .range), (.range(closed: true), .closedRange), (.indexRange(closed: false), .range), (.indexRange(closed: true), .closedRange):
            return self
        case (.enumeration(let e), .enumCase(let c)): return c.isCase(of: e) ? self : nil
        case (.enumeration(let e), .symbol(let name)): return e.lookup(name).map { .enumCase($0) }
        case (.record(let r), .record(let x)): return x.type.isType(of: r) ? self : nil
        // A range of Ints given where a generic function takes the prelude's `ClosedRange<T>` or `Range<T>`.
        case (.record(let r), .closedRange): return r.isRangeTemplate(closed: true) ? self : nil
        case (.record(let r), .range): return r.isRangeTemplate(closed: false) ? self : nil
        case (.record(let r), .store(let s)): return s.type.isSubclass(of: r) ? self : nil
        case (.intent(let i), .intent(let x)): return x.type === i ? self : nil
        case (.view, .view): return self
        case (.void, .null): return self
        default: return nil
        }
    }
}

extension ArithmeticOp {
    var symbol: String {
        switch self {
        case .add: return "+"
        case .subtract: return "-"
        case .multiply: return "*"
        case .divide: return "/"
        case .remainder: return "%"
        case .bitAnd: return "&"
        case .bitOr: return "|"
        case .bitXor: return "^"
        case .shiftLeft: return "<<"
        case .shiftRight: return ">>"
        case .wrappingAdd: return "&+"
        case .wrappingSubtract: return "&-"
        case .wrappingMultiply: return "&*"
        case .maskingShiftLeft: return "&<<"
        case .maskingShiftRight: return "&>>"
        }
    }
}

extension ComparisonOp {
    var symbol: String {
        switch self {
        case .less: return "<"
        case .lessEqual: return "<="
        case .greater: return ">"
        case .greaterEqual: return ">="
        }
    }
}

extension Interpreter {
    /// `a op b` of a standard type's values as its own operator gives it, for a call through a protocol's requirement
    /// (`a + b` of `M: Monoid` where `M` is `Int`); nil for an operator that is none of arithmetic's or comparison's.
    func standardOperator(_ op: BinaryOp, _ a: Value, _ b: Value, _ site: SourceRange) throws(ScriptError) -> Value? {
        switch op {
        case .add: return try arithmetic(.add, a, b, site)
        case .subtract: return try arithmetic(.subtract, a, b, site)
        case .multiply: return try arithmetic(.multiply, a, b, site)
        case .divide: return try arithmetic(.divide, a, b, site)
        case .remainder: return try arithmetic(.remainder, a, b, site)
        case .less: return .bool(try compare(.less, a, b, site))
        case .lessEqual: return .bool(try compare(.lessEqual, a, b, site))
        case .greater: return .bool(try compare(.greater, a, b, site))
        case .greaterEqual: return .bool(try compare(.greaterEqual, a, b, site))
        case .equal: return .bool(a == b)
        case .notEqual: return .bool(a != b)
        default: return nil
        }
    }
}
