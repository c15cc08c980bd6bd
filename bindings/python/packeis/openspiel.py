# SPDX-License-Identifier: MIT
"""An OpenSpiel game and state (the names, values and conventions of
``pyspiel.Game`` and ``pyspiel.State``) over :class:`packeis.Game`, for code
written against OpenSpiel's Python API. OpenSpiel itself is not needed:
``get_type()``'s enumerations, :data:`TERMINAL` and :data:`INVALID_PLAYER`
are the real ``pyspiel``'s where it imports, else those of
:mod:`packeis.pyspiel_compat` (same names and values), which also stands in
for ``pyspiel`` so that OpenSpiel's pure-Python algorithms run
(``packeis.pyspiel_compat.install()``, then import them).

    >>> from packeis.openspiel import PackeisGame
    >>> game = PackeisGame(players=2)
    >>> state = game.new_initial_state()
    >>> while not state.is_terminal():
    ...     state.apply_action(state.legal_actions()[0])
    >>> sum(state.returns())
    0.0

Actions are the library's move values (``num_distinct_actions()`` is 4096).
The game is sequential, deterministic (no chance nodes: the board is chosen
by the game's ``board_seed``), of perfect information and zero-sum; rewards
come at the end only: ``returns()`` is 0 for every player until the game is
over, then ``packeis_game_reward`` (rank-based, from -1 to 1, summing to 0).
"""
from __future__ import annotations

from typing import Any, NamedTuple, Optional

from . import pyspiel_compat
from ._enums import MAX_CELLS, MAX_PLAYERS, MOVE_VALUES, OBSERVATION_PLANES, OBSERVATION_SIZE
from ._envs import Observer, apply_move, board_seed_value, check_setup, new_game, rewards
from ._game import Game
from ._moves import MoveBuffer

__all__ = ["TERMINAL", "INVALID_PLAYER", "PackeisGame", "PackeisState", "GameType",
           "PlayerAction", "GAME_TYPE"]

#: The real ``pyspiel`` where it imports, else :mod:`packeis.pyspiel_compat`.
pyspiel = pyspiel_compat.resolve()

#: ``current_player()`` of a finished game: ``pyspiel.PlayerId.TERMINAL`` (-4).
TERMINAL = int(pyspiel.PlayerId.TERMINAL)
#: ``pyspiel.PlayerId.INVALID`` (-3).
INVALID_PLAYER = int(pyspiel.PlayerId.INVALID)

#: ``pyspiel.GameType``'s fields (a named tuple here, as pyspiel's are
#: read-only), holding the enumerations of :data:`pyspiel`.
GameType = pyspiel_compat.GameType

_KIND = pyspiel.GameType

#: What ``get_type()`` returns: sequential, deterministic, perfect
#: information, zero-sum, rewards at the end only.
GAME_TYPE = GameType(
    short_name="packeis", long_name="Packeis am Pol (Hey, That's My Fish!)",
    dynamics=_KIND.Dynamics.SEQUENTIAL, chance_mode=_KIND.ChanceMode.DETERMINISTIC,
    information=_KIND.Information.PERFECT_INFORMATION, utility=_KIND.Utility.ZERO_SUM,
    reward_model=_KIND.RewardModel.TERMINAL, max_num_players=MAX_PLAYERS, min_num_players=2,
    provides_information_state_string=True, provides_information_state_tensor=True,
    provides_observation_string=True, provides_observation_tensor=True)


class PlayerAction(NamedTuple):
    """An entry of ``full_history()``."""

    player: int
    action: int


