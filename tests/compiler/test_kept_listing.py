"""A lister's moves kept in the state by what it reads (compiler/kept_listing.py): where a way back to its `choose`
may leave what its guards and lists read as it was, a listing asked again with nothing it reads changed offers the
moves it listed before without judging a guard; anything it reads that changes lists them afresh.
CARDRULES_PER_LISTING=1 when a game is compiled keeps no listing: random games of every bundled game list the same
moves both ways."""

from __future__ import annotations

import pytest

import cardrules
from cardrules.compiler.listing import game_source
from cardrules.compiler.settings import CHECK_MEMO, PER_LISTING
from cardrules.resources import bundled_games

from ..engine.side_by_side import play_side_by_side
from .tally import CALLS

pytestmark = pytest.mark.usefixtures("tally")  # tally.py: counts the calls in CALLS

RULES = """\
game "Kept listing"
players 2..3
attribute rank: 1..6
cards: rank copies 2 -> deck
zone deck: stack, public
zone hand: per_player, owner, row
zone pile: stack, public
var marks = 0
var stock = 0
setup:
  deal 3 from deck to hand
  move top(deck) to pile

turn:
  LOOP
    choose:
      play(c in hand(me)) only if GUARD:
        move c to pile
        stop
      mark(n in [1, 2]) only if marks < 9:
        set marks = marks + n
      draw only if count(deck) > 0:
        move top(deck) to hand(me)
      pass:
        stop
end when count(pile) > 4 or marks > 8:
  win me
"""
KEPT = "out.extend(e[1])"  # the code of a hit, in the generated source


def text(guard: str = "tally(c.rank) > 0", loop: str = "repeat:") -> str:
    body = RULES.replace("LOOP", loop).replace("GUARD", guard)
    return body if loop else body.replace("\n    ", "\n  ").replace("stop\n", "pass\n")


def load(guard: str = "tally(c.rank) > 0", loop: str = "repeat:", monkeypatch=None, per_listing=False):
    if per_listing:
        monkeypatch.setenv(PER_LISTING, "1")
    try:
        return cardrules.load_source(text(guard, loop), "k.rules")
    finally:
        if per_listing:
            monkeypatch.delenv(PER_LISTING)


def source(guard: str = "tally(c.rank) > 0", loop: str = "repeat:") -> str:
    rules = cardrules.prepare_source(text(guard, loop), "k.rules")
    return game_source(rules.rules, rules.symbols, {}, rules.sources, "kept")


def plays(state) -> list:
    CALLS.clear()
    return [action for action in state.legal_actions() if action.name == "play"]


def test_after_a_move_that_writes_nothing_it_reads_the_plays_are_offered_again_unjudged():
    state = load().new_initial_state(2, 0)
    first = plays(state)
    assert len(CALLS) == 3 and len(first) == 3  # each card's guard judged once
    state.apply_action("mark 1")  # sets marks: the play guard reads the hand (and tally, pure)
    again = plays(state)
    assert CALLS == [] and [a is b for a, b in zip(first, again)] == [True] * 3
    state.apply_action(again[0])  # a card played: the next player's hand, listed afresh
    assert len(plays(state)) == 3 and len(CALLS) == 3


def test_a_guard_reading_what_the_way_back_writes_is_judged_again():
    state = load("tally(c.rank) > marks").new_initial_state(2, 0)
    plays(state)
    state.apply_action("mark 1")
    plays(state)
    assert len(CALLS) == 3
    assert KEPT not in source("tally(c.rank) > marks")


def test_without_keeping_every_listing_judges_the_guards(monkeypatch):
    state = load(monkeypatch=monkeypatch, per_listing=True).new_initial_state(2, 0)
    plays(state)
    state.apply_action("mark 1")
    plays(state)
    assert len(CALLS) == 3


def test_a_change_of_a_slot_it_reads_lists_afresh():
    state = load().new_initial_state(2, 1)
    first = plays(state)
    state.apply_action("draw")  # the hand it reads changed: judged again, the new card too
    again = plays(state)
    assert len(CALLS) == 4 and [a.text for a in again][:3] == [a.text for a in first] and len(again) == 4


def test_where_the_way_back_is_not_a_loop_nothing_is_kept():
    assert KEPT in source()
    assert KEPT not in source(loop="")


def test_a_guard_reading_a_name_of_the_procedure_is_not_kept():
    assert KEPT not in source("tally(c.rank) > 0 and n0 >= 0", loop="let n0 = 0\n  repeat:")


def test_an_option_without_binders_and_the_one_its_own_way_back_changes_are_not_kept():
    code = source()
    assert code.count(KEPT) == 1  # the plays; not `mark` (it writes what it reads), not `draw` or `pass` (no binder)


@pytest.mark.parametrize("checking", ["0", "1"])
def test_random_games_list_the_same_moves_with_and_without(monkeypatch, checking):
    monkeypatch.setenv(CHECK_MEMO, checking)
    fast, slow = load(), load(monkeypatch=monkeypatch, per_listing=True)
    assert play_side_by_side(fast, slow, range(20)) > 200


def _bundled() -> list[tuple[str, dict]]:
    return [(name, {}) for name in sorted(bundled_games())] + [("the-game", {"extreme": True})]


@pytest.mark.parametrize("checking", ["0", "1"])
@pytest.mark.parametrize("name,options", _bundled())
def test_every_bundled_game_lists_the_same_moves_with_and_without(monkeypatch, name, options, checking):
    monkeypatch.setenv(CHECK_MEMO, checking)
    path = bundled_games()[name]
    fast = cardrules.load(path, options)
    monkeypatch.setenv(PER_LISTING, "1")
    slow = cardrules.load(path, options)
    seeds = range(3 if name in ("punto", "hearts", "lost-cities") else 6)
    counts = min(2, fast.max_players - fast.min_players + 1)
    assert play_side_by_side(fast, slow, seeds, counts, low=fast.min_players) > 0
