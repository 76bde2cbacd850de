// Engine — the register bytecode a function's resolved code compiles to, and the VM that runs it.
//
// Owns: `Instruction` (its own file), `Bytecode` (a function's instructions and the tables they index), the
// compiler from the IR (`BytecodeCompiler`: patterns, `defer` cleanups and `catch` clauses in files of
// their own), the dispatch loop (`Interpreter.execute`), the places it changes (`Place`, each remembering
// the field it changed last; `PlacePath` for any other shape) and the printer `shortcut check
// --dump-bytecode` shows.
//
// Every function is compiled when its code is completed (`FunctionCode.complete`): the only engine. (A tree
// walker over the IR ran beside it until a differential test — every example, fixture, hostile input,
// benchmark, documentation program and the 8 744 inputs of the fuzz corpora under both — found no
// difference; it was then deleted.)
//
// May not: change the IR, or give a construct a meaning of its own: the language's rules live in
// `Evaluate/` and `Library/` helpers the instructions call.
import ShortcutSyntax
