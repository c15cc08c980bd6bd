# SPDX-License-Identifier: MIT
"""A PettingZoo AEC (agent-environment cycle) environment. Where
``pettingzoo`` is installed, :class:`PackeisAECEnv` is a
``pettingzoo.AECEnv`` with ``gymnasium.spaces``, and :func:`env` wraps it as
PettingZoo's classic games are wrapped (``AssertOutOfBoundsWrapper``, then
``OrderEnforcingWrapper``); without it, the same class on a dependency-free
base, with the names and rules of ``pettingzoo.AECEnv``, and :func:`env` is
:func:`raw_env`.

    >>> from packeis.aec import PackeisAECEnv
    >>> env = PackeisAECEnv(players=3)
    >>> env.reset(seed=42)
    >>> for agent in env.agent_iter():
    ...     obs, reward, termination, truncation, info = env.last()
    ...     if termination or truncation:
    ...         action = None
    ...     else:
    ...         action = env.action_space(agent).sample(obs["action_mask"])
    ...     env.step(action)

Agents are ``"player_0"`` ... in turn order; ``agent_selection`` is always
the player to act (a player who is out is skipped, as the rules say). The
game ends for every agent at once: rewards (``packeis_game_reward``,
rank-based, summing to 0) come with that last step only, every agent is
terminated, and, as PettingZoo requires, each must then be stepped with
``None``, which removes it from ``agents``. Truncation never happens (a game
has at most as many actions as the layout has cells).

``observe(agent)`` is ``{"observation": planes, "action_mask": mask}``: the
25 x 64 float32 planes of ``packeis_game_observe`` with the per-player planes
numbered from ``agent``, and an int8 mask of the 4096 move values (all 0
but for the agent to act, and all 0 at the end). ``reset`` draws the board
from its seed; ``options={"board_seed": s}`` picks board ``s`` instead
(``infos[agent]["board_seed"]``, a ``numpy.uint64`` where numpy is
installed, says which board is played); other option keys are ignored, as
PettingZoo's ``api_test`` expects; a negative seed is refused (ValueError).
``state()`` is the absolute planes (numbered from player 0), in
``state_space``.

An illegal move (a move value naming a cell the layout lacks included):
by default (``illegal_action=-1.0``) it ends the game as PettingZoo's
``TerminateIllegalWrapper`` does: every agent is terminated, the agent that
moved gets the penalty as its reward and the others 0, and its info says why
(``infos[agent]["illegal_action"]``); so a loop stepping
``action_space(agent).sample()`` runs (PettingZoo's ``state_test`` does).
With ``illegal_action="raise"`` the :class:`packeis.IllegalMoveError` saying
why is raised instead and the environment is left as it was. With
``illegal_action="random"`` a uniformly random legal move (drawn from the
environment's generator, so the reset's seed fixes it) is played instead,
with no penalty, and the agent's info says so (``"illegal_action"``: why,
``"played"``: the move played). Once every agent has left, ``last()``,
``observe()`` and ``step()`` raise :class:`packeis.GameOverError` (call
``reset()``).

The cycle form (``cycles=True``, which ``max_cycles`` implies, and which
:func:`parallel_env` uses) is PettingZoo's notion of a cycle, which its
parallel API and ``max_cycles_test`` expect: the agents are selected in
strict rotation, ``player_0`` first; an agent selected when the rules do
not give it the turn (a player who is out, the second placement in snake
order, the rest of a cycle in which the game ended) passes: its mask is all
0 and its action is ignored. The episode ends only at the end of a cycle:
the rewards of a game that ended inside it, and every agent's termination,
come with the last agent's step of that cycle; ``max_cycles`` (an integer
of at least 1; None for no limit) truncates every agent at the end of that
many cycles. In the cycle form ``illegal_action`` defaults to
``"random"``: in the parallel form the agents later in a cycle choose
before they see the moves made earlier in it, and an action those moves
made illegal is no fault to end a game on (a penalty or ``"raise"`` may
still be given). ``metadata["is_parallelizable"]`` is True for an
environment in the cycle form (and only then).

:func:`parallel_env` is PettingZoo's parallel API on the cycle form: where
PettingZoo is installed, ``pettingzoo.utils.conversions.aec_to_parallel``
of it; without, a dependency-free class with the same methods and results.
So this module is an environment module as PettingZoo's are (``env``,
``raw_env``, ``parallel_env``, each taking ``max_cycles``), and
``pettingzoo.test.max_cycles_test(packeis.aec)`` passes.
"""
from __future__ import annotations

