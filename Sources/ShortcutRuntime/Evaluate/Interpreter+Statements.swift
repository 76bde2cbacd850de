import ShortcutSyntax

extension Interpreter {
    func exec(_ statements: [Statement], _ fp: UnsafeMutablePointer<Value>) throws(ScriptError) -> Flow {
        let count = statements.count
        var i = 0
        while i < count {
            let flow = try exec(statements[i], fp)
            if case .normal = flow { i += 1; continue }
            return flow
        }
        return .normal
    }

    func exec(_ statement: Statement, _ fp: UnsafeMutablePointer<Value>) throws(ScriptError) -> Flow {
        switch statement {
        case .expression(let node):
            _ = try eval(node, fp)
        case .assign(let place, let node, _):
            let value = try eval(node, fp)
            switch place {
            case .local(let s): fp[s] = value
            case .global(let g): globals[g] = value
            default: try modify(place, fp) { (v: inout Value) throws(ScriptError) in v = value }
            }
        case .compoundAssign(let place, let op, let node, let site):
            let rhs = try eval(node, fp)
            switch place {
            case .local(let s): try compoundAssign(&fp[s], op, rhs, site)
            case .global(let g): try compoundAssign(&globals[g], op, rhs, site)
            default:
                try modify(place, fp) { (v: inout Value) throws(ScriptError) in try self.compoundAssign(&v, op, rhs, site) }
            }
        case .initLocal(let slot, let node, let check, let name, let site):
            let value = try eval(node, fp)
            fp[slot] = try check.map { (a: Annotation) throws(ScriptError) -> Value in try annotated(value, a, name, site) } ?? value
        case .initCell(let slot, let node, let check, let name, let site):
            // The cell exists before the value is computed, so a local function can call itself.
            let cell = Cell(.null)
            fp[slot] = .cell(cell)
            let value = try eval(node, fp)
            cell.value = try check.map { (a: Annotation) throws(ScriptError) -> Value in try annotated(value, a, name, site) } ?? value
        case .initGlobal(let slot, let node, let check, let name, let site):
            let value = try eval(node, fp)
            globals[slot] = try check.map { (a: Annotation) throws(ScriptError) -> Value in try annotated(value, a, name, site) } ?? value
        case .destructure(let bindings, let node, let site):
            try bind(bindings, try eval(node, fp), fp, site)
        case .if(let c, let then, let otherwise, let site):
            return try exec(try condition(c, fp, site) ? then : otherwise, fp)
        case .ifConditions(let conditions, let then, let otherwise):
            return try exec(try test(conditions, fp) ? then : otherwise, fp)
        case .guard(let conditions, let elseBody, let site):
            if try test(conditions, fp) { return .normal }
            let flow = try exec(elseBody, fp)
            if case .normal = flow {
                throw ScriptError.runtime(.guardFellThrough, at: site)
            }
            return flow
        case .while(let conditions, let body):
            while try test(conditions, fp) {
                try tick(.none)
                switch try exec(body, fp) {
                case .normal, .continueLoop: continue
                case .breakLoop: return .normal
                case .returned(let v): return .returned(v)
                }
            }
        case .repeatWhile(let body, let c, let site):
            repeat {
                try tick(site)
                switch try exec(body, fp) {
                case .normal, .continueLoop: break
                case .breakLoop: return .normal
                case .returned(let v): return .returned(v)
                }
            } while try condition(c, fp, site)
        case .forRange(let binding, let loNode, let hiNode, let closed, let body, let site):
            guard case .int(let lo) = try eval(loNode, fp), case .int(let hi) = try eval(hiNode, fp) else {
                throw ScriptError.runtime(.rangeBoundsNotInt, at: site)
            }
            if lo > hi { throw ScriptError.runtime(.invalidRange(lower: lo, upper: hi), at: site) }
            if !closed, lo == hi { return .normal }
            let last = closed ? hi : hi - 1
            var i = lo
            // The commonest loop — a plain counter and a one-statement body — runs without re-dispatching either.
            if case .slot(let s) = binding, body.count == 1 {
                let only = body[0]
                while true {
                    fp[s] = .int(i)
                    try tick(site)
                    switch try exec(only, fp) {
                    case .normal, .continueLoop: break
                    case .breakLoop: return .normal
                    case .returned(let v): return .returned(v)
                    }
                    if i == last { return .normal }
                    i += 1
                }
            }
            while true {
                switch binding {
                case .slot(let s): fp[s] = .int(i)
                case .cell(let s): fp[s] = .cell(Cell(.int(i)))
                case .discard: break
                }
                try tick(site)
                switch try exec(body, fp) {
                case .normal, .continueLoop: break
                case .breakLoop: return .normal
                case .returned(let v): return .returned(v)
                }
                if i == last { break }
                i += 1
            }
        case .forEach(let bindings, let sequenceNode, let whereNode, let body, let site):
            let sequence = try eval(sequenceNode, fp)
            // The common case, an array bound to one plain name, loops directly.
            if case .array(let items) = sequence, bindings.count == 1, case .slot(let s) = bindings[0], whereNode == nil {
                for item in items {
                    fp[s] = item
                    try tick(site)
                    switch try exec(body, fp) {
                    case .normal, .continueLoop: continue
                    case .breakLoop: return .normal
                    case .returned(let v): return .returned(v)
                    }
                }
                return .normal
            }
            var flow = Flow.normal
            try iterate(sequence, site) { (element: Value) throws(ScriptError) -> Bool in
                try self.bind(bindings, element, fp, site)
                try self.tick(site)
                if let whereNode, !(try self.condition(whereNode, fp, site)) { return true }
                switch try self.exec(body, fp) {
                case .normal, .continueLoop: return true
                case .breakLoop: return false
                case .returned(let v): flow = .returned(v); return false
                }
            }
            return flow
        case .switch(let subjectNode, let cases, let site):
            let subject = try eval(subjectNode, fp)
            for c in cases {
                var matched = c.patterns.isEmpty
                for p in c.patterns where !matched {
                    matched = try match(p, subject, fp, site)
                }
                if matched, let g = c.guardNode, !(try condition(g, fp, site)) { matched = false }
                if matched {
                    let flow = try exec(c.body, fp)
                    if case .breakLoop = flow { return .normal }
                    return flow
                }
            }
            throw ScriptError.runtime(.switchUnmatched(subject: subject.debugDescription), at: site)
        case .return(let node, _):
            return .returned(try node.map { (n: Node) throws(ScriptError) -> Value in try eval(n, fp) } ?? .null)
        case .break:
            return .breakLoop
        case .continue:
            return .continueLoop
        case .throw(let node, let site):
            _ = try make(.throwing(site), [node], fp)
        case .doCatch(let body, let clauses):
            do {
                return try exec(body, fp)
            } catch {
                guard let clause = try chooseClause(clauses, error, fp) else { throw error }
                return try exec(clauses[clause].body, fp)
            }
        case .block(let body):
            return try exec(body, fp)
        case .deferred(let body, let cleanup):
            let flow: Flow
            do {
                flow = try exec(body, fp)
            } catch {
                _ = try exec(cleanup, fp)
                throw error
            }
            _ = try exec(cleanup, fp)
            return flow
        case .show(let node, _):
            _ = try make(.show, [node], fp)
        case .buildAppend(let slot, let node, let site):
            try appendChild(try eval(node, fp), to: &fp[slot], site)
        }
        return .normal
    }

