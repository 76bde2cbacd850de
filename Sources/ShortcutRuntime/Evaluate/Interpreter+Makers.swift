import ShortcutSyntax

/// What a node makes of its operands once they are computed, in order (the `make` instruction reads them
/// from registers).
enum Maker {
    /// `"a \(b)"`: the parts' texts joined.
    case interpolate(SourceRange)
    /// A builtin view: the arguments, then the content (when `hasContent`).
    case view(ViewKind, name: String, labels: [String?], hasContent: Bool, SourceRange)
    /// `view.modifier(…)`: the view, then the arguments.
    case modifier(ModifierCall, SourceRange)
    /// An intent with its parameters: the values of the ones given (`given`), in order.
    case intent(IntentType, given: [Bool], SourceRange)
    /// `.result(…)`: the parts given (`ResultParts`), in §6's order.
    case result(ResultParts)
    /// `.circle(radius: 2)`: the associated values.
    case enumCase(EnumCase)
    /// A closure of the enclosing frame's slots (no operands).
    case closure(FunctionCode, [CaptureSource])
    /// `[k0: v0, k1: v1]`: keys and values alternating; a key given twice is an error once all are
    /// computed, as in Swift.
    case dictionary(SourceRange)
    /// A tuple given the labels of the type it was converted to (nil stays nil).
    case relabel([String?])
    /// `x as? T`, `x as! T`, `x is T`.
    case cast(ScriptType, CastKind, SourceRange)
    /// `Store.shared`: the one instance (no operands).
    case store(RecordType)
    /// `try await intent.perform()` on a run target.
    case perform(SourceRange)
    /// A function the system provides (`requestChoice`, `ask`, …), its arguments.
    case system(SystemFunction, labels: [String?], SourceRange)
    /// `$name.requestValue(…)` and the other requests a parameter's projection makes, their arguments.
    case parameterRequest(ParameterRequestKind, IntentType, Int, labels: [String?], SourceRange)
    /// `xs[lo...]`: the base, then the lower bound.
    case slice(SourceRange)
    /// `expect(a op b, message)` in a test: both sides, then the message when given.
    case expect(ExpectInfo, hasMessage: Bool, SourceRange)
    /// A `view` declaration called with every argument given: its body's views, wrapped.
    case viewCall(ViewType, SourceRange)
    /// `show(x)` (a statement): the dialog line; nil.
    case show
    /// `throw x` (a statement): never makes a value.
    case throwing(SourceRange)
}

extension Maker {
    /// What it makes, as the bytecode printer shows it.
    var title: String {
        switch self {
        case .interpolate: return "interpolation"
        case .view(_, let name, let labels, let hasContent, _):
            return "view \(name)(" + labels.map { ($0 ?? "_") + ":" }.joined() + (hasContent ? "content:" : "") + ")"
        case .modifier(let call, _): return "modifier .\(call.name)"
        case .intent(let type, _, _): return "intent \(type.name)"
        case .result(let parts):
            return "result(" + zip(ResultParts.order, ["value", "opensIntent", "dialog", "view", "snippetIntent"])
                .filter { parts.contains($0.0) }.map { $0.1 + ":" }.joined() + ")"
        case .enumCase(let c): return "case .\(c.name)"
        case .closure(_, let sources):
            // Its code is printed after the function's (`IRPrinter`), as `closure`.
            let captured = sources.map { source -> String in
                switch source {
                case .cell(let s): return "c\(s)"
                case .value(let s): return "s\(s)"
                }
            }
            return "closure (" + captured.joined(separator: " ") + ")"
        case .dictionary: return "dictionary"
        case .relabel(let labels): return "relabel (" + labels.map { $0 ?? "_" }.joined(separator: " ") + ")"
        case .cast(let type, let kind, _): return "cast \(kind) \(type)"
        case .store(let type): return "store \(type.name)"
        case .perform: return "perform"
        case .system(let function, _, _): return "system \(function.rawValue)"
        case .parameterRequest(let kind, let type, let index, _, _): return "parameter-request \(kind.rawValue) \(type.name).\(index)"
        case .viewCall(let type, _): return "view \(type.name)"
        case .slice: return "slice"
        case .expect: return "expect"
        case .show: return "show"
        case .throwing: return "throw"
        }
    }
}

/// Which parts a `.result(…)` gives, in §6's order: value, opensIntent, dialog, view, snippetIntent.
struct ResultParts: OptionSet {
    let rawValue: UInt8
    static let value = ResultParts(rawValue: 1), opensIntent = ResultParts(rawValue: 2), dialog = ResultParts(rawValue: 4)
    static let view = ResultParts(rawValue: 8), snippetIntent = ResultParts(rawValue: 16)
    static let order: [ResultParts] = [.value, .opensIntent, .dialog, .view, .snippetIntent]

