import ShortcutSyntax

/// Free functions and conversions (SPEC §3). Failable conversions return nil, as in Swift.
extension Interpreter {
    func callBuiltin(_ builtin: Builtin, _ args: Arguments, _ labels: [String?], _ site: SourceRange) throws(ScriptError) -> Value {
        func arity(_ n: Int) throws(ScriptError) {
            if args.count != n {
                throw ScriptError.runtime(.wrongArgumentCount(function: builtin.rawValue, expected: n, given: args.count), at: site)
            }
        }
        func number(_ v: Value) throws(ScriptError) -> Double {
            guard let d = v.asDouble else { throw ScriptError.runtime(.badArgument(function: "'\(builtin.rawValue)'", needs: "a number, not '\(v.typeName)'"), at: site) }
            return d
        }
        func radix(_ r: Int) throws(ScriptError) {
            // Swift stops the program here too ("Radix must be between 2 and 36").
            if !(2...36).contains(r) { throw ScriptError.runtime(.badArgument(function: "radix", needs: "a radix from 2 to 36, not \(r)"), at: site) }
        }
        if builtin.isNumeric, labels.allSatisfy({ $0 == nil }),
           let result = Interpreter.numeric(builtin, count: args.count, args.first.flatMap(Number.init), Number(args[1])) {
            return result
        }
        switch builtin {
        case .deinitializers:
            try runDeinitializers()
            return .null
        case .retyped:
            // A struct of the generic type's other use (its own made with the parameters unknown): its fields again, converted.
            guard args.count == 2, case .record(let r) = args[0], case .type(.record(let use)) = args[1], r.type.root === use.root,
                  r.type !== use else { return args.first ?? .null }
            return try construct(use, (0..<r.fieldCount).map { r[field: $0] }, site)
        case .typeArgument where args.count == 2:
            // The type a call passed for `T` (`Resolver.passedTypeValue`): there, or the reason it is not.
            guard case .null = args[0] else { return args[0] }
            throw ScriptError.runtime(.badArgument(function: "'\(args[1].description)' as a value", needs: "a direct call, which passes the type (a call through a function value does not)"), at: site)
        case .typeArgument:
            try arity(3)
            let use: RecordType? = switch args[0] {
            case .record(let r): r.type
            case .store(let s): s.type
            default: nil
            }
            guard case .int(let i) = args[1], let use, use.typeArguments.indices.contains(i), let type = Interpreter.typeValue(use.typeArguments[i]) else {
                throw ScriptError.runtime(.badArgument(function: "'\(args[2].description)' as a value", needs: "the type a use of its generic type gives it"), at: site)
            }
            return type
        case .weakReference:
            try arity(1)
            return .native(WeakReference(args[0]))
        case .weakValue:
            try arity(1)
            guard case .native(let reference as WeakReference) = args[0] else { return args[0] }
            return reference.value
        case .math:
            guard case .string(let name) = args.first, let x = args.count > 1 ? args[1].asDouble : nil,
                  let result = CMath.function(name, x, args.count > 2 ? args[2].asDouble : nil) else {
                throw ScriptError.runtime(.badArgument(function: "__math", needs: "a function's name and one or two numbers"), at: site)
            }
            return .double(result)
        case .jsonText:
            try arity(2)
            let names: [String] = if case .array(let items) = args[1] { items.map(\.description) } else { [] }
            guard let text = CodableJSON.text(args[0], formatting: Set(names), program) else {
                throw ScriptError.runtime(.badArgument(function: "JSONEncoder.encode(_:)", needs: "a value nested at most \(JSON.maximumDepth) levels deep"), at: site)
            }
            return .string(text)
        case .jsonValue:
            // The value, or nil beside what says why not: the `DecodingError` case, the message, the key or type, the path.
            // A third argument true: the text's keys converted from snake case first.
            guard args.count == 2 || args.count == 3 else { try arity(2); return .null }
            guard case .string(let text) = args[1], let type = CodableJSON.type(of: args[0], program) else {
                return .tuple(TupleStorage([.null, .array([.string("typeMismatch"), .string("Decoding this type is not supported here."), .string("")])], labels: nil))
            }
            do throws(CodableJSON.Failure) {
                let snakeCase = args.count == 3 && args[2] == .bool(true)
                return .tuple(TupleStorage([try CodableJSON.value(text, as: type, convertingFromSnakeCase: snakeCase, program), .null], labels: nil))
            } catch {
                let problem = [error.kind, error.message, error.subject] + error.path
                return .tuple(TupleStorage([.null, .array(problem.map { .string($0) })], labels: nil))
            }
        case .note:
            // The words are the unlabelled arguments; the labelled ones were evaluated for their effect only.
            if verbose { deviceNote(zip(labels, args).filter { $0.0 == nil }.map(\.1.description).joined(separator: " ")) }
            return .null
        case .sleep:
            try pause(args.first?.asDouble ?? 0, site)
            return .null
        case .formatted:
            // The value, then one `label: how` (the checker saw to both).
            guard args.count >= 2, let label = labels.last ?? nil, let text = try Formatting.text(args[0], label: label, args[args.count - 1], site: site) else {
                throw ScriptError.runtime(.badArgument(function: "a formatted interpolation", needs: "a value and one specifier:, style: or format: it can apply"),
                                          at: site)
            }
            return .string(text)
        case .dump:
            guard args.count == 4, case .bool(let optional) = args[1], case .bool(let isSet) = args[2], case .bool(let elementsOptional) = args[3] else {
                return args.first ?? .null
            }
            try dump(args[0], optional: optional, isSet: isSet, elementsOptional: elementsOptional, site: site)
            return args[0]
        case .print, .debugPrint:
            var separator = " ", terminator = "\n"
            var parts: [String] = []
            // Indices rather than `zip` and `joined`: their generic code looks up conformances at run time the
            // first time, a measurable part of a short script's start-up.
            for i in 0..<min(labels.count, args.count) {
                switch labels[i] {
                case "separator": separator = args[i].description
                case "terminator": terminator = args[i].description
                // `debugPrint`: each value as Swift's `String(reflecting:)` gives it (a string quoted, a case with its type).
                default: parts.append(builtin == .debugPrint ? try elementText(args[i], site: site) : try text(of: args[i], site: site))
                }
            }
            var text = parts.first ?? ""
            for part in parts.dropFirst() {
                text += separator
                text += part
            }
            // A line goes to the host whole; text with another terminator as it is (`Host.write`).
            if terminator == "\n" { host.print(text) } else { host.write(text + terminator) }
            return .null
        case .min, .max:
            var items = Array(args)
            if args.count == 1, case .array(let a) = args[0] { items = a }
            guard var best = items.first else { throw ScriptError.runtime(.badArgument(function: "'\(builtin.rawValue)'", needs: "at least one value"), at: site) }
            // Swift's variadic `max` takes a later equal value (`y >= x ? y : x`), an array's `max()` the first.
            let greater: ComparisonOp = args.count == 1 ? .greater : .greaterEqual
            for item in items.dropFirst() {
                let better = builtin == .min ? try compare(.less, item, best, site) : try compare(greater, item, best, site)
                if better { best = item }
            }
            return best
        case .typeOf:
            try arity(2)
            // An optional's type is `Optional<…>` whatever it holds.
            // So is a `Character`'s and a `Substring`'s, which are strings when the program runs.
            if case .string(let spelled) = args[1], spelled.hasPrefix("Optional<") || ["Character", "Substring"].contains(spelled) { return args[1] }
            switch args[0] {
            case .int: return .type(.builtin(.int))
            case .double: return .type(.builtin(.double))
            case .string: return .type(.builtin(.string))
            case .bool: return .type(.builtin(.bool))
            case .date: return .type(.builtin(.date))
            case .uuid: return .type(.builtin(.uuid))
            case .enumCase(let c): return .type(.enumeration(c.type))
            case .record(let r): return .type(.record(r.type))
            case .store(let s): return .type(.record(s.type))
            case .intent(let i): return .type(.intent(i.type))
            default: return args[1]
            }
        case .abs:
            try arity(1)
            // `numeric` answered every other number.
            if case .int(let i) = args[0] { throw ScriptError.runtime(.overflow(expression: "abs(\(i))"), at: site) }
            throw ScriptError.runtime(.badArgument(function: "'abs'", needs: "a number, not '\(args[0].typeName)'"), at: site)
        case .round, .floor, .ceil, .sqrt:
            try arity(1)
            return Interpreter.numeric(builtin, .double(try number(args[0])), nil) ?? .null
        case .pow:
            try arity(2)
            return Interpreter.numeric(builtin, .double(try number(args[0])), .double(try number(args[1]))) ?? .null
        case .int:
            if args.count == 2, labels[1] == "radix", case .string(let s) = args[0], case .int(let r) = args[1] {
                try radix(r)
                return Int(s, radix: r).map { .int($0) } ?? .null
            }
            try arity(1)
            if labels.first == "exactly", case .double(let d) = args[0] { return Int(exactly: d).map { .int($0) } ?? .null }
            switch args[0] {
            case .int: return args[0]
            case .double(let d):
                guard d.isFinite, d >= -0x1p63, d < 0x1p63 else {
                    throw ScriptError.runtime(.notConvertible(value: "Double value \(formatDouble(d))", to: "Int"), at: site)
                }
                return .int(Int(d))
            case .string(let s): return Interpreter.convertedText(builtin, s) ?? .null   // as Swift: no whitespace around the digits
            case .bool(let b): return .int(b ? 1 : 0)
            default: throw ScriptError.runtime(.notConvertible(value: "a value of type '\(args[0].typeName)'", to: "Int"), at: site)
            }
        case .double:
            try arity(1)
            if labels.first == "exactly", case .int(let i) = args[0] { return Double(exactly: i).map { .double($0) } ?? .null }
            switch args[0] {
            case .int(let i): return .double(Double(i))
            case .double: return args[0]
            case .string(let s): return Interpreter.convertedText(builtin, s) ?? .null   // as Swift: no whitespace around the digits
            default: throw ScriptError.runtime(.notConvertible(value: "a value of type '\(args[0].typeName)'", to: "Double"), at: site)
            }
        case .string:
            // `String(chars.reversed())`: characters (one-character strings here) make a string, as in Swift.
            if args.count == 1, (labels.first ?? nil) == nil, case .array(let items) = args[0], items.allSatisfy({ if case .string = $0 { return true }; return false }) {
                return .string(items.map(\.description).joined())
            }
            if args.count == 1, (labels.first ?? nil) == nil || labels.first == "describing" { return .string(try text(of: args[0], site: site)) }
            if args.count == 1, labels.first == "reflecting" { return .string(try elementText(args[0], site: site)) }   // as `debugPrint` shows it
            if labels.first == "format", case .string(let spec)? = args.first {
                guard let text = Formatting.format(spec, Array(args.dropFirst())) else {
                    throw ScriptError.runtime(.badArgument(function: "String(format:)", needs: "one value of the right type for each conversion of '\(spec)'"), at: site)
                }
                return .string(text)
            }
            if args.count >= 2, labels[1] == "radix", case .int(let i) = args[0], case .int(let r) = args[1] {
                try radix(r)
                return .string(String(i, radix: r, uppercase: args.count == 3 && args[2] == .bool(true)))
            }
            if args.isEmpty { return .string("") }
            if args.count == 2, Interpreter.labels(labels, are: "repeating", "count"), case .string(let unit) = args[0], case .int(let n) = args[1] {
                guard n >= 0 else { throw ScriptError.runtime(.badArgument(function: "String(repeating:count:)", needs: "a count of 0 or more"), at: site) }
                try reserve(n, of: max(1, unit.utf8.count), site)
                return .string(String(repeating: unit, count: n))
            }
            throw ScriptError.runtime(.badArgument(function: "String(…)", needs: "one value"), at: site)
        case .bool:
            try arity(1)
            switch args[0] {
            case .bool: return args[0]
            case .string(let s): return s == "true" ? .bool(true) : s == "false" ? .bool(false) : .null
            default: throw ScriptError.runtime(.notConvertible(value: "a value of type '\(args[0].typeName)'", to: "Bool"), at: site)
            }
        case .array:
            if args.isEmpty { return .array([]) }
            if args.count == 2, Interpreter.labels(labels, are: "repeating", "count"), case .int(let n) = args[1] {
                guard n >= 0 else { throw ScriptError.runtime(.badArgument(function: "Array(repeating:count:)", needs: "a count of 0 or more"), at: site) }
                try reserve(n, site)
                return .array(Interpreter.repeated(args[0], count: n))
            }
            // `seq.prefix(n)` of a sequence of the program's own: only the first n are asked for (it may have no end).
            var limit = Int.max
            if args.count == 2, labels.count == 2, labels[1] == Resolver.prefixLabel {
                guard case .int(let n) = args[1], n >= 0 else { throw ScriptError.runtime(.badArgument(function: "prefix", needs: "a count of 0 or more"), at: site) }
                limit = n
            } else {
                try arity(1)
            }
            return .array(try elements(of: args[0], atMost: limit, site))
        case .date:
            if args.isEmpty { return .date(Platform.now()) }
            if labels.first == "timeIntervalSince1970", args.count == 1 { return try date(try number(args[0]), site) }
            if labels.first == "timeIntervalSinceNow", args.count == 1 { return try date(Platform.now() + (try number(args[0])), site) }
            if args.count == 1, case .string(let s) = args[0] { return DateFormatting.parseISO8601(s).map { .date($0) } ?? .null }
            throw ScriptError.runtime(.badArgument(function: "Date(…)", needs: "no arguments, timeIntervalSince1970: or an ISO 8601 string"), at: site)
        case .uuid:
            if args.isEmpty { return .uuid(UUIDValue(random: &random)) }
            // `UUID(uuidString:)` is failable, as Foundation's is.
            guard args.count == 1, labels.first == "uuidString", case .string(let text) = args[0] else {
                throw ScriptError.runtime(.badArgument(function: "UUID(…)", needs: "no arguments or uuidString:"), at: site)
            }
            return UUIDValue(string: text).map { .uuid($0) } ?? .null
        case .stride:
            if args.count == 3, let from = args[0].asDouble, let to = args[1].asDouble, let by = args[2].asDouble,
               args.contains(where: { if case .double = $0 { true } else { false } }) {
                return .array(try strideOfDoubles(from: from, to: to, by: by, through: labels.count == 3 && labels[1] == "through", site).map(Value.double))
            }
            guard args.count == 3, case .int(let from) = args[0], case .int(let to) = args[1], case .int(let by) = args[2], by != 0 else {
                throw ScriptError.runtime(.badArgument(function: "stride(from:to:by:)", needs: "three Ints and a non-zero step"), at: site)
            }
            let through = labels.count == 3 && labels[1] == "through"
            // The array is made now: its size is checked first (`stride(from: 0, to: Int.max, by: 1)`).
            let steps = ((Double(to) - Double(from)) / Double(by)).rounded(.down)
            if steps >= 0 { try reserve(Int(min(steps, Double(Int.max / 2))) + 1, site) }
            var items: [Value] = []
            var i = from
            while by > 0 ? (through ? i <= to : i < to) : (through ? i >= to : i > to) {
                items.append(.int(i))
                let (next, overflow) = i.addingReportingOverflow(by)
                if overflow { break }
                i = next
            }
            return .array(items)
        case .dictionary:
            // `Dictionary(uniqueKeysWithValues: pairs)` and `Dictionary(grouping: xs, by: key)`.
            let d = DictionaryStorage()
            guard let source = args.first else { return .dictionary(d) }
            if labels.first == "grouping", args.count == 2 {
                try iterate(source, site) { (v: Value) throws(ScriptError) -> Bool in
                    let key = try call(args[1], with: v, site: site)
                    var group: [Value] = []
                    if case .array(let existing)? = d.get(key) { group = existing }
                    group.append(v)
                    d.set(key, .array(group))
                    return true
                }
                return .dictionary(d)
            }
            try iterate(source, site) { (pair: Value) throws(ScriptError) -> Bool in
                guard case .tuple(let t) = pair, t.elements.count == 2 else {
                    throw ScriptError.runtime(.badArgument(function: "Dictionary(uniqueKeysWithValues:)", needs: "(key, value) pairs"), at: site)
                }
                if let old = d.get(t.elements[0]) {
                    // `uniquingKeysWith:` combines a repeated key's values; `uniqueKeysWithValues:` stops, as Swift does.
                    guard labels.last == "uniquingKeysWith", args.count == 2 else {
                        throw ScriptError.runtime(.duplicateKey(t.elements[0].debugDescription), at: site)
                    }
                    d.set(t.elements[0], try call(args[1], with: old, t.elements[1], site: site))
                } else {
                    d.set(t.elements[0], t.elements[1])
                }
                return true
            }
            return .dictionary(d)
        case .set:
            // A set is its unique elements, in the order they first came.
            guard let sequence = args.first else { return .array([]) }
            return .array(try uniqueElements(of: sequence, site).keys)
        case .zip:
            try arity(2)
            // As long as the shorter, and never more: a range (`zip(xs, 1...)`, whose end is Int.max) is walked second,
            // only as far as the other sequence goes; two ranges as far as the shorter, its size checked first.
            let counts = args.map(Interpreter.rangeCount(of:))
            let limit = min(counts[0] ?? .max, counts[1] ?? .max)
            if counts[0] != nil, counts[1] != nil { try reserve(limit, site) }
            let rangeFirst = counts[0] != nil && counts[1] == nil
            let (first, second) = rangeFirst ? (args[1], args[0]) : (args[0], args[1])
            let a = try elements(of: first, atMost: limit, site)
            let b = try elements(of: second, atMost: a.count, site)
            return .array(rangeFirst ? zip(b, a).map { .tuple(TupleStorage([$0, $1])) } : zip(a, b).map { .tuple(TupleStorage([$0, $1])) })
        case .precondition:
            guard let first = args.first, case .bool(let ok) = first else { throw ScriptError.runtime(.badArgument(function: "precondition", needs: "a Bool"), at: site) }
            if !ok { throw ScriptError.runtime(.preconditionFailed(message: args.count > 1 ? args[1].description : nil), at: site) }
            return .null
        case .fatalError:
            throw ScriptError.runtime(.fatalError(message: args.first?.description), at: site)
        }
    }
}

