/* SPDX-License-Identifier: MIT */
/* input.c: lines typed by a person (input.h). */
#include "input.h"

input_status input_read(FILE *in, char line[INPUT_LINE_MAX + 1])
{
    size_t length = 0;
    int too_long = 0, c, any = 0;
    while ((c = getc(in)) != EOF) {
        any = 1;
        if (c == '\n')
            break;
        if (length == INPUT_LINE_MAX) {
            too_long = 1;
            continue;
        }
        /* A tab separates words as a blank does; other control bytes are
         * shown as '?' (echoed, they would move the cursor). */
        char shown = (c >= 0x20 && c < 0x7f) || c == '\r' ? (char)c : '?';
        line[length++] = c == '\t' ? ' ' : shown;
    }
    if (length > 0 && line[length - 1] == '\r')
        length--;
    line[length] = '\0';
    for (size_t i = 0; i < length; i++)
        if (line[i] == '\r') /* would move the cursor when echoed */
            line[i] = '?';
    if (!any)
        return INPUT_END;
    return too_long ? INPUT_TOO_LONG : INPUT_LINE;
}
