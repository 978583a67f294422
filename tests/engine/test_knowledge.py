"""`columns` zone families, `keys`/`values`, and known cards: `reveal`, `knows`, cards that stay
known when seen going face down, views, determinize, samples, positions, saves, and moves that
name unseen cards by their place."""

import random

import pytest

import cardrules
from cardrules.bots.beliefs import sample_information_set
from cardrules.engine.saves import load_state, save_state
from cardrules.values import Unseen

HEAD = """\
game "T"
players 2..3
attribute kind: a > b > c
attribute rank: 1..4
cards: kind * rank -> deck
order: kind, rank
text: kind rank
zone deck: stack, hidden
zone col: per kind, columns, public
zone hand: per_player, owner, row
zone side: per_player, owner
zone faceup: stack, public
var log = []
"""

TURN = """\
setup:
  deal 3 from deck to hand
turn:
  choose:
    play(card in hand(me)):
      move card to col(card.kind)
    take(t in keys(col)):
      move top(col(t)) to hand(me)
    peek(x in concat([hand(p) for p in players where p != me]) where not knows(me, it)):
      reveal x to me
    top only if not empty(deck):
      move top(deck) to side(me)
    back(x in side(me)):
      move x to deck
    show_up only if not empty(faceup):
      move top(faceup) to deck
    stir:
      shuffle deck
end when empty(deck):
  win players
"""


def game(body: str = TURN):
    return cardrules.load_source(HEAD + body, "t.rules")


def card(g, text):
    return g.by_text[text][0]


# ---- columns and keys ------------------------------------------------------------------------

def test_columns_exist_while_they_hold_cards_in_the_order_they_were_opened(position):
    g = game(TURN + "def opened = keys(col)\n")

    def opened(state):
        return [k.name for k in g.call(state, "opened")]
    s = position(g, zones={"hand": [["b1", "a1", "c2"], ["c1", "a2", "b2"]]})
    assert opened(s) == [] and s.view(0).zones["col"] == {}
    for move in ("play c2", "play a2", "play a1"):
        s.apply_action(move)
    assert opened(s) == ["c", "a"]
    assert s.view(1).zones["col"] == {"c": ["c2"], "a": ["a2", "a1"]}
    assert list(s.view(1).zones["col"]) == ["c", "a"]
    s.apply_action("take c")  # P1 empties column c: it disappears
    assert opened(s) == ["a"]
    s.apply_action("play b1")
    s.apply_action("play c2")  # reopened: now the newest
    assert opened(s) == ["a", "b", "c"]


def test_keys_of_an_ordinary_family_and_values_of_attributes():
    g = game(TURN + "zone pile: per kind, public\ndef ks = keys(pile)\ndef vs = values(kind)\n"
             "def ns = values(rank)\nshow \"piles\": count(pile(a))\n")
    s = g.new_initial_state(2)
    assert [k.name for k in g.call(s, "ks")] == ["a", "b", "c"]
    assert [k.name for k in g.call(s, "vs")] == ["a", "b", "c"]
    assert g.call(s, "ns") == [1, 2, 3, 4]


def test_position_files_give_columns_in_opening_order_by_key_or_nested(position):
    g = game(TURN + "def _k = keys(col)\n")
    flat = position(g, zones={"c": ["c1"], "a": ["a3", "a1"]})
    nested = position(g, zones={"col": {"c": ["c1"], "a": ["a3", "a1"]}})
    for s in (flat, nested):
        assert [k.name for k in g.call(s, "_k")] == ["c", "a"]
        assert s.view(0).zones["col"] == {"c": ["c1"], "a": ["a3", "a1"]}
    assert flat == nested


# ---- reveal, knows and views -------------------------------------------------------------------

def test_a_revealed_card_is_in_that_players_view_only_and_named_by_place_before(position):
    g = game()
    s = position(g, zones={"hand": [["a1"], ["b1", "b2", "b3"]]})
    peeks = [a for a in s.legal_actions() if a.name == "peek"]
    assert [a.text for a in peeks] == ["peek hand(P1)#1", "peek hand(P1)#2", "peek hand(P1)#3"]
    assert all(isinstance(a.values[0], Unseen) for a in peeks)
    assert all(s.move_view(a).cards == () for a in peeks)
    for word in ("b1", "b2", "b3"):
        assert all(word not in a.text for a in s.legal_actions())
    s.apply_action("peek hand(P1)#2")
    known = s.view(0).zones["hand"][1]
    assert known["count"] == 3 and len(known["known"]) == 1
    seen = known["known"][0]["card"]
    assert seen in ("b1", "b2", "b3")
    assert "known" not in str(s.view(1)) and "known" not in str(s.view(-1))
    s.apply_action("play b1")  # P1's turn: playing is public; P0's next choice
    rest = [a.text for a in s.legal_actions() if a.name == "peek"]
    assert len(rest) == (2 if seen == "b1" else 1)  # knows() leaves out the card P0 knows


def test_unseen_names_do_not_follow_the_order_of_the_zone(position):
    """The same hidden cards in two different hand orders: the names map to cards by a secret
    order, so the first name is not always the first card drawn."""
    g = game()
    firsts = set()
    for seed in range(12):
        s = position(g, seed=seed, zones={"hand": [["a1"], ["b1", "b2", "b3"]]})
        s.apply_action("peek hand(P1)#1")
        firsts.add(s.view(0).zones["hand"][1]["known"][0]["card"])
    assert len(firsts) > 1


