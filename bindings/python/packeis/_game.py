# SPDX-License-Identifier: MIT
"""The Game class: setup, board and position queries, standings, playing."""
from __future__ import annotations

from ctypes import byref, c_int, c_size_t, c_uint32, c_uint64
from typing import Iterable, NamedTuple, Optional, Union

from . import _ffi
from ._batch import BatchMixin
from ._enums import MAX_CELLS, MAX_MOVES, Direction, Phase, Variant, bits
from ._errors import _raise, check
from ._handle import game_p
from ._lib import lib
from ._moves import Move, MoveBuffer, MoveLike
from ._options import Floe, new_game
from ._text import TextMixin

_legal_moves = lib.packeis_game_legal_moves
_apply = lib.packeis_game_apply


class Standing(NamedTuple):
    """A player's standing: its score and place (1 for first)."""

    player: int
    fish: int
    floes: int
    rank: int


class Game(TextMixin, BatchMixin):
    """A game of Packeis am Pol.

    >>> game = Game(seed=42, players=2)
    >>> while not game.is_over:
    ...     game.apply(game.legal_moves()[0])
    >>> game.standings()[0].fish > 0
    True

    The C handle is freed when the object goes away (or on :meth:`close`).
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
        self._handle = None
        self._keep = allocator
        variants = {Variant.PLACE_ANY_FLOE: place_any_floe,
                    Variant.SNAKE_PLACEMENT: snake_placement}
        self._handle = new_game(allocator, seed=seed, players=players, penguins=penguins,
                                layout=layout, layout_picture=layout_picture,
                                variants=variants, hash_seed=hash_seed)

    @classmethod
    def from_picture(cls, picture: str, players: int = 2, penguins: int = 0,
                     **options: object) -> "Game":
        """A game on the custom board drawn by ``picture``: the same as
        ``Game(layout_picture=picture, players=..., ...)``."""
        return cls(players=players, penguins=penguins, layout_picture=picture,
                   **options)  # type: ignore[arg-type]

    # -- copies ------------------------------------------------------------
    def clone(self) -> "Game":
        """An independent copy: position, history and board."""
        copy = game_p()
        check(lib.packeis_game_clone(self.handle, byref(copy)))
        return Game._wrap(copy, self._keep)

    __copy__ = clone

    def __deepcopy__(self, memo: object) -> "Game":
        return self.clone()

    def assign(self, source: "Game") -> None:
        """Makes this game a copy of ``source``, reusing its memory."""
        check(lib.packeis_game_assign(self.handle, source.handle))

    # -- setup queries -----------------------------------------------------
    @property
    def players(self) -> int:
        """The number of players."""
        return self._int(lib.packeis_game_player_count)

    @property
    def penguins_per_player(self) -> int:
        """How many penguins each player places."""
        return self._int(lib.packeis_game_penguins_per_player)

    def variant(self, variant: Variant) -> bool:
        """Whether a variant is on."""
        return bool(self._int(lib.packeis_game_variant, int(variant)))

    @property
    def board_seed(self) -> Optional[int]:
        """The seed of the standard board, or None for a custom layout."""
        standard, seed = c_int(), c_uint64()
        check(lib.packeis_game_board_seed(self.handle, byref(standard), byref(seed)))
        return seed.value if standard.value else None

    @property
    def cell_count(self) -> int:
        """The number of cells of the layout."""
        return self._int(lib.packeis_game_cell_count)

    def cell_coords(self, cell: int) -> tuple[int, int]:
        """The doubled-width coordinates ``(x, y)`` of a cell."""
        x, y = c_int(), c_int()
        check(lib.packeis_game_cell_coords(self.handle, cell, byref(x), byref(y)))
        return x.value, y.value

    def cell_at(self, x: int, y: int) -> Optional[int]:
        """The cell at ``(x, y)``, or None."""
        cell = self._int(lib.packeis_game_cell_at, x, y)
        return None if cell < 0 else cell

    def neighbor(self, cell: int, direction: Union[Direction, int]) -> Optional[int]:
        """The neighbouring cell in a direction (geometry only), or None."""
        n = self._int(lib.packeis_game_neighbor, cell, int(direction))
        return None if n < 0 else n

    def fish(self, cell: int) -> int:
        """The fish printed on a cell's floe (1 to 3)."""
        return self._int(lib.packeis_game_fish, cell)

    def fish_set(self, fish: int) -> int:
        """The bit set of the cells carrying ``fish`` fish, present or not."""
        return self._u64(lib.packeis_game_fish_set, fish)

    # -- position queries --------------------------------------------------
    @property
    def phase(self) -> Phase:
        """The current phase."""
        return Phase(self._int(lib.packeis_game_phase))

    @property
    def is_over(self) -> bool:
        """Whether no player can move any more."""
        return bool(self._int(lib.packeis_game_is_over))

    @property
    def current_player(self) -> Optional[int]:
        """The player to act, or None once the game is over."""
        p = self._int(lib.packeis_game_current_player)
        return None if p < 0 else p

    def floe_present(self, cell: int) -> bool:
        """Whether a cell's floe is still on the board."""
        return bool(self._int(lib.packeis_game_floe_present, cell))

    def penguin_at(self, cell: int) -> Optional[int]:
        """The owner of the penguin on a cell, or None."""
        p = self._int(lib.packeis_game_penguin_at, cell)
        return None if p < 0 else p

    def penguin_cells(self, player: int) -> list[int]:
        """The cells of a player's penguins, in increasing order."""
        cells, count = (c_int * MAX_CELLS)(), c_size_t()
        check(lib.packeis_game_penguin_cells(self.handle, player, cells, MAX_CELLS, byref(count)))
        return cells[: count.value]

    @property
    def floe_set(self) -> int:
        """The bit set of the cells whose floe is on the board."""
        return self._u64(lib.packeis_game_floe_set)

    @property
    def floes(self) -> list[int]:
        """The cells whose floe is on the board."""
        return bits(self.floe_set)

    def penguin_set(self, player: int) -> int:
        """The bit set of the cells holding a penguin of ``player``."""
        return self._u64(lib.packeis_game_penguin_set, player)

    def is_out(self, player: int) -> bool:
        """Whether a player is out."""
        return bool(self._int(lib.packeis_game_is_out, player))

    @property
    def ply_count(self) -> int:
        """The number of actions played (how often undo can succeed)."""
        return self._size(lib.packeis_game_ply_count)

    def __len__(self) -> int:
        return self.ply_count

    def history(self) -> list[Move]:
        """The actions played so far, oldest first."""
        n = self.ply_count
        moves, count = (c_uint32 * max(n, 1))(), c_size_t()
        check(lib.packeis_game_history(self.handle, moves, n, byref(count)))
        return [Move(m) for m in moves[: count.value]]

    # -- standings ---------------------------------------------------------
    def score(self, player: int) -> tuple[int, int]:
        """A player's ``(fish, floes)`` so far."""
        fish, floes = c_int(), c_int()
        check(lib.packeis_game_score(self.handle, player, byref(fish), byref(floes)))
        return fish.value, floes.value

    def rank(self, player: int) -> int:
        """A player's place (1 for first); provisional until the end."""
        return self._int(lib.packeis_game_rank, player)

    @property
    def winners(self) -> frozenset[int]:
        """The players in first place (provisional until the end)."""
        mask = c_uint32()
        check(lib.packeis_game_winners(self.handle, byref(mask)))
        return frozenset(bits(mask.value))

    def standings(self) -> list[Standing]:
        """Every player's :class:`Standing`, by player."""
        return [Standing(p, *self.score(p), self.rank(p)) for p in range(self.players)]

    # -- playing -----------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """The legal moves, in the library's fixed order."""
        buffer = MoveBuffer()
        self.legal_moves_into(buffer)
        return buffer.moves()

    def move_names(self) -> list[str]:
        """The legal moves in the project's notation (``"c4-e5"``), in the
        order of :meth:`legal_moves`."""
        return [self.format_move(m) for m in self.legal_moves()]

    def legal_actions(self) -> list[int]:
        """The legal moves' numbers in the action numbering."""
        return [m.action for m in self.legal_moves()]

    def legal_moves_into(self, buffer: MoveBuffer) -> int:
        """Fast path: writes the legal moves into ``buffer`` (raw values, no
        object per move) and returns their number."""
        status = _legal_moves(self._handle, buffer.array, MAX_MOVES, buffer._count)
        if status:
            _raise(status)
        buffer.count = n = buffer._count.value
        return n

    @property
    def move_count(self) -> int:
        """The number of legal moves."""
        return self._size(lib.packeis_game_move_count)

    def destination_set(self, cell: int) -> int:
        """The bit set of the cells the penguin on ``cell`` can slide to."""
        return self._u64(lib.packeis_game_destinations, cell)

    def destinations(self, cell: int) -> list[int]:
        """The cells the penguin on ``cell`` can slide to."""
        return bits(self.destination_set(cell))

    def check_move(self, move: MoveLike) -> None:
        """Raises what :meth:`apply` would raise for ``move``, without
        playing it."""
        check(lib.packeis_game_check_move(self.handle, self._as_move(move)))

    def is_legal(self, move: MoveLike) -> bool:
        """Whether ``move`` is legal now."""
        return lib.packeis_game_check_move(self.handle, self._as_move(move)) == 0

    def apply(self, move: MoveLike) -> None:
        """Plays a move: a :class:`Move`, a raw value, or text in the
        project's notation (``"c4-e5"``) or the context-free one
        (``"12-25"``)."""
        if type(move) is not int and not isinstance(move, Move):
            move = self._as_move(move)
        status = _apply(self._handle, move)
        if status:
            _raise(status)

    def undo(self) -> None:
        """Takes back the last action."""
        check(lib.packeis_game_undo(self.handle))

    def undo_to(self, plies: int) -> None:
        """Takes back actions until ``plies`` remain."""
        check(lib.packeis_game_undo_to(self.handle, plies))

    def __repr__(self) -> str:
        if not self._handle:
            return "<Game closed>"
        return (
            f"<Game {self.players} players, {self.phase.name.lower()}, "
            f"ply {self.ply_count}, to act: {self.current_player}>"
        )
