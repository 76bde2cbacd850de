import ShortcutSyntax

/// A place of any shape the VM changes by walking it — a member of an element of an unwrapped optional,
/// `d[k, default: v]`, a captured variable, a reference an expression yields — with its keys (and defaults,
/// and the reference) already in registers. The common shapes are `Place`s, changed without a walk.
indirect enum PlacePath {
    case local(Int)
    case cell(Int)
    case global(Int)
    case member(PlacePath, Name, SourceRange)
    case `subscript`(PlacePath, key: Register, SourceRange)
    /// `d[key, default: value]`: the default's register is read only when the key is missing (its code
    /// runs only then: `jump-if-present`).
    case subscriptDefault(PlacePath, key: Register, default: Register, SourceRange)
    case forceUnwrap(PlacePath, SourceRange)
    /// `a?.b = x`: nothing happens when `a` is nil.
    case optional(PlacePath, SourceRange)
    /// A reference an expression yields (`Store.shared`): changed in place, never written back.
    case reference(Register, SourceRange)

    var text: String {
        switch self {
        case .local(let s): return "r\(s)"
        case .cell(let s): return "cell r\(s)"
        case .global(let g): return "g\(g)"
        case .member(let base, let name, _): return base.text + "." + name.text
        case .subscript(let base, let key, _): return base.text + "[r\(key)]"
        case .subscriptDefault(let base, let key, let value, _): return base.text + "[r\(key), default: r\(value)]"
        case .forceUnwrap(let base, _): return base.text + "!"
        case .optional(let base, _): return base.text + "?"
        case .reference(let r, _): return "(r\(r))"
        }
    }
}

extension Interpreter {
    /// Gives `body` in-place access to the value at a path. Values along the path are taken out of their
    /// container while `body` runs, so the innermost one is uniquely referenced and changes without a copy. `replacing`:
    /// `body` replaces the value without reading it (a computed property's getter is not called: `modifyMember`).
    func modify(_ path: PlacePath, _ fp: UnsafeMutablePointer<Value>, replacing: Bool = false,
                _ body: (inout Value) throws(ScriptError) -> Void) throws(ScriptError) {
        switch path {
        case .local(let s):
            try body(&fp[s])
        case .cell(let s):
            if case .cell(let c) = fp[s] { try body(&c.value) } else { try body(&fp[s]) }
        case .global(let i):
            try body(&globals[i])
        case .member(let base, let name, let site):
            // A member of a class instance reached through class instances only (`current!.state = s` in a
            // method): changed on the instance, with nothing on the way back to write.
            if let owner = instance(at: base, fp) {
                var v = Value.store(owner)
                return try modifyMember(&v, name, site, replacing: replacing, body)
            }
            try modify(base, fp) { (v: inout Value) throws(ScriptError) in try self.modifyMember(&v, name, site, replacing: replacing, body) }
        case .subscript(let base, let key, let site):
            let key = fp[key]
            try modify(base, fp) { (v: inout Value) throws(ScriptError) in try self.modifySubscript(&v, key, site, body) }
        case .subscriptDefault(let base, let key, let fallback, let site):
            let key = fp[key]
            try modify(base, fp) { (v: inout Value) throws(ScriptError) in
                guard let d = v.takeDictionary() else { throw ScriptError.runtime(.cannotAssignThroughSubscript(type: v.typeName), at: site) }
                defer { v = .dictionary(d) }
                var element = d.get(key) ?? fp[fallback]
                try body(&element)
                d.set(key, element)
            }
        case .forceUnwrap(let base, let site):
            try modify(base, fp) { (v: inout Value) throws(ScriptError) in
                if case .null = v { throw ScriptError.runtime(.unwrappedNil, at: site) }
                try body(&v)
            }
        case .optional(let base, _):
            if case .reference(let r, _) = base, fp[r].isNull { return }   // `a.b?.c = x` through a class instance that is not there
            try modify(base, fp) { (v: inout Value) throws(ScriptError) in
                if case .null = v { return }
                try body(&v)
            }
        case .reference(let r, let site):
            var v = fp[r]
            switch v {
            case .store, .intent, .cell: try body(&v)
            case .null: throw ScriptError.runtime(.nilBase(.change), at: site)
            default: throw ScriptError.runtime(.cannotChange(type: v.typeName), at: site)
            }
        }
    }

    /// The class instance at `path` when every step to it is through class instances (never a struct to
    /// write back, never a store whose change a transaction must see); nil otherwise, or when a step is nil.
    func instance(at path: PlacePath, _ fp: UnsafeMutablePointer<Value>) -> StoreInstance? {
        let value: Value
        switch path {
        case .local, .cell, .global, .reference:
            value = start(of: path, fp)
        case .member(let base, let name, _):
            guard let owner = instance(at: base, fp), let i = owner.type.fieldIndex[name.text] else { return nil }
            value = owner[field: i]
        case .forceUnwrap(let base, _):
            return instance(at: base, fp)
        default:
            return nil
        }
        if case .store(let s) = value, s.type.kind == .class { return s }
        return nil
    }

