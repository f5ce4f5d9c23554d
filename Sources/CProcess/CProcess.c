#include "CProcess.h"

#include <errno.h>
#include <stdio.h>
#include <sys/resource.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

int pipe_forbid_core_dumps(void) {
  struct rlimit none = {0, 0};
  if (setrlimit(RLIMIT_CORE, &none) != 0) return -1;
#ifdef __linux__
  if (prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0) return -1;
#endif
  return 0;
}

int pipe_flush_standard_output(void) {
  errno = 0;
  int failed = fflush(stdout) != 0 || ferror(stdout);
  return failed ? (errno != 0 ? errno : EIO) : 0;
}
