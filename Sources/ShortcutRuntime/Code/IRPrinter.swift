import ShortcutSyntax

/// Prints the resolved program as nested S-expressions, one function and one
/// statement a line, so tests pin lowering the way `ASTPrinter` pins parsing
/// (`shortcut check --dump-ir`).
///
/// Slots print as `s0` (a frame slot), `c1` (a captured cell), `g2:name`
/// (a global); calls print what they were resolved to (`call-fn`,
/// `call-builtin`, `call-method`, …), so a change of lowering shows as text.
public struct IRPrinter: TreePrinter {
    public var out = ""
    public var indent = 0
    let globalNames: [String]
    /// Each function's body as its bytecode (`check --dump-bytecode`), not as IR.
    let showsBytecode: Bool

    init(globalNames: [String], showsBytecode: Bool = false) {
        self.globalNames = globalNames
        self.showsBytecode = showsBytecode
    }

    /// The whole program: functions, types with their members, intents, views, flows, tests and top-level
    /// code; with `bytecode`, each body as the instructions it compiled to.
    public static func print(_ program: Program, bytecode: Bool = false) -> String {
        var p = IRPrinter(globalNames: program.globalNames, showsBytecode: bytecode)
        for (slot, code) in program.functionSlots { p.function(code, head: "func \(code.name) in \(p.global(slot))") }
        for name in program.declarationOrder {
            if let e = program.enums[name] { p.enumeration(e) }
            if let r = program.records[name] { p.record(r) }
            if let i = program.intents[name] { p.intent(i) }
            if let v = program.views[name], let code = v.code { p.function(code, head: "view \(v.name)") }
        }
        for (title, code) in program.flows { p.function(code, head: "shortcut \(swiftQuoted(title))") }
        for (name, code) in program.tests { p.function(code, head: "test \(swiftQuoted(name))") }
        for code in program.importedInitializers { p.function(code, head: "imported-top-level") }
        if let code = program.topLevel { p.function(code, head: "top-level") }
        return p.out
    }

    /// One function's code.
    public static func print(_ code: FunctionCode) -> String {
        var p = IRPrinter(globalNames: [])
        p.function(code, head: "func")
        return p.out
    }

    // MARK: Declarations

    mutating func function(_ code: FunctionCode, head: String) {
        var signature = "\(head) frame:\(code.frameSize)"
        if code.hasSelf { signature += " self" }
        if code.isMutating { signature += " mutating" }
        if code.parameterCount > 0 {
            let parameters = (0..<code.parameterCount).map { i in
                (code.parameterLabels[i] ?? "_") + (code.parameterChecks[i].map { ": \($0)" } ?? "") + (code.defaults[i] == nil ? "" : " = …")
            }
            signature += " (" + parameters.joined(separator: ", ") + ")"
        }
        if let result = code.returnCheck { signature += " -> \(result)" }
        if !code.captureSlots.isEmpty, !head.hasPrefix("closure") {
            signature += " captures:" + code.captureSlots.map { "s\($0)" }.joined(separator: ",")
        }
        nested(signature) { p in
            for d in code.defaults.compactMap({ $0 }) { p.function(d, head: "default") }
            if p.showsBytecode, let bytecode = code.bytecode {
                let lent = (0..<ReferenceRegisters.maskWidth).filter { bytecode.referenceRegisters.lent & 1 << UInt64($0) != 0 }
                p.line("(registers \(bytecode.registerCount)\(bytecode.borrowsSelf ? " borrows-self" : "")\(bytecode.keepsParameters ? " keeps-parameters" : "")"
                       + (lent.isEmpty ? "" : " lends " + lent.map { "r\($0)" }.joined(separator: " ")) + ")")
                for handler in bytecode.handlers { p.line(BytecodePrinter.text(handler)) }
                for text in BytecodePrinter(bytecode: bytecode, globalNames: p.globalNames).lines() { p.line(text) }
                // The closures it makes, each with its own code.
                for case .closure(let closure, _) in UnsafeBufferPointer(start: bytecode.makers, count: bytecode.makerCount) { p.function(closure, head: "closure") }
            } else if let e = code.expressionBody {
                p.line("(expression-body \(p.node(e)))")
            } else {
                p.statements(code.body)
            }
        }
    }

