/* SPDX-License-Identifier: MIT */
/*
 * process.h: an engine as a child process, its standard input and output on
 * pipes: start it, write it lines, read its lines under a deadline, end it.
 * Safe to use from several threads at once on distinct processes (the pipes
 * are close-on-exec, so no engine inherits another's).
 */
#ifndef PACKEIS_ENGINE_CLIENT_PROCESS_H
#define PACKEIS_ENGINE_CLIENT_PROCESS_H

#include <stddef.h>
#include <sys/types.h>

typedef struct process {
    pid_t pid;
    int to_child;   /* its standard input */
    int from_child; /* its standard output */
    char buffer[4096];
    size_t buffered;
    char line[4096]; /* the last line read, NUL-terminated (longer lines are cut) */
    int cutting;     /* the rest of a line cut short is still to be dropped */
    int status;      /* once ended, its exit status as waitpid() reported it */
} process;

typedef enum read_status {
    READ_LINE,    /* p->line holds the next line */
    READ_TIMEOUT, /* nothing before the deadline */
    READ_CLOSED   /* the engine closed its output (it exited or crashed) */
} read_status;

/* From now on, SIGINT, SIGTERM and SIGHUP kill every engine's process
 * group before they end the program as they would have: an engine runs in
 * a group of its own, which a Ctrl-C at the terminal does not reach, and
 * one that hangs would live on with parent 1. */
void process_end_all_on_signal(void);

/* Starts `sh -c 'exec COMMAND'`. Returns 0, or -1 with errno. */
int process_start(process *p, const char *command);

/* Writes a line (a newline is added). Returns 0, or -1 if the engine no
 * longer reads (it exited). */
int process_send(process *p, const char *line);

/* Reads the next line, waiting until `deadline` (seconds, as process_now()). */
read_status process_read(process *p, double deadline);

/* A monotonic clock in seconds. */
double process_now(void);

/* Whether the engine has exited (it is not reaped: process_end() does). */
int process_exited(const process *p);

/* Sends quit, gives the engine `grace` seconds to exit, then kills its whole
 * process group (the engine if it is still running, and whatever it
 * started), and reaps it. Returns its exit status as waitpid() reports it. */
int process_end(process *p, double grace);

#endif
