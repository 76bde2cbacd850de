import ShortcutSyntax

/// What a node makes of its operands once they are computed, in order: the tree walker evaluates the
/// operands and the VM reads them from registers; both then call `make`.
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
        default: return nil
        }
    }
}

extension ResultCode {
    /// The parts' nodes in §6's order (nil where not given).
    var nodes: [Node?] { [value, opensIntent, dialog, view, snippetIntent] }
}

extension Interpreter {
    /// The value a maker makes of its operands (`count` of them from `operands`, taken out), in the frame `fp`.
    func make(_ maker: Maker, _ operands: UnsafeMutablePointer<Value>, _ count: Int, _ fp: UnsafeMutablePointer<Value>) throws(ScriptError) -> Value {
        switch maker {
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
            return try makeView(kind, name: name, Interpreter.arguments(operands, n), labels, content: hasContent ? operands[n] : nil, site)
        case .modifier(let call, let site):
            return try modify(operands[0], call, Interpreter.arguments(operands + 1, count - 1), site)
        case .intent(let type, let given, let site):
            var values = Arguments()
            var next = 0
            for (i, isGiven) in given.enumerated() {
                guard isGiven else { values.append(.null); continue }
                let v = Interpreter.read(operands + next, consuming: true)
                next += 1
                values.append(v.isNull ? v : try coerce(v, to: type.parameters[i].type, what: "parameter '\(type.parameters[i].name)' of \(type.name)", site: site))
            }
            return .intent(IntentValue(type: type, arguments: Array(values)))
        case .result(let parts):
            var values: [Value?] = []
            var next = 0
            for part in ResultParts.order {
                if parts.contains(part) { values.append(Interpreter.read(operands + next, consuming: true)); next += 1 } else { values.append(nil) }
            }
            return .result(IntentResult(value: values[0], opensIntent: values[1], dialog: values[2], view: values[3], snippetIntent: values[4]))
        case .enumCase(let c):
            var values: [Value] = []
            values.reserveCapacity(count)
            for i in 0..<count { values.append(Interpreter.read(operands + i, consuming: true)) }
            return .enumCase(c.with(values))
        case .closure(let code, let sources):
            var cells: [Cell] = []
            cells.reserveCapacity(sources.count)
            for source in sources {
                switch source {
                case .cell(let s):
                    if case .cell(let c) = fp[s] { cells.append(c) } else { cells.append(Cell(fp[s])) }
                case .value(let s):
                    cells.append(Cell(fp[s]))
                }
            }
            return .function(Function(code: code, captures: cells))
        }
    }

    /// Evaluates the operands (nil ones skipped) and makes the value: the tree walker's side of `make`.
    func make(_ maker: Maker, _ nodes: [Node?], _ fp: UnsafeMutablePointer<Value>) throws(ScriptError) -> Value {
        var values: [Value] = []
        values.reserveCapacity(nodes.count)
        for case let node? in nodes { values.append(try eval(node, fp)) }
        let count = values.count
        return try values.withUnsafeMutableBufferPointer { (buffer) throws(ScriptError) -> Value in
            try make(maker, buffer.baseAddress ?? fp, count, fp)
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
