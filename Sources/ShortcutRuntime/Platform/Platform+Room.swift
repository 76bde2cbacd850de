// Platform — the operating system, behind `#if canImport(Glibc)` / `Darwin`.
//
// Owns: the large-stack thread the interpreter runs on, clocks, local time,
// files and folders (`FileSystem`), the C library's maths, seeded random
// numbers.
//
// May not: know anything about scripts. Everything here could serve another
// program.