    /// Which `catch` clause takes the error, its names bound; nil when none does (the error goes on). A
    /// thrown value, or a declined confirmation / `.cancel` choice (SPEC §5.3), caught as `userCancelled`;
    /// any other error is not caught.
    func chooseClause(_ clauses: [CatchCode], _ error: ScriptError, _ fp: UnsafeMutablePointer<Value>) throws(ScriptError) -> Int? {
        let value: Value
        switch error.kind {
        case .thrown(let v): value = v
        case .cancelled(catchable: true): value = .symbol("userCancelled")
        default: return nil
        }
        for (i, clause) in clauses.enumerated() where clause.type.map({ value.fits($0) }) ?? true {
            if let pattern = clause.pattern, !(try match(pattern, value, fp, .none)) { continue }
            try bind([clause.binding], value, fp, .none)
            if let test = clause.guardNode, !(try condition(test, fp, .none)) { continue }
            return i
        }
        return nil
    }

    /// `if let`/`guard let`/`while let` conditions: all must hold; bindings are made as they pass.
    func test(_ conditions: [ConditionCode], _ fp: UnsafeMutablePointer<Value>) throws(ScriptError) -> Bool {
        for c in conditions {
            switch c {
            case .test(let node, let site):
                if !(try condition(node, fp, site)) { return false }
            case .bind(let binding, let node, _):
                let value = try eval(node, fp)
                if case .null = value { return false }
                try bind([binding], value, fp, .none)
            case .match(let pattern, let node, let site):
                if !(try match(pattern, try eval(node, fp), fp, site)) { return false }
            }
        }
        return true
    }

    /// Stores a value into bindings; several bindings destructure a tuple.
    func bind(_ bindings: [Binding], _ value: Value, _ fp: UnsafeMutablePointer<Value>, _ site: SourceRange) throws(ScriptError) {
        if bindings.count == 1 {
            switch bindings[0] {
            case .slot(let s): fp[s] = value
            case .cell(let s): fp[s] = .cell(Cell(value))
            case .discard: break
            }
            return
        }
        guard case .tuple(let t) = value, t.elements.count == bindings.count else {
            throw ScriptError.runtime(.cannotDestructure(type: value.typeName, names: bindings.count), at: site)
        }
        for (b, v) in zip(bindings, t.elements) { try bind([b], v, fp, site) }
    }

