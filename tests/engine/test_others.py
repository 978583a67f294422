"""Zone visibility `others` (#21): every player but the zone's owner sees it (cards held facing away).
Views, moves named by place, determinization and samples of the owner's own unknown cards, positions and
saves; and a property over random playouts: a view never contains a card its seat may not see, nor a
"known" card the seat never saw, and a sample never depends on where the cards a seat cannot see lie."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.bots.beliefs import sample_information_set
from cardrules.engine.saves import load_state, save_state
from cardrules.values import Card, Unseen
from tests.games.invariants import assert_sample_ignores_unseen

RULES = """\
game "Away"
players 2..4
attribute color: r > b > g
attribute rank: 1..5
cards: color * rank -> deck
order: color, rank
text: color rank
zone deck: stack, hidden
zone hand: per_player, others, row
zone pile: per_player, owner
zone faceup: public
zone discard: row, hidden

setup:
  shuffle deck
  deal 2 from deck to hand

turn:
  choose:
    play(card in hand(me)):
      move card to faceup
    bury(card in hand(me)):
      move card to discard
    hint(p in players where it != me) only if not empty(hand(p) where color == r):
      reveal hand(p) where color == r to p
    restock only if not empty(faceup):
      move top(faceup) to deck
    draw only if not empty(deck):
      move top(deck) to hand(me)
    keep only if not empty(deck):
      move top(deck) to pile(me)
    unkeep only if not empty(pile(me)):
      move top(pile(me)) to hand(me)
    peek(x in concat([pile(p) for p in players where p != me])):
      reveal x to me
    stir:
      shuffle deck

end when empty(deck) and empty(faceup):
  win players
