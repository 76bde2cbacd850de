import ShortcutSyntax

/// Calls that name a type to make a value of it from another: `Character("a")`, `Substring(line)`, `T(xs.count)`.
extension Resolver {
    /// `Character("a")`, `Substring(line)`: a one-character string and a string when the program runs (docs/Language.md),
    /// made as `String(_:)` makes one, each of its own type to the checker; nil for any other call.
    func typedTextConversion(_ callee: Expr, _ args: [Argument], range: SourceRange) -> Typed? {
        guard case .identifier(let name) = callee.kind, name == "Character" || name == "Substring", globals[name] == nil,
              args.count == 1, args[0].label == nil else { return nil }
        // `Character(UnicodeScalar(c.asciiValue! + 1))`: Swift's scalar of a `UInt8` is no optional, and a byte is an
        // `Int` here, so the scalar is taken as it is (a code that is no scalar stops the run, as a nil `!` does).
        if name == "Character", case .call(let inner, _) = args[0].value.kind, case .identifier("UnicodeScalar") = inner.kind,
           case .optional(.string) = quietly({ typed(args[0].value) }).type {
            return Typed(.callBuiltin(.string, [.forceUnwrap(expr(args[0].value), args[0].value.range)], [nil], range), .character)
        }
        // A character is made from a `String` (one of one character), a substring from any text.
        let made: ScriptType = name == "Character" ? .character : .substring
        let argument = typedArgument(args[0].value, name == "Character" ? .string : .anyText)
        return Typed(.callBuiltin(.string, [argument], [nil], range), made)
    }

    /// `T(xs.count)` of a generic parameter that is a floating-point number or an integer: a `Double`'s or an `Int`'s
    /// conversion (the only such types here), a value of `T`; nil for any other call.
    func typedTypeParameterConversion(_ callee: Expr, _ args: [Argument], range: SourceRange) -> Typed? {
        // (A parameter the call passes as a value, `T.zero` in the body too, is still a number's conversion here.)
        guard case .identifier(let name) = callee.kind, lookupLocal(name) == nil || metatypeAlias(callee) != nil, let parameter = typeSubstitutions[name],
              let number = parameter.typeParameterHas("FloatingPoint") ? Builtin.double : parameter.typeParameterHas("BinaryInteger") ? .int : nil
        else { return nil }
        let converted = typedBuiltin(number, args, expected: nil, range: range)
        return Typed(converted.node, converted.type.wrapped.map { _ in .optional(parameter) } ?? parameter)
    }
}
