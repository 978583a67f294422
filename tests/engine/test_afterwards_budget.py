"""An `afterwards` guard met inside another's search shares its budget: a choice in a `repeat` whose guard can
never hold searched every ordering of the hand (9! ways, minutes) and hung play, simulate and validate."""


import pytest

import cardrules
from cardrules.engine import state as engine_state
from cardrules.limits import SEARCH_BUDGET

TEXT = """\
game "Greedy pile"
players 1..2
attribute n: 1..30
cards: n -> deck
order: n
zone deck: stack, hidden
zone hand: per_player, owner
zone pile: stack, public

setup:
  deal 9 from deck to hand

turn:
  repeat:
    choose "Play a card, or be done":
      play(card in hand(me)) only if count(pile) >= GOAL afterwards:
        move card to pile
      done:
        stop

end when empty(deck) or count(pile) > 0:
  win players
"""


def test_a_guard_no_ordering_satisfies_stops_with_a_located_error_within_one_budget(monkeypatch):
    explored = []
    real = engine_state._can_finish

    def counted(*args):
        explored.append(1)
        return real(*args)
    monkeypatch.setattr(engine_state, "_can_finish", counted)
    game = cardrules.load_source(TEXT.replace("GOAL", "100"), "greedy.rules")
    state = game.new_initial_state(1, seed=0)
    with pytest.raises(cardrules.RulesRuntimeError) as info:
        state.legal_actions()
    [diagnostic] = info.value.diagnostics
    assert diagnostic.code == "R303" and diagnostic.span.line == 16
    assert len(explored) <= game.limits.search + 1  # nested guards did not get budgets of their own
    assert game.limits.search == SEARCH_BUDGET  # the tool's default: the file sets none


def test_a_game_sets_its_own_search_budget(monkeypatch):
    explored = []
    real = engine_state._can_finish
    monkeypatch.setattr(engine_state, "_can_finish", lambda *args: explored.append(1) or real(*args))
    game = cardrules.load_source(TEXT.replace("GOAL", "100").replace("players 1..2", "players 1..2\nlimit search 50"),
                                 "greedy.rules")
    with pytest.raises(cardrules.RulesRuntimeError) as info:
        game.new_initial_state(1, seed=0).legal_actions()
    assert len(explored) <= 51
    assert "(50 positions; a game that needs more says `limit search N`)" in info.value.diagnostics[0].message


def test_a_guard_that_can_hold_still_finds_its_way():
    game = cardrules.load_source(TEXT.replace("GOAL", "4").replace("deal 9", "deal 4"), "greedy.rules")
    state = game.new_initial_state(1, seed=0)
    assert sorted(a.name for a in state.legal_actions()) == ["done"] + ["play"] * 4
    state.apply_action(next(a for a in state.legal_actions() if a.name == "play"))
    assert sorted(a.name for a in state.legal_actions()) == ["done"] + ["play"] * 3


def test_check_warns_of_an_afterwards_guard_inside_a_loop():
    codes = [(d.code, d.span.line) for d in cardrules.check_source(TEXT.replace("GOAL", "100"), "greedy.rules")]
    assert codes == [("W208", 16)]
    outside = TEXT.replace("  repeat:\n    choose", "  choose").replace("\n      play(", "\n    play(") \
        .replace("\n        move card", "\n      move card").replace("\n      done:", "\n    done:") \
        .replace("\n        stop", "\n      pass")
    assert [d.code for d in cardrules.check_source(outside.replace("GOAL", "1"), "once.rules")] == []
