import ShortcutSyntax

/// Every fault a running program can meet, as data: each case carries what
/// its message needs, and the messages are written here and nowhere else
/// (as `DiagnosticMessage` is for compile errors). A message names no
/// command-line flag: the CLI adds `--max-depth` or `--timeout` when it reports.
public enum RuntimeError: Equatable, Sendable {
    // MARK: Numbers
    /// `Int.max + 1`: the expression as written with its values (`9223372036854775807 + 1`).
    case overflow(expression: String)
    case divisionByZero
    case remainderByZero
    case notConvertible(value: String, to: String)
    /// `x as! T` on a value that is not a `T`.
    case castFailed(from: String, to: String)
    case dateOutOfRange(seconds: Double)
    case cannotApply(op: String, lhs: String, rhs: String)
    case cannotCompare(op: String, lhs: String, rhs: String)
    case cannotNegate(type: String)

    // MARK: Optionals
    case unwrappedNil
    case nilBase(NilUse)

    // MARK: Collections
    case indexOutOfRange(index: Int, count: Int, of: Collection)
    case rangeOutOfBounds(range: String, count: Int, of: Collection = .array)
    /// One value would need more memory than a run may use.
    case memoryNeeded(bytes: Int, limit: Int)
    /// The process holds more memory than a run may use.
    case memoryUsed(bytes: Int, limit: Int)
    case emptyCollection(operation: String, of: Collection)
    case invalidRange(lower: Int, upper: Int)
    case rangeBoundsNotInt
    case emptyRandomRange(type: String)
    case duplicateKey(String)
    case emptySeparator
    case indexNotInt(type: String)
    case cannotSubscript(type: String, with: String)
    case cannotIterate(type: String)
    case cannotDestructure(type: String, names: Int)

    // MARK: Names, members and calls
    /// A member a value does not have; `known` feeds "did you mean".
    case noMember(type: String, name: String, known: [String])
    case noMethod(type: String, name: String, arguments: String)
    case noModifier(view: String, name: String)
    case notCallable(type: String)
    case wrongArgumentCount(function: String, expected: Int, given: Int)
    case missingArgument(function: String, position: Int)
    /// A library function or view given the wrong kind of argument: `stride(from:to:by:)` needs `three Ints and a non-zero step`.
    case badArgument(function: String, needs: String)
    case typeMismatch(type: String, expected: String, context: String)
    /// The type-assertion mode found a value of another type than the checker proved: a checker bug.
    case checkerBug(value: String, type: String, variable: String)
    case conditionNotBool(type: String)
    case closureResultNotBool(type: String)
    case viewBodyHolds(type: String)
    case mutatingOnConstant(method: String, type: String)

    // MARK: Assignment
    case noStoredProperty(type: String, name: String)
    /// A perform left a store field holding a value its type does not allow; nothing is saved.
    case fieldDoesNotFit(field: String, value: String, type: String)
    case assignToConstant(name: String, type: String)
    case assignToParameter(name: String, intent: String)
    case cannotAssign(name: String, type: String)
    case cannotChange(type: String)
    case cannotAssignThroughSubscript(type: String)

    // MARK: Control
    case switchUnmatched(subject: String)
    case guardFellThrough
    case preconditionFailed(message: String?)
    case forcedTryThrew(error: String)
    case fatalError(message: String?)

    // MARK: The system
    case notAnIntent(context: String, type: String)
    case snippetWithoutView(intent: String)
    case snippetInSnippet
    case snippetChainTooLong(limit: Int)
    case entityGone(type: String, title: String, parameter: String)
    /// `throw $p.needsValueError(…)` where that intent is not being performed.
    case restartOutsidePerform(intent: String)
    case tooManyRestarts(intent: String, limit: Int)
    case queryResultNotArray(entity: String)
    case noTarget(name: String, known: [String])
    /// A file could not be read (the operating system's reason).
    case unreadableFile(reason: String)
    case unknownParameter(intent: String, name: String, known: [String])
    case parameterEntityNotFound(entity: String, id: String)
    case parameterDoesNotFit(type: String, why: String?)

    // MARK: Tests
    case onlyInTests(function: String)
    case snippetClosed
    case noSuchAction(snippet: String, kind: String, target: String, actions: [String])
    case noSessionMember(name: String, isMethod: Bool)

    /// What `nil` was asked for.
    public enum NilUse: Equatable, Sendable {
        case read(String), call(String), subscripting, assign(String), change
    }

    public enum Collection: String, Equatable, Sendable {
        case array, string, tuple
        /// What an index counts in it.
        var units: String {
            switch self {
            case .array, .tuple: return "element"
            case .string: return "character"
            }
        }
    }

