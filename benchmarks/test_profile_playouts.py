"""benchmarks/profile_playouts.py samples where a random game's time goes (a short run here)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent / "profile_playouts.py"


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=600)


def test_a_row_says_where_the_time_went_by_part_and_by_function():
    done = run("--game", "red7", "-p", "2", "--seconds", "0.6", "--json")
    assert done.returncode == 0, done.stderr
    row = json.loads(done.stdout.splitlines()[-1])
    assert row["game"] == "red7" and row["players"] == 2 and row["games"] > 0 and row["samples"] > 20
    assert 99 <= sum(row["parts"].values()) <= 101  # every sample in one part
    assert row["parts"]["definitions"] > 0 and row["parts"]["body"] > 0
    functions = dict(row["inclusive"])
    assert any(name.startswith("d_winning ") for name in functions), functions  # Red7's guard, by its rule name
    assert all(share <= functions.get(name, 0) for name, share in row["self"])  # self never above inclusive


def test_a_count_the_game_does_not_take_is_said_not_sampled():
    done = run("--game", "red7", "-p", "9", "--seconds", "0.1")
    assert done.returncode == 0, done.stderr
    assert "red7: not for 9 players" in done.stdout
