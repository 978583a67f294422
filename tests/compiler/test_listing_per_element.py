"""Parts of a lister's guards kept across its candidates (compiler/enumeration.py, `_Placing`): in a lister that tries
no move, a part that reads one binder alone, whose list is the same at every turn of the loops around it, is worked
out once per element of that list for the whole listing; a part that does not read the last binder, once per turn
of the loop of the last binder it reads. Parts are still worked out on first use only, and fail where they did.
CARDRULES_PER_CANDIDATE=1 when a game is compiled keeps nothing across candidates: random games list the same
moves both ways."""

from __future__ import annotations

import pytest

import cardrules
from cardrules.compiler.listing import game_source
from cardrules.compiler.settings import PER_CANDIDATE
from cardrules.resources import bundled_games

from ..engine.side_by_side import play_side_by_side
from .pile_game import pile_game
from .tally import CALLS

RULES = pile_game("Per element", "2..3", copies=2).replace("DEFS", "def lanes = [1, 2, 3]\n")
# tally(k * 10 + count(pile)) reads the pile binder alone (and the state); tally(c.rank) the card alone
TWO = ("play(c in hand(me), k in LANES) only if tally(c.rank) + tally(k * 10 + count(pile)) > 22:\n"
       "      move c to pile")
pytestmark = pytest.mark.usefixtures("tally")  # tally.py: counts the calls in CALLS


def text(option: str = TWO, lanes: str = "lanes") -> str:
    return RULES.replace("OPTION", option.replace("LANES", lanes))


def load(option: str = TWO, lanes: str = "lanes", per_candidate: bool = False, monkeypatch=None) -> cardrules.Game:
    if per_candidate:
        monkeypatch.setenv(PER_CANDIDATE, "1")
    try:
        return cardrules.load_source(text(option, lanes), "e.rules")
    finally:
        if per_candidate:
            monkeypatch.delenv(PER_CANDIDATE)


def ranks(state) -> list[int]:
    return [state.game.card_json(card)["rank"] for card in state.zone_cards("hand", state.me)]


def listed(state) -> list[str]:
    CALLS.clear()
    return [action.text for action in state.legal_actions()]


@pytest.mark.parametrize("lanes", ["lanes", "[1, 2, 3]"])
def test_a_part_reading_the_inner_binder_alone_is_worked_out_once_per_element(lanes):
    game = load(lanes=lanes)
    for seed in range(10):
        state = game.new_initial_state(2, seed)
        hand, texts = ranks(state), listed(state)
        piles = [k * 10 + 1 for k in (1, 2, 3)]  # one card on the pile
        assert sorted(CALLS) == sorted(hand + piles)  # each card's rank once, each lane's value once
        assert len(texts) == sum(rank + pile > 22 for rank in hand for pile in piles) + 1


def test_without_keeping_every_candidate_works_both_parts_out(monkeypatch):
    game = load(per_candidate=True, monkeypatch=monkeypatch)
    state = game.new_initial_state(2, 0)
    hand = ranks(state)
    listed(state)
    assert len(CALLS) == 2 * 3 * len(hand)


def test_a_list_that_reads_the_outer_binder_keeps_nothing_per_element():
    game = load(lanes="[c.rank, c.rank + 1]")
    state = game.new_initial_state(2, 3)
    hand = ranks(state)
    listed(state)
    lanes = [k * 10 + 1 for rank in hand for k in (rank, rank + 1)]
    assert sorted(CALLS) == sorted(hand + lanes)  # the card's rank still once per card


def test_the_listing_shows_the_values_kept_per_element():
    rules = cardrules.prepare_source(text(), "e.rules")
    source = game_source(rules.rules, rules.symbols, {}, rules.sources, "per-element")
    assert source.count(".__setitem__(") == 1  # the lane's value, kept by the lane's place in its list
    assert "in enumerate(" in source


def test_a_part_kept_per_element_is_worked_out_only_when_reached():
    # The lane's part is reached only for a card of rank 5 or more: none in the hand, never worked out.
    game = load("play(c in hand(me), k in lanes) only if c.rank >= LOW and tally(k) > 0:\n      move c to pile"
                .replace("LOW", "6"))
    state = game.new_initial_state(2, 0)
    assert listed(state) == ["pass"] and CALLS == []
    game = load("play(c in hand(me), k in lanes) only if c.rank >= 1 and tally(k) > 0:\n      move c to pile")
    assert len(listed(game.new_initial_state(2, 0))) == 3 * len(ranks(game.new_initial_state(2, 0))) + 1
    assert CALLS == [1, 2, 3]


def test_a_part_kept_per_element_that_fails_fails_in_its_guard():
    option = "play(c in hand(me), k in lanes) only if c.rank > 0 and 10 // (k - 2) > 0:\n      move c to pile"
    with pytest.raises(cardrules.RulesRuntimeError) as caught:
        load(option).new_initial_state(2, 0).legal_actions()
    diagnostic = caught.value.diagnostics[0]
    assert diagnostic.code == "R302"
    assert text(option).splitlines()[diagnostic.span.line - 1].strip().startswith("play(c in hand(me)")


def test_a_lister_that_tries_moves_keeps_nothing_across_candidates():
    option = ("put(c in hand(me), k in lanes) only if tally(k * 10 + count(pile)) > 0 only if count(pile) > 0 "
              "afterwards:\n      move c to pile")
    state = load(option).new_initial_state(2, 1)
    hand = ranks(state)
    listed(state)
    assert len(CALLS) == 3 * len(hand)


@pytest.mark.parametrize("checking", ["0", "1"])
def test_random_games_list_the_same_moves_with_and_without(monkeypatch, checking):
    monkeypatch.setenv("CARDRULES_CHECK_MEMO", checking)
    fast, slow = load(), load(per_candidate=True, monkeypatch=monkeypatch)
    assert play_side_by_side(fast, slow, range(20)) > 200


@pytest.mark.parametrize("checking", ["0", "1"])
@pytest.mark.parametrize("extreme", [False, True])
def test_the_game_lists_the_same_moves_with_and_without(monkeypatch, checking, extreme):
    # The Game lists card x pile: each pile's top number is kept per pile for the whole listing.
    monkeypatch.setenv("CARDRULES_CHECK_MEMO", checking)
    path, options = bundled_games()["the-game"], {"extreme": extreme}
    fast = cardrules.load(path, options)
    monkeypatch.setenv(PER_CANDIDATE, "1")
    slow = cardrules.load(path, options)
    assert play_side_by_side(fast, slow, range(8 if checking == "1" else 16), counts=4) > 1000


THREE = ("play(c in hand(me), k in lanes, m in [1, 2]) only if tally(k * 10 + count(pile)) + tally(m * 100) + c.rank "
         "> 134:\n      move c to pile")


def test_with_three_binders_each_part_is_kept_by_the_binder_it_reads(monkeypatch):
    state = load(THREE).new_initial_state(2, 2)
    hand, texts = ranks(state), listed(state)
    assert sorted(CALLS) == [11, 21, 31, 100, 200]  # each lane once, each m once, for the whole listing
    slow = load(THREE, per_candidate=True, monkeypatch=monkeypatch).new_initial_state(2, 2)
    assert texts == listed(slow) and len(CALLS) == 2 * 3 * 2 * len(hand)