    init(rawValue: UInt8) { self.rawValue = rawValue }

    init(_ code: ResultCode) {
        var parts: ResultParts = []
        for (part, node) in zip(ResultParts.order, code.nodes) where node != nil { parts.insert(part) }
        self = parts
    }
}

extension Node {
    /// The maker of a node `make` makes, and its operands in the order they are evaluated (nil ones are
    /// left out: a parameter not given, a part of a result not given).
    var maker: (Maker, [Node?])? {
        switch self {
        case .interpolate(let parts, let site): return (.interpolate(site), parts)
        case .makeView(let kind, let name, let args, let labels, let content, let site):
            return (.view(kind, name: name, labels: labels, hasContent: content != nil, site), args + [content])
        case .modify(let base, let call, let args, let site): return (.modifier(call, site), [base] + args)
        case .makeIntent(let type, let args, let site): return (.intent(type, given: args.map { $0 != nil }, site), args)
        case .result(let code, _): return (.result(ResultParts(code)), code.nodes)
        case .makeEnumCase(let c, let nodes): return (.enumCase(c), nodes)
        case .closure(let code, let sources): return (.closure(code, sources), [])
        case .dictionary(let keys, let values, let site): return (.dictionary(site), zip(keys, values).flatMap { [$0.0, $0.1] })
        case .relabel(let value, let labels): return (.relabel(labels), [value])
        case .cast(let inner, let type, let kind, let site): return (.cast(type, kind, site), [inner])
        case .storeShared(let type): return (.store(type), [])
        case .sliceFrom(let base, let lower, let site): return (.slice(site), [base, lower])
        case .callView(let type, let args, let site) where !args.contains(where: { $0 == nil }): return (.viewCall(type, site), args)
        case .expectComparison(let info, let lhs, let rhs, let message, let site):
            return (.expect(info, hasMessage: message != nil, site), [lhs, rhs, message])
        case .run(let target, let site): return (.perform(site), [target])
        case .system(let function, let args, let labels, let site): return (.system(function, labels: labels, site), args)
        case .parameterRequest(let kind, let type, let index, let args, let labels, let site):
            return (.parameterRequest(kind, type, index, labels: labels, site), args)
        default: return nil
        }
    }
}

extension ResultCode {
    /// The parts' nodes in §6's order (nil where not given).
    var nodes: [Node?] { [value, opensIntent, dialog, view, snippetIntent] }
}

