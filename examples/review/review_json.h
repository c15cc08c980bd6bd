/* SPDX-License-Identifier: MIT */
/*
 * review_json.h: reviews as JSON, the one schema of every surface
 * (doc/formats.md, "Review (JSON)").
 */
#ifndef PACKEIS_EXAMPLES_REVIEW_JSON_H
#define PACKEIS_EXAMPLES_REVIEW_JSON_H

#include <stdio.h>

#include "reviewed.h"
#include "reviewer.h"

/* The document: the reviewer, then each game (reviewed, or its error). */
void review_json(FILE *out, const review_setup *setup, const reviewed_game *games,
                 size_t count);

#endif
