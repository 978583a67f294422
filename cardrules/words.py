"""A count and a noun, or seats and a verb -> words in agreement ("1 game", "3 copies", "P0 and P2 remove"): the
one place every message of the tool counts something, so that none says "1 games", "game(s)" or "P0 remove".

A rules file writes its sentences for one player (`say me, "draws a card"`). When a `say` names several
seats at once (`say side(winner), "who removes", card`), the seats are written as a subject (`P0 and
P2`) and the verb that follows them is put in the plural (`remove`): the verb is the first word of the
text after the seats, or the word after a leading `who` or `that`.
"""

from __future__ import annotations

from typing import Sequence

# Plurals the spelling rules below do not make.
IRREGULAR = {"person": "people", "child": "children"}


def plural_of(word: str) -> str:
    """The plural of a noun (of the last word of a phrase: "legal move" -> "legal moves")."""
    head, _, last = word.rpartition(" ")
    if last in IRREGULAR:
        many = IRREGULAR[last]
    elif last.endswith(("s", "x", "z", "ch", "sh")):
        many = last + "es"
    elif last.endswith("y") and len(last) > 1 and last[-2] not in "aeiou":
        many = last[:-1] + "ies"
    else:
        many = last + "s"
    return f"{head} {many}" if head else many


def noun(count: int, word: str, many: str | None = None) -> str:
    """The noun that agrees with `count`: noun(1, "game") -> "game", noun(0, "game") -> "games"."""
    return word if count == 1 else (many or plural_of(word))


def plural(count: int, word: str, many: str | None = None) -> str:
    """The count and its noun: plural(1, "game") -> "1 game", plural(3, "copy") -> "3 copies"."""
    return f"{count} {noun(count, word, many)}"


def player_span(low: int, high: int) -> str:
    """A range of player counts: "1 player", "4 players", "3 or 4 players", "2 to 5 players"."""
    if low == high:
        return plural(low, "player")
    return f"{low} {'or' if high == low + 1 else 'to'} {high} players"

_IRREGULAR = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go"}
_RELATIVES = ("who", "that")
_ES = ("sses", "shes", "ches", "xes", "zzes", "oes")  # passes, fishes, catches, fixes, buzzes, vetoes



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
