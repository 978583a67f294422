"""`cardrules simulate lost-cities` runs with every bot: random, greedy and ismcts (a small budget), a couple of
whole games each, every one of them ending without an error."""

from __future__ import annotations

import json

import pytest


@pytest.mark.parametrize("agents", [("random",), ("greedy", "random"), ("ismcts:iterations=4", "random")])
def test_simulate_runs_with_every_bot(invoke, agents):
    args = [a for agent in agents for a in ("-a", agent)]
    result = invoke("simulate", "lost-cities", "-n", 2, "--seed", 5, *args, "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["games"] == report["valid_games"] == 2 and report["errors"] == 0
    assert report["no_winner"] == 0 and sum(report["wins"]) >= 2  # a winner in each game, or a shared win
    assert report["turns"]["min"] >= 3 * 44  # three rounds: a turn draws at most one of a round's 44 deck cards
