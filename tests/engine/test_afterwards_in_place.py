"""The afterwards guard's in-place trial (plain moves made and undone on the state itself) must
give exactly the legal moves of the general search on a clone, and leave the state as it was."""

import attrs
import pytest

import cardrules

from .side_by_side import play_side_by_side


def without_straight_moves(game: cardrules.Game) -> cardrules.Game:
    """The same game, but every 'afterwards' guard is judged by the full search on a clone."""
    decisions = {pc: attrs.evolve(d, options=tuple(attrs.evolve(o, straight=None) for o in d.options))
                 for pc, d in game.decisions.items()}
    return attrs.evolve(game, decisions=decisions)


@pytest.mark.parametrize("options", [{}, {"advanced": True}, {"expert": True}, {"advanced": True, "expert": True}])
def test_in_place_trials_agree_with_the_full_search(options, load_game):
    fast = load_game("red7", options)
    slow = without_straight_moves(fast)
    assert slow.derived is not fast.derived and slow.program is fast.program
    straight = any(o.straight for d in fast.decisions.values() for o in d.options)
    assert straight != bool(options.get("advanced"))  # advanced: a trigger listens to discards
    play_side_by_side(fast, slow, range(25), counts=3)


def test_straight_moves_are_found_only_up_to_the_end_of_the_turn(load_game):
    game = load_game("red7")
    names = {o.name: o.straight for d in game.decisions.values() for o in d.options}
    assert names["canvas"] is not None and len(names["canvas"]) == 1  # move card to canvas, then the turn ends
    assert names["palette"] is None  # a choice follows: not straight
    assert names["fold"] is None  # 'eliminate' is not a move
