"""Values a rules file builds while playing are bounded: a list or a number that doubles every turn stops the
game with a message at its `set` line, instead of filling the memory (3 GB before anything stopped it)."""

import pytest

import cardrules
from cardrules.limits import MAX_HELD_LIST, MAX_NUMBER

GAME = """\
game "Doubling"
players 1..2
attribute n: 1..3
cards: n -> deck
zone deck: stack, public
var xs = [1]
var total = 1

turn:
  choose:
    grow:
      set GROWTH

end when false:
  pass
"""


@pytest.mark.parametrize("growth, words, limit", [
    ("xs = xs + xs", "'xs' would hold a list of", MAX_HELD_LIST),
    ("total = total * 1000", "'total' would hold a number beyond", MAX_NUMBER),
])
def test_a_value_that_doubles_each_turn_stops_at_its_line(growth, words, limit):
    game = cardrules.load_source(GAME.replace("GROWTH", growth), "doubling.rules")
    state = game.new_initial_state(1, seed=0)
    with pytest.raises(cardrules.RulesRuntimeError) as info:
        for _ in range(200):
            state.apply_action("grow")
    [diagnostic] = info.value.diagnostics
    assert words in diagnostic.message and diagnostic.span.line == 12
    assert state.decisions < 70  # stopped near the limit, long before 200 turns
    held = state.view(0).variables["xs" if "xs" in growth else "total"]  # views write values as text
    size = held.count(",") + 1 if held.startswith("[") else abs(int(held))
    assert 0 < size <= limit  # the last value it was allowed to take
