/// What a `case` pattern binds and the expressions in it, for the passes that read them.
extension CasePattern {
    /// The names the pattern binds, each with where it is written, in order.
    public var boundNames: [(name: String, range: SourceRange)] {
        switch self {
        case .bind(let name, let range): return [(name, range)]
        case .value, .wildcard, .isType, .partialRange: return []
        case .tuple(let parts, _): return parts.flatMap(\.boundNames)
        case .cast(let inner, _, _), .some(let inner, _): return inner.boundNames
        case .enumCase(_, _, let arguments, _): return arguments.flatMap(\.pattern.boundNames)
        }
    }

    /// The expressions inside the pattern, for passes that look at every expression.
    public var expressions: [Expr] {
        switch self {
        case .value(let e), .partialRange(let e, _, _): return [e]
        case .bind, .wildcard, .isType: return []
        case .tuple(let parts, _): return parts.flatMap(\.expressions)
        case .cast(let inner, _, _), .some(let inner, _): return inner.expressions
        case .enumCase(_, _, let arguments, _): return arguments.flatMap(\.pattern.expressions)
        }
    }
}
