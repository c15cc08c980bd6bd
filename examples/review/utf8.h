/* SPDX-License-Identifier: MIT */
/* utf8.h: text from files and file names, which need not be UTF-8, made
 * fit for JSON and XML documents, which must be. */
#ifndef PACKEIS_EXAMPLES_REVIEW_UTF8_H
#define PACKEIS_EXAMPLES_REVIEW_UTF8_H

#include <stddef.h>

/* The length of the well-formed UTF-8 sequence at `text` (1 to 4), or 0
 * for a byte that starts none (an invalid, overlong, surrogate or
 * truncated sequence): a writer puts U+FFFD for it, as Python's
 * errors="replace" does, and goes on with the next byte. */
size_t utf8_sequence(const unsigned char *text);

#endif
