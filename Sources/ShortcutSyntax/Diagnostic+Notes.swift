extension DiagnosticMessage {
    /// Notes that follow from the message's own data (did-you-mean, lists of choices).
    public var notes: [String] {
        switch self {
        case .unknownName(_, let s?), .unknownType(_, let s?), .unknownMember(_, _, let s?, _), .unknownView(_, let s?), .unknownModifier(_, let s?):
            return ["did you mean '\(s)'?"]
        case .unknownArgument(_, let callee, let kind, let known, let suggestion):
            var notes: [String] = []
            if let suggestion { notes.append("did you mean '\(suggestion)'?") }
            notes.append(known.isEmpty ? "\(callee) has no \(kind)s" : "\(callee) has \(kind)s: \(known.joined(separator: ", "))")
            return notes
        case .duplicateDeclaration(let n, let line): return line > 0 ? ["'\(n)' was first declared on line \(line)"] : []
        case .duplicateRawValue(let line): return ["raw value previously used on line \(line)"]
        case .unknownModule(_, let known): return ["the modules built in: " + known.joined(separator: ", ")]
        case .swiftism(_, let suggestion): return [suggestion]
        case .uninitializedProperties(let names, nil): return names.map { "'self.\($0)' not initialized" }
        case .sliceIndices: return ["make it 'Array(…)' where it is made, to index it from 0 in Swift too"]
        case .nestedOptional: return ["test for the value first (`!xs.isEmpty`, `d.keys.contains(k)`), then read it"]
        case .unknownMetadata(_, _, let known): return ["known keys: \(known.joined(separator: ", "))"]
        case .unknownViewWord(_, _, let s?, _): return ["did you mean '.\(s)'?"]
        case .classWithoutInitializers(_, let property): return ["stored property '\(property)' without initial value prevents synthesized initializers"]
        case .unknownViewWord(_, _, nil, let known): return ["known: " + known.map { "." + $0 }.joined(separator: ", ")]
        case .unsupportedFormatStyle(_, _, let supported): return ["supported here: " + supported.map { "." + $0 }.joined(separator: ", ")]
        case .noModifierForm(_, let forms): return ["its forms: " + forms.joined(separator: ", ")]
        case .mustUnwrap:
            return ["coalesce using '??' to provide a default when the optional value contains 'nil'",
                    "force-unwrap using '!' to abort execution if the optional value contains 'nil'"]
        case .cannotConvert(let actual, let expected, _):
            if actual == "Int", expected == "Double" { return ["convert it with Double(…)"] }
            if actual == "Double", expected == "Int" { return ["convert it with Int(…)"] }
            if actual == "Int" || actual == "Double", expected == "String" { return ["convert it with String(…) or \"\\(…)\""] }
            if actual.hasSuffix("?"), String(actual.dropLast()) == expected {
                return ["coalesce using '??' to provide a default when the optional value contains 'nil'",
                        "force-unwrap using '!' to abort execution if the optional value contains 'nil'"]
            }
            return []
        case .noMatchingCall(_, let forms): return ["it can be called as \(forms.joined(separator: ", "))"]
        case .snippetWritesStore:
            return ["the system may perform a snippet many times; change state in an intent that one of its buttons runs"]
        case .unsavedStoreWrite:
            return ["only an intent's perform saves the store; perform one to keep the change"]
        default: return []
        }
    }
}