    mutating func enumeration(_ e: EnumType) {
        let cases = e.cases.map { c in c.name + (c.rawValue.isNull ? "" : " = \(c.rawValue.debugDescription)") }
        nested("enum \(e.name) [\(cases.joined(separator: ", "))]") { p in
            for (name, code) in e.computed.sorted(by: { $0.key < $1.key }) { p.function(code, head: "var \(name)") }
            for (name, code) in e.methods.sorted(by: { $0.key < $1.key }) { p.function(code, head: "method \(name)") }
        }
    }

    mutating func record(_ r: RecordType) {
        nested("\(r.kind) \(r.name)") { p in
            for f in r.fields {
                let head = "\(f.isConstant ? "let" : "var") \(f.name)" + (f.type.map { ": \($0)" } ?? "")
                if let d = f.defaultValue { p.function(d, head: head + " default") } else { p.line("(\(head))") }
            }
            for (name, code) in r.computed.sorted(by: { $0.key < $1.key }) { p.function(code, head: "var \(name)") }
            for initializer in r.initializers { p.function(initializer.code, head: "init") }
            for (name, code) in r.methods.sorted(by: { $0.key < $1.key }) { p.function(code, head: "method \(name)") }
            if let display = r.display { p.function(display, head: "display") }
            for (name, code) in r.query.sorted(by: { $0.key < $1.key }) { p.function(code, head: "query \(name)") }
        }
    }

    mutating func intent(_ i: IntentType) {
        nested("\(i.isSnippet ? "snippet" : "intent") \(i.name)") { p in
            for parameter in i.parameters {
                p.line("(parameter \(parameter.name): \(parameter.type)\(parameter.isRequired ? " required" : ""))")
            }
            for d in i.dependencies { p.line("(dependency \(d.name): \(d.store.name))") }
            for (name, code) in i.metadata.sorted(by: { $0.key < $1.key }) { p.function(code, head: "metadata \(name)") }
            for c in i.constants { p.function(c.code, head: "let \(c.name)") }
            for (name, code) in i.methods.sorted(by: { $0.key < $1.key }) { p.function(code, head: "method \(name)") }
            if let perform = i.perform { p.function(perform, head: "perform") }
        }
    }

    // MARK: Statements

    mutating func statements(_ list: [Statement]) {
        for s in list { statement(s) }
    }

    mutating func block(_ head: String, _ list: [Statement]) {
        if list.isEmpty { line("(\(head))"); return }
        nested(head) { p in p.statements(list) }
    }

