/// The app's stores while a program runs: one instance per `store`
/// declaration (made on first use), where they persist (nil: in memory only),
/// and the transaction that is open. The interpreter is given this when it is
/// made and reaches it only through the Store room's functions.
final class Stores {
    let persistence: Persistence?
    var instances: [ObjectIdentifier: StoreInstance] = [:]
    var transactions = TransactionState()

    init(persistence: Persistence?) {
        self.persistence = persistence
    }
}
