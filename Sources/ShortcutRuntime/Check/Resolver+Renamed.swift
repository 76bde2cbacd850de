import ShortcutSyntax

/// The standard library's methods called by an older name Swift still accepts, with its deprecation warning.
extension Resolver {
    /// The names and their new ones: the call goes to the new one.
    static let renamedMethods: [String: (labels: [String?], to: String)] = ["index": (["of"], "firstIndex")]

    /// `xs.index(of: 4)` (Swift 4's name, deprecated since 4.2): `firstIndex(of:)`, with swiftc's warning.
    func typedRenamedCall(_ base: Expr, _ name: String, nameRange: SourceRange, _ args: [Argument], expected: ScriptType?,
                          range: SourceRange) -> Typed? {
        guard let renamed = Resolver.renamedMethods[name], args.map(\.label) == renamed.labels else { return nil }
        warning(.deprecatedRenamed(compoundName(name, renamed.labels), to: compoundName(renamed.to, renamed.labels)), at: nameRange)
        return typedMethodCall(base, renamed.to, nameRange: nameRange, args, expected: expected, range: range)
    }
}
