"""The shuffle's draws worked out all at once (engine/draws.py) are those of the one-at-a-time loop: the same
order of cards and the same generator state after them, for any state and length; and a game deals the same
cards as the loop would."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

import cardrules
from cardrules.engine import draws

MAX = (1 << 64) - 1


@given(st.integers(min_value=0, max_value=MAX), st.integers(min_value=0, max_value=130))
def test_the_draws_at_once_are_the_draws_one_at_a_time(rng, length):
    at_once, one_at_a_time = list(range(length)), list(range(length))
    assert draws.shuffle(rng, at_once) == draws.shuffle_one_at_a_time(rng, one_at_a_time)
    assert at_once == one_at_a_time


def test_the_edges_of_the_generator_and_repeated_lengths():
    for rng in (0, 1, MAX, MAX - 0x9E3779B97F4A7C15, 0x9E3779B97F4A7C15):
        for length in (0, 1, 2, 3, 49, 49, 52, 104):
            at_once, one_at_a_time = list(range(length)), list(range(length))
            assert draws.shuffle(rng, at_once) == draws.shuffle_one_at_a_time(rng, one_at_a_time)
            assert at_once == one_at_a_time


def test_a_game_deals_the_cards_the_one_at_a_time_shuffle_deals(monkeypatch):
    game = cardrules.load("red7")
    seeds = random.Random(7).sample(range(10**6), 20)
    hands = [[list(zone) for zone in game.new_initial_state(3, seed).zones] for seed in seeds]
    monkeypatch.setattr(draws, "shuffle", draws.shuffle_one_at_a_time)
    assert hands == [[list(zone) for zone in game.new_initial_state(3, seed).zones] for seed in seeds]
