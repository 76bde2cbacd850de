/// Prints a syntax tree as nested S-expressions, one declaration or statement
/// a line, so tests can compare trees as text (`shortcut check --dump-ast`).
public struct ASTPrinter: TreePrinter {
    public var out = ""
    public var indent = 0

    public init() {}

    public static func print(_ unit: SourceUnit) -> String {
        var printer = ASTPrinter()
        for item in unit.items { printer.statement(item) }
        return printer.out
    }

    public static func print(_ expr: Expr) -> String { ASTPrinter().expr(expr) }

    mutating func block(_ head: String, _ block: Block) {
        if block.statements.isEmpty { line("(\(head))"); return }
        nested(head) { p in for s in block.statements { p.statement(s) } }
    }

    mutating func statement(_ stmt: Stmt) {
        switch stmt.kind {
        case .expression(let e): line(expr(e))
        case .assign(let target, let op, let value): line("(\(op.rawValue) \(expr(target)) \(expr(value)))")
        case .variable(let v): variable(v)
        case .if(let conditions, let body, let elseBranch):
            nested("if \(conditionList(conditions))") { p in
                p.block("then", body)
                if let elseBranch { p.nested("else") { p in p.statement(elseBranch) } }
            }
        case .guard(let conditions, let body): block("guard \(conditionList(conditions)) else", body)
        case .forIn(let pattern, let sequence, let whereClause, let body):
            let w = whereClause.map { " where \(expr($0))" } ?? ""
            block("for \(patternText(pattern)) in \(expr(sequence))\(w)", body)
        case .while(let conditions, let body): block("while \(conditionList(conditions))", body)
        case .repeat(let body, let condition): block("repeat-while \(expr(condition))", body)
        case .switch(let subject, let cases):
            nested("switch \(expr(subject))") { p in
                for c in cases {
                    let head = c.patterns.isEmpty ? "default" : "case " + c.patterns.map { p.pattern($0) }.joined(separator: " ")
                    p.block(head + (c.guardExpr.map { " where \(p.expr($0))" } ?? ""), c.body)
                }
            }
        case .return(let value): line(value.map { "(return \(expr($0)))" } ?? "(return)")
        case .break(let label): line(label.map { "(break \($0.name))" } ?? "(break)")
        case .continue(let label): line(label.map { "(continue \($0.name))" } ?? "(continue)")
        case .fallthrough: line("(fallthrough)")
        case .labeled(let label, let inner):
            nested("labeled \(label.name)") { p in p.statement(inner) }
        case .throw(let value): line("(throw \(expr(value)))")
        case .do(let body, let catches):
            nested("do") { p in
                p.block("body", body)
                for c in catches {
                    let head = c.patterns.isEmpty ? "catch \(c.name ?? "error")" + (c.type.map { " as \($0)" } ?? "")
                                                  : "catch " + c.patterns.map { p.pattern($0) }.joined(separator: ", ")
                    p.block(head + (c.whereClause.map { " where " + p.expr($0) } ?? ""), c.body)
                }
            }
        case .show(let value): line("(show \(expr(value)))")
        case .block(let b): block("block", b)
        case .defer(let b): block("defer", b)
        case .declaration(let d): declaration(d)
        }
    }

    mutating func variable(_ v: VarDecl) {
        let head = "\(v.isConstant ? "let" : "var") \(patternText(v.pattern))\(v.type.map { ": \($0)" } ?? "")"
        if let getter = v.getter { block(head + " get", getter) }
        else { line("(\(head)\(v.initializer.map { " = \(expr($0))" } ?? ""))") }
    }

    mutating func members(_ m: Members) {
        for meta in m.metadata { line("(\(meta.key): \(expr(meta.value)))") }
        for p in m.properties { statement(p) }
        for f in m.functions { declaration(f) }
    }

