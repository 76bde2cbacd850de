// CStackSwitch — runs a function on a stack the caller provides, on the calling thread.
//
// The interpreter needs a deep native stack (`Limits.nativeStackBytes`). A thread made for it cost `hello` about 0.3 ms
// of its 1.1 (making, mapping and joining it, and the memory its work then touched from a second thread); switching
// the calling thread onto a mapped stack costs a few microseconds. Swift cannot call `makecontext` (a C variadic
// function), so these few lines are C.

#ifndef CSTACKSWITCH_H
#define CSTACKSWITCH_H

#include <stddef.h>

/// Runs `body(context)` on the stack `[stack, stack + size)` of the calling thread and returns when it returns, back
/// on the caller's own stack. 0 when it ran; -1 when this system cannot switch stacks (`body` was not run).
int cstackswitch_run(void *stack, size_t size, void (*body)(void *context), void *context);

#endif
