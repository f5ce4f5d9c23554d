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

#ifdef __linux__
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PIPE_MAX_GROUPS 1024

/// The noted plugin groups; 0 is a free slot. Touched with atomics only, so that a signal
/// handler may read them.
static pid_t plugin_groups[PIPE_MAX_GROUPS];
static pthread_once_t plugins_once = PTHREAD_ONCE_INIT;
static const int ended_signals[] = {SIGTERM, SIGHUP, SIGQUIT};
static struct sigaction previous_actions[NSIG];

/// Set by `pipe_plugins_adopt_orphans`: every child of this process that is no noted plugin
/// is what a plugin left behind.
static volatile sig_atomic_t adopts_orphans = 0;

void pipe_plugins_adopt_orphans(void) {
  prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
  adopts_orphans = 1;
}

static int is_tracked(pid_t pid) {
  for (int i = 0; i < PIPE_MAX_GROUPS; i++) {
    if (__atomic_load_n(&plugin_groups[i], __ATOMIC_SEQ_CST) == pid) return 1;
  }
  return 0;
}

/// Calls `each` with every child of this process, found in /proc (async-signal-safe: raw
/// getdents64, open and read). Returns how many there were.
static int for_each_child(void (*each)(pid_t)) {
  int directory = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (directory < 0) return 0;
  pid_t self = getpid();
  int count = 0;
  char entries[4096];
  for (;;) {
    long size = syscall(SYS_getdents64, directory, entries, sizeof entries);
    if (size <= 0) break;
    for (long offset = 0; offset < size;) {
      unsigned short length = *(unsigned short *)(entries + offset + 16);
      const char *name = entries + offset + 19;
      offset += length;
      pid_t pid = 0;
      const char *c = name;
      for (; *c >= '0' && *c <= '9'; c++) pid = pid * 10 + (*c - '0');
      if (*c != '\0' || pid <= 0) continue;
      char path[32] = "/proc/";
      int at = 6;
      char digits[16];
      int n = 0;
      for (pid_t rest = pid; rest > 0; rest /= 10) digits[n++] = (char)('0' + rest % 10);
      while (n > 0) path[at++] = digits[--n];
      const char *tail = "/stat";
      while (*tail) path[at++] = *tail++;
      path[at] = '\0';
      int file = open(path, O_RDONLY | O_CLOEXEC);
      if (file < 0) continue;
      char stat[512];
      long got = read(file, stat, sizeof stat - 1);
      close(file);
      if (got <= 0) continue;
      stat[got] = '\0';
      // "pid (comm) S ppid …": comm may hold anything, so the last ')' ends it.
      char *close_paren = NULL;
      for (char *p = stat; *p; p++) if (*p == ')') close_paren = p;
      if (!close_paren || close_paren[1] != ' ' || close_paren[2] == '\0' || close_paren[3] != ' ') continue;
      pid_t parent = 0;
      for (char *p = close_paren + 4; *p >= '0' && *p <= '9'; p++) parent = parent * 10 + (*p - '0');
      if (parent != self) continue;
      count++;
      each(pid);
    }
  }
  close(directory);
  return count;
}

static void kill_child(pid_t pid) {
  kill(pid, SIGKILL);
  kill(-pid, SIGKILL);
}

static int orphans_killed;

static void kill_orphan(pid_t pid) {
  if (is_tracked(pid)) return;
  kill_child(pid);
  orphans_killed++;
  while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {}
}

int pipe_plugins_kill_orphans(void) {
  orphans_killed = 0;
  if (!adopts_orphans) return 0;
  for_each_child(kill_orphan);
  return orphans_killed;
}

static long long now_ms(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (long long)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

void pipe_plugins_end_all(void) {
  int saved = errno;
  for (int i = 0; i < PIPE_MAX_GROUPS; i++) {
    pid_t group = __atomic_load_n(&plugin_groups[i], __ATOMIC_SEQ_CST);
    if (group > 0) kill(-group, SIGKILL);
  }
  if (!adopts_orphans) {
    errno = saved;
    return;
  }
  long long deadline = now_ms() + 500;
  for (;;) {
    for_each_child(kill_child);
    while (waitpid(-1, NULL, WNOHANG) > 0) {}
    if (waitpid(-1, NULL, WNOHANG) < 0 && errno == ECHILD) break;
    if (now_ms() > deadline) break;
    struct timespec pause = {0, 2000000};
    nanosleep(&pause, NULL);
  }
  errno = saved;
}

static void on_ending_signal(int number, siginfo_t *info, void *context) {
  pipe_plugins_end_all();
  struct sigaction *before = &previous_actions[number];
  if (before->sa_flags & SA_SIGINFO) {
    before->sa_sigaction(number, info, context);
  } else if (before->sa_handler != SIG_DFL && before->sa_handler != SIG_IGN) {
    before->sa_handler(number);
  } else {
    signal(number, SIG_DFL);
    sigset_t unblocked;
    sigemptyset(&unblocked);
    sigaddset(&unblocked, number);
    pthread_sigmask(SIG_UNBLOCK, &unblocked, NULL);
    raise(number);
  }
}

static void install(void) {
  atexit(pipe_plugins_end_all);
  for (unsigned i = 0; i < sizeof ended_signals / sizeof ended_signals[0]; i++) {
    int number = ended_signals[i];
    struct sigaction before;
    if (sigaction(number, NULL, &before) != 0 || (!(before.sa_flags & SA_SIGINFO) && before.sa_handler == SIG_IGN))
      continue;
    previous_actions[number] = before;
    struct sigaction ours = {0};
    ours.sa_sigaction = on_ending_signal;
    ours.sa_flags = SA_SIGINFO | SA_RESTART;
    sigfillset(&ours.sa_mask);
    sigaction(number, &ours, NULL);
  }
}

int pipe_plugins_track(pid_t group) {
  pthread_once(&plugins_once, install);
  for (int i = 0; i < PIPE_MAX_GROUPS; i++) {
    pid_t free_slot = 0;
    if (__atomic_compare_exchange_n(&plugin_groups[i], &free_slot, group, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
      return 0;
  }
  return -1;
}

void pipe_plugins_untrack(pid_t group) {
  for (int i = 0; i < PIPE_MAX_GROUPS; i++) {
    pid_t expected = group;
    if (__atomic_compare_exchange_n(&plugin_groups[i], &expected, 0, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
      return;
  }
}
#else
int pipe_plugins_track(pid_t group) { return 0; }
void pipe_plugins_untrack(pid_t group) {}
int pipe_plugins_kill_orphans(void) { return 0; }
void pipe_plugins_adopt_orphans(void) {}
void pipe_plugins_end_all(void) {}
#endif
