"""An `afterwards` search that meets a later choice offering a move whose own afterwards guard tests the same
condition stops there (State._can_finish, GuardSpec.test): the move is offered only because a way to finish the
turn from it leaves that condition true. The verdicts must be exactly those of the full search."""

import random

import pytest

import cardrules
from cardrules.engine import state as engine_state
from cardrules.engine.specs import GuardSpec

from .test_afterwards_budget import TEXT


def full_search(monkeypatch):
    """Every afterwards search without the shortcut, as before it existed."""
    real = engine_state._can_finish
    monkeypatch.setattr(engine_state, "_can_finish", lambda state, guards, budget, wanted: real(state, guards, budget,
                                                                                               None))


def guards(game) -> list[GuardSpec]:
    return [guard for decision in game.decisions.values() for option in decision.options for guard in option.guards]


def test_equal_conditions_reading_no_local_name_share_a_number(load_game):
    game = load_game("red7", {"expert": True})
    tests = {guard.span.line: guard.test for guard in guards(game) if guard.afterwards}
    # `winning(me)` on the palette (line 63), the canvas after it (66), the canvas (70), Expert 5's extra (108)
    assert set(tests) == {63, 66, 70, 108}
    assert None not in tests.values() and len(set(tests.values())) == 1
    canvas = next(option for decision in game.decisions.values() for option in decision.options
                   if option.name == "canvas" and option.guards and option.guards[0].span.line == 66)
    assert canvas.proves == {tests[66]}  # always applies: no `when`


def test_a_condition_reading_a_local_name_has_no_number():
    text = TEXT.replace("count(pile) >= GOAL", "card.n + count(pile) >= 4")
    game = cardrules.load_source(text, "greedy.rules")
    [guard] = [guard for guard in guards(game) if guard.afterwards]
    assert guard.test is None  # `card` is the binder: the same words mean another card in a later choice
    assert all(not option.proves for decision in game.decisions.values() for option in decision.options)


def count_searches(monkeypatch) -> list[int]:
    explored: list[int] = []
    real = engine_state._can_finish
    monkeypatch.setattr(engine_state, "_can_finish", lambda *args: explored.append(1) or real(*args))
    return explored


def test_a_later_choice_with_the_same_guard_ends_the_search(monkeypatch):
    """Play 4 cards of 4 to a pile that must reach 4: the first choice's search meets the same guard at every
    later choice; with the shortcut it stops at the first, where the full search goes down to the end."""
    text = TEXT.replace("GOAL", "4").replace("deal 9", "deal 4")
    game = cardrules.load_source(text, "greedy.rules")
    explored = count_searches(monkeypatch)
    quick = [a.name for a in game.new_initial_state(1, seed=0).legal_actions()]
    shortcut = len(explored)
    full_search(monkeypatch)
    explored = count_searches(monkeypatch)
    assert [a.name for a in game.new_initial_state(1, seed=0).legal_actions()] == quick
    assert sorted(quick) == ["done"] + ["play"] * 4
    assert shortcut * 2 < len(explored)


def legal_texts(state) -> list[str]:
    return [str(action) for action in state.clone().legal_actions()]


@pytest.mark.parametrize("players, options", [(2, {"expert": True}), (3, {"expert": True, "advanced": True}),
                                              (4, {"expert": True})])
def test_red7_expert_offers_the_same_moves_as_with_the_full_search(monkeypatch, load_game, players, options):
    game = load_game("red7", options)
    draw = random.Random(players)
    compared = 0
    for seed in range(10):
        state = game.new_initial_state(players, seed=seed)
        while not state.terminal:
            with monkeypatch.context() as m:
                full_search(m)
                full = legal_texts(state)
            assert legal_texts(state) == full, (seed, state.turns)
            compared += 1
            state.apply_action(draw.choice(state.legal_actions()))
    assert compared >= 50


def test_a_position_is_listed_no_further_than_a_move_that_ends_its_search(monkeypatch):
    """Six cards to a pile that must reach 5: at a later choice of the search, the first `play` offered ends it
    (State._enumerate stops there); listing the position whole first, as before, searches again for each card."""
    text = TEXT.replace("GOAL", "5").replace("deal 9", "deal 6")
    game = cardrules.load_source(text, "greedy.rules")
    explored = count_searches(monkeypatch)
    stopped = [a.name for a in game.new_initial_state(1, seed=0).legal_actions()]
    positions = len(explored)
    real = engine_state.State._listed
    monkeypatch.setattr(engine_state.State, "_listed", lambda state, proving=None: real(state, None))
    explored = count_searches(monkeypatch)
    assert [a.name for a in game.new_initial_state(1, seed=0).legal_actions()] == stopped
    assert sorted(stopped) == ["done"] + ["play"] * 6
    assert positions * 2 < len(explored), (positions, len(explored))
