# SPDX-License-Identifier: MIT
"""The Game class: setup, board and position queries, standings, playing,
history (undo, redo, what each action did)."""
from __future__ import annotations

import threading
from ctypes import byref, c_int, c_size_t
from typing import Any, Iterable, NamedTuple, Optional, Union

from . import _ffi
from ._args import c_int as as_c_int
from ._args import c_size, seed as as_seed
from ._batch import BatchMixin
from ._enums import MAX_MOVES, Direction, Phase, Variant, bits
from ._errors import OutOfRangeError, error_for
from ._handle import game_p
from ._lib import lib
from ._moves import Move, MoveBuffer, MoveLike, move_value
from ._options import Floe, new_game
from ._text import TextMixin

_legal_moves = lib.packeis_game_legal_moves
_apply = lib.packeis_game_apply
_MOVE_VALUES = _ffi.PACKEIS_MOVE_VALUES


class Standing(NamedTuple):
    """A player's standing: its score and place (1 for first)."""

    player: int
    fish: int
    floes: int
    rank: int


class Bounds(NamedTuple):
    """The smallest rectangle holding every cell of the layout, in
    doubled-width coordinates (inclusive)."""

    min_x: int
    min_y: int
    max_x: int
    max_y: int


class PlyEffect(NamedTuple):
    """What one action did (:meth:`Game.ply_effect`): who played it, the
    cells whose floes left the board with it, per player the cells credited
    to that player by it, and the players who went out with it."""

    player: int
    removed: list[int]
    credited: tuple[list[int], ...]
    players_out: frozenset[int]


