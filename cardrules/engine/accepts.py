"""A declared option (OptionDoc) + a value, and a player count -> whether the rules accept them, and the words
saying what they accept: the one place `load`, positions, the CLI commands, `list` and `explain` ask."""

from __future__ import annotations

from typing import Any

from ..words import player_span
from .specs import OptionDoc


def shown(value: Any) -> str:
    """A value as a rules file writes it: true, false, 3, "text"."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return f'"{value}"' if isinstance(value, str) else str(value)


def either(words: list[str]) -> str:
    """["a", "b", "c"] -> "a, b or c"."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def accepted(doc: OptionDoc) -> str:
    """What an option accepts, in words: "a whole number from 1 to 10", '"slow", "normal" or "fast"'."""
    if doc.choices is not None:
        return either([shown(v) for v in doc.choices])
    if doc.bounds is not None:
        return f"a whole number from {doc.bounds[0]} to {doc.bounds[1]}"
    if isinstance(doc.default, bool):
        return "true or false"
    return "a whole number" if isinstance(doc.default, int) else "a text"


def player_counts(bounds: tuple[int, int]) -> str:
    """(4, 4) -> "4 players", (1, 1) -> "1 player", (3, 4) -> "3 or 4 players", (2, 5) -> "2 to 5 players"."""
    return player_span(*bounds)


def limits(doc: OptionDoc) -> str:
    """What an option declares it accepts, in a few words ("" when it declares nothing): for `list`, `explain`."""
    parts = []
    if doc.bounds is not None:
        parts.append(f"accepts {doc.bounds[0]} to {doc.bounds[1]}")
    elif doc.choices is not None:
        parts.append(f"accepts {accepted(doc)}")
    if doc.players is not None:
        parts.append(f"only with {player_counts(doc.players)}")
    return "; ".join(parts)


def value_refusal(name: str, doc: OptionDoc, value: Any) -> str | None:
    """Why the option refuses a value of its kind (outside its range or its list), or None."""
    if doc.choices is not None and value not in doc.choices:
        return f"option '{name}' accepts {accepted(doc)}, not {shown(value)}"
    if doc.bounds is not None and not doc.bounds[0] <= value <= doc.bounds[1]:
        return f"option '{name}' accepts {accepted(doc)}, not {shown(value)}"
    return None


def players_refusal(name: str, doc: OptionDoc, value: Any, players: int) -> str | None:
    """Why the option may not have this value with this many players (it keeps its default then), or None."""
    if doc.players is None or value == doc.default or doc.players[0] <= players <= doc.players[1]:
        return None
    counts = player_counts(doc.players)
    return f"option '{name}' is for {counts} only: a game of {players} keeps it {shown(doc.default)}"


def options_refusal(docs: dict[str, OptionDoc], values: dict[str, Any], players: int) -> str | None:
    """The first option of `values` (by declaration) that `players` players may not play with, or None."""
    for name, doc in docs.items():
        if name in values:
            why = players_refusal(name, doc, values[name], players)
            if why:
                return why
    return None
