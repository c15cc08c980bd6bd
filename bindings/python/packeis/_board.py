# SPDX-License-Identifier: MIT
"""Drawing a game: the text board of ``str(game)`` and the SVG picture of
``game._repr_svg_()`` (what Jupyter shows).

Both draw the cells where their doubled-width coordinates put them, so rows
are offset by half a floe as on the real board; rows carry the letters and
columns the numbers of the library's cell names (``doc/formats.md``). A
floe shows its fish, a floe gone is ``.``, a penguin is its player's letter,
``A`` to ``D`` as in the position format.
"""
from __future__ import annotations

import math
from typing import Any, NamedTuple, Optional
from xml.sax.saxutils import escape

#: Beyond this many rows or half-floe columns the text board would be
#: mostly blanks (a custom layout may span two million rows): the cells are
#: listed by name instead.
MAX_TEXT_SPAN = 240

PLAYER_LETTERS = "ABCD"


class Cell(NamedTuple):
    index: int
    name: str
    x: int
    y: int
    fish: int
    present: bool
    penguin: Optional[int]


class Snapshot(NamedTuple):
    """What a drawing shows, read under the game's lock (one position)."""

    cells: list[Cell]
    min_x: int
    min_y: int
    max_x: int
    max_y: int
    scores: list[tuple[int, int]]
    out: list[bool]
    phase: str
    to_act: Optional[int]
    winners: frozenset[int]


def snapshot(game: Any) -> Snapshot:
    with game.lock:
        floes = game.floe_set
        cells = []
        for c in range(game.cell_count):
            x, y = game.cell_coords(c)
            cells.append(Cell(c, game.cell_name(c), x, y, game.fish(c), bool(floes >> c & 1),
                              game.penguin_at(c)))
        bounds = game.layout_bounds
        players = range(game.players)
        return Snapshot(cells, *bounds, [game.score(p) for p in players],
                        [game.is_out(p) for p in players], game.phase_name,
                        game.current_player, game.winners)


def _mark(cell: Cell) -> str:
    if cell.penguin is not None:
        return PLAYER_LETTERS[cell.penguin]
    return str(cell.fish) if cell.present else "."


def _row_name(name: str) -> str:
    return name.rstrip("0123456789")


def status_lines(shot: Snapshot) -> list[str]:
    """The scores and whose turn it is (or who won)."""
    scores = ", ".join(
        f"{PLAYER_LETTERS[p]} {fish} fish {floes} floes" + (" (out)" if shot.out[p] else "")
        for p, (fish, floes) in enumerate(shot.scores))
    if shot.to_act is not None:
        turn = f"{shot.phase}: {PLAYER_LETTERS[shot.to_act]} to act"
    else:
        first = " and ".join(PLAYER_LETTERS[p] for p in sorted(shot.winners))
        turn = f"over: {first} " + ("win" if len(shot.winners) > 1 else "wins")
    return [scores, turn]


