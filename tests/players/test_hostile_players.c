/* SPDX-License-Identifier: MIT */
/*
 * players.h used as a careless or malicious program would (issue "The last
 * mile", item 3): each test is a finding of that pass, failing before its
 * fix. Weights files no loader should take or wait on, option values in
 * notations the documentation does not give, and networks whose integer or
 * float arithmetic could overflow.
 */
#define _POSIX_C_SOURCE 200809L /* mkfifo(), alarm() */

#include <fcntl.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <math.h>

#include <cmocka.h>

#include "az_file.h"
#include "builders.h"
#include "nnue_file.h"
#include <packeis/players.h>

/* A file name of this test's own. */
static const char *temp_path(const char *name)
{
    static char path[256];
    snprintf(path, sizeof path, "/tmp/test_hostile_players_%ld_%s", (long)getpid(), name);
    return path;
}

/* Loading `path` is refused with a sentence naming it and saying `words`. */
static void refused(const char *path, const char *words)
{
    packeis_player_az_net *net = (packeis_player_az_net *)1;
    char why[512] = "";
    assert_int_equal(packeis_player_az_load(path, &net, why, sizeof why), -1);
    assert_null(net);
    if (!strstr(why, words) || !strstr(why, path))
        fail_msg("'%s' does not name '%s' and say '%s'", why, path, words);
}

/* ---- a FIFO as the weights file ---------------------------------------- */

/* weights=FIFO that no program writes to: open() waited for a writer
 * forever (packeis-engine's setoption hung, beyond the reach of stop and
 * quit). Now refused at once; the alarm ends the test where it would hang. */
static void fifo_without_writer_refused(void **state)
{
    (void)state;
    const char *path = temp_path("fifo");
    assert_int_equal(mkfifo(path, 0600), 0);
    alarm(20);
    refused(path, "a FIFO no program writes to");
    packeis_player *p;
    assert_int_equal(packeis_player_new("az", 1, &p), 0);
    const char *why = NULL;
    assert_int_equal(packeis_player_set_option(p, "weights", path, &why), -1);
    assert_non_null(strstr(why, "a FIFO no program writes to"));
    alarm(0);
    packeis_player_free(p);
    remove(path);
}

typedef struct fifo_reader {
    const char *path;
    int result;
    char why[512];
} fifo_reader;

static void *read_fifo(void *context)
{
    fifo_reader *reader = context;
    packeis_player_az_net *net = NULL;
    reader->result =
        packeis_player_az_load(reader->path, &net, reader->why, sizeof reader->why);
    if (reader->result == 0 && packeis_player_az_version(net) != 2)
        reader->result = 99;
    packeis_player_az_free(net);
    return NULL;
}

/* A FIFO a program writes a good file into is still read: the writer
 * there first (opened O_RDWR, which does not wait on Linux), the reader
 * in a thread, the file longer than a pipe holds so that it cannot all be
 * written before the reader comes. */
static void fifo_with_writer_read(void **state)
{
    (void)state;
    char made[256], fifo_path[256];
    snprintf(made, sizeof made, "%s", temp_path("fifo.pkaz"));
    nnue_file *f = nnue_file_random(1, 256, 32, 3); /* 240 KB */
    assert_int_equal(nnue_file_write(made, f, 0, 0), 0);
    nnue_file_free(f);
    FILE *in = fopen(made, "rb");
    assert_non_null(in);
    snprintf(fifo_path, sizeof fifo_path, "%s", temp_path("fifo"));
    assert_int_equal(mkfifo(fifo_path, 0600), 0);
    int writer = open(fifo_path, O_RDWR);
    assert_true(writer >= 0);
    alarm(60);
    fifo_reader reader = {.path = fifo_path, .result = -9};
    pthread_t thread;
    assert_int_equal(pthread_create(&thread, NULL, read_fifo, &reader), 0);
    char block[4096];
    size_t got;
    while ((got = fread(block, 1, sizeof block, in)) > 0)
        assert_int_equal(write(writer, block, got), (ssize_t)got);
    close(writer);
    pthread_join(thread, NULL);
    alarm(0);
    if (reader.result != 0)
        fail_msg("%d: %s", reader.result, reader.why);
    fclose(in);
    remove(made);
    remove(fifo_path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fifo_without_writer_refused),
        cmocka_unit_test(fifo_with_writer_read),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
