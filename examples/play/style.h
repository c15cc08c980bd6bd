/* SPDX-License-Identifier: MIT */
/*
 * style.h: the colours of packeis-play, as ANSI escape sequences or empty
 * strings. Only bold and the basic 8 colours, never a background: they read
 * on light and dark terminals alike. Colours are used when standard output
 * is a terminal, NO_COLOR (https://no-color.org) is unset or empty, and
 * --no-color was not given.
 */
#ifndef PACKEIS_PLAY_STYLE_H
#define PACKEIS_PLAY_STYLE_H

#include <packeis/packeis.h>

typedef struct style {
    const char *player[PACKEIS_MAX_PLAYERS]; /* each player's penguins and name */
    const char *strong;                      /* bold: headings, the last move */
    const char *error;                       /* a refused move or command */
    const char *reset;                       /* back to the terminal's own colours */
} style;

/* The style with colours, and the one without (every string ""). */
const style *style_color(void);
const style *style_plain(void);

/* Whether to colour: `forbidden` (--no-color) is 0, `no_color` (the value of
 * NO_COLOR, or NULL) is unset or empty, and `is_terminal` is non-zero. */
int style_wanted(int forbidden, const char *no_color, int is_terminal);

#endif