    /// The message a person reads: lower case, no final period (as diagnostics).
    public var message: String {
        switch self {
        case .overflow(let expression): return "arithmetic overflow: \(expression) does not fit in Int"
        case .divisionByZero: return "division by zero"
        case .remainderByZero: return "division by zero in remainder"
        case .notConvertible(let value, let type): return "\(value) cannot be converted to \(type)"
        case .castFailed(let from, let to): return "could not cast value of type '\(from)' to '\(to)'"
        case .dateOutOfRange(let seconds): return "a date \(formatDouble(seconds)) seconds from 1970 is out of range"
        case .cannotApply(let op, let l, let r): return "cannot apply '\(op)' to '\(l)' and '\(r)'"
        case .cannotCompare(let op, let l, let r): return "cannot compare '\(l)' with '\(r)' using '\(op)'"
        case .cannotNegate(let type): return "cannot negate a value of type '\(type)'"
        case .unwrappedNil: return "unexpectedly found nil while unwrapping an optional value"
        case .nilBase(.read(let name)): return "cannot read '\(name)' of nil (use '?.' to read through an optional)"
        case .nilBase(.call(let name)): return "cannot call '\(name)' on nil (use '?.' to call through an optional)"
        case .nilBase(.subscripting): return "cannot subscript nil (use '?[' to read through an optional)"
        case .nilBase(.assign(let name)): return "cannot assign to '\(name)' of nil"
        case .nilBase(.change): return "cannot change a property of nil"
        case .indexOutOfRange(let i, let count, let collection):
            return "index \(i) is out of range for \(collection == .array ? "an" : "a") \(collection.rawValue) of \(plural(count, collection.units))"
        case .rangeOutOfBounds(let range, let count, let collection):
            return "range \(range) is out of bounds for \(collection == .array ? "an" : "a") \(collection.rawValue) of \(plural(count, collection.units))"
        case .memoryNeeded(let bytes, let limit):
            return "this value would need \(bytes == Int.max ? "more than any machine has" : formatBytes(bytes)), more than the run's memory limit of \(formatBytes(limit))"
        case .memoryUsed(let bytes, let limit): return "the run holds \(formatBytes(bytes)) of memory, more than its limit of \(formatBytes(limit))"
        case .emptyCollection(let operation, let collection): return "\(operation) on an empty \(collection.rawValue)"
        case .invalidRange(let lower, let upper): return "range requires lowerBound <= upperBound, but \(lower) > \(upper)"
        case .rangeBoundsNotInt: return "range bounds must be Int"
        case .emptyRandomRange(let type): return "\(type).random(in:) needs a non-empty range"
        case .duplicateKey(let key): return "dictionary literal has duplicate key \(key)"
        case .emptySeparator: return "the separator must not be empty"
        case .indexNotInt(let type): return "an array index must be Int, not '\(type)'"
        case .cannotSubscript(let type, let key): return "cannot subscript a '\(type)' with a '\(key)'"
        case .cannotIterate(let type): return type == "nil" ? "cannot iterate over nil" : "cannot iterate over a value of type '\(type)'"
        case .cannotDestructure(let type, let names): return "cannot destructure '\(type)' into \(names) names"
        case .noMember(let type, let name, let known): return "'\(type)' has no member '\(name)'" + didYouMean(name, in: known)
        case .noMethod(let type, let name, let arguments): return "'\(type)' has no method '\(name)' taking \(arguments)"
        case .noModifier(let view, let name): return "'\(view)' has no modifier '\(name)'" + didYouMean(name, in: SwiftUICatalog.modifierNames)
        case .notCallable(let type): return "cannot call a value of type '\(type)'"
        case .wrongArgumentCount(let function, let expected, let given):
            return "'\(function)' takes \(plural(expected, "argument")) but \(given) \(given == 1 ? "was" : "were") given"
        case .missingArgument(let function, let position): return "missing argument for parameter \(position) of \(function)"
        case .badArgument(let function, let needs): return "\(function) needs \(needs)"
        case .typeMismatch(let type, let expected, let context): return "cannot use a value of type '\(type)' for \(context) of type '\(expected)'"
        case .checkerBug(let value, let type, let variable):
            return "type assertion failed: '\(variable)' was proved to be '\(type)' but holds a value of type '\(value)' (a bug in the checker: please report it)"
        case .conditionNotBool(let type): return "a condition must be a Bool, not '\(type)'"
        case .closureResultNotBool(let type): return "the closure must return a Bool, not '\(type)'"
        case .viewBodyHolds(let type): return "a view body can only hold views, not '\(type)'"
        case .mutatingOnConstant(let method, let type): return "cannot call mutating method '\(method)' on a constant '\(type)'"
        case .noStoredProperty(let type, let name): return "'\(type)' has no stored property '\(name)' to assign"
        case .fieldDoesNotFit(let field, let value, let type):
            return "\(field) would hold \(quoted(value)), which does not fit its type \(type); nothing was saved"
        case .assignToConstant(let name, let type): return "cannot assign to '\(name)': it is a 'let' constant of \(type)"
        case .assignToParameter(let name, let intent): return "cannot assign to '\(name)' of \(intent)"
        case .cannotAssign(let name, let type): return "cannot assign to property '\(name)' of a value of type '\(type)'"
        case .cannotChange(let type): return "cannot change a '\(type)' held in a 'let' constant"
        case .cannotAssignThroughSubscript(let type): return "cannot assign through a subscript of '\(type)'"
        case .switchUnmatched(let subject): return "no case of the switch matched \(subject) (add a 'default:')"
        case .guardFellThrough: return "the 'else' of a guard must not fall through (end it with return, throw, break or continue)"
        case .preconditionFailed(let message): return "precondition failed" + (message.map { ": \($0)" } ?? "")
        case .forcedTryThrew(let error): return "'try!' expression unexpectedly raised an error: \(error)"
        case .fatalError(let message): return "fatal error" + (message.map { ": \($0)" } ?? "")
        case .notAnIntent(let context, let type): return "\(context) needs an intent, not '\(type)'"
        case .snippetWithoutView(let intent): return "\(intent) was presented as a snippet, but its result has no view:"
        case .snippetInSnippet: return "a snippet's perform cannot present another snippet"
        case .snippetChainTooLong(let limit): return "the snippet chain went past \(limit) replacements"
        case .entityGone(let type, let title, let parameter): return "the \(type) '\(title)' for '\(parameter)' no longer exists"
        case .restartOutsidePerform(let intent): return "a parameter's value is needed, but \(intent) is not being performed"
        case .tooManyRestarts(let intent, let limit): return "\(intent) asked for a parameter again more than \(limit) times"
        case .queryResultNotArray(let entity): return "the suggested query of \(entity) must return an array"
        case .noTarget(let name, let known): return "no intent or flow named '\(name)'" + didYouMean(name, in: known)
        case .unreadableFile(let reason): return reason
        case .unknownParameter(let intent, let name, let known):
            return "\(intent) has no parameter '\(name)'\(didYouMean(name, in: known)); its parameters: \(known.isEmpty ? "none" : known.joined(separator: ", "))"
        case .parameterEntityNotFound(let entity, let id): return "no \(entity) has the id '\(id)'"
        case .parameterDoesNotFit(let type, let why): return "does not fit \(type)" + (why.map { ": \($0)" } ?? "")
        case .onlyInTests(let function): return "\(function) works inside 'test' blocks, run by 'shortcut test'"
        case .snippetClosed: return "the snippet is closed (done() was called)"
        case .noSuchAction(let snippet, let kind, let target, let actions):
            return "\(snippet) has no \(kind) \(target); its \(kind)s: " + actions.joined(separator: ", ")
        case .noSessionMember(let name, let isMethod):
            return isMethod ? "a snippet session can tap(_:), toggle(_:) and done(), not '\(name)'"
                : "a snippet session has text, buttons, title, lastError and isOpen, not '\(name)'"
        }
    }
}

