"""A playout written as a machine (compiler/playout_machine.py): triggers that set themselves off, and `afterwards`
guards on options that decide again before the turn ends, searched by replaying the turn. Every game must be the
engine's, and the playout itself must play it (a game handed back to the engine would pass unseen)."""

from __future__ import annotations

import pytest

import cardrules
from cardrules.compiler import playout_triggers
from cardrules.compiler.build import build_game
from cardrules.compiler.playout_game import why_not
from cardrules.simulation import runner
from cardrules.simulation.runner import Plan, play_game
from cardrules.simulation.seeds import deal_seed

from ..engine.test_afterwards_budget import TEXT as GREEDY
from .test_playout import TRIGGERS


@pytest.fixture(autouse=True)
def always_the_playout(monkeypatch):
    monkeypatch.setenv("CARDRULES_PLAYOUT", "always")


def both_ways(game, name: str, options: dict, players: int, games: int, seed: int = 11) -> tuple[list, int]:
    """The records of `games` games by the playout (None: handed back) compared with the engine's."""
    plan = Plan.make(name, options, players, ["random"] * players, seed, games)
    handed_back = []
    for index in range(games):
        by_playout = runner._played_out(game, plan, index, deal_seed(plan.seed, index))
        by_engine = play_game(game, plan, index, playout=False)
        if by_playout is None:
            handed_back.append(by_engine)
            continue
        assert by_playout == by_engine, (players, index)
    return handed_back, games - len(handed_back)


