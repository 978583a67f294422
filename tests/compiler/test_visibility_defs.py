"""Whether a binder may offer cards its chooser cannot see, read through definitions with parameters,
comprehensions, `if` values and cards picked by place (compiler/visibility.py): a list surely seen by
the chooser, or holding no card, needs no naming by place at each decision (naming.Namer)."""

import random

import cardrules

RULES = """\
game "T"
players 2..3
attribute suit: red > blue
attribute rank: 1..5
cards: suit * rank -> stock
text: rank suit
zone stock: stack, hidden
zone hand: per_player, owner, row
zone heap: per suit, stack, public
zone vault: per suit, stack, hidden
def mine(p) = sorted(hand(p))
def low(p) = [c for c in hand(p) where c.rank < 3]
def tops = [top(heap(k)) for k in values(suit) where not empty(heap(k))]
def vault_tops = [top(vault(k)) for k in values(suit) where not empty(vault(k))]
def ranks_of(c) = [c.rank] + ([r for r in 1..5 where r != c.rank] if c.rank > 2 else [])
def echo(c) = [c]
def either(p) = hand(p) if count(hand(p)) > 2 else low(p)
setup:
  deal 3 from stock to hand
  move top(stock) to vault(red)
turn:
  choose:
    a(card in mine(me)):
      move card to heap(card.suit)
    b(card in low(me), r in ranks_of(card)):
      move card to heap(card.suit)
    c(card in tops):
      move card to hand(me)
    d(card in either(me)):
      move card to heap(card.suit)
    e(card in mine(left(me))):
      move card to hand(me)
    f(card in vault_tops):
      move card to hand(me)
    g(card in hand(me), x in echo(card)):
      move x to heap(x.suit)
    h(card in low(left(me))):
      move card to hand(me)
    otherwise draw:
      move top(stock) to hand(me)
end when empty(stock):
  win players
"""

SEEN = {"a": (False,), "b": (False, False), "c": (False,), "d": (False,)}
MAY_HIDE = {"e": (True,), "f": (True,), "g": (False, True), "h": (True,)}


def test_lists_read_through_definitions_are_judged_seen_or_not():
    game = cardrules.load_source(RULES, "t.rules")
    (decision,) = game.decisions.values()
    hides = {option.name: option.hides for option in decision.options if not option.fallback}
    assert hides == {**SEEN, **MAY_HIDE}


def test_a_list_judged_seen_never_offers_a_card_named_by_place():
    """What the judgement promises: the options judged seen offer only cards their chooser sees."""
    game = cardrules.load_source(RULES, "t.rules")
    for seed in range(20):
        s, rng = game.new_initial_state(2, seed), random.Random(seed)
        for _ in range(40):
            if s.is_terminal():
                break
            seen = set(s.zone_cards("hand", s.me)) | {c for k in ("red", "blue") for c in s.zone_cards(k)}
            for action in s.legal_actions():
                if action.name in SEEN:
                    cards = [v for v in action.values if isinstance(v, cardrules.values.Card)]
                    assert all(card in seen for card in cards), (action, seen)
            s.apply_action(rng.randrange(len(s.legal_actions())))
