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


def test_a_deal_gives_the_cards_from_the_top_one_at_a_time_round_by_round():
    # Dealt in one slice when no card has knowledge to follow, one by one when one has (the revealed
    # card): the same cards go to the same places either way.
    plain = RULES.replace("  deal 3 from deck to table\n", "").replace("  deal 1 from deck to hand(me)\n", "")
    revealing = plain.replace("setup:\n", "setup:\n  reveal [top(deck)] to [1]\n")
    for text in (plain, revealing):
        state = cardrules.load_source(text, "t.rules").new_initial_state(3)
        assert [[int(c) for c in state.zone_cards("hand", p)] for p in range(3)] == [[11, 8], [10, 7], [9, 6]]
        assert [int(c) for c in state.zone_cards("deck")] == list(range(6))
    assert state.known == {state.zone_cards("hand", 0)[0]: 2}  # P1 still knows the card it saw dealt to P0
