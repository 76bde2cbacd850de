import ShortcutSyntax

/// The standard library's protocols a type lists whose requirements the checker can judge: what each needs of the type.
extension Resolver {
    /// A completed type's `Sequence` and `IteratorProtocol` (`checkSequenceConformance`) and `Comparable`.
    func checkLibraryConformances(_ name: String, _ conformances: [String], _ members: MemberTypes, at range: SourceRange) {
        checkSequenceConformance(name, conformances, members, at: range)
        checkComparable(name, conformances, at: range)
    }

    /// `Comparable` without a `static func <` (declared or, for a class, inherited): Swift orders an enum without a raw
    /// type by its cases (synthesised); a struct, a class or an enum with a raw type does not conform.
    func checkComparable(_ name: String, _ conformances: [String], at range: SourceRange) {
        guard conformances.contains("Comparable") else { return }
        if let e = program.enums[name], !e.declaresLessThan {
            if e.rawType == nil { e.synthesizesOrder = true; return }
            error(.doesNotConform(type: name, protocol: "Comparable"), at: range, notes: ["an enum with a raw type needs its own 'static func <'"])
        } else if let r = program.records[name], !r.declaresLessThan {
            error(.doesNotConform(type: name, protocol: "Comparable"), at: range, notes: ["it needs 'static func < (lhs: \(name), rhs: \(name)) -> Bool'"])
        }
    }
}
