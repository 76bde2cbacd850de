/// The app's stores while a program runs: one instance per `store`
/// declaration (made on first use), where they persist (nil: in memory only),
/// and the transaction that is open. The interpreter is given this when it is
/// made and reaches it only through the Store room's functions.
final class Stores {
    private(set) var persistence: Persistence?
    var instances: [ObjectIdentifier: StoreInstance] = [:]
    var transactions = TransactionState()

    init(persistence: Persistence?) {
        self.persistence = persistence
    }

    /// Starts over on another app's store (the REPL's `:load` of a file with its
    /// own `app`): the instances are read again from it on first use.
    func switchTo(_ persistence: Persistence?) {
        precondition(transactions.depth == 0, "a store is switched between performs only")
        self.persistence = persistence
        instances = [:]
        transactions = TransactionState()
    }
}
