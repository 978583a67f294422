"""The hand-written Crazy Eights plays the engine's games: the same deal, the same legal moves in the same order at
every decision, the same random draws, the same winners (so its speed is the speed of the same work)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import crazy_eights_handwritten as fast  # noqa: E402

import cardrules  # noqa: E402
from cardrules.bots import RandomAgent  # noqa: E402
from cardrules.simulation import play_match  # noqa: E402

GAME = cardrules.load("crazy-eights")


def engine_moves(state) -> list[tuple]:
    """The engine's legal moves written as the hand-written game writes them."""
    named = {"otherwise": lambda values: ("draw",),
             "play": lambda values: ("play", int(values[0])),
             "wild": lambda values: ("wild", int(values[0]), SUIT_INDEX[str(values[1])])}
    return [named[action.name](action.values) for action in state.legal_actions()]


SUIT_INDEX = {"clubs": 0, "diamonds": 1, "hearts": 2, "spades": 3}


@pytest.mark.parametrize("players", [2, 3, 5])
def test_every_legal_move_and_winner_agree_with_the_engine(players):
    decisions = 0
    for seed in range(60):
        state = GAME.new_initial_state(players, seed)
        game = fast.CrazyEights(players, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            assert state.current_player() == game.me, seed
            moves = engine_moves(state)
            assert moves == game.legal_moves(), (seed, decisions)
            pick = rng.randrange(len(moves))
            state.apply_action(state.legal_actions()[pick])
            game.apply(moves[pick])
            decisions += 1
        assert game.winners == list(state.winners), seed
    assert decisions > 60 * 20  # whole games were played, not just deals


def test_random_games_match_the_simulated_ones():
    """play_random_game draws as the engine's random agent does: the games simulate plays, to the last decision."""
    for players in (2, 4):
        for seed in range(40):
            state = play_match(GAME, players, seed, [RandomAgent(GAME, 0, seed)] * players, quiet=True)
            assert fast.play_random_game(players, seed) == (list(state.winners), state.decisions), (players, seed)


def test_a_changed_rule_is_caught():
    """The lockstep check can fail: a deal where an eight may be played, listed by a game without wild eights."""
    seed = next(seed for seed in range(100)
                if any(action.name == "wild" for action in GAME.new_initial_state(2, seed).legal_actions()))
    state, game = GAME.new_initial_state(2, seed), fast.CrazyEights(2, seed)
    assert engine_moves(state) == game.legal_moves()
    without_eights = [move for move in game.legal_moves() if move[0] != "wild"] or [("draw",)]
    assert engine_moves(state) != without_eights


def test_the_script_prints_both_speeds_and_their_ratio(capsys):
    fast.main(["--seconds", "0.3", "-p", "3", "--engine"])
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["crazy eights 3p, by hand", "crazy eights 3p, engine ",
                                                      "crazy eights 3p"]
    assert float(lines[2].rsplit("x", 1)[1]) > 0 and "games/cpu-s" in lines[0] and "games/cpu-s" in lines[1]
