import ShortcutSyntax

/// The main file's top-level variables: their types before function bodies are checked, which of them
/// declarations use, and the code that sets those for a run target.
extension Resolver {
    /// A top-level variable whose type neither an annotation nor its literal gives (`var items = Array(0..<9)`,
    /// `let total = sum(xs)`) takes its initialiser's type, worked out before any function body is resolved, so
    /// functions that use it are checked against it too. What the initialiser would report is reported where
    /// the top level itself is resolved.
    func inferGlobalTypes(_ unit: SourceUnit) {
        for item in unit.items {
            guard case .variable(let v) = item.kind, case .name(let name, _) = v.pattern, globalTypes[name] == nil,
                  let initializer = v.initializer else { continue }
            let type = quietly {
                var t = ScriptType.any
                _ = withFunction(kind: .topLevel, name: "top level", selfKind: nil, parameters: [], scanning: []) {
                    t = typed(initializer).type
                    return []
                }
                return t
            }
            if !type.isUnknown { globalTypes[name] = type }
        }
    }

    /// A global read or written outside the top level's own code (closures at the top level are part of it).
    func noteGlobalUse(_ name: String) {
        var c: Context? = context
        while let inner = c, inner.kind == .closure { c = inner.parent }
        if c?.kind != .topLevel { globalsUsedByDeclarations.insert(name) }
    }

    /// The main file's top-level variables that declarations use, and those their initialisers use, as code
    /// of their own (already checked with the rest): what a run target sets first. A variable nothing but the
    /// top level uses (`let n = run Log()`) is not set, as a Swift global nobody reads is never initialised.
    func variablesOnly(_ topLevel: [Stmt]) -> FunctionCode? {
        var used = globalsUsedByDeclarations
        var variables: [Stmt] = []
        for s in topLevel.reversed() {
            guard case .variable(let v) = s.kind, used.contains(v.name) else { continue }
            variables.insert(s, at: 0)
            NameScanner.scan(s, inClosure: true, into: &used)
        }
        guard !variables.isEmpty else { return nil }
        return quietly {
            let (layout, statements, _) = withFunction(kind: .topLevel, name: "top level", selfKind: nil, parameters: [], scanning: variables) {
                variables.flatMap { statement($0) }
            }
            return FunctionCode(name: "top level", parameterLabels: [], parameterChecks: [], defaults: [], returnCheck: nil, hasSelf: false,
                                isMutating: false, captureSlots: layout.captureSlots, frameSize: layout.frameSize, body: statements,
                                range: variables[0].range, codeOptions: codeOptions)
        }
    }
}
