"""`deal N from ZONE to ZONE`: to every player's zone of a per-player family, or to one zone, shared or not."""

import cardrules

RULES = """\
game "T"
players 2..3
attribute rank: 1..12
cards: rank -> deck
zone deck: stack, hidden
zone table: stack, public
zone hand: per_player, owner
setup:
  deal 3 from deck to table
  deal 2 from deck to hand
  deal 1 from deck to hand(me)
turn:
  choose:
    go:
      win me
"""


def test_deal_to_a_shared_zone_deals_that_many_cards_there():
    # It used to treat every bare zone name as a per-player zone: "an index is outside the list".
    game = cardrules.load_source(RULES, "t.rules")
    for n in (2, 3):
        state = game.new_initial_state(n)
        assert [int(c) for c in state.zone_cards("table")] == [11, 10, 9]
        hands = [state.zone_cards("hand", p) for p in range(n)]
        assert [len(h) for h in hands] == [3] + [2] * (n - 1)
        assert len(state.zone_cards("deck")) == 12 - 3 - 2 * n - 1
