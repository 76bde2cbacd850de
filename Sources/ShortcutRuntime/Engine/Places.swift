import ShortcutSyntax

// Places the VM changes itself: what a place is, the field it remembers, and the changes made to it.

/// A place an instruction changes. The common shapes — a variable, `variable[key]`, `variable.member`,
/// `variable[key].member`, `variable.member[key]` — are changed directly, the key already in a register;
/// any other is a `PlacePath` (`Bytecode.generalPlaces`), changed by walking it. Trivial, as
/// the loop reads it: the member's name is in `Bytecode.placeMembers`.
struct Place {
    /// A local register (0…) or a global (`-1 - slot`); unused when `isGeneral`.
    var variable: Int32 = 0
    /// The register holding the subscript's key, or -1; the subscript's site, for its errors.
    var key: Register = -1
    var keySite = SourceRange.none
    var hasMember = false
    var memberSite = SourceRange.none
    /// The subscript is of the member (`variable.member[key]`), not the member of the element.
    var keyAfterMember = false
    var isGeneral = false
    /// Which of the shapes the VM changes directly the place has, worked out when it is compiled (`shaped()`); beside the
    /// flags, in their padding (at the end it made a place 8 bytes longer).
    var shape = PlaceShape.other
    /// The variable holds a reference the member is changed through (`object.field = x` on a class
    /// instance): anything else is an error at this site (`nilBase`, `cannotChange`).
    var reference: SourceRange?
    /// The stored field the member named last time.
    var field = FieldCache()

    /// The place with its shape noted.
    func shaped() -> Place {
        var place = self
        if !isGeneral, hasMember {
            place.shape = key < 0 ? .variableField : !keyAfterMember && reference == nil ? .elementField : .other
        }
        return place
    }
}

/// The shapes of place a field change is made in directly (`withVariableField`, `changedElementField`), told apart by
/// one byte rather than the place's five properties.
enum PlaceShape: UInt8 {
    /// `variable.member`, the variable holding a struct value or a class instance (or a reference's `.member`).
    case variableField
    /// `variable[key].member`, the variable holding an array of struct values.
    case elementField
    case other
}

/// Where a member was last found: a stored field of a struct or class type, at a position (for a
/// place's, one that may be changed: not a constant, not the store's), with how a value written to it
/// is checked. The type is held by `Bytecode.cachedTypes`.
struct FieldCache {
    var type: ObjectIdentifier?
    var position = 0
    var check = FieldCheck.full
}

/// What an instruction does to the value at a place.
enum PlaceChange {
    case assign(Value)
    /// `place op= value`, at the instruction's site.
    case compound(ArithmeticOp, Value, SourceRange)
    /// A mutating method called on the value: the method (name and labels) of the bytecode's
    /// `methods`, its arguments in `count` registers (taken when it is called), the call's site. Trivial,
    /// so making the change copies nothing.
    case mutating(method: Int32, of: Unmanaged<Bytecode>, arguments: UnsafeMutablePointer<Value>, count: Int, SourceRange)
}

/// The VM's changes to places.
extension Interpreter {
    /// Makes the change to the value at place `index` of `code`, in place, as `modify(_ place: LValue, …)`
    /// does for the IR's places; the result of a mutating method, else nil. No closure on the common
    /// paths: a closure's captures were copied on every change.
    @inline(__always)
    func change(_ index: Int, of code: Unmanaged<Bytecode>, _ fp: UnsafeMutablePointer<Value>, _ change: PlaceChange) throws(ScriptError) -> Value {
        let place = code._withUnsafeGuaranteedRef { $0.places } + index
        if place.pointee.isGeneral {
            var result = Value.null
            let replacing = if case .assign = change { true } else { false }
            try modify(code._withUnsafeGuaranteedRef { $0.generalPlaces[index] }.unsafelyUnwrapped, fp, replacing: replacing) { (v: inout Value) throws(ScriptError) in
                result = try self.apply(change, to: &v)
            }
            return result
        }
        let slot = slot(of: place.pointee.variable, fp)
        if let referenceSite = place.pointee.reference {
            switch slot.pointee {
            case .store, .intent, .cell: break
            case .null: throw ScriptError.runtime(.nilBase(.change), at: referenceSite)
            default: throw ScriptError.runtime(.cannotChange(type: slot.pointee.typeName), at: referenceSite)
            }
        }
        let key = place.pointee.key
        if !place.pointee.hasMember {
            return try key < 0 ? apply(change, to: &slot.pointee) : apply(change, to: &slot.pointee, at: fp[key], place.pointee.keySite)
        }
        if key < 0 || place.pointee.keyAfterMember { return try changeField(&slot.pointee, index, of: code, fp, change) }
        // `xs[i].member`: the array taken out of its variable while its element changes (no copy).
        if case .int(let i) = fp[key], var items = slot.pointee.takeArray() {
            defer { slot.pointee = .array(items) }
            guard i >= 0, i < items.count else {
                throw ScriptError.runtime(.indexOutOfRange(index: i, count: items.count, of: .array), at: place.pointee.keySite)
            }
            return try changeField(&items[i], index, of: code, fp, change)
        }
        var result = Value.null
        try modifySubscript(&slot.pointee, fp[key], place.pointee.keySite) { (v: inout Value) throws(ScriptError) in
            result = try self.changeField(&v, index, of: code, fp, change)
        }
        return result
    }

