"""`cards: A * B copies N where COND -> zone` -> the checker's diagnostics for COND: the condition picks
combinations of the line's own attributes before any game exists, so it reads only them, attribute values
and fixed values, combined with comparisons, `in`, ranges, `and`/`or`/`not` and arithmetic."""

from __future__ import annotations

from typing import Any

from . import nodes
from .builtins import NAMES, constant
from .suggest import suggest

_ALLOWED = (nodes.Int, nodes.Str, nodes.Name, nodes.Compare, nodes.BoolOp, nodes.Not, nodes.ListLit,
            nodes.Range, nodes.BinOp, nodes.Neg, nodes.IfExpr)
_SAYS = ("a 'cards:' condition is worked out before the game exists, so it may use only this line's attributes, "
         "attribute values, numbers, texts, comparisons, 'in', ranges, lists, 'and', 'or', 'not' and arithmetic")


def check_deck_filter(c: Any, decl: nodes.CardsDecl) -> None:
    """Each part of the condition is one the compiler can work out for a combination of values (E375); each
    name is one of the line's attributes, an attribute value or a constant (E376)."""
    if decl.condition is None:
        return
    for node in nodes.walk(decl.condition):
        if not isinstance(node, _ALLOWED):
            c.err("E375", _SAYS, node.span)
            return
        if isinstance(node, nodes.Name):
            _check_name(c, decl, node)


def _check_name(c: Any, decl: nodes.CardsDecl, name: nodes.Name) -> None:
    if name.id in decl.attributes or name.id in c.sym.values or constant(name) is not None:
        return
    line = " * ".join(decl.attributes)
    if name.id in c.sym.attributes:
        c.err("E376", f"'{name.id}' is not an attribute of this line's cards ({line}): add it to the product or "
              "leave it out of the condition", name.span)
    elif name.id in NAMES or name.id in set(c.sym.all_names()):  # players, a zone, a variable, a definition...
        c.err("E375", _SAYS, name.span)
    else:
        c.err("E376", f"'{name.id}' is not an attribute of this line's cards ({line}) nor an attribute value"
              f"{suggest(name.id, [*decl.attributes, *c.sym.values])}", name.span)