extension Interpreter {
    /// The value the maker at `index` of `code`'s table makes of its operands (`count` of them from `operands`, taken
    /// out), in the frame `fp`. Read where it is in the table: a copy of the enum cost more than most makers' work.
    func make(_ index: Int, of code: Unmanaged<Bytecode>, _ operands: UnsafeMutablePointer<Value>, _ count: Int,
              _ fp: UnsafeMutablePointer<Value>) throws(ScriptError) -> Value {
        switch code.takeUnretainedValue().makers[index] {
        case .interpolate(let site):
            var s = ""
            for i in 0..<count {
                let piece: String
                if case .string(let t) = operands[i] { piece = t } else { piece = try text(of: operands[i], site: .none) }
                try reserve(s.utf8.count + piece.utf8.count, of: 1, site)
                s += piece
            }
            return .string(s)
        case .view(let kind, let name, let labels, let hasContent, let site):
            let n = hasContent ? count - 1 : count
            return try makeView(kind, name: name, operands, n, labels, content: hasContent ? operands[n] : nil, site)
        case .modifier(let call, let site):
            return try modify(operands[0], call, Interpreter.arguments(operands + 1, count - 1), site)
        case .intent(let type, let given, let site):
            var values: [Value] = []
            values.reserveCapacity(given.count)
            var next = 0
            for (i, isGiven) in given.enumerated() {
                // A parameter not given holds its default (`@Parameter var notes = ""`), as Swift's property wrapper does.
                guard isGiven else {
                    let p = type.parameters[i]
                    values.append(try p.defaultValue.map { d throws(ScriptError) in try coerce(try run(d), to: p.type, what: "the default of '\(p.name)'", site: d.range) } ?? .null)
                    continue
                }
                let v = Interpreter.read(operands + next, consuming: true)
                next += 1
                values.append(v.isNull ? v : try coerce(v, to: type.parameters[i].type, what: "parameter '\(type.parameters[i].name)' of \(type.name)", site: site))
            }
            return .intent(IntentValue(type: type, arguments: values))
        case .result(let parts):
            var values: [Value?] = []
            var next = 0
            for part in ResultParts.order {
                if parts.contains(part) { values.append(Interpreter.read(operands + next, consuming: true)); next += 1 } else { values.append(nil) }
            }
            return .result(IntentResult(value: values[0], opensIntent: values[1], dialog: values[2], view: values[3], snippetIntent: values[4]))
        case .enumCase(let c):
            return .enumCase(c.with(taking: operands, count: count))
        case .closure(let code, let sources):
            var cells: [Cell] = []
            cells.reserveCapacity(sources.count)
            for source in sources {
                switch source {
                case .cell(let s):
                    if case .cell(let c) = fp[s] {
                        cells.append(c)
                    } else {
                        // A parameter a closure captures (an `inout` one among them) is a cell from here on, shared with the
                        // closure: what it changes, the function reads (and writes back, for `inout`).
                        let c = Cell(fp[s])
                        fp[s] = .cell(c)
                        cells.append(c)
                    }
                case .value(let s):
                    cells.append(Cell(fp[s]))
                }
            }
            return .function(Function(code: code, captures: cells))
        case .dictionary(let site):
            let d = DictionaryStorage()
            var i = 0
            while i + 1 < count {
                let key = Interpreter.read(operands + i, consuming: true)
                if d.get(key) != nil { throw ScriptError.runtime(.duplicateKey(key.debugDescription), at: site) }
                d.set(key, Interpreter.read(operands + i + 1, consuming: true))
                i += 2
            }
            return .dictionary(d)
        case .relabel(let labels):
            guard case .tuple(let t) = operands[0] else { return operands[0] }
            return .tuple(TupleStorage(t.elements, labels: labels))
        case .cast(let type, let kind, let site):
            let value = operands[0]
            // `x as! T` of a generic `T` the call makes optional (`T` is `Node?`): nil passes, as in Swift. A generic
            // function's `T` is not known where it runs, so nil passes `as!` whatever it is.
            if value.isNull, kind == .forced, case .typeParameter = type { return value }
            let fits = !value.isNull || type.isOptional ? program.isCastable(value, to: type) : false
            switch kind {
            case .test: return .bool(fits)
            case .optional: return fits ? value : .null
            default:
                guard fits else { throw ScriptError.runtime(.castFailed(from: value.typeName, to: "\(type)"), at: site) }
                return value
            }
        case .store(let type):
            return .store(try storeInstance(type))
        case .perform(let site):
            return try perform(Interpreter.read(operands, consuming: true), site: site)
        case .system(let function, let labels, let site):
            return try callSystem(function, Interpreter.arguments(operands, count), labels, site)
        case .parameterRequest(let kind, let type, let index, let labels, let site):
            return try parameterRequest(kind, type, index, Interpreter.arguments(operands, count), labels, site)
        case .viewCall(let type, let site):
            guard let code = type.code else { return .null }
            let children = try call(code, captures: [], selfValue: nil, arguments: Interpreter.arguments(operands, count), site: site)
            return .view(ViewNode.wrap(children, as: type.name))
        case .slice(let site):
            // `s[i...]` from a `String.Index` (a count of characters here): the rest of the string.
            if case .string(let s) = operands[0], case .int(let lo) = operands[1] {
                guard lo >= 0, lo <= s.count else { throw ScriptError.runtime(.rangeOutOfBounds(range: "\(lo)...", count: s.count), at: site) }
                return .string(String(s.dropFirst(lo)))
            }
            guard case .array(let items) = operands[0], case .int(let lo) = operands[1] else { return .null }
            guard lo >= 0, lo <= items.count else { throw ScriptError.runtime(.rangeOutOfBounds(range: "\(lo)...", count: items.count), at: site) }
            return .array(Array(items[lo...]))
        case .expect(let info, let hasMessage, let site):
            try tests(.expect, site).expect(info, operands[0], operands[1], message: hasMessage ? operands[2].description : nil, in: self, site: site)
            return .null
        case .show:
            host.dialog(operands[0].description)
            return .null
        case .throwing(let site):
            let value = operands[0]
            let error = ScriptError(.thrown(value), at: site)
            error.shownAs = try localizedText(of: value, site: site)
            throw error
        }
    }

    /// A builder's `buildAppend`: the child view (or views, or text) added to the array being built.
    func appendChild(_ child: Value, to slot: inout Value, _ site: SourceRange) throws(ScriptError) {
        guard var children = slot.takeArray() else { return }
        defer { slot = .array(children) }
        switch child {
        case .view: children.append(child)
        case .array(let items):
            for item in items {
                guard case .view = item else { throw ScriptError.runtime(.viewBodyHolds(type: item.typeName), at: site) }
                children.append(item)
            }
        case .null: break
        case .string: children.append(.view(ViewNode(kind: .text, properties: [("text", child)])))
        default: throw ScriptError.runtime(.viewBodyHolds(type: child.typeName), at: site)
        }
    }
}