    /// A mutating method called on the array a variable holds (`items.swapAt(i, j)`, `stack.removeLast()`) or on
    /// the array at an index of it (`pegs[to].append(x)`), with its arguments in `count` registers: the array (and
    /// the element) taken out while it changes, then put back. Nil when the place is anything else, or the
    /// index is out of range (`change` makes the call then, and says what went wrong).
    @inline(__always)
    func mutatedArray(_ index: Int, of code: Unmanaged<Bytecode>, _ fp: UnsafeMutablePointer<Value>, method: Int32,
                      arguments: UnsafeMutablePointer<Value>, count: Int, _ site: SourceRange) throws(ScriptError) -> Value? {
        let place = code._withUnsafeGuaranteedRef { $0.places } + index
        guard !place.pointee.isGeneral, !place.pointee.hasMember else { return nil }
        let slot = slot(of: place.pointee.variable, fp)
        if place.pointee.key < 0 {
            guard var items = slot.takeArray() else { return nil }
            defer { slot.initialize(to: .array(items)) }
            return try arrayMethod(&items, method, of: code, arguments, count, site)
        }
        guard let i = (fp + place.pointee.key).int, var outer = slot.takeArray() else { return nil }
        defer { slot.initialize(to: .array(outer)) }
        guard i >= 0, i < outer.count,
              var items = outer.withUnsafeMutableBufferPointer({ ($0.baseAddress.unsafelyUnwrapped + i).takeArray() }) else { return nil }
        defer { outer.withUnsafeMutableBufferPointer { ($0.baseAddress.unsafelyUnwrapped + i).initialize(to: .array(items)) } }
        return try arrayMethod(&items, method, of: code, arguments, count, site)
    }

    /// Calls `body` with the field a place `variable.member` names, and how a value stored there is checked, when
    /// the variable holds a struct value or class instance of the type the place changed last; false otherwise.
    /// A class instance's field is changed through the reference (borrowed from its variable, which keeps it); a
    /// struct's value is taken out of its variable while its field changes, copied first only when something else
    /// holds it. Any other place goes through `change`.
    @inline(__always)
    func withVariableField(_ index: Int, of code: Unmanaged<Bytecode>, _ fp: UnsafeMutablePointer<Value>,
                           _ body: (UnsafeMutablePointer<Value>, FieldCheck) -> Bool) -> Bool {
        let place = code._withUnsafeGuaranteedRef { $0.places } + index
        guard place.pointee.shape == .variableField, let type = place.pointee.field.type else { return false }
        let (position, check) = (place.pointee.field.position, place.pointee.field.check)
        let slot = slot(of: place.pointee.variable, fp)
        guard slot.objectType == type else { return false }
        if let s = slot.instance { return s._withUnsafeGuaranteedRef { $0.withField(position) { body($0, check) } } }
        guard place.pointee.reference == nil else { return false }
        if let field = slot.uniqueRecordField(of: type, at: position) { return body(field, check) }
        guard let record = slot.pointee.takeRecord() else { return false }
        defer { slot.initialize(to: .record(record)) }
        return record.withField(position) { body($0, check) }
    }

