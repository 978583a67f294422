"""`State.apply_action` takes the very object `legal_actions()` offered without resolving it again; any
other move (an equal one from a clone, an index, a text) is resolved as before, and a move that is not
legal here, or any move once the game is over, is refused."""

import random

import pytest

import cardrules
from cardrules.engine import IllegalAction


def test_an_equal_move_from_a_clone_plays_the_same():
    game = cardrules.load("crazy-eights")
    state = game.new_initial_state(2, seed=4)
    rng = random.Random(4)
    for _ in range(30):
        if state.is_terminal():
            break
        other = state.clone()
        offered = other.legal_actions()[rng.randrange(len(other.legal_actions()))]
        here = state.legal_actions()[state.legal_actions().index(offered)]
        assert here is not offered and here == offered
        state.apply_action(offered)
        other.apply_action(offered)
        assert state == other


def test_a_move_not_offered_here_is_refused():
    game = cardrules.load("crazy-eights")
    state = game.new_initial_state(2, seed=4)
    offered = {a.text for a in state.legal_actions()}
    stranger = next(a for a in game.new_initial_state(2, seed=9).legal_actions() if a.text not in offered)
    with pytest.raises(IllegalAction):
        state.apply_action(stranger)


def test_no_move_once_the_game_is_over():
    game = cardrules.load("crazy-eights")
    state = game.new_initial_state(2, seed=4)
    rng = random.Random(4)
    last = None
    while not state.is_terminal():
        last = state.legal_actions()
        state.apply_action(last[rng.randrange(len(last))])
    state._legal = last  # as if moves had been kept past the end (clone_with_moves of an older state)
    with pytest.raises(IllegalAction):
        state.apply_action(last[0])
