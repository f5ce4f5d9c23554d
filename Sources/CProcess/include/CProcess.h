#ifndef PIPE_CPROCESS_H
#define PIPE_CPROCESS_H

/// Makes this process write no core dump and refuse to be traced: a process that holds API
/// keys must not leave them on disk when it crashes. Sets RLIMIT_CORE to 0 (children inherit
/// it) and, on Linux, PR_SET_DUMPABLE to 0 (prctl is variadic, so Swift cannot call it).
/// Returns 0, or -1 with errno set.
int pipe_forbid_core_dumps(void);

/// Flushes stdio's standard output; returns 0 when everything written to it so far (by
/// `print`, by a library) reached the file, else the errno of the failure (EIO when stdio
/// kept none). Swift 6 cannot name the C global `stdout`.
int pipe_flush_standard_output(void);

#endif
