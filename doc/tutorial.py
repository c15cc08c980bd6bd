#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The Python tutorial (doc/tutorial_python.md): every piece of code the page
shows is cut from this program, which the test suite runs, comparing what it
prints with doc/tutorial_python.out."""
# [import]
import packeis
from packeis import Game
# [import]


# [choose]
def greedy(game: Game) -> packeis.Move:
    """The slide landing on the most fish; during placement, the first move."""
    return max(game.legal_moves(), key=lambda move: game.fish(move.to))
# [choose]


def standard_game() -> Game:
    # [start]
    game = Game(seed=2024, players=2)
    print(f"{game.players} players, {game.penguins_per_player} penguins each, "
          f"{game.cell_count} cells")
    print(game.layout_picture(), end="")
    # [start]

    # [moves]
    print(f"{game.phase_name}, player {game.current_player} to act, "
          f"{game.move_count} legal moves: {' '.join(game.move_names()[:6])} ...")
    # [moves]

    # [play]
    for _ in range(8):
        game.apply(game.legal_moves()[0])
    for _ in range(3):
        move = greedy(game)
        print(f"player {game.current_player}: {game.format_move(move)} "
              f"(cells {move.origin} -> {move.to})")
        game.apply(move)
    # [play]

    # [board]
    print(game)
    # [board]

    # [text_moves]
    name = game.move_names()[0]
    print(f"{name} is {game.parse_move(name)!r}, legal: {game.is_legal(name)}")
    try:
        game.apply("a1-z9")
    except packeis.MalformedTextError as error:
        print(f"refused: {error} (stop = {error.stop})")
    # [text_moves]

    # [illegal]
    for text in ("a1", "a3-b4", "d8-d1"):
        try:
            game.apply(text)
        except packeis.IllegalMoveError as error:
            print(f"{type(error).__name__}: {error}")
            print(f"  move {error.notation} (value {int(error.move)}), reason: {error.reason}")
    # [illegal]

    # [undo]
    print(f"{game.ply_count} actions played; history: "
          f"{' '.join(game.format_move(m) for m in game.history()[-3:])}")
    game.undo()
    game.undo_to(8)
    print(f"after undo: {game.ply_count} actions, {game.phase_name}, "
          f"{game.redo_count} to redo")
    # [undo]

    # [redo]
    game.redo()
    print(f"redone: {game.format_move(game.history()[-1])}, {game.redo_count} left to redo")
    game.undo()
    # [redo]
    return game


def finish(game: Game) -> None:
    # [standings]
    while not game.is_over:
        game.apply(greedy(game))
    for standing in game.standings():
        print(f"player {standing.player}: {standing.fish} fish, "
              f"{standing.floes} floes, place {standing.rank}")
    print(f"winners: {sorted(game.winners)}")
    # [standings]

    # [effects]
    for ply in range(game.ply_count - 2, game.ply_count):
        effect = game.ply_effect(ply)
        print(f"action {ply} ({game.format_move(game.history()[ply])}) by player "
              f"{effect.player}: removed {[game.cell_name(c) for c in effect.removed]}, "
              f"credited {[len(cells) for cells in effect.credited]} floes, "
              f"out: {sorted(effect.players_out)}")
    # [effects]


def positions(game: Game) -> None:
    # [position]
    text = game.save_position()
    print(text)
    copy = Game.from_position(text)
    print(f"same hash: {copy.hash == game.hash}, "
          f"same moves: {copy.legal_moves() == game.legal_moves()}, "
          f"history: {copy.ply_count} actions")
    # [position]

    # [hash]
    print(f"hash {game.hash:#018x}")
    before = game.hash
    game.apply(game.legal_moves()[0])
    game.undo()
    print(f"after a move and its undo: {game.hash == before}")
    # [hash]

    # [position_errors]
    bad = text.replace("players 2", "players 9")
    try:
        Game.from_position(bad)
    except packeis.MalformedTextError as error:
        print(f"malformed at offset {error.stop}: {bad[error.stop:error.stop + 9]!r}")
    # [position_errors]


def records(game: Game) -> None:
    # [record]
    record = game.save_record()
    print(record, end="")
    replayed = Game.from_record(record)
    print(f"replayed {replayed.ply_count} actions, "
          f"same standings: {replayed.standings() == game.standings()}")
    # [record]


def custom_board() -> None:
    # [picture]
    picture = (
        "# A small board: two rows of floes\n"
        "1 2 3 1\n"
        " 3 1 2 2 1\n"
    )
    game = Game.from_picture(picture, players=2, penguins=1)
    print(f"{game.cell_count} cells, cell 4 is {game.cell_name(4)} at {game.cell_coords(4)}")
    while not game.is_over:
        game.apply(greedy(game))
    print(game.save_record().splitlines()[-1])
    # [picture]

    # [picture_errors]
    try:
        Game(layout_picture="1 2\n 5 1\n")
    except packeis.FishOutOfRangeError as error:
        print(f"{error} (stop = {error.stop})")
    # [picture_errors]


def batch() -> None:
    # [batch]
    game = Game(seed=7)
    result = game.random_games(1000, seed=1)
    print(f"{result.games} random games, {result.plies} plies; "
          f"wins: {result.wins(0):.1f} and {result.wins(1):.1f}")
    # [batch]

    # [learning]
    game.reset(11)
    planes = game.observe(relative=True)
    mask = game.legal_mask()
    print(f"{len(planes)} observation values ({packeis.OBSERVATION_PLANES} planes of "
          f"{packeis.MAX_CELLS}), {sum(mask)} legal moves in the mask, "
          f"first: {mask.index(1)} = {game.format_move(mask.index(1))}")
    # [learning]


def main() -> None:
    game = standard_game()
    positions(game)
    records(game)
    finish(game)
    custom_board()
    batch()


if __name__ == "__main__":
    main()
