#ifndef PIPE_CTHREADLOCAL_H
#define PIPE_CTHREADLOCAL_H

/// The running thread's current-thread trampoline (Operators' `CurrentThread.Trampoline`), or
/// NULL until the thread's first subscription makes it.
///
/// A C thread-local, because Swift has none: every outermost `subscribe` looks the trampoline
/// up, and `pthread_getspecific` cost it about 22 instructions where this costs two loads
/// (callgrind, OperatorsBenchmark row b). The trampoline's memory is still released at thread
/// exit through a pthread key (Operators' `CurrentThread.makeCurrent`), which also sets this
/// back to NULL.
#if defined(__ELF__)
extern __thread void *_Nullable pipe_current_trampoline __attribute__((tls_model("initial-exec")));
#else
extern __thread void *_Nullable pipe_current_trampoline;
#endif

/// This thread's trampoline, or NULL.
static inline __attribute__((always_inline)) void *_Nullable pipe_current_trampoline_get(void) {
  return pipe_current_trampoline;
}

/// Sets this thread's trampoline (NULL when the thread ends).
static inline __attribute__((always_inline)) void pipe_current_trampoline_set(void *_Nullable trampoline) {
  pipe_current_trampoline = trampoline;
}

#endif
