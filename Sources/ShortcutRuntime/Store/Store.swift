// Store — the app's persistent state.
//
// Owns: store instances (one per `store` declaration), transactions around
// every perform (snapshot, commit, rollback), `Persistence` (the SPEC §8
// format, schema rules) and `StoreFile` (the lock, atomic writes, fsync).
//
// May not: talk to a `Host` or run script code other than a field's default.
// A store error is a `ScriptError` of kind `.storeError`; the CLI maps it to
// exit 6.
