import ShortcutSyntax

/// Where and how swiftc reports a call's arguments that do not fit its parameters, all at once: labels missing,
/// extraneous or other than expected, and arguments missing.
extension Resolver {
    /// Where swiftc reports arguments missing from a call: one at the closing parenthesis; several at the last argument
    /// given, or at the `(` of `()`.
    func missingArgumentsSite(_ args: [Argument], _ range: SourceRange, count: Int) -> SourceRange {
        if count == 1 { return range.lastByte }
        if let last = args.last { return last.labelRange ?? last.value.range }
        return SourceRange(file: range.file, start: Int(range.end) - 2, end: Int(range.end) - 1)
    }

    /// An argument for every parameter, in order, under other labels: swiftc's one message for them all — the labels
    /// missing (at the argument, when the call has one), those extraneous, or both lists (at the `(`). Nil when the labels agree,
    /// or are the parameters' in another order (`argument 'a' must precede argument 'b'`, said by `matchPositional`).
    func mislabeled(_ args: [Argument], _ parameters: [(label: String?, hasDefault: Bool)]) -> (DiagnosticMessage, SourceRange)? {
        guard !args.isEmpty, args.count == parameters.count else { return nil }
        // A trailing closure takes its parameter's label (the first of several is the one without one).
        var have = args.map(\.label)
        for i in args.indices where have[i] == nil {
            if case .closure = args[i].value.kind, args[(i + 1)...].allSatisfy({ if case .closure = $0.value.kind { $0.label != nil } else { false } }) {
                have[i] = parameters[i].label
            }
        }
        let expected = parameters.map(\.label)
        let differing = have.indices.filter { have[$0] != expected[$0] }
        guard !differing.isEmpty, have.map({ $0 ?? "_" }).sorted() != expected.map({ $0 ?? "_" }).sorted() else { return nil }
        let spelt = { (labels: [String?]) in labels.map { ($0 ?? "_") + ":" }.joined() }
        let open = openParenthesis(before: args[0])
        if differing.allSatisfy({ have[$0] == nil }) {
            let site = args.count == 1 ? args[0].value.range : open
            return (.argumentLabels(.missing, spelt(differing.map { expected[$0] }), count: differing.count), site)
        }
        if differing.allSatisfy({ expected[$0] == nil }) {
            return (.argumentLabels(.extraneous, spelt(differing.map { have[$0] }), count: differing.count), open)
        }
        return (.argumentLabels(.incorrect(expected: spelt(expected)), spelt(have), count: differing.count), open)
    }

    /// The `(` before a call's first argument, where swiftc reports its labels; the argument itself when none is found.
    func openParenthesis(before first: Argument) -> SourceRange {
        let at = first.labelRange ?? first.value.range, file = Int(at.file)
        guard program.files.indices.contains(file) else { return at }
        let bytes = program.files[file].bytes
        var i = min(Int(at.start), bytes.count) - 1
        while i >= 0, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\n") { i -= 1 }
        return i >= 0 && bytes[i] == UInt8(ascii: "(") ? SourceRange(file: at.file, start: i, end: i + 1) : at
    }

    /// A call of a standard type's method that none of its forms (`candidates`) takes, or that it does not have: the
    /// requirement its elements miss (`[P()].sorted()`), the forms it has, or no such member — as swiftc says each.
    func reportNoLibraryMethod(_ type: ScriptType, _ name: String, nameRange: SourceRange, _ args: [Argument],
                               _ candidates: [LibraryTypes.Method], range: SourceRange) {
        if let element = type.elementType, !element.conformsToEquatable, let (method, owner) = Resolver.equatableMethods[name],
           args.map(\.label) == (method.contains("(of:)") ? ["of"] : [nil]) {
            // `[ticket].contains(t)` of a class that is not `Equatable`: the requirement, as swiftc words it.
            error(.genericRequirement(callee: "referencing instance method '\(method)' on '\(owner)'", type: element.description,
                                      requirement: "Equatable"), at: nameRange)
        } else if args.isEmpty, let element = type.elementType, !element.isComparable, let owner = Resolver.comparableMethods[name] {
            // `[P()].sorted()`, `xs.max()` of elements without an order: the requirement, as swiftc words it.
            error(.genericRequirement(callee: "referencing instance method '\(name)()' on '\(owner)'", type: element.description,
                                      requirement: "Comparable"), at: nameRange)
        } else if let property = memberType(type, name), !candidates.contains(where: { $0.labels.count == args.count }) {
            // `s.count()`, `s.isEmpty(1)`: a property called, with no method of as many arguments (`count(where:)` is one).
            error(.notCallable(type: property.description), at: nameRange)
        } else if !candidates.isEmpty {
            let forms = candidates.map { compoundName(name, $0.labels) }
            error(.noMatchingCall(callee: name, forms: forms), at: range)
        } else if case .record(let r) = type, globals[Resolver.staticKey(r.name, name)] != nil {
            error(.staticMemberOnInstance(name, type: r.name), at: range)   // `S().make()` of a `static func make`
        } else if memberType(type, name) == nil {
            error(.unknownMember(name, type: type.description, suggestion: closestMatch(to: name, in: memberNames(type)), ofValue: true), at: nameRange)
        }
    }
}
