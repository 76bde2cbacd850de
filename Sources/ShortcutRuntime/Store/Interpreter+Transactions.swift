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
    func transaction<T>(site: SourceRange, _ body: () throws(ScriptError) -> T) throws(ScriptError) -> T {
        try beginTransaction()
        let result: T
        do {
            result = try body()
            try checkStoreFields(site)
        } catch {
            rollbackTransaction()
            throw error
        }
        try commitTransaction()
        return result
    }

    /// A value that does not fit its store field never reaches the file (nor stays
    /// in memory): the perform fails and rolls back. Only the outermost
    /// transaction checks, once, what all of it changed.
    func checkStoreFields(_ site: SourceRange) throws(ScriptError) {
        guard stores.transactions.depth == 1, stores.transactions.dirty else { return }
        for instance in stores.instances.values {
            for (i, field) in instance.type.fields.enumerated() where !field.isConstant {
                let value = instance[field: i], check = instance.checks[i]
                guard !value.fits(check) else { continue }
                throw ScriptError.runtime(.fieldDoesNotFit(field: "\(instance.type.name).\(field.name)", value: value.debugDescription,
                                                           type: "\(check)"), at: site)
            }
        }
    }

    func beginTransaction() throws(ScriptError) {
        stores.transactions.depth += 1
        guard stores.transactions.depth == 1 else { return }
        stores.transactions.dirty = false
        if let persistence = stores.persistence {
            do {
                try persistence.file.lock()
            } catch {
                stores.transactions.depth -= 1
                throw Persistence.storeError(error.message)
            }
            do {
                try refreshFromFile(persistence)
            } catch {
                persistence.file.unlock()
                stores.transactions.depth -= 1
                throw error
            }
        }
        stores.transactions.snapshot = stores.instances.mapValues(\.fields)
    }

    /// Another process may have committed since we last looked: if the file changed, reload every instance.
    func refreshFromFile(_ persistence: Persistence) throws(ScriptError) {
        let identity = FileSystem.identity(persistence.file.path)
        if stores.transactions.loaded, identity == stores.transactions.fileIdentity { return }
        try persistence.load()
        stores.transactions.loaded = true
        stores.transactions.fileIdentity = identity
        for instance in stores.instances.values { instance.fields = try savedFields(of: instance.type) }
    }

    func commitTransaction() throws(ScriptError) {
        stores.transactions.depth -= 1
        guard stores.transactions.depth == 0 else { return }
        guard let persistence = stores.persistence else { return }
        defer { persistence.file.unlock() }
        guard stores.transactions.dirty else { return }
        do {
            try persistence.file.write(persistence.documentBytes(for: Array(stores.instances.values)))
        } catch {
            restoreSnapshot()
            throw Persistence.storeError(error.message)
        }
        // What was loaded still describes every store this process has not made an
        // instance of, and the fields it does not declare: the merge needs no more.
        stores.transactions.fileIdentity = FileSystem.identity(persistence.file.path)
        stores.transactions.dirty = false
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
        stores.instances.values.sorted { $0.type.name < $1.type.name }.map { instance in
            (instance.type.name, zip(instance.type.fields, instance.fields).filter { !$0.0.isConstant }.map { ($0.name, $1) })
        }
    }

    /// Runs `wait` (a request, a snippet on screen) without holding the store's
    /// lock, so a person's pause never blocks another process (SPEC §8). The
    /// perform keeps its snapshot; when the wait is over the lock is taken
    /// again, and if another process committed meanwhile, this perform stops
    /// with a conflict and writes nothing.
    func waitingForPerson<T>(_ wait: () throws(ScriptError) -> T) throws(ScriptError) -> T {
        guard stores.transactions.depth > 0, let persistence = stores.persistence, persistence.file.isLocked else { return try wait() }
        let before = FileSystem.identity(persistence.file.path)
        persistence.file.unlock()
        // On an error (a cancel, no answer) the lock stays released: the rollback needs none.
        let result = try wait()
        do {
            try persistence.file.lock()
        } catch {
            throw Persistence.storeError(error.message)
        }
        if FileSystem.identity(persistence.file.path) != before {
            throw ScriptError(.storeError(.conflict(path: persistence.file.path)), at: .none)
        }
        return result
    }

    /// Uses another app's store from now on (the REPL's `:load` of a file with its own `app`).
    public func switchStore(to persistence: Persistence?) {
        stores.switchTo(persistence)
    }

    /// Forgets every store: the file is deleted and instances start again from their defaults.
    public func resetStores() throws(ScriptError) {
        if let persistence = stores.persistence {
            do { try persistence.file.remove() } catch { throw Persistence.storeError(error.message) }
            try persistence.load()
        }
        stores.instances = [:]
        stores.transactions = TransactionState()
    }

    func rollbackTransaction() {
        stores.transactions.depth -= 1
        guard stores.transactions.depth == 0 else { return }
        restoreSnapshot()
        stores.persistence?.file.unlock()
    }

    func restoreSnapshot() {
        for (id, instance) in stores.instances {
            if let fields = stores.transactions.snapshot[id] { instance.fields = fields } else { stores.instances[id] = nil }
        }
        stores.transactions.dirty = false
    }
}
