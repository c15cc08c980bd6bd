# SPDX-License-Identifier: MIT
"""The Game class: setup, board and position queries, standings, playing,
history (undo, redo, what each action did)."""
from __future__ import annotations

from ctypes import byref, c_int, c_size_t
from typing import Any, Iterable, NamedTuple, Optional, Union

from . import _ffi
from ._alloc import Allocator, as_allocator
from ._args import c_int as as_c_int
from ._args import c_size, integer as as_integer, seed as as_seed
from ._research import ResearchMixin
from ._board import board_svg, board_text
from ._enums import MAX_MOVES, Direction, Phase, Variant, bits
from ._errors import OutOfRangeError, PackeisError, illegal_move
from ._handle import raise_status
from ._lib import lib
from ._moves import Move, MoveBuffer, MoveLike, move_value
from ._options import Floe, checked, new_game
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


class Game(TextMixin, ResearchMixin):
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
        allocator: Optional[Allocator] = None,
        memory_limit: Optional[int] = None,
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
        :param allocator: a :class:`packeis.Allocator` (kept alive by the
            game and its clones) for every allocation of the game.
        :param memory_limit: the most bytes the game (and its clones) may
            hold at once: ``Allocator(limit=memory_limit)``.
        :raises PackeisError: the subclass for the C status, its message
            naming the argument, what is allowed and the value given
            (``"players must be 2 to 4, got 5"``); a bad picture raises with
            ``stop`` set to the offset at fault.
        :raises RuntimeError: ``__init__`` called again on a game (make a
            new one, or use :meth:`reset` / :meth:`assign`).
        """
        if getattr(self, "_lock", None) is not None:
            raise RuntimeError("Game.__init__ called on a game already set up: make a new "
                               "Game, or use reset() or assign()")
        self._setup()
        allocator = as_allocator(allocator, memory_limit)
        setup = checked(seed=seed, players=players, penguins=penguins, layout=layout,
                        layout_picture=layout_picture, place_any_floe=place_any_floe,
                        snake_placement=snake_placement, hash_seed=hash_seed)
        new_game(allocator, setup, self._receive(allocator))
        self._refresh()

    @classmethod
    def from_picture(cls, picture: str, players: int = 2, penguins: int = 0,
                     **options: Any) -> "Game":
        """A game on the custom board drawn by ``picture``: the same as
        ``Game(layout_picture=picture, players=..., ...)``."""
        return cls(players=players, penguins=penguins, layout_picture=picture, **options)

    # -- copies and restarts -------------------------------------------------
    def clone(self) -> "Game":
        """An independent copy: position, history (and redo) and board.

        For a game with an allocator the copy is made and wrapped on the
        helper thread, where no signal handler runs: an exception raised by
        one (Ctrl-C) between the C call and the wrapping would otherwise
        leave the C copy owned by nobody (it leaked nearly every time under
        a timer raising every 200 us), and the caller gets the finished
        object or nothing (a dropped one frees its game)."""
        cls, keep = type(self), self._keep

        def clone_into(handle: Any) -> "Game":
            copy = cls._receiving(keep)
            status = lib.packeis_game_clone(handle, byref(copy._handle))
            if status:
                raise_status(status, keep)
            copy._refresh()
            return copy
        return self._run(lambda call: call(clone_into))

    __copy__ = clone

    def __deepcopy__(self, memo: object) -> "Game":
        return self.clone()

    def assign(self, source: "Game") -> None:
        """Makes this game a copy of ``source``, reusing its memory."""
        if not isinstance(source, Game):
            raise TypeError(f"source must be a Game, not {type(source).__name__}")
        if source is self:
            self._check(lambda handle: lib.packeis_game_assign(handle, handle))
            return
        for game in (self, source):  # before waiting for either lock
            if game._inside():
                game._refuse_reentry()

        def copy(call: Any) -> None:
            status = source._hold(lambda handle: call(lib.packeis_game_assign, handle))
            if status:
                raise_status(status, self._keep)
            self._refresh()

        # Both locks, always in the same order, so that two assigns in
        # opposite directions cannot wait for each other.
        first = min(self, source, key=id)
        with first._lock:
            self._run(copy)

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
        """Whether a variant is on; OutOfRangeError for no variant (C
        answers 0 for it, which would read as "off")."""
        number = as_c_int(variant, "variant")
        if not 0 <= number < len(Variant):
            raise OutOfRangeError(f"variant must be 0 to {len(Variant) - 1}, got {number}")
        return bool(self._call(lib.packeis_game_variant, number))

    @property
    def is_standard_board(self) -> bool:
        """Whether the board is the standard one (else a custom layout)."""
        return bool(self._call(lib.packeis_game_is_standard_board))

    @property
    def board_seed(self) -> Optional[int]:
        """The seed of the standard board, or None for a custom layout."""
        def read(call: Any) -> Optional[int]:
            if not call(lib.packeis_game_is_standard_board):
                return None
            return call(lib.packeis_game_seed)
        return self._run(read)

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
            raise OutOfRangeError(f"direction must be 0 to {_ffi.PACKEIS_DIRECTION_COUNT - 1}, "
                                  f"got {number}")
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
        return self._run(lambda call: (call(lib.packeis_game_fish_won, player),
                                       call(lib.packeis_game_floes_won, player)))

    def rank(self, player: int) -> int:
        """A player's place (1 for first); provisional until the end."""
        return self._call(lib.packeis_game_rank, self._player(player))

    def reward(self, player: int) -> float:
        """A player's reward (``packeis_game_reward``): 0.0 until the game
        is over, then ``(b - a) / (players - 1)`` with ``b`` the players
        ranked below and ``a`` those ranked above (the rewards sum to 0)."""
        return self._call(lib.packeis_game_reward, self._player(player))

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
        if type(buffer) is not MoveBuffer:
            raise TypeError(f"buffer must be a MoveBuffer, not {type(buffer).__name__}")
        status = self._call(_legal_moves, buffer._array, MAX_MOVES, buffer._count)
        if status:
            raise_status(status, self._keep)
        buffer._n = n = buffer._count.value
        return n

    @property
    def move_count(self) -> int:
        """The number of legal moves."""
        count = c_size_t()
        status = self._call(_legal_moves, None, 0, byref(count))
        if status not in (0, _ffi.PACKEIS_E_BUFFER_TOO_SMALL):
            raise_status(status, self._keep)
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
        value = self._as_move(move)
        status = self._call(lib.packeis_game_check_move, value)
        if status:
            self._refuse_move(status, value)

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
        status = self._call(_apply, move)
        if status:
            self._refuse_move(status, move)

    def _refuse_move(self, status: int, move: int) -> None:
        """Raises the error of a refused move, naming it: ``"a1-c3: a gap in
        the ice is in the way"`` (see :class:`IllegalMoveError`)."""
        if status == _ffi.PACKEIS_E_OUT_OF_MEMORY:
            raise_status(status, self._keep)
        try:
            notation = self.format_move(move)
        except PackeisError:
            notation = str(Move(move))
        raise illegal_move(status, move, notation)

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
        count = c_size_t()

        def read(call: Any) -> Any:
            n = call(lib.packeis_game_ply_count)
            moves = (_ffi.packeis_move * max(n, 1))()
            status = call(lib.packeis_game_history, moves, n, byref(count))
            if status:
                raise_status(status, self._keep)
            return moves
        moves = self._run(read)
        return [Move(m) for m in moves[: count.value]]

    def ply_effect(self, ply: int) -> PlyEffect:
        """What action ``ply`` (from 0; negative counts from the end) did:
        a :class:`PlyEffect`."""
        given = as_integer(ply, "ply")

        def read(call: Any) -> PlyEffect:
            played = call(lib.packeis_game_ply_count)
            index = given + played if given < 0 else given
            if not 0 <= index < played:
                raise OutOfRangeError(f"ply must be {-played} to {played - 1}, got {given}"
                                      if played else f"no ply {given}: none played")
            return PlyEffect(
                call(lib.packeis_game_ply_player, index),
                bits(call(lib.packeis_game_ply_removed, index)),
                tuple(bits(call(lib.packeis_game_ply_credited, index, p))
                      for p in range(self._players)),
                frozenset(bits(call(lib.packeis_game_ply_players_out, index))),
            )
        return self._run(read)

    # -- Python protocols ----------------------------------------------------
    def __repr__(self) -> str:
        if self.closed:
            return "<Game closed>"
        try:
            return (
                f"<Game {self.players} players, {self.phase_name}, "
                f"ply {self.ply_count}, to act: {self.current_player}>"
            )
        except PackeisError:  # closed or in use meanwhile
            return "<Game>"

    def __str__(self) -> str:
        """The board as text: hex rows with their letters, columns numbered
        as the cell names are, each floe as its fish (``.`` once gone), each
        penguin as its player's letter (``A`` to ``D``); then the scores and
        whose turn it is (see :func:`packeis._board.board_text`)."""
        if self.closed:
            return "<Game closed>"
        return board_text(self)

    def _repr_svg_(self) -> Optional[str]:
        """The board as an SVG picture (Jupyter shows it for a game); None
        for a closed game (Jupyter then shows the repr)."""
        if self.closed:
            return None
        return board_svg(self)

    def __eq__(self, other: object) -> Any:
        """Games are equal when their positions are (:meth:`save_position`:
        setup, board, scores, players out, phase and player to act), however
        they were reached; the history is not compared. A game is mutable,
        so it is not hashable: use :attr:`hash` or :meth:`save_position` as a
        key. A closed game is equal only to itself."""
        if not isinstance(other, Game):
            return NotImplemented
        if other is self:
            return True
        if self.closed or other.closed:
            return False
        return self.save_position() == other.save_position()

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        """Pickles a game as its record (:meth:`save_record`): setup, the
        position it started from and every action, so the unpickled game
        can undo them. Redo and the allocator are not carried."""
        return (_from_record, (self.save_record(),))


def _from_record(record: str) -> Game:
    """Unpickles a game (see :meth:`Game.__reduce__`)."""
    return Game.from_record(record)
