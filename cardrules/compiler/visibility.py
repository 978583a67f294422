"""Binder lists and moved cards -> whether a player may be unable to see them: what the rules say
about visibility, read from the rules text before any game runs (the compiler uses it to decide
which choices must name unseen cards by place, and which moves must carry knowledge along)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ..engine.zones import visibility_of
from ..language import nodes
from ..language.builtins import FUNCTIONS, NAMES

if TYPE_CHECKING:
    from ..language.symbols import Symbols


def _visibility(decl: nodes.ZoneDecl) -> str:
    return visibility_of(decl.properties)


# What a name bound in a definition's body or a comprehension stands for, from the call's argument (see `_bound`)
# or the list walked: `me`, a value holding no card, a value whose every card the chooser sees, or anything else.
_ME, _CARDLESS, _SHOWN, _UNKNOWN = "me", "cardless", "shown", "unknown"
_DEPTH = 8  # definitions looked into, one inside another


def shown_to_chooser(e: nodes.Expr, zones: dict[str, nodes.ZoneDecl], defs: dict[str, nodes.DefDecl] | None = None,
                     env: dict[str, str] | None = None, depth: int = 0) -> bool:
    """True when a binder's list surely holds only cards the chooser (`me`) sees, at any depth: a public
    zone, `me`'s own zone, or a filter, sort, join or list of those, a card or part picked from one
    (`top`, `highest`, `groups`: builtins flagged `from_argument`), a comprehension of those (its name
    walking such a list stands for seen cards too), or a definition whose body is one of those with its
    parameters bound to the call's arguments (`choices(me)`, `kinds(hand(me))`). `env`: the names a
    definition's body or a comprehension binds (_bound). False means: check when it is offered."""
    env = env or {}
    if depth > _DEPTH:
        return False

    def shown(x: nodes.Expr, inner: dict[str, str] = env) -> bool:
        return shown_to_chooser(x, zones, defs, inner, depth + 1)
    match e:
        case nodes.Name(name) if name in env:
            return env[name] == _SHOWN
        case nodes.Name(name) if name in zones:
            decl = zones[name]
            return _visibility(decl) == "public" and "per_player" not in decl.properties
        case nodes.Name(name) if defs and name in defs and not defs[name].has_params:
            return shown(defs[name].body, {})
        case nodes.Call(name, (key,)) if name in zones and name not in env:
            # `me`'s own zone counts as seen even when `hidden_when_out` turns it face down: those
            # are cards its owner held, and nobody else is asked about them.
            decl = zones[name]
            mine = "per_player" in decl.properties and _is_me(key, env)
            if "hidden_when_out" in decl.properties and not mine:
                return False
            return _visibility(decl) == "public" or (mine and _visibility(decl) == "owner")
        case nodes.Call(name, args) if defs and name in defs and defs[name].has_params and name not in env:
            decl = defs[name]
            return len(args) == len(decl.params) and shown(decl.body, _bound(decl, args, env, None, shown))
        case nodes.Where(source, _) | nodes.Call(_, (source,)) if (not isinstance(e, nodes.Call)
                                                                   or _flag(e, "same_elements", "by_place",
                                                                            "from_argument")):
            return shown(source)  # (a card or part of a list: seen if all its cards are)
        case nodes.ListLit(items) | nodes.TupleLit(items):
            return all(shown(item) for item in items)
        case nodes.BinOp("+", left, right):
            return shown(left) and shown(right)
        case nodes.IfExpr(_, then, otherwise):
            return shown(then) and shown(otherwise)
        case nodes.Comprehension(nodes.Name(element), var, source, _) if element == var:
            return shown(source)
        case nodes.Comprehension(element, var, source, _):
            return shown(element, {**env, var: _SHOWN if shown(source) else _UNKNOWN})
    return False


def _is_me(key: nodes.Expr, env: dict[str, str]) -> bool:
    """Whether a zone's key is surely the chooser: `me`, or a parameter `me` was given for."""
    return isinstance(key, nodes.Name) and (env.get(key.id) == _ME if key.id in env else key.id == "me")


