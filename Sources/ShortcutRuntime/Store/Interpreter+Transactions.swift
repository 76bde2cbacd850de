import ShortcutSyntax

/// Each intent perform is a transaction over the app's stores (SPEC §8):
/// begin takes the store's lock and brings the instances up to date with the
/// file; commit writes the file when a store changed; a throw, a runtime
/// error or a cancel rolls the instances back and writes nothing. Performs
/// nested inside a perform share its transaction.
struct TransactionState {
    var depth = 0
    /// The stores' fields when the transaction began, for rollback.
    var snapshot: [ObjectIdentifier: [Value]] = [:]
    /// A store field was written during this transaction.
    var dirty = false
    /// The file has been read at least once.
    var loaded = false
    /// The file as it was after our last read or write; if it is still so, nothing needs reloading.
    var fileIdentity: FileSystem.Identity?
}

extension Interpreter {
    /// Runs `body` as a transaction (or inside the one already open).
    func transaction<T>(_ body: () throws(ScriptError) -> T) throws(ScriptError) -> T {
        try beginTransaction()
        let result: T
        do {
            result = try body()
        } catch {
            rollbackTransaction()
            throw error
        }
        try commitTransaction()
        return result
    }

    func beginTransaction() throws(ScriptError) {
        transactions.depth += 1
        guard transactions.depth == 1 else { return }
        transactions.dirty = false
        if let persistence {
            do {
                try persistence.file.lock()
            } catch {
                transactions.depth -= 1
                throw Persistence.storeError(error.message)
            }
            do {
                try refreshFromFile(persistence)
            } catch {
                persistence.file.unlock()
                transactions.depth -= 1
                throw error
            }
        }
        transactions.snapshot = stores.mapValues(\.fields)
    }

    /// Another process may have committed since we last looked: if the file changed, reload every instance.
    func refreshFromFile(_ persistence: Persistence) throws(ScriptError) {
        let identity = FileSystem.identity(persistence.file.path)
        if transactions.loaded, identity == transactions.fileIdentity { return }
        try persistence.load()
        transactions.loaded = true
        transactions.fileIdentity = identity
        for instance in stores.values { instance.fields = try savedFields(of: instance.type) }
    }

    func commitTransaction() throws(ScriptError) {
        transactions.depth -= 1
        guard transactions.depth == 0 else { return }
        guard let persistence else { return }
        defer { persistence.file.unlock() }
        guard transactions.dirty else { return }
        do {
            try persistence.file.write(persistence.documentBytes(for: Array(stores.values)))
        } catch {
            restoreSnapshot()
            throw Persistence.storeError(error.message)
        }
        // What was loaded still describes every store this process has not made an
        // instance of, and the fields it does not declare: the merge needs no more.
        transactions.fileIdentity = FileSystem.identity(persistence.file.path)
        transactions.dirty = false
    }

    /// Makes every store the program declares, reading the saved file as a perform would:
    /// a file that is corrupt or holds a value that no longer fits its field is the same store error.
    public func loadAllStores() throws(ScriptError) {
        for type in program.records.values.sorted(by: { $0.name < $1.name }) where type.kind == .store {
            _ = try storeInstance(type)
        }
    }

    /// The stores as they are now: each made instance's `var` fields.
    public func storeContents() -> [(store: String, fields: [(name: String, value: Value)])] {
        stores.values.sorted { $0.type.name < $1.type.name }.map { instance in
            (instance.type.name, zip(instance.type.fields, instance.fields).filter { !$0.0.isConstant }.map { ($0.name, $1) })
        }
    }

    /// Forgets every store: the file is deleted and instances start again from their defaults.
    public func resetStores() throws(ScriptError) {
        if let persistence {
            do { try persistence.file.remove() } catch { throw Persistence.storeError(error.message) }
            persistence.stores = []
        }
        stores = [:]
        transactions = TransactionState()
    }

    func rollbackTransaction() {
        transactions.depth -= 1
        guard transactions.depth == 0 else { return }
        restoreSnapshot()
        persistence?.file.unlock()
    }

    func restoreSnapshot() {
        for (id, instance) in stores {
            if let fields = transactions.snapshot[id] { instance.fields = fields } else { stores[id] = nil }
        }
        transactions.dirty = false
    }
}
