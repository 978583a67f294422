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
        legal = state.legal_actions()
        # random.Random.choice without its own frame: the same draw (choice is seq[_randbelow(len(seq))])
        return legal[self.rng._randbelow(len(legal))]
