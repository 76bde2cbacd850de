import ShortcutSyntax

/// Overloads: several functions of one name, told apart by labels and parameter types.
extension Resolver {
    /// Which of a function's overloads a call means (SPEC §3.1): the one whose labels fit, and when
    /// several do, the one whose parameter types the arguments fit. The arguments are typed once,
    /// only in that last case, and returned for the call to use.
    func chooseOverload(_ name: String, _ args: [Argument], range: SourceRange) -> (key: String, pretyped: [Typed]?) {
        guard let keys = overloads[name], keys.count > 1 else { return (name, nil) }
        let byLabels = keys.filter { key in
            guard case .function(_, let decl, _)? = globals[key] else { return false }
            return labelsFit(args, decl.parameters)
        }
        if byLabels.count <= 1 { return (byLabels.first ?? name, nil) }
        let pretyped = args.map { typed($0.value) }
        let byTypes = byLabels.filter { key in
            guard let signature = functionSignatures[key], case .function(_, let decl, _)? = globals[key] else { return false }
            return positions(args, decl.parameters).allSatisfy { a, p in fits(pretyped[a], signature.types[p]) }
        }
        if byTypes.count > 1 {
            let exact = byTypes.filter { key in
                guard let signature = functionSignatures[key], case .function(_, let decl, _)? = globals[key] else { return false }
                return positions(args, decl.parameters).allSatisfy { a, p in !pretyped[a].type.isUnknown && pretyped[a].type.agrees(with: signature.types[p]) && !signature.types[p].isUnknown }
            }
            if exact.count == 1 { return (exact[0], pretyped) }
            error(.ambiguousCall(name), at: range)
        }
        return (byTypes.first ?? byLabels[0], pretyped)
    }

    /// Whether arguments fit parameters by label alone (defaults may be left out, a trailing closure takes the last).
    func labelsFit(_ args: [Argument], _ parameters: [Parameter]) -> Bool {
        positions(args, parameters).count == args.count && {
            let used = Set(positions(args, parameters).map(\.1))
            return parameters.indices.allSatisfy { used.contains($0) || parameters[$0].defaultValue != nil }
        }()
    }

    /// Argument index → parameter index, matched in order as Swift matches them; stops at the first argument that fits nowhere.
    func positions(_ args: [Argument], _ parameters: [Parameter]) -> [(Int, Int)] {
        var result: [(Int, Int)] = []
        var a = 0
        for (i, p) in parameters.enumerated() where a < args.count {
            let isTrailingClosure: Bool
            if case .closure = args[a].value.kind, args[a].label == nil, a == args.count - 1 { isTrailingClosure = true } else { isTrailingClosure = false }
            if args[a].label == p.label || isTrailingClosure {
                result.append((a, i))
                a += 1
            } else if p.defaultValue == nil {
                break
            }
        }
        return result
    }
}
