"""Red7's cards as the rules document writes them, for the tests' own reckoning (never the engine's)."""

from __future__ import annotations

COLORS = "roygbiv"  # red .. violet, colour index 0..6 (2.2)
RULE_LETTER = {"red": "r", "orange": "o", "yellow": "y", "green": "g", "blue": "b", "indigo": "i",
               "violet": "v"}
ALL_CARDS = [f"{c}{n}" for c in COLORS for n in range(1, 8)]


def strength(text: str) -> int:
    """2.3: number x 7 + (6 - colour index); a higher card has a larger value."""
    return int(text[1]) * 7 + (6 - COLORS.index(text[0]))


def number(text: str) -> int:
    return int(text[1])
