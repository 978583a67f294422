"""Go Fish's fixtures: the game, and positions built from hands, numbers of books and the stock."""

from __future__ import annotations

import pytest

from .cards import ALL_CARDS, RANKS, book, rank


@pytest.fixture(scope="session")
def gofish(load_game):
    return load_game("go-fish")


@pytest.fixture(scope="session")
def position(position, gofish):
    """position(hands, books=(), stock=None, players=3, to_move=0): a Go Fish state, the shared position
    fixture in the game's words (this one overrides it within the folder).

    `hands` per seat (missing seats hold nothing). `books` per seat is a number of books: whole ranks
    that no listed card belongs to, taken from the ace down. `stock` lists the stock from the bottom to
    the top card; the cards not listed go under it (shuffled), so `stock=[]` needs every card listed,
    and a stock given as [..., "9c"] has 9c on top with the unlisted cards under it.
    """
    def build(hands, books=(), stock=None, players=3, to_move=0):
        hands = [list(h) for h in hands] + [[] for _ in range(players - len(hands))]
        listed = [c for h in hands for c in h] + list(stock or [])
        free = [r for r in RANKS if not any(rank(c) == r for c in listed)]
        laid = []
        for count in list(books) + [0] * (players - len(books)):
            laid.append([c for r in free[:count] for c in book(r)])
            free = free[count:]
        listed += [c for b in laid for c in b]
        assert len(listed) == len(set(listed)), "a card listed twice in the example"
        if stock == []:
            assert sorted(listed) == sorted(ALL_CARDS), "an empty stock needs every card listed"
        zones = {"hand": hands, "books": laid}
        if stock is not None:
            zones["stock"] = list(stock)
        return position(gofish, zones, players=players, to_move=to_move)
    return build
