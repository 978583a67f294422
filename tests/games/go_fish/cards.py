"""Go Fish's pack as the rules document (section 2) gives it, for the tests' own reckoning."""

from __future__ import annotations

RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]  # ace high, as the file lists them
SUITS = ["s", "h", "d", "c"]
ALL_CARDS = [r + s for r in RANKS for s in SUITS]
RANK_NAMES = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "10": "ten", "9": "nine", "8": "eight",
              "7": "seven", "6": "six", "5": "five", "4": "four", "3": "three", "2": "two"}


def rank(card: str) -> str:
    return card[:-1].upper()


def book(r: str) -> list[str]:
    return [r + s for s in SUITS]
