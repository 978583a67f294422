"""Common subexpressions (compiler/subexpressions.py) and constant lists (compiler/literals.py) in generated code:
a part worked out twice or more in one evaluation is computed once, on first use, into a local; it is still worked
out only when reached, in the order of the code, and fails where it did; a name another binder shadows is not
merged; a list literal of constants that is only searched or walked is one module tuple."""

from __future__ import annotations

import re

import pytest

import cardrules
from cardrules.compiler.listing import game_source

from .pile_game import PLAY, pile_game
from .tally import CALLS

RULES = pile_game("Shared", "2..2", variables="var bad = 0\n")
pytestmark = pytest.mark.usefixtures("tally")  # tally.py: counts the calls in CALLS


def text(defs: str = "", guard: str = "true") -> str:
    return RULES.replace("DEFS", defs).replace("OPTION", PLAY.replace("GUARD", guard))


def load(defs: str = "", guard: str = "true") -> cardrules.Game:
    return cardrules.load_source(text(defs, guard), "s.rules")


def source(defs: str = "", guard: str = "true") -> str:
    rules = cardrules.prepare_source(text(defs, guard), "s.rules")
    return game_source(rules.rules, rules.symbols, {}, rules.sources, "shared")


def body(listing: str, n: int = 0) -> str:
    """The n-th generated definition body of a listing (d0_body, d1_body...)."""
    bodies = re.findall(r"^def d[0-9]+_body\(.*?(?=^def )", listing, re.S | re.M)
    return bodies[n]


def kept(code: str) -> int:
    """How many locals the code keeps parts in (each set to MISSING before it is worked out)."""
    return len(re.findall(r"^ +t[0-9]+ = MISSING$", code, re.M))


def cards(state, zone: str, seat: int | None = None) -> list[dict]:
    return [state.game.card_json(card) for card in state.zone_cards(zone, seat)]


def test_a_part_written_twice_is_worked_out_once():
    game = load("def twice(p) = tally(count(hand(p))) + tally(count(hand(p))) * 10\n")
    listing = body(source("def twice(p) = tally(count(hand(p))) + tally(count(hand(p))) * 10\n"))
    assert kept(listing) == 1
    state = game.new_initial_state(2, 0)
    for seat in (0, 1):
        CALLS.clear()
        state.kept.clear()
        state.memo.clear()
        n = len(cards(state, "hand", seat))
        assert game.call(state, "twice", seat) == n * 11
        assert CALLS == [n]  # once, not twice


def test_the_parts_of_written_in_definitions_are_shared_by_their_arguments():
    # `rank_of(x)` is written into `both`; the same argument gives the same part, another argument another one.
    # (Both uses behind a condition: a call always worked out would be computed first, as before this change.)
    defs = ("def rank_of(x) = tally(x.rank)\n"
            "def both(a, b) = (rank_of(a) if b != none else 0) + (rank_of(a) + rank_of(b) if a != none else 0)\n")
    game = load(defs)
    state = game.new_initial_state(2, 0)
    hand = state.zone_cards("hand", 0)
    CALLS.clear()
    ranks = [state.game.card_json(c)["rank"] for c in hand[:2]]
    assert game.call(state, "both", hand[0], hand[1]) == 2 * ranks[0] + ranks[1]
    assert CALLS == ranks


def test_a_part_in_both_sides_of_a_choice_is_no_repeat():
    # Only one side of `... if ... else ...` is worked out: nothing to keep.
    defs = "def side(p) = tally(count(hand(p))) if p == 0 else tally(count(hand(p))) + 1\n"
    assert ":= " not in body(source(defs))
    game = load(defs)
    state = game.new_initial_state(2, 0)
    CALLS.clear()
    assert game.call(state, "side", 1) == 4 and CALLS == [3]


def test_a_kept_part_is_worked_out_only_when_reached_and_in_order():
    # The left side of `or` is false for seat 1: the right side works the part out, in its own place, once.
    defs = ("def late(p) = (p == 0 and tally(count(pile)) > 5) or tally(count(pile)) + tally(count(pile)) == 2\n")
    assert kept(body(source(defs))) == 1
    game = load(defs)
    state = game.new_initial_state(2, 0)
    CALLS.clear()
    assert game.call(state, "late", 1) is True
    assert CALLS == [1]
    CALLS.clear()
    assert game.call(state, "late", 0) is True  # the first `tally` is the one reached first: once
    assert CALLS == [1]


def test_a_failing_part_fails_at_its_rule_line_and_only_when_reached():
    # `tally(10 // bad)` is written twice, behind a test that only some cards pass: when none reaches it, no
    # error; when one does, the error of its guard (R302), as without the local.
    defs = "def risky(c) = c.rank > LOW and (tally(10 // bad) > 0 or tally(10 // bad) < 0)\n"
    low = min(c["rank"] for c in cards(load().new_initial_state(2, 0), "hand", 0))
    assert ":= " in body(source(defs.replace("LOW", "5")))
    quiet = load(defs.replace("LOW", "5"), "not risky(c)")
    assert len(quiet.new_initial_state(2, 0).legal_actions()) == 4
    rules = text(defs.replace("LOW", str(low - 1)), "not risky(c)")
    with pytest.raises(cardrules.RulesRuntimeError) as caught:
        cardrules.load_source(rules, "s.rules").new_initial_state(2, 0).legal_actions()
    diagnostic = caught.value.diagnostics[0]
    assert diagnostic.code == "R302"
    assert rules.splitlines()[diagnostic.span.line - 1].strip().startswith("play(c in hand(me))")


