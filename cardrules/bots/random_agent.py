"""The `random` agent: a uniformly random legal move."""

from __future__ import annotations

from ..engine import Action, State
from .base import Agent, register


@register("random")
class RandomAgent(Agent):
    """Picks uniformly among the legal actions."""

    name = "random"
    description = "uniformly random legal moves"

    def choose(self, state: State) -> Action:
        return self.rng.choice(state.legal_actions())
