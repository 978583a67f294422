"""`cardrules simulate` plays Sushi Go! with every bot, and the bots choose without reading the others' picks."""

from __future__ import annotations

import json
import random

import pytest

from cardrules.bots import make_agent
from cardrules.bots.beliefs import sample_information_set


@pytest.mark.parametrize("players, agents", [
    (2, ["random", "greedy"]),
    (3, ["ismcts:iterations=12", "greedy", "random"]),
])
def test_simulate_runs_with_every_bot(invoke, players, agents):
    args = ["simulate", "sushi-go", "-p", players, "-n", 2, "--seed", 4, "--json"]
    for agent in agents:
        args += ["-a", agent]
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["games"] == report["valid_games"] == 2 and report["errors"] == 0 and sum(report["wins"]) >= 2


def test_bots_do_not_read_a_pick_made_before_theirs(sushi):
    fresh = sushi.new_initial_state(3, 5)
    states = []
    for move in (0, -1):  # P0 makes two different picks; P1 must not be able to tell them apart
        state = fresh.clone()
        state.apply_action(state.legal_actions()[move])
        states.append(state)
    assert states[0] != states[1]
    for seed in range(3):
        samples = [sample_information_set(s, 1, random.Random(seed)) for s in states]
        assert samples[0] == samples[1]
    for spec in ("greedy", "ismcts:iterations=12"):
        assert make_agent(spec, sushi, 1, 7).choose(states[0].clone()) == \
            make_agent(spec, sushi, 1, 7).choose(states[1].clone())
