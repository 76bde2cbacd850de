// Engine — the register bytecode a function's resolved code compiles to, and the VM that runs it.
//
// Owns: `Instruction` (its own file), `Bytecode` (a function's instructions and the tables they index), the
// compiler from the IR (`BytecodeCompiler`), the dispatch loop (`Interpreter.execute`), the places
// it changes itself (`Place`, each remembering the field it changed last) and the printer
// `shortcut check --dump-bytecode` shows.
//
// Every function is compiled when its code is completed (`FunctionCode.complete`); the VM runs it
// in the same frame layout the tree walker uses, so a node without an instruction of its own runs
// as the walker's code in the middle of the bytecode. `SHORTCUT_ENGINE=tree` runs the walker alone,
// for the differential test that compares the two.
//
// May not: change the IR, or give a construct a meaning of its own: an instruction does what the
// tree walker's code for the same node does, by calling the same helpers.
import ShortcutSyntax
