import ShortcutSyntax

/// Foundation's character sets where a string method takes one (`CharacterSets`): `s.trimmingCharacters(in:
/// .whitespaces)`, `s.components(separatedBy: .decimalDigits)`, `CharacterSet(charactersIn: ",;")`, `.letters.inverted`.
extension Resolver {
    /// `trimmingCharacters(in:)` with any set, `components(separatedBy:)` with a set (with a string it is the library's):
    /// checked and written as `CharacterSets` reads them; nil for any other call.
    func characterSetCall(_ base: Expr, _ receiver: Typed, _ name: String, nameRange: SourceRange, _ args: [Argument],
                          range: SourceRange) -> Typed? {
        guard case .string = receiver.type, args.count == 1 else { return nil }
        let result: ScriptType
        switch (name, args[0].label) {
        case ("trimmingCharacters", "in"?): result = .string
        case ("components", "separatedBy"?) where characterSetWritten(args[0].value): result = .array(.string)
        default: return nil
        }
        let set: Node
        if characterSetWritten(args[0].value) {
            set = characterSet(args[0].value, inverted: false)
        } else {
            let t = typed(args[0].value)
            if !t.type.isUnknown { error(.cannotConvert(actual: t.type.description, expected: "CharacterSet", site: .argument), at: args[0].value.range) }
            set = t.node
        }
        return Typed(callOn(base, receiver.node, name, nameRange: nameRange, [set], [args[0].label], range: range, runtimeName: nil), result)
    }

    /// Whether `e` is written as a character set: a leading-dot name, `CharacterSet.name`, `CharacterSet(charactersIn:)`,
    /// any of them `.inverted`.
    private func characterSetWritten(_ e: Expr) -> Bool {
        switch e.kind {
        case .implicitMember: return true
        case .member(let base, let name, _):
            if case .identifier("CharacterSet") = base.kind { return true }
            return name == "inverted" && characterSetWritten(base)
        case .call(let callee, _):
            if case .identifier("CharacterSet") = callee.kind { return true }
            return false
        default: return false
        }
    }

    private func characterSet(_ e: Expr, inverted: Bool) -> Node {
        func named(_ name: String, at range: SourceRange) -> Node {
            if !CharacterSets.names.contains(name) {
                error(.unknownMember(name, type: "CharacterSet", suggestion: closestMatch(to: name, in: CharacterSets.names)), at: range)
            }
            return .array([.constant(.symbol(name)), .constant(.bool(inverted))])
        }
        switch e.kind {
        case .implicitMember(let name):
            return named(name, at: e.range)
        case .member(let base, "inverted", _) where characterSetWritten(base):
            return characterSet(base, inverted: !inverted)
        case .member(_, let name, let nameRange):
            return named(name, at: nameRange)
        case .call(_, let args):
            guard args.count == 1, args[0].label == "charactersIn" else {
                error(.noMatchingCall(callee: "CharacterSet", forms: ["CharacterSet(charactersIn:)"]), at: e.range)
                return .constant(.null)
            }
            let text = fit(typed(args[0].value, .string), to: .string, site: .argument, at: args[0].value.range)
            return .array([.constant(.symbol("charactersIn")), text, .constant(.bool(inverted))])
        default:
            return .constant(.null)
        }
    }
}
