import ShortcutSyntax

/// Overloads: several functions or methods of one name, told apart by labels and parameter types.
/// The first keeps the plain name as its key; each other one has a key of its own, which is what
/// calls that mean it name (for methods, the interpreter finds the method by that key).
extension Resolver {
    /// Which of a top-level function's overloads a call means.
    func chooseOverload(_ name: String, _ args: [Argument], range: SourceRange) -> (key: String, pretyped: [Typed]?) {
        guard let keys = overloads[name], keys.count > 1 else { return (name, nil) }
        return chooseAmong(keys.compactMap { key in functionSignatures[key].map { (key, $0) } }, name: name, args, range: range) ?? (name, nil)
    }

    /// Which of a type's methods of one name a call means.
    func chooseMethodOverload(_ members: MemberTypes, _ name: String, _ args: [Argument], range: SourceRange) -> (key: String, pretyped: [Typed]?) {
        guard let keys = members.overloads[name], keys.count > 1 else { return (name, nil) }
        return chooseAmong(keys.compactMap { key in members.methods[key].map { (key, $0) } }, name: name, args, range: range) ?? (name, nil)
    }

    /// Which of a type's `init`s a call means, by its position, with the arguments when they were typed to choose; nil when
    /// none fits by labels.
    func chooseInitializer(_ signatures: [FunctionSignature], _ args: [Argument], range: SourceRange) -> (index: Int, pretyped: [Typed]?)? {
        guard signatures.contains(where: { labelsFit(args, $0) }) else { return nil }
        let candidates = signatures.enumerated().map { (key: String($0.offset), signature: $0.element) }
        guard let (key, pretyped) = chooseAmong(candidates, name: "init", args, range: range), let index = Int(key) else { return nil }
        return (index, pretyped)
    }

    /// The overload a call means (SPEC §3.1): the one whose labels fit, and when several do, the one
    /// whose parameter types the arguments fit. The arguments are typed once, only in that last case,
    /// and returned for the call to use.
    func chooseAmong(_ candidates: [(key: String, signature: FunctionSignature)], name: String, _ args: [Argument],
                     range: SourceRange) -> (key: String, pretyped: [Typed]?)? {
        let byLabels = candidates.filter { labelsFit(args, $0.signature) }
        if byLabels.count <= 1 {
            guard let only = byLabels.first ?? candidates.first else { return nil }
            return (only.key, nil)
        }
        let pretyped = args.map { typed($0.value) }
        var best = byLabels.filter { c in positions(args, c.signature).allSatisfy { a, p in fits(pretyped[a], c.signature.types[p]) } }
        // As Swift ranks them: the arguments' own types over conversions, then the fewest defaults left to fill
        // (`f(1)` means `f(_:)` beside `f(_:y: = 0)`).
        if best.count > 1 {
            let exact = best.filter { c in
                positions(args, c.signature).allSatisfy { a, p in
                    !pretyped[a].type.isUnknown && !c.signature.types[p].isUnknown && pretyped[a].type.agrees(with: c.signature.types[p])
                }
            }
            if !exact.isEmpty { best = exact }
        }
        if best.count > 1, let fewest = best.map({ $0.signature.labels.count }).min() {
            best = best.filter { $0.signature.labels.count == fewest }
        }
        if best.count > 1 { error(.ambiguousCall(name), at: range) }
        return ((best.first ?? byLabels[0]).key, pretyped)
    }

    /// Whether arguments fit parameters by label alone (defaults may be left out, a trailing closure takes the last).
    func labelsFit(_ args: [Argument], _ signature: FunctionSignature) -> Bool {
        let matched = positions(args, signature)
        let used = Set(matched.map(\.1))
        return matched.count == args.count && signature.labels.indices.allSatisfy { used.contains($0) || signature.hasDefault[$0] }
    }

    /// Argument index → parameter index, matched in order as Swift matches them; stops at the first argument that fits nowhere.
    func positions(_ args: [Argument], _ signature: FunctionSignature) -> [(Int, Int)] {
        var result: [(Int, Int)] = []
        var a = 0
        for (i, label) in signature.labels.enumerated() where a < args.count {
            let isTrailingClosure: Bool
            if case .closure = args[a].value.kind, args[a].label == nil, a == args.count - 1 { isTrailingClosure = true } else { isTrailingClosure = false }
            if args[a].label == label || isTrailingClosure {
                result.append((a, i))
                a += 1
            } else if !signature.hasDefault[i] {
                break
            }
        }
        return result
    }

    /// The key a function is declared under: its name, or, when a function of that name with
    /// other labels or parameter types exists, a key of its own (an overload, SPEC §3.1).
    /// The same labels and types again is a redeclaration, reported by `register`.
    func overloadKey(_ f: FunctionDecl, at range: SourceRange) -> String {
        guard case .function? = globals[f.name] else { return f.name }
        let keys = overloads[f.name] ?? [f.name]
        for key in keys {
            guard case .function(_, let other, _)? = globals[key] else { continue }
            if sameSignature(other, f) { return key }
        }
        let key = overloadKey(f, number: keys.count)
        overloads[f.name] = keys + [key]
        functionKeys[range] = key
        return key
    }

    /// The key of the `number`th function or method of its name (the first keeps the plain name).
    func overloadKey(_ f: FunctionDecl, number: Int) -> String { "\(functionSignature(f))#\(number)" }

    /// Same labels and the same written parameter types: a redeclaration, not an overload.
    func sameSignature(_ a: FunctionDecl, _ b: FunctionDecl) -> Bool {
        a.parameters.map(\.label) == b.parameters.map(\.label)
            && a.parameters.map { $0.type?.description } == b.parameters.map { $0.type?.description }
    }

    /// The arguments with those of a variadic parameter made into one array literal: its first argument
    /// (by its label) and the unlabelled ones after it, as Swift matches them.
    func packedVariadic(_ args: [Argument], _ parameters: [Parameter], range: SourceRange) -> [Argument] {
        packedVariadic(args, labels: parameters.map(\.label), variadic: parameters.firstIndex(where: \.isVariadic), range: range)
    }

    /// A method's call (`s.add(1, 2, 3)`, `Tally.of(1, 2)`, `add(1, 2)` in the type's code) with its arguments packed
    /// where the method of that name is one with a variadic parameter, and has no overload.
    func packedVariadic(_ args: [Argument], method name: String, of type: ScriptType, range: SourceRange) -> [Argument] {
        guard let members = declaredMembers(of: type), members.overloads[name] == nil, let signature = members.methods[name],
              let variadic = signature.variadic else { return args }
        return packedVariadic(args, labels: signature.labels, variadic: variadic, range: range)
    }

    private func packedVariadic(_ args: [Argument], labels: [String?], variadic: Int?, range: SourceRange) -> [Argument] {
        guard let variadic else { return args }
        var out: [Argument] = []
        var a = 0
        for (i, label) in labels.enumerated() where a <= args.count {
            if i == variadic {
                var values: [Expr] = []
                if a < args.count, args[a].label == label {
                    values.append(args[a].value)
                    a += 1
                    while a < args.count, args[a].label == nil {
                        values.append(args[a].value)
                        a += 1
                    }
                }
                let span = values.first.map { $0.range.union(values[values.count - 1].range) } ?? range
                out.append(Argument(label: label, labelRange: nil, value: Expr(.array(values), span)))
            } else if a < args.count, args[a].label == label {
                out.append(args[a])
                a += 1
            }
        }
        return out + args[min(a, args.count)...]
    }
}
