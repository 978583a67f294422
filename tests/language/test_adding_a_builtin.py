"""A builtin added from outside the package is one record: the checker, the compiler and the games know it
at once, and forget it when it is taken out again (docs/contributing.md, "Adding a builtin")."""

from __future__ import annotations

import random

import pytest

from cardrules import check_source, load_source
from cardrules.language import builtins
from cardrules.values import NOTHING

RULES = """
game "Runner-up"
players 2..3

attribute number: 1..9
cards: number -> deck
order: number

zone deck: stack, hidden
zone pile: stack, public
zone hand: per_player, owner

def runner_up(p) = second(sorted(hand(p)))
def opposite(p) = across(p)

setup:
  shuffle deck
  deal 3 from deck to hand

turn:
  choose "Play a card":
    play(card in hand(me)) only if card == runner_up(me) or count(hand(me)) == 1:
      move card to pile

end when all([empty(hand(p)) for p in players]):
  win opposite(0)
"""


@pytest.fixture
def toys():
    """`second(xs)`, pure (its implementation registered by the decorator), and `across(p)`, which
    reads the state (its code is a template)."""
    try:
        @builtins.builtin("second", 1, 1, "second(xs)", "the second element; `none` if there is none")
        def second(xs):
            return xs[1] if len(xs) > 1 else NOTHING

        builtins.register(builtins.Function(
            "across", 1, 1, "across(p)", "the seat opposite `p` at the table",
            emit=builtins.template("SEATS[({0} + s.n // 2) % s.n]"), cardless=True))
        yield
    finally:
        for name in ("second", "across"):
            if name in builtins.FUNCTIONS:
                builtins.unregister(name)


def errors(text: str) -> list[str]:
    return [f"{d.code} {d.message}" for d in check_source(text) if d.severity == "error"]


def test_the_checker_accepts_a_file_using_them(toys):
    assert check_source(RULES) == []
    assert builtins.FUNCTIONS["second"].pure and not builtins.FUNCTIONS["across"].pure


def test_a_wrong_call_gets_the_usual_messages(toys):
    assert errors(RULES.replace("second(sorted(hand(p)))", "second(hand(p), pile)")) == [
        "E280 'second' takes 1 argument, not 2"]
    assert errors(RULES.replace("across(p)", "across(p, by: number)")) == ["E281 'across' has no argument 'by:'"]
    assert errors(RULES.replace("second(sorted(", "secnd(sorted(")) == [
        "E277 unknown function 'secnd' — did you mean 'second'?"]


def test_a_game_using_them_plays_and_computes_them(toys):
    game = load_source(RULES)
    for players in (2, 3):
        state, chooser = game.new_initial_state(players, seed=players), random.Random(players)
        while not state.is_terminal():
            me = state.current_player()
            hand = state.zones[game.zone_slot(game.zone("hand"), players, me)]
            expected = sorted(hand)[1] if len(hand) > 1 else NOTHING
            assert game.call(state, "runner_up", me) == expected
            assert game.call(state, "opposite", me) == (me + players // 2) % players
            assert len(state.legal_actions()) == 1  # the runner-up, or the last card
            state.apply_action(chooser.choice(state.legal_actions()))
        assert state.returns()[(players // 2) % players] > 0


def test_taken_out_it_is_unknown_again(toys):
    builtins.unregister("second")
    assert errors(RULES) == ["E277 unknown function 'second'"]


def test_a_record_must_be_complete_and_its_name_new():
    with pytest.raises(ValueError, match="already a builtin"):
        builtins.register(builtins.Function("count", 1, 1, "count(xs)", "", run=len))
    with pytest.raises(ValueError, match="needs `run` or `emit`"):
        builtins.register(builtins.Function("nothing", 1, 1, "nothing(xs)", ""))
    with pytest.raises(ValueError, match="does not take"):
        builtins.register(builtins.Function("third", 1, 1, "third(xs)", "", run=len, required=("by",)))
    assert "nothing" not in builtins.FUNCTIONS and "third" not in builtins.FUNCTIONS