    mutating func declaration(_ decl: Decl) {
        switch decl.kind {
        case .app(let name): line("(app \(quoted(name)))")
        case .importFile(let path): line("(import \(quoted(path)))")
        case .importModule(let name): line("(import \(name))")
        case .function(let f):
            let params = f.parameters.map(parameterText).joined(separator: " ")
            let head = "\(f.isMutating ? "mutating " : "")func \(f.name) (\(params))\(f.returnType.map { " -> \($0)" } ?? "")\(f.isThrowing ? " throws" : "")"
            block(head, f.body)
        case .intent(let i):
            nested("\(i.isSnippet ? "snippet" : "intent") \(i.name)") { p in
                for meta in i.members.metadata { p.line("(\(meta.key): \(p.expr(meta.value)))") }
                for param in i.parameters {
                    let options = param.options.map { "\($0.label ?? "_"): \(p.expr($0.value))" }.joined(separator: ", ")
                    p.line("(@Parameter\(options.isEmpty ? "" : "(\(options))") \(param.name): \(param.type))")
                }
                for dep in i.dependencies { p.line("(@Dependency \(dep.name): \(dep.type))") }
                for prop in i.members.properties { p.statement(prop) }
                for f in i.members.functions { p.declaration(f) }
                if let perform = i.perform { p.block("perform", perform) }
            }
        case .view(let v):
            block("view \(v.name) (\(v.parameters.map(parameterText).joined(separator: " ")))", v.body)
        case .enumeration(let e):
            nested("enum \(e.name)\(e.rawType.map { ": \($0)" } ?? "")") { p in
                for c in e.cases {
                    p.line("(case \(c.name)\(c.rawValue.map { " = \(p.expr($0))" } ?? "")\(c.title.map { " \(p.quoted($0))" } ?? ""))")
                }
                p.members(e.members)
            }
        case .type(let t):
            nested("\(t.kind.rawValue) \(t.name)") { p in
                p.members(t.members)
                if let q = t.query {
                    p.nested("query") { p in
                        if let s = q.suggested { p.block("suggested", s) }
                        if let m = q.matching { p.block("matching \(m.parameter)", m.body) }
                        if let b = q.byIDs { p.block("byIDs \(b.parameter)", b.body) }
                    }
                }
            }
        case .flow(let title, let body): block("shortcut \(quoted(title))", body)
        case .appShortcuts(let body): block("appShortcuts", body)
        case .mainApp(let a): line("(main-app \(a.name))")
        case .typeAlias(let name, let type): line("(typealias \(name) \(type))")
        case .protocolDecl(let p):
            let inherited = p.inherited.isEmpty ? "" : " : " + p.inherited.joined(separator: ", ")
            line("(protocol \(p.name)\(inherited) " + ((p.requirements + p.operatorRequirements).map { "\($0.kind) \($0.name)" } + p.associatedTypes.map { "associatedtype \($0)" }).joined(separator: ", ") + ")")
        case .extension(let e): line("(extension \(e.name) \(e.members.properties.count + e.members.functions.count + e.initializers.count) members)")
        case .test(let name, let body): block("test \(quoted(name))", body)
        }
    }

    func parameterText(_ p: Parameter) -> String {
        let label = p.label == p.name ? "" : "\(p.label ?? "_") "
        return "[\(label)\(p.name)\(p.type.map { ": \($0)" } ?? "")\(p.defaultValue.map { " = \(expr($0))" } ?? "")]"
    }

    func patternText(_ p: Pattern) -> String {
        switch p {
        case .name(let n, _): return n
        case .wildcard: return "_"
        case .tuple(let parts): return "(" + parts.map(patternText).joined(separator: ", ") + ")"
        }
    }

    func conditionList(_ conditions: [Condition]) -> String {
        conditions.map { c -> String in
            switch c {
            case .expression(let e): return expr(e)
            case .binding(let isVar, let name, _, let value):
                return "(\(isVar ? "var" : "let") \(name)\(value.map { " = \(expr($0))" } ?? ""))"
            case .pattern(let p, let e):
                return "(case \(pattern(p)) = \(expr(e)))"
            }
        }.joined(separator: " ")
    }

    func quoted(_ s: String) -> String { swiftQuoted(s) }

    func arguments(_ args: [Argument]) -> String {
        args.map { a in (a.label.map { "\($0): " } ?? "") + expr(a.value) }.joined(separator: " ")
    }

    /// One expression on one line.
    /// A `case` pattern: values as expressions, `(let x)`, `_`, tuples in parentheses, `(..< e)`.
    func pattern(_ p: CasePattern) -> String {
        switch p {
        case .value(let e): return expr(e)
        case .bind(let name, _): return "(let \(name))"
        case .wildcard: return "_"
        case .tuple(let parts, _): return "(tuple " + parts.map { pattern($0) }.joined(separator: " ") + ")"
        case .partialRange(let upper, let closed, _): return "(\(closed ? "..." : "..<") \(expr(upper)))"
        case .isType(let t, _): return "(is \(t))"
        case .cast(let inner, let t, _): return "(as \(pattern(inner)) \(t))"
        case .some(let inner, _): return "(some \(pattern(inner)))"
        case .enumCase(let type, let name, let arguments, _):
            let parts = arguments.map { a in (a.label.map { "\($0): " } ?? "") + pattern(a.pattern) }
            return "(case \(type ?? "").\(name)" + parts.map { " " + $0 }.joined() + ")"
        }
    }

