"""A rules file -> a PettingZoo AEC environment (`CardrulesEnv`): any game, seen by each player through
their own view, with a fixed action space, masks of the legal moves, and the game's result as rewards.

Needs the `rl` extra (pettingzoo, gymnasium, numpy): `pip install 'cardrules[rl]'`.
"""

from __future__ import annotations

import hashlib
import io
import random
from pathlib import Path
from typing import Any, Callable, Sequence

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .. import CheckedRules, prepare
from ..engine import Action, State
from .actions import ActionSpace
from .encoding import Encoder
from .kinds import rule_kinds
from .places import Layout


def numbers_for(game) -> range:
    """The whole numbers a number binder may take: 0 (or the lowest numeric attribute value) to the largest of
    100, the number of cards and the numeric attributes' highest value."""
    ranges = [v for v in game.attributes.values() if len(v) == 2 and all(type(x) is int for x in v)]
    low = min([0] + [r[0] for r in ranges])
    high = max([100, len(game.cards)] + [r[1] for r in ranges])
    return range(low, high + 1)


def layout_digest(layout: Layout, actions: ActionSpace, encoder: Encoder) -> str:
    """A short digest of what an agent learns against: which action each index is and what each observation
    entry means (the places, card types, each option's block and its binders' groups, the observation's
    segments). Equal digests: a policy trained on one environment reads the other's numbers the same way."""
    blocks = [(block.name, block.start, [(groups, sorted(offsets.items()), size)
                                         for groups, offsets, size in block.domains])
              for _, block in sorted(actions.blocks.items())]
    described = repr((layout.place_names, layout.types, layout.side, sorted(actions.values.sizes.items()), blocks,
                      actions.size, encoder.segments, encoder.size))
    return hashlib.sha256(described.encode()).hexdigest()[:12]


class CardrulesEnv(AECEnv):
    """The AEC environment of one game, player count and set of options (see docs/agents.md)."""

    metadata = {"name": "cardrules_v0", "render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, game: str | Path | CheckedRules, players: int | None = None,
                 options: dict[str, Any] | None = None, render_mode: str | None = None, grid_radius: int = 8,
                 numbers: range | None = None, max_steps: int | None = None,
                 rewards: Callable[[State], Sequence[float]] | None = None):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, not {render_mode!r}")
        checked = game if isinstance(game, CheckedRules) else prepare(game)  # one parse may serve many
        self.game = checked.compile_cached(options)  # a vector of environments compiles the game once
        self.n = self.game.min_players if players is None else int(players)
        if not self.game.min_players <= self.n <= self.game.max_players:
            raise ValueError(f"{self.game.title} is for {self.game.min_players} to {self.game.max_players} "
                             f"players, not {self.n}")
        kinds = rule_kinds(checked.rules, checked.symbols)
        self.layout = Layout(self.game, self.n, grid_radius)
        self.actions = ActionSpace(self.game, self.layout, kinds, numbers or numbers_for(self.game))
        self.encoder = Encoder(self.layout, kinds.variables)
        self.render_mode, self.max_steps = render_mode, max_steps
        self.final_rewards = rewards or State.returns  # the finished state -> each seat's reward
        self.metadata = {**self.metadata, "name": f"cardrules_{self.game.name}_v0".replace("-", "_"),
                         "layout": layout_digest(self.layout, self.actions, self.encoder)}
        self.possible_agents = [f"player_{i}" for i in range(self.n)]
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(-1.0, 1.0, (self.encoder.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.actions.size,), np.int8),
        }) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.actions.size) for a in self.possible_agents}
        self._seeds = random.Random()
        self.state = None
        self._moves: dict[int, Action] = {}

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ---- the cycle ---------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game. The same `seed` deals the same game; without one, the next seed of the generator
        that the last seeded reset started (so a run of unseeded resets after `reset(seed=S)` repeats too)."""
        if seed is not None:
            self._seeds = random.Random(seed)
        game_seed = seed if seed is not None else self._seeds.getrandbits(62)
        self.state = self.game.new_initial_state(self.n, seed=game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.steps = 0
        self._select()

    def _select(self) -> None:
        """Point `agent_selection` at the player to move and list their moves by index."""
        if self.state.is_terminal() or any(self.truncations.values()):
            self._moves = {}
            self.agent_selection = self.agents[0] if self.agents else None
            return
        seat = self.state.current_player()
        self.agent_selection = self.possible_agents[seat]
        self._moves = self.actions.legal(self.state, seat)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.actions.size, dtype=np.int8)
        if agent == self.agent_selection and self._moves:
            mask[list(self._moves)] = 1
        return {"observation": self.encoder.encode(self.state, seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        move = self._moves.get(int(action)) if action is not None else None
        if move is None:
            raise ValueError(f"action {action} is not legal for {agent} now (legal: {sorted(self._moves)})")
        self._cumulative_rewards[agent] = 0.0
        self.state.apply_action(move)
        self.steps += 1
        self._clear_rewards()
        if self.state.is_terminal():
            self.rewards.update(zip(self.possible_agents, map(float, self.final_rewards(self.state))))
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_steps is not None and self.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._select()
        if self.render_mode == "human":
            self.render()

    @property
    def moves(self) -> dict[int, Action]:
        """The legal moves of the agent to move, by action index (empty once the game is over)."""
        return dict(self._moves)

    # ---- for people ---------------------------------------------------------------------------------
    def move_text(self, action: int) -> str:
        """A legal action's move as the game writes it ("play 7h"); for another index, its layout
        ("play card#12")."""
        move = self._moves.get(int(action))
        return move.text if move is not None else self.actions.describe(int(action))

    def render(self) -> str | None:
        """The terminal picture (`cardrules play`) of what the player to move sees (a spectator's once the
        game is over): returned as text with render_mode "ansi", printed with "human"."""
        if self.render_mode is None or self.state is None:
            return None
        from rich.console import Console

        from ..cli.render import render_view  # rich is loaded only to render

        viewer = -1 if self.state.is_terminal() else self.state.current_player()
        picture = render_view(self.game, self.state.view(viewer), turn=self.state.turns)
        if self.render_mode == "human":
            Console().print(picture)
            return None
        console = Console(file=io.StringIO(), width=100, color_system=None, force_terminal=False)
        console.print(picture)
        return console.file.getvalue()

    def close(self) -> None:
        self.state = None
