// The last net under pipe's memory limits (LANGUAGE.md, "Limits"): malloc and its kin, which
// the Swift runtime and every library of the process call, replaced by the same functions
// of glibc that end the process with a message and exit status 1 when they fail, instead of
// the runtime's "Could not allocate memory" abort and its stack dump.
//
// The limits that name a stage (`collect`, `scan`, a string's bytes) and `MemoryWatch`,
// which looks at the process's memory every 20 ms, come first; an allocation that fails
// under `ulimit -v` between two looks (a 64 MiB string copied a hundred times in 20 ms)
// ends here.
#include <errno.h>
#include <stddef.h>
#include <unistd.h>

#include "CMemory.h"

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static void out_of_memory(void) {
  static const char message[] =
      "error: the run stopped: an allocation failed; it used nearly all the memory this process may "
      "(ulimit -v, pipe --max-memory)\n";
  ssize_t written = write(STDERR_FILENO, message, sizeof message - 1);
  (void)written;
  _exit(1);
}

int pipe_memory_net_linked(void) { return 1; }

void *malloc(size_t size) {
  void *result = __libc_malloc(size);
  if (result == NULL && size > 0) out_of_memory();
  return result;
}

void *calloc(size_t count, size_t size) {
  void *result = __libc_calloc(count, size);
  if (result == NULL && count > 0 && size > 0) out_of_memory();
  return result;
}

void *realloc(void *pointer, size_t size) {
  void *result = __libc_realloc(pointer, size);
  if (result == NULL && size > 0) out_of_memory();
  return result;
}

void *memalign(size_t alignment, size_t size) {
  void *result = __libc_memalign(alignment, size);
  if (result == NULL && size > 0) out_of_memory();
  return result;
}

void *aligned_alloc(size_t alignment, size_t size) { return memalign(alignment, size); }

int posix_memalign(void **pointer, size_t alignment, size_t size) {
  if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
  void *result = memalign(alignment, size);
  *pointer = result;
  return 0;
}
