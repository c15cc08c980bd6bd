/* SPDX-License-Identifier: MIT */
/* style.c: colours or none (style.h). */
#include "style.h"

#include <stddef.h>

/* The players' colours of the browser game (examples/web/style.css): A
 * blue, B red, C green, D dark gold (256-colour 136: plain yellow fades on
 * a light background), all bold. Refusals in bold magenta, which no player
 * has. */
static const style colored = {
    {"\033[1;34m", "\033[1;31m", "\033[1;32m", "\033[1;38;5;136m"},
    "\033[1m",
    "\033[1;35m",
    "\033[0m",
};

static const style plain = {{"", "", "", ""}, "", "", ""};

const style *style_color(void) { return &colored; }

const style *style_plain(void) { return &plain; }

int style_wanted(int forbidden, const char *no_color, int is_terminal)
{
    return !forbidden && (no_color == NULL || no_color[0] == '\0') && is_terminal;
}