extension Interpreter {
    /// Whether a call's labels are these two, compared without making an array (`labels == ["a", "b"]` allocated one and
    /// looked up generic metadata on every call: 2 % of Storage's time in `[Int](repeating:count:)`).
    @inline(__always)
    static func labels(_ labels: [String?], are first: String, _ second: String) -> Bool {
        labels.count == 2 && labels[0] == first && labels[1] == second
    }

    @inline(__always)
    static func labels(_ labels: [String?], are only: String) -> Bool {
        labels.count == 1 && labels[0] == only
    }

    /// `Array(repeating: value, count: n)`. A short one is appended to a reserved array: the standard library's
    /// `Array(repeating:count:)` of `Value` looks up the array storage's generic metadata on every call (about 330
    /// instructions, 8 % of Storage's time, whose leaves are short); a long one is filled by it (fewer per element).
    static func repeated(_ value: Value, count: Int) -> [Value] {
        guard count < Limits.shortRepeatedArray else { return Array(repeating: value, count: count) }
        var items: [Value] = []
        items.reserveCapacity(count)
        for _ in 0..<count { items.append(value) }
        return items
    }
}

extension Interpreter {
    /// A checked type as a type value when the program runs (`Int.self`, `Point.self`); nil for one that has none here.
    static func typeValue(_ type: ScriptType) -> Value? {
        switch type {
        case .int: .type(.builtin(.int))
        case .double: .type(.builtin(.double))
        case .string: .type(.builtin(.string))
        case .bool: .type(.builtin(.bool))
        case .record(let r): .type(.record(r))
        case .enumeration(let e): .type(.enumeration(e))
        default: nil
        }
    }
}
