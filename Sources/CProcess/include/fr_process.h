#ifndef FR_PROCESS_H
#define FR_PROCESS_H

#include <sys/types.h>

/// Starts `path` with `argv` (NULL-terminated) and this process's environment
/// through posix_spawn: standard input from /dev/null, standard output and
/// standard error into one new pipe, no other descriptor inherited (closefrom 3),
/// no signal blocked and SIGINT, SIGTERM, SIGHUP, SIGPIPE at their defaults.
/// On success returns 0 and sets `pid` and `output` (the pipe's read end,
/// close-on-exec, owned by the caller); otherwise returns an errno value.
int fr_spawn_worker(const char *path, char *const argv[], pid_t *pid, int *output);

/// Installs, for each of the `count` signals, a handler that writes the
/// signal's number (one byte) to a new pipe, and returns the pipe's read end
/// (close-on-exec; the caller reads and closes it), or -1 with errno set. The
/// handler only calls write(2), so it is async-signal-safe; handlers restart
/// interrupted calls (SA_RESTART). One such pipe exists at a time.
int fr_signal_pipe_open(const int *signals, int count);

/// Puts the signals back to their default action and closes the pipe's write
/// end, so its reader sees the end of the pipe.
void fr_signal_pipe_close(const int *signals, int count);

#endif
