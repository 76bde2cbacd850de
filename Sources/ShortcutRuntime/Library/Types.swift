import ShortcutSyntax

/// Members of types themselves: `Int.max`, `EspressoShot.allCases`, `Int.random(in:)`, initialisers.
extension Interpreter {
    /// `Int.random(in:)`, `EspressoShot(rawValue:)`, `Date.now`.
    func callStatic(_ t: TypeValue, _ name: Name, _ args: Arguments, _ labels: [String?], _ site: SourceRange) throws(ScriptError) -> Value {
        switch (t, name.text) {
        case (.builtin(.int), "random"):
            guard args.count == 1 else { break }
            switch args[0] {
            case .range(let lo, let hi) where lo < hi: return .int(Int.random(in: lo..<hi, using: &random))
            case .closedRange(let lo, let hi): return .int(Int.random(in: lo...hi, using: &random))
            default: throw ScriptError.runtime(.emptyRandomRange(type: "Int"), at: site)
            }
        case (.builtin(.double), "random"):
            guard args.count == 1 else { break }
            switch args[0] {
            case .range(let lo, let hi) where lo < hi: return .double(Double.random(in: Double(lo)..<Double(hi), using: &random))
            case .closedRange(let lo, let hi): return .double(Double.random(in: Double(lo)...Double(hi), using: &random))
            default: throw ScriptError.runtime(.emptyRandomRange(type: "Double"), at: site)
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
            if let v = try programStaticCall(t, name.text, args, site) { return v }
            // `a + b` of a generic parameter whose protocol requires `+`, on a standard type: its own operator.
            if case .builtin = t, args.count == 2, let op = BinaryOp(spelling: name.text), let v = try standardOperator(op, args[0], args[1], site) { return v }
        }
        // `Int.init(…)`, `T.init(name:)` of a struct or class (an enum's is above: `callType` of one comes here).
        switch t {
        case .builtin, .record: if name.text == "init" { return try callType(t, args, labels, site) }
        default: break
        }
        throw ScriptError.runtime(.noMethod(type: t.name, name: name.text, arguments: describe(labels)), at: site)
    }

    /// A type called like a function: `Date()`, `UUID()`.
    func callType(_ t: TypeValue, _ args: Arguments, _ labels: [String?], _ site: SourceRange) throws(ScriptError) -> Value {
        switch t {
        case .builtin(let b):
            if let builtin = Builtin(spelling: b.rawValue) { return try callBuiltin(builtin, args, labels, site) }
        case .enumeration(let e):
            return try callStatic(.enumeration(e), Name("init"), args, labels, site)
        case .record(let r):
            // `T()` where `T` is a struct or class a call passed: its `init` of these labels, else its memberwise one.
            if let made = try construct(r, args, labels, site) { return made }
        default:
            break
        }
        throw ScriptError.runtime(.badArgument(function: "'\(t.name)'", needs: "other arguments to be called like this"), at: site)
    }
}

extension Interpreter {
    func staticMember(_ t: TypeValue, _ name: Name, _ site: SourceRange) throws(ScriptError) -> Value {
        switch t {
        case .builtin(let b) where NumberStatics.values[b] != nil:
            if let value = NumberStatics.values[b]?[name.text] { return value }
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
        // A static the program declares, in the type or its extension (`extension Int: Monoid { static var empty: Int { 0 } }`).
        if let v = try programStatic(t, name.text, site) { return v }
        throw ScriptError.runtime(.noMember(type: t.name, name: name.text, known: staticMemberNames(of: t)), at: site)
    }
}

extension Interpreter {
    /// The members a type itself has, for "did you mean".
    func staticMemberNames(of type: TypeValue) -> [String] {
        switch type {
        case .builtin(let b) where NumberStatics.values[b] != nil: return (NumberStatics.values[b]?.keys.sorted() ?? []) + ["self"]
        case .builtin(.date): return ["now", "self"]
        case .builtin: return ["self"]
        case .enumeration(let e): return e.cases.map(\.name) + ["allCases", "self"]
        case .record, .intent, .view: return ["self"]
        }
    }
}

/// The static constants of `Int` and `Double`, with their values: the checker types them by these
/// (`Resolver.builtinStatics(of:)`).
enum NumberStatics {
    static let values: [BuiltinType: [String: Value]] = [
        .int: ["max": .int(Int.max), "min": .int(Int.min), "zero": .int(0), "bitWidth": .int(Int.bitWidth)],
        .double: ["pi": .double(Double.pi), "infinity": .double(Double.infinity), "nan": .double(Double.nan), "zero": .double(0),
                  "greatestFiniteMagnitude": .double(Double.greatestFiniteMagnitude), "leastNonzeroMagnitude": .double(Double.leastNonzeroMagnitude),
                  "leastNormalMagnitude": .double(Double.leastNormalMagnitude), "ulpOfOne": .double(Double.ulpOfOne)],
    ]
}
