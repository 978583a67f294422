"""A one-card move takes the short way (procedures._take, no knowledge.follow) when it has no knowledge to
carry: into a zone everyone sees, or from a zone nobody sees while nobody knows any card. The long way
(_take_all) stays for the rest, and both leave the same state."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.compiler import procedures

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


@pytest.fixture
def game():
    return cardrules.load_source(RULES, "t.rules")


def forbid_long_way(monkeypatch) -> None:
    """From here on, a move that goes the long way fails the test."""
    def long_way(*args, **kwargs):
        raise AssertionError("the move went through _take_all")
    monkeypatch.setattr(procedures, "_take_all", long_way)


def play(s, card) -> None:
    s.apply_action(next(a for a in s.legal_actions() if a.name == "play" and a.values == (card,)))


def test_a_draw_from_a_zone_nobody_sees_follows_no_knowledge(game, monkeypatch):
    s = game.new_initial_state(2, 0)
    drawn = s.zone_cards("stock")[-1]
    forbid_long_way(monkeypatch)
    s.apply_action("draw")
    assert s.zone_cards("hand", 0)[-1] == drawn and not s.known


def test_a_known_card_played_face_up_is_forgotten_the_short_way(game, monkeypatch):
    s = game.new_initial_state(2, 0)
    played = s.zone_cards("hand", 0)[0]
    play(s, played)
    s.apply_action("take")  # P1 takes it from the face-up pile: P0 keeps knowing it in P1's hand
    assert s.known.get(played)
    s.apply_action("draw")
    forbid_long_way(monkeypatch)
    play(s, played)  # P1 plays it face up
    assert played not in s.known and s.zone_cards("pile")[-1] == played


def test_a_draw_while_some_card_is_known_still_goes_the_long_way(game, monkeypatch):
    s = game.new_initial_state(2, 0)
    played = s.zone_cards("hand", 0)[0]
    play(s, played)
    s.apply_action("take")
    assert s.known.get(played)
    calls, real = [], procedures._take_all

    def counted(*args, **kwargs):
        calls.append(args[1])
        return real(*args, **kwargs)
    monkeypatch.setattr(procedures, "_take_all", counted)
    s.apply_action("draw")  # P0 draws into its hand while a card is known: knowledge may have to follow
    assert len(calls) == 1


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
