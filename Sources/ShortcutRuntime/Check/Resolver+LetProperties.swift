import ShortcutSyntax

/// A type's `let` properties: set by its `init`, never changed after (swiftc's "cannot assign to property"), whether
/// named through `self` or alone in a method, or changed through (`origin.x = 1` changes `origin`).
extension Resolver {
    /// A `let` property of `r` changed is an error, but in an `init`.
    func checkConstant(_ r: RecordType, _ name: String, initializing: Bool, _ use: PlaceUse, at range: SourceRange) {
        guard let i = r.fieldIndex[name], r.fields[i].isConstant, !initializing, use.changes(r.fields[i].type) else { return }
        error(.assignToConstant(name, property: true), at: range)
    }
}

/// How an assignment uses a place on its way to the target: the target itself, or a place it changes through — and
/// whether that changes the place depends on the types on the way (a class instance's member is changed on the
/// instance, not where the reference is held: `first.next = n` for a `let first: Task` is Swift).
indirect enum PlaceUse {
    /// The assignment's target.
    case assigned
    /// The base of `.name`, used as `use` says.
    case member(String, PlaceUse)
    /// The base of a subscript, used as `use` says.
    case element(PlaceUse)
    /// The optional under `!` or `?`.
    case unwrapped(PlaceUse)

    /// Whether a place of `type` is changed. What the checker does not know is taken as not changed.
    func changes(_ type: ScriptType?) -> Bool {
        switch self {
        case .assigned: return true
        case .unwrapped(let use): return use.changes(type?.wrapped ?? type)
        case .member(let name, let use):
            guard case .record(let r)? = type, !r.isReference, let i = r.fieldIndex[name] else { return false }
            return use.changes(r.fields[i].type)
        case .element(let use):
            switch type {
            case .array(let e)?: return use.changes(e)
            case .dictionary(_, let v)?: return use.changes(.optional(v))
            default: return false
            }
        }
    }
}
