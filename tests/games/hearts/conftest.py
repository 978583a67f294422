"""Hearts's fixtures: the game, and positions built from hands, the trick on the table, won piles and scores."""

from __future__ import annotations

import pytest

from cardrules.engine.positions import load_position


@pytest.fixture(scope="session")
def hearts(load_game):
    return load_game("hearts")


@pytest.fixture(scope="session")
def deal(hearts):
    """deal(hands, to_move=0, trick=(), won=None, hand=1, passed=True, broken=False, tricks=0, scores=(0, 0, 0, 0),
    seed=0): a Hearts state at the start of `to_move`'s turn, in the game's words.

    `hands`: one list of cards per seat (fewer cards than 13 is fine: the cards nobody holds lie out of play
    in the deck). `trick`: (seat, card) pairs in the order played; the led suit is the first card's.
    `won`: seat -> the cards of the tricks that seat took in this hand. `tricks`: how many tricks of the hand
    are over (0: the first trick is being played)."""
    def build(hands, to_move=0, trick=(), won=None, hand=1, passed=True, broken=False, tricks=0,
              scores=(0, 0, 0, 0), seed=0):
        hands = [list(h) for h in hands] + [[] for _ in range(4 - len(hands))]
        won = won or {}
        zones = {"hand": hands, "trick": [card for _, card in trick],
                 "tricks": [list(won.get(p, [])) for p in range(4)]}
        variables = {"hand_number": hand, "passed": passed, "broken": broken, "tricks_played": tricks,
                     "leader": trick[0][0] if trick else to_move, "score": list(scores)}
        data = {"players": 4, "to_move": to_move, "zones": zones, "variables": variables, "seed": seed}
        if trick:
            data["movers"] = {card: seat for seat, card in trick}
        return load_position(hearts, data)
    return build
