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
        guard let type = context.returnType else { return inferringReturn(value, range: range) }
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

extension Resolver {
    /// A `return` where nothing gave the result type: the first gives it. A closure's later ones are converted to it, as
    /// Swift's are (`return []` after `return [1]`; "cannot convert value of type 'Int' to closure result type 'String'").
    /// The branches of an `if` or `switch` used as a value are typed each alone and must agree: "branches have mismatching
    /// types", at the first branch's value (a class's subclass agrees).
    func inferringReturn(_ value: Expr, range: SourceRange) -> Statement {
        guard let first = context.inferredReturnType, !first.isUnknown, !first.agrees(with: .void) else {
            let t = typed(value)
            if context.inferredReturnType == nil { (context.inferredReturnType, context.firstReturnAt) = (t.type, value.range) }
            return .return(t.node, range)
        }
        if context.kind == .closure, context.returnSite == .closureResult {
            return .return(fit(typed(value, first), to: first, site: .closureResult, at: value.range), range)
        }
        let t = typed(value)
        if !t.type.isUnknown, !t.type.agrees(with: first), !first.agrees(with: t.type), !Resolver.isClassFamily(t.type, first) {
            error(.branchesMismatch(first.description, t.type.description), at: context.firstReturnAt ?? value.range)
        }
        return .return(t.node, range)
    }

    /// Two class types of which one inherits from the other.
    static func isClassFamily(_ a: ScriptType, _ b: ScriptType) -> Bool {
        if case .record(let x) = a, case .record(let y) = b { return x.isSubclass(of: y) || y.isSubclass(of: x) }
        return false
    }
}
