#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# Makes the version 1 network (float, 256-128) that was the az player's
# default until the version 2 network replaced it, from nothing
# (doc/learn.md, "The version 1 model"); kept as az-v1.pkaz, the yardstick
# of tests/players/bench_nnue.c:
#
#   lib/players/models/make-az-v1.sh BUILD RUN
#
# BUILD: a meson build directory of this tree (its libpackeis and players
# library); RUN: a directory for the run's games and networks. Needs
# Debian's python3-numpy, python3-torch and python3-matplotlib under
# /usr/bin/python3. About 800 s of CPU for the games (two at once on a
# 2-core machine) and 680 s for the training, one thread.
#
# 1. 10,000 games of alphabeta:2000 against itself (four jobs of 2,500,
#    seeds 1 to 4): every position with the move alphabeta chose (the
#    policy target) and the game's result (the value target).
# 2. A 256-128 network from nothing, 4 epochs (seed 1), then 3 more epochs
#    from it at half the learning rate (seed 2).
#
# The result is RUN/stage2.pkaz; copy it (and its .csv, .png, .pkaz.json)
# to lib/players/models/az-v1.*.
set -euo pipefail

if [ $# -ne 2 ]; then
    echo "usage: $0 BUILD RUN" >&2
    exit 2
fi
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

for pair in "1 2" "3 4"; do
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
learn train ab-1 ab-2 ab-3 ab-4 --out stage1.pkaz --epochs 4 --seed 1
learn train ab-1 ab-2 ab-3 ab-4 --init stage1.pkaz --out stage2.pkaz --epochs 3 --lr 5e-4 \
    --seed 2