class PackeisGame:
    """The game: its setup and the states it starts.

    :param board_seed: the shuffle of the standard board of every state this
        game starts (ignored with a custom layout).
    :param setup: the arguments of :class:`packeis.Game` but the seed
        (``players``, ``penguins``, ``layout``, ``layout_picture``,
        ``place_any_floe``, ``snake_placement``, ``hash_seed``).
    """

    def __init__(self, board_seed: int = 0, **setup: Any) -> None:
        self._setup = check_setup(setup)
        self._board_seed = board_seed_value(board_seed, "board_seed")
        probe = new_game(self._setup, board_seed)  # checks the setup now
        self._players, self._cells = probe.players, probe.cell_count
        self._observer = Observer(self._players)

    # -- pyspiel.Game --------------------------------------------------------
    def new_initial_state(self) -> "PackeisState":
        """The start of a game on this game's board."""
        return PackeisState(self, new_game(self._setup, self._board_seed))

    def new_initial_states(self) -> list["PackeisState"]:
        """Every initial state: one (the board is a parameter, not chance)."""
        return [self.new_initial_state()]

    def num_players(self) -> int:
        return self._players

    def num_distinct_actions(self) -> int:
        return MOVE_VALUES

    def max_chance_outcomes(self) -> int:
        return 0

    def max_game_length(self) -> int:
        """The cells of the layout: each placement takes a floe, each slide
        removes its origin, and no floe is both a penguin's last and an
        origin, so no game has more actions."""
        return self._cells

    def min_utility(self) -> float:
        return -1.0

    def max_utility(self) -> float:
        return 1.0

    def utility_sum(self) -> float:
        return 0.0

    def observation_tensor_shape(self) -> list[int]:
        return [OBSERVATION_PLANES, MAX_CELLS]

    def observation_tensor_size(self) -> int:
        return OBSERVATION_SIZE

    def observation_tensor_layout(self) -> Any:
        """``TensorLayout.CHW``: planes first, then cells."""
        return pyspiel.TensorLayout.CHW

    information_state_tensor_shape = observation_tensor_shape
    information_state_tensor_size = observation_tensor_size
    information_state_tensor_layout = observation_tensor_layout

    def policy_tensor_shape(self) -> list[int]:
        """``[num_distinct_actions()]``: a policy over the 4096 move values."""
        return [MOVE_VALUES]

    def get_type(self) -> GameType:
        return GAME_TYPE

    def get_parameters(self) -> dict:
        """The setup, as given (with the board seed)."""
        return dict(self._setup, board_seed=self._board_seed)

    def deserialize_state(self, text: str) -> "PackeisState":
        """The state a :meth:`PackeisState.serialize` text describes (its
        game record). The record must start as this game's states do (its
        players, penguins, variants and board): another setup's record
        raises ValueError. The actions are replayed on this game's setup."""
        loaded = Game.from_record(text)
        start = loaded.clone()
        start.undo_to(0)
        state = self.new_initial_state()
        mine, theirs = _setup_text(state.game), _setup_text(start)
        if theirs != mine:
            raise ValueError(f"the record is of another setup ({theirs}), not of this game's "
                             f"({mine})")
        for action in loaded.history():
            state.game.apply(action)
        return state

    def __reduce__(self) -> tuple[Any, tuple[dict]]:
        """Pickled as its parameters."""
        return _game_of, (self.get_parameters(),)

    def new_state_from_game(self, game: Game) -> "PackeisState":
        """A state over a copy of ``game`` (any position)."""
        if game.players != self._players:
            raise ValueError(f"the game has {game.players} players, this game {self._players}")
        return PackeisState(self, game.clone())

    def __str__(self) -> str:
        params = ",".join(f"{k}={v}" for k, v in sorted(self.get_parameters().items()))
        return f"packeis({params})"

    __repr__ = __str__


def _player_index(player: Any) -> int:
    """A player number as an int: an int or numpy integer, not a bool or a
    float (0.0 == 0 would pass for player 0)."""
    if isinstance(player, bool) or not hasattr(player, "__index__"):
        raise TypeError(f"player must be an integer, not {type(player).__name__}")
    return int(player)


