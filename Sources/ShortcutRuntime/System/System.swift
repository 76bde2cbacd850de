// System — what the phone does around a program.
//
// Owns: the `Host` protocol (the runtime's only door to the world),
// performing intents (parameters, restarts, results), requests and what
// answers mean, snippets and their lifecycle, App Shortcut phrases, and the
// REPL's `Session`.
//
// May not: read a terminal or print (hosts do), or read and write store
// files (`Store/` does; a perform asks it for a transaction).
