// Evaluate — running the IR.
//
// Owns: the `Interpreter`: its value stack and frames, `eval`/`exec`/`call`,
// operators, assignment to places, the limits checked while code runs
// (`--max-depth`, the native stack, `--timeout`), and `ScriptError`.
// Only hot state lives here.
//
// May not: know how a host asks or shows things, how a store is saved, or
// what a test is. It calls into `Library/` for members of values and into
// `System/` for what the system does (performing intents, requests).
