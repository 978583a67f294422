"""Random games played on two builds of one game, their legal moves compared at every decision."""

from __future__ import annotations

import random

import cardrules


def play_side_by_side(fast: cardrules.Game, slow: cardrules.Game, seeds: range, counts: int = 2, low: int = 2) -> int:
    """Random games on both (`low` to `low` + `counts` - 1 players, by seed), the legal moves compared at every
    decision, every card back in its place after listing them; the number of moves compared."""
    compared = 0
    for seed in seeds:
        players = low + seed % counts
        a, b = fast.new_initial_state(players, seed=seed), slow.new_initial_state(players, seed=seed)
        chooser = random.Random(seed)
        while not a.is_terminal():
            before = a.clone()
            moves = a.legal_actions()
            assert [m.text for m in moves] == [m.text for m in b.legal_actions()]
            assert a == before and a.zones == before.zones  # every card back in its place
            compared += len(moves)
            pick = chooser.randrange(len(moves))
            a.apply_action(pick)
            b.apply_action(pick)
        assert a == b
    return compared