    mutating func statement(_ s: Statement) {
        switch s {
        case .expression(let n): line(node(n))
        case .assign(let place, let value, _): line("(assign \(lvalue(place)) \(node(value)))")
        case .compoundAssign(let place, let op, let value, _): line("(\(op.symbol)= \(lvalue(place)) \(node(value)))")
        case .initLocal(let slot, let value, let check, let name, _): line("(init s\(slot):\(name)\(annotation(check)) \(node(value)))")
        case .initCell(let slot, let value, let check, let name, _): line("(init c\(slot):\(name)\(annotation(check)) \(node(value)))")
        case .initGlobal(let slot, let value, let check, _, _): line("(init \(global(slot))\(annotation(check)) \(node(value)))")
        case .destructure(let bindings, let value, _): line("(destructure [\(bindings.map(binding).joined(separator: " "))] \(node(value)))")
        case .if(let condition, let then, let otherwise, _):
            nested("if \(node(condition))") { p in
                p.block("then", then)
                if !otherwise.isEmpty { p.block("else", otherwise) }
            }
        case .ifConditions(let conditions, let then, let otherwise):
            nested("if-let \(conditionList(conditions))") { p in
                p.block("then", then)
                if !otherwise.isEmpty { p.block("else", otherwise) }
            }
        case .guard(let conditions, let otherwise, _): block("guard \(conditionList(conditions)) else", otherwise)
        case .while(let conditions, let body): block("while \(conditionList(conditions))", body)
        case .repeatWhile(let body, let condition, _): block("repeat-while \(node(condition))", body)
        case .forRange(let b, let lo, let hi, let closed, let body, _):
            block("for-range \(binding(b)) \(node(lo))\(closed ? "..." : "..<")\(node(hi))", body)
        case .forEach(let bindings, let sequence, let whereNode, let body, _):
            let w = whereNode.map { " where \(node($0))" } ?? ""
            block("for-each [\(bindings.map(binding).joined(separator: " "))] \(node(sequence))\(w)", body)
        case .switch(let subject, let cases, _):
            nested("switch \(node(subject))") { p in
                for c in cases {
                    let head = c.patterns.isEmpty ? "default" : "case " + c.patterns.map { p.pattern($0) }.joined(separator: " ")
                    p.block(head + (c.guardNode.map { " where \(p.node($0))" } ?? ""), c.body)
                }
            }
        case .return(let value, _): line(value.map { "(return \(node($0)))" } ?? "(return)")
        case .break(let levels): line(levels.map { "(break \($0))" } ?? "(break)")
        case .continue(let levels): line(levels.map { "(continue \($0))" } ?? "(continue)")
        case .fallthrough: line("(fallthrough)")
        case .throw(let value, _): line("(throw \(node(value)))")
        case .doCatch(let body, let clauses):
            nested("do") { p in
                p.statements(body)
                for c in clauses {
                    let head = "catch \(p.binding(c.binding))" + (c.type.map { " as \($0)" } ?? "") + (c.patterns.isEmpty ? "" : " " + c.patterns.map { p.pattern($0) }.joined(separator: " "))
                    p.block(head + (c.guardNode.map { " where " + p.node($0) } ?? ""), c.body)
                }
            }
        case .block(let list): block("block", list)
        case .deferred(let list, let cleanup):
            block("deferred", list)
            block("cleanup", cleanup)
        case .show(let value, _): line("(show \(node(value)))")
        case .buildAppend(let slot, let child, _): line("(build-append s\(slot) \(node(child)))")
        }
    }

    func pattern(_ p: PatternCode) -> String {
        switch p {
        case .value(let n): return node(n)
        case .upTo(let n, let closed): return "(\(closed ? "..." : "..<") \(node(n)))"
        case .from(let n): return "(\(node(n)) ...)"
        case .all(let parts): return "(all \(parts.map(pattern).joined(separator: " ")))"
        case .bind(let b): return "(let \(binding(b)))"
        case .wildcard: return "_"
        case .tuple(let parts): return "(tuple " + parts.map { pattern($0) }.joined(separator: " ") + ")"
        case .isType(let t): return "(is \(t))"
        case .cast(let inner, let t): return "(as \(pattern(inner)) \(t))"
        case .some(let inner): return "(some \(pattern(inner)))"
        case .enumCase(let index, let parts, let tupled):
            return "(case #\(index)" + (parts ?? []).map { " " + pattern($0) }.joined() + (tupled ? " tupled" : "") + ")"
        }
    }

    func annotation(_ check: Annotation?) -> String { check.map { $0.isEnforced ? ": \($0.type) checked" : ": \($0.type)" } ?? "" }

    func binding(_ b: Binding) -> String {
        switch b {
        case .slot(let s): return "s\(s)"
        case .cell(let c): return "c\(c)"
        case .discard: return "_"
        }
    }

    func conditionList(_ conditions: [ConditionCode]) -> String {
        conditions.map { c in
            switch c {
            case .test(let n, _): return node(n)
            case .bind(let b, let n, let check): return "(let \(binding(b))\(check.map { ": \($0)" } ?? "") \(node(n)))"
            case .match(let p, let n, _): return "(case \(pattern(p)) \(node(n)))"
            }
        }.joined(separator: " ")
    }

    func global(_ slot: Int) -> String {
        slot < globalNames.count ? "g\(slot):\(globalNames[slot])" : "g\(slot)"
    }

    // MARK: Expressions

