"""`active` (builtins.active_seats) is kept in the state's memo keyed by reads, stamped with who-is-out's
version: the same list while nobody goes out, a new one as soon as someone does, and a clone's eliminations
never change what its parent is told."""

from __future__ import annotations

import cardrules
from cardrules.language.builtins import active_seats
from cardrules.values import SEATS

RULES = """\
game "Who is left"
players 2..4
attribute rank: 1..9
cards: rank -> deck
zone deck: stack, hidden
zone hand: per_player, owner
def left = count(active)

setup:
  deal 2 from deck to hand

turn:
  choose:
    stay:
      pass
    leave:
      eliminate me

end when count(active) == 1:
  win active
"""


def action(state, name: str):
    return next(a for a in state.legal_actions() if a.name == name)


def test_active_is_kept_until_someone_goes_out():
    game = cardrules.load_source(RULES)
    state = game.new_initial_state(4, 0)
    first = active_seats(state)
    assert first == list(SEATS[:4]) and active_seats(state) is first
    state.apply_action(action(state, "stay"))
    assert active_seats(state) is first
    state.apply_action(action(state, "leave"))  # seat 1 goes out
    after = active_seats(state)
    assert after == [SEATS[0], SEATS[2], SEATS[3]] and after is not first and first == list(SEATS[:4])
    assert game.call(state, "left") == 3


def test_a_clones_eliminations_stay_its_own():
    game = cardrules.load_source(RULES)
    state = game.new_initial_state(3, 1)
    before = active_seats(state)
    copy = state.clone()
    copy.apply_action(action(copy, "leave"))
    assert active_seats(copy) == [SEATS[1], SEATS[2]]
    assert active_seats(state) == [SEATS[0], SEATS[1], SEATS[2]] == before
    assert game.call(state, "left") == 3 and game.call(copy, "left") == 2
    copy.apply_action(action(copy, "leave"))
    assert copy.terminal and copy.winners == [2] and not state.terminal
