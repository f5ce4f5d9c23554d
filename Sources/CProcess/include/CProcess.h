#ifndef PIPE_CPROCESS_H
#define PIPE_CPROCESS_H

/// Makes this process write no core dump and refuse to be traced: a process that holds API
/// keys must not leave them on disk when it crashes. Sets RLIMIT_CORE to 0 (children inherit
/// it) and, on Linux, PR_SET_DUMPABLE to 0 (prctl is variadic, so Swift cannot call it).
/// Returns 0, or -1 with errno set.
int pipe_forbid_core_dumps(void);

#endif
