"""Crazy Eights's pack as the classic rules know it, for the tests' own reckoning."""

from __future__ import annotations

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = ["s", "h", "d", "c"]
ALL_CARDS = [r + s for r in RANKS for s in SUITS]
