"""Crazy Eights's fixtures: the game with each set of its switches, and positions built from hands and the discards."""

from __future__ import annotations

import pytest

from .cards import ALL_CARDS


@pytest.fixture(scope="session")
def game(load_game):
    """games/crazy-eights.rules with its default options."""
    return load_game("crazy-eights")


@pytest.fixture(scope="session")
def games(load_game):
    """(draw_one, match_play) -> the game with those switches."""
    return {(d, m): load_game("crazy-eights", {"draw_one": d, "match_play": m}) for d in (False, True)
            for m in (False, True)}


@pytest.fixture(scope="session")
def position(position):
    """position(game, hands, top, stock=None, to_move=0, variables=None, under=()): the shared position fixture
    in Crazy Eights's words (this one overrides it within the folder).

    `hands` per seat, `top` on the discards (with `under` below it). With `stock` given (bottom to top),
    every other card goes under the discards, so the stock is exactly that."""
    def build(game, hands, top, stock=None, to_move=0, variables=None, under=()):
        listed = {c for h in hands for c in h} | {top} | set(under) | set(stock or ())
        discards = list(under) + [top]
        if stock is not None:
            discards = [c for c in ALL_CARDS if c not in listed] + discards
        zones = {"discards": discards, "hand": [list(h) for h in hands]}
        if stock is not None:
            zones["stock"] = list(stock)
        state = position(game, zones, players=len(hands), to_move=to_move, variables=variables or {})
        assert state.view(to_move).zones["discards"][-1] == top
        return state
    return build
