"""Punto's fixtures: the game alone and in teams, and positions built from a grid and the seats' decks."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def punto(load_game):
    return load_game("punto")


@pytest.fixture(scope="session")
def teams(load_game):
    return load_game("punto", {"teams": True})


@pytest.fixture(scope="session")
def position(position):
    """position(game, players, grid=None, decks=None, to_move=0, variables=None, seed=0): the shared position
    fixture in Punto's words (this one overrides it within the folder).

    grid: "x,y" -> cards bottom to top (or a single card). decks: seat -> cards, bottom to top; a deck's
    last card is the one its owner turns up when the turn starts."""
    def build(game, players, grid=None, decks=None, to_move=0, variables=None, seed=0):
        grid = {cell: cards if isinstance(cards, list) else [cards] for cell, cards in (grid or {}).items()}
        decks = decks or {}
        zones = {"grid": grid, "deck": [list(decks.get(p, [])) for p in range(players)]}
        return position(game, zones, players=players, to_move=to_move, variables=variables or None, seed=seed)
    return build
