import ShortcutSyntax

/// What the compiler reads of an expression before compiling it: its kind, whether it is pure or may write
/// the frame's slots, the variable it names.
extension BytecodeCompiler {
    // MARK: Kinds

    /// How deep `kind` and `mayWriteSlots` look into an expression: compiling a chain of 30 000 `+`
    /// stays linear (past this depth a value's kind is unknown, and it may write slots).
    static let inspectionDepth = 16

    /// What the checker proved of the node's value, as far as the IR shows it.
    func kind(_ node: Node, depth: Int = 0) -> Kind {
        if depth > Self.inspectionDepth { return .unknown }
        switch node {
        case .constant(.int): return .int
        case .constant(.double): return .double
        case .constant(.bool): return .bool
        case .local(let s): return s < slotKinds.count ? slotKinds[s] : .unknown
        case .arithmetic(let op, let l, let r, _):
            let (a, b) = (kind(l, depth: depth + 1), kind(r, depth: depth + 1))
            if a == .int, b == .int { return .int }
            if a == .double, b == .double, op.isNumeric { return .double }
            return .unknown
        case .arithmeticLocalInt(_, let s, _, _):
            return kind(.local(s)) == .int ? .int : .unknown
        case .arithmeticLocals(let op, let a, let b, let range):
            return kind(.arithmetic(op, .local(a), .local(b), range), depth: depth + 1)
        case .member(_, let name, _):
            return Kind(name.kind)
        case .compare, .compareLocalInt, .compareLocals, .equal, .not, .and, .or:
            return .bool
        case .callFunction(let code, _, _), .callFunction1(let code, _, _):
            return Kind(code.returnKind)
        case .callMethod(let receiver, let name, let arguments, _, _) where arguments.isEmpty && Builtin(method: name.text) != nil:
            return kind(receiver, depth: depth + 1) == .double ? .double : .unknown
        case .callBuiltin(let builtin, let arguments, let labels, _) where labels.allSatisfy({ $0 == nil }):
            return Self.kind(of: builtin, arguments.map { kind($0, depth: depth + 1) })
        default:
            return .unknown
        }
    }

    /// The node's value is of `type` whatever the checker proved: a literal of the type, a comparison's or a logical
    /// operator's Bool (its instruction makes a Bool or stops the run), or a parameter of the type (checked when the call
    /// was made, and never reassigned).
    func shows(_ node: Node, _ type: ScriptType) -> Bool {
        switch (node, type) {
        case (.constant(.int), .int), (.constant(.double), .double), (.constant(.bool), .bool), (.constant(.string), .string):
            return true
        case (.compare, .bool), (.compareLocalInt, .bool), (.compareLocals, .bool), (.equal, .bool), (.not, .bool), (.and, .bool), (.or, .bool):
            return true
        case (.local(let s), _):
            let i = s - (code.hasSelf ? 1 : 0)
            guard i >= 0, i < code.parameterChecks.count, let declared = code.parameterChecks[i] else { return false }
            return declared.description == type.description
        default:
            return false
        }
    }

    /// Every argument of a call is of its parameter's scalar type (or the parameter takes any value as it is): the
    /// call need not check them, nor their count (the VM's `frameInLoop` looks at neither). False for a function not
    /// completed yet (its parameters are not known).
    func provesArguments(_ args: [Node?], of function: FunctionCode) -> Bool {
        guard function.isComplete, args.count == function.parameterCount, args.count == function.parameterKinds.count,
              args.count == function.parameterChecks.count else { return false }
        return args.indices.allSatisfy { i in
            let parameter = function.parameterKinds[i]
            guard let arg = args[i] else { return parameter == .unchecked }
            return parameter == .unchecked || (kind(arg) == Kind(parameter) && Kind(parameter) != .unknown)
                || proves(arg, of: function.parameterChecks[i])
        }
    }

    /// The node's value is of `declared`, a struct or class of the program's (or an optional of one), as the IR shows it
    /// (`declaredRecordType`): an instance of a subclass is one of its superclass's, a value one of its optional's.
    func proves(_ node: Node, of declared: ScriptType?) -> Bool {
        guard let wanted = Self.plainRecord(declared), let given = declaredRecordType(node) else { return false }
        return (wanted.isOptional || !given.isOptional) && given.type.isSubclass(of: wanted.type)
    }

    /// The struct or class (or optional of one) the node's value is of, as declared where the IR shows it: a parameter, a
    /// function's result, a stored property read, of a value itself shown so. Every value there was checked of that
    /// type when it got there (a call's arguments and a function's results are, unless proved; a stored property's value
    /// when it is stored) — a parameter's slot holds its parameter's values only.
    func declaredRecordType(_ node: Node, depth: Int = 0) -> (type: RecordType, isOptional: Bool)? {
        if depth > Self.inspectionDepth { return nil }
        switch node {
        case .local(let s):
            let i = s - (code.hasSelf ? 1 : 0)
            return i >= 0 && i < code.parameterChecks.count ? Self.plainRecord(code.parameterChecks[i]) : nil
        case .callFunction(let f, _, _), .callFunction1(let f, _, _):
            return Self.plainRecord(f.returnCheck)
        case .member(let base, let name, _):
            guard let base = declaredRecordType(base, depth: depth + 1), !base.isOptional else { return nil }
            return Self.plainRecord(Self.storedFieldType(base.type, name.text))
        case .optionalChain(.member(.bindOptional(let base, _), let name, _)):   // `x?.next`
            guard let base = declaredRecordType(base, depth: depth + 1), let field = Self.plainRecord(Self.storedFieldType(base.type, name.text)) else { return nil }
            return (field.type, true)
        default:
            return nil
        }
    }

