// pipe2 and posix_spawn_file_actions_addclosefrom_np are GNU extensions,
// which Swift's Glibc module does not declare.
#define _GNU_SOURCE
#include "fr_process.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <unistd.h>

int fr_spawn_worker(const char *path, char *const argv[], char *const envp[], pid_t *pid, int *input, int *output) {
    int ends[2], inputs[2];
    if (pipe2(ends, O_CLOEXEC) != 0) return errno;
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, inputs) != 0) {
        int failure = errno;
        close(ends[0]);
        close(ends[1]);
        return failure;
    }
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    int status = posix_spawn_file_actions_init(&actions);
    if (status != 0) goto closePipe;
    status = posix_spawnattr_init(&attributes);
    if (status != 0) goto destroyActions;
    sigset_t none, handled;
    sigemptyset(&none);
    sigemptyset(&handled);
    sigaddset(&handled, SIGINT);
    sigaddset(&handled, SIGTERM);
    sigaddset(&handled, SIGHUP);
    sigaddset(&handled, SIGPIPE);
    if ((status = posix_spawn_file_actions_adddup2(&actions, inputs[1], 0)) == 0 &&
        (status = posix_spawn_file_actions_adddup2(&actions, ends[1], 1)) == 0 &&
        (status = posix_spawn_file_actions_adddup2(&actions, ends[1], 2)) == 0 &&
        (status = posix_spawn_file_actions_addclosefrom_np(&actions, 3)) == 0 &&
        (status = posix_spawnattr_setsigmask(&attributes, &none)) == 0 &&
        (status = posix_spawnattr_setsigdefault(&attributes, &handled)) == 0 &&
        (status = posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)) == 0) {
        status = posix_spawn(pid, path, &actions, &attributes, argv, envp);
    }
    posix_spawnattr_destroy(&attributes);
destroyActions:
    posix_spawn_file_actions_destroy(&actions);
closePipe:
    close(ends[1]);
    close(inputs[1]);
    if (status != 0) {
        close(ends[0]);
        close(inputs[0]);
        return status;
    }
    *input = inputs[0];
    *output = ends[0];
    return 0;
}

int fr_send_all(int socket, const void *bytes, size_t count) {
    const char *next = bytes;
    while (count > 0) {
        ssize_t sent = send(socket, next, count, MSG_NOSIGNAL);
        if (sent < 0) {
            if (errno == EINTR) continue;
            return errno;
        }
        next += sent;
        count -= (size_t)sent;
    }
    return 0;
}

pid_t fr_fork_job(void) {
    pid_t parent = getpid();
    pid_t child = fork();
    if (child != 0) return child;
    // The job must not outlive its worker: the parent stops workers, not their jobs.
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent) _exit(127);
    return 0;
}
