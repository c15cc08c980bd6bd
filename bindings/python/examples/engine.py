#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""An engine in Python speaking the protocol of doc/protocol.md: flat Monte
Carlo, random playouts (in C, ``random_games``) after each legal move, spread
evenly until the budget is spent; the move with the best share of wins is
played. The search runs in the command loop, so ``isready`` and ``stop``
are answered after the move (a search is short).

    PACKEIS_LIBRARY=build/lib/libpackeis.so PYTHONPATH=bindings/python \\
        python3 bindings/python/examples/engine.py
    packeis-tournament --player greedy --engine "python3 engine.py"
"""
import sys
import time

import packeis

OPTIONS = {"playouts": 16}  # playouts per legal move with no limit given


def reply(line):
    print(line, flush=True)


def load(text):
    """The game a `position` command describes (raises on any fault)."""
    text, _, moves = text.partition(" moves")
    if text == "new" or text.startswith("new "):
        setup = dict(zip(text.split()[1::2], map(int, text.split()[2::2])))
        seed = setup.get("seed", 0)
        if not 0 <= seed < 2**64:  # the package would take it modulo 2**64
            raise ValueError(f"new: seed {seed} is larger than 18446744073709551615")
        game = packeis.Game(seed=seed, players=setup.get("players", 2))
    elif text.startswith("record "):
        record = text[len("record "):].replace("\\\\", "\0").replace("\\n", "\n")
        game = packeis.Game.from_record(record.replace("\0", "\\"))
    else:
        game = packeis.Game.from_position(text)
    for move in moves.split():
        game.apply(game.parse_move(move, check=True))
    return game


def search(game, words):
    """The move of the best win share for the player to act."""
    limits = dict(zip(words[::2], map(int, words[1::2])))
    if len(words) % 2 or set(limits) - {"nodes", "movetime"} or min([1, *limits.values()]) < 1:
        raise ValueError("expected nodes N, movetime MS (positive integers) or infinite")
    if max([0, *limits.values()]) >= 2**64:
        raise ValueError("a limit larger than 18446744073709551615")
    moves = game.legal_moves()
    budget = limits.get("nodes", OPTIONS["playouts"] * len(moves))
    deadline = time.monotonic() + limits.get("movetime", 10**9) / 1000
    wins, games, player = [0.0] * len(moves), 0, game.current_player
    while time.monotonic() < deadline:
        batch = min(4, (budget - games * len(moves)) // len(moves))  # never past `nodes`
        if batch < 1:
            break
        for i, move in enumerate(moves):
            child = game.clone()
            child.apply(move)
            wins[i] += child.random_games(batch, seed=games * len(moves) + i).wins(player)
        games += batch
    best = max(range(len(moves)), key=wins.__getitem__)
    reply(f"info nodes {games * len(moves)} score win {wins[best] / max(games, 1):.3f}")
    return game.format_move(moves[best])


def shown(text, most=200):
    """Text of the client's as an error repeats it: printable ASCII (a
    message is one line of ASCII), any other character as '?', at most
    ``most`` characters."""
    return "".join(c if " " <= c < "\x7f" else "?" for c in text[:most]) + \
        ("..." if len(text) > most else "")


def main():
    game, pending = packeis.Game(), None  # pending: the bestmove of `go infinite`
    # Bytes beyond ASCII are no protocol; each is read as one U+FFFD (shown
    # as '?'), not an exception that would end the engine.
    sys.stdin.reconfigure(encoding="ascii", errors="replace")
    for line in sys.stdin:
        command, *words = line.split() or [""]
        if "\0" in line:  # lines are ASCII text: refused, not cut short
            reply(f"error {shown(command.split(chr(0))[0])}: a NUL byte in the line (lines are "
                  f"ASCII text)")
            continue
        command = shown(command)
        try:
            if command == "packeis" and words != ["1"]:
                reply("error packeis: protocol version 1 only")
            elif command == "packeis":
                reply("id name pyflat\nid author libpackeis examples")
                reply("option name playouts type int default 16 min 1 max 100000")
                reply("packeisok")
            elif command == "isready":
                reply("readyok")
            elif pending and command in ("setoption", "newgame", "position", "go"):
                reply(f"error {command}: searching; send stop first")
            elif command == "setoption":
                if words[::2] != ["name", "value"] or words[1] not in OPTIONS or int(words[3]) < 1:
                    raise ValueError("expected 'setoption name playouts value N', N >= 1")
                OPTIONS[words[1]] = int(words[3])
            elif command == "position":
                game = load(line.strip()[len("position"):].strip())
            elif command == "go" and game.is_over:
                reply("error go: the game is over")
            elif command == "go" and "infinite" in words:
                pending = search(game, [w for w in words if w != "infinite"])
            elif command == "go":
                reply(f"bestmove {search(game, words)}")
            elif command == "stop" and pending:
                reply(f"bestmove {pending}")
                pending = None
            elif command == "quit":
                return
            elif command not in ("", "newgame", "stop"):
                reply(f"error {command}: unknown command")
        except (packeis.PackeisError, ValueError, IndexError, KeyError) as error:
            reply(f"error {command}: {shown(str(error), 1000)}")


if __name__ == "__main__":
    main()