/// Why a call went deeper than the interpreter allows.
public enum StackOverflow: Equatable, Sendable {
    /// Past the depth limit (`--max-depth`).
    case depthLimit(limit: Int, function: String)
    /// The native stack ran low before the depth limit did.
    case nativeStack(function: String, depth: Int)
    /// The value stack that holds frames is full.
    case valueStack(function: String, depth: Int)

    public var message: String {
        switch self {
        case .depthLimit(let limit, let function): return "recursion went deeper than \(limit) calls in \(function)"
        case .nativeStack(let function, let depth): return "recursion in \(function) used up the interpreter's stack at depth \(depth)"
        case .valueStack(let function, let depth): return "the value stack is full at depth \(depth) in \(function)"
        }
    }

    /// The function it happened in.
    var function: String {
        switch self {
        case .depthLimit(_, let f), .nativeStack(let f, _), .valueStack(let f, _): return f
        }
    }

    /// The same, said of another function.
    func inFunction(_ name: String) -> StackOverflow {
        switch self {
        case .depthLimit(let limit, _): return .depthLimit(limit: limit, function: name)
        case .nativeStack(_, let depth): return .nativeStack(function: name, depth: depth)
        case .valueStack(_, let depth): return .valueStack(function: name, depth: depth)
        }
    }
}

/// `3 elements`, `1 element`.
func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}

/// `512 MB`, `4 GB`, `1.5 GB` (powers of 1024, as `--max-memory` reads them).
func formatBytes(_ bytes: Int) -> String {
    let units = ["bytes", "KB", "MB", "GB", "TB", "PB", "EB"]
    var value = Double(bytes), unit = 0
    while value >= 1024, unit < units.count - 1 { value /= 1024; unit += 1 }
    let text = value == value.rounded() || unit == 0 ? String(Int(value.rounded())) : String(Double(Int(value * 10)) / 10)
    return "\(text) \(units[unit])"
}
