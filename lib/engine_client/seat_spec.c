/* SPDX-License-Identifier: MIT */
/* seat_spec.c: the seat notation (seat_spec.h). */
#include "seat_spec.h"

#include <stdio.h>
#include <string.h>

int seat_spec_parse(const char *text, seat_spec *out, char *why, size_t why_size)
{
    memset(out, 0, sizeof *out);
    if (strcmp(text, "human") == 0) {
        out->kind = SEAT_HUMAN;
        snprintf(out->who.label, sizeof out->who.label, "human");
        return 0;
    }
    out->kind = SEAT_COMPUTER;
    if (strncmp(text, "engine:", 7) == 0) {
        if (text[7 + strspn(text + 7, " \t")] == '\0') {
            snprintf(why, why_size, "'%s': the engine's command is missing", text);
            return -1;
        }
        time_control tc = seat_time_control(out);
        return participant_engine(&out->who, text + 7, &tc, why, why_size);
    }
    return participant_builtin(&out->who, text, why, why_size); /* packeis_player_from_spec */
}

time_control seat_time_control(const seat_spec *spec)
{
    time_control tc = {0};
    tc.grace_ms = SEAT_GRACE_MS;
    tc.timeout_ms = SEAT_TIMEOUT_MS;
    tc.startup_ms = SEAT_STARTUP_MS;
    return participant_time_control(&spec->who, &tc);
}
