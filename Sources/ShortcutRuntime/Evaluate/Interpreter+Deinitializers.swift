import ShortcutSyntax

/// The instances of classes with a `deinit` whose last reference has gone, waiting for it to run: each a copy of the
/// instance as it went (its fields), since Swift's own deinitialiser, where it went, is no place to run code (the
/// value stack and an array may be in the middle of a change). The interpreter runs them after the statement that let
/// them go (`Interpreter.runDeinitializers`), as Swift runs a `deinit` when a statement ends an instance.
final class EndedInstances {
    /// In the order they went; taken from `head` (each let go of as it is taken), emptied once all are taken.
    private var waiting: [StoreInstance?] = []
    private var head = 0
    /// Copies whose `deinit`s have run: when they go in turn, nothing runs again.
    private var finished: Set<ObjectIdentifier> = []
    /// `deinit`s are running: one that lets another instance go leaves it to the loop that runs them, not to a loop of
    /// its own (an array of 100 000 instances let go of at once would be as many nested calls).
    var isRunning = false

    /// Called as an instance of such a class goes (`StoreInstance.deinit`).
    func ended(_ instance: StoreInstance) {
        if finished.remove(ObjectIdentifier(instance)) != nil { return }
        waiting.append(StoreInstance.make(type: instance.type, fields: instance.fields, checks: instance.checks))
    }

    /// The next copy whose `deinit`s are to run, marked as run.
    func next() -> StoreInstance? {
        guard head < waiting.count, let instance = waiting[head] else {
            (waiting, head) = ([], 0)
            return nil
        }
        waiting[head] = nil
        head += 1
        finished.insert(ObjectIdentifier(instance))
        return instance
    }
}

extension Interpreter {
    /// Points the program's classes with a `deinit` (or a superclass with one) at this interpreter's ended instances.
    func collectEndedInstances() {
        for case let type as RecordType in Array(program.records.values) + program.specializedTypes where type.runsDeinitializer {
            type.endedInstances = endedInstances
        }
    }

    /// Runs the `deinit`s of the instances that have gone, each on the copy of it: its class's, then each superclass's,
    /// as Swift runs them. An instance a `deinit` lets go of has its own run next, by this loop (`isRunning`).
    func runDeinitializers() throws(ScriptError) {
        guard !endedInstances.isRunning else { return }
        endedInstances.isRunning = true
        defer { endedInstances.isRunning = false }
        while let instance = endedInstances.next() {
            var type: RecordType? = instance.type
            while let t = type {
                if let code = t.deinitializer { _ = try call(code, captures: [], selfValue: .store(instance), arguments: Arguments(), site: code.range) }
                type = t.superclass
            }
        }
    }
}
