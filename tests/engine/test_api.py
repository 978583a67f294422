"""The engine's API for programs (bots, tools): definitions by name, determinization, views."""

import random

import pytest


@pytest.fixture(scope="module")
def game(load_game):
    return load_game("red7")


def test_call_evaluates_a_definition_of_the_rules_file(game, position):
    state = position(game, {"palette": [["y4", "o4"], ["g6"]], "canvas": ["o1"]})
    assert game.call(state, "winning", 0) is True and game.call(state, "winning", 1) is False
    assert game.call(state, "current_rule").name == "orange"
    with pytest.raises(TypeError):
        game.call(state, "winning")


def test_determinize_keeps_what_the_player_sees_and_every_card(game):
    state = game.new_initial_state(3, seed=2)
    for seed in range(20):
        sample = state.determinize(0, random.Random(seed))
        assert sample.view(0) == state.view(0)
        assert sorted(c for z in sample.zones for c in z) == list(game.cards)
        assert [len(z) for z in sample.zones] == [len(z) for z in state.zones]
    samples = {tuple(state.determinize(0, random.Random(s)).zone_cards("hand", 1)) for s in range(20)}
    assert len(samples) > 1  # the other players' hands really are resampled


def test_determinized_state_plays_on(game, playout):
    state = game.new_initial_state(2, seed=5)
    sample = playout(state.determinize(1, random.Random(0)), 0)
    assert sample.is_terminal() and len(sample.winners) == 1
