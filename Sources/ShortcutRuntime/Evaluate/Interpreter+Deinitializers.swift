import ShortcutSyntax

/// The instances of classes with a `deinit` whose last reference has gone, waiting for it to run: each a copy of the
/// instance as it went (its fields), since Swift's own deinitialiser, where it went, is no place to run code (the
/// value stack and an array may be in the middle of a change). The interpreter runs them after the statement that let
/// them go (`Interpreter.runDeinitializers`), as Swift runs a `deinit` when a statement ends an instance.
final class EndedInstances {
    private(set) var waiting: [StoreInstance] = []
    /// Copies whose `deinit`s have run: when they go in turn, nothing runs again.
    private var finished: Set<ObjectIdentifier> = []

    /// Called as an instance of such a class goes (`StoreInstance.deinit`).
    func ended(_ instance: StoreInstance) {
        if finished.remove(ObjectIdentifier(instance)) != nil { return }
        waiting.append(StoreInstance.make(type: instance.type, fields: instance.fields, checks: instance.checks))
    }

    /// The next copy whose `deinit`s are to run, marked as run.
    func next() -> StoreInstance? {
        guard !waiting.isEmpty else { return nil }
        let instance = waiting.removeFirst()
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
    /// as Swift runs them. A `deinit` that lets another instance go runs that one's next.
    func runDeinitializers() throws(ScriptError) {
        while let instance = endedInstances.next() {
            var type: RecordType? = instance.type
            while let t = type {
                if let code = t.deinitializer { _ = try call(code, captures: [], selfValue: .store(instance), arguments: Arguments(), site: code.range) }
                type = t.superclass
            }
        }
    }
}
