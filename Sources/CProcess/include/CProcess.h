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

#include <sys/types.h>

/// Notes a plugin's process group (its leader's pid), so that pipe ends it on every way out.
/// The first call registers `pipe_plugins_end_all` with atexit, and installs handlers for
/// SIGTERM, SIGHUP and SIGQUIT (unless ignored) that end the plugins, then let the signal do
/// what it did before (by default: end pipe, with the signal). Returns 0, or -1 if 1024 groups
/// are noted already.
int pipe_plugins_track(pid_t group);

/// For a process that starts no child but plugins (`pipe`): makes it the subreaper of its
/// descendants (Linux: a plugin's child that called setsid() and lost its parent becomes its
/// child, not init's), and from then on every child that is no noted plugin is taken for what
/// a plugin left behind, and killed (see the two functions below). A process that starts
/// other children (a test) must not call it.
void pipe_plugins_adopt_orphans(void);

/// Forgets a plugin's process group (it has been reaped).
void pipe_plugins_untrack(pid_t group);

/// After `pipe_plugins_adopt_orphans`: kills (SIGKILL) every child of pipe that is not a noted
/// plugin, and its process group, and reaps it: what a plugin left behind when it ended.
/// Returns how many were killed.
int pipe_plugins_kill_orphans(void);

/// Kills every noted plugin group; after `pipe_plugins_adopt_orphans`, every child of pipe
/// too (and their groups), and reaps them, until pipe has no child left or half a second has
/// passed. Async-signal-safe.
void pipe_plugins_end_all(void);

/// Starts the plugin at `path` (`execve` with `arguments` and exactly `environment`, both
/// NULL-terminated) in a process group of its own, with `in`, `out` and `err` as its standard
/// input, output and error and no other descriptor of pipe's, every signal at its default and
/// none blocked; and, on Linux, with PR_SET_PDEATHSIG set to SIGKILL, so that the plugin dies
/// with pipe however pipe ends (SIGKILL too, which no handler sees). Every plugin is forked
/// from one thread that lives as long as pipe: the death signal follows the thread that forked.
/// Returns the pid, or -errno (of the exec when the file could not be run).
pid_t pipe_spawn_plugin(const char *path, char *const arguments[], char *const environment[], int in, int out,
                        int err);

#endif
