import ShortcutSyntax

/// A call's effects, marked as Swift asks: `try` before a call of a `throws` function, `await` before one of an
/// `async` function, which only code that may wait may call.
extension Resolver {
    /// A call of `signature`'s function: `try` where it throws, `await` where it is `async` (`requireAwait`).
    func requireMarks(_ signature: FunctionSignature?, at range: SourceRange) {
        if signature?.isThrowing == true, tryMarks == 0 { error(.callNotMarkedTry, at: range, notes: ["did you mean to use 'try'?"]) }
        requireAwait(signature, at: range)
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
