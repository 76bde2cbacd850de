// CStartup — the command line, kept as the C library hands it over, for the Swift runtime's `CommandLine`.
//
// A static executable's Swift runtime finds `argv` before `main` with a static initialiser of its own that reads
// /proc/self/maps with `sscanf` to find the process's stack and walks back from `environ` (54 K instructions, 8 % of
// `hello`, and 40–80 µs of a run started from a shell). The C library passes every initialiser `argc` and `argv`;
// CStartup keeps them and is the runtime's hook for them (`_swift_stdlib_getUnsafeArgvArgc`), so the runtime's own
// finder is not linked. Linux only: elsewhere the runtime's own hook stands, and in a build that links the runtime
// as a shared library its calls stay within it, as before (docs/Engine.md, "Pages, and the work before `main`").

#ifndef CSTARTUP_H
#define CSTARTUP_H

/// The command line the C library passed this process's initialisers, and its length in `count`; NULL (and 0)
/// where CStartup keeps none (not Linux).
char **cstartup_arguments(int *count);

#endif
