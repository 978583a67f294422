"""A new game starts from its opening (engine/openings.py): the set-up up to its first random draw, worked out
once per player count and cloned. Every new state is the one the whole set-up run from a blank state gives
(Game.plain_initial_state), for every bundled game, player count and seed; the opening stops before the
first instruction that draws, tells the players anything, or fails, and a game played from it leaves it as
it was."""

from __future__ import annotations

import pytest

import cardrules
from cardrules.bots import RandomAgent
from cardrules.engine import openings
from cardrules.resources import bundled_games
from cardrules.simulation import play_match

RULES = """\
game "Openings"
players 2..3
attribute color: red > blue
attribute rank: 1..6
cards: color * rank -> deck
zone deck: stack, hidden
zone stock: stack, hidden
zone hand: per_player, owner
zone pile: stack, public
var rounds = 0
var lucky = 0

setup:
  set rounds = rounds + 1
  move top(deck) to stock
  set lucky = count(deck)
  shuffle deck
  deal 3 from deck to hand
  move top(deck) to pile

turn:
  choose:
    play(c in hand(me)):
      move c to pile

end when empty(hand(me)):
  win best(players, by: count(hand(it)))
"""


def same_state(a: cardrules.State, b: cardrules.State) -> None:
    assert a == b
    assert (a.zver, a.vver, a.vall, a.aver) == (b.zver, b.vver, b.vall, b.aver)
    assert a.events == b.events
    assert a.legal_actions() == b.legal_actions()


def shuffle_line(rules: str) -> int:
    return next(i for i, line in enumerate(rules.splitlines(), 1) if line.strip().startswith("shuffle"))


@pytest.mark.parametrize("name", sorted(bundled_games()))
def test_every_bundled_game_starts_as_its_whole_set_up_would(name):
    game = cardrules.load(name)
    for n in range(game.min_players, game.max_players + 1):
        for seed in (0, 1, 7):
            same_state(game.new_initial_state(n, seed), game.plain_initial_state(n, seed))


def test_the_opening_stops_at_the_first_draw_and_keeps_what_comes_before():
    game = cardrules.load_source(RULES)
    start = openings.opening(game, 2)
    assert not start.waiting and game.spans[start.state.pc].line == shuffle_line(RULES)
    assert [len(start.state.zone_cards(zone)) for zone in ("deck", "stock", "pile")] == [11, 1, 0]
    assert start.state.vars[:2] == [1, 11] and start.steps_left == game.limits.steps - 3
    for seed in range(5):
        same_state(game.new_initial_state(2, seed), game.plain_initial_state(2, seed))
    assert len({tuple(game.new_initial_state(2, seed).zone_cards("hand", 0)) for seed in range(8)}) > 1


def test_a_game_played_from_the_opening_leaves_it_as_it_was():
    game = cardrules.load_source(RULES)
    first = game.new_initial_state(3, 4)
    played = play_match(game, 3, 4, [RandomAgent(game, 0, 4)] * 3, quiet=True)
    assert played.terminal
    same_state(game.new_initial_state(3, 4), first)
    same_state(game.new_initial_state(3, 4), game.plain_initial_state(3, 4))


def test_what_the_set_up_tells_is_told_by_each_game():
    rules = RULES.replace("  set lucky = count(deck)\n", "  set lucky = count(deck)\n  say \"dealing\", rounds\n")
    game = cardrules.load_source(rules)
    start = openings.opening(game, 2)
    assert game.spans[start.state.pc].line == shuffle_line(rules) - 1  # the say is left for each game to run
    state = game.new_initial_state(2, 3)
    assert [str(event) for event in state.events] == [str(event) for event in game.plain_initial_state(2, 3).events]
    assert state.events


def test_a_starting_value_that_fails_leaves_the_whole_set_up_to_each_game():
    rules = RULES.replace("var lucky = 0", "var lucky = 6 // count(stock)")
    game = cardrules.load_source(rules)
    assert openings.opening(game, 2) is None
    for _ in range(2):
        with pytest.raises(cardrules.RulesRuntimeError) as failed:
            game.new_initial_state(2, 0)
        assert failed.value.diagnostics[0].code == "R305"


def test_a_random_pick_before_the_shuffle_is_drawn_by_each_game():
    rules = RULES.replace("  set lucky = count(deck)\n", "  set lucky = random(deck).rank\n")
    game = cardrules.load_source(rules)
    start = openings.opening(game, 2)
    assert game.spans[start.state.pc].line == shuffle_line(rules) - 1
    for seed in range(6):
        same_state(game.new_initial_state(2, seed), game.plain_initial_state(2, seed))
    assert len({game.new_initial_state(2, seed).vars[1] for seed in range(12)}) > 1


def test_a_set_up_that_fails_before_any_draw_fails_in_every_game_at_its_line():
    rules = RULES.replace("  set lucky = count(deck)\n", "  set lucky = 6 // (count(stock) - 1)\n")
    game = cardrules.load_source(rules)
    line = next(i for i, text in enumerate(rules.splitlines(), 1) if "set lucky" in text)
    for _ in range(2):
        with pytest.raises(cardrules.RulesRuntimeError) as failed:
            game.new_initial_state(2, 0)
        assert failed.value.diagnostics[0].span.line == line


def outcome(start, n: int, seed: int) -> str:
    try:
        start(n, seed)
    except cardrules.RulesRuntimeError as failed:
        diagnostic = failed.diagnostics[0]
        return f"{diagnostic.code} at line {diagnostic.span.line}"
    return "started"


def test_the_step_budget_counts_the_openings_steps():
    # 7 steps reach the first decision, 3 of them the opening's: a budget of 4 to 6 must still stop the set-up
    for steps in range(1, 10):
        game = cardrules.load_source(RULES.replace("players 2..3\n", f"players 2..3\nlimit steps {steps}\n"))
        assert outcome(game.new_initial_state, 2, 0) == outcome(game.plain_initial_state, 2, 0), steps
    assert outcome(game.new_initial_state, 2, 0) == "started"


def test_a_set_up_that_loops_after_the_draw_stops_where_the_whole_set_up_stops():
    # a loop of four steps after the three of the opening: the step where the budget runs out names another line
    loop = "  repeat:\n    set rounds = rounds + 1\n    set lucky = 1\n    set lucky = 2\n"
    rules = RULES.replace("  move top(deck) to pile\n", loop)
    game = cardrules.load_source(rules.replace("players 2..3\n", "players 2..3\nlimit steps 50\n"))
    assert outcome(game.new_initial_state, 2, 1) == outcome(game.plain_initial_state, 2, 1)
    assert outcome(game.new_initial_state, 2, 1).startswith("R304")