    /// `place = value` made where the place is a field of a variable's struct value or class instance
    /// (`withVariableField`) and the value in `source` passes its check as it is: stored there, moved when
    /// `consuming`; false when `change` must make it. A class instance's field (`block.state = s`, `packet.link = nil`)
    /// in the loop's code — its tests are `withVariableField`'s for an instance, the field found as `member` finds one
    /// (`fieldPlace`) — and anything else by a call: made in one function out of the loop, the store of an instance's
    /// field took 86 machine instructions, a third of them the call's (Richards changes 4.6 million fields).
    @_transparent
    func assignedField(_ index: Int, of code: Unmanaged<Bytecode>, _ fp: UnsafeMutablePointer<Value>,
                       from source: UnsafeMutablePointer<Value>, consuming: Bool) -> Bool {
        let place = code._withUnsafeGuaranteedRef { $0.places } + index
        guard place.pointee.shape == .variableField, case let slot = slot(of: place.pointee.variable, fp), slot.tag == ValueLayout.storeTag,
              let field = slot.fieldPlace(&place.pointee.field), place.pointee.field.check.admits(source) else {
            return assignedFieldOutOfLoop(index, of: code, fp, from: source, consuming: consuming)
        }
        field.store(from: source, consuming: consuming)
        return true
    }

    /// `assignedField` for any place the loop's code does not make.
    @inline(never)
    func assignedFieldOutOfLoop(_ index: Int, of code: Unmanaged<Bytecode>, _ fp: UnsafeMutablePointer<Value>,
                                from source: UnsafeMutablePointer<Value>, consuming: Bool) -> Bool {
        withVariableField(index, of: code, fp) { field, check in
            guard check.admits(source) else { return false }
            field.store(from: source, consuming: consuming)
            return true
        }
    }

    /// `place op= y` made where the place is a field of a variable's struct value or class instance
    /// (`withVariableField`) and both are Ints or both Doubles (`changedNumber`); false when `change` must make
    /// it (and say what went wrong).
    @inline(__always)
    func changedField(_ index: Int, of code: Unmanaged<Bytecode>, _ fp: UnsafeMutablePointer<Value>, _ op: ArithmeticOp,
                      _ rhs: UnsafeMutablePointer<Value>) -> Bool {
        withVariableField(index, of: code, fp) { field, _ in Interpreter.changedNumber(field, op, rhs) }
    }

    /// `place op= y` made where the place is `xs[i].member` — the variable holding an array, `i` one of its
    /// indices, the element a struct value of the type the place changed last — and both are Ints or both
    /// Doubles: changed where it is when nothing else holds the array or the element, else the array and the element's
    /// value taken out while the field changes in place (each copied only when something else holds it). False when
    /// `change` must make it.
    @inline(__always)
    func changedElementField(_ index: Int, of code: Unmanaged<Bytecode>, _ fp: UnsafeMutablePointer<Value>, _ op: ArithmeticOp,
                             _ rhs: UnsafeMutablePointer<Value>) -> Bool {
        let place = code._withUnsafeGuaranteedRef { $0.places } + index
        guard place.pointee.shape == .elementField, let type = place.pointee.field.type, let i = (fp + place.pointee.key).int else { return false }
        let slot = slot(of: place.pointee.variable, fp), position = place.pointee.field.position
        // Where it is, when nothing else holds the array or the element (`bodies[i].vx -= dx * mj`): nothing moved.
        if let element = slot.uniqueElementPlace(i), let field = element.uniqueRecordField(of: type, at: position) {
            return Interpreter.changedNumber(field, op, rhs)
        }
        return Interpreter.changedSharedElementField(slot, i, type, position, op, rhs)
    }

    /// `changedElementField` where something else holds the array or the element: the array and the element's value
    /// taken out while the field changes, each copied as it must be.
    @inline(never)
    static func changedSharedElementField(_ slot: UnsafeMutablePointer<Value>, _ i: Int, _ type: ObjectIdentifier, _ position: Int,
                                          _ op: ArithmeticOp, _ rhs: UnsafeMutablePointer<Value>) -> Bool {
        guard rhs.int != nil || rhs.double != nil, var items = slot.takeArray() else { return false }
        defer { slot.initialize(to: .array(items)) }
        guard i >= 0, i < items.count else { return false }
        return items.withUnsafeMutableBufferPointer { elements in
            let element = elements.baseAddress.unsafelyUnwrapped + i
            guard element.tag == ValueLayout.recordTag, element.objectType == type,
                  let record = element.pointee.takeRecord() else { return false }
            defer { element.initialize(to: .record(record)) }
            return record.withField(position) { Interpreter.changedNumber($0, op, rhs) }
        }
    }

