import ShortcutSyntax

/// A call's effects, marked as Swift asks: `try` before a call of a `throws` function, `await` before one of an
/// `async` function, which only code that may wait may call.
extension Resolver {
    /// A call of `signature`'s function with `args`: `try` where it throws, `await` where it is `async` (`requireAwait`).
    /// A `rethrows` function throws only when one of the closures or functions it is given does.
    func requireMarks(_ signature: FunctionSignature?, _ args: [Argument] = [], at range: SourceRange) {
        if let signature, signature.isThrowing, !signature.isRethrowing || args.contains(where: { throwsWhenCalled($0.value) }) {
            requireTry(at: range, throwing: signature.isRethrowing ? .error : signature.thrownType ?? .error)
        }
        requireAwait(signature, at: range)
    }

    /// A throwing call or read: marked `try` (`notMarked` says so where something takes the error; where nothing would
    /// either, swiftc says both in one message), and what it throws noted.
    func requireTry(at range: SourceRange, throwing type: ScriptType, notMarked: DiagnosticMessage = .callNotMarkedTry(handled: true)) {
        let handled = if case .unhandled = thrownErrors { false } else { true }
        if tryMarks == 0 { error(handled ? notMarked : .callNotMarkedTry(handled: false), at: range, notes: ["did you mean to use 'try'?"]) }
        throwingCalls += 1
        noteThrown(type)
    }

    /// Whether an `async let` keeps its initializer's error for its reads (`asyncLetValue`): one name, a local (the main
    /// file's top level included, where it is a register of the frame). A tuple of names, or a global that a declaration
    /// reads (swiftc: "capturing 'async let' variables is not supported"), throws where it is declared, as before.
    func keepsErrorForReads(_ v: VarDecl) -> Bool {
        guard v.isAsyncLet, case .name(let name, _) = v.pattern else { return false }
        return isFrameLocal(name)
    }

    /// An `async let`'s value (`async let x = f()`, parsed as `try await f()`): where `f` throws, its error is kept as
    /// the value (`keepingError`) and thrown by each read (`rethrowing`), where Swift's surfaces — so the declaration needs
    /// nothing to take it, and each read is marked and handled as a throwing call is.
    func asyncLetValue(_ e: Expr, _ annotation: ScriptType?, throwsOnRead: inout Bool) -> Typed {
        let (outerErrors, before, outerAsyncLet) = (thrownErrors, throwingCalls, context.inAsyncLet)
        (thrownErrors, context.inAsyncLet) = (.caught, true)
        thrownTypes.append([])   // not the enclosing `do`'s: each read throws it there
        let t = typedKept(e) { typed(e, annotation) }
        thrownTypes.removeLast()
        (thrownErrors, context.inAsyncLet) = (outerErrors, outerAsyncLet)
        guard throwingCalls > before else { return t }
        throwsOnRead = true
        return Typed(.keepingError(t.node), t.type)
    }

    /// A read of an `async let` that may hold a kept error: a throwing call's marks, and the read that throws it.
    func asyncLetRead(_ node: Node, at range: SourceRange) -> Node {
        requireTry(at: range, throwing: .error, notMarked: .asyncLet(.readNotMarkedTry))
        return .rethrowing(node)
    }

    /// Whether an argument is a closure that throws or a function declared `throws`. (A function's type does not say
    /// whether it throws here, so any other value is taken not to.)
    func throwsWhenCalled(_ argument: Expr) -> Bool {
        switch argument.kind {
        case .closure: return throwingClosures.contains(argument.range)
        case .identifier(let name) where lookupLocal(name) == nil:
            guard let signature = functionSignatures[name] else { return false }
            return signature.isThrowing && !signature.isRethrowing
        default: return false
        }
    }

    /// A call of an `async` function: marked with `await`, in code that may wait (not a function without `async`).
    func requireAwait(_ signature: FunctionSignature?, at range: SourceRange) {
        guard signature?.isAsync == true else { return }
        if asyncContext == .sync {
            error(.asyncCallInSyncFunction, at: range, notes: ["add 'async' to the function to make it asynchronous"])
        } else if awaitMarks == 0 {
            error(.callNotMarkedAwait, at: expressionAnchor ?? range, notes: ["call is 'async'"])
        }
    }
}

/// Whether code may call an `async` function (`Resolver.asyncContext`).
enum AsyncContext {
    /// A function declared `async` (an intent's `perform`, a query's).
    case async
    /// A function without `async`: an `async` call in it is Swift's error.
    case sync
    /// Top-level code, a closure, a test: not judged (a call is still to be marked `await`).
    case unjudged
}
