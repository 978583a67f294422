"""`cardrules simulate hearts` runs with every bot (random, greedy, ismcts with a small budget), and a match of
them plays to the end keeping every card."""

from __future__ import annotations

import pytest

from cardrules.bots import make_agent
from cardrules.simulation.match import play_match


def test_simulate_runs_with_every_bot(invoke):
    result = invoke("simulate", "hearts", "--games", 2, "--jobs", 1, "-o", "end_score=30",
                    "--agent", "random", "--agent", "greedy", "--agent", "ismcts:iterations=8", "--agent", "random")
    assert result.exit_code == 0, result.output
    assert "errors: 0" in result.output
    assert "2 games" in result.output


@pytest.mark.parametrize("spec", ["greedy", "ismcts:iterations=8"])
def test_each_bot_plays_a_game_to_its_end(load_game, spec):
    game = load_game("hearts", {"end_score": 26})
    seats = [make_agent(spec, game, 0, 5)] + [make_agent("random", game, p, p) for p in (1, 2, 3)]
    state = play_match(game, 4, 5, seats)
    assert state.is_terminal() and state.winners
    assert sorted(c for zone in state.zones for c in zone) == sorted(game.cards)
