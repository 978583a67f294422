"""`set v = VALUE` with a value fixed once the options are chosen (`false`, `0`, `none`, an option) stores
it without working it out at each turn (procedures._fixed_value): the variable holds the same value, a
definition that reads it is worked out again (the memo keyed by reads), and a value read from a binder is
worked out each time."""

from __future__ import annotations

import cardrules

RULES = """\
game "Fixed"
players 2
attribute number: 1..3
cards: number -> pile
text: number
zone pile: stack, public
zone hand: per_player, public
option start_high "start high" = false
var flag = true
var count = 5
var last = none
var high = true
def doubled = count * 2
def shown = flag
turn:
  choose "Take a card":
    take(card in pile):
      move card to hand(me)
      set flag = false
      set count = 0
      set high = start_high
    keep(n in [7]):
      set count = n
      set last = none
end when count == 7:
  win me
"""


def _vars(state) -> dict:
    return {spec.name: state.vars[state.game.var_slot(spec, state.n, 0)] for spec in state.game.vars}


def test_a_fixed_value_is_stored_and_read_again():
    game = cardrules.load_source(RULES, "fixed.rules")
    state = game.new_initial_state(2, seed=1)
    assert game.call(state, "doubled") == 10 and game.call(state, "shown") is True
    take = next(a for a in state.legal_actions() if a.name == "take")
    state.apply_action(take)
    values = _vars(state)
    assert values["flag"] is False and values["count"] == 0 and values["high"] is False
    assert game.call(state, "doubled") == 0 and game.call(state, "shown") is False  # not the kept 10, True
    assert not state.is_terminal()


def test_an_option_is_fixed_with_the_value_chosen():
    game = cardrules.load_source(RULES, "fixed.rules", options={"start_high": True})
    state = game.new_initial_state(2, seed=1)
    state.apply_action(next(a for a in state.legal_actions() if a.name == "take"))
    assert _vars(state)["high"] is True


def test_a_binder_is_not_fixed():
    game = cardrules.load_source(RULES, "fixed.rules")
    state = game.new_initial_state(2, seed=1)
    state.apply_action(next(a for a in state.legal_actions() if a.name == "keep"))
    assert _vars(state)["count"] == 7 and state.is_terminal()
