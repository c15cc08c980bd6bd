/* SPDX-License-Identifier: MIT */
/* options.h: the command line of packeis-play (options_usage() says it all). */
#ifndef PACKEIS_PLAY_OPTIONS_H
#define PACKEIS_PLAY_OPTIONS_H

#include <stdint.h>
#include <stdio.h>

#include <packeis/packeis.h>

#include "seat_spec.h"

typedef struct config {
    int players;                          /* seats, 2 to 4 (0: from the --load record) */
    seat_spec seats[PACKEIS_MAX_PLAYERS]; /* who sits where */
    int you;                              /* the first person's seat, or -1 */
    uint64_t seed;
    int seed_given; /* 0: the caller draws a seed */
    int penguins;   /* 0: the rules' number */
    int variant[PACKEIS_VARIANT_COUNT];
    const char *layout; /* a layout picture file, or NULL */
    const char *load;   /* a game record to continue, or NULL */
    seat_spec hint;     /* who gives hints */
    int no_color;       /* --no-color */
    int seats_missing;  /* --load FILE without FILE.seats: the seats not given are people */
    /* Texts made while reading the arguments, which the seats point into;
     * options_free() frees them. */
    char *owned[3 * PACKEIS_MAX_PLAYERS];
    int owned_count;
} config;

/* Reads the arguments. Bad ones print the reason and the usage hint to
 * standard error and exit with status 2; --help prints the usage to
 * standard output and exits with 0. `players_in_record` is called for
 * --load when no seat count was given (it returns the record's number of
 * players, or 0 if the file cannot be read: then the load fails later with
 * the reason). */
void options_read(int argc, char **argv, config *cfg, int (*players_in_record)(const char *));

/* Frees what options_read() made, once the seats are no longer used. */
void options_free(config *cfg);

void options_usage(FILE *out);

#endif
