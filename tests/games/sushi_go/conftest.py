"""Sushi Go!'s fixtures: the game, and positions built from hands, trays, puddings, scores and the round."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def sushi(load_game):
    return load_game("sushi-go")


@pytest.fixture(scope="session")
def table(position, sushi):
    """table(players=2, hands=(), trays=(), puddings=(), scores=None, round=1, tripled=()): a Sushi Go! state at
    the start of a pick, in the game's words. Hands, trays and pudding piles are lists of card texts per seat
    (a tray from its first card laid to its last); `tripled` names tray cards lying on a wasabi. Cards not
    listed stay in the deck."""
    def build(players=2, hands=(), trays=(), puddings=(), scores=None, round=1, tripled=()):
        def seats(given):
            return [list(x) for x in given] + [[] for _ in range(players - len(given))]
        variables = {"round": round, "score": list(scores or [0] * players)}
        if tripled:
            variables["tripled"] = {card: True for card in tripled}
        return position(sushi, {"hand": seats(hands), "tray": seats(trays), "puddings": seats(puddings)},
                        players=players, to_move=0, variables=variables)
    return build
