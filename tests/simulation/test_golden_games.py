"""Golden digests: for fixed seeds, what the commands print about every bundled game stays byte-identical.

A refactor or a speed-up keeps the games. Each case runs one command line in-process and compares
the SHA-256 of its output (absolute paths replaced by `<repo>`) with `tests/simulation/golden/games.json`.
A rule change that is meant to change games regenerates the file with
`UPDATE_GOLDEN=1 pytest -n 0 tests/simulation/test_golden_games.py`, and its commit says so.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardrules import cli

REPO = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).parent / "golden" / "games.json"


def run(invoke, args: list[str]) -> str:
    result = invoke(*args)
    return f"exit {result.exit_code}\n" + result.stdout.replace(str(REPO), "<repo>")


def listing() -> list[dict]:
    # Read while the tests are collected, before any fixture exists: a runner of its own.
    return json.loads(CliRunner().invoke(cli.app, ["list", "--json"]).stdout)


def allowed(option: dict, value, players: int) -> bool:
    """With a player count an option's `for players` leaves out (list --json: "players"), only its default."""
    low, high = option.get("players", (players, players))
    return value == option["default"] or low <= players <= high


def simulate_cases() -> dict[str, list[str]]:
    """Random playouts of every game and variant, player count and on/off combination of its options."""
    cases = {}
    for entry in listing():
        switches = [o for o in entry["options"] if isinstance(o["default"], bool)]
        low, high = entry["players"]
        for players, values in itertools.product(range(low, high + 1),
                                                 itertools.product([False, True], repeat=len(switches))):
            if not all(allowed(o, value, players) for o, value in zip(switches, values)):
                continue  # refused before the game starts: not a game to play
            options = [f"{o['name']}={value}" for o, value in zip(switches, values)]
            flags = [arg for option in options for arg in ("-o", option)]
            key = " ".join(["simulate", entry["name"], f"-p{players}", *options])
            cases[key] = ["simulate", entry["name"], "-p", str(players), *flags,
                          "--games", "12", "--seed", "7", "--json"]
    return cases


def bot_cases() -> dict[str, list[str]]:
    """The bots' choices, and whole games as the terminal prints them, for each bundled game."""
    cases = {}
    for game, players in [("red7", 2), ("the-game", 2), ("punto", 2), ("seven7s", 3), ("crazy-eights", 3),
                          ("hearts", 4), ("go-fish", 3), ("lost-cities", 2), ("sushi-go", 3)]:
        cases[f"simulate {game} greedy"] = ["simulate", game, "-p", str(players), "--agent", "greedy",
                                            "--games", "3", "--seed", "3", "--json"]
        seats = [arg for seat in range(players) for arg in ("--seat", f"{seat}={'greedy' if seat else 'random'}")]
        cases[f"play {game}"] = ["play", game, "-p", str(players), "--seed", "5", *seats]
        cases[f"explain {game}"] = ["explain", game, "--json"]
        cases[f"validate {game}"] = ["validate", game, "--playouts", "2", "--json"]
    cases["play red7 expert"] = ["play", "red7", "-o", "advanced", "-o", "expert", "--seed", "2",
                                 "--seat", "0=greedy", "--seat", "1=random"]
    cases["play the-game extreme"] = ["play", "the-game", "-o", "extreme", "-p", "3", "--seed", "2",
                                      "--seat", "0=greedy", "--seat", "1=random", "--seat", "2=random"]
    cases["simulate red7 ismcts"] = ["simulate", "red7", "--agent", "ismcts:iterations=30", "--agent", "greedy",
                                     "--games", "2", "--seed", "1", "--json"]
    cases["simulate seven7s ismcts"] = ["simulate", "seven7s", "--agent", "ismcts:iterations=20",
                                        "--agent", "random", "--games", "1", "--seed", "1", "--json"]
    cases["compare red7 advanced"] = ["compare", "red7", "red7", "-o:b", "advanced", "--games", "10",
                                      "--seed", "4", "--json"]
    cases["legal red7-t1"] = ["legal", "red7", "--position", str(REPO / "docs" / "examples" / "red7-t1.json"),
                              "--json"]
    return cases


CASES = {**simulate_cases(), **bot_cases()}


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@pytest.fixture(scope="module")
def golden(invoke) -> dict[str, str]:
    if os.environ.get("UPDATE_GOLDEN"):
        data = {key: digest(run(invoke, args)) for key, args in sorted(CASES.items())}
        GOLDEN.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    return json.loads(GOLDEN.read_text())


def test_every_case_has_a_golden_digest(golden):
    assert sorted(golden) == sorted(CASES), "cases added or removed: regenerate with UPDATE_GOLDEN=1"


@pytest.mark.parametrize("key", sorted(CASES))
def test_output_is_unchanged(invoke, key, golden):
    output = run(invoke, CASES[key])
    assert output.startswith("exit 0\n"), output
    assert digest(output) == golden[key], f"{key}: the output changed:\n{output[:3000]}"
