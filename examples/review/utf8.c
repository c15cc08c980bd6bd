/* SPDX-License-Identifier: MIT */
/* utf8.c: see utf8.h. */
#include "utf8.h"

/* Whether `byte` continues a sequence (10xxxxxx). */
static int continuation(unsigned char byte) { return (byte & 0xc0) == 0x80; }

size_t utf8_sequence(const unsigned char *text)
{
    unsigned char lead = text[0];
    if (lead < 0x80)
        return 1;
    /* The ranges of RFC 3629's table: no overlong forms (C0, C1, E0 80-9F,
     * F0 80-8F), no surrogates (ED A0-BF), nothing past U+10FFFF. */
    size_t length = lead >= 0xc2 && lead <= 0xdf   ? 2
                    : lead >= 0xe0 && lead <= 0xef ? 3
                    : lead >= 0xf0 && lead <= 0xf4 ? 4
                                                   : 0;
    if (length == 0 || !continuation(text[1]))
        return 0;
    if ((lead == 0xe0 && text[1] < 0xa0) || (lead == 0xed && text[1] > 0x9f) ||
        (lead == 0xf0 && text[1] < 0x90) || (lead == 0xf4 && text[1] > 0x8f))
        return 0;
    for (size_t i = 2; i < length; i++)
        if (!continuation(text[i]))
            return 0;
    return length;
}
