"""`cardrules simulate go-fish` runs with every bot (random, greedy, a small ismcts), and `cardrules play`
shows the questions and the answers to everyone."""

from __future__ import annotations

import json

import pytest


@pytest.mark.parametrize("players, agents", [
    (2, ["random"]),
    (2, ["greedy", "random"]),
    (3, ["ismcts:iterations=4", "random", "greedy:budget=30"]),
])
def test_simulate_runs_with_every_bot(invoke, players, agents):
    args = ["simulate", "go-fish", "-p", players, "-n", 2, "--json"]
    for agent in agents:
        args += ["-a", agent]
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["games"] == 2 and not report["errors"], report


def test_play_shows_every_question_and_answer(invoke):
    result = invoke("play", "go-fish", "-p", 3, "--seed", 3, "--seat", "0=random")
    assert result.exit_code == 0, result.output
    out = result.output
    for words in ("asks P1 for", "says: Go fish!", "lays down the book of", "Books: ", "Winner"):
        assert words in out, words
    assert " gives P" in out
