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
        # What `self.rng.choice(legal)` draws, through the public API and without its frames: CPython's choice
        # takes seq[_randbelow(n)], which draws n.bit_length() bits until they fall below n (test_random_agent.py
        # checks the two agree).
        n = len(legal)
        if not n:
            raise IndexError("no legal move to choose from")
        bits = self.rng.getrandbits
        k = n.bit_length()
        r = bits(k)
        while r >= n:
            r = bits(k)
        return legal[r]