    /// Whether the dictionary at `path` holds `key`: true too when there is no dictionary there (the change
    /// that follows reports why), so a default is computed only where Swift would compute it.
    func holds(_ path: PlacePath, _ key: Value, _ fp: UnsafeMutablePointer<Value>) -> Bool {
        guard case .dictionary(let d)? = peek(path, fp) else { return true }
        return d.get(key) != nil
    }

    /// The value at a path, read without changing anything; nil where a change would stop with an error.
    func peek(_ path: PlacePath, _ fp: UnsafeMutablePointer<Value>) -> Value? {
        switch path {
        case .local, .cell, .global, .reference:
            return start(of: path, fp)
        case .member(let base, let name, _):
            return peek(base, fp).flatMap { member(of: $0, name) }
        case .subscript(let base, let key, _):
            switch (peek(base, fp), fp[key]) {
            case (.array(let items)?, .int(let i)): return items.indices.contains(i) ? items[i] : nil
            case (.dictionary(let d)?, let k): return d.get(k) ?? .null
            default: return nil
            }
        case .subscriptDefault(let base, let key, let fallback, _):
            guard case .dictionary(let d)? = peek(base, fp) else { return nil }
            return d.get(fp[key]) ?? fp[fallback]
        case .forceUnwrap(let base, _), .optional(let base, _):
            guard let v = peek(base, fp), !v.isNull else { return nil }
            return v
        }
    }

    /// The value a path starts from: a variable's (a captured one's cell's), or the reference in a register.
    private func start(of path: PlacePath, _ fp: UnsafeMutablePointer<Value>) -> Value {
        switch path {
        case .local(let s): return fp[s]
        case .cell(let s): return fp[s].throughCell
        case .global(let i): return globals[i]
        case .reference(let r, _): return fp[r]
        default: return .null   // a step, not a start: the callers ask only of starts
        }
    }

    /// A stored member of a value, as `modifyMember` finds it.
    private func member(of value: Value, _ name: Name) -> Value? {
        switch value {
        case .record(let r): return r.type.fieldIndex[name.text].map { r[field: $0] }
        case .store(let s): return s.type.fieldIndex[name.text].map { s[field: $0] }
        case .cell(let c): return member(of: c.value, name)
        case .tuple(let t):
            guard let i = t.labels.firstIndex(of: name.text) ?? Int(name.text), t.elements.indices.contains(i) else { return nil }
            return t.elements[i]
        case .intent(let intent):
            if let i = intent.type.parameterIndex[name.text] { return intent.arguments[i] }
            guard let dependency = intent.type.dependencies.first(where: { $0.name == name.text }) else { return nil }
            return (try? storeInstance(dependency.store)).map { .store($0) }
        default: return nil
        }
    }
}

/// A `d[key, default: value]` step of a path: the default's code, to run after the value assigned (or the
/// arguments) only when the key is missing.
struct PlaceDefault {
    let dictionary: PlacePath
    let key: Register
    let value: Register
    let node: Node
}

extension BytecodeCompiler {
    /// The IR's place as a path, its operands evaluated into registers now, as Swift evaluates them: the
    /// reference it is changed through, then each key in the order they are written; each `default:`
    /// value is left in `defaults`, innermost first, for `placeDefaults`.
    mutating func path(_ lvalue: LValue, _ defaults: inout [PlaceDefault]) -> PlacePath {
        switch lvalue {
        case .local(let s): return .local(s)
        case .cell(let s): return .cell(s)
        case .global(let g): return .global(g)
        case .member(let base, let name, let site):
            return .member(path(base, &defaults), name, site)
        case .subscript(let base, let key, let site):
            let b = path(base, &defaults)
            return .subscript(b, key: operand(key), site)
        case .subscriptDefault(let base, let key, let fallback, let site):
            let dictionary = path(base, &defaults)
            let k = operand(key), d = temporary()
            defaults.append(PlaceDefault(dictionary: dictionary, key: k, value: d, node: fallback))
            return .subscriptDefault(dictionary, key: k, default: d, site)
        case .forceUnwrap(let base, let site):
            return .forceUnwrap(path(base, &defaults), site)
        case .optional(let base, let site):
            return .optional(path(base, &defaults), site)
        case .reference(let node, let site):
            return .reference(operand(node), site)
        }
    }

    /// A path's operand in a temporary of its own (a variable's register could change before the path is walked).
    private mutating func operand(_ node: Node) -> Register {
        let r = temporary()
        value(node, into: r)
        return r
    }

    /// The `default:` values of a place's path, each computed only when its key is missing (`jump-if-present`).
    mutating func placeDefaults(_ defaults: [PlaceDefault]) {
        for d in defaults {
            let present = emit(.jumpIfPresent(path: output.paths.appendingIndex(d.dictionary), key: d.key, -1))
            value(d.node, into: d.value)
            patch(present, to: here)
        }
    }
}
