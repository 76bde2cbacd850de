import ShortcutSyntax

/// What the VM's member reads share (`member`, `member-if-present`).
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
}
