// Code — the resolved program, as data.
//
// Owns: the IR (`Node`, `Statement`, `LValue`), `FunctionCode` (a function's
// body and frame layout, immutable once built), the declared types (enums,
// records, intents, views), `ScriptType`, `Program`, and the IR printer that
// `shortcut check --dump-ir` shows.
//
// May not: evaluate anything or hold run-time state. `Check/` builds it,
// `Evaluate/` walks it; neither changes it afterwards.
