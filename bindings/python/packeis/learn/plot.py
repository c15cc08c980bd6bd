# SPDX-License-Identifier: MIT
"""Strength by generation as a picture: the rows of a strength table
(``iterate``'s ``strength.json``: a row per model with ``mcts_score``,
``mcts_low``, ``mcts_high``, the same for ``alphabeta`` where measured
and, from the second model on, for ``previous``) drawn as scores with their 95 % intervals, one point per
model, matplotlib's Agg backend."""
from __future__ import annotations

import json
from typing import Optional, Sequence

__all__ = ["strength_png", "load_table"]

DEFAULT_TITLE = "strength by generation"
_SERIES = (("mcts", "against mcts"), ("alphabeta", "against alphabeta"),
           ("previous", "against the previous model"))


def load_table(path: str) -> list:
    """The rows of a ``strength.json``."""
    with open(path) as file:
        rows = json.load(file)
    if not isinstance(rows, list) or not all(isinstance(row, dict) for row in rows):
        raise ValueError(f"'{path}': not a strength table (a JSON list of rows)")
    return rows


def strength_png(rows: Sequence[dict], path: str, title: Optional[str] = None) -> str:
    """Draws ``rows`` into the PNG ``path`` (returned): for each series the
    rows that have its score, at their place in the table, with error bars
    from ``*_low`` to ``*_high``; the models' names label the axis."""
    if not rows:
        raise ValueError("no rows to draw")
    import matplotlib  # noqa: PLC0415 - only when drawn
    matplotlib.use("Agg")
    from matplotlib import pyplot  # noqa: PLC0415
    figure, axis = pyplot.subplots(figsize=(7, 3.8))
    for offset, (name, label) in zip((-0.08, 0, 0.08), _SERIES):
        places = [i for i, row in enumerate(rows) if f"{name}_score" in row]
        if not places:
            continue
        scores = [100 * rows[i][f"{name}_score"] for i in places]
        below = [score - 100 * rows[i][f"{name}_low"] for score, i in zip(scores, places)]
        above = [100 * rows[i][f"{name}_high"] - score for score, i in zip(scores, places)]
        axis.errorbar([i + offset for i in places], scores, yerr=[below, above], marker="o",
                      capsize=4, label=label)
    axis.axhline(50, color="grey", linewidth=0.8, linestyle=":")
    axis.set_xticks(range(len(rows)))
    axis.set_xticklabels([str(row.get("model", i + 1)) for i, row in enumerate(rows)],
                         fontsize=8)
    axis.set_ylim(0, 100)
    axis.set_ylabel("score of the model, % (95 % interval)")
    axis.set_title(title or DEFAULT_TITLE)
    axis.legend(loc="lower right", fontsize=8)
    figure.tight_layout()
    figure.savefig(path, dpi=80)
    pyplot.close(figure)
    return path
