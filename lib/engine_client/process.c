/* SPDX-License-Identifier: MIT */
/* process.c: an engine as a child process (process.h). */
#define _GNU_SOURCE  /* pipe2: pipes created close-on-exec at once, race-free between threads  \
                      */

#include "process.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
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

/* The process groups of the engines running, for the handler of
 * process_end_all_on_signal(): lock-free atomics, which a signal handler
 * may read. A group is listed from before its engine can run until it is
 * killed for good (process_end()), never after it is reaped, so its number
 * cannot have been reused when the handler kills it. The slots hold
 * packeis-tournament's most (256 games at once, 4 engines each) and its
 * checks; an engine beyond them would go unlisted (it still ends with
 * process_end()). */
enum { PROCESS_LISTED = 2048 };
static atomic_int running_groups[PROCESS_LISTED];
/* Engines between fork() and their listing, and whether the handler runs:
 * it sets `dying`, then waits for `forking` to be 0; process_start() adds
 * to `forking`, then forks only if not `dying` (both sequentially
 * consistent: one of the two sees the other's write, so no engine is
 * forked unseen). Another thread may be forking when the signal comes:
 * blocking it in the forking thread alone does not cover that. */
static atomic_int forking;
static atomic_int dying;

/* The signals that end the program with its engines. */
static const int ending_signals[] = {SIGINT, SIGTERM, SIGHUP};

static void list_group(pid_t group)
{
    for (int i = 0; i < PROCESS_LISTED; i++) {
        int free_slot = 0;
        if (atomic_compare_exchange_strong(&running_groups[i], &free_slot, (int)group))
            return;
    }
}

static void unlist_group(pid_t group)
{
    for (int i = 0; i < PROCESS_LISTED; i++) {
        int listed = (int)group;
        if (atomic_compare_exchange_strong(&running_groups[i], &listed, 0))
            return;
    }
}

/* Kills every listed engine's group, then dies of `signal` as it would
 * have without the handler. Only async-signal-safe calls; the wait for
 * forks in flight is bounded (a thread stopped in its fork would
 * otherwise hold the program), about two seconds. */
static void end_engines_and_die(int signal_number)
{
    atomic_store(&dying, 1);
    for (int waits = 0; atomic_load(&forking) > 0 && waits < 2000; waits++) {
        struct timespec pause = {0, 1000 * 1000};
        nanosleep(&pause, NULL);
    }
    for (int i = 0; i < PROCESS_LISTED; i++) {
        int group = atomic_load(&running_groups[i]);
        if (group > 0)
            kill(-group, SIGKILL);
    }
    signal(signal_number, SIG_DFL);
    raise(signal_number);
}

void process_end_all_on_signal(void)
{
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = end_engines_and_die;
    sigemptyset(&action.sa_mask);
    for (size_t i = 0; i < sizeof ending_signals / sizeof ending_signals[0]; i++) {
        struct sigaction before;
        /* An ignored signal stays ignored: nohup's SIGHUP, the SIGINT of a
         * shell script's background job. */
        if (sigaction(ending_signals[i], NULL, &before) == 0 && before.sa_handler == SIG_IGN)
            continue;
        sigaction(ending_signals[i], &action, NULL);
    }
}

/* The ending signals blocked (`block`) or as they were in `saved`, from
 * before fork until the engine's group is listed: in this thread the
 * handler would wait for its own fork. */
static void block_ending_signals(int block, sigset_t *saved)
{
    if (block) {
        sigset_t ending;
        sigemptyset(&ending);
        for (size_t i = 0; i < sizeof ending_signals / sizeof ending_signals[0]; i++)
            sigaddset(&ending, ending_signals[i]);
        pthread_sigmask(SIG_BLOCK, &ending, saved);
    } else {
        pthread_sigmask(SIG_SETMASK, saved, NULL);
    }
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
    sigset_t signals;
    block_ending_signals(1, &signals);
    atomic_fetch_add(&forking, 1);
    pid_t pid = -1;
    if (atomic_load(&dying))
        errno = EINTR; /* the program is ending: no engine more */
    else
        pid = fork();
    if (pid == 0) {
        /* A process group of its own, so that process_end() also stops
         * whatever the engine started (its children would otherwise live on
         * with parent 1); the program's signal mask, not the one blocking
         * around fork. */
        if (setpgid(0, 0) != 0 || dup2(in[0], STDIN_FILENO) < 0 ||
            dup2(out[1], STDOUT_FILENO) < 0 || sigprocmask(SIG_SETMASK, &signals, NULL) != 0)
            _exit(127);
        execl("/bin/sh", "sh", "-c", script, (char *)NULL);
        _exit(127);
    }
    int saved = errno;
    if (pid > 0) {
        setpgid(pid, pid); /* as the child does: the group exists before it is listed */
        list_group(pid);
    }
    atomic_fetch_sub(&forking, 1);
    block_ending_signals(0, &signals);
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
    unlist_group(p->pid);
    waitpid(p->pid, &status, 0);
    p->status = status;
    if (p->from_child >= 0)
        close(p->from_child);
    p->from_child = -1;
    p->pid = -1;
    return status;
}
