import ShortcutSyntax

/// Swift's non-escaping closure parameters: a function's parameter of a function type (not an optional one) that is not
/// written `@escaping` may be called, passed on to a parameter that does not keep it, or captured by a closure — not
/// kept where it could outlive the call. Assigned to a variable or property, returned, put in a literal, appended to an
/// array or passed to an `@escaping` parameter, it is swiftc's error. (A closure that captures one and itself escapes
/// is a later error of swiftc's, not checked here; here every closure may be kept.) And in a class, a closure that is
/// kept names the instance's members as `self.x`, so that it says it keeps the instance.
extension Resolver {
    /// Marks the closure parameters of the function being resolved that are not `@escaping`, and those whose type
    /// throws (`_ f: () throws -> Int`), whose calls need `try`.
    func noteClosureParameters(_ parameters: [Parameter]) {
        for p in parameters where p.isInout { context.scopes[0][p.name]?.isInoutParameter = true }
        for p in parameters where !p.isInout && !p.isAutoclosure {
            guard let written = p.type else { continue }
            let type = resolveTypeQuietly(written)
            if written.isThrowing, let throwing = throwingFunction(type) { context.scopes[0][p.name]?.nested = throwing }
            if !p.isEscaping, case .function = type { context.scopes[0][p.name]?.isNonEscaping = true }
        }
    }

    /// A value of function type `type` that throws: called by that signature, which needs `try`.
    func throwingFunction(_ type: ScriptType) -> NestedFunction? {
        guard case .function(let ps, let r) = type else { return nil }
        var signature = FunctionSignature.value(ps, r)
        signature.isThrowing = true
        return NestedFunction(signature: signature, defaults: [])
    }

    /// A closure that throws, where a function type written without `throws` is wanted (`let f: () -> Int = { throw … }`,
    /// an argument for `_ f: () -> Int`): swiftc's error, at the closure.
    func checkNotThrowing(_ value: Expr, into written: TypeRef?) {
        guard case .closure = value.kind, throwingClosures.contains(value.range), let written, !written.isThrowing,
              case .function(let ps, let r) = written.kind else { return }
        let plain = "(\(ps.map(\.description).joined(separator: ", ")))"
        error(.throwingFunctionConversion(from: "\(plain) throws -> \(r)", to: "\(plain) -> \(r)"), at: value.range.prefix(1))
    }

    /// The arguments of a call of a function the program declares, once typed: a closure that throws given to a
    /// parameter whose type does not.
    func checkArgumentsNotThrowing(_ args: [Argument], to decl: FunctionDecl) {
        for (i, a) in args.enumerated() { checkNotThrowing(a.value, into: parameter(of: decl, for: a, at: i)?.type) }
    }

    /// The parameter argument `a`, the `i`th, is given to: the one of its label, else the one in its place.
    func parameter(of decl: FunctionDecl, for a: Argument, at i: Int) -> Parameter? {
        decl.parameters.first { $0.label != nil && $0.label == a.label } ?? (i < decl.parameters.count ? decl.parameters[i] : nil)
    }

    /// `e`, when it is a non-escaping parameter, used where it may escape: swiftc's error, at `e` (or `at`: an assignment's `=`).
    func checkNotEscaping(_ e: Expr, _ use: EscapingUse, at: SourceRange? = nil) {
        guard case .identifier(let name) = e.kind, lookupLocal(name)?.isNonEscaping == true else { return }
        error(.nonEscapingParameter(name, use: use), at: at ?? e.range)
    }

    /// The arguments of a call of a function the program declares: one given to an `@escaping` parameter, or to one whose
    /// type is a generic parameter (`func keep<T>(_ x: T)`), escapes.
    func checkArgumentsNotEscaping(_ args: [Argument], to decl: FunctionDecl) {
        for (i, a) in args.enumerated() {
            guard let parameter = parameter(of: decl, for: a, at: i) else { continue }
            if parameter.isEscaping {
                checkNotEscaping(a.value, .passed)
            } else if case .named(let n)? = parameter.type?.kind, decl.generics.contains(where: { $0.name == n }) {
                checkNotEscaping(a.value, .converted(genericParameter: n))
            }
        }
    }

    // MARK: Explicit self

    /// `handler = { … }` or `let f = { … }`: the closure `value` is kept, so typed with `nextClosureEscapes` set.
    func typedKept<T>(_ value: Expr, _ body: () -> T) -> T {
        guard case .closure = value.kind else { return body() }
        nextClosureEscapes = true
        defer { nextClosureEscapes = false }
        return body()
    }

    /// In the closure being resolved: whether its bare references to `self`'s members need `self.` — it is kept (or is
    /// inside a closure that is) and `self` is a class's instance (not one a capture list named).
    func noteExplicitSelf(escapes: Bool) {
        guard escapes || context.parent?.requiresExplicitSelf == true, case .record(let r)? = selfKind(), r.isReference,
              lookupLocal("self")?.range == SourceRange.none else { return }
        context.requiresExplicitSelf = true
    }

    /// `ticks` for `self.ticks` inside such a closure: swiftc's error, once where it stands (a name may be resolved more
    /// than once, and a look ahead drops what it reports).
    func checkExplicitSelf(_ name: String, isMethod: Bool, at range: SourceRange) {
        let message = DiagnosticMessage.explicitSelfRequired(name, isMethod: isMethod)
        guard context.requiresExplicitSelf, range != .none, !diagnostics.contains(where: { $0.range == range && $0.message == message }) else { return }
        error(message, at: range)
    }
}

extension Resolver {
    /// `x`, an `inout` parameter, named in a closure that is kept (or inside one): swiftc's error, once a closure, where
    /// it is first named — the parameter's value is written back when the call returns, which a kept closure outlives.
    func checkInoutCapture(_ local: Local, _ name: String, at range: SourceRange) {
        guard local.isInoutParameter, let closure = local.escapingCapture else { return }
        let message = name == "self" ? DiagnosticMessage.escapingClosureCapturesMutatingSelf : .escapingClosureCapturesInout(name), at = closure.prefix(1)
        // Once a closure — unless a look-ahead (`quietly`) dropped what it reported.
        if let reported = context.reportedInoutCaptures[name], diagnostics.contains(where: { $0.range == reported && $0.message == message }) { return }
        context.reportedInoutCaptures[name] = at
        let declared = name == "self" ? "'self' of a 'mutating' method is its struct's value, passed 'inout'" : "parameter '\(name)' is declared 'inout'"
        error(message, at: at, notes: [declared, "captured here, line \(line(of: range))"])
    }
}
