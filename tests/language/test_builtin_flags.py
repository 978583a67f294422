"""What the visibility analysis concludes from the builtins' flags (cardless, same_elements, by_place).

These flags only spare work (a choice that may hide a card is checked as it is offered; knowledge
follows a card that someone may have seen), so no game's output shows them: this pins them."""

from __future__ import annotations

import pytest

import cardrules
from cardrules.compiler.visibility import may_hide, seen_by_nobody, shown_to_chooser
from cardrules.language import builtins, nodes
from cardrules.language.check import check
from cardrules.language.syntax import parse

RULES = """
game "Flags"
players 2..3
attribute kind: a > b
attribute rank: 1..4
cards: kind * rank -> deck
zone deck: stack, hidden
zone pile: stack, public
zone col: per kind, public
zone hand: per_player, owner
def choice(c) by c:
  a: "first"
  b: "second"
turn:
  pass
"""


@pytest.fixture(scope="module")
def sym():
    symbols, _ = check(parse(RULES, "flags.rules"))
    return symbols


def expr(text: str) -> nodes.Expr:
    return parse(f"def _e = {text}\n", "e.rules").declarations[0].body


@pytest.mark.parametrize("text", ["players", "active", "num_players", "[true, false, none]", "keys(col)",
                                  "values(kind)", "[left(me), right(me)]", "[count(deck)]", "[label(choice, a)]",
                                  "[words(me, 1)]", "[next_seat(me, players)]"])
def test_lists_of_no_card_hide_nothing(sym, text):
    assert not may_hide(expr(text), sym)


@pytest.mark.parametrize("text", ["hand(left(me))", "[top(deck)]", "[me]", "sides", "[highest(deck)]"])
def test_lists_that_may_hold_a_card_are_checked(sym, text):
    assert may_hide(expr(text), sym)


def test_sorting_keeps_what_the_chooser_sees(sym):
    assert shown_to_chooser(expr("sorted(pile, by: rank)"), sym.zones)
    assert shown_to_chooser(expr("sorted(hand(me))"), sym.zones)
    assert not shown_to_chooser(expr("sorted(deck)"), sym.zones)
    assert not shown_to_chooser(expr("concat([pile])"), sym.zones)


def test_top_and_bottom_of_a_hidden_zone_are_seen_by_nobody(sym):
    assert seen_by_nobody(expr("top(deck)"), sym.zones) and seen_by_nobody(expr("bottom(deck)"), sym.zones)
    assert not seen_by_nobody(expr("highest(deck)"), sym.zones)
    assert not seen_by_nobody(expr("top(pile)"), sym.zones)


def test_a_choice_among_cells_hides_nothing():
    """Cells, sizes and truths of a grid hold no card: a binder over them is offered as listed (no card to name
    by place), whatever the grid's visibility."""
    rules = cardrules.prepare("punto")
    assert not may_hide(expr("frontier(grid, 6) + cells(grid) + [cell(0, 0)]"), rules.symbols)
    assert not may_hide(expr("[q for q in neighbours(cell(0, 0)) where within(grid, q, 6)]"), rules.symbols)
    assert may_hide(expr("concat(lines(grid, cell(0, 0), by: color))"), rules.symbols)


def test_the_flags_are_the_records():
    flagged = {flag: {name for name, f in builtins.FUNCTIONS.items() if getattr(f, flag)}
               for flag in ("cardless", "same_elements", "by_place")}
    assert flagged == {"cardless": {"count", "left", "right", "label", "words", "next_seat", "keys", "values",
                                     "mover", "cell", "neighbours", "box", "cells", "frontier", "within"},
                       "same_elements": {"sorted"}, "by_place": {"top", "bottom"}}
    assert {name for name, n in builtins.NAMES.items() if n.cardless} == {
        "true", "false", "none", "players", "active", "num_players"}
    assert builtins.fixed_names() == {"true", "false", "none", "players", "num_players"}
