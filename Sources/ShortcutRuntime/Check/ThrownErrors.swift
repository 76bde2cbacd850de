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
    /// A throwing call or a `throw` in the body of the `do`s being resolved: the type of what it throws (`any Error` for
    /// a function declared plain `throws`).
    func noteThrown(_ type: ScriptType) {
        if !thrownTypes.isEmpty { thrownTypes[thrownTypes.count - 1].append(type) }
    }

    /// The body of a `do` resolved (`body`) with what it throws noted, and the type its catches take: the one written
    /// (`do throws(BankError)`), else the one type every throwing call in it throws (`throws(BankError)`), as Swift 6
    /// infers a `do`'s caught error, else `any Error` (a `throw`'s error is `any Error` there, as Swift types it). What
    /// escapes a `do` whose catches are not exhaustive is noted for the `do` around it.
    func caughtType<T>(written: ScriptType?, exhaustive: Bool, _ body: () -> T) -> (T, ScriptType) {
        thrownTypes.append([])
        let outerWritten = writtenDoType
        writtenDoType = written
        let resolved = body()
        writtenDoType = outerWritten
        let thrown = thrownTypes.removeLast()
        if let written { return (resolved, written) }
        if !exhaustive { for type in thrown { noteThrown(type) } }
        // An error type is one of the program's enums, structs or classes.
        func declared(_ type: ScriptType) -> AnyObject? {
            switch type {
            case .enumeration(let e): return e
            case .record(let r): return r
            default: return nil
            }
        }
        guard let first = thrown.first, let type = declared(first), thrown.allSatisfy({ declared($0) === type }) else { return (resolved, .error) }
        return (resolved, first)
    }

    /// The type a `throw` here throws: the nearest `do throws(T)`'s, or outside any `do` the function's `throws(T)`; nil
    /// for any error.
    var typedThrowContext: ScriptType? { thrownTypes.isEmpty ? declaredThrownType : writtenDoType }

    /// A `try` (not `try?` or `try!`) or a `throw` where nothing takes its error: Swift's compile error.
    func requireHandled(at range: SourceRange, isThrow: Bool = false) {
        if !context.tryStates.isEmpty { context.tryStates[context.tryStates.count - 1].append(uninitialized) }   // where a catch may start
        switch thrownErrors {
        case .passedOn: passesErrorsOn = true
        case .caught: return
        case .unhandled: error(.errorNotHandled(isThrow: isThrow, exhaustive: true), at: range)
        case .notExhaustive: error(.errorNotHandled(isThrow: isThrow, exhaustive: false), at: range)
        }
    }

    /// `do { … } catch … { … }`: the body, where errors go to the catches, then each catch with the error as its type
    /// is (`caughtType`); each catch starts from what was unassigned at a `try` or `throw` in the body (`let x: Int; do
    /// { x = try f(); try g() } catch { x = 0 }` may assign `x` twice, swiftc's error).
    func doCatch(_ body: Block, _ catches: [CatchClause]) -> [Statement] {
        let before = uninitialized
        let outerErrors = thrownErrors
        thrownErrors = thrownErrors.inDo(catches)
        let written = catches.first?.caughtType.map { resolveType($0) }
        context.tryStates.append([])
        let (bodyCode, errorType) = caughtType(written: written, exhaustive: thrownErrors == .caught) { block(body) }
        let throwing = context.tryStates.removeLast()
        thrownErrors = outerErrors
        var outcomes = [(state: uninitialized, exits: alwaysExits(body.statements, leavingLoops: true))]
        defer { joinBranches(from: before, outcomes) }
        let clauses = catches.map { c -> CatchCode in
            joinBranches(from: before, throwing.map { ($0, false) })
            pushScope()
            defer {
                popScope()
                outcomes.append((uninitialized, alwaysExits(c.body.statements, leavingLoops: true)))
            }
            let type = c.type.map { resolveType($0) }
            if !c.patterns.isEmpty {
                let codes = c.patterns.map { casePattern($0, errorType) }
                return CatchCode(binding: .discard, type: nil, patterns: codes, guardNode: c.whereClause.map { condition($0) }, body: block(c.body))
            }
            let binding = declareLocal(c.name ?? "error", isConstant: true, range: c.range, type: type ?? errorType)
            return CatchCode(binding: binding, type: type, guardNode: c.whereClause.map { condition($0) }, body: block(c.body))
        }
        return [.doCatch(bodyCode, clauses)]
    }
}
