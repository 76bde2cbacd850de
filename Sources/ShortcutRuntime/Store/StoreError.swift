/// What can go wrong with the store file (exit 6), as data; the messages are
/// here and nowhere else. The CLI adds the option that helps (`--reset-store`).
public enum StoreError: Equatable, Sendable {
    /// The file system refused: reading, locking, writing or removing the file (its words).
    case file(String)
    /// The file is not a store file; it is left as it is.
    case corrupt(path: String, why: String)
    /// Another process committed while this perform waited for a person.
    case conflict(path: String)
    /// A saved value no longer fits its field's declared type.
    case doesNotFit(store: String, field: String, path: String, type: String, detail: String)

    public var message: String {
        switch self {
        case .file(let reason):
            return reason
        case .corrupt(let path, let why):
            return "the store \(path) cannot be read: \(why). It was left as it is; to start afresh, move it aside: mv '\(path)' '\(path).broken'"
        case .conflict(let path):
            return "another process changed the store \(path) while this perform waited for an answer; nothing was written"
        case .doesNotFit(let store, let field, let path, let type, let detail):
            return "the saved value of \(store).\(field) in \(path) does not fit its type \(type): \(detail)"
        }
    }
}
