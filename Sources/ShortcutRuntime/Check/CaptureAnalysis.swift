import ShortcutSyntax

/// A syntactic pre-scan: which names do nested closures mention?
enum NameScanner {
    static func namesInNestedClosures(_ statements: [Stmt]) -> Set<String> {
        var names: Set<String> = []
        for s in statements { scan(s, inClosure: false, into: &names) }
        return names
    }

    static func scan(_ s: Stmt, inClosure: Bool, into names: inout Set<String>) {
        switch s.kind {
        case .expression(let e), .show(let e), .throw(let e): scan(e, inClosure, &names)
        case .assign(let a, _, let b): scan(a, inClosure, &names); scan(b, inClosure, &names)
        case .variable(let v):
            if let i = v.initializer { scan(i, inClosure, &names) }
            if let g = v.getter { scanBlock(g, true, &names) }
            // A body's variable with a setter or observers: closures (`Resolver.localWithAccessors`).
            for accessor in [v.setter, v.willSet, v.didSet] { if let a = accessor { scanBlock(a.body, true, &names) } }
        case .if(let conditions, let body, let elseBranch):
            scanConditions(conditions, inClosure, &names)
            scanBlock(body, inClosure, &names)
            if let e = elseBranch { scan(e, inClosure: inClosure, into: &names) }
        case .guard(let conditions, let body), .while(let conditions, let body):
            scanConditions(conditions, inClosure, &names)
            scanBlock(body, inClosure, &names)
        case .forIn(_, let seq, let w, let body):
            scan(seq, inClosure, &names)
            if let w { scan(w, inClosure, &names) }
            scanBlock(body, inClosure, &names)
        case .repeat(let body, let cond): scanBlock(body, inClosure, &names); scan(cond, inClosure, &names)
        case .switch(let subject, let cases):
            scan(subject, inClosure, &names)
            for c in cases {
                for p in c.patterns { for e in p.expressions { scan(e, inClosure, &names) } }
                if let g = c.guardExpr { scan(g, inClosure, &names) }
                scanBlock(c.body, inClosure, &names)
            }
        case .return(let e): if let e { scan(e, inClosure, &names) }
        case .break, .continue, .fallthrough: break
        case .labeled(_, let inner): scan(inner, inClosure: inClosure, into: &names)
        case .do(let body, let catches):
            scanBlock(body, inClosure, &names)
            for c in catches {
                for e in c.patterns.flatMap(\.expressions) + (c.whereClause.map { [$0] } ?? []) { scan(e, inClosure, &names) }
                scanBlock(c.body, inClosure, &names)
            }
        case .block(let b), .defer(let b): scanBlock(b, inClosure, &names)
        case .declaration(let d):
            // A nested function is a closure: what it mentions is captured, and so is its own name (recursion).
            if case .function(let f) = d.kind {
                names.insert(f.name)
                scanBlock(f.body, true, &names)
            }
        }
    }

    static func scanBlock(_ b: Block, _ inClosure: Bool, _ names: inout Set<String>) {
        for s in b.statements { scan(s, inClosure: inClosure, into: &names) }
    }

    static func scanConditions(_ conditions: [Condition], _ inClosure: Bool, _ names: inout Set<String>) {
        for c in conditions {
            switch c {
            case .expression(let e): scan(e, inClosure, &names)
            case .binding(_, let name, _, let v):
                if let v { scan(v, inClosure, &names) } else if inClosure { names.insert(name) }
            case .pattern(let p, let e):
                for x in p.expressions + [e] { scan(x, inClosure, &names) }
            }
        }
    }

