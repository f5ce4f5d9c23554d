// Tells ThreadSanitizer when Synchronization.Mutex hands its lock over in the kernel, which it
// cannot see on its own: docs/ARCHITECTURE.md, "Shared state". `make test-tsan` builds this
// into .build-tsan and preloads it (LD_PRELOAD) into the tests; nothing else uses it.
//
// On Linux, a Mutex whose waiter has spun in vain blocks in the kernel (FUTEX_LOCK_PI), and
// the owner's unlock hands the lock to it there (FUTEX_UNLOCK_PI): no atomic operation in
// user space orders the two critical sections, so TSan reports the second one's accesses as
// racing with the first's. The two functions below take the place of Mutex's slow paths,
// call them, and add exactly that missing edge: a release on the lock's word before the
// kernel unlock, an acquire on it after the kernel lock. The fast paths are atomics TSan
// already sees. Outside a TSan process (`swift test` itself, python3) the weak __tsan_*
// are absent and these only pass the call on.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>

extern void __tsan_acquire(void *address) __attribute__((weak));
extern void __tsan_release(void *address) __attribute__((weak));

// `_MutexHandle._lockSlow(_ selfId: UInt32)` and `_unlockSlow()` of libswiftSynchronization:
// Swift passes `self`, the address of the futex word, in the register clang names
// swift_context.
#define LOCK_SLOW "$s15Synchronization12_MutexHandleV9_lockSlowyys6UInt32VF"
#define UNLOCK_SLOW "$s15Synchronization12_MutexHandleV11_unlockSlowyyF"
typedef void (*LockSlow)(uint32_t, void *__attribute__((swift_context))) __attribute__((swiftcall));
typedef void (*UnlockSlow)(void *__attribute__((swift_context))) __attribute__((swiftcall));

__attribute__((swiftcall)) void $s15Synchronization12_MutexHandleV9_lockSlowyys6UInt32VF(
  uint32_t selfId, void *__attribute__((swift_context)) word) {
  static LockSlow original;
  if (!original) original = (LockSlow)dlsym(RTLD_NEXT, LOCK_SLOW);
  original(selfId, word);
  if (__tsan_acquire) __tsan_acquire(word);  // the kernel gave this thread the lock
}

__attribute__((swiftcall)) void $s15Synchronization12_MutexHandleV11_unlockSlowyyF(
  void *__attribute__((swift_context)) word) {
  static UnlockSlow original;
  if (!original) original = (UnlockSlow)dlsym(RTLD_NEXT, UNLOCK_SLOW);
  if (__tsan_release) __tsan_release(word);  // the kernel hands the lock to a waiter
  original(word);
}