def _bound(decl: nodes.DefDecl, args: tuple, env: dict[str, str], sym: "Symbols | None",
           shown: "Callable[[nodes.Expr], bool] | None" = None) -> dict[str, str]:
    """What a definition's parameters stand for in its body, from the call's arguments (read in the
    caller's `env`): `me`, no card (asked only with `sym`, for _no_cards), cards the chooser sees (asked
    only with `shown`, for shown_to_chooser), or anything else. The body sees its parameters only: the
    caller's names are not its own."""
    out = {}
    for param, arg in zip(decl.params, args):
        if _is_me(arg, env):
            out[param] = _ME
        elif sym is not None and _no_cards(arg, sym, _DEPTH, env):
            out[param] = _CARDLESS
        elif shown is not None and shown(arg):
            out[param] = _SHOWN
        else:
            out[param] = _UNKNOWN
    return out


def may_hide(e: nodes.Expr, sym: "Symbols", chooser: str | None = None) -> bool:
    """Whether a binder's list may hold a card its chooser cannot see (then it is checked as it is
    offered): not when it is surely made of seen cards or of no cards at all. `chooser`: the name that is
    the chooser besides `me` (the `p` of `simultaneously for p`, where `me` is `p` too), wherever no
    comprehension of the list binds the name again."""
    env = {chooser: _ME} if chooser else None
    return not (shown_to_chooser(e, sym.zones, sym.defs, env) or _no_cards(e, sym, 0, env))


def binders_hide(binders: tuple[nodes.Binder, ...], sym: "Symbols", chooser: str | None = None) -> tuple[bool, ...]:
    """`may_hide` for each of an option's binders, in order: `chooser` (the `p` of `simultaneously for p`)
    stands for the chooser in the lists of the binders until one of them takes the name for itself."""
    hides = []
    for binder in binders:
        hides.append(may_hide(binder.source, sym, chooser))
        if binder.var == chooser:
            chooser = None
    return tuple(hides)


def _flag(call: nodes.Call, *flags: str) -> bool:
    """Whether the builtin function a call names has one of these flags (see builtins.Function)."""
    function = FUNCTIONS.get(call.func)
    return function is not None and any(getattr(function, flag) for flag in flags)


def _no_cards(e: nodes.Expr, sym: "Symbols", depth: int, env: dict[str, str] | None = None) -> bool:
    """True when an expression surely holds no card: numbers, texts, attribute values (a card's too),
    seats, and lists, filters, joins, choices and comprehensions of those, and definitions of those
    (with parameters: their body with what the call's arguments are, `_bound`), looked into a few
    levels deep."""
    env = env or {}
    if depth > _DEPTH:
        return False

    def none_in(x: nodes.Expr, inner: dict[str, str] = env) -> bool:
        return _no_cards(x, sym, depth + 1, inner)
    match e:
        case nodes.Int() | nodes.Str() | nodes.Range() | nodes.Attr():
            return True
        case nodes.Name(name) if name in env:
            return env[name] in (_CARDLESS, _ME)
        case nodes.Name(name):
            if (name in NAMES and NAMES[name].cardless) or name in sym.values:
                return True
            decl = sym.defs.get(name)
            return decl is not None and not decl.has_params and none_in(decl.body, {})
        case nodes.ListLit(items) | nodes.TupleLit(items):
            return all(none_in(item) for item in items)
        case nodes.Where(source, _):
            return none_in(source)
        case nodes.Call() if _flag(e, "cardless"):
            return True
        case nodes.Call(name, args) if name in sym.defs and sym.defs[name].has_params and name not in env:
            decl = sym.defs[name]
            return len(args) == len(decl.params) and none_in(decl.body, _bound(decl, args, env, sym))
        case nodes.BinOp("+", left, right):
            return none_in(left) and none_in(right)
        case nodes.IfExpr(_, then, otherwise):
            return none_in(then) and none_in(otherwise)
        case nodes.Comprehension(element, var, source, _):
            return none_in(element, {**env, var: _CARDLESS if none_in(source) else _UNKNOWN})
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
