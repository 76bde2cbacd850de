import ShortcutSyntax

/// What the Swift form of SPEC §13 brings to checking: the calls a device makes that mean nothing here.
extension Resolver {
    /// `AppDependencyManager.shared.add(dependency: m)`, `WidgetCenter.shared.reloadAllTimelines()`,
    /// `ShortcutsProvider.updateAppShortcutParameters()`: no-ops off device (their arguments are still
    /// checked). Nil when the call is not one of them.
    func typedDeviceCall(_ base: Expr, _ name: String, _ args: [Argument]) -> Typed? {
        if name == "updateAppShortcutParameters", args.isEmpty, case .identifier(let provider) = base.kind, isUndeclared(provider) {
            return Typed(.constant(.null), .void)
        }
        if case .member(let root, "shared", _) = base.kind, case .identifier(let service) = root.kind,
           Resolver.deviceServices.contains(service), isUndeclared(service) {
            for a in args { _ = typed(a.value) }
            return Typed(.constant(.null), .void)
        }
        return nil
    }

    /// A name the program does not declare (so Apple's meaning of it applies).
    func isUndeclared(_ name: String) -> Bool {
        globals[name] == nil && lookupLocal(name) == nil
    }
}

extension Resolver {
    /// `Temperature(celsius: 100)` where `Temperature` declares `init(celsius:)`: the `init` whose labels fit
    /// the call (the memberwise one too while no `init` is in the type's own body). Nil when the
    /// memberwise initialiser is the one to use; a call that fits none is reported here.
    func declaredInitializerCall(_ r: RecordType, name: String, _ args: [Argument], range: SourceRange) -> Node? {
        guard !r.initializers.isEmpty else { return nil }
        if let (code, decl, signature) = r.initializers.first(where: { labelsFit(args, $0.signature) }) {
            let parameters = decl.parameters.map { (label: $0.label, hasDefault: $0.defaultValue != nil) }
            guard let ordered = matchPositional(args, parameters: parameters, callee: name, range: range, types: signature.types) else {
                return .constant(.null)
            }
            return .initRecord(r, code, ordered, range)
        }
        if r.hasMemberwiseInitializer { return nil }
        // No `init` fits: report against the first, as Swift names its candidates.
        let first = r.initializers[0]
        let parameters = first.decl.parameters.map { (label: $0.label, hasDefault: $0.defaultValue != nil) }
        _ = matchPositional(args, parameters: parameters, callee: name, range: range, types: first.signature.types)
        return .constant(.null)
    }
}

extension Resolver {
    /// The result protocols that ask for a part of `.result(…)`, and the label of that part.
    static let resultParts: [(protocol: String, label: String)] = [
        ("ReturnsValue", "value"), ("ProvidesDialog", "dialog"), ("ShowsSnippetView", "view"),
        ("ShowsSnippetIntent", "snippetIntent"), ("OpensIntent", "opensIntent"),
    ]

    /// `func perform() -> some IntentResult & ProvidesDialog & ReturnsValue<Double>`: each `.result(…)` gives
    /// exactly the parts its protocols promise, and a value of the promised type (SPEC §13), as Swift's
    /// overloads of `result` require.
    func checkResultProtocols(_ protocols: [TypeRef]) {
        var declared: Set<String> = []
        for p in protocols {
            switch p.kind {
            case .named(let name), .generic(let name, _): declared.insert(name)
            default: break
            }
        }
        for call in resultCalls {
            for (proto, label) in Resolver.resultParts {
                let promised = declared.contains(proto)
                if promised, !call.labels.contains(label) {
                    error(.resultProtocolMismatch("the result type promises '\(proto)', but this '.result' has no '\(label):'"), at: call.range)
                } else if !promised, call.labels.contains(label) {
                    error(.resultProtocolMismatch("'.result(\(label):)' needs '\(proto)' in perform's result type"), at: call.range)
                }
            }
        }
    }

    /// `ReturnsValue<T>`'s `T`: what `.result(value:)` is checked against (and typed by, as a context).
    func promisedValueType(_ protocols: [TypeRef]) -> ScriptType? {
        for p in protocols {
            if case .generic("ReturnsValue", let arguments) = p.kind, arguments.count == 1 { return resolveType(arguments[0]) }
        }
        return nil
    }
}
