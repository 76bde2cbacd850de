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