"""
GAME = cardrules.load_source(RULES, "away.rules")
T = GAME.card_texts


def test_the_owner_sees_a_count_the_others_see_the_cards_a_spectator_a_count(position):
    s = position(GAME, {"hand": [["r1", "b2"], ["g3"]]})
    assert s.view(0).zones["hand"] == [{"count": 2}, ["g3"]]
    assert s.view(1).zones["hand"] == [["r1", "b2"], {"count": 1}]
    assert s.view(-1).zones["hand"] == [{"count": 2}, {"count": 1}]


def test_the_owner_plays_its_own_unseen_cards_by_place_and_a_card_it_knows_by_name(position):
    s = position(GAME, {"hand": [["r1", "b2"], ["g3"]]}, to_move=1)
    s.apply_action("hint P0")  # P1 tells P0 its red card
    assert s.view(0).zones["hand"][0] == {"count": 2, "known": [{"card": "r1"}]}
    assert "known" not in str(s.view(1).zones["hand"][0])  # P1 sees the hand anyway
    plays = sorted(a.text for a in s.legal_actions() if a.name == "play")
    assert len(plays) == 2 and "play r1" in plays and "play b2" not in plays
    unseen = next(a for a in s.legal_actions() if a.name == "play" and a.text != "play r1")
    assert isinstance(unseen.values[0], Unseen) and unseen.text == "play hand(P0)#1"


def test_the_owner_keeps_knowing_its_card_after_burying_another(position):
    s = position(GAME, {"hand": [["r1", "b2"], ["g3"]]}, to_move=1)
    s.apply_action("hint P0")
    s.apply_action("bury hand(P0)#1")  # P0 buries b2 (unseen by P0): P0 holds its hand, r1 is still known
    assert s.view(0).zones["hand"][0] == {"count": 1, "known": [{"card": "r1"}]}
    assert s.view(1).zones["hand"][0] == ["r1"]
    assert s.view(1).zones["discard"] == {"count": 1, "known": [{"card": "b2"}]}


def test_determinize_and_samples_deal_the_owners_own_unknown_cards_again(position):
    s = position(GAME, {"hand": [["r1", "b2", "g2"], ["g3"]]}, to_move=1)
    s.apply_action("hint P0")  # P0 knows r1, not b2 nor g2
    own = set()
    rng = random.Random(3)
    for _ in range(40):
        d = s.determinize(0, rng)
        assert sorted(c for z in d.zones for c in z) == sorted(GAME.cards)
        hand = d.zone_cards("hand", 0)
        assert GAME.by_text["r1"][0] in hand and d.zone_cards("hand", 1) == s.zone_cards("hand", 1)
        own.update(T[c] for c in hand)
        sample = sample_information_set(s, 0, rng)
        assert GAME.by_text["r1"][0] in sample.zone_cards("hand", 0)
        assert sample.zone_cards("hand", 1) == s.zone_cards("hand", 1)
        other = s.determinize(1, rng)  # P1 sees P0's hand: it stays
        assert other.zone_cards("hand", 0) == s.zone_cards("hand", 0)
    assert len(own) > 5  # b2 and g2 were replaced by many other cards


def test_positions_and_saves_keep_the_owners_knowledge(position):
    s = position(GAME, {"hand": [["r1", "b2"], ["g3"]]}, known=[["r1"], []])
    assert s.view(0).zones["hand"][0] == {"count": 2, "known": [{"card": "r1"}]}
    again = load_state(GAME, save_state(s))
    assert again == s and again.view(0) == s.view(0)


def test_explain_says_who_sees_the_zone():
    from cardrules.authoring.explain import explain_text
    text = explain_text(RULES, "away.rules").text()
    assert "hand: one row per player — every player but its owner sees the cards" in text


def test_fmt_keeps_the_visibility():
    from cardrules.authoring.fmt import format_text
    out = format_text(RULES)
    assert "zone hand: per_player, others, row\n" in out and format_text(out) == out
    assert cardrules.load_source(out, "away.rules").zones == GAME.zones


# ---- a property over random playouts ---------------------------------------------------------------

def may_see(zone: str, owner: int | None, seat: int) -> bool:
    """Who sees what, as the declarations above say it (written out again, not read from the engine)."""
    return {"hand": seat >= 0 and seat != owner, "pile": seat == owner, "faceup": True}.get(zone, False)


class Witness:
    """What each seat has seen with its own eyes: cards in zones it may see, and cards revealed to it."""

    def __init__(self, state):
        self.state, self.seen = state, {seat: set() for seat in range(-1, state.n)}

    def look(self):
        s = self.state
        for seat in self.seen:
            for zone in ("hand", "pile", "faceup", "deck", "discard"):
                for owner in (range(s.n) if zone in ("hand", "pile") else [None]):
                    if may_see(zone, owner, seat):
                        self.seen[seat].update(s.zone_cards(zone, owner or 0))

    def check(self):
        s = self.state
        for seat in self.seen:
            zones = s.view(seat).zones
            for zone, entry in zones.items():
                for owner, shown in (enumerate(entry) if isinstance(entry, list) and zone in ("hand", "pile")
                                     else [(None, entry)]):
                    real = [T[c] for c in s.zone_cards(zone, owner or 0)]
                    if may_see(zone, owner, seat):
                        assert shown == real
                        continue
                    assert isinstance(shown, dict) and shown["count"] == len(real), (seat, zone, owner, shown)
                    for item in shown.get("known", []):
                        card = GAME.by_text[item["card"]][0]
                        assert card in self.seen[seat], f"seat {seat} is shown {item['card']}, never seen"
                        assert item["card"] in real, f"seat {seat} is told {item['card']} lies where it does not"
        mover = s.current_player()
        if mover >= 0:
            for action in s.legal_actions():
                for value in action.values:
                    if value.__class__ is Card:
                        assert cardrules.engine.knowledge.knows(s, mover, value), (action.text, mover)


@settings(deadline=None, max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 4), st.integers(0, 2 ** 32 - 1), st.integers(0, 2 ** 32 - 1))
def test_views_never_show_a_card_their_seat_may_not_see(n, seed, choices):
    s = GAME.new_initial_state(n, seed)
    rng = random.Random(choices)
    witness = Witness(s)
    for step in range(60):
        witness.look()
        witness.check()
        if s.is_terminal():
            break
        action, mover = rng.choice(s.legal_actions()), s.current_player()
        s.apply_action(action)
        if action.name == "hint":  # the hinted seat is shown the red cards of its hand
            told = int(action.values[0])
            witness.seen[told].update(c for c in s.zone_cards("hand", told) if T[c].startswith("r"))
        elif action.name == "peek":
            witness.seen[mover].add(action.actual[0])
        assert sorted(c for z in s.zones for c in z) == sorted(GAME.cards)
        if step % 9 == 0 and not s.is_terminal():
            _check_sample(s, rng)


def _check_sample(s, rng):
    """A sample for the seat to move is the same whatever the cards it cannot see (its own hand included)."""
    assert_sample_ignores_unseen(s, rng, compare_known=False)

if __name__ == "__main__":
    pytest.main([__file__])
