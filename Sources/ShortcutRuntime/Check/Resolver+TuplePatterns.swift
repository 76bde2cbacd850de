import ShortcutSyntax

/// The binding patterns of `let (a, b) = …` and `for (i, x) in …`: their names declared, and a tuple pattern its value
/// does not fit reported in swiftc's words and at swiftc's place, which depend on what says the type.
extension Resolver {
    /// The bindings of a pattern's top level. A tuple nested in it (`let (a, (b, c)) = v`) is held in a hidden local, which
    /// the statements added to `nested` take apart once the outer tuple has been.
    /// Where the pattern does not fit `type`: `sequence`, a `for` loop's, or `value`, the value it is declared with when
    /// no type is written, is where swiftc reports it (the whole pattern at once); else each tuple pattern at its `(`.
    func declarePattern(_ pattern: Pattern, isConstant: Bool, type: ScriptType = .any, nested: inout [Statement], sequence: Expr? = nil,
                        value: Expr? = nil, annotated: Bool = false, top: Bool = true) -> [Binding] {
        switch pattern {
        case .name(let n, let r): return [declareLocal(n, isConstant: isConstant, range: r, type: type)]
        case .wildcard: return [.discard]
        case .tuple(let parts):
            var types = [ScriptType](repeating: .any, count: parts.count)
            if let sequence, case .tuple(let ts, _) = type, ts.count != parts.count {
                error(.sequencePatternMismatch(type: type.description), at: sequence.range)
            } else if let value, !annotated, !type.isUnknown, !fitsPattern(pattern, type) {
                let spelled = spelling(of: pattern, type, top: true)
                if case .tuple(let ts, _) = type, ts.count != parts.count {
                    error(.tupleLengthMismatch(actual: type.description, pattern: spelled), at: valueRange(value.range))
                } else {
                    error(.cannotConvert(actual: type.description, expected: spelled, site: .specified), at: valueRange(value.range))
                }
            } else if case .tuple(let ts, _) = type, ts.count == parts.count {
                types = ts
            } else if !type.isUnknown {
                let at = sequence?.range ?? parenthesis(of: pattern) ?? .none
                if case .tuple = type, sequence == nil {
                    error(.tuplePatternWrongLength(type: type.description), at: at)
                } else {
                    error(.tuplePatternMismatch(type: type.description, ofElements: sequence != nil), at: at)
                }
                // The type written for the whole pattern: swiftc says again what the pattern's own type is.
                if top, value != nil { error(.patternTypeMismatch(pattern: spelling(of: pattern, nil, top: false), type: type.description), at: at) }
            }
            return zip(parts, types).map { part, type in
                guard case .tuple = part, let range = patternRange(part) else {
                    return declarePattern(part, isConstant: isConstant, type: type, nested: &nested, top: false).first ?? .discard
                }
                let hidden = declareLocal("(tuple)\(range.start)", isConstant: true, range: range, type: type)
                var deeper: [Statement] = []
                let inner = declarePattern(part, isConstant: isConstant, type: type, nested: &deeper, top: false)
                nested += [.destructure(inner, read(hidden), range)] + deeper
                return hidden
            }
        }
    }

    /// Whether a value of `type` can be taken apart by `pattern`, at every level.
    private func fitsPattern(_ pattern: Pattern, _ type: ScriptType) -> Bool {
        guard case .tuple(let parts) = pattern, !type.isUnknown else { return true }
        guard case .tuple(let ts, _) = type, ts.count == parts.count else { return false }
        return zip(parts, ts).allSatisfy { fitsPattern($0, $1) }
    }

    /// The type swiftc gives a pattern that does not fit its value: a name takes the value's type where the tuples around
    /// it fit; `_` elsewhere (`(Int, String, _)` for `let (a, b, c) = (1, "a")`, `(Int, (_, _))` for `let (a, (b, c)) = (1, 2)`).
    private func spelling(of pattern: Pattern, _ type: ScriptType?, top: Bool) -> String {
        guard case .tuple(let parts) = pattern else { return type?.description ?? "_" }
        var types = [ScriptType?](repeating: nil, count: parts.count)
        if case .tuple(let ts, _)? = type, ts.count == parts.count || top {
            for i in parts.indices where i < ts.count { types[i] = ts[i] }
        }
        return "(" + zip(parts, types).map { spelling(of: $0, $1, top: false) }.joined(separator: ", ") + ")"
    }

    /// Where a tuple pattern's `(` stands: back from its first name over the parentheses of the tuples that hold it.
    private func parenthesis(of pattern: Pattern) -> SourceRange? {
        func firstName(_ p: Pattern, depth: Int) -> (SourceRange, Int)? {
            switch p {
            case .name(_, let r): return (r, depth)
            case .wildcard: return nil
            case .tuple(let parts): return parts.lazy.compactMap { firstName($0, depth: depth + 1) }.first
            }
        }
        guard let (name, depth) = firstName(pattern, depth: 0), program.files.indices.contains(Int(name.file)) else { return nil }
        let bytes = program.files[Int(name.file)].bytes
        var (at, open) = (min(Int(name.start), bytes.count) - 1, depth)
        while at >= 0 {
            if bytes[at] == UInt8(ascii: ")") { open += 1 }
            if bytes[at] == UInt8(ascii: "(") {
                open -= 1
                if open == 0 { return SourceRange(file: name.file, start: at, end: at + 1) }
            }
            at -= 1
        }
        return nil
    }

    /// `let (a, b): (Int, String)` with no value: each name its own variable, assigned before it is read (a `let` once);
    /// nil for any other declaration.
    func tupleWithoutValue(_ v: VarDecl, _ range: SourceRange) -> [Statement]? {
        guard v.initializer == nil, case .tuple(let parts) = v.pattern, case .tuple(let types, _)? = v.type?.kind, types.count == parts.count else { return nil }
        return zip(parts, types).flatMap { part, type in
            var each = v
            (each.pattern, each.type) = (part, type)
            if case .name(_, let r) = part { each.nameRange = r }
            return variable(each, range)
        }
    }

    /// Where a binding pattern stands: its first name's range.
    func patternRange(_ p: Pattern) -> SourceRange? {
        switch p {
        case .name(_, let r): return r
        case .wildcard: return nil
        case .tuple(let parts): return parts.lazy.compactMap { self.patternRange($0) }.first
        }
    }
}