    /// A struct or class whose stored properties keep their declared types (`RecordType.keepsDeclaredTypes`), or an
    /// optional of one.
    static func plainRecord(_ type: ScriptType?) -> (type: RecordType, isOptional: Bool)? {
        switch type {
        case .record(let r)? where r.keepsDeclaredTypes: return (r, false)
        case .optional(.record(let r))? where r.keepsDeclaredTypes: return (r, true)
        default: return nil
        }
    }

    /// The declared type of a stored property (not a lazy one, which holds nil until it is first read).
    static func storedFieldType(_ r: RecordType, _ name: String) -> ScriptType? {
        guard r.lazyProperties[name] == nil, let i = r.fieldIndex[name] else { return nil }
        return r.fields[i].type
    }

    /// A returned value is of the function's declared result type, a scalar one or a struct's or class's (`proves`): the
    /// return need not check it.
    func returnsDeclaredType(_ node: Node) -> Bool {
        let declared = Kind(code.returnKind)
        return declared != .unknown && kind(node) == declared || proves(node, of: code.returnCheck)
    }

    /// What a numeric builtin gives for arguments of these kinds (`Library/Builtins.swift`): `Double(i)` a Double,
    /// `Int(d)` an Int, `abs`, `round`, `floor`, `ceil`, `min` and `max` their arguments' kind, `sqrt` and `pow`
    /// a Double.
    static func kind(of builtin: Builtin, _ arguments: [Kind]) -> Kind {
        let numeric = !arguments.isEmpty && arguments.allSatisfy { $0 == .int || $0 == .double }
        let same = numeric && arguments.allSatisfy { $0 == arguments[0] }
        switch builtin {
        case .double where numeric && arguments.count == 1: return .double
        case .int where numeric && arguments.count == 1: return .int
        case .abs, .round, .floor, .ceil: return same && arguments.count == 1 ? arguments[0] : .unknown
        case .min, .max: return same && arguments.count >= 2 ? arguments[0] : .unknown
        case .sqrt: return numeric && arguments.count == 1 ? .double : .unknown
        case .pow: return numeric && arguments.count == 2 ? .double : .unknown
        default: return .unknown
        }
    }

    /// The node's value is written by its last instruction, after every operand is read: it may be
    /// compiled straight into a variable's own register.
    func isSingleStep(_ node: Node) -> Bool {
        switch node {
        case .and, .or, .coalesce, .ternary: return false
        default: return true
        }
    }

    /// A plain variable as an instruction names it: a local register (0…) or a global (`-1 - slot`).
    func variable(_ place: LValue) -> Int32? {
        switch place {
        case .local(let s): return Int32(s)
        case .global(let g): return -1 - Int32(g)
        default: return nil
        }
    }

    /// `variable(_:)` for a read of the variable.
    func variable(_ node: Node) -> Int32? {
        switch node {
        case .local(let s): return variable(LValue.local(s))
        case .global(let g): return variable(LValue.global(g))
        default: return nil
        }
    }

    /// Whether evaluating the node may change one of this frame's slots (a mutating method on a
    /// local, a builder): an operand read earlier from that slot is copied first.
    func mayWriteSlots(_ node: Node, depth: Int = 0) -> Bool {
        if depth > Self.inspectionDepth { return true }
        let d = depth + 1
        switch node {
        case .constant, .local, .cell, .global, .arithmeticLocalInt, .arithmeticLocals, .compareLocalInt, .compareLocals:
            return false
        case .arithmetic(_, let l, let r, _), .compare(_, let l, let r, _), .equal(let l, let r, _), .and(let l, let r, _),
             .or(let l, let r, _), .coalesce(let l, let r), .makeRange(let l, let r, _, _), .subscriptGet(let l, let r, _):
            return mayWriteSlots(l, depth: d) || mayWriteSlots(r, depth: d)
        case .not(let n, _), .negate(let n, _), .member(let n, _, _), .callFunction1(_, let n, _):
            return mayWriteSlots(n, depth: d)
        case .ternary(let c, let t, let f, _):
            return mayWriteSlots(c, depth: d) || mayWriteSlots(t, depth: d) || mayWriteSlots(f, depth: d)
        case .array(let list), .interpolate(let list, _), .callBuiltin(_, let list, _, _):
            return list.contains { mayWriteSlots($0, depth: d) }
        case .callFunction(_, let list, _), .callGlobal(_, let list, _):
            return list.contains { $0.map { mayWriteSlots($0, depth: d) } ?? false }
        case .callMethod(let receiver, _, let list, _, _):
            return mayWriteSlots(receiver, depth: d) || list.contains { mayWriteSlots($0, depth: d) }
        default:
            return true
        }
    }

    /// Computing the node changes nothing anywhere (no call, no mutation): reading a global after it
    /// gives what reading it before would.
    func isPure(_ node: Node, depth: Int = 0) -> Bool {
        if depth > Self.inspectionDepth { return false }
        switch node {
        case .constant, .local, .arithmeticLocalInt, .arithmeticLocals, .compareLocalInt, .compareLocals:
            return true
        case .arithmetic(_, let l, let r, _), .compare(_, let l, let r, _):
            return isPure(l, depth: depth + 1) && isPure(r, depth: depth + 1)
        case .member(let base, let name, _):
            return name.isPureRead && isPure(base, depth: depth + 1)
        default:
            return false
        }
    }
}
