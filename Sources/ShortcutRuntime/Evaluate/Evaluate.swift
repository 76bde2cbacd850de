// Evaluate — what running a program's code needs besides the dispatch loop (`Engine/`).
//
// Owns: the `Interpreter`: its value stack and frames, calls, operators, changes to members and
// subscripts, the values instructions make with a rule of their own (`make`), the limits checked while
// code runs (`--max-depth`, the native stack, `--timeout`), and `ScriptError`. Only hot state lives here.
//
// May not: know how a host asks or shows things, how a store is saved, or
// what a test is. It calls into `Library/` for members of values and into
// `System/` for what the system does (performing intents, requests).
