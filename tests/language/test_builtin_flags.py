"""What the visibility analysis concludes from the builtins' flags (cardless, same_elements, by_place,
from_argument).

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


@pytest.mark.parametrize("text", ["concat([pile, hand(me)])", "highest(hand(me))", "[lowest(g) for g in groups(pile, "
                                  "by: rank)]", "largest(runs(hand(me) + pile, by: rank))", "max(pile)",
                                  "[best(g, by: rank) for g in groups(hand(me), by: kind)]",
                                  "[top(pile), bottom(pile)]"])
def test_cards_picked_or_regrouped_from_seen_cards_are_seen(sym, text):
    assert shown_to_chooser(expr(text), sym.zones, sym.defs)


@pytest.mark.parametrize("text", ["concat([pile, hand(left(me))])", "highest(deck)", "[lowest(g) for g in groups("
                                  "deck, by: rank)]", "[top(pile), top(deck)]", "max(pile, top(deck))",
                                  "[hand(left(me)) for g in groups(pile, by: rank)]"])
def test_a_card_from_anything_unseen_is_checked(sym, text):
    assert not shown_to_chooser(expr(text), sym.zones, sym.defs)


DEFS = RULES.replace("turn:\n  pass\n", """def kinds(cards) = [lowest(g) for g in groups(cards, by: rank)]
def firsts(cards, p) = [top(cards), top(hand(p))]
turn:
  simultaneously for p in players:
    choose:
      mine(c in kinds(hand(p)), d in kinds(hand(p) where it != c)):
        pass
      theirs(c in kinds(hand(left(p)))):
        pass
      again(p in players, c in kinds(hand(p))):
        pass
""")


def test_a_definition_of_seen_cards_given_seen_cards_is_seen():
    """A parameter given a list the chooser sees stands for seen cards in the definition's body (Sushi Go's
    `kinds(hand(p))`); one given anything else does not."""
    symbols, _ = check(parse(DEFS, "defs.rules"))
    assert not may_hide(expr("kinds(hand(me))"), symbols)
    assert not may_hide(expr("kinds(pile where rank > 2)"), symbols)
    assert may_hide(expr("kinds(hand(left(me)))"), symbols)
    assert not may_hide(expr("firsts(pile, me)"), symbols)
    assert may_hide(expr("firsts(pile, left(me))"), symbols) and may_hide(expr("firsts(deck, me)"), symbols)


def test_the_chooser_of_a_simultaneous_choice_sees_its_own_hand():
    """In `simultaneously for p`, `p` is the chooser: its own hand's cards are offered as they are (no names by
    place), on the engine and in the playout alike, until a binder takes the name `p` for itself."""
    from cardrules.compiler.visibility import binders_hide

    symbols, _ = check(parse(DEFS, "defs.rules"))
    choose = next(st for d in parse(DEFS, "defs.rules").declarations if isinstance(d, nodes.ProcedureDecl)
                  for st in nodes.statements(d.body) if isinstance(st, nodes.Choose))
    assert [binders_hide(o.binders, symbols, "p") for o in choose.options] == [
        (False, False), (True,), (False, True)]
    assert [binders_hide(o.binders, symbols) for o in choose.options] == [(True, True), (True,), (False, True)]
    game = cardrules.load_source(DEFS, "defs.rules")
    (decision,) = game.decisions.values()
    assert [o.hides for o in decision.options] == [(False, False), (True,), (False, True)]
    listings = [line.strip() for line in game.playout.source.splitlines() if line.strip().startswith("for b")]
    assert ["BY_PLACE" in line for line in listings] == [False, False, True, False, True]


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
               for flag in ("cardless", "same_elements", "by_place", "from_argument")}
    assert flagged == {"cardless": {"count", "left", "right", "label", "words", "next_seat", "keys", "values",
                                     "mover", "cell", "neighbours", "box", "cells", "frontier", "within"},
                       "same_elements": {"sorted"}, "by_place": {"top", "bottom"},
                       "from_argument": {"highest", "lowest", "largest", "best", "groups", "runs", "concat", "min",
                                         "max", "random"}}
    assert {name for name, n in builtins.NAMES.items() if n.cardless} == {
        "true", "false", "none", "players", "active", "num_players"}
    assert builtins.fixed_names() == {"true", "false", "none", "players", "num_players"}
