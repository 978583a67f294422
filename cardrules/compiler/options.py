"""A rules file's option declarations + the values a user gave -> the option values a game is compiled with."""

from __future__ import annotations

from typing import Any

from ..diagnostics import RulesError, Span, error
from ..engine.specs import OptionDoc
from ..language import nodes
from ..language.builtins import constant
from ..language.symbols import Symbols


def option_values(sym: Symbols, given: dict[str, Any], path: str, sources: dict[str, str]) -> dict[str, Any]:
    """Defaults overridden by `given`; an unknown option or a value of the wrong kind is a RulesError."""
    values: dict[str, Any] = {}
    problems = []
    for name, decl in sym.options.items():
        values[name] = literal_default(decl.default)
    for name, raw in given.items():
        if name not in sym.options:
            known = ", ".join(sorted(sym.options)) or "none"
            problems.append(error("E310", f"unknown option '{name}' (options of this game: {known})", Span(1, 1),
                                  path))
            continue
        value = coerce(raw, values[name])
        if value is None:
            problems.append(error("E311", f"option '{name}' needs a value like {values[name]!r}, not {raw!r}",
                                  sym.options[name].span, path))
        else:
            values[name] = value
    if problems:
        raise RulesError(problems, sources)
    return values


def option_docs(sym: Symbols) -> dict[str, OptionDoc]:
    """The declared options as the players read them (`Game.option_docs`): name -> default and description."""
    return {name: OptionDoc(literal_default(decl.default), decl.doc or "") for name, decl in sym.options.items()}


def literal_default(e: nodes.Expr) -> Any:
    """An option's default: a number, a text, or `true`/`false` (the checker allows nothing else)."""
    match e:
        case nodes.Int(v) | nodes.Str(v):
            return v
    named = constant(e)
    return named.value if named is not None and isinstance(named.value, bool) else None


def coerce(raw: Any, default: Any) -> Any:
    if isinstance(default, bool):
        if isinstance(raw, bool):
            return raw
        return {"true": True, "on": True, "yes": True, "1": True, "false": False, "off": False, "no": False,
                "0": False}.get(str(raw).lower())
    if isinstance(default, int):
        try:
            return int(raw)
        except (TypeError, ValueError):
            return None
    return str(raw)
