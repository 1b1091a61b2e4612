// pipe2 and posix_spawn_file_actions_addclosefrom_np are GNU extensions,
// which Swift's Glibc module does not declare.
#define _GNU_SOURCE
#include "fr_process.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <unistd.h>

extern char **environ;

int fr_spawn_worker(const char *path, char *const argv[], pid_t *pid, int *output) {
    int ends[2];
    if (pipe2(ends, O_CLOEXEC) != 0) return errno;
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
    if ((status = posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)) == 0 &&
        (status = posix_spawn_file_actions_adddup2(&actions, ends[1], 1)) == 0 &&
        (status = posix_spawn_file_actions_adddup2(&actions, ends[1], 2)) == 0 &&
        (status = posix_spawn_file_actions_addclosefrom_np(&actions, 3)) == 0 &&
        (status = posix_spawnattr_setsigmask(&attributes, &none)) == 0 &&
        (status = posix_spawnattr_setsigdefault(&attributes, &handled)) == 0 &&
        (status = posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)) == 0) {
        status = posix_spawn(pid, path, &actions, &attributes, argv, environ);
    }
    posix_spawnattr_destroy(&attributes);
destroyActions:
    posix_spawn_file_actions_destroy(&actions);
closePipe:
    close(ends[1]);
    if (status != 0) {
        close(ends[0]);
        return status;
    }
    *output = ends[0];
    return 0;
}
