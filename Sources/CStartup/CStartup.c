#include "CStartup.h"

#if defined(__linux__)
#include <stddef.h>

static char **arguments;
static int argumentCount;

/// Run by the C library before `main`, as every initialiser, with the command line (glibc and musl pass it).
__attribute__((constructor)) static void keepArguments(int argc, char **argv, char **envp) {
    (void)envp;
    argumentCount = argc;
    arguments = argv;
}

char **cstartup_arguments(int *count) {
    *count = argumentCount;
    return arguments;
}

/// The Swift runtime's hook for `CommandLine.unsafeArgv` and `argc` (Swift's calling convention, as the runtime
/// declares it in stdlib/public/CommandLineSupport/CommandLine.cpp). Hidden, as the runtime's own is: a static link
/// binds the runtime's calls to it, and a program that loads the runtime as a shared library keeps the runtime's.
/// The runtime's `_swift_stdlib_overrideUnsafeArgvArgc` (for interpreters) is not defined here: nothing in a static
/// executable calls it, and a definition here would take the place of the shared runtime's for other libraries.
__attribute__((swiftcall, visibility("hidden"))) char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
    *outArgLen = argumentCount;
    return arguments;
}
#else
char **cstartup_arguments(int *count) {
    *count = 0;
    return 0;
}
#endif
