/* SPDX-License-Identifier: MIT */
/* Version, limits and status messages. */
#include "internal.h"

int packeis_version(void) { return PACKEIS_VERSION_NUMBER; }

const char *packeis_version_string(void) { return PACKEIS_VERSION_STRING; }

size_t packeis_max_moves(void) { return PACKEIS_MAX_MOVES; }

int packeis_max_cells(void) { return PACKEIS_MAX_CELLS; }

static const char *const pk_messages[] = {
    [PACKEIS_OK] = "success",
    [PACKEIS_E_INVALID_ARGUMENT] = "invalid argument",
    [PACKEIS_E_OUT_OF_RANGE] = "index out of range",
    [PACKEIS_E_OUT_OF_MEMORY] = "out of memory",
    [PACKEIS_E_BUFFER_TOO_SMALL] = "buffer too small",
    [PACKEIS_E_ILLEGAL_MOVE] = "illegal move",
    [PACKEIS_E_WRONG_PHASE] = "move of the wrong kind for this phase",
    [PACKEIS_E_GAME_OVER] = "game over",
    [PACKEIS_E_NOTHING_TO_UNDO] = "nothing to undo",
    [PACKEIS_E_DUPLICATE_CELL] = "layout has two floes on one cell",
    [PACKEIS_E_MIXED_PARITY] = "layout mixes cells of both parities",
    [PACKEIS_E_FISH_OUT_OF_RANGE] = "floe with fewer than 1 or more than 3 fish",
    [PACKEIS_E_TOO_MANY_CELLS] = "layout has more than 64 floes",
    [PACKEIS_E_NO_CELLS] = "layout has no floes",
    [PACKEIS_E_COORD_OUT_OF_RANGE] = "layout coordinate out of range",
    [PACKEIS_E_TOO_FEW_FLOES] = "too few floes to place every penguin",
    [PACKEIS_E_MALFORMED_TEXT] = "malformed text",
    [PACKEIS_E_INVALID_POSITION] = "position the rules cannot reach",
};

const char *packeis_strerror(packeis_status status)
{
    size_t known = sizeof pk_messages / sizeof pk_messages[0];
    if (status < 0 || (size_t)status >= known || !pk_messages[status])
        return "unknown status";
    return pk_messages[status];
}