    static func scan(_ e: Expr, _ inClosure: Bool, _ names: inout Set<String>) {
        switch e.kind {
        case .identifier(let n): if inClosure { names.insert(n) }
        case .self: if inClosure { names.insert("self") }
        case .integer, .double, .bool, .nil, .dollarName, .dollarIndex, .implicitMember, .operatorReference, .keyPath, .typeValue: break
        case .string(let parts):
            for p in parts { if case .interpolation(let x) = p { scan(x, inClosure, &names) } }
        case .member(let b, _, _), .bindOptional(let b), .optionalChain(let b), .forceUnwrap(let b), .unary(_, let b),
             .try(let b, _, _), .await(let b), .run(let b), .cast(let b, _, _), .inoutArgument(let b):
            scan(b, inClosure, &names)
        case .call(let c, let args), .subscript(let c, let args):
            scan(c, inClosure, &names)
            for a in args { scan(a.value, inClosure, &names) }
        case .binary(_, let a, let b): scan(a, inClosure, &names); scan(b, inClosure, &names)
        case .partialRange(let a, let b, _): for x in [a, b].compactMap({ $0 }) { scan(x, inClosure, &names) }
        case .ternary(let a, let b, let c): scan(a, inClosure, &names); scan(b, inClosure, &names); scan(c, inClosure, &names)
        case .array(let xs), .tuple(let xs), .labeledTuple(let xs, _): for x in xs { scan(x, inClosure, &names) }
        case .dictionary(let pairs): for p in pairs { scan(p.key, inClosure, &names); scan(p.value, inClosure, &names) }
        case .closure(let c):
            // Names a closure mentions are captured — and implicit `self` members too, via `self`.
            names.insert("self")
            scanBlock(c.body, true, &names)
        }
    }
}

/// Finds the highest `$n` a closure body uses (not counting nested closures).
enum ShorthandScanner {
    static func highestIndex(in statements: [Stmt]) -> Int {
        var highest = -1
        for s in statements { scan(s, &highest) }
        return highest
    }

    static func scan(_ s: Stmt, _ h: inout Int) {
        switch s.kind {
        case .expression(let e), .show(let e), .throw(let e): scan(e, &h)
        case .assign(let a, _, let b): scan(a, &h); scan(b, &h)
        case .variable(let v): if let i = v.initializer { scan(i, &h) }
        case .if(let cs, let body, let e):
            for c in cs { for x in c.expressions { scan(x, &h) } }
            for st in body.statements { scan(st, &h) }
            if let e { scan(e, &h) }
        case .guard(let cs, let body), .while(let cs, let body):
            for c in cs { for x in c.expressions { scan(x, &h) } }
            for st in body.statements { scan(st, &h) }
        case .forIn(_, let seq, _, let body): scan(seq, &h); for st in body.statements { scan(st, &h) }
        case .repeat(let body, let c): scan(c, &h); for st in body.statements { scan(st, &h) }
        case .switch(let subject, let cases):
            scan(subject, &h)
            for c in cases { for st in c.body.statements { scan(st, &h) } }
        case .return(let e): if let e { scan(e, &h) }
        case .block(let b), .defer(let b): for st in b.statements { scan(st, &h) }
        case .do(let b, let catches):
            for st in b.statements { scan(st, &h) }
            for c in catches { for st in c.body.statements { scan(st, &h) } }
        case .break, .continue, .fallthrough, .declaration: break
        case .labeled(_, let inner): scan(inner, &h)
        }
    }

    static func scan(_ e: Expr, _ h: inout Int) {
        switch e.kind {
        case .dollarIndex(let i): h = max(h, i)
        case .closure: break
        case .string(let parts): for p in parts { if case .interpolation(let x) = p { scan(x, &h) } }
        case .member(let b, _, _), .bindOptional(let b), .optionalChain(let b), .forceUnwrap(let b), .unary(_, let b),
             .try(let b, _, _), .await(let b), .run(let b), .cast(let b, _, _), .inoutArgument(let b):
            scan(b, &h)
        case .call(let c, let args), .subscript(let c, let args):
            scan(c, &h)
            for a in args { scan(a.value, &h) }
        case .binary(_, let a, let b): scan(a, &h); scan(b, &h)
        case .partialRange(let a, let b, _): for x in [a, b].compactMap({ $0 }) { scan(x, &h) }
        case .ternary(let a, let b, let c): scan(a, &h); scan(b, &h); scan(c, &h)
        case .array(let xs), .tuple(let xs), .labeledTuple(let xs, _): for x in xs { scan(x, &h) }
        case .dictionary(let ps): for p in ps { scan(p.key, &h); scan(p.value, &h) }
        default: break
        }
    }
}
