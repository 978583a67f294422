"""Lost Cities's fixtures: the game, and positions built from hands, expeditions, discard piles and the deck."""

from __future__ import annotations

from collections import Counter

import pytest

from .cards import CARDS, COLOURS, colour


@pytest.fixture(scope="session")
def lost_cities(load_game):
    return load_game("lost-cities")


@pytest.fixture(scope="session")
def position(position, lost_cities):
    """position(hands=(), expeditions=(), piles=None, deck=None, round=1, totals=(0, 0), opener=0, to_move=0,
    seed=0): a Lost Cities state at the start of `to_move`'s turn, the shared position fixture in the game's
    words (this one overrides it within the folder).

    hands: one list of cards per seat. expeditions: one dict colour -> cards (first laid first) per seat.
    piles: colour -> cards, bottom to top. deck: None -> every unlisted card is in the deck (shuffled);
    an int k -> the deck holds k unlisted cards and every other unlisted card lies at the bottom of its
    colour's discard pile, under the listed ones (where only the top card plays a part).
    round, totals, opener: the round being played, the match totals of the earlier rounds, who started it.
    """
    def build(hands=(), expeditions=(), piles=None, deck=None, round=1, totals=(0, 0), opener=0, to_move=0,
              seed=0):
        hands = [list(h) for h in hands] + [[] for _ in range(2 - len(hands))]
        expeditions = [dict(e) for e in expeditions] + [{} for _ in range(2 - len(expeditions))]
        piles = {k: list(v) for k, v in (piles or {}).items()}
        listed = Counter(c for h in hands for c in h) + Counter(c for e in expeditions for v in e.values() for c in v)
        listed += Counter(c for v in piles.values() for c in v)
        free = list((Counter(CARDS) - listed).elements())
        assert sum(listed.values()) + len(free) == len(CARDS), "a card listed more often than the game has it"
        zones = {"hand": hands, "discards": {k: piles.get(k, []) for k in COLOURS}}
        for k in COLOURS:
            zones[f"{k}_expedition"] = [e.get(k, []) for e in expeditions]
        if deck is not None:
            zones["deck"], rest = free[:deck], free[deck:]
            for card in rest:
                zones["discards"][colour(card)].insert(0, card)
        variables = {"round": round, "total": list(totals), "opener": opener}
        return position(lost_cities, zones, players=2, to_move=to_move, seed=seed, variables=variables)
    return build