def test_a_lister_test_shares_a_part_for_each_candidate():
    # The guard's `tally(c.rank)` is written twice and read for each card: once per card, not once per listing.
    listing = source(guard="tally(c.rank) > 1 and tally(c.rank) < 5")
    lister = re.search(r"^def n[0-9]+\(.*?(?=^def |\Z)", listing, re.S | re.M)[0]
    assert kept(lister) == 1
    game = load(guard="tally(c.rank) > 1 and tally(c.rank) < 5")
    for seed in range(6):
        state = game.new_initial_state(2, seed)
        hand = cards(state, "hand", state.me)
        CALLS.clear()
        actions = state.legal_actions()
        assert len(actions) == sum(1 < c["rank"] < 5 for c in hand) + 1
        assert CALLS == [c["rank"] for c in hand]


def test_a_binder_that_shadows_a_name_is_not_merged():
    # Inside the comprehension `c` is each card of the pile, not the parameter: those parts stay apart.
    defs = "def shadow(c) = tally(c.rank) + count([x for x in pile where tally(c.rank) > 0]) " \
           "+ sum([tally(c.rank) for c in hand(0)])\n"
    game = load(defs)
    state = game.new_initial_state(2, 0)
    card = state.zone_cards("hand", 1)[0]
    rank = state.game.card_json(card)["rank"]
    hand = [c["rank"] for c in cards(state, "hand", 0)]
    CALLS.clear()
    assert game.call(state, "shadow", card) == rank + 1 + sum(hand)
    # The `where`'s test reads the parameter, no loop's name: it shares the part worked out before the loop (the
    # evaluation around the loop); the comprehension's `c` is each card of hand(0), a part of its own per card.
    assert sorted(CALLS) == sorted([rank, *hand])


def test_a_list_of_constants_searched_or_walked_is_one_tuple():
    defs = ("def warm(c) = c.color in [red, blue] and c.rank not in [1, 5]\n"
            "def ranks = [2, 3, 4]\n"
            "def low(p) = count([x for x in ranks where x < 4])\n")
    listing = source(defs, "c.rank in ranks")
    assert not re.search(r"\[k[0-9]+, k[0-9]+\]|\[1, 5\]", body(listing, 0))
    assert re.search(r" in k[0-9]+\)", body(listing, 0))
    assert re.search(r"for v[0-9]+ in k[0-9]+ ", body(listing, 2))
    assert re.search(r"^# k[0-9]+ = \(2, 3, 4\)$", listing, re.M)
    game = load(defs, "warm(c) and c.rank in ranks")
    for seed in range(6):
        state = game.new_initial_state(2, seed)
        hand = cards(state, "hand", state.me)
        assert len(state.legal_actions()) == sum(c["rank"] in (2, 3, 4) for c in hand) + 1
        assert game.call(state, "low", 0) == 2
        assert game.call(state, "ranks") == [2, 3, 4]  # a value handed out is still a list


def test_a_constant_list_binder_is_walked_as_it_is():
    rules = RULES.replace("DEFS", "").replace("OPTION", "pick(n in [1, 2, 3]):\n      set bad = n")
    state = cardrules.load_source(rules, "s.rules").new_initial_state(2, 0)
    assert [a.values for a in state.legal_actions()][:3] == [(1,), (2,), (3,)]
    prepared = cardrules.prepare_source(rules, "s.rules")
    listing = game_source(prepared.rules, prepared.symbols, {}, prepared.sources, "shared")
    assert re.search(r"^ +b[0-9]+ = k[0-9]+$", listing, re.M)


def test_a_definition_calling_one_twice_is_written_into_a_guard_and_the_call_made_once():
    # `near(c)` calls `base(c)` twice: written into the lister's test, which keeps the call once per card; inside
    # a comprehension (nothing shared there) the call to `near` stays, and its own function keeps `base(c)` once.
    defs = ("def base(c) = tally(c.rank) + bad\n"  # reads the state: not cached for the game
            "def near(c) = c.rank == 9 or (base(c) > 1 and base(c) < 5)\n"
            "def nears(p) = count([c for c in hand(p) where near(c)])\n")
    listing = source(defs, "near(c)")
    lister = re.search(r"^def n[0-9]+\(.*?(?=^def |\Z)", listing, re.S | re.M)[0]
    near = re.search(r"^# near: .*\ndef (d[0-9]+)_body", listing, re.M)[1]
    assert not re.search(rf"\b{near}(_body)?\(", lister)
    assert kept(lister) == 2  # base(c) and the card's rank, which base's body reads too
    assert re.search(rf"\b{near}(_body)?\(s, v[0-9]+\)", body(listing, 2))  # nears: the call stays
    game = load(defs, "near(c)")
    for seed in range(6):
        state = game.new_initial_state(2, seed)
        hand = cards(state, "hand", state.me)
        CALLS.clear()
        assert len(state.legal_actions()) == sum(1 < c["rank"] < 5 for c in hand) + 1
        assert CALLS == [c["rank"] for c in hand]
        CALLS.clear()
        state.memo.clear()
        state.kept.clear()
        assert game.call(state, "nears", state.me) == sum(1 < c["rank"] < 5 for c in hand)
        assert CALLS == [c["rank"] for c in hand]