    /// A switch pattern matches by equality, or by containment when it is a range.
    /// A value about to be stored in a variable: checked against its type when the checker could not
    /// prove it, and in the type-assertion mode also when it did.
    @inline(__always)
    func annotated(_ value: Value, _ annotation: Annotation, _ name: String, _ site: SourceRange) throws(ScriptError) -> Value {
        if annotation.isEnforced { return try coerce(value, to: annotation.type, what: "'\(name)'", site: site) }
        if assertsTypes, !value.fits(annotation.type) {
            throw ScriptError.runtime(.checkerBug(value: value.typeName, type: "\(annotation.type)", variable: name), at: site)
        }
        return value
    }

    /// Whether a `case` pattern matches, binding its names as it goes.
    func match(_ pattern: PatternCode, _ subject: Value, _ fp: UnsafeMutablePointer<Value>, _ site: SourceRange) throws(ScriptError) -> Bool {
        switch pattern {
        case .value(let node):
            return matches(try eval(node, fp), subject)
        case .upTo(let node, let closed):
            return try compare(closed ? .lessEqual : .less, subject, try eval(node, fp), site)
        case .from(let node):
            return try compare(.greaterEqual, subject, try eval(node, fp), site)
        case .bind(let binding):
            try bind([binding], subject, fp, site)
            return true
        case .wildcard:
            return true
        case .tuple(let parts):
            guard case .tuple(let t) = subject, t.elements.count == parts.count else { return false }
            for (part, element) in zip(parts, t.elements) where !(try match(part, element, fp, site)) { return false }
            return true
        case .isType(let type):
            return !subject.isNull && subject.fits(type)
        case .cast(let inner, let type):
            guard !subject.isNull, subject.fits(type) else { return false }
            return try match(inner, subject, fp, site)
        case .some(let inner):
            guard !subject.isNull else { return false }
            return try match(inner, subject, fp, site)
        case .enumCase(let index, let parts, let tupled):
            guard case .enumCase(let c) = subject, c.index == index else { return false }
            guard let parts else { return true }
            if tupled, let part = parts.first { return try match(part, .tuple(TupleStorage(c.payload, labels: c.payloadLabels)), fp, site) }
            for (part, value) in zip(parts, c.payload) where !(try match(part, value, fp, site)) { return false }
            return true
        }
    }

    func matches(_ pattern: Value, _ subject: Value) -> Bool {
        switch (pattern, subject) {
        case (.range(let lo, let hi), .int(let x)): return x >= lo && x < hi
        case (.closedRange(let lo, let hi), .int(let x)): return x >= lo && x <= hi
        case (.range(let lo, let hi), .double(let x)): return x >= Double(lo) && x < Double(hi)
        case (.closedRange(let lo, let hi), .double(let x)): return x >= Double(lo) && x <= Double(hi)
        default: return pattern == subject
        }
    }

    /// Calls `body` with each element; it returns false to stop.
    func iterate(_ sequence: Value, _ site: SourceRange, _ body: (Value) throws(ScriptError) -> Bool) throws(ScriptError) {
        switch sequence {
        case .array(let items):
            for item in items where !(try body(item)) { return }
        case .range(let lo, let hi):
            var i = lo
            while i < hi {
                if !(try body(.int(i))) { return }
                i += 1
            }
        case .closedRange(let lo, let hi):
            var i = lo
            while true {
                if !(try body(.int(i))) { return }
                if i == hi { return }
                i += 1
            }
        case .dictionary(let d):
            let keys = d.keys, values = d.values
            for (k, v) in zip(keys, values) where !(try body(.tuple(TupleStorage([k, v], labels: ["key", "value"])))) { return }
        case .string(let s):
            for c in s where !(try body(.string(String(c)))) { return }
        case .null:
            throw ScriptError.runtime(.cannotIterate(type: "nil"), at: site)
        default:
            throw ScriptError.runtime(.cannotIterate(type: sequence.typeName), at: site)
        }
    }

    /// `+=` and friends; strings and arrays grow in place. Two integers (the hot case)
    /// are looked at first; growing is kept out of line so this stays small.
    func compoundAssign(_ target: inout Value, _ op: ArithmeticOp, _ rhs: Value, _ site: SourceRange) throws(ScriptError) {
        if case .int(let x) = target, case .int(let y) = rhs {
            target = try intArithmetic(op, x, y, site)
            return
        }
        if op == .add, try grow(&target, by: rhs, site) { return }
        target = try arithmetic(op, target, rhs, site)
    }

    /// `string += string` and `array += array` in place (within the memory limit);
    /// false for other operands.
    @inline(never)
    func grow(_ target: inout Value, by rhs: Value, _ site: SourceRange) throws(ScriptError) -> Bool {
        if case .string(let t) = rhs, var s = target.takeString() {
            defer { target = .string(s) }
            try reserve(s.utf8.count + t.utf8.count, of: 1, site)
            s += t
            return true
        }
        if case .array(let b) = rhs, var a = target.takeArray() {
            defer { target = .array(a) }
            try reserve(a.count + b.count, site)
            a += b
            return true
        }
        return false
    }
}
