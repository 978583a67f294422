"""An option declaration with what it accepts (`in 1..10`, `in ["slow", "fast"]`, `for players 4`) + the game's
player counts -> located diagnostics: an empty range, values of another kind than the default, a default the
option itself refuses, player counts the game never has."""

from __future__ import annotations

from typing import Any

from ..diagnostics import Diagnostic, error
from ..engine.accepts import either, shown
from . import nodes
from .builtins import constant


def check_option(decl: nodes.OptionDecl, players: tuple[int, int] | None, path: str) -> list[Diagnostic]:
    """The problems of an option's `in ...` and `for players ...` (its default is checked by the caller)."""
    problems = _accepts(decl, path) if decl.accepts is not None else []
    if decl.players is not None:
        problems += _players(decl, players, path)
    return problems


def _accepts(decl: nodes.OptionDecl, path: str) -> list[Diagnostic]:
    default, accepts = literal_value(decl.default), decl.accepts
    if isinstance(default, bool):
        return [error("E215", f"option '{decl.name}' is true or false: it accepts those two values without "
                              "'in ...'", accepts.span, path)]
    match accepts:
        case nodes.OptionRange(low, high):
            if low > high:
                return [error("E215", f"the range {low}..{high} is empty: write the lower number first",
                              accepts.span, path)]
            if isinstance(default, str):
                return [error("E215", f"option '{decl.name}' is a text (its default is \"{default}\"): list the "
                                      "texts it accepts, like in [\"a\", \"b\"]", accepts.span, path)]
            if isinstance(default, int) and not low <= default <= high:
                return [_refused(decl, default, f"a whole number from {low} to {high}", path)]
        case nodes.OptionChoices(values):
            problems = [p for i, v in enumerate(values) if (p := _choice(decl, default, v, values[:i], path))]
            allowed = [literal_value(v) for v in values]
            if not problems and default is not None and default not in allowed:
                return [_refused(decl, default, f"only {either([shown(v) for v in allowed])}", path)]
            return problems
    return []


def _choice(decl: nodes.OptionDecl, default: Any, value: nodes.Expr, before: tuple[nodes.Expr, ...],
            path: str) -> Diagnostic | None:
    literal = literal_value(value)
    if literal is None or isinstance(literal, bool):
        written = value.id if isinstance(value, nodes.Name) else "this"
        return error("E215", f"the values an option accepts are numbers or quoted texts: write \"{written}\" in "
                             "quotes, or a number", value.span, path)
    if default is not None and type(literal) is not type(default):
        return error("E215", f"{shown(literal)} is {_kind(literal)}, but option '{decl.name}' is {_kind(default)} "
                             f"(its default is {shown(default)})", value.span, path)
    if literal in [literal_value(v) for v in before]:
        return error("E215", f"{shown(literal)} is listed twice", value.span, path)
    return None


def _refused(decl: nodes.OptionDecl, default: Any, allowed: str, path: str) -> Diagnostic:
    return error("E216", f"option '{decl.name}' does not accept its own default {shown(default)}: it accepts "
                         f"{allowed}", decl.default.span, path)


def _players(decl: nodes.OptionDecl, players: tuple[int, int] | None, path: str) -> list[Diagnostic]:
    low, high, span = decl.players.low, decl.players.high, decl.players.span
    if low > high:
        return [error("E217", f"player counts {low}..{high} are empty: write the lower number first", span, path)]
    if players is not None and (low < players[0] or high > players[1]):
        counts = f"{low}" if low == high else f"{low}..{high}"
        return [error("E217", f"'for players {counts}' names player counts the game never has (it is for "
                              f"{players[0]} to {players[1]} players)", span, path)]
    return []


def literal_value(e: nodes.Expr) -> Any:
    """A literal's value (a number, a text, true or false), or None: an option's default and accepted values."""
    match e:
        case nodes.Int(v) | nodes.Str(v):
            return v
    named = constant(e)
    return named.value if named is not None and isinstance(named.value, bool) else None


def _kind(value: Any) -> str:
    return "a text" if isinstance(value, str) else "a number"
