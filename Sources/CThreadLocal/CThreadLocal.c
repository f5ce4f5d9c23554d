#include "CThreadLocal.h"

#if defined(__ELF__)
__thread void *_Nullable pipe_current_trampoline __attribute__((tls_model("initial-exec"))) = 0;
#else
__thread void *_Nullable pipe_current_trampoline = 0;
#endif
