// Testing — `test` blocks and the harness they use.
//
// Owns: `TestRunner` (each test on its own interpreter with fresh in-memory
// stores), the test host, `open`/`tap`/`toggle` snippet sessions, `answer`,
// `expect` and `expectError`, and the failures they record.
//
// May not: be needed by anything outside it. The core runs the same without
// this room; it reaches the harness only through what the test runner hands
// the interpreter when it makes one.
