import ShortcutSyntax

extension Interpreter {
    /// Gives `body` in-place access to a place. Values along the path are taken
    /// out of their container while `body` runs, so the innermost one is
    /// uniquely referenced and changes without a copy (copy on write).
    func modify(_ place: LValue, _ fp: UnsafeMutablePointer<Value>, _ body: (inout Value) throws(ScriptError) -> Void) throws(ScriptError) {
        switch place {
        case .local(let s):
            try body(&fp[s])
        case .cell(let s):
            if case .cell(let c) = fp[s] { try body(&c.value) } else { try body(&fp[s]) }
        case .global(let i):
            try body(&globals[i])
        case .member(let base, let name, let site):
            try modify(base, fp) { (v: inout Value) throws(ScriptError) in try self.modifyMember(&v, name, site, body) }
        case .subscript(let base, let indexNode, let site):
            let key = try eval(indexNode, fp)
            try modify(base, fp) { (v: inout Value) throws(ScriptError) in try self.modifySubscript(&v, key, site, body) }
        case .subscriptDefault(let base, let indexNode, let valueNode, let site):
            try modifyWithDefault(base, indexNode, valueNode, site, fp, body)
        case .forceUnwrap(let base, let site):
            try modify(base, fp) { (v: inout Value) throws(ScriptError) in
                if case .null = v { throw ScriptError.runtime(.unwrappedNil, at: site) }
                try body(&v)
            }
        case .optional(let base, _):
            try modify(base, fp) { (v: inout Value) throws(ScriptError) in
                if case .null = v { return }
                try body(&v)
            }
        case .reference(let node, let site):
            var v = try eval(node, fp)
            switch v {
            case .store, .intent, .cell: try body(&v)
            case .null: throw ScriptError.runtime(.nilBase(.change), at: site)
            default: throw ScriptError.runtime(.cannotChange(type: v.typeName), at: site)
            }
        }
    }

    func modifyMember(_ v: inout Value, _ name: Name, _ site: SourceRange, _ body: (inout Value) throws(ScriptError) -> Void) throws(ScriptError) {
        if let r = v.takeRecord() {
            defer { v = .record(r) }
            guard let i = r.type.fieldIndex[name.text] else {
                throw ScriptError.runtime(.noStoredProperty(type: r.type.name, name: name.text), at: site)
            }
            if r.type.fields[i].isConstant, !initializing.contains(ObjectIdentifier(r)) {
                throw ScriptError.runtime(.assignToConstant(name: name.text, type: r.type.name), at: site)
            }
            try body(&r.fields[i])
            if let check = r.type.fields[i].type { r.fields[i] = try coerce(r.fields[i], to: check, what: "\(r.type.name).\(name.text)", site: site) }
            return
        }
        switch v {
        case .store(let s):
            guard let i = s.type.fieldIndex[name.text] else {
                throw ScriptError.runtime(.noStoredProperty(type: s.type.name, name: name.text), at: site)
            }
            if s.type.fields[i].isConstant, !initializing.contains(ObjectIdentifier(s)) {
                throw ScriptError.runtime(.assignToConstant(name: name.text, type: s.type.name), at: site)
            }
            if s.type.kind == .store { stores.transactions.dirty = true }
            try body(&s.fields[i])
            if let check = s.type.fields[i].type { s.fields[i] = try coerce(s.fields[i], to: check, what: "\(s.type.name).\(name.text)", site: site) }
        case .intent(let intent):
            if let i = intent.type.parameterIndex[name.text] {
                try body(&intent.arguments[i])
                if !intent.arguments[i].isNull {
                    intent.arguments[i] = try coerce(intent.arguments[i], to: intent.type.parameters[i].type, what: "parameter '\(name.text)'", site: site)
                }
            } else if let dep = intent.type.dependencies.first(where: { $0.name == name.text }) {
                var store = Value.store(try storeInstance(dep.store))
                try body(&store)
            } else {
                throw ScriptError.runtime(.assignToParameter(name: name.text, intent: intent.type.name), at: site)
            }
        case .cell(let c):
            try modifyMember(&c.value, name, site, body)
        case .tuple(let t):
            // `q.a += 1`, `p.0 = 5`: a tuple is a value; the element changes in a copy.
            guard let i = t.labels.firstIndex(of: name.text) ?? Int(name.text), t.elements.indices.contains(i) else {
                throw ScriptError.runtime(.cannotAssign(name: name.text, type: v.typeName), at: site)
            }
            var elements = t.elements
            try body(&elements[i])
            v = .tuple(TupleStorage(elements, labels: t.labels))
        case .null:
            throw ScriptError.runtime(.nilBase(.assign(name.text)), at: site)
        default:
            throw ScriptError.runtime(.cannotAssign(name: name.text, type: v.typeName), at: site)
        }
    }

    /// `d[key, default: value]` as a place: kept out of `modify`, whose every other path is hot.
    @inline(never)
    func modifyWithDefault(_ base: LValue, _ indexNode: Node, _ valueNode: Node, _ site: SourceRange, _ fp: UnsafeMutablePointer<Value>,
                           _ body: (inout Value) throws(ScriptError) -> Void) throws(ScriptError) {
        let key = try eval(indexNode, fp)
        try modify(base, fp) { (v: inout Value) throws(ScriptError) in
            guard let d = v.takeDictionary() else { throw ScriptError.runtime(.cannotAssignThroughSubscript(type: v.typeName), at: site) }
            defer { v = .dictionary(d) }
            var element: Value
            if let found = d.get(key) { element = found } else { element = try self.eval(valueNode, fp) }
            try body(&element)
            d.set(key, element)
        }
    }

    func modifySubscript(_ v: inout Value, _ key: Value, _ site: SourceRange, _ body: (inout Value) throws(ScriptError) -> Void) throws(ScriptError) {
        if var items = v.takeArray() {
            defer { v = .array(items) }
            guard case .int(let i) = key else { throw ScriptError.runtime(.indexNotInt(type: key.typeName), at: site) }
            guard i >= 0, i < items.count else { throw ScriptError.runtime(.indexOutOfRange(index: i, count: items.count, of: .array), at: site) }
            try body(&items[i])
            return
        }
        if let d = v.takeDictionary() {
            defer { v = .dictionary(d) }
            var element = d.get(key) ?? .null
            try body(&element)
            // Assigning nil removes the key, as in Swift.
            if case .null = element { d.remove(key) } else { d.set(key, element) }
            return
        }
        switch v {
        case .null:
            throw ScriptError.runtime(.nilBase(.subscripting), at: site)
        default:
            throw ScriptError.runtime(.cannotAssignThroughSubscript(type: v.typeName), at: site)
        }
    }
}
