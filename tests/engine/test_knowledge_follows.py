"""Knowledge follows cards (#21): a card a player knows stays known as it moves publicly for them (out
of a zone they see, out of their own zone, or out of a stack where they knew it), and is forgotten when
it moves where they cannot follow it (out of another's row they do not see, into a zone they do not
see: then every card they knew in that row), or when its zone is shuffled. Moves over unseen cards
keep naming a known card of an opponent's hand by place (ruling 6.7.5/6.7.6 of Seven7s)."""

import cardrules
from cardrules.values import Unseen

RULES = """\
game "Follow"
players 3..3
attribute color: r > b > g
attribute rank: 1..6
cards: color * rank -> deck
order: color, rank
text: color rank
zone deck: stack, hidden
zone faceup: public
zone hand: per_player, owner, row
zone pile: per_player, owner
zone discard: row, hidden

turn:
  choose:
    restock only if not empty(faceup):
      move top(faceup) to deck
    draw only if not empty(deck):
      move top(deck) to hand(me)
    keep only if not empty(deck):
      move top(deck) to pile(me)
    deal_one only if not empty(deck):
      deal 1 from deck to hand(me)
    bury(card in hand(me)):
      move card to discard
    play(card in hand(me)):
      move card to faceup
    pick(x in concat([hand(p) for p in players where p != me])):
      reveal x to me
    stir:
      shuffle deck
    wait:
      pass
end when empty(deck):
  win players
"""
GAME = cardrules.load_source(RULES, "follow.rules")


def start(position, **zones):
    base = {"hand": [["r1", "r2"], ["b1", "b2"], ["g1", "g2"]], "faceup": ["r3"]}
    return position(GAME, {**base, **zones})


def known(state, seat, zone, owner=None):
    shown = state.view(seat).zones[zone]
    shown = shown if owner is None else shown[owner]
    return [entry["card"] for entry in shown.get("known", [])] if isinstance(shown, dict) else None


def test_a_card_everyone_saw_put_on_the_deck_stays_known_in_the_hand_that_draws_it(position):
    s = start(position)
    s.apply_action("restock")  # P0 puts the face-up r3 on top of the deck: everyone saw it
    assert all(known(s, seat, "deck") == ["r3"] for seat in range(3))
    s.apply_action("draw")  # P1 draws it
    assert known(s, 0, "hand", 1) == ["r3"] and known(s, 2, "hand", 1) == ["r3"]
    assert "r3" in s.view(1).zones["hand"][1]  # its owner sees it
    assert known(s, 0, "deck") == [] and "r3" not in str(s.view(0).zones["deck"])


def test_a_deal_from_the_known_top_and_a_move_into_a_stack_keep_it_too(position):
    s = start(position)
    s.apply_action("restock")
    s.apply_action("deal_one")  # P1 is dealt r3
    assert known(s, 2, "hand", 1) == ["r3"]
    s = start(position)
    s.apply_action("restock")
    s.apply_action("keep")  # P1 puts r3 on its own face-down pile: a stack, its depth is watched
    assert s.view(0).zones["pile"][1]["known"] == [{"card": "r3", "from_top": 0}]


def test_a_card_leaving_a_hand_unseen_is_forgotten_with_every_card_known_in_that_hand(position):
    s = start(position)
    s.apply_action("restock")
    s.apply_action("draw")  # P1 holds r3, known to all
    s.apply_action("pick hand(P0)#1")  # P2 looks at a card of P0's hand
    s.apply_action("wait")
    assert known(s, 0, "hand", 1) == ["r3"]
    s.apply_action("bury b1")  # P1 buries another card face down: nobody can tell which one went
    for seat in (0, 2):
        assert known(s, seat, "hand", 1) == [] and known(s, seat, "discard") == []
    assert len(known(s, 2, "hand", 0)) == 1  # P2's knowledge of P0's hand is untouched


def test_the_owner_follows_its_own_card_and_a_public_play_is_seen(position):
    s = start(position)
    s.apply_action("restock")
    s.apply_action("draw")
    s.apply_action("wait")
    s.apply_action("wait")
    s.apply_action("play r3")  # face up: everyone sees it, nothing left to know
    assert all(known(s, seat, "hand", 1) in ([], None) for seat in range(3))
    assert s.view(0).zones["faceup"] == ["r3"]


def test_a_shuffle_forgets(position):
    s = start(position)
    s.apply_action("restock")
    s.apply_action("stir")
    assert all(known(s, seat, "deck") == [] for seat in range(3))


def test_a_known_card_of_an_opponents_hand_is_still_named_by_place(position):
    s = start(position)
    s.apply_action("restock")
    s.apply_action("draw")  # P1 holds b1 b2 r3; P2 knows r3 there
    picks = [a for a in s.legal_actions() if a.name == "pick"]
    assert len(picks) == 2 + 3  # P0's two cards and all three of P1's, r3 included
    assert all(isinstance(a.values[0], Unseen) for a in picks)
    assert not any("r3" in a.text for a in s.legal_actions())
    assert sorted(a.text for a in picks if "P1" in a.text) == [f"pick hand(P1)#{i}" for i in (1, 2, 3)]


def test_the_drawn_order_does_not_tell_where_the_known_card_is(position):
    """Over many secret orders, the known card r3 (drawn last) takes every name of P1's hand."""
    names = set()
    for seed in range(40):
        s = position(GAME, {"hand": [["r1"], ["b1", "b2"], ["g1"]], "faceup": ["r3"]}, seed=seed)
        s.apply_action("restock")
        s.apply_action("draw")
        pick = next(a for a in s.legal_actions() if a.name == "pick" and GAME.card_texts[a.actual[0]] == "r3")
        names.add(pick.text)
    assert names == {f"pick hand(P1)#{i}" for i in (1, 2, 3)}


def test_knowledge_that_follows_a_card_survives_a_save(position):
    from cardrules.engine.saves import load_state, save_state
    s = start(position)
    s.apply_action("restock")
    s.apply_action("draw")
    again = load_state(GAME, save_state(s))
    assert again == s and known(again, 0, "hand", 1) == ["r3"]


def test_samples_keep_a_card_where_knowledge_followed_it(position):
    import random

    from cardrules.bots.beliefs import sample_information_set
    s = start(position)
    s.apply_action("restock")
    s.apply_action("draw")  # P2 to move; it knows P1 holds r3
    r3 = GAME.by_text["r3"][0]
    rng = random.Random(4)
    for _ in range(20):
        assert r3 in sample_information_set(s, 2, rng).zone_cards("hand", 1)
        assert r3 in s.determinize(0, rng).zone_cards("hand", 1)
