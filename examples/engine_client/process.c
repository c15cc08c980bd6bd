/* SPDX-License-Identifier: MIT */
/* process.c: an engine as a child process (process.h). */
#define _GNU_SOURCE  /* pipe2: pipes created close-on-exec at once, race-free between threads  \
                      */

#include "process.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

double process_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int process_start(process *p, const char *command)
{
    memset(p, 0, sizeof *p);
    p->pid = -1;
    p->to_child = p->from_child = -1;
    int in[2], out[2];
    if (pipe2(in, O_CLOEXEC) != 0)
        return -1;
    if (pipe2(out, O_CLOEXEC) != 0) {
        close(in[0]);
        close(in[1]);
        return -1;
    }
    /* Everything the child needs is made before fork: after it, in a
     * program with threads, the child may only call async-signal-safe
     * functions until exec. */
    size_t length = strlen(command);
    char *script = malloc(length + 6);
    if (!script) {
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        errno = ENOMEM;
        return -1;
    }
    memcpy(script, "exec ", 5);
    memcpy(script + 5, command, length + 1);
    pid_t pid = fork();
    if (pid == 0) {
        /* A process group of its own, so that process_end() also stops
         * whatever the engine started (its children would otherwise live on
         * with parent 1). */
        if (setpgid(0, 0) != 0 || dup2(in[0], STDIN_FILENO) < 0 ||
            dup2(out[1], STDOUT_FILENO) < 0)
            _exit(127);
        execl("/bin/sh", "sh", "-c", script, (char *)NULL);
        _exit(127);
    }
    int saved = errno;
    free(script);
    close(in[0]);
    close(out[1]);
    if (pid < 0) {
        close(in[1]);
        close(out[0]);
        errno = saved;
        return -1;
    }
    p->pid = pid;
    p->to_child = in[1];
    p->from_child = out[0];
    return 0;
}

int process_send(process *p, const char *line)
{
    size_t length = strlen(line);
    char *text = malloc(length + 1);
    if (!text)
        return -1;
    memcpy(text, line, length);
    text[length] = '\n';
    size_t done = 0;
    while (done <= length) {
        ssize_t n = write(p->to_child, text + done, length + 1 - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        done += (size_t)n;
    }
    free(text);
    return done == length + 1 ? 0 : -1;
}

/* Drops buffered bytes of a line cut short, up to and with its line feed;
 * whether the line's end was reached. */
static int drop_rest_of_line(process *p)
{
    char *end = memchr(p->buffer, '\n', p->buffered);
    size_t used = end ? (size_t)(end - p->buffer) + 1 : p->buffered;
    memmove(p->buffer, p->buffer + used, p->buffered - used);
    p->buffered -= used;
    return end != NULL;
}

/* Moves the first line of the buffer into p->line, if there is one. A line
 * longer than the buffer is cut: its start is the line, the rest dropped
 * as it comes (read as lines of their own, its tail would be garbage from
 * an engine that wrote a long info line, which the protocol allows). */
static int take_line(process *p)
{
    if (p->cutting) {
        p->cutting = !drop_rest_of_line(p);
        if (p->cutting)
            return 0;
    }
    char *end = memchr(p->buffer, '\n', p->buffered);
    if (!end && p->buffered < sizeof p->buffer)
        return 0;
    p->cutting = !end;
    size_t length = end ? (size_t)(end - p->buffer) : p->buffered;
    size_t kept = length < sizeof p->line ? length : sizeof p->line - 1;
    memcpy(p->line, p->buffer, kept);
    p->line[kept] = '\0';
    if (kept > 0 && p->line[kept - 1] == '\r')
        p->line[kept - 1] = '\0';
    size_t used = end ? length + 1 : length;
    memmove(p->buffer, p->buffer + used, p->buffered - used);
    p->buffered -= used;
    return 1;
}

read_status process_read(process *p, double deadline)
{
    for (;;) {
        if (take_line(p))
            return READ_LINE;
        double left = deadline - process_now();
        if (left <= 0)
            return READ_TIMEOUT;
        struct pollfd fd = {p->from_child, POLLIN, 0};
        int ready = poll(&fd, 1, (int)(left * 1000.0) + 1);
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready < 0)
            return READ_CLOSED;
        if (ready == 0)
            continue; /* the deadline is checked above */
        ssize_t n =
            read(p->from_child, p->buffer + p->buffered, sizeof p->buffer - p->buffered);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return READ_CLOSED;
        p->buffered += (size_t)n;
    }
}

/* Whether the engine has exited, without reaping it: while it is not
 * reaped its process id cannot be reused, so its group can be killed
 * safely. */
static int has_exited(pid_t pid)
{
    siginfo_t info;
    memset(&info, 0, sizeof info);
    return waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
           info.si_pid == pid;
}

int process_exited(const process *p) { return p->pid > 0 && has_exited(p->pid); }

int process_end(process *p, double grace)
{
    int status = 0;
    if (p->pid <= 0)
        return 0;
    if (p->to_child >= 0) {
        process_send(p, "quit");
        close(p->to_child);
        p->to_child = -1;
    }
    double deadline = process_now() + grace;
    while (!has_exited(p->pid) && process_now() < deadline) {
        struct timespec pause = {0, 5 * 1000 * 1000};
        nanosleep(&pause, NULL);
    }
    /* The whole group: the engine if it is still there, and anything it
     * started that is still running, then the engine is reaped. */
    kill(-p->pid, SIGKILL);
    kill(p->pid, SIGKILL); /* if it could not make its group */
    waitpid(p->pid, &status, 0);
    p->status = status;
    if (p->from_child >= 0)
        close(p->from_child);
    p->from_child = -1;
    p->pid = -1;
    return status;
}
