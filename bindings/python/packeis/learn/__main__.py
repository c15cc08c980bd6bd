# SPDX-License-Identifier: MIT
"""python3 -m packeis.learn {selfplay,train,export,iterate,match} (doc/learn.md)."""
from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Optional, Sequence

from .models import ARCHS, DEFAULT_HIDDEN, check
from .train import TrainConfig


def _hidden(text: str) -> tuple[int, int]:
    parts = text.split(",")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise argparse.ArgumentTypeError(f"--hidden H1,H2 (two positive integers), not {text!r}")
    return int(parts[0]), int(parts[1])


def _train_arguments(parser: argparse.ArgumentParser) -> None:
    default = TrainConfig()
    parser.add_argument("--arch", choices=ARCHS, default=default.arch,
                        help="the network: mlp (weights file version 1, the default) or nnue "
                             "(version 2: doc/formats.md)")
    parser.add_argument("--reach", action="store_true",
                        help="nnue: with the REACH features (feature set 3)")
    parser.add_argument("--hidden", type=_hidden, default=None,
                        help="H1,H2 (default 256,128 for mlp, 256,32 for nnue)")
    parser.add_argument("--h1", type=int, help="H1 alone (the rest as --hidden says)")
    parser.add_argument("--h2", type=int, help="H2 alone")
    parser.add_argument("--epochs", type=int, default=default.epochs)
    parser.add_argument("--batch", type=int, default=default.batch)
    parser.add_argument("--lr", type=float, default=default.learning_rate)
    parser.add_argument("--weight-decay", type=float, default=default.weight_decay)
    parser.add_argument("--validation", type=float, default=default.validation,
                        help="fraction of the games held out (default 0.1)")
    parser.add_argument("--threads", type=int, default=default.threads,
                        help="PyTorch threads (default 1)")
    parser.add_argument("--value-mix", type=float, default=default.value_mix,
                        help="value target: 0 the game's result, 1 the search's own value, "
                             f"between a mix (default {default.value_mix})")


def _config(parser: argparse.ArgumentParser, arguments: argparse.Namespace,
            seed: int) -> TrainConfig:
    if arguments.reach and arguments.arch != "nnue":
        parser.error("--reach needs --arch nnue")
    if arguments.value_mix and arguments.arch == "nnue":
        parser.error("--value-mix is the mlp's: nnue learns every player's result")
    h1, h2 = arguments.hidden or DEFAULT_HIDDEN[arguments.arch]
    hidden = (h1 if arguments.h1 is None else arguments.h1,
              h2 if arguments.h2 is None else arguments.h2)
    try:
        check(arguments.arch, hidden, arguments.reach)
    except ValueError as error:
        parser.error(str(error))
    return TrainConfig(hidden, arguments.epochs, arguments.batch, arguments.lr,
                       arguments.weight_decay, arguments.validation, seed, arguments.threads,
                       arguments.value_mix, arguments.arch, arguments.reach)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python3 -m packeis.learn", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("selfplay", help="self-play games with the search's visits")
    play.add_argument("directory")
    play.add_argument("--games", type=int, required=True)
    play.add_argument("--player", action="append", required=True,
                      help="a seat: mcts:800, az:800,weights=FILE (once: every seat)")
    play.add_argument("--players", type=int, default=2)
    play.add_argument("--seed", type=int, default=0)
    play.add_argument("--shard-games", type=int, default=250)
    learn = commands.add_parser("train", help="train a network on self-play shards")
    learn.add_argument("shards", nargs="+", help="shard files or self-play directories")
    learn.add_argument("--out", required=True, help="the weights file to write (.pkaz)")
    learn.add_argument("--init", help="start from this weights file")
    learn.add_argument("--checkpoint", help="also save the PyTorch state here (.pt)")
    learn.add_argument("--seed", type=int, default=0)
    _train_arguments(learn)
    export = commands.add_parser("export", help="a .pt checkpoint to a weights file")
    export.add_argument("checkpoint")
    export.add_argument("--out", required=True)
    loop = commands.add_parser("iterate", help="generations of self-play and training")
    loop.add_argument("directory")
    loop.add_argument("--generations", type=int, default=2)
    loop.add_argument("--games", type=int, default=6000, help="self-play games a generation")
    loop.add_argument("--playouts", type=int, default=1600,
                      help="of each mcts move of generation 0")
    loop.add_argument("--teacher", help="generation 0's seat instead of mcts:PLAYOUTS "
                      "(a built-in spec: alphabeta:2000)")
    loop.add_argument("--az-games", type=int, default=1000,
                      help="self-play games of each later generation (az)")
    loop.add_argument("--az-playouts", type=int, default=200, help="of each az move")
    loop.add_argument("--az-mix", type=float, default=None,
                      help="az's option mix (a random playout's share of a leaf's value) "
                      "in self-play and in the strength matches (default: az's, 0.5)")
    loop.add_argument("--az-noise", type=float, default=0.25,
                      help="az's option noise (Dirichlet noise's share of the root's priors) "
                           "in self-play, not in the strength matches (default 0.25)")
    loop.add_argument("--az-epochs", type=int, default=1,
                      help="epochs of each later network (from the previous one)")
    loop.add_argument("--eval-boards", type=int, default=50,
                      help="boards of each strength match (two games each)")
    loop.add_argument("--eval-playouts", type=int, default=400,
                      help="of each move of az and mcts in the strength matches")
    loop.add_argument("--eval-alphabeta", type=int, default=2000,
                      help="nodes of each move of the alphabeta the strength matches measure "
                           "against (0: none)")
    loop.add_argument("--init", help="a network to start from: generation 0 is played by az "
                      "with it (no teacher), and model 1 trained from it")
    loop.add_argument("--window", type=int, default=2, help="generations trained on")
    loop.add_argument("--seed", type=int, default=1)
    _train_arguments(loop)
    draw = commands.add_parser("plot", help="a strength table (strength.json) as a PNG")
    draw.add_argument("table")
    draw.add_argument("--out", required=True)
    draw.add_argument("--title", help="the picture's title (default: strength by generation)")
    duel = commands.add_parser("match", help="two players, seats swapped, in this process")
    duel.add_argument("first")
    duel.add_argument("second")
    duel.add_argument("--boards", type=int, default=50)
    duel.add_argument("--seed", type=int, default=0)
    return parser


