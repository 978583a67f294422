"""A count and a noun -> the two in agreement ("1 game", "2 games", "1 copy", "3 copies"): the one helper
every message of the tool uses to count something, so that none says "1 games" or "game(s)"."""

from __future__ import annotations

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
