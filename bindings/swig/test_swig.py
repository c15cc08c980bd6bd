# SPDX-License-Identifier: MIT
"""The SWIG module wraps the whole header: every function is there under its
C name, out-parameters and buffers come back as values, statuses raise one
exception class per code, handles are owned and freed."""
import gc
import os
import random
import re
import signal
import struct
import subprocess
import sys
import threading
import time
import unittest

import packeis_swig as ps

HERE = os.path.dirname(os.path.abspath(__file__))
HEADER = os.path.join(HERE, "..", "..", "include", "packeis", "packeis.h")


def new_game(players=2, seed=0, penguins=0, **variants):
    options = ps.packeis_options_new(None)
    ps.packeis_options_set_players(options, players)
    ps.packeis_options_set_penguins(options, penguins)
    ps.packeis_options_set_seed(options, seed)
    for variant, on in variants.items():
        ps.packeis_options_set_variant(options, getattr(ps, variant), int(on))
    return ps.packeis_game_new(options)


def play_random(game, rng):
    while ps.packeis_game_phase(game) != ps.PACKEIS_PHASE_OVER:
        ps.packeis_game_apply(game, rng.choice(ps.packeis_game_legal_moves(game)))


def bits(value):
    return [i for i in range(64) if value >> i & 1]


class HeaderCoverageTest(unittest.TestCase):
    def test_every_function_and_constant_is_wrapped(self):
        with open(HEADER, encoding="utf-8") as f:
            header = f.read()
        functions = set(re.findall(r"PACKEIS_API[^;]*?\b(packeis_\w+)\s*\(", header))
        self.assertGreater(len(functions), 60)
        missing = sorted(name for name in functions if not callable(getattr(ps, name, None)))
        # Its game belongs to the batch and would outlive it; stop_on_flag is
        # a C callback for C callers (the watched calls take a Python
        # callable: WatchedCallTest); the meter is an allocator, and none
        # can be given (below).
        self.assertEqual(missing, ["packeis_batch_game", "packeis_meter_allocator",
                                   "packeis_meter_free", "packeis_meter_new",
                                   "packeis_meter_read", "packeis_stop_on_flag"])
        # The allocator struct is not wrapped: nothing can make one.
        self.assertFalse(hasattr(ps, "packeis_allocator"))
        defines = re.findall(r"^#define (PACKEIS_[A-Z0-9_]+) \(?(-?(?:0x[0-9A-Fa-f]+|\d+))u?\)?$",
                             header, flags=re.M)
        self.assertGreater(len(defines), 15)
        for name, value in defines:
            self.assertEqual(getattr(ps, name), int(value, 0), name)
        enums = re.findall(r"^\s+(PACKEIS_[A-Z0-9_]+) = (\d+)u?,?", header, flags=re.M)
        for name, value in enums:
            self.assertEqual(getattr(ps, name), int(value), name)


