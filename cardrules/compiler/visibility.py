"""Binder lists and moved cards -> whether a player may be unable to see them: what the rules say
about visibility, read from the rules text before any game runs (the compiler uses it to decide
which choices must name unseen cards by place, and which moves must carry knowledge along)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.zones import visibility_of
from ..language import nodes
from ..language.builtins import FUNCTIONS, NAMES

if TYPE_CHECKING:
    from ..language.symbols import Symbols


def _visibility(decl: nodes.ZoneDecl) -> str:
    return visibility_of(decl.properties)


def shown_to_chooser(e: nodes.Expr, zones: dict[str, nodes.ZoneDecl]) -> bool:
    """True when a binder's list surely holds only cards the chooser (`me`) sees: a public zone,
    `me`'s own zone, or a filter, sort or join of those. False means: check when it is offered."""
    match e:
        case nodes.Name(name) if name in zones:
            decl = zones[name]
            return _visibility(decl) == "public" and "per_player" not in decl.properties
        case nodes.Call(name, (key,)) if name in zones:
            # `me`'s own zone counts as seen even when `hidden_when_out` turns it face down: those
            # are cards its owner held, and nobody else is asked about them.
            decl = zones[name]
            mine = "per_player" in decl.properties and isinstance(key, nodes.Name) and key.id == "me"
            if "hidden_when_out" in decl.properties and not mine:
                return False
            return _visibility(decl) == "public" or (mine and _visibility(decl) == "owner")
        case nodes.Where(source, _) | nodes.Call(_, (source,)) if (not isinstance(e, nodes.Call)
                                                                   or _flag(e, "same_elements")):
            return shown_to_chooser(source, zones)
        case nodes.BinOp("+", left, right):
            return shown_to_chooser(left, zones) and shown_to_chooser(right, zones)
    return False


def may_hide(e: nodes.Expr, sym: "Symbols") -> bool:
    """Whether a binder's list may hold a card its chooser cannot see (then it is checked as it is
    offered): not when it is surely made of seen cards or of no cards at all."""
    return not (shown_to_chooser(e, sym.zones) or _no_cards(e, sym, 0))


def _flag(call: nodes.Call, flag: str) -> bool:
    """A flag of the builtin function a call names (see builtins.Function)."""
    function = FUNCTIONS.get(call.func)
    return function is not None and getattr(function, flag)


def _no_cards(e: nodes.Expr, sym: "Symbols", depth: int) -> bool:
    """True when an expression surely holds no card: numbers, texts, attribute values, seats, and
    lists, filters and constant definitions of those (looked into a few levels deep)."""
    if depth > 8:
        return False
    match e:
        case nodes.Int() | nodes.Str() | nodes.Range():
            return True
        case nodes.Name(name):
            if (name in NAMES and NAMES[name].cardless) or name in sym.values:
                return True
            decl = sym.defs.get(name)
            return decl is not None and not decl.has_params and _no_cards(decl.body, sym, depth + 1)
        case nodes.ListLit(items) | nodes.TupleLit(items):
            return all(_no_cards(item, sym, depth + 1) for item in items)
        case nodes.Where(source, _):
            return _no_cards(source, sym, depth + 1)
        case nodes.Call() if _flag(e, "cardless"):
            return True
        case nodes.BinOp("+", left, right):
            return _no_cards(left, sym, depth + 1) and _no_cards(right, sym, depth + 1)
    return False


def seen_by_nobody(e: nodes.Expr, zones: dict[str, nodes.ZoneDecl]) -> bool:
    """True when moved cards surely come from a shared hidden zone (`top(deck)`, `deck`): nobody
    saw them there, so knowledge follows them only if someone knew them (knowledge.follow)."""
    match e:
        case nodes.Call(_, (inner,)) if _flag(e, "by_place"):
            return seen_by_nobody(inner, zones)
        case nodes.Name(name) if name in zones:
            decl = zones[name]
            return _visibility(decl) == "hidden" and "per_player" not in decl.properties and decl.family is None
    return False
