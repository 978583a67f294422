"""Checks of what is kept per card: `var NAME per card` (its keys, `reset on move`) and `reset NAME`."""

from __future__ import annotations

from typing import Any

from . import nodes
from .builtins import Checking
from .suggest import suggest

CARD_KEY = "card"  # `var clue per card`: a value for each card, read as clue(card)


def check_var(c: Any, decl: nodes.VarDecl) -> None:
    """A variable's keys: ranked attributes (`need_key`) and at most one `card`; `reset on move` needs it."""
    cards = decl.keys.count(CARD_KEY)
    for key in decl.keys:
        if key not in c.sym.attributes and key != CARD_KEY:  # say what else a variable may be kept per
            c.err("E220", f"a variable is kept per player, per card or per the values of a ranked attribute, "
                  f"and '{key}' is none of them{suggest(key, [*c.sym.attributes, CARD_KEY, 'player'])}", decl.span)
        elif key != CARD_KEY:
            c.need_key(key, decl.span)
    if cards > 1:
        c.err("E330", f"'{decl.name}' is kept per card once: write 'per card' a single time", decl.span)
    if decl.reset_on_move and not cards:
        c.err("E331", f"'reset on move' clears the values of a card that moves, but '{decl.name}' is not kept "
              f"per card: declare it as in 'var {decl.name} per card = ...'", decl.span)


def check_reset(c: Checking, stmt: nodes.Reset) -> None:
    """`reset NAME` names a variable (any: per card, per player, keyed or single)."""
    if stmt.name in c.sym.vars:
        c.used.add(stmt.name)
        return
    c.err("E332", f"'reset' puts a variable back to its initial value, and '{stmt.name}' is not a variable "
          f"declared with 'var'{suggest(stmt.name, c.sym.vars)}", stmt.span)
