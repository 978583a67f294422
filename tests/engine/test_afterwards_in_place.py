"""The afterwards guard's in-place trial (plain moves made and undone on the state itself) must
give exactly the legal moves of the general search on a clone, and leave the state as it was."""

import random

import pytest

import cardrules


@pytest.mark.parametrize("options", [{}, {"advanced": True}, {"expert": True}, {"advanced": True, "expert": True}])
def test_in_place_trials_agree_with_the_full_search(options):
    fast = cardrules.load("red7", options)
    slow = cardrules.load("red7", options)
    for decision in slow.decisions.values():  # the slow game always searches on a clone
        for option in decision.options:
            slow._straight[option.body_pc] = None
    straight = any(fast.straight_moves(o.body_pc) for d in fast.decisions.values() for o in d.options)
    assert straight != bool(options.get("advanced"))  # advanced: a trigger listens to discards
    for seed in range(25):
        players = 2 + seed % 3
        a, b = fast.new_initial_state(players, seed=seed), slow.new_initial_state(players, seed=seed)
        chooser = random.Random(seed)
        while not a.is_terminal():
            before = a.clone()
            moves = a.legal_actions()
            assert [m.text for m in moves] == [m.text for m in b.legal_actions()]
            assert a == before  # every card is back in place
            pick = chooser.randrange(len(moves))
            a.apply_action(pick)
            b.apply_action(pick)
        assert a == b


def test_straight_moves_are_found_only_up_to_the_end_of_the_turn():
    game = cardrules.load("red7")
    names = {o.name: game.straight_moves(o.body_pc) for d in game.decisions.values() for o in d.options}
    assert names["canvas"] is not None and len(names["canvas"]) == 1  # move card to canvas, then the turn ends
    assert names["palette"] is None  # a choice follows: not straight
    assert names["fold"] is None  # 'eliminate' is not a move
