"""`text:` declarations -> the checker's diagnostics: each name is an attribute, or a definition of one card
whose value the rules fix (a derived attribute, written after the card's attributes)."""

from __future__ import annotations

from typing import Any

from . import nodes
from .builtins import constant_names
from .constants import pure_definitions, reads_only


def derived_in_text(decl: nodes.TextDecl, defs: dict[str, nodes.DefDecl], attributes: dict) -> list[str]:
    """The names of `text:` that are definitions, not attributes (an attribute's name comes first)."""
    return [name for name in decl.attributes if name in defs and name not in attributes]


def check_text(checker: Any, decl: nodes.TextDecl) -> None:
    sym = checker.sym
    derived = derived_in_text(decl, sym.defs, sym.attributes)
    for name in decl.attributes:
        if name not in derived:
            checker.need_attribute(name, decl.span)
    fixed = set(sym.options) | set(sym.values) | set(sym.cards) | set(sym.attributes) | constant_names()
    pure = pure_definitions(sym.defs, sym.cases, fixed)
    for name in derived:
        checker.used.add(name)
        d = sym.defs[name]
        if len(d.params) != 1:
            checker.err("E228", f"'{name}' in 'text:' must be a definition of one card, as in "
                        f"'def {name}(card) = ...', and it takes {len(d.params) or 'no'} parameters", d.span)
        elif not reads_only(d.body, set(d.params), pure, fixed):
            checker.err("E229", f"a card's text is the same all game long, so '{name}' may read only the card, "
                        "the options and definitions of those (not the state, nor the number of players)",
                        d.body.span)
