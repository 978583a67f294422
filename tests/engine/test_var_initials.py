"""A variable's initial value may call a definition (`var lives = start_lives`): it was compiled before the
definitions and stopped the compiler with a KeyError traceback. And a `reset on move` variable's initial value
that reads another variable reset by the same move sees the new value, not one kept from before the move (the
memo keyed by reads: docs/performance.md)."""

from __future__ import annotations

import cardrules

RULES = """\
game "Initials"
players 2
attribute number: 1..3
cards: number -> pile
card X9 "Nine": number 3 -> pile
text: number
zone pile: stack, public
zone hand: per_player, public
var turns = start
var a per card = 1, reset on move
var b per card = marks, reset on move
def start = 10 if extra else 0
def marks = sum([a(c) for c in [X9]])
def b_of_nine = b(X9)
option extra "start the count at ten" = false
setup:
  set a(X9) = 5
turn:
  set turns = turns + 1
  choose "Take a card":
    take(card in pile):
      say "marks", marks
      move card to hand(me)
end when turns % 10 == 4:
  win players
"""


def test_an_initial_value_may_call_a_definition():
    diagnostics = [d for d in cardrules.check_source(RULES, "initials.rules") if d.severity == "error"]
    assert diagnostics == []
    for extra, start in ((False, 0), (True, 10)):
        game = cardrules.load_source(RULES, "initials.rules", options={"extra": extra})
        state = game.new_initial_state(2, 0)
        assert state.vars[game.var_slot(game.vars[0], 2, 0, 0)] == start + 1  # the first turn has begun


def test_a_reset_value_reads_what_the_same_move_reset_before_it():
    game = cardrules.load_source(RULES, "initials.rules")
    state = game.new_initial_state(2, 0)
    assert game.call(state, "marks") == 5  # kept in the state before the move
    state.apply_action(next(a for a in state.legal_actions() if a.text == "take X9"))
    assert game.call(state, "marks") == 1  # a(X9) went back to 1 when X9 moved ...
    assert game.call(state, "b_of_nine") == 1  # ... and b(X9)'s initial value saw it (it was 5)
