"""benchmarks/agents_strength.py on a few games: the table adds up, and `--log` keeps every game as it ends."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent / "agents_strength.py"


def test_every_game_is_logged_as_it_ends_and_the_match_adds_them_up(tmp_path):
    for jobs in ("1", "2"):
        log = tmp_path / f"games-{jobs}.jsonl"
        done = subprocess.run([sys.executable, str(SCRIPT), "--games", "4", "--jobs", jobs, "--match",
                               "greedy vs random", "--log", str(log), "--json"], capture_output=True, text=True,
                              timeout=600, check=True)
        row = json.loads(done.stdout)["matches"][0]
        games = [json.loads(line) for line in log.read_text().splitlines()]
        assert sorted(g["index"] for g in games) == [0, 1, 2, 3]
        assert all(g["a"] in (True, False) and g["game"] == "red7" and g["seed"] == 0
                   and g["match"] == "greedy vs random" for g in games)
        assert row["games"] == 4 and row["a_wins"] == sum(g["a"] is True for g in games)
