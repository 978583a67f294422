"""`caption:` declarations -> the checker's diagnostics: words drawn beside a card, fixed by the card and the options.

A caption is worked out once per card when the game is built (compiler/captions.py), so it may read only the
card (`it`, its attribute names), the options and definitions of those: a caption read from the state could say
what a card's text does not, and change while a player looks at the card.
"""

from __future__ import annotations

from typing import Any

from . import nodes
from .builtins import constant_names
from .constants import pure_definitions, reads_only


def check_caption(checker: Any, decl: nodes.CaptionDecl, scope: Any) -> None:
    """`scope` is the checker's scope with `it` and the card's attribute names (as after `where`)."""
    before = len(checker.diags) + len(checker.unknowns)
    checker.expr(decl.value, scope)
    if len(checker.diags) + len(checker.unknowns) > before:
        return  # an unknown name is all there is to say
    sym = checker.sym
    fixed = set(sym.options) | set(sym.values) | set(sym.cards) | set(sym.attributes) | constant_names()
    if not reads_only(decl.value, set(), pure_definitions(sym.defs, sym.cases, fixed), fixed):
        checker.err("E430", "a card's caption is the same all game long, so it may read only the card (its "
                    "attributes, 'it'), the options and definitions of those (not the state, nor the number "
                    "of players)", decl.value.span)
