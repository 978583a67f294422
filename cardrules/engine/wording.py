"""Seats and counts -> English that agrees with them: `P0 and P2` for a list of seats, and the verb after it.

A rules file writes its sentences for one player (`say me, "draws a card"`). When a `say` names several
seats at once (`say side(winner), "who removes", card`), the seats are written as a subject (`P0 and
P2`) and the verb that follows them is put in the plural (`remove`): the verb is the first word of the
text after the seats, or the word after a leading `who` or `that`.
"""

from __future__ import annotations

from typing import Sequence

_IRREGULAR = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go"}
_RELATIVES = ("who", "that")
_ES = ("sses", "shes", "ches", "xes", "zzes", "oes")  # passes, fishes, catches, fixes, buzzes, vetoes


def plural(count: int, word: str) -> str:
    """`1 player`, `2 players`."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def listed(words: Sequence[str]) -> str:
    """`P0`, `P0 and P2`, `P0, P1 and P2` (nothing for no words)."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def plural_verb(verb: str) -> str:
    """A verb as written for one player -> for several: `removes` -> `remove`, `has` -> `have`. A word
    that does not look like a verb for one player (no final s) is kept."""
    lower = verb.lower()
    if lower in _IRREGULAR:
        return _IRREGULAR[lower]
    if lower.endswith(_ES):
        return verb[:-2]
    if lower.endswith("ies") and len(lower) > 4:
        return verb[:-3] + "y"
    if lower.endswith("s") and not lower.endswith(("ss", "us", "is")) and len(lower) > 2:
        return verb[:-1]
    return verb


def agree(text: str, count: int) -> str:
    """The text that follows a subject of `count` players, its verb agreeing (see the module's docstring)."""
    if count < 2:
        return text
    words = text.split(" ")
    at = 1 if len(words) > 1 and words[0].lower() in _RELATIVES else 0
    if at < len(words) and words[at]:
        words[at] = plural_verb(words[at])
    return " ".join(words)
