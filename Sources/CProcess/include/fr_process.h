#ifndef FR_PROCESS_H
#define FR_PROCESS_H

#include <sys/types.h>

/// Starts `path` with `argv` and `envp` (each NULL-terminated) through posix_spawn: standard input from one end of a new socket pair,
/// standard output and standard error into one new pipe, no other descriptor
/// inherited (closefrom 3), no signal blocked and SIGINT, SIGTERM, SIGHUP,
/// SIGPIPE at their defaults. On success returns 0 and sets `pid`, `input`
/// (the socket the caller writes the worker's input to, see `fr_send_all`)
/// and `output` (the pipe's read end), both close-on-exec and owned by the
/// caller; otherwise returns an errno value.
int fr_spawn_worker(const char *path, char *const argv[], char *const envp[], pid_t *pid, int *input, int *output);

/// Writes all `count` bytes to `socket` without raising SIGPIPE when the
/// other end is closed (`send` with MSG_NOSIGNAL); returns 0 or an errno value.
int fr_send_all(int socket, const void *bytes, size_t count);

/// Forks the calling, single-threaded process for one job: returns the child's
/// pid in the parent, 0 in the child, -1 (errno set) on failure. The child is
/// killed (SIGKILL) when its parent dies, so a stopped worker leaves no job running.
pid_t fr_fork_job(void);

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