class PackeisState:
    """A position and its history, with OpenSpiel's state methods. The
    underlying :class:`packeis.Game` is :attr:`game` (read it, do not play
    on it behind the state's back)."""

    __slots__ = ("_game", "game", "_buffer")

    def __init__(self, game: PackeisGame, position: Game) -> None:
        self._game = game
        self.game = position
        self._buffer = MoveBuffer()

    # -- who acts ------------------------------------------------------------
    def current_player(self) -> int:
        """The player to act, or :data:`TERMINAL` (-4) once the game is over."""
        player = self.game.current_player
        return TERMINAL if player is None else player

    def is_terminal(self) -> bool:
        return self.game.is_over

    def is_chance_node(self) -> bool:
        return False

    def is_simultaneous_node(self) -> bool:
        return False

    def is_mean_field_node(self) -> bool:
        return False

    def is_player_node(self) -> bool:
        return not self.game.is_over

    def chance_outcomes(self) -> list:
        return []

    def num_players(self) -> int:
        return self._game.num_players()

    def num_distinct_actions(self) -> int:
        return MOVE_VALUES

    def get_game(self) -> PackeisGame:
        return self._game

    # -- actions -------------------------------------------------------------
    def legal_actions(self, player: Optional[int] = None) -> list[int]:
        """The legal moves in increasing value; for another ``player`` than
        the one to act, none."""
        # current_player() may be TERMINAL (-4): asked for it, the list is
        # empty, as in OpenSpiel; any other player is checked.
        if player is not None and _player_index(player) != self.current_player():
            self._check_player(player)
            return []
        n = self.game.legal_moves_into(self._buffer)
        return self._buffer.array[:n]

    def legal_actions_mask(self, player: Optional[int] = None) -> list[int]:
        """``num_distinct_actions()`` zeros and ones."""
        mask = [0] * MOVE_VALUES
        for move in self.legal_actions(player):
            mask[move] = 1
        return mask

    def apply_action(self, action: int) -> None:
        """Plays a move value; an illegal one (a value naming a cell the
        layout lacks included) raises the :class:`packeis.IllegalMoveError`
        saying why, the state unchanged; a value outside 0 ... 4095 raises
        OutOfRangeError, a float or a bool TypeError."""
        apply_move(self.game, action)

    def child(self, action: int) -> "PackeisState":
        """A new state: this one after ``action``."""
        state = self.clone()
        state.apply_action(action)
        return state

    def undo_action(self, player: int, action: int) -> None:
        """Takes back the last action, which must be ``action`` by ``player``."""
        history = self.game.history()
        if not history or history[-1] != action or self.game.ply_effect(-1).player != player:
            raise ValueError(f"the last action is not {action} by player {player}")
        self.game.undo()

    def action_to_string(self, player_or_action: int, action: Optional[int] = None) -> str:
        """``action_to_string(action)`` or ``action_to_string(player,
        action)``: the move in the project's notation (``"c4-e5"``)."""
        move = player_or_action if action is None else action
        return self.game.format_move(move)

    def string_to_action(self, player_or_text: Any, text: Optional[str] = None) -> int:
        """``string_to_action(text)`` or ``string_to_action(player, text)``:
        the move value of a move in the project's notation."""
        return int(self.game.parse_move(player_or_text if text is None else text))

    # -- rewards -------------------------------------------------------------
    def returns(self) -> list[float]:
        """Each player's total reward: 0 until the end, then the rank-based
        reward of ``packeis_game_reward`` (they sum to 0)."""
        return rewards(self.game)

    def rewards(self) -> list[float]:
        """The rewards of the last action: the returns if it ended the game
        (rewards come at the end only), else zeros."""
        return rewards(self.game)

    def player_return(self, player: int) -> float:
        return self.returns()[self._check_player(player)]

    def player_reward(self, player: int) -> float:
        return self.rewards()[self._check_player(player)]

    # -- history -------------------------------------------------------------
    def history(self) -> list[int]:
        return [int(m) for m in self.game.history()]

    def history_str(self) -> str:
        return ", ".join(str(m) for m in self.history())

    def full_history(self) -> list[PlayerAction]:
        game = self.game
        return [PlayerAction(game.ply_effect(i).player, int(m))
                for i, m in enumerate(game.history())]

    def move_number(self) -> int:
        return self.game.ply_count

    # -- observations --------------------------------------------------------
    def observation_tensor(self, player: Optional[int] = None) -> list[float]:
        """The planes of ``packeis_game_observe`` as ``player`` sees them
        (default: the player to act, or player 0 at the end): the per-player
        planes numbered from ``player``. 1600 floats, planes by cells."""
        return self._game._observer.flat_observation(self.game, self._seen_by(player))

    information_state_tensor = observation_tensor

    def observation_string(self, player: Optional[int] = None) -> str:
        """The board as text (perfect information: the same for all)."""
        self._seen_by(player)
        return str(self.game)

    def information_state_string(self, player: Optional[int] = None) -> str:
        """The history of actions (perfect information: the same for all)."""
        self._seen_by(player)
        return self.history_str()

    # -- copies and text -----------------------------------------------------
    def clone(self) -> "PackeisState":
        return PackeisState(self._game, self.game.clone())

    __copy__ = clone

    def __deepcopy__(self, memo: object) -> "PackeisState":
        return self.clone()

    def __reduce__(self) -> tuple[Any, tuple[PackeisGame, str]]:
        """Pickled as its game and its record (:meth:`serialize`)."""
        return PackeisGame.deserialize_state, (self._game, self.serialize())

    def serialize(self) -> str:
        """The game record (setup and every action):
        :meth:`PackeisGame.deserialize_state` reads it back."""
        return self.game.save_record()

    def to_string(self) -> str:
        return str(self.game)

    def __str__(self) -> str:
        return str(self.game)

    def __repr__(self) -> str:
        return f"<PackeisState ply {self.move_number()}, to act {self.current_player()}>"

    # -- helpers -------------------------------------------------------------
    def _check_player(self, player: Any) -> int:
        if not 0 <= _player_index(player) < self.num_players():
            raise ValueError(f"no player {player}: the game has {self.num_players()} players")
        return int(player)

    def _seen_by(self, player: Optional[int]) -> int:
        if player is None:
            current = self.current_player()
            return 0 if current == TERMINAL else current
        return self._check_player(player)


def _setup_text(game: Game) -> str:
    """The header of ``game``'s record before its plies: the setup and the
    board, as one line."""
    header = game.save_record().split("[Plies", 1)[0]
    return " ".join(line for line in header.splitlines()
                    if line and not line.startswith(("[Game ", "[Version ")))


def _game_of(parameters: dict) -> PackeisGame:
    """Unpickles a :class:`PackeisGame` (see its ``__reduce__``)."""
    return PackeisGame(**parameters)
