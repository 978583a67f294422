"""Seven7s's fixtures: the game, and positions built from hands, columns, fortunes and the deck."""

from __future__ import annotations

import pytest

from .cards import CODES


@pytest.fixture(scope="session")
def seven7s(load_game):
    return load_game("seven7s")


@pytest.fixture(scope="session")
def position(position, seven7s):
    """position(players=2, to_move=0, hands=(), columns=None, deck=None, fortunes=None, empty_deck=False, seed=0,
    known=None): a Seven7s state, the shared position fixture in the game's words (this one overrides it
    within the folder; the game has no options, so it is not named).

    A column is given from its first (bottom) card to its last, the columns in the order they were
    opened, and the deck from the bottom to the top card. Cards not listed stay in the deck (shuffled,
    under the listed deck cards), or, with `empty_deck`, are put out of the game in `removed`, where
    they play no part (8.4), so that the deck holds only the listed cards.
    """
    def build(players=2, to_move=0, hands=(), columns=None, deck=None, fortunes=None, empty_deck=False, seed=0,
              known=None):
        hands = [list(h) for h in hands] + [[] for _ in range(players - len(hands))]
        columns = columns or {}
        fortunes = [list(f) for f in (fortunes or [])] + [[] for _ in range(players - len(fortunes or []))]
        listed = [c for h in hands for c in h] + [c for col in columns.values() for c in col] + \
            [c for f in fortunes for c in f] + list(deck or [])
        assert len(listed) == len(set(listed)), "a card listed twice in the example"
        zones = {"hand": hands, "columns": columns, "fortunes": fortunes}
        if deck is not None:
            zones["deck"] = list(deck)
        if empty_deck:  # every card not listed is out of the game: the deck holds only the listed cards
            zones["removed"] = [c for c in CODES if c not in listed]
        return position(seven7s, zones, players=players, to_move=to_move, seed=seed, known=known)
    return build
