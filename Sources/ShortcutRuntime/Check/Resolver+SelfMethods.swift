import ShortcutSyntax

/// Calls of `self`'s methods written without `self.` inside a type's body.
extension Resolver {
    /// Whether `name(…)` inside a type's body calls a method of `self`.
    func hasImplicitSelfMethod(_ name: String) -> Bool {
        switch selfKind() {
        case .record(let r)?: return r.memberTypes.methods[name] != nil || r.fieldIndex[name] != nil
        case .enumeration(let e)?: return e.memberTypes.methods[name] != nil
        case .intent(let i)?: return i.memberTypes.methods[name] != nil || intentDeclaresMember(i, name)
        case nil: return false
        }
    }

    func implicitSelfMethodCall(_ name: String, _ args: [Argument], range: SourceRange) -> Node? {
        typedImplicitSelfMethodCall(name, args, range: range)?.node
    }

    /// `bump(by: 2)` inside a type's body: a method of `self`, its arguments checked against the declaration.
    func typedImplicitSelfMethodCall(_ name: String, _ args: [Argument], range: SourceRange) -> Typed? {
        guard hasImplicitSelfMethod(name), let local = lookupLocal("self") else { return nil }
        let labels = args.map(\.label)
        if let members = declaredMembers(of: selfType()), let signature = inoutMethod(members, name) {
            requireMarks(signature, args, at: range)
            return Typed(inoutCall(signature, name: name, args, range: range) { selfMethodCall(local, name, $0.compactMap { $0 }, labels, range: range) },
                         signature.result)
        }
        var nodes: [Node]
        var result = ScriptType.any
        var key = name
        if let (chosen, signature, checked) = checkedMethodArguments(selfType(), name, args, range: range) {
            guard let checked else { return Typed(.constant(.null), signature.result) }
            requireMarks(signature, args, at: range)
            key = staticDispatchName(onSelf: name, labels: signature.labels) ?? chosen
            nodes = checked
            result = signature.result
        } else {
            nodes = args.map { expr($0.value) }
        }
        return Typed(selfMethodCall(local, key, nodes, labels, range: range), result)
    }

    private func selfMethodCall(_ local: Local, _ name: String, _ nodes: [Node], _ labels: [String?], range: SourceRange) -> Node {
        if context.isMutating, case .slot(let s) = local.binding, context.kind != .closure {
            return .callMutating(.local(s), Name(name), nodes, labels, range)
        }
        return .callMethod(read(local.binding), Name(name), nodes, labels, range)
    }
}