def test_knowledge_is_forgotten_when_the_card_leaves_its_zone_or_the_zone_is_shuffled(position):
    g = game()
    s = position(g, zones={"hand": [["a1", "a2"], ["b1"]]})
    s.apply_action("top")  # P0 puts the deck's top card aside, then back on the deck
    s.apply_action("play b1")
    top = s.zone_cards("side", 0)[0]
    s.apply_action(f"back {g.card_texts[top]}")
    assert s.view(0).zones["deck"]["known"] == [{"card": g.card_texts[top], "from_top": 0}]
    assert "known" not in s.view(1).zones["deck"]
    s.apply_action("stir")  # P1 shuffles: P0 no longer knows where it is
    assert "known" not in s.view(0).zones["deck"]


def test_a_card_seen_going_face_down_stays_known_to_everyone_who_saw_it(position):
    g = game()
    s = position(g, zones={"hand": [["a1"], ["b1"]], "faceup": ["c4"]})
    s.apply_action("show_up")
    for seat in (0, 1):
        assert s.view(seat).zones["deck"]["known"] == [{"card": "c4", "from_top": 0}]
    s.apply_action("top")  # P1 takes it aside from the top, where P0 knew it: P0 follows it there
    assert "known" not in s.view(0).zones["deck"]
    assert s.view(0).zones["side"][1] == {"count": 1, "known": [{"card": "c4", "from_top": 0}]}


def test_a_public_card_taken_into_a_hand_stays_known_to_the_others(position):
    g = game()
    s = position(g, zones={"hand": [["a1", "a2"], ["b1"]], "a": ["a3"]})
    s.apply_action("take a")
    assert s.view(1).zones["hand"][0] == {"count": 3, "known": [{"card": "a3"}]}
    s.apply_action("play b1")
    s.apply_action("play a3")  # it leaves the hand face up: nothing left to know
    assert s.view(1).zones["hand"][0] == {"count": 2}


def test_knows_reads_sight_and_knowledge(position):
    g = game(TURN + "def k(p, x) = knows(p, x)\n")
    s = position(g, zones={"hand": [["a1"], ["b1", "b2"]]})
    a1, b1, b2 = card(g, "a1"), card(g, "b1"), card(g, "b2")
    assert g.call(s, "k", 0, a1) and not g.call(s, "k", 1, a1) and not g.call(s, "k", 0, b1)
    s.apply_action("peek hand(P1)#1")
    peeked = b1 if s.known.get(b1) else b2
    assert g.call(s, "k", 0, peeked) and g.call(s, "k", 1, peeked)
    assert not g.call(s, "k", 0, b1 if peeked == b2 else b2)


# ---- bots: determinize and samples ------------------------------------------------------------

def test_determinize_and_samples_keep_known_cards_and_never_read_unseen_ones(position):
    g = game()
    s = position(g, zones={"hand": [["a1"], ["b1", "b2", "b3"]]})
    s.apply_action("peek hand(P1)#1")
    known = next(c for c in s.zone_cards("hand", 1) if s.known.get(c))
    rng = random.Random(5)
    for _ in range(30):
        d = s.determinize(0, rng)
        assert known in d.zone_cards("hand", 1)
        assert sorted(c for z in d.zones for c in z) == sorted(g.cards)
        sample = sample_information_set(s, 0, rng)
        assert known in sample.zone_cards("hand", 1)
        assert sample.zone_cards("hand", 0) == s.zone_cards("hand", 0)
    other = s.clone()  # the unseen cards of P1's hand swapped with deck cards: same samples
    hand, deck = other.zone_cards("hand", 1), other.zone_cards("deck")
    for i, c in enumerate(hand):
        if c != known:
            j = deck.index(next(x for x in deck))
            hand[i], deck[j] = deck[j], hand[i]
            deck.append(deck.pop(j))
    a = sample_information_set(s, 0, random.Random(9))
    b = sample_information_set(other, 0, random.Random(9))
    assert a.zones == b.zones


def test_a_move_over_an_unseen_card_means_the_same_in_every_sample(position):
    g = game()
    s = position(g, zones={"hand": [["a1"], ["b1", "b2", "b3"]]})
    chosen = next(a for a in s.legal_actions() if a.text == "peek hand(P1)#2")
    sample = sample_information_set(s, 0, random.Random(1))
    assert chosen in sample.legal_actions()
    sample.apply_action(chosen)  # the sample's own card at that place is revealed, not the real one
    assert sum(1 for c in sample.zone_cards("hand", 1) if sample.known.get(c)) == 1
    s.apply_action(chosen)
    assert sum(1 for c in s.zone_cards("hand", 1) if s.known.get(c)) == 1


# ---- positions and saves ----------------------------------------------------------------------

def test_positions_list_known_cards_per_seat_and_saves_keep_knowledge_and_order(position):
    g = game()
    s = position(g, zones={"hand": [["a1"], ["b1", "b2"]], "c": ["c1"], "b": ["b4"]}, known=[["b2"], []])
    assert s.view(0).zones["hand"][1]["known"] == [{"card": "b2"}]
    again = load_state(g, save_state(s))
    assert again == s and again.known == s.known and again.opened == s.opened
    assert list(again.view(0).zones["col"]) == ["c", "b"]
    with pytest.raises(cardrules.RulesError, match="known"):
        position(g, known=[["zz9"], []])
    with pytest.raises(cardrules.RulesError, match="one list of cards per seat"):
        position(g, known=["b2"])


def test_a_bad_reveal_stops_with_a_message(position):
    g = game(TURN.replace("      reveal x to me", "      reveal x to 7"))
    s = position(g, zones={"hand": [["a1"], ["b1"]]})
    with pytest.raises(cardrules.RulesRuntimeError, match="seats from 0 to 1"):
        s.apply_action("peek hand(P1)#1")
