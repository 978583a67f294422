"""A seat worked out as a number is written `P1` inside `say` too, as the table writes it (#24 nit): the checker
finds the `say` parts that give seats (kinds.py) and the message makes their numbers seats."""

from __future__ import annotations

import cardrules

RULES = """\
game "Say seats"
players 2..3

attribute number: 1..9
cards: number -> deck

zone deck: stack, hidden
zone hand: per player, owner

var dealer = 0
var turns = 0, internal

def next_dealer = (dealer + 1) % num_players
def seats_after = [(dealer + k) % num_players for k in [1, 2]]

setup:
  deal 2 from deck to hand
  first player: dealer

turn:
  set turns = turns + 1
  choose "Pass the deal":
    deal_on:
      say next_dealer, "deals next"
      say "after", dealer, "come", seats_after
      say "the count is", turns, "and", turns * 2
      set dealer = next_dealer

end when turns == 3:
  win players
"""


def test_a_seat_worked_out_as_a_number_is_written_as_a_seat_in_say():
    assert [d for d in cardrules.check_source(RULES, "say.rules") if d.severity == "error"] == []
    game = cardrules.load_source(RULES, "say.rules")
    state = game.new_initial_state(3, seed=1)
    state.apply_action(state.legal_actions()[0])
    said = [str(e) for e in state.events]
    assert said[0] == "P1 deals next"
    assert said[1] == "after P0 come P1 and P2"
    assert said[2] == "the count is 1 and 2"  # numbers that are no seats stay numbers
