import ShortcutSyntax

/// An error while a program runs: a `throw` nobody caught, a runtime fault, a
/// cancelled confirmation. It carries where it happened and the call chain.
///
/// A class, so a `throws(ScriptError)` path moves one pointer.
public final class ScriptError: Error, @unchecked Sendable {
    public enum Kind {
        /// `throw value` that reached the top.
        case thrown(Value)
        /// A fault: overflow, nil unwrap, index out of range, … (the catalogue in `RuntimeError`).
        case runtime(RuntimeError)
        /// The recursion limit or the native stack ran out.
        case stackOverflow(StackOverflow)
        /// `--timeout` passed.
        case timeout(Double)
        /// A confirmation was declined or a `.cancel` choice picked — `catchable`: a script's `catch`
        /// may take it, as Apple's cancellation error (SPEC §5.3) — or the run was interrupted (Ctrl-C,
        /// not catchable). Uncaught, exit 5.
        case cancelled(catchable: Bool)
        /// A request had no answer (exit 4).
        case inputNeeded(String)
        /// `throw $p.needsValueError(…)`: the system asks for the parameter, then performs
        /// again. Only the one `SystemState.restartSignal` has this kind; what it asks for is there.
        case needsValue
        /// The store file is corrupt, has a wrong type, cannot be written, or stayed locked (exit 6).
        case storeError(StoreError)
    }

    public private(set) var kind: Kind
    public private(set) var range: SourceRange
    /// Innermost first: `in fib(_:)`, called from `main.shortcut:5:3`.
    public var trace: [(function: String, callSite: SourceRange)] = []
    /// What the system did that led here, beyond the calls: `button "Double" of Caffeine Snippet`.
    public var origin: String?
    /// Calls left out of `trace` once it reached `ScriptError.maximumTrace`.
    public var omittedFrames = 0
    /// How many calls a trace keeps (runaway recursion has millions).
    public static let maximumTrace = 64

    /// Adds the caller's frame as the error leaves a function.
    func addFrame(_ function: String, _ callSite: SourceRange) {
        if case .needsValue = kind { return }   // the shared restart signal keeps no trace
        // A body's accessor is called by its box's (`StandardTypes.localVariablesSource`): it is called from where that was,
        // and a recursion too deep in the box's is one in the accessor (`c.get`).
        if StandardTypes.localVariableTypes.contains(where: { function.hasPrefix($0 + ".") }) {
            if omittedFrames == 0, let last = trace.indices.last { trace[last].callSite = callSite }   // past a full trace: not kept
            return
        }
        // An `unowned` variable read once its instance has gone (`StandardTypes.weakSource`): the read's error, where it is.
        if [PropertyWrappers.weakWrapper, PropertyWrappers.unownedWrapper].contains(where: { function.hasPrefix($0 + ".") }) {
            if trace.isEmpty { range = callSite }
            return
        }
        if trace.isEmpty, case .stackOverflow(let overflow) = kind,
           StandardTypes.localVariableTypes.contains(where: { overflow.function.hasPrefix($0 + ".") }) {
            kind = .stackOverflow(overflow.inFunction(function))
        }
        if trace.count < ScriptError.maximumTrace { trace.append((function, callSite)) } else { omittedFrames += 1 }
    }

    /// A thrown value's text as a device shows it: its `localizedStringResource` or `errorDescription`
    /// (SPEC §3.1), when its type has one.
    var shownAs: String?

    public init(_ kind: Kind, at range: SourceRange) {
        self.kind = kind
        self.range = range
    }

    public static func runtime(_ error: RuntimeError, at range: SourceRange) -> ScriptError {
        ScriptError(.runtime(error), at: range)
    }

    /// The message a person reads, without position.
    public var message: String {
        switch kind {
        case .thrown(let value): return "uncaught error: \(shownAs ?? value.description)"
        case .runtime(let error): return error.message
        case .stackOverflow(let overflow): return overflow.message
        case .timeout(let seconds): return "the run took longer than \(formatSeconds(seconds)) s and was stopped"
        case .cancelled: return "cancelled"
        case .inputNeeded(let m): return m
        case .needsValue: return "a parameter's value is needed, but nothing was performing an intent"
        case .storeError(let e): return e.message
        }
    }

    /// A short word for JSON (`"kind"`) and for tests.
    public var kindName: String {
        switch kind {
        case .thrown: return "thrown"
        case .runtime: return "runtime"
        case .stackOverflow: return "stackOverflow"
        case .timeout: return "timeout"
        case .cancelled: return "cancelled"
        case .inputNeeded: return "inputNeeded"
        case .needsValue: return "runtime"
        case .storeError: return "store"
        }
    }
}

func formatSeconds(_ s: Double) -> String {
    s == s.rounded() ? String(Int(s)) : String(s)
}