    public func expr(_ e: Expr) -> String {
        switch e.kind {
        case .integer(let i): return String(i)
        case .double(let d): return String(d)
        case .bool(let b): return String(b)
        case .nil: return "nil"
        case .string(let parts):
            if parts.count == 1, case .text(let t) = parts[0] { return quoted(t) }
            return "(interpolate " + parts.map { part -> String in
                switch part {
                case .text(let t): return quoted(t)
                case .interpolation(let e): return expr(e)
                }
            }.joined(separator: " ") + ")"
        case .identifier(let n): return n
        case .dollarName(let n): return "$" + n
        case .dollarIndex(let i): return "$\(i)"
        case .self: return "self"
        case .implicitMember(let n): return "." + n
        case .member(let base, let name, _): return "(. \(expr(base)) \(name))"
        case .bindOptional(let base): return "(? \(expr(base)))"
        case .optionalChain(let inner): return "(?chain \(expr(inner)))"
        case .call(let callee, let args): return "(call \(expr(callee))\(args.isEmpty ? "" : " " + arguments(args)))"
        case .subscript(let base, let args): return "(subscript \(expr(base)) \(arguments(args)))"
        case .forceUnwrap(let base): return "(! \(expr(base)))"
        case .inoutArgument(let place): return "(& \(expr(place)))"
        case .unary(let op, let operand): return "(\(op == .negate ? "neg" : "not") \(expr(operand)))"
        case .binary(let op, let l, let r): return "(\(op.rawValue) \(expr(l)) \(expr(r)))"
        case .ternary(let c, let t, let f): return "(?: \(expr(c)) \(expr(t)) \(expr(f)))"
        case .array(let elements): return "[" + elements.map(expr).joined(separator: " ") + "]"
        case .dictionary(let pairs): return pairs.isEmpty ? "[:]" : "[" + pairs.map { "\(expr($0.key)): \(expr($0.value))" }.joined(separator: " ") + "]"
        case .tuple(let elements): return "(tuple " + elements.map(expr).joined(separator: " ") + ")"
        case .closure(let c):
            var printer = ASTPrinter()
            for s in c.body.statements { printer.statement(s) }
            let body = printer.out.split(separator: "\n").joined(separator: "; ")
            let params = c.parameters.isEmpty ? "" : " (" + c.parameters.joined(separator: " ") + ")"
            return "(closure\(params) \(body))"
        case .try(let inner, let optional, let forced): return "(try\(optional ? "?" : forced ? "!" : "") \(expr(inner)))"
        case .await(let inner): return "(await \(expr(inner)))"
        case .labeledTuple(let elements, let labels):
            return "(tuple " + zip(labels, elements).map { ($0.map { "\($0): " } ?? "") + expr($1) }.joined(separator: " ") + ")"
        case .cast(let inner, let type, let kind): return "(\(kind.rawValue) \(expr(inner)) \(type))"
        case .partialRange(let lower, let upper, let closed):
            return "(" + (lower.map { expr($0) + " " } ?? "") + (closed ? "..." : "..<") + (upper.map { " " + expr($0) } ?? "") + ")"
        case .run(let target): return "(run \(expr(target)))"
        case .operatorReference(let op): return "(operator \(op.rawValue))"
        case .keyPath(let path, let root): return "(key-path \\" + (root.map { "\($0)" } ?? "") + "." + path.joined(separator: ".") + ")"
        case .typeValue(let t): return "(type \(t))"
        }
    }
}

/// A string as Swift's `debugDescription` spells it: `"it\'s \"a\"\n"`. Used by the AST printer and to print values.
public func swiftQuoted(_ s: String) -> String {
    var out = "\""
    for c in s.unicodeScalars {
        switch c {
        case "\"": out += "\\\""
        case "'": out += "\\'"
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case "\r": out += "\\r"
        case "\0": out += "\\0"
        default:
            // Other control characters as `\u{07}` (at least two upper-case digits, as Swift writes them), so the
            // literal reads back as the same text.
            if c.value < 0x20 || c.value == 0x7F {
                let hex = String(c.value, radix: 16, uppercase: true)
                out += "\\u{" + (hex.count < 2 ? "0" + hex : hex) + "}"
            } else {
                out.unicodeScalars.append(c)
            }
        }
    }
    return out + "\""
}