from typing import Any, Iterator, Optional

from . import _envs, _field
from ._args import integer
from ._errors import GameOverError, IllegalMoveError

__all__ = ["PackeisAECEnv", "env", "raw_env", "parallel_env"]

#: The default of ``illegal_action``: -1.0, or "random" in the cycle form.
_BY_FORM: Any = object()


def _illegal_action(value: Any, cycles: bool) -> Any:
    if value is _BY_FORM:
        return "random" if cycles else -1.0
    if isinstance(value, str) and value == "random":
        return value
    return _envs.illegal_action_policy(value)


class PackeisAECEnv(_envs.SingleGameEnv, _field.AECEnv):
    """The AEC environment. ``render_mode`` is None or ``"ansi"``;
    ``illegal_action`` is a finite penalty (default -1.0; ``"random"`` in
    the cycle form), ``"raise"`` or ``"random"``; ``cycles`` selects the
    cycle form (default: whether ``max_cycles`` is given), ``max_cycles``
    the most cycles of an episode (cycle form only); ``setup`` takes the
    arguments of :class:`packeis.Game` but the seed."""

    metadata = {"render_modes": _envs.RENDER_MODES, "name": "packeis_v0",
                "is_parallelizable": False, "render_fps": 1}

    def __init__(self, render_mode: Optional[str] = None, illegal_action: Any = _BY_FORM,
                 *, cycles: Optional[bool] = None, max_cycles: Optional[int] = None,
                 **setup: Any) -> None:
        if max_cycles is not None:
            max_cycles = integer(max_cycles, "max_cycles")
            if max_cycles < 1:
                raise ValueError(f"max_cycles must be at least 1 (or None), got {max_cycles}")
        if cycles is None:
            cycles = max_cycles is not None
        self.cycles = _envs.check_flag(cycles, "cycles")
        if max_cycles is not None and not self.cycles:
            raise ValueError("max_cycles counts the cycles of the cycle form: not with "
                             "cycles=False")
        self.max_cycles = max_cycles
        self.illegal_action = _illegal_action(illegal_action, self.cycles)
        if self.cycles:
            self.metadata = dict(type(self).metadata, is_parallelizable=True)
        players = self._open(render_mode, setup).players
        self.possible_agents = [f"player_{p}" for p in range(players)]
        self._index = {agent: p for p, agent in enumerate(self.possible_agents)}
        self._observer = _envs.Observer(players)
        self._observation_spaces = {a: _envs.dict_space() for a in self.possible_agents}
        self._action_spaces = {a: _envs.action_space() for a in self.possible_agents}
        self.state_space = _envs.observation_space()
        self._rng = _envs.new_rng(None)
        self.agents: list[str] = []
        self._start(None)

    # -- spaces --------------------------------------------------------------
    def observation_space(self, agent: str) -> Any:
        """The ``Dict`` space of an observation (``gymnasium.spaces`` or
        :mod:`packeis.spaces`; one object per agent, the same at every
        call)."""
        return self._observation_spaces[self._agent(agent)]

    def action_space(self, agent: str) -> Any:
        """``Discrete(4096)``: a move value."""
        return self._action_spaces[self._agent(agent)]

    @property
    def observation_spaces(self) -> dict:
        return dict(self._observation_spaces)

    @property
    def action_spaces(self) -> dict:
        return dict(self._action_spaces)

    @property
    def num_agents(self) -> int:
        return len(self.agents)

    @property
    def max_num_agents(self) -> int:
        return len(self.possible_agents)

    # -- the cycle -----------------------------------------------------------
    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        """Starts a new game. ``seed`` reseeds the generator the boards are
        drawn from (same seed, same boards); ``options={"board_seed": s}``
        plays board ``s``."""
        self._live()
        board = _envs.board_seed_option(options)
        if seed is not None:
            self._rng = _envs.new_rng(seed)
        self._start(board)

    def _start(self, board: Optional[int]) -> None:
        self.board_seed = _envs.draw_seed(self._rng) if board is None else board
        self.game.reset(self.board_seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        seed_info = _field.as_seed_info(self.board_seed)
        self.infos: dict[str, dict] = {a: {"board_seed": seed_info} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.current_player]
        # The cycle form: the rotation's place, the cycles done, and the
        # rewards of a game that ended inside the cycle (given at its end).
        self._turn = self._cycle = 0
        self._ending: Optional[dict] = None
        if self.cycles:
            self.agent_selection = self.possible_agents[0]

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """Yields ``agent_selection`` until every agent is removed, or
        ``max_iter`` times."""
        self._live()
        for _ in range(max_iter):
            if self._closed or not self.agents:
                return
            yield self.agent_selection

    def last(self, observe: bool = True) -> tuple:
        """``(observation or None, cumulative reward, termination,
        truncation, info)`` of the agent to step."""
        agent = self._selected()
        observation = self.observe(agent) if observe else None
        return (observation, self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def observe(self, agent: str) -> dict:
        """``{"observation": planes seen by agent, "action_mask": mask}``."""
        self._live()
        if not self.agents:
            raise GameOverError("every agent has left the game: call reset()")
        player = self._index[self._agent(agent)]
        if self._ending is None and self.game.current_player == player:
            mask = self._observer.mask(self.game)
        else:
            mask = self._observer.empty_mask()
        return {"observation": self._observer.observation(self.game, player),
                "action_mask": mask}

    def step(self, action: Any) -> None:
        """Plays ``action`` (a move value) for ``agent_selection``; for an
        agent that is done, ``action`` must be None and the agent leaves."""
        agent = self._selected()
        if self.terminations[agent] or self.truncations[agent]:
            self._dead_step(action)
            return
        if self.cycles:
            self._cycle_step(agent, action)
            return
        if action is None:
            raise ValueError(f"{agent} is not done: None is an action only for agents that are")
        try:
            _envs.apply_move(self.game, action)  # nothing changed if it raises
        except IllegalMoveError as error:
            if self.illegal_action == "raise":
                raise
            if self.illegal_action != "random":
                self._end_by_illegal_action(agent, str(error))
                return
            self._play_random(agent, str(error))
        self._cumulative_rewards[agent] = 0.0
        if self.game.is_over:
            final = _envs.rewards(self.game)
            self.rewards = {a: final[self._index[a]] for a in self.agents}
            self.terminations = {a: True for a in self.agents}
            mover = self._index[agent]
            self.agent_selection = self.possible_agents[(mover + 1) % len(self.possible_agents)]
        else:
            self.rewards = {a: 0.0 for a in self.agents}
            self.agent_selection = self.possible_agents[self.game.current_player]
        for a in self.agents:
            self._cumulative_rewards[a] += self.rewards[a]

    def _play_random(self, agent: str, reason: str) -> None:
        """``illegal_action="random"``: a uniformly random legal move is
        played instead, and the agent's info says why and which."""
        moves = self.game.legal_moves()
        move = moves[self._rng.randrange(len(moves))]
        self.game.apply(move)
        self.infos[agent] = dict(self.infos[agent], illegal_action=reason, played=int(move))

    def _cycle_step(self, agent: str, action: Any) -> None:
        """A step of the cycle form: the agent plays if the rules give it
        the turn (else it passes, its action ignored); the cycle's last step
        ends the episode if the game ended in it, or if it was the
        ``max_cycles``-th."""
        player = self._index[agent]
        if self._ending is None and self.game.current_player == player:
            if action is None:
                raise ValueError(f"{agent} is to act: None is an action only for agents "
                                 "that are done")
            try:
                _envs.apply_move(self.game, action)  # nothing changed if it raises
            except IllegalMoveError as error:
                if self.illegal_action == "raise":
                    raise
                if self.illegal_action == "random":
                    self._play_random(agent, str(error))
                else:  # the penalty ends the game, at the end of the cycle
                    self._ending = {a: 0.0 for a in self.agents}
                    self._ending[agent] = self.illegal_action
                    self.infos[agent] = dict(self.infos[agent], illegal_action=str(error))
            if self._ending is None and self.game.is_over:
                final = _envs.rewards(self.game)
                self._ending = {a: final[self._index[a]] for a in self.agents}
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        self._turn = (self._turn + 1) % len(self.possible_agents)
        if self._turn == 0:  # the cycle is over
            self._cycle += 1
            if self._ending is not None:
                self.rewards = dict(self._ending)
                self.terminations = {a: True for a in self.agents}
            elif self.max_cycles is not None and self._cycle >= self.max_cycles:
                self.truncations = {a: True for a in self.agents}
        self.agent_selection = self.possible_agents[self._turn]
        for a in self.agents:
            self._cumulative_rewards[a] += self.rewards[a]

    def _end_by_illegal_action(self, agent: str, reason: str) -> None:
        """TerminateIllegalWrapper's ending: all terminated, the penalty to
        ``agent``, 0 to the others, the first agent in order steps next."""
        self.terminations = {a: True for a in self.agents}
        self.rewards = {a: 0.0 for a in self.agents}
        self.rewards[agent] = self.illegal_action
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self._cumulative_rewards[a] += self.rewards[a]
        self.infos[agent] = dict(self.infos[agent], illegal_action=reason)
        self.agent_selection = self.agents[0]

    def _dead_step(self, action: Any) -> None:
        """PettingZoo's rule for an agent that is done: only None; the agent
        is removed, and the next done agent (in ``agents`` order) is next."""
        if action is not None:
            raise ValueError("when an agent is done, the only valid action is None")
        agent = self.agent_selection
        for table in (self.rewards, self._cumulative_rewards, self.terminations,
                      self.truncations, self.infos):
            del table[agent]
        self.agents.remove(agent)
        done = [a for a in self.agents if self.terminations[a] or self.truncations[a]]
        if done:
            self.agent_selection = done[0]
        self.rewards = {a: 0.0 for a in self.agents}

    # -- state and name ----------------------------------------------------
    def state(self) -> Any:
        """The global state: the absolute observation planes."""
        self._live()
        return self._observer.observation(self.game, 0)

    def __str__(self) -> str:
        return self.metadata["name"]

    # -- helpers -------------------------------------------------------------
    def _selected(self) -> str:
        """The agent to step: GameOverError once every agent has left."""
        self._live()
        if not self.agents:
            raise GameOverError("every agent has left the game: call reset()")
        return self.agent_selection

    def _agent(self, agent: Any) -> str:
        if agent not in self._index:
            raise KeyError(f"no agent {agent!r}: the agents are {self.possible_agents}")
        return agent


def raw_env(render_mode: Optional[str] = None, **setup: Any) -> PackeisAECEnv:
    """The environment itself (PettingZoo's module-level constructor name);
    ``max_cycles=n`` gives the cycle form (see the module)."""
    return PackeisAECEnv(render_mode=render_mode, **setup)


def env(render_mode: Optional[str] = None, **setup: Any) -> Any:
    """The environment as PettingZoo's classic games give it from
    ``env()``: where PettingZoo is installed, :func:`raw_env` inside
    ``AssertOutOfBoundsWrapper`` and ``OrderEnforcingWrapper`` (an illegal
    move is handled by the environment's own ``illegal_action``); else
    :func:`raw_env` itself."""
    made = raw_env(render_mode=render_mode, **setup)
    if _field.pettingzoo is None:
        return made
    from pettingzoo.utils import wrappers

    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(made))


def parallel_env(render_mode: Optional[str] = None, **setup: Any) -> Any:
    """PettingZoo's parallel API over the cycle form (``max_cycles`` and
    the other arguments as :func:`raw_env` takes them): one ``step`` is one
    cycle, each live agent's action played when its turn comes in it.
    Where PettingZoo is installed, its ``aec_to_parallel`` of
    :func:`raw_env`; else :class:`ParallelEnv`, the same without it."""
    if setup.get("cycles") is False:
        raise ValueError("the parallel API plays whole cycles: not with cycles=False")
    made = raw_env(render_mode=render_mode, **dict(setup, cycles=True))
    if _field.pettingzoo is None:
        return ParallelEnv(made)
    from pettingzoo.utils.conversions import aec_to_parallel

    return aec_to_parallel(made)


class ParallelEnv:
    """``pettingzoo.utils.conversions.aec_to_parallel`` without PettingZoo,
    for an environment in the cycle form: ``step(actions)`` plays one
    cycle (each agent's action as its turn comes; a passing agent's is
    ignored) and returns ``(observations, rewards, terminations,
    truncations, infos)`` as dicts by agent, rewards added up over the
    cycle; the agents done at its end are stepped out, so that ``agents``
    is empty once the episode is over."""

    def __init__(self, aec_env: PackeisAECEnv) -> None:
        if not aec_env.metadata.get("is_parallelizable", False):
            raise ValueError("the parallel API needs an environment in the cycle form")
        self.aec_env = aec_env
        self.possible_agents = aec_env.possible_agents
        self.metadata = aec_env.metadata
        self.render_mode = aec_env.render_mode
        self.state_space = aec_env.state_space
        self.agents: list[str] = []

    @property
    def unwrapped(self) -> PackeisAECEnv:
        return self.aec_env

    @property
    def num_agents(self) -> int:
        return len(self.agents)

    @property
    def max_num_agents(self) -> int:
        return len(self.possible_agents)

    def observation_space(self, agent: str) -> Any:
        return self.aec_env.observation_space(agent)

    def action_space(self, agent: str) -> Any:
        return self.aec_env.action_space(agent)

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> tuple:
        self.aec_env.reset(seed=seed, options=options)
        self.agents = self.aec_env.agents[:]
        observations = {a: self.aec_env.observe(a) for a in self.aec_env.agents}
        return observations, dict(self.aec_env.infos)

    def step(self, actions: dict) -> tuple:
        aec = self.aec_env
        rewards = {a: 0.0 for a in aec.agents}
        for agent in list(aec.agents):
            if agent != aec.agent_selection:  # the cycle form never does this
                raise RuntimeError(f"expected {agent} to be selected, not {aec.agent_selection}")
            aec.step(actions.get(agent))
            for a in aec.agents:
                rewards[a] += aec.rewards[a]
        terminations = dict(aec.terminations)
        truncations = dict(aec.truncations)
        infos = dict(aec.infos)
        observations = {a: aec.observe(a) for a in aec.agents}
        while aec.agents and (aec.terminations[aec.agent_selection]
                              or aec.truncations[aec.agent_selection]):
            aec.step(None)
        self.agents = aec.agents[:]
        return observations, rewards, terminations, truncations, infos

    def state(self) -> Any:
        return self.aec_env.state()

    def render(self) -> Any:
        return self.aec_env.render()

    def close(self) -> None:
        self.aec_env.close()
