"""A rules expression that fails while a game runs: R300 points at the innermost sub-expression that failed
(line, column, end) and names the values of its operands; a failure of the blame itself keeps the statement's
place; and a game that does not fail never asks for blame (its digests are tests/simulation/test_golden_games)."""

from __future__ import annotations

import random
import re

import pytest

import cardrules
from cardrules.authoring.validate import validate
from cardrules.compiler import blame

# `[none, 1][0]` and `[total, hand(me)][0]` are lists of mixed kinds: check cannot tell their element's kind,
# so the failures below get past it to the engine.
RULES = """game "Blame"
players 2..2
attribute number: 1..9
cards: number -> deck
zone deck: stack, hidden
zone hand: per_player, owner
var total = 0
setup:
  shuffle deck
  deal 3 from deck to hand
turn:
  STMT
  choose:
    play(card in hand(me)):
      move card to deck
end when empty(hand(me)):
  win me
"""
LINE = 12


def failure(stmt: str) -> cardrules.Diagnostic:
    text = RULES.replace("STMT", stmt)
    assert [d for d in cardrules.check_source(text, "blame.rules") if d.severity == "error"] == []
    with pytest.raises(cardrules.RulesRuntimeError) as info:
        cardrules.load_source(text, "blame.rules").new_initial_state(2, seed=1)
    diagnostic = info.value.diagnostics[0]
    assert diagnostic.code == "R300"
    return diagnostic


def place(stmt: str, part: str, line: int = LINE) -> tuple[int, int, int]:
    """(line, column, end column) of `part` as written in the statement."""
    indent = 2 if line == LINE else 0  # the first line goes after the turn's indent; the others carry their own
    column = indent + stmt.split("\n")[line - LINE].index(part) + 1
    return line, column, column + len(part)


def test_an_index_outside_the_list_points_at_the_index_and_names_it():
    stmt = "set total = 1 + [1, 2][total + 5] * 2"
    d = failure(stmt)
    assert (d.span.line, d.span.column, d.span.end_column) == place(stmt, "[1, 2][total + 5]")
    assert d.message == "this step failed: an index is outside the list: total + 5 is 5"


def test_none_plus_a_number_names_the_none():
    stmt = "set total = total * 2 + ([none, 1][0] + 1)"
    d = failure(stmt)
    assert (d.span.line, d.span.column, d.span.end_column) == place(stmt, "[none, 1][0] + 1")
    assert d.message == "this step failed: '+' cannot work on none and a number: [none, 1][0] is none"


def test_top_of_an_empty_deck_plus_one_names_the_none():  # the example of docs/language.md
    stmt = "move deck to hand(me)\n  set total = 1 + (top(deck).number + 1)"
    d = failure(stmt)
    assert (d.span.line, d.span.column, d.span.end_column) == place(stmt, "top(deck).number + 1", LINE + 1)
    assert d.message == "this step failed: '+' cannot work on none and a number: top(deck).number is none"


def test_count_of_a_number_names_the_number():
    stmt = "set total = 1 + count([total, hand(me)][0])"
    d = failure(stmt)
    assert (d.span.line, d.span.column, d.span.end_column) == place(stmt, "count([total, hand(me)][0])")
    assert d.message.startswith("this step failed: a number has no length")
    assert d.message.endswith(": [total, hand(me)][0] is 0")


def test_a_loop_name_is_read_from_the_failing_step():
    stmt = "for c in hand(me):\n    set total = total + [1][c.number]"
    d = failure(stmt)
    assert (d.span.line, d.span.column) == (LINE + 1, len("    set total = total + ") + 1)
    assert re.fullmatch(r"this step failed: an index is outside the list: c\.number is [1-9]", d.message)


def test_a_condition_is_blamed_inside_the_if():
    stmt = "if total == 0 and [none, 1][0] + 1 > 2:\n    pass"
    d = failure(stmt)
    assert (d.span.line, d.span.column, d.span.end_column) == place(stmt, "[none, 1][0] + 1")


def test_a_comprehension_is_blamed_as_a_whole():
    # its condition sees `c`, bound inside: blamed as one part, never re-read without its binding
    stmt = "set total = count([c for c in hand(me) where c.number + [none, 1][0] > 1])"
    d = failure(stmt)
    assert (d.span.line, d.span.column, d.span.end_column) == place(
        stmt, "[c for c in hand(me) where c.number + [none, 1][0] > 1]")
    assert re.fullmatch(r"this step failed: '\+' cannot work on a number and none: hand\(me\) is \[\d, \d, \d\]",
                        d.message), d.message


def test_a_failure_of_the_instruction_itself_keeps_the_statement():
    d = failure("win [hand(left(me)), me][0]")  # every part evaluates: the `win` refuses a list
    assert (d.span.line, d.span.column) == (LINE, 3) and d.message.startswith("'win' needs players")


def test_trouble_while_blaming_keeps_todays_message(monkeypatch):
    def broken(self, s, pc, exc):
        raise KeyError("a blame bug")
    monkeypatch.setattr(blame.Blamer, "_blame", broken)
    d = failure("set total = 1 + [1, 2][total + 5] * 2")
    assert (d.span.line, d.span.column) == (LINE, 3)
    assert d.message == "this step failed: an index is outside the list"


def test_a_game_that_goes_well_never_asks_for_blame(monkeypatch):
    def never(self, s, pc, exc):
        raise AssertionError("blamed without a failure")
    monkeypatch.setattr(blame.Blamer, "__call__", never)
    game = cardrules.load_source(RULES.replace("STMT", "set total = total + 1"), "blame.rules")
    rng = random.Random(3)
    for seed in range(5):
        state = game.new_initial_state(2, seed=seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))


def test_validate_reports_the_same_place():
    stmt = "set total = 1 + [1, 2][total + 5] * 2"
    report = validate(RULES.replace("STMT", stmt), "blame.rules", playouts=3)
    diagnostic = report.failures[0].diagnostics[0]
    assert report.failed and diagnostic.code == "R300"
    assert (diagnostic.span.line, diagnostic.span.column, diagnostic.span.end_column) == place(
        stmt, "[1, 2][total + 5]")
    assert "total + 5 is 5" in diagnostic.message
