#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# Makes the committed network of the az player, version 2 (doc/formats.md;
# doc/learn.md, "The committed model"), from nothing:
#
#   lib/players/models/make-az-default.sh BUILD RUN [GENERATIONS]
#
# BUILD: a meson build directory of this tree (its libpackeis and players
# library); RUN: a directory for the run's games and network. Needs
# Debian's python3-numpy, python3-torch and python3-matplotlib under
# /usr/bin/python3. Steps 1 and 2 take about 17 minutes on a 2-core
# machine: 1,000 s of CPU for the games (two jobs at a time) and 410 s for
# the training, one thread.
#
# 1. 20,000 games of alphabeta:2000 against itself (eight jobs of 2,500,
#    seeds 1 to 8): every position with the move alphabeta chose (the
#    policy target) and the game's result for every player (the values).
# 2. The integer network with REACH, H1 = 256, H2 = 64, 8 epochs from
#    nothing (seed 1; 10 % of the games held out).
#
# 3. With GENERATIONS (the committed model: 3), that many generations of
#    az's self-play from it (doc/learn.md, "Generations of az's own
#    games"): 8,000 games of az:400 with root noise a generation, each
#    network trained 2 epochs from the previous on the last 3 generations'
#    positions and measured against the previous, mcts:800 and
#    alphabeta:2000 (100 boards, seats swapped) into
#    RUN/generations/strength.{csv,json,png}; 8 to 10 minutes of CPU a
#    generation, on one core.
#
# The result is RUN/model.pkaz, or with GENERATIONS the last
# RUN/generations/model-NNN.pkaz (the committed model: model-003.pkaz of
# `make-az-default.sh BUILD RUN 3`, about 50 minutes in all); copy it (and
# its .csv, .png, .pkaz.json as az-default.json) to
# lib/players/models/az-default.*.
set -euo pipefail

if [ $# -lt 2 ] || [ $# -gt 3 ] || ! [[ ${3:-0} =~ ^[0-9]+$ ]]; then
    echo "usage: $0 BUILD RUN [GENERATIONS]" >&2
    exit 2
fi
generations=${3:-0}
source_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
build=$(cd "$1" && pwd)
mkdir -p "$2"
cd "$2"

export PYTHONPATH=$source_dir/bindings/python
export PACKEIS_LIBRARY=$build/lib/libpackeis.so
export PACKEIS_PLAYERS_LIBRARY=$build/lib/players/libpackeis-players.so
learn() {
    /usr/bin/python3 -m packeis.learn "$@"
}

for pair in "1 2" "3 4" "5 6" "7 8"; do
    jobs=()
    for seed in $pair; do
        learn selfplay "ab-$seed" --games 2500 --player alphabeta:2000 --seed "$seed" \
            --shard-games 250 &
        jobs+=($!)
    done
    for job in "${jobs[@]}"; do
        wait "$job" # a failed job stops the script (set -e)
    done
done
learn train ab-1 ab-2 ab-3 ab-4 ab-5 ab-6 ab-7 ab-8 --out model.pkaz --arch nnue --reach \
    --h1 256 --h2 64 --epochs 8 --seed 1
if [ "$generations" -gt 0 ]; then
    learn iterate generations --init model.pkaz --generations "$generations" --az-games 8000 \
        --az-playouts 400 --window 3 --az-epochs 2 --eval-boards 100 --eval-playouts 800 \
        --eval-alphabeta 2000 --arch nnue --reach --h1 256 --h2 64 --seed 11
fi
