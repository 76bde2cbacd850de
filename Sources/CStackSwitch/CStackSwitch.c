#include "CStackSwitch.h"

#if defined(__linux__)
#include <ucontext.h>

/// The call `cstackswitch_run` starts: read by `start` at once, before anything could start another.
struct job {
    void (*body)(void *);
    void *context;
};
static __thread struct job *starting;

/// The first function on the new stack. Returning resumes `uc_link`: the caller's `swapcontext`.
static void start(void) {
    struct job *job = starting;
    job->body(job->context);
}

int cstackswitch_run(void *stack, size_t size, void (*body)(void *), void *context) {
    struct job job = { body, context };
    ucontext_t caller, callee;
    if (getcontext(&callee) != 0) return -1;
    callee.uc_stack.ss_sp = stack;
    callee.uc_stack.ss_size = size;
    callee.uc_link = &caller;
    makecontext(&callee, start, 0);
    starting = &job;
    return swapcontext(&caller, &callee) == 0 ? 0 : -1;
}

#else

// Elsewhere (macOS deprecates ucontext) the caller makes a thread instead.
int cstackswitch_run(void *stack, size_t size, void (*body)(void *), void *context) {
    (void)stack; (void)size; (void)body; (void)context;
    return -1;
}

#endif
