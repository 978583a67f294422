"""The benchmark's hand-written Red7 plays the rules: thousands of games in lockstep with the tests' referee.

Both start from the same deal (the referee is built from the hand-written game's hands and palettes),
both list their legal moves at every decision (the same list, in the same order, is required), the
same random move is made in both, and both must end with the same winner.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import red7_handwritten as fast  # noqa: E402


def _referee():
    path = HERE.parent / "tests" / "games" / "red7" / "referee.py"
    spec = importlib.util.spec_from_file_location("red7_referee", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


referee = _referee()


def as_referee(card: int) -> tuple[int, int]:
    return (fast.NUMBER[card], fast.COLOR[card])


def referee_move(move: tuple) -> tuple:
    return (move[0], as_referee(move[1])) if len(move) > 1 else move


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_move_and_winner_agree_with_the_referee(players):
    decisions = 0
    for seed in range(2500):
        rng = random.Random(seed)
        game = fast.Red7(players, rng)
        ref = referee.Red7Game.from_position([[as_referee(c) for c in hand] for hand in game.hands],
                                             [[as_referee(c) for c in palette] for palette in game.palettes])
        assert ref.turn == game.turn, seed  # section 4.4, worked out by each
        while game.winner < 0:
            moves = game.legal_moves()
            assert [referee_move(m) for m in moves] == ref.legal_moves(), (seed, ref)
            move = rng.choice(moves)
            game.apply(move)
            ref.apply(referee_move(move))
            decisions += 1
        assert ref.winner == game.winner, seed
    assert decisions > 2500 * 4  # real games were played, not just deals


def test_the_cards_and_keys_follow_the_rules_document():
    """Section 2.3 (strength order) and section 5's examples through the referee's qualifying sets."""
    assert sorted(fast.CARDS) == list(range(7, 56)) and fast.card_of(7, fast.RED) == 55 and fast.card_of(1, 6) == 7
    rng = random.Random(7)
    for _ in range(3000):
        palette = rng.sample(fast.CARDS, rng.randint(1, 9))
        for rule in range(7):
            chosen = referee.qualifying_set([as_referee(c) for c in palette], rule)
            expected = (len(chosen), referee.strength(chosen[0])) if chosen else fast.NO_KEY
            assert fast.key(palette, rule) == expected, (palette, rule)


def test_random_games_end_with_a_winner_and_the_script_runs(capsys):
    assert fast.play_random_game(2, 0) == fast.play_random_game(2, 0)  # seeded: the same game twice
    fast.main(["--games", "50"])
    assert "50 games" in capsys.readouterr().out
