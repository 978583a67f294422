"""The random agent draws through the public `getrandbits` exactly what `random.Random.choice` would draw."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules.bots import RandomAgent


class _Offer:
    """A stand-in state offering `n` moves (the agent only asks for the legal moves)."""

    def __init__(self, n: int):
        self.moves = list(range(n))

    def legal_actions(self) -> list:
        return self.moves


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**64), sizes=st.lists(st.integers(1, 300), min_size=1, max_size=40))
def test_the_agent_draws_what_choice_draws(seed: int, sizes: list[int]) -> None:
    agent, reference = RandomAgent(None, 0, seed), random.Random(seed)
    for n in sizes:
        assert agent.choose(_Offer(n)) == reference.choice(range(n))
    assert agent.rng.getstate() == reference.getstate()  # and it used up the same random bits


def test_sizes_at_powers_of_two_redraw_alike() -> None:
    """Sizes just above a power of two redraw most often: every size up to 1,100 from a few seeds."""
    for seed in range(5):
        agent, reference = RandomAgent(None, 0, seed), random.Random(seed)
        for n in range(1, 1100):
            assert agent.choose(_Offer(n)) == reference.choice(range(n))


def test_nothing_to_choose_from_is_an_error() -> None:
    with pytest.raises(IndexError):
        RandomAgent(None, 0, 1).choose(_Offer(0))


def test_the_agent_uses_only_the_public_api_of_its_generator() -> None:
    """CPython's private `_randbelow` may change or go: a generator without it still serves the agent."""

    class PublicOnly(random.Random):
        def _randbelow(self, n: int) -> int:
            raise AssertionError("the agent called a private method of random.Random")

    agent = RandomAgent(None, 0, 7)
    agent.rng = PublicOnly(7)
    reference = random.Random(7)
    for n in (1, 2, 3, 5, 8, 13, 100):
        assert agent.choose(_Offer(n)) == reference.choice(range(n))