    /// `field op= rhs` made in place when both are Ints (and the result is one: no overflow, no division by zero)
    /// or both Doubles; false, nothing changed, otherwise.
    @inline(__always)
    static func changedNumber(_ field: UnsafeMutablePointer<Value>, _ op: ArithmeticOp, _ rhs: UnsafeMutablePointer<Value>) -> Bool {
        if let x = field.int, let y = rhs.int, let result = op.intResult(x, y) {
            field.setInt(result)
            return true
        }
        if let x = field.double, let y = rhs.double, op.isNumeric {
            field.setDouble(doubleArithmetic(op, x, y))
            return true
        }
        return false
    }

    /// The change to the member of place `index` of the value (and to its element, for `member[key]`):
    /// straight at the field's position when the value is of the type the place changed last; else by
    /// name (`modifyMember`), noting where the field is.
    @inline(__always)
    func changeField(_ v: inout Value, _ index: Int, of code: Unmanaged<Bytecode>, _ fp: UnsafeMutablePointer<Value>,
                     _ change: PlaceChange) throws(ScriptError) -> Value {
        let place = code._withUnsafeGuaranteedRef { $0.places } + index
        let i = place.pointee.field.position
        let key = place.pointee.keyAfterMember ? place.pointee.key : -1
        if let type = place.pointee.field.type, v.recordType == type {
            // Taken out of the value first (a `switch` over it would hold a second reference), so a record
            // nothing else holds changes in place.
            let r = v.takeRecord().unsafelyUnwrapped
            defer { v = .record(r) }
            let result = try key < 0 ? apply(change, to: &r[field: i]) : apply(change, to: &r[field: i], at: fp[key], place.pointee.keySite)
            if !r.withField(i, place.pointee.field.check.admits) { r[field: i] = try converted(r[field: i], field: i, of: r.type, place.pointee.memberSite) }
            return result
        }
        if case .store(let s) = v, place.pointee.field.type == s.typeIdentifier {
            let result = try key < 0 ? apply(change, to: &s[field: i]) : apply(change, to: &s[field: i], at: fp[key], place.pointee.keySite)
            if !s.withField(i, place.pointee.field.check.admits) { s[field: i] = try converted(s[field: i], field: i, of: s.type, place.pointee.memberSite) }
            return result
        }
        return try changeMember(&v, index, of: code, fp, change)
    }

    /// `changeField` by name, noting where the field is.
    @inline(never)
    func changeMember(_ v: inout Value, _ index: Int, of code: Unmanaged<Bytecode>, _ fp: UnsafeMutablePointer<Value>,
                      _ change: PlaceChange) throws(ScriptError) -> Value {
        let (place, name, kept) = code._withUnsafeGuaranteedRef { ($0.places + index, $0.placeMembers[index].unsafelyUnwrapped, $0.cachedTypes + $0.names.count + index) }
        let key: Value? = place.pointee.keyAfterMember ? fp[place.pointee.key] : nil, keySite = place.pointee.keySite
        var result = Value.null
        let replacing = if key == nil, case .assign = change { true } else { false }
        try modifyMember(&v, name, place.pointee.memberSite, replacing: replacing) { (field: inout Value) throws(ScriptError) in
            if let key { result = try self.apply(change, to: &field, at: key, keySite) } else { result = try self.apply(change, to: &field) }
        }
        // Only a field that may be changed without further checks: not a constant, not a field of the
        // store (whose changes mark the transaction).
        guard let (type, cache) = Interpreter.field(of: v, name), type.kind != .store, !type.fields[cache.position].isConstant else { return result }
        place.pointee.field = cache
        kept.pointee = type
        return result
    }

    /// The change made to `v[key]`: an array's element in place (the array taken out while it changes).
    @inline(__always)
    func apply(_ change: PlaceChange, to v: inout Value, at key: Value, _ site: SourceRange) throws(ScriptError) -> Value {
        if case .int(let i) = key, var items = v.takeArray() {
            defer { v = .array(items) }
            guard i >= 0, i < items.count else { throw ScriptError.runtime(.indexOutOfRange(index: i, count: items.count, of: .array), at: site) }
            return try apply(change, to: &items[i])
        }
        var result = Value.null
        try modifySubscript(&v, key, site) { (element: inout Value) throws(ScriptError) in result = try self.apply(change, to: &element) }
        return result
    }

