/* SPDX-License-Identifier: MIT */
/* packeis.h, "Status codes": names and messages. */
#include "internal.h"

typedef struct pk_status_text {
    const char *name;
    const char *message;
} pk_status_text;

#define PK_STATUS(code, message) [code] = {#code, message}

static const pk_status_text pk_status_texts[PACKEIS_STATUS_COUNT] = {
    PK_STATUS(PACKEIS_OK, "success"),
    PK_STATUS(PACKEIS_E_INVALID_ARGUMENT, "invalid argument"),
    PK_STATUS(PACKEIS_E_OUT_OF_RANGE, "index out of range"),
    PK_STATUS(PACKEIS_E_OUT_OF_MEMORY, "out of memory"),
    PK_STATUS(PACKEIS_E_BUFFER_TOO_SMALL, "buffer too small"),
    PK_STATUS(PACKEIS_E_GAME_OVER, "game over"),
    PK_STATUS(PACKEIS_E_WRONG_PHASE, "move of the wrong kind for this phase"),
    PK_STATUS(PACKEIS_E_NOT_YOUR_PENGUIN, "no penguin of the player to act on that floe"),
    PK_STATUS(PACKEIS_E_NOT_IN_LINE, "destination not in a straight line from the penguin"),
    PK_STATUS(PACKEIS_E_BLOCKED_BY_PENGUIN, "a penguin is in the way"),
    PK_STATUS(PACKEIS_E_BLOCKED_BY_GAP, "a gap in the ice is in the way"),
    PK_STATUS(PACKEIS_E_OCCUPIED, "a penguin is already on that floe"),
    PK_STATUS(PACKEIS_E_NOT_ONE_FISH, "penguins are placed on one-fish floes only"),
    PK_STATUS(PACKEIS_E_NOTHING_TO_UNDO, "nothing to undo"),
    PK_STATUS(PACKEIS_E_NOTHING_TO_REDO, "nothing to redo"),
    PK_STATUS(PACKEIS_E_DUPLICATE_CELL, "layout has two floes on one cell"),
    PK_STATUS(PACKEIS_E_MIXED_PARITY, "layout mixes cells of both parities"),
    PK_STATUS(PACKEIS_E_FISH_OUT_OF_RANGE, "floe with fewer than 1 or more than 3 fish"),
    PK_STATUS(PACKEIS_E_TOO_MANY_CELLS, "layout has more than 64 floes"),
    PK_STATUS(PACKEIS_E_NO_CELLS, "layout has no floes"),
    PK_STATUS(PACKEIS_E_COORD_OUT_OF_RANGE, "layout coordinate out of range"),
    PK_STATUS(PACKEIS_E_TOO_FEW_FLOES, "too few floes to place every penguin"),
    PK_STATUS(PACKEIS_E_MALFORMED_TEXT, "malformed text"),
    PK_STATUS(PACKEIS_E_INVALID_POSITION, "position the rules cannot reach"),
    PK_STATUS(PACKEIS_E_STOPPED, "stopped by the caller's progress callback"),
};

static const pk_status_text *pk_status_text_of(packeis_status status)
{
    if (status < 0 || status >= PACKEIS_STATUS_COUNT)
        return NULL;
    return &pk_status_texts[status];
}

const char *packeis_strerror(packeis_status status)
{
    const pk_status_text *text = pk_status_text_of(status);
    return text ? text->message : "unknown status";
}

const char *packeis_status_name(packeis_status status)
{
    const pk_status_text *text = pk_status_text_of(status);
    return text ? text->name : NULL;
}
