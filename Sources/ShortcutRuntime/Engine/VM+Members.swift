import ShortcutSyntax

/// What the VM's member reads share (`member`, `member-if-present`, `lend-member`).
extension Interpreter {
    /// A member of the value in `base` into `destination`: a struct's or class's field where its cache says it is (copied
    /// first, so `destination` may be `base`), an array's `count`, else as `member` finds it; the base let go of when the
    /// instruction `takesBase` (a temporary read for the last time: `Instruction.member`).
    @_transparent   // in the loop's code, as the instruction's own code was
    func readMember(into destination: UnsafeMutablePointer<Value>, of base: UnsafeMutablePointer<Value>, _ name: Int32,
                    _ memberCaches: UnsafeMutablePointer<FieldCache>, _ current: Unmanaged<Bytecode>, _ ip: UnsafeMutablePointer<Instruction>,
                    takesBase: Bool) throws(ScriptError) {
        if let field = base.fieldPlace(memberCaches + Int(name)) {
            destination.set(from: field, consuming: false)
        } else if let count = base.arrayCount, current._withUnsafeGuaranteedRef({ $0.names[Int(name)].member }) == .count {
            destination.set(.int(count))
        } else {
            destination.set(try member(base.pointee, name, of: current, current.site(at: ip)))
        }
        if takesBase { base.clear() }
    }

    /// `member-of-member`: the inner member read from the outer field where the field is (`readMember` of the field's
    /// place: a field of a struct or class instance there, or an array's count), both pure reads giving a number or a
    /// Bool. An outer cache that misses reads the outer value as `member` does, then its inner member.
    @_transparent
    func readMemberOfMember(into destination: UnsafeMutablePointer<Value>, of base: UnsafeMutablePointer<Value>, _ outer: Int32, _ inner: Int32,
                            _ memberCaches: UnsafeMutablePointer<FieldCache>, _ current: Unmanaged<Bytecode>,
                            _ ip: UnsafeMutablePointer<Instruction>) throws(ScriptError) {
        if let field = base.fieldPlace(memberCaches + Int(outer)) {
            try readMember(into: destination, of: field, inner, memberCaches, current, ip, takesBase: false)
        } else {
            try readMissedMemberOfMember(into: destination, of: base, outer, inner, current, ip)
        }
    }

    /// `member-of-member` when the outer field's cache missed: the outer member read (filling its cache), then the
    /// inner of its value.
    @inline(never)
    func readMissedMemberOfMember(into destination: UnsafeMutablePointer<Value>, of base: UnsafeMutablePointer<Value>, _ outer: Int32,
                                  _ inner: Int32, _ current: Unmanaged<Bytecode>, _ ip: UnsafeMutablePointer<Instruction>) throws(ScriptError) {
        let site = current.site(at: ip)
        let container = try member(base.pointee, outer, of: current, site)
        destination.set(try member(container, inner, of: current, site))
    }

    /// `lend-member`: the field's bytes into a lent register, no retain, nothing let go of (nil when the base is, for
    /// `x?.next`). The caches come from the loop's code, as `readMember`'s do: a closure here that read them was left a
    /// call, which the loop saved and reloaded three registers around (List 7 % of its instructions).
    @_transparent
    func lendMember(into destination: UnsafeMutablePointer<Value>, of base: UnsafeMutablePointer<Value>, _ name: Int32, ifPresent: Bool,
                    _ memberCaches: UnsafeMutablePointer<FieldCache>, _ current: Unmanaged<Bytecode>,
                    _ ip: UnsafeMutablePointer<Instruction>) throws(ScriptError) {
        if ifPresent, base.isNull {
            destination.forget()
        } else if let field = base.fieldPlace(memberCaches + Int(name)) {
            destination.copyBytes(from: field)
        } else {
            try lendMissedMember(into: destination, of: base, name, current, ip)
        }
    }

    /// `lend-member` when the field's cache missed: the member found as `member` finds it (which fills the cache), then
    /// lent from where it is. The compiler lends only a read that runs no code (`Name.isPureRead`) of a value its frame's
    /// parameters keep (`BytecodeCompiler.lendRegisters`); a read that is no field (a string's `count`) gives a scalar.
    /// Anything else — a wrong proof — is stored as its own value and never let go of: a leak, never a value freed while
    /// a register holds it.
    @inline(never)
    func lendMissedMember(into destination: UnsafeMutablePointer<Value>, of base: UnsafeMutablePointer<Value>, _ name: Int32,
                    _ current: Unmanaged<Bytecode>, _ ip: UnsafeMutablePointer<Instruction>) throws(ScriptError) {
        let value = try member(base.pointee, name, of: current, current.site(at: ip))
        if let field = base.fieldPlace(current._withUnsafeGuaranteedRef { $0.memberCaches } + Int(name)) {
            destination.copyBytes(from: field)
        } else {
            destination.initialize(to: value)   // over a lent value: nothing let go of
        }
    }
}