@pytest.mark.parametrize("options", [{"expert": True}, {"expert": True, "advanced": True}],
                         ids=["expert", "expert-advanced"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_red7_expert_is_played_by_a_machine_as_on_the_engine(options, players):
    game = cardrules.load("red7", options)
    assert game.playout is not None
    assert all(f"def {name}" in game.playout.source for name in ("TURN():", "SEARCH(", "t_palette_hand"))
    handed_back, played = both_ways(game, "red7", options, players, 60)
    assert not handed_back and played == 60


def test_rules_that_need_no_machine_are_written_as_before():
    for name in ("red7", "seven7s", "punto"):
        source = cardrules.load(name).playout.source
        assert "def TURN" not in source and "SEARCH" not in source


LOOPING = TRIGGERS.replace("on move card to pile:\n  set bumps = bumps + 1",
                           "on move card to pile:\n  set bumps = bumps + 1\n  if not empty(deck):\n"
                           "    move top(deck) to pile")


def test_a_trigger_that_sets_itself_off_calls_itself():
    """Each card to the pile draws the deck's next onto it: the trigger runs again, down to an empty deck."""
    game = cardrules.load_source(LOOPING, "t.rules")
    assert game.playout is not None and "def TURN" in game.playout.source
    for players in (2, 3):
        handed_back, played = both_ways(game, "t.rules", {}, players, 20)
        assert not handed_back and played == 20


def test_triggers_nested_deeper_than_the_machine_writes_are_played_by_the_engine(monkeypatch):
    monkeypatch.setattr(playout_triggers, "NESTING", 3)
    rules = cardrules.prepare_source(LOOPING, "t.rules")
    _, game = build_game(rules.rules, rules.symbols, {}, rules.sources, rules.name)
    assert "if TD > 3:" in game.playout.source
    handed_back, played = both_ways(game, "t.rules", {}, 2, 20)
    assert handed_back and all(record.error is None for record in handed_back)


# A trigger inside an `afterwards` trial that asks for a decision: the trial is a search of the turn's rest.
DECIDING = TRIGGERS.replace("  move top(pile) to deck\n  shuffle deck",
                            '  choose "Keep it?":\n    keep:\n      pass\n    back:\n      move card to deck')

# An afterwards guard that reads its own card, on an option that decides again (the red bonus trigger may take
# the card off the pile's top before the guard is judged).
READING = TRIGGERS.replace(
    "    draw only if not empty(deck):",
    "    two(card in hand(me)) only if top(pile) == card or count(bonus(me)) > 1 afterwards:\n"
    "      move card to pile\n"
    '      choose "Then":\n'
    "        more(other in hand(me)) only if other.number < card.number:\n"
    "          move other to pile\n"
    "        enough:\n"
    "          pass\n"
    "    draw only if not empty(deck):")


# A guard inside a `repeat`: each card played must still let the pile reach 5 by the end of the turn.
LOOPING_GUARD = GREEDY.replace("GOAL", "5")


SEARCHED = [(DECIDING, 2), (DECIDING, 3), (READING, 2), (READING, 3), (LOOPING_GUARD, 1), (LOOPING_GUARD, 2)]


@pytest.mark.parametrize("text, players", SEARCHED, ids=["decision-in-trial-2", "decision-in-trial-3",
                                                        "guard-reads-its-card-2", "guard-reads-its-card-3",
                                                        "guard-in-a-loop-1", "guard-in-a-loop-2"])
def test_a_guard_before_more_of_the_turn_is_searched_as_on_the_engine(text, players):
    game = cardrules.load_source(text, "t.rules")
    assert game.playout is not None and "SEARCH(" in game.playout.source
    handed_back, played = both_ways(game, "t.rules", {}, players, 30)
    assert len(handed_back) <= 3 and played >= 27


@pytest.mark.parametrize("limit", [1, 6, 20])
def test_a_search_beyond_its_limit_is_handed_to_the_engine_which_says_so(limit):
    """`limit search N`: the machine counts the positions the engine's search counts, and a trial inside a search
    as one (the engine's may be: a known card moved), so it hands back every game the engine stops with its
    error (R303), and plays others itself."""
    text = cardrules.resources.bundled_games()["red7"].read_text() + f"\nlimit search {limit}\n"
    game = cardrules.load_source(text, "r.rules", {"expert": True})
    plan = Plan.make("r.rules", {"expert": True}, 3, ["random"] * 3, 3, 30)
    by_engine = [play_game(game, plan, i, playout=False) for i in range(30)]
    by_playout = [runner._played_out(game, plan, i, deal_seed(plan.seed, i)) for i in range(30)]
    stopped = [record.error is not None for record in by_engine]
    assert all(mine is None for mine, stops in zip(by_playout, stopped) if stops)
    assert any(stopped) if limit < 20 else None not in by_playout  # (20 positions: enough for every game here)
    assert all("explored too many ways" in str(record.error) for record in by_engine if record.error is not None)
    assert all(mine == theirs for mine, theirs in zip(by_playout, by_engine) if mine is not None)
    assert [play_game(game, plan, i) for i in range(30)] == by_engine  # (handed back: the engine's record)


def test_what_a_machine_does_not_write_is_said():
    text = LOOPING.replace("turn:\n", "turn:\n  simultaneously for q in players:\n    choose \"Pass\":\n"
                           "      nothing:\n        pass\n")
    rules = cardrules.prepare_source(text, "t.rules")
    c, game = build_game(rules.rules, rules.symbols, {}, rules.sources, rules.name)
    assert game.playout is None
    assert why_not(c, game) == "a 'simultaneously' in rules that search the rest of a turn"


def test_a_search_that_meets_a_choice_with_no_move_is_the_engines_error():
    """A second card must be lower than the first, with no way out: where none is, the engine's search stops with
    its error (R301) and the machine hands the game back, so both give the engine's record."""
    text = READING.replace("        enough:\n          pass\n", "")
    game = cardrules.load_source(text, "t.rules")
    assert "SEARCH(" in game.playout.source
    plan = Plan.make("t.rules", {}, 2, ["random"] * 2, 11, 20)
    by_engine = [play_game(game, plan, i, playout=False) for i in range(20)]
    by_playout = [runner._played_out(game, plan, i, deal_seed(plan.seed, i)) for i in range(20)]
    assert any(record.error is not None and "no option" in str(record.error) for record in by_engine)
    assert all(mine is None for mine, theirs in zip(by_playout, by_engine) if theirs.error is not None)
    assert all(mine == theirs for mine, theirs in zip(by_playout, by_engine) if mine is not None)
