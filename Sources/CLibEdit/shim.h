// The readline-compatible API of libedit, with setters and getters for its mutable globals:
// Swift 6 refuses to touch a mutable C global directly.
#ifndef PIPE_CLIBEDIT_SHIM_H
#define PIPE_CLIBEDIT_SHIM_H

#include <stdio.h>  // editline/readline.h uses FILE without including it
#include <editline/readline.h>

typedef int (*pipe_getc_function)(FILE *);
typedef char **(*pipe_completion_function)(const char *, int, int);

static inline void pipe_rl_set_getc_function(pipe_getc_function function) {
  rl_getc_function = function;
}

static inline void pipe_rl_set_catch_signals(int value) {
  rl_catch_signals = value;
  rl_catch_sigwinch = value;
}

static inline void pipe_rl_set_readline_name(const char *name) { rl_readline_name = name; }

static inline void pipe_rl_set_completion_function(pipe_completion_function function) {
  rl_attempted_completion_function = function;
}

/// Tells libedit not to fall back to file-name completion when we found nothing.
static inline void pipe_rl_set_completion_over(int value) { rl_attempted_completion_over = value; }

static inline void pipe_rl_set_completion_append_character(int character) {
  rl_completion_append_character = character;
}

static inline void pipe_rl_set_word_break_characters(const char *characters) {
  rl_basic_word_break_characters = characters;
  rl_completer_word_break_characters = (char *)characters;
}

static inline const char *pipe_rl_line_buffer(void) { return rl_line_buffer; }
static inline int pipe_rl_point(void) { return rl_point; }
static inline int pipe_rl_end(void) { return rl_end; }
static inline void pipe_rl_set_done(int value) { rl_done = value; }

#endif
