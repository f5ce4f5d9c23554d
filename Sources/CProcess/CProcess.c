#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
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

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/syscall.h>
#endif

/// One spawn asked of the spawner thread.
struct spawn_request {
  const char *path;
  char *const *arguments;
  char *const *environment;
  int in, out, err;
  pid_t result;
  int done;
};

static pthread_mutex_t spawn_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t spawn_changed = PTHREAD_COND_INITIALIZER;
static struct spawn_request *spawn_pending;
static pthread_once_t spawner_once = PTHREAD_ONCE_INIT;

/// Closes every descriptor from `first` on but `keep`: close_range where the kernel has it,
/// else one by one.
static void close_from(int first, int keep) {
#if defined(__linux__) && defined(SYS_close_range)
  if (syscall(SYS_close_range, (unsigned)first, (unsigned)keep - 1, 0) == 0
      && syscall(SYS_close_range, (unsigned)keep + 1, ~0U, 0) == 0)
    return;
#endif
  long limit = sysconf(_SC_OPEN_MAX);
  if (limit < 0 || limit > 65536) limit = 65536;
  for (int fd = first; fd < limit; fd++)
    if (fd != keep) close(fd);
}

/// In the child, between fork and exec: async-signal-safe calls only. Reports errno on
/// `report` (close-on-exec) when it cannot exec.
static void become_plugin(struct spawn_request *request, pid_t parent, int report) {
  setpgid(0, 0);
#ifdef __linux__
  // The child dies with pipe, however pipe ends (SIGKILL too). The parent may have died
  // before the prctl: then the child is already someone else's, and goes.
  if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0 || getppid() != parent) _exit(127);
#else
  (void)parent;
#endif
  struct sigaction fallback = {0};
  fallback.sa_handler = SIG_DFL;
  for (int number = 1; number < NSIG; number++) sigaction(number, &fallback, NULL);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  if (dup2(request->in, 0) < 0 || dup2(request->out, 1) < 0 || dup2(request->err, 2) < 0) {
    int code = errno;
    (void)!write(report, &code, sizeof code);
    _exit(127);
  }
  close_from(3, report);
  execve(request->path, request->arguments, request->environment);
  int code = errno;
  (void)!write(report, &code, sizeof code);
  _exit(127);
}

static pid_t fork_plugin(struct spawn_request *request) {
  int report[2];
#ifdef __linux__
  if (pipe2(report, O_CLOEXEC) != 0) return -errno;
#else
  if (pipe(report) != 0) return -errno;
  fcntl(report[0], F_SETFD, FD_CLOEXEC);
  fcntl(report[1], F_SETFD, FD_CLOEXEC);
#endif
  pid_t parent = getpid();
  pid_t pid = fork();
  if (pid == 0) become_plugin(request, parent, report[1]);
  int code = errno;
  close(report[1]);
  if (pid < 0) {
    close(report[0]);
    return -code;
  }
  int failed = 0;
  ssize_t got;
  while ((got = read(report[0], &failed, sizeof failed)) < 0 && errno == EINTR) {}
  close(report[0]);
  if (got == sizeof failed) {
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {}
    return -failed;
  }
  return pid;
}

/// The thread every plugin is forked from, for the life of pipe: the death signal of
/// PR_SET_PDEATHSIG comes when the thread that forked the child ends, not the process, and
/// a pool's thread may end when idle.
static void *spawner(void *unused) {
  (void)unused;
  pthread_mutex_lock(&spawn_lock);
  for (;;) {
    while (spawn_pending == NULL) pthread_cond_wait(&spawn_changed, &spawn_lock);
    struct spawn_request *request = spawn_pending;
    spawn_pending = NULL;
    request->result = fork_plugin(request);
    request->done = 1;
    pthread_cond_broadcast(&spawn_changed);
  }
  return NULL;
}

static pthread_t spawner_thread;
static int spawner_started;

static void start_spawner(void) {
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
  spawner_started = pthread_create(&spawner_thread, &attributes, spawner, NULL) == 0;
  pthread_attr_destroy(&attributes);
}

pid_t pipe_spawn_plugin(const char *path, char *const arguments[], char *const environment[], int in, int out,
                        int err) {
  pthread_once(&spawner_once, start_spawner);
  if (!spawner_started) return -EAGAIN;
  struct spawn_request request = {path, arguments, environment, in, out, err, 0, 0};
  pthread_mutex_lock(&spawn_lock);
  while (spawn_pending != NULL) pthread_cond_wait(&spawn_changed, &spawn_lock);
  spawn_pending = &request;
  pthread_cond_broadcast(&spawn_changed);
  while (!request.done) pthread_cond_wait(&spawn_changed, &spawn_lock);
  pthread_mutex_unlock(&spawn_lock);
  return request.result;
}

