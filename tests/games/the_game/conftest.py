"""The Game's fixtures: the original game and Extreme, and positions built from piles, hands and a draw pile."""

from __future__ import annotations

import pytest

from .cards import ALL_NUMBERS, COMMAND_NUMBERS, PILES


@pytest.fixture(scope="session")
def original(load_game):
    return load_game("the-game")


@pytest.fixture(scope="session")
def extreme(load_game):
    return load_game("the-game", {"extreme": True})


@pytest.fixture(scope="session")
def position(position):
    """position(game, players=2, to_move=0, piles=None, hands=None, draw=None, marks=None, bury=None, seed=0,
    visible=()): the shared position fixture in The Game's words (this one overrides it within the folder).

    piles: pile -> numbers, bottom to top. hands: one list of numbers per seat (missing seats: empty).
    draw: None -> every unlisted card goes to the draw pile (shuffled); an int k -> the draw pile holds exactly
    k unlisted cards (plain cards first) and every other unlisted card is buried under the listed cards of the
    pile `bury` (default: the first listed pile); a list -> exactly those numbers, bottom to top.
    visible: the command cards the example wants on top of a pile (Extreme); any other command on top is a
    mistake in the test.
    """
    def build(game, players=2, to_move=0, piles=None, hands=None, draw=None, marks=None, bury=None, seed=0,
              visible=()):
        piles = {k: list(v) for k, v in (piles or {}).items()}
        if game.options.get("extreme"):
            tops = {v[-1] for v in piles.values() if v}
            assert tops & COMMAND_NUMBERS <= set(visible), f"unintended command card on top: {tops & COMMAND_NUMBERS}"
        hands = [list(h) for h in (hands or [])] + [[] for _ in range(players - len(hands or []))]
        used = {c for v in piles.values() for c in v} | {c for h in hands for c in h}
        if isinstance(draw, list):
            used |= set(draw)
        assert len(used) == sum(len(v) for v in piles.values()) + sum(len(h) for h in hands) + (
            len(draw) if isinstance(draw, list) else 0), "a number listed twice in the example"
        free = [c for c in ALL_NUMBERS if c not in used]
        zones = {}
        if draw is not None:
            if isinstance(draw, int):
                plain_first = sorted(free, key=lambda c: (c in COMMAND_NUMBERS, c))
                draw = plain_first[:draw]
                free = [c for c in free if c not in draw]
            zones["draw"] = [str(c) for c in draw]
            if free:
                target = bury or next(k for k in PILES if piles.get(k))
                assert piles.get(target), "buried cards need a pile with a listed top card"
                piles[target] = free + piles[target]
        zones.update({k: [str(c) for c in v] for k, v in piles.items()})
        zones["hand"] = [[str(c) for c in h] for h in hands]
        return position(game, zones, players=players, to_move=to_move, seed=seed,
                        variables=None if marks is None else {"mark": marks})
    return build
