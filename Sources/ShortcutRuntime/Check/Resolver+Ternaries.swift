import ShortcutSyntax

/// `condition ? a : b`: both values typed, and the type they share.
extension Resolver {
    /// The type of `c ? t : f`: the one both fit (a literal becomes the other's number type), an optional of the value's
    /// type beside a `nil`, or the one the context wants where both fit it; else swiftc's error at the first value.
    func typedTernary(_ c: Expr, _ t: Expr, _ f: Expr, expected: ScriptType?, range: SourceRange) -> Typed {
        let test = condition(c)
        var yes = typed(t, expected)
        let no = typed(f, expected ?? (yes.isIntegerLiteral ? nil : yes.type))
        if yes.isIntegerLiteral, case .double = no.type { yes = Typed(converted(yes, to: .double), .double) }
        let type: ScriptType
        // `ok ? "x" : nil` is a `String?`, whichever side the nil is on.
        if case .nil = f.kind, yes.type.wrapped == nil, !yes.type.isUnknown {
            type = .optional(yes.type)
        } else if case .nil = t.kind, no.type.wrapped == nil, !no.type.isUnknown {
            type = .optional(no.type)
        } else if fits(no, yes.type) { type = yes.type } else if fits(yes, no.type) { type = no.type } else if let expected,
           fits(yes, expected), fits(no, expected) {
            type = expected   // `big ? Square() : Circle()` where a `Shape` is wanted, `print(ok ? 1 : "no")` where `Any` is
        } else {
            error(.ternaryMismatch(yes.type.description, no.type.description), at: t.range)   // at the first value, as swiftc
            type = .any
        }
        return Typed(.ternary(test, converted(yes, to: type), converted(no, to: type), range), type)
    }
}
