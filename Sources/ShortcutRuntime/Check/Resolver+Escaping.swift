import ShortcutSyntax

/// Swift's non-escaping closure parameters: a function's parameter of a function type (not an optional one) that is not
/// written `@escaping` may be called, passed on to a parameter that does not keep it, or captured by a closure — not
/// kept where it could outlive the call. Assigned to a variable or property, returned, put in a literal, appended to an
/// array or passed to an `@escaping` parameter, it is swiftc's error. (A closure that captures one and itself escapes
/// is a later error of swiftc's, not checked here; here every closure may be kept.)
extension Resolver {
    /// Marks the closure parameters of the function being resolved that are not `@escaping`.
    func noteNonEscapingParameters(_ parameters: [Parameter]) {
        for p in parameters where !p.isEscaping && !p.isInout && !p.isAutoclosure {
            guard let written = p.type, case .function = resolveTypeQuietly(written) else { continue }
            context.scopes[0][p.name]?.isNonEscaping = true
        }
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
            let parameter = decl.parameters.first { $0.label != nil && $0.label == a.label } ?? (i < decl.parameters.count ? decl.parameters[i] : nil)
            guard let parameter else { continue }
            if parameter.isEscaping {
                checkNotEscaping(a.value, .passed)
            } else if case .named(let n)? = parameter.type?.kind, decl.generics.contains(where: { $0.name == n }) {
                checkNotEscaping(a.value, .converted(genericParameter: n))
            }
        }
    }
}
