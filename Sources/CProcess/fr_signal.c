#define _GNU_SOURCE
#include "fr_process.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t writeEnd = -1;

static void forward(int number) {
    int saved = errno;
    unsigned char byte = (unsigned char)number;
    if (writeEnd >= 0) (void)write(writeEnd, &byte, 1);
    errno = saved;
}

int fr_signal_pipe_open(const int *signals, int count) {
    int ends[2];
    if (pipe2(ends, O_CLOEXEC | O_NONBLOCK) != 0) return -1;
    // The reader blocks; only the handler's end must never block.
    fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) & ~O_NONBLOCK);
    writeEnd = ends[1];
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = forward;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    for (int index = 0; index < count; index++) sigaction(signals[index], &action, NULL);
    return ends[0];
}

void fr_signal_pipe_close(const int *signals, int count) {
    for (int index = 0; index < count; index++) signal(signals[index], SIG_DFL);
    int end = writeEnd;
    writeEnd = -1;
    if (end >= 0) close(end);
}
