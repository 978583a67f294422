"""What `cardrules play` does unasked: the README's first command, `cardrules play red7`, lets the human play
(the default opponents, greedy, do not throw the game away before the human's first move, as random bots did
with `play red7 --seed 1`), and a choice with one move is made without asking."""

from __future__ import annotations

import pytest

import cardrules
from cardrules.bots import make_agent
from cardrules.cli.play import HUMAN, parse_seats


@pytest.mark.parametrize("name", ["red7", "red7-short-match"])
def test_the_human_always_gets_a_move(name):
    game = cardrules.load(cardrules.find_game(name))
    players = game.min_players
    kinds = parse_seats(None, players)
    assert kinds[0] == HUMAN and all(kind == "greedy" for kind in kinds[1:])
    for seed in range(100):
        state = game.new_initial_state(players, seed)
        bots = {seat: make_agent(kind, game, seat, seed) for seat, kind in enumerate(kinds) if kind != HUMAN}
        while not state.is_terminal() and state.current_player() != 0:
            state.apply_action(bots[state.current_player()].choose(state))
        assert not state.is_terminal(), f"seed {seed}: the game ended before the human moved"


def test_random_opponents_did_not():
    """The reason for the default: with a random opponent, seed 1 ends before the human moves."""
    game = cardrules.load("red7")
    ended = 0
    for seed in range(100):
        state = game.new_initial_state(2, seed)
        bot = make_agent("random", game, 1, seed)
        while not state.is_terminal() and state.current_player() != 0:
            state.apply_action(bot.choose(state))
        ended += state.is_terminal()
    assert ended > 0


def test_a_single_move_is_made_without_asking(invoke):
    """Sushi Go's last picks of a round often leave one kind of dish: the human was asked '[1-1 or its text]'."""
    result = invoke("play", "sushi-go", "-p", "2", "--seed", "4", input="1\n" * 60)
    assert result.exit_code == 0, result.output
    assert "[1-1 or its text]" not in result.output
    lines = result.output.splitlines()
    made = [i for i, line in enumerate(lines) if line == "P0 has only one move: it is made for them."]
    assert made
    for i in made:  # announced as any move is, never followed by a question
        assert "your move" not in lines[i + 1]
        assert any(line.startswith("P0 chose pick") for line in lines[i + 1:i + 5])


def test_one_player_is_one_player(invoke):
    """'The Game: 1 players' (#24, wording)."""
    played = invoke("play", "the-game", "-p", "1", "--seat", "0=random", "--seed", "1")
    assert "The Game: 1 player, seed 1" in played.output
    assert "1 player, seed 0" in invoke("simulate", "the-game", "-p", "1", "--games", "2").output
