import ShortcutSyntax

/// The ways each free function and conversion of the standard library may be called, by their labels: a call in
/// none of them is a compile error (`Int(x, y)`, `sqrt()`, `Int(exactly: 2.5)`), never a failure when it runs or a
/// label the library does not read.
enum BuiltinForm {
    /// Exactly these labels (`nil`: none), in order.
    case labels([String?])
    /// At least `minimum` unlabelled values, then any of `options`, each at most once, in their order (`print`).
    case values(minimum: Int, options: [String])
    /// The label first, then any number of unlabelled values (`String(format:_:)`).
    case labelThenValues(String)

    func admits(_ given: [String?]) -> Bool {
        switch self {
        case .labels(let labels):
            return given == labels
        case .values(let minimum, let options):
            let unlabelled = given.prefix { $0 == nil }.count
            guard unlabelled >= minimum else { return false }
            var rest = options[...]
            for label in given.dropFirst(unlabelled) {
                guard let label, let at = rest.firstIndex(of: label) else { return false }
                rest = rest[(at + 1)...]
            }
            return true
        case .labelThenValues(let label):
            return given.first == label && given.dropFirst().allSatisfy { $0 == nil }
        }
    }

    /// How the form reads in a note: `Int(_:radix:)`, `max(_:_:...)`.
    func description(_ name: String) -> String {
        switch self {
        case .labels(let labels): return compoundName(name, labels)
        case .values(let minimum, let options):
            let values = String(repeating: "_:", count: max(minimum, 1)) + "..."
            return "\(name)(\(values)\(options.map { "\($0):" }.joined()))"
        case .labelThenValues(let label): return "\(name)(\(label):_:...)"
        }
    }
}

extension Resolver {
    /// The arguments' labels, a trailing closure's being its parameter's (`Dictionary(grouping: words) { $0.first! }` is
    /// `Dictionary(grouping:by:)`), where no form takes it unlabelled.
    static func trailingClosureLabels(_ args: [Argument], _ forms: [BuiltinForm]?) -> [String?] {
        let labels = args.map(\.label)
        guard let last = args.last, last.label == nil, case .closure = last.value.kind, let forms, !forms.contains(where: { $0.admits(labels) }) else {
            return labels
        }
        for case .labels(let form) in forms where form.count == labels.count && form.last != .some(nil) && Array(form.dropLast()) == Array(labels.dropLast()) {
            return form
        }
        return labels
    }

    /// The forms of a builtin; nil for the ones the program cannot name (a formatted interpolation, a device note).
    static func builtinForms(_ builtin: Builtin) -> [BuiltinForm]? {
        switch builtin {
        case .print, .debugPrint: return [.values(minimum: 0, options: ["separator", "terminator"])]
        case .dump: return [.labels([nil])]
        case .min, .max: return [.values(minimum: 2, options: [])]
        case .abs, .round, .floor, .ceil, .sqrt, .bool: return [.labels([nil])]
        case .double: return [.labels([nil]), .labels(["exactly"])]
        case .pow, .zip: return [.labels([nil, nil])]
        case .int: return [.labels([nil]), .labels([nil, "radix"]), .labels(["exactly"])]
        case .string:
            return [.labels([]), .labels([nil]), .labels(["describing"]), .labels(["reflecting"]), .labels([nil, "radix"]), .labels([nil, "radix", "uppercase"]),
                    .labels(["repeating", "count"]), .labelThenValues("format")]
        case .array: return [.labels([]), .labels([nil]), .labels(["repeating", "count"])]
        case .date: return [.labels([]), .labels([nil]), .labels(["timeIntervalSince1970"]), .labels(["timeIntervalSinceNow"])]
        case .uuid: return [.labels([]), .labels(["uuidString"])]
        case .stride: return [.labels(["from", "to", "by"]), .labels(["from", "through", "by"])]
        case .precondition: return [.labels([nil]), .labels([nil, nil])]
        case .fatalError, .set: return [.labels([]), .labels([nil])]
        case .dictionary: return [.labels([]), .labels(["uniqueKeysWithValues"]), .labels([nil, "uniquingKeysWith"]), .labels(["grouping", "by"])]
        case .typeOf: return [.labels(["of"])]
        case .formatted, .note, .sleep, .deinitializers, .retyped, .typeArgument: return nil
        case .jsonText: return [.labels([nil, nil])]
        case .jsonValue: return [.labels([nil, nil]), .labels([nil, nil, nil])]   // the third: keys from snake case
        case .math: return [.labels([nil, nil]), .labels([nil, nil, nil])]
        case .weakReference, .weakValue: return [.labels([nil])]
        }
    }

    /// `String(format: "%.2f", x)`: text, and one value for each conversion; with a literal format, the count and
    /// each value's type are checked here (`%d` `%x` an Int, `%f` `%e` `%g` a Double, `%@` a String).
    func typedStringFormat(_ args: [Argument], range: SourceRange) -> Typed {
        let format = typedArgument(args[0].value, .string)
        let values = args.dropFirst().map { typed($0.value) }
        if case .string(let parts) = args[0].value.kind, parts.count <= 1, case .text(let spec)? = parts.first ?? .text("") {
            if let pieces = Formatting.pieces(spec) {
                var conversions: [Character] = []
                for case .conversion(let c, _, _, _) in pieces { conversions.append(c) }
                if conversions.count != values.count {
                    error(.wrongArgumentCount(callee: "String(format:)", expected: conversions.count + 1, got: args.count), at: range,
                          notes: ["'\(spec)' has \(conversions.count) conversion\(conversions.count == 1 ? "" : "s")"])
                }
                for (c, (value, argument)) in zip(conversions, zip(values, args.dropFirst())) {
                    let wanted: ScriptType = "diuxXoc".contains(c) ? .int : "fFeEgG".contains(c) ? .double : .string
                    // As Swift's `CVarArg`: `2` is an Int, so `%f` of it is an error here (Swift prints garbage).
                    if !value.type.isUnknown, !value.type.agrees(with: wanted) {
                        error(.cannotConvert(actual: value.type.description, expected: "\(wanted) (for '%\(c)')", site: .argument), at: argument.value.range)
                    }
                }
            } else {
                error(.expected("a printf format (%d, %.2f, %5.1f, %x, %@, %% for a percent sign)", found: "'\(spec)'"), at: args[0].value.range)
            }
        }
        return Typed(.callBuiltin(.string, [format] + values.map(\.node), args.map(\.label), range), .string)
    }
}