    func node(_ n: Node) -> String {
        switch n {
        case .constant(let v): return v.debugDescription
        case .local(let s): return "s\(s)"
        case .cell(let s): return "c\(s)"
        case .global(let g): return global(g)
        case .interpolate(let parts, _): return "(interpolate \(list(parts)))"
        case .negate(let operand, _): return "(negate \(node(operand)))"
        case .not(let operand, _): return "(not \(node(operand)))"
        case .arithmetic(let op, let l, let r, _): return "(\(op.symbol) \(node(l)) \(node(r)))"
        case .arithmeticLocalInt(let op, let s, let k, _): return "(\(op.symbol)-local-int s\(s) \(k))"
        case .arithmeticLocals(let op, let a, let b, _): return "(\(op.symbol)-locals s\(a) s\(b))"
        case .compareLocalInt(let op, let s, let k, _): return "(\(op.symbol)-local-int s\(s) \(k))"
        case .compareLocals(let op, let a, let b, _): return "(\(op.symbol)-locals s\(a) s\(b))"
        case .compare(let op, let l, let r, _): return "(\(op.symbol) \(node(l)) \(node(r)))"
        case .equal(let l, let r, let negated): return "(\(negated ? "!=" : "==") \(node(l)) \(node(r)))"
        case .and(let l, let r, _): return "(&& \(node(l)) \(node(r)))"
        case .or(let l, let r, _): return "(|| \(node(l)) \(node(r)))"
        case .coalesce(let l, let r): return "(?? \(node(l)) \(node(r)))"
        case .makeRange(let l, let r, let closed, _): return "(\(closed ? "..." : "..<") \(node(l)) \(node(r)))"
        case .ternary(let c, let t, let f, _): return "(? \(node(c)) \(node(t)) \(node(f)))"
        case .array(let items): return "(array \(list(items)))".replacingEmptyList()
        case .dictionary(let keys, let values, _):
            return "(dictionary \(zip(keys, values).map { "\(node($0)): \(node($1))" }.joined(separator: " ")))".replacingEmptyList()
        case .tuple(let items): return "(tuple \(list(items)))"
        case .labeledTuple(let items, let labels):
            return "(tuple " + zip(labels, items).map { ($0.map { "\($0): " } ?? "") + node($1) }.joined(separator: " ") + ")"
        case .initRecord(let r, _, let args, _): return "(init \(r.name) " + args.map { $0.map { node($0) } ?? "_" }.joined(separator: " ") + ")"
        case .initEnum(let e, _, let args, _): return "(init \(e.name) " + args.map { $0.map { node($0) } ?? "_" }.joined(separator: " ") + ")"
        case .storeInit(let r, _, let args, _): return "(store-init \(r.name) " + args.map { $0.map { node($0) } ?? "_" }.joined(separator: " ") + ")"
        case .sliceFrom(let base, let lower, _): return "(slice-from \(node(base)) \(node(lower)))"
        case .makeEnumCase(let c, let values): return "(\(c.type.name).\(c.name) \(list(values)))"
        case .relabel(let value, let labels): return "(relabel \(node(value)) \(labels.map { $0 ?? "_" }.joined(separator: " ")))"
        case .closure(let code, let sources):
            // Each captured variable of the enclosing frame, and the slot it takes in the closure's.
            let captured = zip(sources, code.captureSlots).map { source, slot -> String in
                switch source {
                case .cell(let c): return "c\(c)→s\(slot)"
                case .value(let v): return "s\(v)→s\(slot)"
                }
            }
            var nested = IRPrinter(globalNames: globalNames)
            nested.indent = indent
            nested.function(code, head: captured.isEmpty ? "closure" : "closure captures:[\(captured.joined(separator: " "))]")
            return String(nested.out.dropFirst(indent * 2).dropLast())
        case .callFunction(let code, let args, _): return "(call-fn \(code.name) \(optionalList(args)))"
        case .callFunction1(let code, let arg, _): return "(call-fn1 \(code.name) \(node(arg)))"
        case .callGlobal(let slot, let args, _): return "(call-global \(global(slot)) \(optionalList(args)))"
        case .callBuiltin(let builtin, let args, let labels, _): return "(call-builtin \(builtin.rawValue)\(labelled(args, labels)))"
        case .callValue(let callee, let args, let labels, _): return "(call-value \(node(callee))\(labelled(args, labels)))"
        case .callMethod(let receiver, let name, let args, let labels, _):
            return "(call-method \(node(receiver)) .\(name.text)\(labelled(args, labels)))"
        case .appendToVariable(let place, let value, _): return "(append-to \(lvalue(place)) \(node(value)))"
        case .callMutating(let place, let name, let args, let labels, _):
            return "(call-mutating \(lvalue(place)) .\(name.text)\(labelled(args, labels)))"
        case .member(let base, let name, _): return "(member \(node(base)) .\(name.text))"
        case .subscriptGet(let base, let index, _): return "(subscript \(node(base)) \(node(index)))"
        case .subscriptDefault(let base, let index, let value, _): return "(subscript \(node(base)) \(node(index)) default: \(node(value)))"
        case .cast(let inner, let type, let kind, _): return "(\(kind.rawValue) \(node(inner)) \(type))"
        case .forceUnwrap(let base, _): return "(force-unwrap \(node(base)))"
        case .bindOptional(let base, _): return "(bind-optional \(node(base)))"
        case .optionalChain(let inner): return "(optional-chain \(node(inner)))"
        case .tryOptional(let inner): return "(try? \(node(inner)))"
        case .keepingError(let inner): return "(keeping-error \(node(inner)))"
        case .rethrowing(let inner): return "(rethrowing \(node(inner)))"
        case .tryForced(let inner, _): return "(try! \(node(inner)))"
        case .construct(let type, let args, _): return "(construct \(type.name) \(optionalList(args)))"
        case .makeIntent(let type, let args, _): return "(make-intent \(type.name) \(optionalList(args)))"
        case .callView(let type, let args, _): return "(call-view \(type.name) \(optionalList(args)))"
        case .makeView(_, let name, let args, let labels, let content, _):
            return "(view \(name)\(labelled(args, labels))\(content.map { " content: " + node($0) } ?? ""))"
        case .modify(let base, let call, let args, _):
            return "(modifier \(node(base)) .\(call.name)\(labelled(args, call.parameters.map(Optional.some))))"
        case .storeShared(let type): return "(store \(type.name))"
        case .run(let target, _): return "(run \(node(target)))"
        case .build(let slot, let body):
            var nested = IRPrinter(globalNames: globalNames)
            nested.indent = indent
            nested.block("build s\(slot)", body)
            return String(nested.out.dropFirst(indent * 2).dropLast())
        case .system(let function, let args, let labels, _): return "(system \(function.rawValue)\(labelled(args, labels)))"
        case .parameterRequest(let kind, let type, let index, let args, let labels, _):
            return "(parameter-request \(kind.rawValue) \(type.name).\(type.parameters[index].name)\(labelled(args, labels)))"
        case .expectComparison(let info, let l, let r, let message, _):
            return "(expect \(info.op.rawValue) \(node(l)) \(node(r))\(message.map { " " + node($0) } ?? ""))"
        case .result(let code, _): return "(result" + code.parts.map { " \($0.label): \(node($0.node))" }.joined() + ")"
        }
    }

