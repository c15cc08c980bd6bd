/* SPDX-License-Identifier: MIT */
/*
 * review_svg.h: the evaluation graph of reviewed games, as one SVG with
 * one graph per game stacked top to bottom: with 2 players the value of
 * player A after each ply (B's is its opposite), with 3 or 4 the value of
 * each player after each of its own moves; inaccuracies, mistakes and
 * blunders marked, each point's move in a tooltip.
 */
#ifndef PACKEIS_EXAMPLES_REVIEW_SVG_H
#define PACKEIS_EXAMPLES_REVIEW_SVG_H

#include <stdio.h>

#include "reviewed.h"

void review_svg(FILE *out, const reviewed_game *games, size_t count);

#endif