def _grid(shot: Snapshot) -> list[str]:
    """The hex rows: two characters per half floe, row letters on the left,
    column numbers on top at the x of each column's leftmost cells."""
    rows: dict[int, list[Cell]] = {}
    for cell in shot.cells:
        rows.setdefault(cell.y, []).append(cell)
    labels = {y: _row_name(row[0].name) for y, row in rows.items()}
    margin = max(len(label) for label in labels.values()) + 2
    width = margin + 2 * (shot.max_x - shot.min_x) + 2
    header = [" "] * (width + 8)
    for column in range((shot.max_x - shot.min_x) // 2 + 1):
        text = str(column + 1)
        at = margin + 4 * column
        if all(ch == " " for ch in header[at:at + len(text) + 1]):
            header[at:at + len(text)] = text
    lines = ["".join(header).rstrip()]
    for y in range(shot.min_y, shot.max_y + 1):
        line = [" "] * width
        label = labels.get(y, "")
        line[:len(label)] = label
        for cell in rows.get(y, []):
            line[margin + 2 * (cell.x - shot.min_x)] = _mark(cell)
        lines.append("".join(line).rstrip())
    return lines


def _listing(shot: Snapshot) -> list[str]:
    """The cells by name, for a layout too spread out to draw."""
    return [" ".join(f"{cell.name}:{_mark(cell)}" for cell in shot.cells[i:i + 8])
            for i in range(0, len(shot.cells), 8)]


def board_text(game: Any) -> str:
    shot = snapshot(game)
    spread = max(shot.max_x - shot.min_x, shot.max_y - shot.min_y)
    body = _grid(shot) if spread <= MAX_TEXT_SPAN else _listing(shot)
    return "\n".join(body + status_lines(shot))


# -- SVG -------------------------------------------------------------------
RADIUS = 24.0
MARGIN = 16.0
FISH_FILL = {1: "#dcefff", 2: "#b4dbf7", 3: "#86c2ee"}
PLAYER_FILL = ("#d62728", "#1f77b4", "#2ca02c", "#ff9f1c")
MAX_SVG_WIDTH = 960.0


def _hexagon(cx: float, cy: float, r: float) -> str:
    points = []
    for k in range(6):
        angle = math.radians(60 * k + 30)
        points.append(f"{cx + r * math.cos(angle):.1f},{cy + r * math.sin(angle):.1f}")
    return " ".join(points)


def board_svg(game: Any) -> str:
    """An SVG document: pointy-top hexagons at the cells' positions, shaded
    by fish, gone floes dashed, penguins as lettered discs, each cell's name,
    and the status lines below."""
    shot = snapshot(game)
    dx, dy = RADIUS * math.sqrt(3) / 2, RADIUS * 1.5
    width = 2 * MARGIN + dx * (shot.max_x - shot.min_x) + 2 * dx
    board_height = 2 * MARGIN + dy * (shot.max_y - shot.min_y) + 2 * RADIUS
    height = board_height + 40
    scale = min(1.0, MAX_SVG_WIDTH / width)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * scale:.0f}" '
           f'height="{height * scale:.0f}" viewBox="0 0 {width:.1f} {height:.1f}" '
           f'font-family="sans-serif" text-anchor="middle">']
    for cell in shot.cells:
        cx = MARGIN + dx + dx * (cell.x - shot.min_x)
        cy = MARGIN + RADIUS + dy * (cell.y - shot.min_y)
        if cell.present:
            out.append(f'<polygon points="{_hexagon(cx, cy, RADIUS - 1)}" '
                       f'fill="{FISH_FILL[cell.fish]}" stroke="#4a6a8a" stroke-width="1"/>')
            label = "\u2022" * cell.fish
            out.append(f'<text x="{cx:.1f}" y="{cy + 13:.1f}" font-size="11" '
                       f'fill="#234">{label}</text>')
        else:
            out.append(f'<polygon points="{_hexagon(cx, cy, RADIUS - 1)}" fill="none" '
                       f'stroke="#c8d4e0" stroke-dasharray="3,3"/>')
        out.append(f'<text x="{cx:.1f}" y="{cy - 9:.1f}" font-size="8" '
                   f'fill="#567">{escape(cell.name)}</text>')
        if cell.penguin is not None:
            out.append(f'<circle cx="{cx:.1f}" cy="{cy + 1:.1f}" r="8" '
                       f'fill="{PLAYER_FILL[cell.penguin]}"/>')
            out.append(f'<text x="{cx:.1f}" y="{cy + 5:.1f}" font-size="11" fill="white" '
                       f'font-weight="bold">{PLAYER_LETTERS[cell.penguin]}</text>')
    for k, line in enumerate(status_lines(shot)):
        out.append(f'<text x="{width / 2:.1f}" y="{board_height + 14 + 16 * k:.1f}" '
                   f'font-size="12">{escape(line)}</text>')
    out.append("</svg>")
    return "\n".join(out)
