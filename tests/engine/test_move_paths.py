"""A one-card move takes the short way (moving.take, no knowledge.follow) when it has no knowledge to
carry: into a zone everyone sees, or from a zone nobody sees while nobody knows any card. Knowledge is
followed for the rest, and both leave the same state. The helpers a move instruction calls are bound
when it is compiled (moving._HELPERS), so the tests replace them before compiling the game."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.compiler import moving
from cardrules.diagnostics import RulesRuntimeError

RULES = """\
game "T"
players 2..3
attribute rank: 1..9
cards: rank -> stock
text: rank
zone stock: stack, hidden
zone hand: per_player, owner, row
zone pile: stack, public
setup:
  deal 2 from stock to hand
turn:
  choose:
    draw only if not empty(stock):
      move top(stock) to hand(me)
    play(card in hand(me)):
      move card to pile
    take only if not empty(pile):
      move top(pile) to hand(me)
end when empty(stock) and empty(pile):
  win players
"""


def forbid_long_way(monkeypatch):
    """The game compiled so that a move that goes the long way (card by card, or following knowledge)
    fails the test."""
    def long_way(*args, **kwargs):
        raise AssertionError("the move went the long way")
    monkeypatch.setitem(moving._HELPERS, "take_all", long_way)
    monkeypatch.setitem(moving._HELPERS, "follow", long_way)
    return cardrules.load_source(RULES, "t.rules")


def play(s, card) -> None:
    s.apply_action(next(a for a in s.legal_actions() if a.name == "play" and a.values == (card,)))


def test_a_draw_from_a_zone_nobody_sees_follows_no_knowledge(monkeypatch):
    s = forbid_long_way(monkeypatch).new_initial_state(2, 0)
    drawn = s.zone_cards("stock")[-1]
    s.apply_action("draw")
    assert s.zone_cards("hand", 0)[-1] == drawn and not s.known


def test_a_known_card_played_face_up_is_forgotten_the_short_way(monkeypatch):
    s = forbid_long_way(monkeypatch).new_initial_state(2, 0)
    played = s.zone_cards("hand", 0)[0]
    play(s, played)
    with pytest.raises(RulesRuntimeError, match="long way"):  # a face-up card taken into a hand: followed
        s.clone().apply_action("take")
    s.known[played] = 1  # as the take would leave it: P0 keeps knowing it in P1's hand
    s.zones[s.game.zone_slot(s.game.zone("pile"), 2)].remove(played)
    s.zones[s.game.zone_slot(s.game.zone("hand"), 2, 1)].append(played)
    s.me = 1
    play(s, played)  # P1 plays it face up
    assert played not in s.known and s.zone_cards("pile")[-1] == played


def test_a_draw_while_some_card_is_known_still_follows_knowledge(monkeypatch):
    calls, real = [], moving._HELPERS["follow"]

    def counted(*args, **kwargs):
        calls.append(args[1])
        return real(*args, **kwargs)
    monkeypatch.setitem(moving._HELPERS, "follow", counted)
    s = cardrules.load_source(RULES, "t.rules").new_initial_state(2, 0)
    played = s.zone_cards("hand", 0)[0]
    play(s, played)
    s.apply_action("take")
    assert s.known.get(played) and calls == [played]
    drawn = s.zone_cards("stock")[-1]
    s.apply_action("draw")  # P0 draws into its hand while a card is known: knowledge may have to follow
    assert calls == [played, drawn]


@settings(max_examples=30, deadline=None, database=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 3))
def test_every_move_keeps_each_card_in_one_zone_and_knowledge_only_of_hidden_places(seed, players):
    game = cardrules.load_source(RULES, "t.rules")
    s, rng = game.new_initial_state(players, seed), random.Random(seed)
    pile = game.zone_slot(game.zone("pile"), players)
    for _ in range(80):
        if s.is_terminal():
            break
        s.apply_action(rng.randrange(len(s.legal_actions())))
        cards = [card for zone in s.zones for card in zone]
        assert len(cards) == len(set(cards)) == 9
        assert not set(s.known) & set(s.zones[pile])  # a card face up is known to all: nothing kept of it
