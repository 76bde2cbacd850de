import ShortcutSyntax

/// Subscripts of the program's own types (`subscript(row: Int, column: Int) -> Double { get … set … }`), which the
/// parser keeps as two methods (`Parser.subscriptGetter`, `Parser.subscriptSetter`): `x[i]` calls the getter
/// (`typedSubscript`), `x[i] = v` the setter, and `x[i] += v` the setter with the getter's value and `v`.
extension Resolver {
    /// The getter and setter of a type's own subscript of one unlabelled index, the kind a place (`bag[0].x = 5`)
    /// may go through; nil when the type has none (or no setter).
    func customSubscript(of type: ScriptType) -> (getter: FunctionSignature, setter: FunctionSignature)? {
        guard let members = declaredMembers(of: type), let getter = members.methods[Parser.subscriptGetter],
              let setter = members.methods[Parser.subscriptSetter], getter.labels == [nil] else { return nil }
        return (getter, setter)
    }

    /// `x[args] op= value` where `x` is of a type with a subscript of its own: a call of its setter; nil for any other
    /// assignment. (The base and the indices of a compound assignment are evaluated twice, once for each call.)
    func subscriptSetterCall(_ target: Expr, _ op: AssignOp, _ value: Expr, range: SourceRange) -> Expr? {
        guard case .subscript(let base, let args) = target.kind, let members = declaredMembers(of: quietly({ typed(base).type })),
              members.methods[Parser.subscriptGetter] != nil else { return nil }
        guard members.methods[Parser.subscriptSetter] != nil else {
            error(.getOnlySubscript, at: target.range.after(base.range))   // at the `[`
            return Expr(.subscript(base, args), target.range)
        }
        let newValue = op.binary.map { Expr(.binary($0, Expr(.subscript(base, args), target.range), value), range) } ?? value
        let setter = Expr(.member(base, Parser.subscriptSetter, nameRange: target.range), target.range)
        return Expr(.call(setter, args + [Argument(label: nil, labelRange: nil, value: newValue)]), range)
    }
}

extension Resolver {
    /// `s.prefix(upTo: i)`, `s.prefix(through: i)`, `s.suffix(from: i)` of a string: `s[..<i]`, `s[...i]`, `s[i...]`, as
    /// the standard library defines them (an array's are its own methods). Nil for any other call.
    func typedIndexSlice(_ base: Expr, _ name: String, _ args: [Argument], range: SourceRange) -> Typed? {
        guard args.count == 1, let label = args[0].label else { return nil }
        let i = args[0].value
        let slice: ExprKind
        switch (name, label) {
        case ("prefix", "upTo"): slice = .partialRange(lower: nil, upper: i, closed: false)
        case ("prefix", "through"): slice = .partialRange(lower: nil, upper: i, closed: true)
        case ("suffix", "from"): slice = .partialRange(lower: i, upper: nil, closed: true)
        default: return nil
        }
        guard quietly({ typed(base) }).type.isText else { return nil }
        return typed(Expr(.subscript(base, [Argument(label: nil, labelRange: nil, value: Expr(slice, i.range))]), range))
    }
}