class Game(TextMixin, BatchMixin):
    """A game of Packeis am Pol.

    >>> game = Game(seed=42, players=2)
    >>> while not game.is_over:
    ...     game.apply(game.legal_moves()[0])
    >>> game.standings()[0].fish > 0
    True

    The C handle is freed when the object goes away (or on :meth:`close`).
    A game may be shared between threads: each call takes the game's lock.
    The text formats (:meth:`save_position`, :meth:`from_record`,
    :meth:`format_move` ...) and the research calls (:meth:`random_games`,
    :meth:`observe` ...) come from its two bases.
    """

    __slots__ = ()

    def __init__(
        self,
        seed: int = 0,
        players: int = 2,
        penguins: int = 0,
        layout: Optional[Iterable[Floe]] = None,
        *,
        layout_picture: Optional[str] = None,
        place_any_floe: bool = False,
        snake_placement: bool = False,
        hash_seed: Optional[int] = None,
        allocator: Optional[_ffi.packeis_allocator] = None,
    ) -> None:
        """Starts a game.

        :param seed: shuffles the standard board (ignored with a layout).
        :param players: 2 to 4.
        :param penguins: per player, or 0 for the rules' number.
        :param layout: a custom board as ``(x, y, fish)`` floes in
            doubled-width coordinates, instead of the standard board.
        :param layout_picture: a custom board drawn as a hex picture (as
            :meth:`layout_picture` writes it), instead of the standard board.
        :param place_any_floe: the variant placing penguins on any floe.
        :param snake_placement: the variant placing in snake order.
        :param hash_seed: the seed of the hash keys (default
            ``DEFAULT_HASH_SEED``).
        :param allocator: a ``packeis_allocator`` (low level, kept alive by
            the game and its clones) for every allocation of the game.
        :raises PackeisError: the subclass for the C status; a bad picture
            raises with ``stop`` set to the offset at fault.
        """
        self._lock = threading.RLock()
        self._handle = None
        variants = {Variant.PLACE_ANY_FLOE: place_any_floe,
                    Variant.SNAKE_PLACEMENT: snake_placement}
        handle = new_game(allocator, seed=seed, players=players, penguins=penguins,
                          layout=layout, layout_picture=layout_picture,
                          variants=variants, hash_seed=hash_seed)
        self._adopt(handle, allocator)

    @classmethod
    def from_picture(cls, picture: str, players: int = 2, penguins: int = 0,
                     **options: Any) -> "Game":
        """A game on the custom board drawn by ``picture``: the same as
        ``Game(layout_picture=picture, players=..., ...)``."""
        return cls(players=players, penguins=penguins, layout_picture=picture, **options)

    # -- copies and restarts -------------------------------------------------
    def clone(self) -> "Game":
        """An independent copy: position, history (and redo) and board."""
        copy = game_p()
        self._check(lib.packeis_game_clone, byref(copy))
        return Game._wrap(copy, self._keep)

    __copy__ = clone

    def __deepcopy__(self, memo: object) -> "Game":
        return self.clone()

    def assign(self, source: "Game") -> None:
        """Makes this game a copy of ``source``, reusing its memory."""
        if not isinstance(source, Game):
            raise TypeError("source must be a Game")
        first, second = sorted((self, source), key=id)
        with first._lock, second._lock:
            status = lib.packeis_game_assign(self._ptr(), source._ptr())
            if status:
                raise error_for(status)
            self._refresh()

    def reset(self, seed: int = 0) -> None:
        """Starts again, without allocating: on the standard board shuffled
        with ``seed``, or at the start of a custom layout (``seed`` unused).
        History and redo are cleared."""
        self._check(lib.packeis_game_reset, as_seed(seed))

    # -- setup queries -------------------------------------------------------
    @property
    def players(self) -> int:
        """The number of players."""
        return self._call(lib.packeis_game_player_count)

    @property
    def penguins_per_player(self) -> int:
        """How many penguins each player places."""
        return self._call(lib.packeis_game_penguins_per_player)

    def variant(self, variant: Union[Variant, int]) -> bool:
        """Whether a variant is on."""
        return bool(self._call(lib.packeis_game_variant, as_c_int(variant, "variant")))

    @property
    def is_standard_board(self) -> bool:
        """Whether the board is the standard one (else a custom layout)."""
        return bool(self._call(lib.packeis_game_is_standard_board))

    @property
    def board_seed(self) -> Optional[int]:
        """The seed of the standard board, or None for a custom layout."""
        with self._lock:
            handle = self._ptr()
            if not lib.packeis_game_is_standard_board(handle):
                return None
            return lib.packeis_game_seed(handle)

    @property
    def hash_seed(self) -> int:
        """The seed of the hash keys."""
        return self._call(lib.packeis_game_hash_seed)

    @property
    def cell_count(self) -> int:
        """The number of cells of the layout."""
        return self._call(lib.packeis_game_cell_count)

    def cell_coords(self, cell: int) -> tuple[int, int]:
        """The doubled-width coordinates ``(x, y)`` of a cell."""
        x, y = c_int(), c_int()
        self._check(lib.packeis_game_cell_coords, self._cell(cell), byref(x), byref(y))
        return x.value, y.value

    @property
    def layout_bounds(self) -> Bounds:
        """The bounding rectangle of the layout's cells (:class:`Bounds`)."""
        out = [c_int() for _ in range(4)]
        self._check(lib.packeis_game_layout_bounds, *(byref(v) for v in out))
        return Bounds(*(v.value for v in out))

    def cell_at(self, x: int, y: int) -> Optional[int]:
        """The cell at ``(x, y)``, or None."""
        cell = self._call(lib.packeis_game_cell_at, as_c_int(x, "x"), as_c_int(y, "y"))
        return None if cell < 0 else cell

    def neighbor(self, cell: int, direction: Union[Direction, int]) -> Optional[int]:
        """The neighbouring cell in a direction (geometry only), or None."""
        number = as_c_int(direction, "direction")
        if not 0 <= number < _ffi.PACKEIS_DIRECTION_COUNT:
            raise OutOfRangeError(f"no direction {number}")
        n = self._call(lib.packeis_game_neighbor, self._cell(cell), number)
        return None if n < 0 else n

    def fish(self, cell: int) -> int:
        """The fish printed on a cell's floe (1 to 3)."""
        return self._call(lib.packeis_game_fish, self._cell(cell))

    # -- position queries ----------------------------------------------------
    @property
    def phase(self) -> Phase:
        """The current phase (``str(game.phase)`` is its name)."""
        return Phase(self._call(lib.packeis_game_phase))

    @property
    def phase_name(self) -> str:
        """The library's name of the current phase: ``"placement"``,
        ``"movement"`` or ``"over"``."""
        return self.phase.label

    @property
    def is_over(self) -> bool:
        """Whether no player can move any more."""
        return self._call(lib.packeis_game_phase) == _ffi.PACKEIS_PHASE_OVER

    @property
    def current_player(self) -> Optional[int]:
        """The player to act, or None once the game is over."""
        p = self._call(lib.packeis_game_current_player)
        return None if p < 0 else p

    @property
    def floe_set(self) -> int:
        """The bit set of the cells whose floe is on the board."""
        return self._call(lib.packeis_game_floes)

    @property
    def floes(self) -> list[int]:
        """The cells whose floe is on the board."""
        return bits(self.floe_set)

    def penguin_at(self, cell: int) -> Optional[int]:
        """The owner of the penguin on a cell, or None."""
        p = self._call(lib.packeis_game_penguin_at, self._cell(cell))
        return None if p < 0 else p

    def penguin_set(self, player: int) -> int:
        """The bit set of the cells holding a penguin of ``player``."""
        return self._call(lib.packeis_game_penguins, self._player(player))

    def penguin_cells(self, player: int) -> list[int]:
        """The cells of a player's penguins, in increasing order."""
        return bits(self.penguin_set(player))

    def is_out(self, player: int) -> bool:
        """Whether a player is out (can never move again)."""
        return bool(self._call(lib.packeis_game_is_out, self._player(player)))

    # -- standings -----------------------------------------------------------
    def score(self, player: int) -> tuple[int, int]:
        """A player's ``(fish, floes)`` so far."""
        player = self._player(player)
        with self._lock:
            handle = self._ptr()
            return (lib.packeis_game_fish_won(handle, player),
                    lib.packeis_game_floes_won(handle, player))

    def rank(self, player: int) -> int:
        """A player's place (1 for first); provisional until the end."""
        return self._call(lib.packeis_game_rank, self._player(player))

    @property
    def winners(self) -> frozenset[int]:
        """The players in first place (provisional until the end)."""
        return frozenset(bits(self._call(lib.packeis_game_winners)))

    def standings(self) -> list[Standing]:
        """Every player's :class:`Standing`, by player."""
        return [Standing(p, *self.score(p), self.rank(p)) for p in range(self._players)]

    # -- playing -------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """The legal moves in increasing value (placements by cell, slides by
        origin then destination)."""
        buffer = MoveBuffer()
        self.legal_moves_into(buffer)
        return buffer.moves()

    #: The same list: a move is its own action number since 1.0.
    legal_actions = legal_moves

    def move_names(self) -> list[str]:
        """The legal moves in the project's notation (``"c4-e5"``), in the
        order of :meth:`legal_moves`."""
        return [self.format_move(m) for m in self.legal_moves()]

    def legal_moves_into(self, buffer: MoveBuffer) -> int:
        """Fast path: writes the legal moves into ``buffer`` (move values, no
        object per move) and returns their number."""
        if not isinstance(buffer, MoveBuffer):
            raise TypeError("buffer must be a MoveBuffer")
        with self._lock:
            handle = self._handle
            if not handle:
                self._ptr()
            status = _legal_moves(handle, buffer.array, MAX_MOVES, buffer._count)
        if status:
            raise error_for(status)
        buffer.count = n = buffer._count.value
        return n

    @property
    def move_count(self) -> int:
        """The number of legal moves."""
        count = c_size_t()
        with self._lock:
            status = _legal_moves(self._ptr(), None, 0, byref(count))
        if status not in (0, _ffi.PACKEIS_E_BUFFER_TOO_SMALL):
            raise error_for(status)
        return count.value

    def destination_set(self, cell: int) -> int:
        """The bit set of the cells the penguin on ``cell`` can slide to."""
        return self._call(lib.packeis_game_destinations, self._cell(cell))

    def destinations(self, cell: int) -> list[int]:
        """The cells the penguin on ``cell`` can slide to."""
        return bits(self.destination_set(cell))

    def check_move(self, move: MoveLike) -> None:
        """Raises what :meth:`apply` would raise for ``move`` (the reason:
        a subclass of :class:`IllegalMoveError`), without playing it."""
        self._check(lib.packeis_game_check_move, self._as_move(move))

    def is_legal(self, move: MoveLike) -> bool:
        """Whether ``move`` is legal now."""
        return self._call(lib.packeis_game_check_move, self._as_move(move)) == 0

    def apply(self, move: MoveLike) -> None:
        """Plays a move: a :class:`Move`, a move value (an int in 0 ... 4095,
        numpy integers included), or text in the project's notation
        (``"c4-e5"``) or the context-free one (``"12-25"``).

        :raises OutOfRangeError: an int that is not a move value.
        :raises TypeError: a bool, a float or another type.
        :raises IllegalMoveError: the subclass saying why the move is refused
            (:class:`NotInLineError`, :class:`OccupiedError`, ...).
        """
        kind = type(move)
        if kind is not int and kind is not Move:
            move = self._as_move(move)
        elif not 0 <= move < _MOVE_VALUES:
            move = move_value(move)  # raises OutOfRangeError
        with self._lock:
            handle = self._handle
            if not handle:
                self._ptr()
            status = _apply(handle, move)
        if status:
            raise error_for(status)

    def undo(self) -> None:
        """Takes back the last action (it can be redone)."""
        self._check(lib.packeis_game_undo)

    def undo_to(self, plies: int) -> None:
        """Takes back actions until ``plies`` remain."""
        self._check(lib.packeis_game_undo_to, c_size(plies, "plies"))

    def redo(self) -> None:
        """Plays again the action undone last. Applying a move other than
        the next undone one forgets the undone actions.

        :raises NothingToRedoError: nothing to redo.
        """
        self._check(lib.packeis_game_redo)

    @property
    def redo_count(self) -> int:
        """How many undone actions :meth:`redo` can play again."""
        return self._call(lib.packeis_game_redo_count)

    # -- history -------------------------------------------------------------
    @property
    def ply_count(self) -> int:
        """The number of actions played (how often undo can succeed)."""
        return self._call(lib.packeis_game_ply_count)

    def __len__(self) -> int:
        return self.ply_count

    def history(self) -> list[Move]:
        """The actions played so far, oldest first."""
        with self._lock:
            handle = self._ptr()
            n = lib.packeis_game_ply_count(handle)
            moves, count = (_ffi.packeis_move * max(n, 1))(), c_size_t()
            status = lib.packeis_game_history(handle, moves, n, byref(count))
        if status:
            raise error_for(status)
        return [Move(m) for m in moves[: count.value]]

    def ply_effect(self, ply: int) -> PlyEffect:
        """What action ``ply`` (from 0; negative counts from the end) did:
        a :class:`PlyEffect`."""
        ply = c_size(ply + self.ply_count if isinstance(ply, int) and ply < 0 else ply, "ply")
        with self._lock:
            handle = self._ptr()
            if ply >= lib.packeis_game_ply_count(handle):
                raise OutOfRangeError(f"no ply {ply}: {lib.packeis_game_ply_count(handle)} played")
            return PlyEffect(
                lib.packeis_game_ply_player(handle, ply),
                bits(lib.packeis_game_ply_removed(handle, ply)),
                tuple(bits(lib.packeis_game_ply_credited(handle, ply, p))
                      for p in range(self._players)),
                frozenset(bits(lib.packeis_game_ply_players_out(handle, ply))),
            )

    def __repr__(self) -> str:
        if self.closed:
            return "<Game closed>"
        return (
            f"<Game {self.players} players, {self.phase_name}, "
            f"ply {self.ply_count}, to act: {self.current_player}>"
        )
