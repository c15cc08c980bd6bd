# SPDX-License-Identifier: MIT
"""The evaluation graph of a review (:func:`packeis.review.plot`), drawn
with matplotlib, which is imported only when a graph is drawn."""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ._args import integer

__all__ = ["plot"]

# The judgements' marks (name, colour, marker, size), in warm colours that
# no player's line has.
_MARKS = (("blunder", "#d62728", "v", 60), ("mistake", "#ff7f0e", "v", 40),
          ("inaccuracy", "#e6c229", "v", 25))
_PLAYER_COLOURS = ("#1f77b4", "#2ca02c", "#9467bd", "#8c564b")


_JUDGEMENTS = ("good", "inaccuracy", "mistake", "blunder")
#: What no font draws and no SVG or PDF can hold: the lone surrogates by
#: which Python names a file whose name is not UTF-8 (os.fsdecode).
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def _game_of(result: Any, game: Any) -> Any:
    """The entry to draw: ``result["games"][game]``, or ``result`` itself
    when it is one game's entry."""
    if not isinstance(result, Mapping):
        raise TypeError(f"plot() draws a packeis.review() result or one of its games' "
                        f"entries (a dict), not {type(result).__name__}")
    if "games" not in result:
        return result  # one game's entry
    games = result["games"]
    if not isinstance(games, list):
        raise TypeError(f"the result's 'games' is a list, not {type(games).__name__}")
    number = integer(game, "game")  # TypeError for a bool, a float, a str
    if not -len(games) <= number < len(games):
        raise IndexError(f"game must be {-len(games)} to {len(games) - 1}, got {number}"
                         if games else "the result has no game to draw")
    return games[number]


def _checked(entry: Any) -> dict:
    """``entry`` if it is a reviewed game's entry of the review JSON, as
    far as the graph reads it; else ValueError (TypeError for what is not a
    dict) naming the field, before any figure is made."""
    if not isinstance(entry, Mapping):
        raise TypeError(f"a game's entry is a dict, not {type(entry).__name__}")
    source = entry.get("source", "the game")
    if "error" in entry:
        raise ValueError(f"{source}: not reviewed: {entry['error']}")
    for key in ("source", "players", "plies"):
        if key not in entry:
            raise ValueError(f"{source}: the entry has no {key!r} (not a game of a review)")
    players, plies = entry["players"], entry["plies"]
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
        raise ValueError(f"{source}: 'players' must be 2 to 4, not {players!r}")
    if not isinstance(plies, list):
        raise ValueError(f"{source}: 'plies' must be a list, not {type(plies).__name__}")
    for index, ply in enumerate(plies):
        _check_ply(source, index, ply, players)
    return entry


def _check_ply(source: str, index: int, ply: Any, players: int) -> None:
    where = f"{source}: plies[{index}]"
    if not isinstance(ply, Mapping):
        raise ValueError(f"{where} must be a dict, not {type(ply).__name__}")
    missing = [key for key in ("ply", "player", "valued", "exact", "judgement", "value_after")
               if key not in ply]
    if missing:
        raise ValueError(f"{where} has no {', '.join(map(repr, missing))}")
    number, player = ply["ply"], ply["player"]
    if isinstance(number, bool) or not isinstance(number, int) or number < 0:
        raise ValueError(f"{where}: 'ply' must be an integer from 0, not {number!r}")
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < players:
        raise ValueError(f"{where}: 'player' must be 0 to {players - 1}, not {player!r}")
    if ply["judgement"] not in _JUDGEMENTS:
        raise ValueError(f"{where}: 'judgement' must be one of {', '.join(_JUDGEMENTS)}, "
                         f"not {ply['judgement']!r}")
    value = ply["value_after"]
    if ply["valued"] and (isinstance(value, bool) or not isinstance(value, (int, float))
                          or not -1 <= value <= 1):
        raise ValueError(f"{where}: 'value_after' of a valued ply must be a number from -1 "
                         f"to 1, not {value!r}")


def _axes(ax: Any) -> None:
    """TypeError unless ``ax`` is a matplotlib Axes (checked before drawing)."""
    from matplotlib.axes import Axes  # noqa: PLC0415 - only when drawn
    if not isinstance(ax, Axes):
        hint = " (one of them: ax[0])" if hasattr(ax, "flat") else ""
        raise TypeError(f"ax must be a matplotlib Axes or None (a new figure), not "
                        f"{type(ax).__name__}{hint}")


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

    :raises ValueError: the entry is a record that could not be reviewed,
        or not a game of a review (a field missing or of another kind:
        named); TypeError: ``result`` not a dict, ``game`` not an integer,
        ``ax`` not an Axes; IndexError: no game ``game``. Nothing is drawn
        then, and no figure made.
    """
    entry = _checked(_game_of(result, game))
    made = ax is None
    if not made:
        _axes(ax)
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
    source = _LONE_SURROGATE.sub("\ufffd", str(entry["source"]))
    ax.set_title(f"{source}{'' if entry.get('complete', True) else ' (stopped)'}")
    ax.grid(True, linewidth=0.3)
    ax.legend(loc="best", fontsize=8)
    if made:
        ax.figure.tight_layout()
    return ax
