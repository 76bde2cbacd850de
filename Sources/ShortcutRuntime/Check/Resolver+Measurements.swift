import ShortcutSyntax

extension Resolver {
    /// A `Bool` parameter's `displayName: .init(true: "Favored", false: "Unfavored")` (or `Bool.DisplayName(…)`): the names
    /// its answers are offered and taken by, when both are written as text.
    func boolTitles(_ value: Expr, for type: ScriptType) -> (yes: String, no: String)? {
        guard case .call(_, let args) = value.kind, args.map(\.label) == ["true", "false"], case .bool = type else {
            error(.expected("displayName: .init(true: \"…\", false: \"…\") on a Bool parameter", found: "'\(sourceText(value.range))'"), at: value.range)
            return nil
        }
        func text(_ e: Expr) -> String? {
            if case .string(let parts) = e.kind, parts.count == 1, case .text(let t) = parts[0] { return t }
            _ = typed(e, .string)
            return nil
        }
        guard let yes = text(args[0].value), let no = text(args[1].value) else { return nil }
        return (yes, no)
    }

    /// `@Parameter(title: "Radius", default: 20, defaultUnit: .miles) var radius: Measurement<UnitLength>`: the default is a
    /// number in that unit, `Measurement(value: 20, unit: .miles)`; without `defaultUnit:`, the value as written.
    func measured(_ value: Expr, _ options: [Argument]) -> Expr {
        guard let unit = options.first(where: { $0.label == "defaultUnit" })?.value else { return value }
        let r = value.range
        return Expr(.call(Expr(.identifier("Measurement"), r), [Argument(label: "value", labelRange: nil, value: value),
                                                              Argument(label: "unit", labelRange: nil, value: unit)]), r)
    }

    /// `defaultUnit:`'s code for an answer: its value is a function from the number typed in to the measurement in that unit
    /// (`IntentParameter.fromNumber`).
    func measurementOfNumber(_ options: [Argument], type: ScriptType, range r: SourceRange) -> FunctionCode {
        let body = Block([Stmt(.expression(measured(Expr(.identifier("value"), r), options)), r)], r)
        let closure = ClosureExpr(parameters: ["value"], parameterRanges: [r], body: body, parameterTypes: [TypeRef(.named("Double"), r)])
        return resolveExpressionFunction(Expr(.closure(closure), r), name: "unit", type: .function([.double], type))
    }
}
