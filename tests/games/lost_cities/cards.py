"""Lost Cities's cards as the rules document writes them (docs/games/lost-cities.md, 2.1-2.2), for the tests'
own reckoning."""

from __future__ import annotations

COLOURS = ("yellow", "blue", "white", "green", "red")
LETTER = {"yellow": "y", "blue": "b", "white": "w", "green": "g", "red": "r"}
COLOUR_OF = {letter: colour for colour, letter in LETTER.items()}

# 2.1: per colour the numbers 2-10 and three investment cards, written as 2.2 says (an investment card is 'yW').
CARDS = [f"{LETTER[c]}{n}" for c in COLOURS for n in range(2, 11)] + \
    [f"{LETTER[c]}W" for c in COLOURS for _ in range(3)]
EXPEDITIONS = tuple(f"{c}_expedition" for c in COLOURS)


def colour(text: str) -> str:
    return COLOUR_OF[text[0].lower()]


def number(text: str) -> int | None:
    """A number card's number; None for an investment card."""
    return None if text[1:].upper() == "W" else int(text[1:])
