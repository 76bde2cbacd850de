import ShortcutSyntax

/// Where an error thrown at a point of the program goes, as Swift decides it when it compiles: a `try` or a `throw`
/// must be in a `throws` function, top-level code or a closure, or inside a `do` whose catches take every error.
enum ThrownErrors {
    /// To the caller (or, at the top level, it ends the run).
    case passedOn
    /// By a `do` whose catches take any error.
    case caught
    /// Nowhere: a function that does not throw, outside a `do`.
    case unhandled
    /// Nowhere: a function that does not throw, inside a `do` whose catches match only some errors.
    case notExhaustive

    /// Inside the body of a `do` with these catches.
    func inDo(_ catches: [CatchClause]) -> ThrownErrors {
        if catches.contains(where: { $0.patterns.isEmpty && $0.type == nil && $0.whereClause == nil }) { return .caught }
        if catches.isEmpty { return self }
        return self == .unhandled ? .notExhaustive : self
    }
}

extension Resolver {
    /// A `try` (not `try?` or `try!`) or a `throw` where nothing takes its error: Swift's compile error.
    func requireHandled(at range: SourceRange, isThrow: Bool = false) {
        switch thrownErrors {
        case .passedOn: passesErrorsOn = true
        case .caught: return
        case .unhandled: error(.errorNotHandled(isThrow: isThrow, exhaustive: true), at: range)
        case .notExhaustive: error(.errorNotHandled(isThrow: isThrow, exhaustive: false), at: range)
        }
    }
}
