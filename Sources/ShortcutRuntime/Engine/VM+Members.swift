import ShortcutSyntax

/// What the VM's member reads share (`member`, `member-if-present`).
extension Interpreter {
    /// A member of the value in `base` into `destination`: a struct's or class's field where its cache says it is (copied
    /// first, so `destination` may be `base`; lent, its bytes with no retain, into a lent register), an array's `count`,
    /// else as `member` finds it; the base let go of when the instruction takes it (a temporary read for the last time:
    /// `Instruction.member`).
    @_transparent   // in the loop's code, as the instruction's own code was
    func readMember(into destination: UnsafeMutablePointer<Value>, of base: UnsafeMutablePointer<Value>, _ name: Int32,
                    _ memberCaches: UnsafeMutablePointer<FieldCache>, _ current: Unmanaged<Bytecode>, _ ip: UnsafeMutablePointer<Instruction>,
                    _ handoff: Handoff) throws(ScriptError) {
        if let field = base.fieldPlace(memberCaches + Int(name)) {
            if handoff == .lend { destination.copyBytes(from: field) } else { destination.set(from: field, consuming: false) }
        } else if handoff == .lend {
            try lendMember(into: destination, of: base, name, memberCaches, current, ip)
        } else if let count = base.arrayCount, current._withUnsafeGuaranteedRef({ $0.names[Int(name)].member }) == .count {
            destination.set(.int(count))
        } else {
            destination.set(try member(base.pointee, name, of: current, current.site(at: ip)))
        }
        if handoff == .take { base.clear() }
    }

    /// `readMember` into a lent register when the field's cache missed: the member found as `member` finds it (which
    /// fills the cache), then lent from where it is. The compiler lends only a read that runs no code (`Name.isPureRead`)
    /// of a value its frame's parameters keep (`BytecodeCompiler.lendRegisters`); a read that is no field (a `count`)
    /// gives a scalar. Anything else — a wrong proof — is stored as its own value and never let go of: a leak, never a
    /// value freed while a register holds it.
    @inline(never)
    func lendMember(into destination: UnsafeMutablePointer<Value>, of base: UnsafeMutablePointer<Value>, _ name: Int32,
                    _ memberCaches: UnsafeMutablePointer<FieldCache>, _ current: Unmanaged<Bytecode>, _ ip: UnsafeMutablePointer<Instruction>) throws(ScriptError) {
        let value = try member(base.pointee, name, of: current, current.site(at: ip))
        if let field = base.fieldPlace(memberCaches + Int(name)) {
            destination.copyBytes(from: field)
        } else {
            destination.initialize(to: value)   // over a lent value: nothing let go of
        }
    }
}
