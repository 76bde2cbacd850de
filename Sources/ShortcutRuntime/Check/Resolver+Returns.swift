import ShortcutSyntax

/// `return` statements: what they give, checked against the function's or the closure's result type.
extension Resolver {
    /// `return value`: checked against the function's result type, or giving a closure its result type.
    func returnStatement(_ value: Expr, range: SourceRange, implicit: Bool) -> Statement {
        checkNotEscaping(value, .used)
        // A `perform` returns a `.result(…)` (`some IntentResult`): `.resultap(…)` or `5` is Swift's error, not a value it runs.
        if context.name.hasSuffix(".perform") {
            var callee = value
            if case .call(let c, _) = value.kind { callee = c }
            if case .implicitMember(let name) = callee.kind, name != "result" {
                error(.unknownMember(name, type: "some IntentResult", suggestion: closestMatch(to: name, in: ["result"]) ?? "result"), at: callee.range)
            }
            switch value.kind {
            case .integer, .double, .string, .bool, .array, .dictionary:
                let t = quietly { typed(value) }
                error(.cannotConvert(actual: t.type.description, expected: "some IntentResult", site: .returned), at: value.range)
            default:
                break
            }
        }
        guard let type = context.returnType else {
            let t = typed(value)
            if context.inferredReturnType == nil { context.inferredReturnType = t.type }
            return .return(t.node, range)
        }
        if type.agrees(with: .void), !type.isUnknown {
            let t = typed(value)
            if !implicit, !t.type.agrees(with: .void) {   // a closure's `Void` is its context's, which swiftc names
                error(context.returnSite == .closureResult ? .cannotConvert(actual: t.type.description, expected: "Void", site: .closureResult)
                                                           : .unexpectedReturnValue, at: value.range)
            }
            return .return(t.node, range)
        }
        let t = typedKept(value) { typed(value, type) }   // a closure returned is kept by the caller
        if let opaque = context.opaqueResult, !t.type.isUnknown {
            if let first = opaque.underlying {
                if first.description != t.type.description {
                    error(.opaqueResultMismatch(opaque.written), at: opaque.at)
                    context.opaqueResult = nil   // reported once
                }
            } else {
                context.opaqueResult?.underlying = t.type
            }
        }
        return .return(fit(t, to: type, site: context.returnSite, at: value.range), range)
    }
}
