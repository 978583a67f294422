"""Values that a loop of generated code does not change (compiler/invariants.py): an expression inside a lister's
loop or a comprehension that reads no loop's value is computed at most once per call of the generated function,
on first use. Errors still come from the guard that reaches them, and only when reached; a lister trying moves
in place (`afterwards`) keeps nothing, since the state changes between its candidates."""

from __future__ import annotations

import random

import pytest

import cardrules
from cardrules.bots import RandomAgent
from cardrules.compiler.listing import game_source
from cardrules.engine import playouts
from cardrules.simulation import play_match
from cardrules.values import Seat

from .pile_game import PLAY, pile_game
from .tally import CALLS

RULES = pile_game("Invariants", "2..2", variables="var bad = 0\n").replace(
    "DEFS", "def alike(p) = count([c for c in hand(p) where c.rank == tally(top(pile).rank)])\n")
SAME = ("play(c in hand(me)) only if c.color == top(pile).color or c.rank == tally(top(pile).rank):\n"
        "      move c to pile")
pytestmark = pytest.mark.usefixtures("tally")  # tally.py: counts the calls in CALLS


def load(option: str = SAME, setup: str = "") -> cardrules.Game:
    return cardrules.load_source(RULES.replace("OPTION", option).replace("setup:\n", "setup:\n" + setup), "i.rules")


def cards(state, zone: str, seat: int | None = None) -> list[dict]:
    return [state.game.card_json(card) for card in state.zone_cards(zone, seat)]


def test_a_guard_part_no_candidate_changes_is_worked_out_once_per_listing():
    game = load()
    for seed in range(12):
        state = game.new_initial_state(2, seed)
        hand, top = cards(state, "hand", state.me), cards(state, "pile")[-1]
        CALLS.clear()
        texts = [action.text for action in state.legal_actions()]
        others = [c for c in hand if c["color"] != top["color"]]  # they reach the second part of the guard
        assert CALLS == ([top["rank"]] if others else [])  # once, not once per card of another colour
        legal = [c for c in hand if c["color"] == top["color"] or c["rank"] == top["rank"]]
        assert len(texts) == len(legal) + 1


def test_the_listing_shows_the_value_kept_in_a_local():
    rules = cardrules.prepare_source(RULES.replace("OPTION", SAME), "i.rules")
    source = game_source(rules.rules, rules.symbols, {}, rules.sources, "invariants")
    source = source[:source.index(PLAYOUT)]  # the engine's code (the playout's keeps the same: below)
    kept = [line for line in source.splitlines() if ":= k" in line and "for v" not in line]
    assert len(kept) == 1 and "is not MISSING else" in kept[0]  # the lister's guard: the top card's rank, once
    assert "def alike" not in source  # (definitions are listed by their generated names)
    comprehension = [line for line in source.splitlines() if "for v" in line and ":= k" in line]
    assert len(comprehension) == 1  # alike(p): the top card's rank, once per comprehension


PLAYOUT = "# ---- The playout"
LEADERS = ("var most = 0\n", "def held(p) = count(hand(p))\n"
           "def leaders = players where tally(it) == it and held(it) == max([tally(held(q)) for q in players])\n")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_playout_works_an_invariant_out_once_per_call_as_the_engine_does(players):
    # `leaders` compares each player's count (a seat tallied for each) with the greatest count, which no player
    # of the outer loop changes: worked out once a call (n counts tallied), not once a player (n * n).
    text = pile_game("Leaders", "2..4", copies=3, variables=LEADERS[0]).replace("DEFS", LEADERS[1]).replace(
        "turn:\n", "turn:\n  set most = count(leaders)\n").replace("OPTION", PLAY.replace("GUARD", "true"))
    game = cardrules.load_source(text, "l.rules")
    assert game.playout is not None
    for play in (lambda seed: playouts.play(game, players, seed, [random.Random(seed).getrandbits] * players, 10**6),
                 lambda seed: play_match(game, players, seed, [RandomAgent(game, 0, seed)] * players, quiet=True)):
        for seed in range(4):
            CALLS.clear()
            play(seed)
            seats = [x for x in CALLS if x.__class__ is Seat]
            counts = [x for x in CALLS if x.__class__ is not Seat]
            assert seats and len(seats) % players == 0
            assert len(counts) == len(seats)  # n a call: once for the whole loop over the players


