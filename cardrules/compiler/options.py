"""A rules file's option declarations + the values a user gave -> the option values a game is compiled with."""

from __future__ import annotations

from typing import Any

from ..diagnostics import RulesError, Span, error
from ..engine.accepts import accepted, players_refusal, value_refusal
from ..engine.specs import OptionDoc
from ..language import nodes
from ..language.option_check import literal_value
from ..language.symbols import Symbols


def option_values(sym: Symbols, given: dict[str, Any], path: str, sources: dict[str, str]) -> dict[str, Any]:
    """Defaults overridden by `given`; an unknown option or a value it does not accept is a RulesError."""
    docs = option_docs(sym)
    values = {name: doc.default for name, doc in docs.items()}
    problems = []
    for name, raw in given.items():
        if name not in docs:
            known = ", ".join(sorted(docs)) or "none"
            problems.append(error("E310", f"unknown option '{name}' (options of this game: {known})", Span(1, 1),
                                  path))
            continue
        value, why = typed_value(name, docs[name], raw)
        if why is not None:
            problems.append(error("E311", why, sym.options[name].span, path))
        else:
            values[name] = value
    if problems:
        raise RulesError(problems, sources)
    return values


def option_refusals(sym: Symbols, given: dict[str, Any], players: int | None = None) -> list[str]:
    """Why the values given for declared options are refused, the player count too when given ([]: all
    accepted). Options the rules do not declare are left to the caller."""
    docs = option_docs(sym)
    problems = []
    for name, raw in given.items():
        if name in docs:
            value, why = typed_value(name, docs[name], raw)
            if why is None and players is not None:
                why = players_refusal(name, docs[name], value, players)
            if why is not None:
                problems.append(why)
    return problems


def typed_value(name: str, doc: OptionDoc, raw: Any) -> tuple[Any, str | None]:
    """A value given for an option -> (the value in the option's kind, None), or (None, why it is refused)."""
    value = coerce(raw, doc.default)
    if value is None:
        return None, f"option '{name}' accepts {accepted(doc)}, not {raw!r}"
    why = value_refusal(name, doc, value)
    return (None, why) if why else (value, None)


def option_docs(sym: Symbols) -> dict[str, OptionDoc]:
    """The declared options as the players read them (`Game.option_docs`): default, description, and what
    they accept."""
    return {name: option_doc(decl) for name, decl in sym.options.items()}


def option_doc(decl: nodes.OptionDecl) -> OptionDoc:
    bounds = choices = None
    match decl.accepts:
        case nodes.OptionRange(low, high):
            bounds = (low, high)
        case nodes.OptionChoices(values):
            choices = tuple(literal_value(v) for v in values)
    players = (decl.players.low, decl.players.high) if decl.players is not None else None
    return OptionDoc(literal_value(decl.default), decl.doc or "", bounds, choices, players)


def coerce(raw: Any, default: Any) -> Any:
    """A value given (a text from the command line, or a value) in the kind of the default; None if it has none."""
    if isinstance(default, bool):
        if isinstance(raw, bool):
            return raw
        return {"true": True, "on": True, "yes": True, "1": True, "false": False, "off": False, "no": False,
                "0": False}.get(str(raw).lower())
    if isinstance(raw, bool):  # `-o rounds` without a value: a switch, not a number or a text
        return None
    if isinstance(default, int):
        try:
            return int(raw)
        except (TypeError, ValueError):
            return None
    return str(raw)