class SwigTest(unittest.TestCase):
    def test_version_and_statuses(self):
        number = ps.packeis_version()
        self.assertEqual(ps.packeis_version_string(),
                         "%d.%d.%d" % (number // 10000, number // 100 % 100, number % 100))
        self.assertEqual(ps.packeis_status_name(ps.PACKEIS_E_GAME_OVER), "PACKEIS_E_GAME_OVER")
        self.assertIsNone(ps.packeis_status_name(ps.PACKEIS_STATUS_COUNT))
        self.assertEqual(ps.packeis_strerror(9999), "unknown status")
        self.assertNotEqual(ps.packeis_strerror(ps.PACKEIS_E_GAME_OVER), "unknown status")

    def test_moves(self):
        m = ps.packeis_move_slide(3, 9)
        self.assertEqual(m, 3 * 64 + 9)
        self.assertEqual((ps.packeis_move_from(m), ps.packeis_move_to(m)), (3, 9))
        self.assertFalse(ps.packeis_move_is_placement(m))
        p = ps.packeis_move_placement(7)
        self.assertEqual(p, 7 * 65)
        self.assertTrue(ps.packeis_move_is_placement(p))
        self.assertEqual(ps.packeis_move_from(p), -1)
        self.assertEqual(ps.packeis_move_placement(99), ps.PACKEIS_MOVE_NONE)
        self.assertEqual(ps.packeis_move_slide(4, 4), ps.PACKEIS_MOVE_NONE)
        self.assertEqual(ps.PACKEIS_MOVE_VALUES, 4096)

    def test_setup_accessors(self):
        g = new_game(3, 5, 0, PACKEIS_VARIANT_SNAKE_PLACEMENT=True)
        self.assertEqual(ps.packeis_game_player_count(g), 3)
        self.assertEqual(ps.packeis_game_penguins_per_player(g), 3)
        self.assertEqual(ps.packeis_game_variant(g, ps.PACKEIS_VARIANT_SNAKE_PLACEMENT), 1)
        self.assertEqual(ps.packeis_game_variant(g, ps.PACKEIS_VARIANT_PLACE_ANY_FLOE), 0)
        self.assertEqual(ps.packeis_game_is_standard_board(g), 1)
        self.assertEqual(ps.packeis_game_seed(g), 5)
        self.assertEqual(ps.packeis_game_hash_seed(g), ps.PACKEIS_DEFAULT_HASH_SEED)
        self.assertEqual(ps.PACKEIS_DEFAULT_HASH_SEED, 0x5061636B65697321)
        self.assertEqual(ps.packeis_game_cell_count(g), 60)
        self.assertEqual(sum(ps.packeis_game_fish(g, c) for c in range(60)), 100)
        self.assertEqual(ps.packeis_game_fish(g, 60), 0)
        x, y = ps.packeis_game_cell_coords(g, 7)
        self.assertEqual(ps.packeis_game_cell_at(g, x, y), 7)
        self.assertEqual(ps.packeis_game_layout_bounds(g), [0, 0, 14, 7])
        east = ps.packeis_game_neighbor(g, 0, ps.PACKEIS_DIRECTION_EAST)
        self.assertEqual(ps.packeis_game_cell_coords(g, east)[0],
                         ps.packeis_game_cell_coords(g, 0)[0] + 2)
        self.assertEqual(ps.packeis_game_neighbor(g, 0, ps.PACKEIS_DIRECTION_NORTH_WEST), -1)
        with self.assertRaises(ps.OutOfRangeError) as caught:
            ps.packeis_game_cell_coords(g, 60)
        self.assertEqual(caught.exception.status, ps.PACKEIS_E_OUT_OF_RANGE)
        self.assertEqual(caught.exception.status_name, "PACKEIS_E_OUT_OF_RANGE")

    def test_play_undo_redo_and_effects(self):
        g = new_game(2, 5)
        self.assertEqual(ps.packeis_phase_name(ps.packeis_game_phase(g)), "placement")
        moves = ps.packeis_game_legal_moves(g)
        self.assertEqual(moves, sorted(moves))
        self.assertTrue(all(ps.packeis_move_is_placement(m) for m in moves))
        ps.packeis_game_apply(g, moves[0])
        cell = ps.packeis_move_to(moves[0])
        self.assertEqual(ps.packeis_game_penguin_at(g, cell), 0)
        self.assertEqual(bits(ps.packeis_game_penguins(g, 0)), [cell])
        self.assertEqual(ps.packeis_game_history(g), [moves[0]])
        self.assertEqual(ps.packeis_game_ply_player(g, 0), 0)
        self.assertEqual(ps.packeis_game_ply_removed(g, 0), 0)
        self.assertEqual(ps.packeis_game_current_player(g), 1)
        ps.packeis_game_undo(g)
        self.assertEqual((ps.packeis_game_ply_count(g), ps.packeis_game_redo_count(g)), (0, 1))
        ps.packeis_game_redo(g)
        self.assertEqual((ps.packeis_game_ply_count(g), ps.packeis_game_redo_count(g)), (1, 0))
        with self.assertRaises(ps.NothingToRedoError):
            ps.packeis_game_redo(g)
        rng = random.Random(1)
        play_random(g, rng)
        plies = ps.packeis_game_ply_count(g)
        self.assertEqual(ps.packeis_phase_name(ps.packeis_game_phase(g)), "over")
        self.assertEqual(ps.packeis_game_current_player(g), -1)
        # Every floe that left the board left with exactly one ply, and was
        # credited to the player of that ply: the effects add up to the scores.
        removed, floes_won = 0, [0, 0]
        for ply in range(plies):
            player = ps.packeis_game_ply_player(g, ply)
            gone = ps.packeis_game_ply_removed(g, ply)
            self.assertEqual(removed & gone, 0)
            removed |= gone
            credited = ps.packeis_game_ply_credited(g, ply, player)
            self.assertEqual(credited & ~gone, 0)
            for p in range(2):
                floes_won[p] += len(bits(ps.packeis_game_ply_credited(g, ply, p)))
        self.assertEqual(removed & ps.packeis_game_floes(g), 0)
        self.assertEqual(floes_won, [ps.packeis_game_floes_won(g, p) for p in range(2)])
        out = 0
        for ply in range(plies):
            out |= ps.packeis_game_ply_players_out(g, ply)
        self.assertEqual(out, 0b11)
        fish = [ps.packeis_game_fish_won(g, p) for p in range(2)]
        winners = bits(ps.packeis_game_winners(g))
        self.assertTrue(winners)
        self.assertEqual(ps.packeis_game_rank(g, winners[0]), 1)
        self.assertEqual(ps.packeis_game_rank(g, 2), 0)
        self.assertTrue(all(fish[w] == max(fish) for w in winners))
        ps.packeis_game_undo_to(g, 8)
        self.assertEqual(ps.packeis_game_redo_count(g), plies - 8)
        self.assertEqual(ps.packeis_phase_name(ps.packeis_game_phase(g)), "movement")

    def test_reset_clone_assign(self):
        g = new_game(2, 1)
        fresh = new_game(2, 9)
        ps.packeis_game_playout(g, 3)
        copy = ps.packeis_game_clone(g)
        self.assertEqual(ps.packeis_game_hash(copy), ps.packeis_game_hash(g))
        ps.packeis_game_reset(g, 9)
        self.assertEqual(ps.packeis_game_ply_count(g), 0)
        self.assertEqual(ps.packeis_game_hash(g), ps.packeis_game_hash(fresh))
        self.assertNotEqual(ps.packeis_game_hash(copy), ps.packeis_game_hash(g))
        ps.packeis_game_assign(g, copy)
        self.assertEqual(ps.packeis_game_history(g), ps.packeis_game_history(copy))

    def test_illegal_move_reasons(self):
        g = new_game(2, 0)
        self.assertTrue(issubclass(ps.NotInLineError, ps.IllegalMoveError))
        self.assertTrue(issubclass(ps.IllegalMoveError, ps.PackeisError))
        self.assertTrue(issubclass(ps.MixedParityError, ps.LayoutError))
        with self.assertRaises(ps.WrongPhaseError):
            ps.packeis_game_apply(g, ps.packeis_move_slide(0, 1))
        with self.assertRaises(ps.OutOfRangeError):
            ps.packeis_game_check_move(g, 4096)
        many = [c for c in range(60) if ps.packeis_game_fish(g, c) > 1][0]
        with self.assertRaises(ps.NotOneFishError) as caught:
            ps.packeis_game_apply(g, ps.packeis_move_placement(many))
        self.assertEqual(caught.exception.status, ps.PACKEIS_E_NOT_ONE_FISH)
        first = ps.packeis_game_legal_moves(g)[0]
        ps.packeis_game_apply(g, first)
        with self.assertRaises(ps.OccupiedError):
            ps.packeis_game_apply(g, first)
        with self.assertRaises(ps.NothingToUndoError):
            ps.packeis_game_undo(new_game())
        ps.packeis_game_playout(g, 1)
        with self.assertRaises(ps.GameOverError):
            ps.packeis_game_apply(g, first)
        with self.assertRaises(OverflowError):
            ps.packeis_game_apply(g, 70000)  # not a uint16_t: refused by SWIG

    def test_options_errors_and_layouts(self):
        options = ps.packeis_options_new(None)
        with self.assertRaises(ps.InvalidArgumentError):
            ps.packeis_options_set_players(options, 5)
        with self.assertRaises(ps.DuplicateCellError):
            ps.packeis_options_set_layout(options, [(0, 0, 1), (0, 0, 1)])
        with self.assertRaises(ps.NoCellsError):
            ps.packeis_options_set_layout(options, [])
        with self.assertRaises(TypeError):
            ps.packeis_options_set_layout(options, [(0, 0)])
        ps.packeis_options_set_layout(options, [(0, 0, 1), (2, 0, 1), (4, 0, 2), (1, 1, 1),
                                                (3, 1, 3)])
        ps.packeis_options_set_penguins(options, 1)
        g = ps.packeis_game_new(options)
        self.assertEqual(ps.packeis_game_cell_count(g), 5)
        self.assertEqual(ps.packeis_game_is_standard_board(g), 0)
        picture = ps.packeis_game_layout_picture(g, 0)
        self.assertEqual(picture, "1 1 2\n 1 3\n")
        self.assertEqual(ps.packeis_options_set_layout_picture(options, picture), len(picture))
        with self.assertRaises(ps.FishOutOfRangeError) as caught:
            ps.packeis_options_set_layout_picture(options, "1 4\n")
        self.assertEqual(caught.exception.stop, 2)
        ps.packeis_options_set_standard_layout(options)
        ps.packeis_options_set_hash_seed(options, 12345)
        self.assertEqual(ps.packeis_game_hash_seed(ps.packeis_game_new(options)), 12345)

    def test_text_formats(self):
        g = new_game(2, 0)
        self.assertEqual(ps.packeis_game_cell_name(g, 0), "a1")
        self.assertEqual(ps.packeis_game_cell_name(g, 59), "h8")
        self.assertEqual(ps.packeis_game_parse_cell(g, "b1"), [7, 2])
        move = ps.packeis_game_legal_moves(g)[0]
        text = ps.packeis_game_format_move(g, move)
        self.assertEqual(ps.packeis_game_parse_move(g, text, ps.PACKEIS_PARSE_CHECK_LEGAL),
                         [move, len(text)])
        with self.assertRaises(ps.MalformedTextError) as caught:
            ps.packeis_game_parse_move(g, "a1-z9", 0)
        self.assertEqual(caught.exception.stop, 3)
        ps.packeis_game_apply(g, move)
        position = ps.packeis_game_save_position(g)
        loaded, stop = ps.packeis_game_load_position(position, None)
        self.assertEqual(stop, len(position))
        self.assertEqual(ps.packeis_game_hash(loaded), ps.packeis_game_hash(g))
        self.assertEqual(ps.packeis_game_legal_moves(loaded), ps.packeis_game_legal_moves(g))
        self.assertEqual(ps.packeis_game_save_position(loaded), position)
        bad = position.replace("players 2", "players 7")
        with self.assertRaises(ps.MalformedTextError) as caught:
            ps.packeis_game_load_position(bad, None)
        self.assertEqual(caught.exception.stop, position.index("players 2") + len("players "))
        ps.packeis_game_playout(g, 4)
        record = ps.packeis_game_save_record(g)  # longer than the first buffer
        self.assertGreater(len(record), 100)
        replayed, stop = ps.packeis_game_load_record(record, None)
        self.assertEqual(stop, len(record))
        self.assertEqual(ps.packeis_game_history(replayed), ps.packeis_game_history(g))
        self.assertEqual(ps.packeis_game_hash(replayed), ps.packeis_game_hash(g))

    def test_research_and_machine_learning(self):
        g = new_game(3, 9)
        winners, fish, floes, plies = ps.packeis_game_playout_batch(g, 4, 10)
        self.assertEqual((len(winners), len(fish), len(floes)), (10, 40, 40))
        self.assertGreater(plies, 10 * 9)
        for k, w in enumerate(winners):
            c = ps.packeis_game_clone(g)
            ps.packeis_game_playout(c, 4 + k)
            self.assertEqual(w, ps.packeis_game_winners(c))
            self.assertEqual(fish[4 * k:4 * k + 4],
                             [ps.packeis_game_fish_won(c, p) for p in range(3)] + [0])
            self.assertEqual(floes[4 * k + 1], ps.packeis_game_floes_won(c, 1))
        self.assertEqual(ps.packeis_game_playout_batch(g, 0, 0), [[], [], [], 0])
        with self.assertRaises(ValueError):
            ps.packeis_game_playout_batch(g, 0, -1)
        # The same games, as each player's reward (1.2): packeis_game_reward of the end.
        rewards, rewarded_plies = ps.packeis_game_playout_rewards(g, 4, 10)
        self.assertEqual((len(rewards), rewarded_plies), (40, plies))
        for k in range(10):
            c = ps.packeis_game_clone(g)
            ps.packeis_game_playout(c, 4 + k)
            self.assertEqual(rewards[4 * k:4 * k + 4],
                             [ps.packeis_game_reward(c, p) for p in range(3)] + [0.0])
        self.assertIn(1.0, rewards[:3])  # 3 players: the winner 1, the last -1
        self.assertEqual(ps.packeis_game_playout_rewards(g, 0, 0), [[], 0])
        with self.assertRaises(ValueError):
            ps.packeis_game_playout_rewards(g, 0, -1)
        self.assertEqual(ps.packeis_game_perft(g, 1), len(ps.packeis_game_legal_moves(g)))
        divided = ps.packeis_game_divide(g, 2)
        self.assertEqual([m for m, _ in divided], ps.packeis_game_legal_moves(g))
        self.assertEqual(sum(n for _, n in divided), ps.packeis_game_perft(g, 2))
        with self.assertRaises(ps.InvalidArgumentError):
            ps.packeis_game_divide(g, 0)
        obs = struct.unpack("%df" % ps.PACKEIS_OBSERVATION_SIZE, ps.packeis_game_observe(g, 0))
        plane = lambda k: obs[k * 64:(k + 1) * 64]  # noqa: E731
        self.assertEqual(sum(plane(ps.PACKEIS_PLANE_CELL)), 60.0)
        self.assertEqual(sum(plane(ps.PACKEIS_PLANE_TO_ACT_0)), 60.0)
        self.assertEqual(sum(plane(ps.PACKEIS_PLANE_OUT_0)), 0.0)
        self.assertEqual(sum(plane(ps.PACKEIS_PLANE_FISH_WON_0)), 0.0)
        with self.assertRaises(ps.InvalidArgumentError):
            ps.packeis_game_observe(g, 8)
        mask = ps.packeis_game_legal_mask(g)
        self.assertEqual(len(mask), 4096)
        self.assertEqual([i for i, b in enumerate(mask) if b], ps.packeis_game_legal_moves(g))
        self.assertEqual(ps.packeis_game_destinations(g, 0), 0)


class HandleTest(unittest.TestCase):
    def test_free_clears_and_use_after_free_raises(self):
        g = new_game()
        ps.packeis_game_free(g)
        with self.assertRaises(ps.InvalidArgumentError):
            ps.packeis_game_apply(g, 0)
        with self.assertRaises(ps.InvalidArgumentError):
            ps.packeis_game_phase(g)
        with self.assertRaises(ValueError):
            ps.packeis_game_free(g)  # no longer owned: not freed twice
        ps.packeis_game_free(None)
        options = ps.packeis_options_new(None)
        ps.packeis_options_free(options)
        with self.assertRaises(ps.InvalidArgumentError):
            ps.packeis_options_set_players(options, 2)

    def test_threads(self):
        # Distinct games from several threads.
        errors = []

        def work(seed):
            try:
                g = new_game(2, seed)
                play_random(g, random.Random(seed))
            except Exception as error:  # pragma: no cover - reported below
                errors.append(error)

        threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(errors, [])

    def test_destructor(self):
        # Clones are owned by their objects, which nothing else holds, so
        # they are freed as the list goes. (SWIG's objects are not tracked by
        # gc, so gc.get_objects() never lists them: count references; that
        # dropped games are freed is RawModuleTest's resident-memory check.)
        games = [new_game(2, k) for k in range(50)]
        clones = [ps.packeis_game_clone(g) for g in games]
        self.assertTrue(all(c.thisown for c in clones))
        self.assertFalse(gc.is_tracked(clones[0]))
        self.assertEqual({sys.getrefcount(c) for c in clones}, {3})  # the list, c, the call
        del games, clones


def child(code, timeout=60, interrupt_after=None):
    """Runs `code` in a child interpreter (the module on its PYTHONPATH);
    with `interrupt_after`, sends it SIGINT that many seconds after the
    child's first line (it prints one as its long call starts: a signal at a
    fixed time from the start could come while a slow interpreter still
    imports)."""
    process = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, universal_newlines=True)
    first = ""
    if interrupt_after is not None:
        first = process.stdout.readline()
        time.sleep(interrupt_after)
        process.send_signal(signal.SIGINT)
    try:
        out, _ = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        out, _ = process.communicate()
        raise AssertionError("the child hung:\n" + first + out)
    return process.returncode, first + out


GAME = "import packeis_swig as ps\ng = ps.packeis_game_new(ps.packeis_options_new(None))\n"


class LongCallTest(unittest.TestCase):
    """perft, divide and batches of playouts release the GIL, stop on
    Ctrl-C and refuse absurd sizes up front."""

    def test_perft_of_any_depth_is_interrupted_by_ctrl_c(self):
        for call in ("ps.packeis_game_perft(g, 2**32 - 1)", "ps.packeis_game_divide(g, 4000)",
                     "ps.packeis_game_playout_batch(g, 0, 10**6)",
                     "ps.packeis_game_playout_rewards(g, 0, 10**6)"):
            start = time.monotonic()
            code, out = child(GAME + "print('started', flush=True)\n"
                              "try:\n    %s\nexcept KeyboardInterrupt:\n"
                              "    print('interrupted')\n" % call, interrupt_after=1.0)
            self.assertEqual(code, 0, out)
            if "10**6" not in call:  # a million playouts may end before the signal
                self.assertIn("interrupted", out, call)
            self.assertLess(time.monotonic() - start, 20, call)

    def test_long_calls_release_the_gil(self):
        # While perft runs on a thread, the main thread runs Python code.
        code, out = child(GAME + "import threading, time, os\n"
                          "t = threading.Thread(target=ps.packeis_game_perft, args=(g, 2**32 - 1),"
                          " daemon=True)\n"
                          "t.start(); time.sleep(0.1)\n"
                          "n, end = 0, time.monotonic() + 0.5\n"
                          "while time.monotonic() < end: n += 1\n"
                          "print('alive', t.is_alive(), 'loops', n, flush=True)\n"
                          "os._exit(0)\n")
        self.assertEqual(code, 0, out)
        alive, loops = out.split()[1], int(out.split()[3])
        self.assertEqual(alive, "True", out)
        self.assertGreater(loops, 10000, out)

    def test_long_calls_copy_the_game_before_other_threads_run(self):
        """perft, divide and playout batches copy the game before they
        release the GIL: a thread that assigns other games into it, or
        plays and takes back moves on it, meanwhile cannot make the copy
        read a game being freed (ASan reported heap-use-after-free in
        packeis_game_clone; release builds aborted with a double free)."""
        code, out = child(GAME + "import threading, time, os\n"
                          "boards = [ps.packeis_game_new(ps.packeis_options_new(None)) "
                          "for _ in range(4)]\n"
                          "for i, b in enumerate(boards): ps.packeis_game_playout(b, i)\n"
                          "stop = False\n"
                          "def meddle():\n"
                          "    i = 0\n"
                          "    while not stop:\n"
                          "        ps.packeis_game_assign(g, boards[i % 4]); i += 1\n"
                          "        ps.packeis_game_undo_to(g, 0)\n"
                          "        ps.packeis_game_apply(g, ps.packeis_game_legal_moves(g)[0])\n"
                          "t = threading.Thread(target=meddle); t.start()\n"
                          "end = time.monotonic() + 3\n"
                          "calls = 0\n"
                          "while time.monotonic() < end:\n"
                          "    ps.packeis_game_perft(g, 2); ps.packeis_game_divide(g, 2)\n"
                          "    ps.packeis_game_playout_batch(g, calls, 8)\n"
                          "    ps.packeis_game_playout_rewards(g, calls, 8); calls += 1\n"
                          "stop = True; t.join()\n"
                          "print('calls', calls, flush=True)\n")
        self.assertEqual(code, 0, out)
        self.assertGreater(int(out.split()[-1]), 10, out)

    def test_absurd_sizes_refused_at_once(self):
        g = new_game()
        start = time.monotonic()
        for games in (10**8, 2**64, -1, 1.5, "3"):
            with self.assertRaises(ValueError):
                ps.packeis_game_playout_batch(g, 0, games)
            with self.assertRaises(ValueError):
                ps.packeis_game_playout_rewards(g, 0, games)
        with self.assertRaises(OverflowError):
            ps.packeis_game_perft(g, 2**32)  # not an unsigned
        self.assertLess(time.monotonic() - start, 1.0)

    def test_stepwise_perft_and_divide_match_the_library(self):
        # Depth 4 and 5 play the top levels one by one (packeis_game_perft_watched).
        g = new_game(2, 3)
        ps.packeis_game_playout(g, 0)
        ps.packeis_game_undo_to(g, 10)  # a movement position
        counts = [ps.packeis_game_perft(g, d) for d in range(6)]
        self.assertEqual(counts[0], 1)
        self.assertEqual(counts[1], len(ps.packeis_game_legal_moves(g)))
        for depth in (4, 5):
            divided = ps.packeis_game_divide(g, depth)
            self.assertEqual(sum(n for _, n in divided), counts[depth])
            for move, leaves in divided[:3]:
                c = ps.packeis_game_clone(g)
                ps.packeis_game_apply(c, move)
                self.assertEqual(ps.packeis_game_perft(c, depth - 1), leaves)
        # Through a whole game: perft of a finished game is 1 at any depth.
        ps.packeis_game_playout(g, 1)
        self.assertEqual(ps.packeis_game_perft(g, 10**6), 1)
        self.assertEqual(ps.packeis_game_divide(g, 10**6), [])


class WatchedCallTest(unittest.TestCase):
    """packeis_game_perft_watched() and packeis_game_divide_watched(), the
    two functions of the header the module did not wrap: a Python callable
    is their progress callback."""

    def setUp(self):
        self.game = new_game(2, 3)
        ps.packeis_game_playout(self.game, 0)
        ps.packeis_game_undo_to(self.game, 10)  # a movement position
        self.record = ps.packeis_game_save_record(self.game)

    def tearDown(self):
        self.assertEqual(ps.packeis_game_save_record(self.game), self.record, "game unchanged")

    def test_counts_and_progress(self):
        g = self.game
        for depth in (1, 3, 5):
            leaves = ps.packeis_game_perft(g, depth)
            self.assertEqual(ps.packeis_game_perft_watched(g, depth, None), leaves)
            seen = []  # list.append answers None: go on
            self.assertEqual(ps.packeis_game_perft_watched(g, depth, seen.append), leaves)
            self.assertEqual(seen[-1], leaves, "the last call has the whole count")
            self.assertEqual(seen, sorted(seen), "done never decreases")
            divided = ps.packeis_game_divide(g, depth)
            seen = []
            self.assertEqual(ps.packeis_game_divide_watched(g, depth, seen.append), divided)
            self.assertEqual(ps.packeis_game_divide_watched(g, depth, None), divided)
            self.assertEqual(seen[-1], leaves)
        self.assertGreater(len(seen), 10, "called after each subtree of three actions")

    def test_a_true_answer_stops_the_call(self):
        g = self.game
        for call in (ps.packeis_game_perft_watched, ps.packeis_game_divide_watched):
            calls = []

            def stop_at_the_third(done):
                calls.append(done)
                return len(calls) == 3
            with self.assertRaises(ps.StoppedError) as caught:
                call(g, 5, stop_at_the_third)
            self.assertEqual(caught.exception.status, ps.PACKEIS_E_STOPPED)
            self.assertEqual(len(calls), 3, "stopped at once")
            with self.assertRaises(ps.StoppedError):
                call(g, 2**32 - 1, lambda done: 1)  # truthy: stops what never ends

    def test_an_exception_in_progress_is_raised(self):
        g = self.game
        class Boom(Exception):
            pass
        def boom(done):
            raise Boom(done)
        for call in (ps.packeis_game_perft_watched, ps.packeis_game_divide_watched):
            with self.assertRaises(Boom):
                call(g, 4, boom)
            with self.assertRaises(TypeError):
                call(g, 4, 5)  # not callable
            with self.assertRaises(TypeError):
                call(g, 4, lambda: True)  # takes no argument: TypeError when called
            with self.assertRaises(ps.InvalidArgumentError):
                call(None, 4, None)

    def test_stopped_by_ctrl_c(self):
        for call in ("packeis_game_perft_watched(g, 2**32 - 1, lambda d: False)",
                     "packeis_game_divide_watched(g, 2**32 - 1, None)"):
            code, out = child(GAME + "print('started', flush=True)\n"
                              "try:\n    ps." + call + "\n"
                              "except KeyboardInterrupt:\n    print('interrupted')\n",
                              interrupt_after=1.0)
            self.assertEqual(code, 0, out)
            self.assertIn("interrupted", out)


class RawModuleTest(unittest.TestCase):
    def test_raw_module_frees_its_handles(self):
        # _packeis_swig alone (no packeis_swig.py): dropped games are freed.
        code, out = child(
            "import _packeis_swig as r\n"
            "def rss():\n"
            "    with open('/proc/self/statm') as f: return int(f.read().split()[1])\n"
            "def make(k):\n"
            "    g = r.packeis_game_new(r.packeis_options_new(None))\n"
            "    r.packeis_game_playout(g, k)\n"
            "    return g\n"
            "base = rss(); kept = [make(k) for k in range(5000)]; grown_kept = rss() - base\n"
            "del kept; middle = rss()\n"
            "for k in range(50000): make(k)\n"
            "print(grown_kept, rss() - middle)\n")
        self.assertEqual(code, 0, out)
        self.assertNotIn("memory leak", out)
        grown_kept, grown_dropped = map(int, out.split()[-2:])
        self.assertGreater(grown_kept, 0)
        self.assertLess(grown_dropped, grown_kept, "50000 dropped games against 5000 kept")

    def test_no_allocator_and_no_constructor(self):
        with self.assertRaises(TypeError):
            ps.packeis_options_new(object())
        for handle in (ps.packeis_game, ps.packeis_options, ps.packeis_batch):
            with self.assertRaises(TypeError):
                handle()
            with self.assertRaises(TypeError):
                handle.__new__(handle)  # an empty object would crash a call
            with self.assertRaises(TypeError):
                type("Sub", (handle,), {})()
        g = new_game()
        g.disown()  # a leak then, never a double free
        g.acquire()
        ps.packeis_game_free(g)
        g.acquire()  # owning a cleared handle frees nothing
        del g
        gc.collect()

    def test_a_handle_has_one_object_and_one_owner(self):
        """No object can stand for another's handle: SWIG's chain of `this`
        objects (`append`) is refused on handles, so `own(1)` or a free
        through a second object cannot make the clone a second owner, and a
        handle is freed with its one object. (Before: `o.append(c)` made the
        options object `o` a second wrapper of the clone `c`, through which
        packeis_game_free() freed c's game, and which kept `c` alive for
        ever: the clone survived its owner.)"""
        g = new_game()
        c = ps.packeis_game_clone(g)
        references = sys.getrefcount(c)
        batch = ps.packeis_batch_new(ps.packeis_options_new(None), 2)
        for other in (ps.packeis_options_new(None), ps.packeis_game_clone(g), batch, c):
            for append in (other.append, type(other).__base__.append.__get__(other)):
                with self.assertRaises(TypeError):
                    append(c)
            self.assertIsNone(other.next())
        o = ps.packeis_options_new(None)
        with self.assertRaises(TypeError):
            o.append(c)
        self.assertTrue(o.own(1))  # its own options, still
        with self.assertRaises(TypeError):
            ps.packeis_game_ply_count(o)  # not a game
        with self.assertRaises(TypeError):
            ps.packeis_game_free(o)
        self.assertEqual(ps.packeis_game_ply_count(c), 0)  # c's game is alive
        self.assertTrue(c.thisown)
        # Nothing holds the clone but its name (SWIG's objects are not
        # tracked by gc, so count the references).
        del o, other, append, batch
        self.assertEqual(sys.getrefcount(c), references)


class Release11Test(unittest.TestCase):
    """The 1.1.0 calls: counts, rewards, bit masks, compact observations,
    batches."""

    def test_counts_bits_and_rewards(self):
        g = new_game(2, 4)
        for _ in range(12):
            moves = ps.packeis_game_legal_moves(g)
            self.assertEqual(ps.packeis_game_legal_move_count(g), len(moves))
            bits = ps.packeis_game_legal_bits(g)
            self.assertEqual([m for m in range(4096) if bits >> m & 1], moves)
            words = ps.packeis_game_observe_bits(g, 0)
            obs = struct.unpack("1600f", ps.packeis_game_observe(g, 0))
            for plane in (ps.PACKEIS_PLANE_FISH_1, ps.PACKEIS_PLANE_PENGUINS_0, ps.PACKEIS_PLANE_CELL):
                self.assertEqual(words[plane],
                                 sum(1 << c for c in range(64) if obs[plane * 64 + c] == 1.0))
            self.assertEqual(ps.packeis_game_reward(g, 0), 0.0)
            ps.packeis_game_apply(g, moves[-1])
        ps.packeis_game_playout(g, 2)
        rewards = [ps.packeis_game_reward(g, p) for p in range(2)]
        winners = ps.packeis_game_winners(g)
        expected = {0b01: [1.0, -1.0], 0b10: [-1.0, 1.0], 0b11: [0.0, 0.0]}[winners]
        self.assertEqual(rewards, expected)

    def test_batch(self):
        options = ps.packeis_options_new(None)
        ps.packeis_options_set_seed(options, 10)
        batch = ps.packeis_batch_new(options, 3)
        self.assertEqual(ps.packeis_batch_size(batch), 3)
        lists = ps.packeis_batch_legal_moves(batch)
        # Game i starts on the board of seed 10 + i.
        self.assertEqual(lists, [ps.packeis_game_legal_moves(new_game(2, 10 + i)) for i in range(3)])
        mask = ps.packeis_batch_legal_mask(batch)
        self.assertEqual(len(mask), 3 * 4096)
        self.assertEqual([m for m in range(4096) if mask[4096 + m]], lists[1])
        self.assertEqual(len(ps.packeis_batch_legal_bits(batch)), 3 * 64 * 8)
        self.assertEqual(len(ps.packeis_batch_observe(batch, 0)), 3 * 1600 * 4)
        self.assertEqual(len(ps.packeis_batch_observe_bits(batch, 0)), 3 * 25 * 8)
        statuses, rewards, terminated, to_act = ps.packeis_batch_step(
            batch, [lists[0][0], ps.packeis_move_slide(0, 1), ps.PACKEIS_MOVE_NONE], None)
        self.assertEqual(statuses, [ps.PACKEIS_OK, ps.PACKEIS_E_WRONG_PHASE, ps.PACKEIS_OK])
        self.assertEqual(rewards, [0.0] * 12)
        self.assertEqual((terminated, to_act), ([0, 0, 0], [1, 0, 0]))
        for bad in ([1, 2], [1, 2, 70000], None, [1, 2, "x"]):
            with self.assertRaises((ValueError, TypeError)):
                ps.packeis_batch_step(batch, bad, None)
        with self.assertRaises(ValueError):
            ps.packeis_batch_reset(batch, [1, 2])
        ps.packeis_batch_reset(batch, [5, 6, 7])
        self.assertEqual(ps.packeis_batch_legal_moves(batch)[2],
                         ps.packeis_game_legal_moves(new_game(2, 7)))
        ps.packeis_batch_free(batch)
        with self.assertRaises(ps.InvalidArgumentError):
            ps.packeis_batch_size(batch)
        with self.assertRaises(ps.InvalidArgumentError):
            ps.packeis_batch_legal_mask(batch)

    def test_batch_calls_release_the_gil_and_guard_the_batch(self):
        # While one thread reads a batch's bit masks over and over (the GIL
        # released), the main thread's calls with the batch are refused, not
        # raced; freeing it is refused too; afterwards both work. A free that
        # succeeds found the reader between two calls (it holds the GIL then,
        # so no call was in flight): no race, and the reader's next call
        # raises cleanly on the freed batch; the test then starts again with
        # a new batch.
        refused, end = {"size": 0, "free": 0}, time.monotonic() + 20
        while time.monotonic() < end and min(refused.values()) == 0:
            batch = ps.packeis_batch_new(ps.packeis_options_new(None), 16384)
            stop, reads, faults = threading.Event(), [], []

            def read():
                while not stop.is_set():
                    try:
                        reads.append(len(ps.packeis_batch_legal_bits(batch)))
                    except ps.InvalidArgumentError as error:  # freed between two calls
                        faults.append(error)
                        return

            reader = threading.Thread(target=read)
            reader.start()
            freed = False
            try:
                while time.monotonic() < end and min(refused.values()) == 0 and not freed:
                    for name, call in (("size", ps.packeis_batch_size),
                                       ("free", ps.packeis_batch_free)):
                        try:
                            call(batch)
                        except RuntimeError as error:
                            self.assertIn("in use", str(error))
                            refused[name] += 1
                        else:
                            freed = freed or name == "free"
            finally:
                stop.set()
                reader.join()
            self.assertTrue(all(n == 16384 * 64 * 8 for n in reads))
            if freed:
                self.assertLessEqual(len(faults), 1)  # a clean error, then the reader stops
                continue
            self.assertEqual(faults, [])
            self.assertEqual(ps.packeis_batch_size(batch), 16384)
            ps.packeis_batch_free(batch)
        self.assertGreater(refused["size"], 0)
        self.assertGreater(refused["free"], 0)

    def test_error_classes_have_their_builtin_category(self):
        self.assertTrue(issubclass(ps.OutOfRangeError, IndexError))
        self.assertTrue(issubclass(ps.OutOfMemoryError, MemoryError))
        self.assertTrue(issubclass(ps.NothingToUndoError, RuntimeError))
        self.assertTrue(issubclass(ps.NotInLineError, ValueError))
        self.assertTrue(issubclass(ps.MalformedTextError, ValueError))
        with self.assertRaises(ps.WrongPhaseError) as caught:
            ps.packeis_game_apply(new_game(), ps.packeis_move_slide(0, 1))
        self.assertTrue(str(caught.exception).startswith("PACKEIS_E_WRONG_PHASE: "))


class ErrorTreeTest(unittest.TestCase):
    """Both Python bindings build their exception classes from one table
    (bindings/error_tree.py): each status code is a class of the same name
    with the same bases in the ctypes package as here."""

    @staticmethod
    def bases(cls):
        return [c.__name__ for c in cls.__mro__]

    def test_every_status_maps_to_the_same_classes_in_both_packages(self):
        import packeis  # the ctypes package (PYTHONPATH and PACKEIS_LIBRARY: meson.build)
        from packeis import _errors

        ours = {cls.status: cls for cls in vars(ps).values()
                if isinstance(cls, type) and issubclass(cls, ps.PackeisError) and cls.status > 0}
        codes = range(1, ps.PACKEIS_STATUS_COUNT)
        self.assertEqual(sorted(ours), list(codes))
        self.assertEqual(sorted(_errors.ERRORS), list(codes))
        for code in codes:
            self.assertEqual(self.bases(ours[code]), self.bases(_errors.ERRORS[code]),
                             ps.packeis_status_name(code))
            self.assertIs(getattr(packeis, ours[code].__name__), _errors.ERRORS[code])
        for group in ("IllegalMoveError", "LayoutError"):
            self.assertEqual(self.bases(getattr(ps, group)), self.bases(getattr(packeis, group)))
        # Worked out by hand from the table: a refused move is a ValueError
        # under IllegalMoveError, a layout error one through LayoutError.
        self.assertEqual(self.bases(ours[ps.PACKEIS_E_NOT_IN_LINE]),
                         ["NotInLineError", "IllegalMoveError", "PackeisError", "ValueError",
                          "Exception", "BaseException", "object"])
        self.assertEqual(self.bases(ours[ps.PACKEIS_E_NO_CELLS]),
                         ["NoCellsError", "LayoutError", "PackeisError", "ValueError",
                          "Exception", "BaseException", "object"])
        self.assertEqual(self.bases(ours[ps.PACKEIS_E_BUFFER_TOO_SMALL])[1:3],
                         ["PackeisError", "RuntimeError"])

    def test_the_same_error_raised_by_both(self):
        import packeis

        with self.assertRaises(packeis.NothingToUndoError):
            packeis.Game().undo()
        with self.assertRaises(ps.NothingToUndoError):
            ps.packeis_game_undo(new_game())
        doc = ps.NotInLineError.__doc__
        self.assertTrue(doc.startswith("A slide whose destination is not in a straight line"), doc)
        self.assertEqual(" ".join(packeis.NotInLineError.__doc__.split()), doc)


if __name__ == "__main__":
    unittest.main()
