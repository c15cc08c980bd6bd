# SPDX-License-Identifier: MIT
"""The evaluation graph of a review (:func:`packeis.review.plot`), drawn
with matplotlib, which is imported only when a graph is drawn."""
from __future__ import annotations

from typing import Any

__all__ = ["plot"]

# The judgements' marks (name, colour, marker, size), in warm colours that
# no player's line has.
_MARKS = (("blunder", "#d62728", "v", 60), ("mistake", "#ff7f0e", "v", 40),
          ("inaccuracy", "#e6c229", "v", 25))
_PLAYER_COLOURS = ("#1f77b4", "#2ca02c", "#9467bd", "#8c564b")


def _game_of(result: dict, game: int) -> dict:
    if "games" not in result:
        return result  # one game's entry
    games = result["games"]
    if not -len(games) <= game < len(games):
        raise IndexError(f"game must be {-len(games)} to {len(games) - 1}, got {game}")
    return games[game]


def _curves(entry: dict) -> dict:
    """Points (ply, value) per line drawn: with 2 players player 0's value
    after every valued ply (the mover's, negated for player 1's plies);
    with 3 or 4 each player's after its own valued plies."""
    two = entry["players"] == 2
    curves: dict = {p: [] for p in range(1 if two else entry["players"])}
    for ply in entry["plies"]:
        if ply["valued"]:
            mine = ply["value_after"]
            key = 0 if two else ply["player"]
            curves[key].append((ply, mine if not two or ply["player"] == 0 else -mine))
    return curves


def plot(result: dict, ax: Any = None, game: int = 0) -> Any:
    """Draws the evaluation graph of game ``game`` of a
    :func:`packeis.review` (or of one game's entry) with matplotlib and returns the Axes (a new
    figure's when ``ax`` is None): the value (-1 ... 1) over the plies, one
    line for player 0 in a 2-player game, one per player with 3 or 4;
    blunders, mistakes and inaccuracies marked with triangles on the line of
    the player who made them, plies the solver valued exactly ringed.
    matplotlib is imported here only.

    :raises ValueError: the entry is a record that could not be reviewed.
    """
    entry = _game_of(result, game)
    if "error" in entry:
        raise ValueError(f"{entry['source']}: not reviewed: {entry['error']}")
    made = ax is None
    if made:
        from matplotlib import pyplot  # noqa: PLC0415 - only when drawn
        _, ax = pyplot.subplots(figsize=(8, 3.5))
    two = entry["players"] == 2
    exact: list = []
    marked: dict = {name: [] for name, *_ in _MARKS}
    for key, points in _curves(entry).items():
        xs = [ply["ply"] for ply, _ in points]
        ys = [value for _, value in points]
        ax.plot(xs, ys, linewidth=1.4, color=_PLAYER_COLOURS[key], gid=f"player-{key}",
                label="player A's value" if two else f"player {'ABCD'[key]}")
        for ply, value in points:
            exact += [(ply["ply"], value)] if ply["exact"] else []
            if ply["judgement"] in marked:
                marked[ply["judgement"]].append((ply["ply"], value))
    if exact:
        ax.scatter(*zip(*exact), s=70, facecolors="none", edgecolors="black", linewidths=0.8,
                   label="exact", gid="exact", zorder=3)
    for name, colour, marker, size in _MARKS:
        if marked[name]:
            ax.scatter(*zip(*marked[name]), s=size, color=colour, marker=marker, label=name,
                       gid=name, zorder=4)
    ax.set_ylim(-1.05, 1.05)
    ax.set_xlabel("ply")
    ax.set_ylabel("value (expected reward)")
    ax.set_title(f"{entry['source']}{'' if entry.get('complete', True) else ' (stopped)'}")
    ax.grid(True, linewidth=0.3)
    ax.legend(loc="best", fontsize=8)
    if made:
        ax.figure.tight_layout()
    return ax
