"""naming.Namer names the cards a chooser cannot see by place zone by zone, each zone numbered once: it
must offer exactly the moves naming.ReferenceNamer (the way it was done card by card) offers, in the same
order, with the same names and the same cards behind them, at every decision of random games of every
bundled game and of small files made to mix seen, known and unseen cards in one list."""

from __future__ import annotations

import random

import pytest

import cardrules
from cardrules.engine import naming
from cardrules.engine import state as state_module
from cardrules.resources import bundled_games
from cardrules.values import Unseen

MIXED = """\
game "N"
players 2..3
attribute kind: a > b > c > d
attribute rank: 1..6
cards: kind * rank -> deck
order: kind, rank
text: kind rank
zone deck: stack, hidden
zone hand: per_player, owner, row
zone stash: per_player, hidden, row  # its owner holds it face down: a card revealed to them keeps its place
zone faceup: stack, public
var luck = none
setup:
  shuffle deck
  deal 3 from deck to hand
  deal 2 from deck to stash
turn:
  choose:
    peek(x in deck + faceup + stash(me) + concat([hand(p) for p in players])):
      reveal x to me
    look_top only if not empty(deck):
      reveal top(deck) to me
    swap(x in concat([hand(p) for p in players where p != me]), y in stash(me) + hand(me)):
      move x to faceup
    draw only if not empty(deck):
      move top(deck) to hand(me)
    bury(x in hand(me)):
      move x to stash(me)
    roll:  # the secret generator moves on, no zone changes: every name is drawn again
      set luck = random(players)
end when empty(deck):
  win players
"""


def listed(state: cardrules.State, namer: type) -> list[tuple]:
    """The legal moves of `state` with `namer` naming the unseen cards: option, values (their names'
    texts too: Unseen equality reads the place only) and the cards behind them."""
    saved = state_module.Namer
    state_module.Namer = namer
    try:
        state._legal = None
        moves = state.legal_actions()
    finally:
        state_module.Namer = saved
        state._legal = None
    return [(m.option, m.name, m.values, tuple(str(v) for v in m.values), m.actual, m.text) for m in moves]


def compare(game: cardrules.Game, seeds: range, players: list[int]) -> int:
    """Random games, both namers asked at every decision that may name unseen cards; the number of
    unseen names compared."""
    named = 0
    for seed in seeds:
        s = game.new_initial_state(players[seed % len(players)], seed=seed)
        chooser = random.Random(seed)
        while not s.is_terminal():
            if s.game.decisions[s.pc].may_hide:
                fast, slow = listed(s, naming.Namer), listed(s, naming.ReferenceNamer)
                assert fast == slow
                named += sum(isinstance(v, Unseen) for move in fast for v in move[2])
            moves = s.legal_actions()
            s.apply_action(chooser.randrange(len(moves)))
    return named


@pytest.mark.parametrize("name", sorted(bundled_games()))
def test_every_bundled_game_names_unseen_cards_as_the_reference_does(name):
    game = cardrules.load(name)
    compare(game, range(6), list(range(game.min_players, game.max_players + 1)))


def test_a_list_of_seen_known_and_unseen_cards_from_many_zones_is_named_as_the_reference_does():
    game = cardrules.load_source(MIXED, "n.rules")
    assert compare(game, range(12), [2, 3]) > 500  # the unseen names were many, not a corner


def test_a_zone_is_numbered_once_and_only_when_it_offers_an_unseen_card():
    game = cardrules.load_source(MIXED, "n.rules")
    s = game.new_initial_state(3, seed=4)
    namer = naming.Namer(s, s.me)
    others = [c for p in range(3) if p != s.me for c in s.zones[game.zone_slot(game.zone("hand"), 3, p)]]
    out = namer.reorder(list(others))
    assert sorted(out) == sorted(others) and namer.used
    assert {name.text.split("#")[0] for name in namer.names.values()} == {"hand(P0)", "hand(P1)", "hand(P2)"} - {
        f"hand(P{s.me})"}
    numbered = dict(namer.names)
    namer.reorder(list(others[:1]))  # named already: nothing is numbered again
    assert all(namer.names[c] is numbered[c] for c in numbered)
    mine = list(s.zones[game.zone_slot(game.zone("hand"), 3, s.me)])
    assert naming.Namer(s, s.me).reorder(mine) is mine  # the chooser sees them all: the list as it was


def test_the_names_of_a_wholly_unseen_zone_are_kept_until_it_or_the_secret_generator_changes():
    game = cardrules.load_source(MIXED, "n.rules")
    s = game.new_initial_state(3, seed=7)
    other = (s.me + 1) % 3
    hand = list(s.zones[game.zone_slot(game.zone("hand"), 3, other)])
    first = naming.Namer(s, s.me)
    first.reorder(list(hand))
    again = naming.Namer(s, (s.me + 2) % 3)  # the next decision, another chooser: the same names, not made again
    again.reorder(list(hand))
    assert all(again.names[c] is first.names[c] for c in hand)
    s.rng += 1  # a draw of the secret generator: the names are drawn again
    redrawn = naming.Namer(s, s.me)
    redrawn.reorder(list(hand))
    assert all(redrawn.names[c] is not first.names[c] for c in hand)
    reference = naming.ReferenceNamer(s, s.me)
    reference.reorder(list(hand))
    assert {c: str(v) for c, v in redrawn.names.items()} == {c: str(v) for c, v in reference.names.items()}