    /// The change made to `v`.
    @inline(__always)
    func apply(_ change: PlaceChange, to v: inout Value) throws(ScriptError) -> Value {
        switch change {
        case .assign(let value):
            v = value
        case .compound(let op, let rhs, let site):
            if case .int(let x) = v, case .int(let y) = rhs, op == .add || op == .subtract {
                let (r, overflow) = op == .add ? x.addingReportingOverflow(y) : x.subtractingReportingOverflow(y)
                if !overflow { v = .int(r); return .null }
            } else if case .double(let x) = v, case .double(let y) = rhs, op.isNumeric {
                // As `arithmetic` computes two Doubles.
                v = .double(Interpreter.doubleArithmetic(op, x, y))
                return .null
            }
            try compoundAssign(&v, op, rhs, site)
        case .mutating(let method, let code, let arguments, let count, let site):
            let (name, labels) = code._withUnsafeGuaranteedRef { $0.methods[Int(method)] }
            return try callMutatingMethod(&v, name, Interpreter.arguments(arguments, count), labels, site)
        }
        return .null
    }

    /// A value written to a field, converted to the field's declared type (an error when it does not fit).
    @inline(never)
    func converted(_ value: Value, field i: Int, of type: RecordType, _ site: SourceRange) throws(ScriptError) -> Value {
        guard let check = type.fields[i].type else { return value }
        return try coerce(value, to: check, what: "\(type.name).\(type.fields[i].name)", site: site)
    }

    /// Where the stored field `name` of a struct's or class's value is, as a cache notes it.
    static func field(of value: Value, _ name: Name) -> (RecordType, FieldCache)? {
        let type: RecordType
        switch value {
        case .record(let r): type = r.type
        case .store(let s): type = s.type
        default: return nil
        }
        guard let position = type.fieldIndex[name.text], !type.fields[position].isObserved else { return nil }
        return (type, FieldCache(type: ObjectIdentifier(type), position: position, check: FieldCheck(type.fields[position].type)))
    }
}

/// The compiler's side: which places the VM changes itself.
extension BytecodeCompiler {
    /// A place for the place instructions, as Swift evaluates it: its operands now — the reference it is
    /// changed through, then each key, in the order they are written — kept apart from `later` (the value
    /// or arguments computed next, which may change a variable a key was read from); its `default:` values
    /// only when `placeDefaults` is called, after those.
    mutating func place(_ lvalue: LValue, before later: [Node]) -> (index: Int32, defaults: [PlaceDefault]) {
        var place = Place(isGeneral: true)
        var member: Name?
        var defaults: [PlaceDefault] = []
        switch lvalue {
        case .local, .global:
            if let v = variable(lvalue) { place = Place(variable: v) }
        case .subscript(.member(.reference(let node, let referenceSite), let name, let memberSite), let k, let keySite):
            let reference = valueKeepingOrder(node, before: [k] + later)
            place = Place(variable: Int32(reference), key: valueKeepingOrder(k, before: later), keySite: keySite, hasMember: true, memberSite: memberSite,
                          keyAfterMember: true, reference: referenceSite)
            member = name
        case .subscript(.member(let base, let name, let memberSite), let k, let keySite) where variable(base) != nil:
            place = Place(variable: variable(base).unsafelyUnwrapped, key: valueKeepingOrder(k, before: later), keySite: keySite, hasMember: true,
                          memberSite: memberSite, keyAfterMember: true)
            member = name
        case .subscript(let base, let k, let keySite):
            if let v = variable(base) { place = Place(variable: v, key: valueKeepingOrder(k, before: later), keySite: keySite) }
        case .member(.subscript(let base, let k, let keySite), let name, let memberSite):
            if let v = variable(base) {
                place = Place(variable: v, key: valueKeepingOrder(k, before: later), keySite: keySite, hasMember: true, memberSite: memberSite)
                member = name
            }
        case .member(.reference(let node, let referenceSite), let name, let memberSite):
            let reference = valueKeepingOrder(node, before: later)
            place = Place(variable: Int32(reference), hasMember: true, memberSite: memberSite, reference: referenceSite)
            member = name
        case .member(let base, let name, let memberSite):
            if let v = variable(base) {
                place = Place(variable: v, hasMember: true, memberSite: memberSite)
                member = name
            }
        default:
            break
        }
        output.placeMembers.append(member)
        output.generalPlaces.append(place.isGeneral ? path(lvalue, &defaults) : nil)
        return (output.places.appendingIndex(place.shaped()), defaults)
    }
}
