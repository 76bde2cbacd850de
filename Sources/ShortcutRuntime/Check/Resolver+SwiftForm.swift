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