def _seat(spec: str) -> object:
    if spec.startswith("policy:"):
        from .player import PolicyPlayer  # noqa: PLC0415
        return PolicyPlayer(spec[len("policy:"):])
    return spec


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = _parser()
    arguments = parser.parse_args(argv)
    log = lambda text: print(text, file=sys.stderr, flush=True)  # noqa: E731
    if arguments.command == "selfplay":
        from ..cluster.selfplay import selfplay  # noqa: PLC0415
        seats = arguments.player * (arguments.players if len(arguments.player) == 1 else 1)
        start = time.process_time()
        done = selfplay(arguments.directory, arguments.games, seats, seed=arguments.seed,
                        shard_games=arguments.shard_games, record_policy=True)
        print(json.dumps({"games": arguments.games, "positions": done.manifest["plies"],
                          "played": len(done.played), "skipped": len(done.skipped),
                          "cpu_seconds": round(time.process_time() - start, 2)}))
    elif arguments.command == "train":
        from .train import train  # noqa: PLC0415
        summary = train(arguments.shards, arguments.out,
                        _config(parser, arguments, arguments.seed), init=arguments.init, log=log)
        if arguments.checkpoint:  # the file's weights: exported again, the same bytes
            from .models import load, save_checkpoint  # noqa: PLC0415
            save_checkpoint(load(arguments.out), arguments.checkpoint)
        print(json.dumps(summary))
    elif arguments.command == "export":
        from .models import export, load_checkpoint  # noqa: PLC0415
        export(load_checkpoint(arguments.checkpoint), arguments.out)
    elif arguments.command == "iterate":
        from .iterate import IterateConfig, iterate  # noqa: PLC0415
        config = IterateConfig(arguments.generations, arguments.games, arguments.playouts,
                               arguments.az_games, arguments.az_playouts, arguments.az_epochs,
                               arguments.eval_boards, arguments.eval_playouts, arguments.window,
                               arguments.seed, _config(parser, arguments, arguments.seed),
                               arguments.teacher, arguments.az_mix,
                               arguments.eval_alphabeta, arguments.init, arguments.az_noise)
        iterate(arguments.directory, config, log)
    elif arguments.command == "plot":
        from .plot import load_table, strength_png  # noqa: PLC0415
        strength_png(load_table(arguments.table), arguments.out, arguments.title)
    else:
        from .evaluate import match  # noqa: PLC0415
        result = match(_seat(arguments.first), _seat(arguments.second), arguments.boards,
                       arguments.seed)
        print(json.dumps(result._asdict()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
