// Check — from syntax to a checked program.
//
// Owns: the resolver's passes (declare every name, complete the types, resolve
// bodies into the IR, giving every expression its static type: the type
// checker, with the standard library's member table and overload choice),
// scopes and slots, capture analysis, the lints (Apple's
// App Shortcut rules, writes from a snippet's perform) and the `Loader` that
// reads a file and its imports. Every diagnostic of a program comes from here.
//
// May not: run code, read or write a store, or talk to a `Host`. It produces
// the data of `Code/` and nothing else; a program leaves this room checked or
// not at all.
