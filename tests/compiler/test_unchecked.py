"""The compiler trusts the checker; given rules the checker refused, it says which check was skipped."""

from __future__ import annotations

import pytest

import cardrules
from cardrules.compiler import compile_game

STOP_OUTSIDE_A_LOOP = """game "T"
players 2
attribute number: 1..5
cards: number -> deck
zone deck: stack, hidden
zone hand: per_player, owner
turn:
  stop
  win me
"""


def test_stop_outside_a_loop_is_refused_by_the_checker_and_named_by_the_compiler():
    rules = cardrules.prepare_source(STOP_OUTSIDE_A_LOOP, "t.rules")
    assert [d.code for d in rules.errors] == ["E250"]
    with pytest.raises(AssertionError, match=r"'stop' outside 'repeat' or 'while' at line 8"):
        compile_game(rules.rules, rules.symbols, {}, rules.sources, rules.name)