    func lvalue(_ place: LValue) -> String {
        switch place {
        case .local(let s): return "s\(s)"
        case .cell(let c): return "c\(c)"
        case .global(let g): return global(g)
        case .member(let base, let name, _): return "(member \(lvalue(base)) .\(name.text))"
        case .subscript(let base, let index, _): return "(subscript \(lvalue(base)) \(node(index)))"
        case .subscriptDefault(let base, let index, let value, _): return "(subscript \(lvalue(base)) \(node(index)) default: \(node(value)))"
        case .forceUnwrap(let base, _): return "(force-unwrap \(lvalue(base)))"
        case .optional(let base, _): return "(optional \(lvalue(base)))"
        case .reference(let n, _): return "(reference \(node(n)))"
        }
    }

    func list(_ nodes: [Node]) -> String { nodes.map(node).joined(separator: " ") }

    /// Arguments in parameter order; `default` where the parameter's default applies.
    func optionalList(_ nodes: [Node?]) -> String {
        "[" + nodes.map { $0.map(node) ?? "default" }.joined(separator: " ") + "]"
    }

    func labelled(_ nodes: [Node], _ labels: [String?]) -> String {
        zip(nodes, labels + Array(repeating: nil, count: max(0, nodes.count - labels.count)))
            .map { " " + ($1.map { "\($0): " } ?? "") + node($0) }.joined()
    }
}

private extension String {
    /// `(array )` reads better as `(array)`.
    func replacingEmptyList() -> String { hasSuffix(" )") ? String(dropLast(2)) + ")" : self }
}