def test_a_comprehension_works_the_invariant_out_once():
    game = load()
    for seed in range(6):
        state = game.new_initial_state(2, seed)
        for seat in (0, 1):
            CALLS.clear()
            top = cards(state, "pile")[-1]
            assert game.call(state, "alike", seat) == sum(c["rank"] == top["rank"] for c in cards(state, "hand", seat))
            assert CALLS == [top["rank"]]


def test_an_invariant_that_fails_fails_in_its_guard_and_only_when_reached():
    # The deck is not shuffled: each hand gets three of red 1-5, blue 1-5 in the order dealt.
    option = "play(c in hand(me)) only if c.rank > LOW or top(pile).rank // bad > 0:\n      move c to pile"
    low = min(c["rank"] for c in cards(load().new_initial_state(2, 0), "hand", 0))
    quiet = load(option.replace("LOW", str(low - 1)))  # every card passes the first part: the division never runs
    assert len(quiet.new_initial_state(2, 0).legal_actions()) == 4
    text = RULES.replace("OPTION", option.replace("LOW", str(low)))
    with pytest.raises(cardrules.RulesRuntimeError) as caught:
        cardrules.load_source(text, "i.rules").new_initial_state(2, 0).legal_actions()
    diagnostic = caught.value.diagnostics[0]
    assert diagnostic.code == "R302"
    assert text.splitlines()[diagnostic.span.line - 1].strip().startswith("play(c in hand(me))")


def test_a_lister_that_tries_moves_keeps_nothing():
    # Each candidate is moved onto the pile before the guard is judged: the top card is another each time.
    game = load("put(c in hand(me)) only if tally(top(pile).rank) > 0 afterwards:\n      move c to pile")
    state = game.new_initial_state(2, 1)
    hand = cards(state, "hand", state.me)
    CALLS.clear()
    assert len(state.legal_actions()) == len(hand) + 1
    assert CALLS == [c["rank"] for c in hand]


SHARED = "play(c in hand(me)) only if reds_below(c):\n      move c to pile"
BELOW = "def reds_below(c) = c.rank >= tally(count([x for x in hand(me) where x.color == red]))\n"


@pytest.mark.parametrize("checking", ["0", "1"])
def test_a_part_of_a_definition_reading_no_parameter_is_worked_out_once_per_state(monkeypatch, checking):
    # reds_below(c) is called for each card; its count of red cards does not depend on c. With
    # CARDRULES_CHECK_MEMO=1 every value read again is computed again and compared (codegen.StaleMemo).
    monkeypatch.setenv("CARDRULES_CHECK_MEMO", checking)
    game = cardrules.load_source(RULES.replace("OPTION", SHARED).replace("setup:\n", BELOW + "\nsetup:\n"), "i.rules")
    for seed in range(8):
        state = game.new_initial_state(2, seed)
        for _ in range(12):  # passing may go on for ever
            if state.is_terminal():
                break
            hand = cards(state, "hand", state.me)
            reds = sum(c["color"] == "red" for c in hand)
            CALLS.clear()
            state.kept.clear()  # reds_below(c) keeps its values across moves that leave hand(me) as it was
            actions = state.legal_actions()
            assert len(actions) == sum(c["rank"] >= reds for c in hand) + 1
            # once a listing; when checking, once more for each value read again (every card but the first)
            assert CALLS == ([reds] if hand else []) * (len(hand) if checking == "1" else 1)
            state.apply_action(actions[seed % len(actions)])


def test_a_random_draw_inside_a_loop_is_drawn_each_time():
    # Before this change a definition call inside a loop was always kept once, its argument's draw with it:
    # twenty draws from nine ranks gave a single rank.
    rules = """\
game "Draws"
players 2..2
attribute rank: 1..9
cards: rank -> deck
zone deck: stack, public
var total = 0
def rank_of(c) = c.rank

setup:
  set total = count(groups([rank_of(random(deck)) for q in 1..20], by: it))

turn:
  choose:
    pass:
      pass
end when true:
  win me
"""
    game = cardrules.load_source(rules, "d.rules")
    assert all(game.new_initial_state(2, seed).vars[0] > 1 for seed in range(5))
