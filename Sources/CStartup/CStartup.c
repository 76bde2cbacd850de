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
/// declares it in stdlib/public/CommandLineSupport/CommandLine.cpp).
__attribute__((swiftcall)) char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
    *outArgLen = argumentCount;
    return arguments;
}

/// The runtime's hook for replacing the command line (an interpreter's, the REPL's): the next read gives these.
__attribute__((swiftcall)) void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) {
    arguments = argv;
    argumentCount = argc;
}
#else
char **cstartup_arguments(int *count) {
    *count = 0;
    return 0;
}
#endif
